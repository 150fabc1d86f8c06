"""``make screenshots``: the README's pictures, from real seeded games played on a host started here
(127.0.0.1, a free port): the TV at 1920×1080 and a phone at 390×844 in the middle of a Duel and of a
7-player game, then the TV at the end of both (the score pad, what decided it and the chart beside the
cities).

    .venv/bin/python -m tests.web.screenshots [--out docs/img]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import tempfile
from pathlib import Path

from aiohttp import web
from playwright.async_api import Page, async_playwright

from host.app import create_app
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.scene import advance, scene

SEED = 8100  # the first table's seed; the pictures are the same on every run of the same code
TO_THE_END = 10_000  # a step no game reaches: play on until it ends
END_REVEAL_MS = 3500  # the score pad's categories come in one after the other (base.css row-in, cell-in)


async def _settle(page: Page) -> None:
    """Let banners and animations finish, so the picture shows the board at rest."""
    await page.wait_for_timeout(800)
    await page.locator("#moment").wait_for(state="detached", timeout=15000)
    await page.wait_for_timeout(700)


async def _settle_end(page: Page) -> None:
    """Let the end's banner go, the score pad's categories come in and the chart arrive."""
    await page.locator("#end-chart .chart-plot svg").wait_for(timeout=15000)
    await _settle(page)
    await page.wait_for_timeout(END_REVEAL_MS)


async def take(out: Path) -> list[Path]:
    """Play the games and write the pictures into ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as data:
        app = create_app(data, seed_source=itertools.count(SEED).__next__)
        runner = web.AppRunner(app, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for name, game, seats, step in (("duel", "duel", 2, 34), ("classic-7", "classic", 7, 7 * 9)):
                    async with scene(browser, url, game, seats, seed=SEED) as s:
                        await advance(s, step)
                        await _settle(s.board)
                        assert s.phone is not None
                        for page, kind in ((s.board, "tv"), (s.phone, "phone")):
                            path = out / f"{kind}-{name}.png"
                            await page.screenshot(path=str(path))
                            written.append(path)
                        await advance(s, TO_THE_END, timeout=600)
                        await _settle_end(s.board)
                        path = out / f"tv-{name}-end.png"
                        await s.board.screenshot(path=str(path))
                        written.append(path)
                        assert s.errors == [], s.errors
                await browser.close()
        finally:
            await runner.cleanup()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="docs/img", help="folder of the pictures (default docs/img)")
    args = parser.parse_args()
    for path in asyncio.run(take(Path(args.out))):
        print(path)


if __name__ == "__main__":
    main()
