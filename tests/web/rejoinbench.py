"""``make bench``'s rejoin figure (issue 31): how long a phone that was locked takes to show its seat again.

A phone seated in a running Duel (Debian's chromium at 390×844, the other seat a headless phone) is locked
and unlocked, and the time is taken from the ``visibilitychange`` that says the page is visible again until
the phone shows its seat again: the connection banner gone and the host's fresh view drawn (the next frame).
Two ways a lock loses the connection, interleaved, each repeated:

- **dropped while locked**: the page is hidden and frozen (CDP ``Page.setWebLifecycleState``: no script
  runs, as on a locked phone) while the host drops its connection (as the host does when its pings go
  unanswered); the phone sees the drop when it wakes;
- **dropped on wake**: the connection is lost just after the page is visible again (a socket found dead
  once the phone is awake); the time is taken from the drop.

Headless Chromium keeps every page visible, so the page's ``document.visibilityState`` is set by a script
the bench puts in the page before the phone's own, and the event dispatched from there. The host runs in
this process (it is asked to drop the phone's connection), on a loopback port with a throwaway data folder.

    .venv/bin/python -m tests.web.rejoinbench [--runs 10] [--web-dir DIR]

``--web-dir`` serves the pages built elsewhere (another version's ``web/dist``), to compare.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

from aiohttp import web
from playwright.async_api import Page, async_playwright, expect

from host.app import HUB, create_app
from host.connections import SEAT
from host.tools.phone import Phone, create_table
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.web.pages import PHONE_390

LOCKED_SECONDS = 0.5  # how long the phone stays locked (frozen) in a run
WAKE_DROP_SECONDS = 0.05  # "dropped on wake": the drop this long after the page is visible
GIVE_UP_MS = 10000.0  # a run that has not shown the seat by then counts as this (a hang guard)
SCENARIOS = ("dropped while locked", "dropped on wake")

# Before the page's scripts: a visibility the bench sets (window.__wtHidden) instead of headless Chromium's.
VISIBILITY = """
window.__wtHidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.__wtHidden ? "hidden" : "visible"; } });
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__wtHidden; } });
"""

# In the page: make it visible and wait until the phone shows its seat again (the banner gone, a view newer
# than the one shown before, its frame drawn). Resolves to the milliseconds since visibilitychange, or to
# GIVE_UP_MS. With dropAt, the time starts at the drop instead (window.__wtDropped, set by the bench).
WAKE = """
([giveUp, fromDrop]) => new Promise((resolve) => {
  const seq = document.body.dataset.seq;
  const start = performance.now();
  let settled = false;
  const shown = () => !document.getElementById("conn") && document.body.dataset.seq !== seq
    && document.body.dataset.seat !== "";
  const finish = (ms) => { if (!settled) { settled = true; observer.disconnect(); resolve(ms); } };
  const observer = new MutationObserver(() => {
    const from = fromDrop ? window.__wtDropped : start;
    if (shown()) requestAnimationFrame(() => finish(performance.now() - from));
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  setTimeout(() => finish(giveUp), giveUp);
  window.__wtHidden = false;
  document.dispatchEvent(new Event("visibilitychange"));
})
"""
HIDE = "() => { window.__wtHidden = true; document.dispatchEvent(new Event('visibilitychange')); }"


async def drop_phone(app: web.Application, code: str) -> None:
    """The seated phone's connection is lost: the host aborts its TCP connection (as a lost Wi-Fi link or a
    phone's suspended network leaves it)."""
    hub = app[HUB]
    sids = [sid for sid, c in hub.clients.items() if c.role == SEAT and c.code == code and c.seat == 0]
    assert sids, "the phone is not connected"
    for sid in sids:
        environ = hub.sio.environ.get(hub.sio.manager.eio_sid_from_sid(sid, "/")) or {}
        environ["aiohttp.request"].transport.abort()


async def run_once(page: Page, app: web.Application, code: str, scenario: str) -> float:
    """One lock and unlock of the phone; the milliseconds until it shows its seat again."""
    await expect(page.locator("#conn")).to_have_count(0)
    cdp = await page.context.new_cdp_session(page)
    try:
        await page.evaluate(HIDE)
        if scenario == "dropped while locked":
            await cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
            await drop_phone(app, code)
            await asyncio.sleep(LOCKED_SECONDS)
            await cdp.send("Page.setWebLifecycleState", {"state": "active"})
            return float(await page.evaluate(WAKE, [GIVE_UP_MS, False]))
        await asyncio.sleep(LOCKED_SECONDS)
        waking = asyncio.ensure_future(page.evaluate(WAKE, [GIVE_UP_MS, True]))
        await asyncio.sleep(WAKE_DROP_SECONDS)
        await page.evaluate("() => { window.__wtDropped = performance.now(); }")
        await drop_phone(app, code)
        return float(await waking)
    finally:
        await cdp.detach()


def spread(values: list[float]) -> str:
    return " / ".join(f"{v:.0f} ms" for v in (min(values), statistics.median(values), max(values)))


async def main_async(runs: int, web_dir: Path | None = None) -> int:
    with tempfile.TemporaryDirectory() as data:
        app = create_app(Path(data) / "data", web_dir=web_dir)
        runner = web.AppRunner(app, shutdown_timeout=1.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}"
        other: Phone | None = None
        try:
            code = await create_table(url, "duel")
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
                ctx = await browser.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
                await ctx.add_init_script(VISIBILITY)
                page = await ctx.new_page()
                await page.goto(f"{url}/t/{code}")
                await page.fill("#name", "Ann")
                await page.click("[data-action=join]")
                other = Phone(url, code, "Bo", seed=1)
                await other.join()
                await expect(page.locator(".phone-head .me")).to_have_text("Ann")
                await page.wait_for_function("document.body.dataset.seq !== '0'")
                times: dict[str, list[float]] = {s: [] for s in SCENARIOS}
                for i in range(runs):
                    for scenario in SCENARIOS if i % 2 == 0 else SCENARIOS[::-1]:
                        times[scenario].append(await run_once(page, app, code, scenario))
                await browser.close()
        finally:
            if other is not None:
                await other.close()
            await runner.cleanup()
    print(f"rejoin after a lock, ms from visible (or from the drop) until the phone shows its seat again"
          f" (min / median / max of {runs}):")
    for scenario in SCENARIOS:
        print(f"  {scenario}: {spread(times[scenario])}")
    print(f"  (load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    slow = [t for values in times.values() for t in values if t >= GIVE_UP_MS]
    if slow:
        print(f"  {len(slow)} runs did not rejoin within {GIVE_UP_MS / 1000:.0f} s")
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.rejoinbench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="locks of each kind (default 10)")
    parser.add_argument("--web-dir", type=Path, default=None, help="built pages to serve (default web/dist)")
    args = parser.parse_args(argv)
    return asyncio.run(main_async(args.runs, args.web_dir))


if __name__ == "__main__":
    sys.exit(main())
