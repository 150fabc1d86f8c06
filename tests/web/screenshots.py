"""``make screenshots``: the README's pictures, from real seeded games played to mid-game on a host started
here (127.0.0.1, a free port): the TV at 1920×1080 and a phone at 390×844, for Duel and a 7-player table.

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


async def _settle(page: Page) -> None:
    """Let banners and animations finish, so the picture shows the board at rest."""
    await page.wait_for_timeout(800)
    await page.locator("#moment").wait_for(state="detached", timeout=15000)
    await page.wait_for_timeout(700)


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
