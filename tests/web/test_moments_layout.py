"""Reserved places for moments (issue 16): on the TV at 1920×1080, during a Duel and a 7-seat game, the
moment banner and the toasts have their own place: never over whose turn it is (the header), the Duel's
conflict track, a city's name or its coins, and toasts never over each other or the banner."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Page

from host.app import create_app
from host.config import BotSettings, HostConfig
from host.tools.phone import new_client
from tests.web.conftest import FIRST_SEED, LOOP
from tests.web.pages import shot
from tests.web.scene import advance, scene

# What must stay visible while a moment shows.
KEPT = ".status, .military, .city-name, .city-stats .coin"
OVERLAYS = "#moment, .toast"

BOXES = """([kept, overlays]) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    return { what, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
  };
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  return { kept: [...document.querySelectorAll(kept)].filter(shown).map(box),
           overlays: [...document.querySelectorAll(overlays)].filter(shown).map(box) };
}"""


@pytest_asyncio.fixture(loop_scope=LOOP)
async def tv_host_url(tmp_path: Path) -> AsyncIterator[str]:
    """The real host, where an away phone's seat may be handed to a bot at once (for the toasts)."""
    config = HostConfig(bots=BotSettings(takeover_after_seconds=0.0))
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__, config=config)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


def _meet(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["x0"] < b["x1"] - 1 and b["x0"] < a["x1"] - 1 and a["y0"] < b["y1"] - 1 and b["y0"] < a["y1"] - 1


async def covered(page: Page) -> tuple[int, list[str]]:
    """How many overlays show now, and each overlap of an overlay with what must stay visible or with
    another overlay."""
    found = await page.evaluate(BOXES, [KEPT, OVERLAYS])
    overlays = found["overlays"]
    problems = [f"{o['what']} covers {k['what']}" for o in overlays for k in found["kept"] if _meet(o, k)]
    problems += [f"{a['what']} on {b['what']}" for i, a in enumerate(overlays) for b in overlays[i + 1:]
                 if _meet(a, b)]
    return len(overlays), problems


async def _until_moment(page: Page, s: Any, last_step: int) -> None:
    """Advance a step at a time until a moment banner shows."""
    step = await s.step()
    while not await page.locator("#moment").count():
        assert step < last_step, "no moment came"
        step += 1
        await advance(s, step)


async def _toasts(url: str, code: str, bot: Any) -> None:
    """A toast: the seat's phone goes away and a bot takes it over (its coming back makes another)."""
    seat = bot.seat
    await bot.sio.disconnect()
    board = new_client()
    await board.connect(url, transports=["websocket"])
    await board.call("watch", {"code": code})  # loopback: the board's rights
    for _ in range(100):
        ack = await board.call("set_bot", {"code": code, "seat": seat, "level": "easy"})
        if ack.get("ok"):
            break
        await asyncio.sleep(min(float(ack.get("retry_after") or 0.1), 0.5))
    await board.disconnect()


async def test_duel_moments_and_toasts_leave_the_play_visible(tv_host_url: str, chromium: Browser,
                                                               shots: Path | None) -> None:
    async with scene(chromium, tv_host_url, "duel", 2, seed=3) as s:
        await _until_moment(s.board, s, 60)
        count, problems = await covered(s.board)
        await shot(s.board, shots, "moment-duel")
        assert count >= 1 and problems == [], problems
        await _toasts(tv_host_url, s.code, s.bots[0])
        await s.board.locator(".toast").first.wait_for()
        await s.bots[0].reconnect()
        await s.board.locator(".toast").nth(1).wait_for()
        count, problems = await covered(s.board)
        await shot(s.board, shots, "toasts-duel")
        assert count >= 2 and problems == [], problems


async def test_seven_seat_moments_and_toasts_leave_the_play_visible(tv_host_url: str, chromium: Browser,
                                                                     shots: Path | None) -> None:
    async with scene(chromium, tv_host_url, "classic", 7, seed=5, phone=False) as s:
        await _until_moment(s.board, s, 7 * 8)
        count, problems = await covered(s.board)
        await shot(s.board, shots, "moment-classic-7")
        assert count >= 1 and problems == [], problems
        await _toasts(tv_host_url, s.code, s.bots[5])
        await s.board.locator(".toast").first.wait_for()
        await s.bots[5].reconnect()
        await s.board.locator(".toast").nth(1).wait_for()
        count, problems = await covered(s.board)
        await shot(s.board, shots, "toasts-classic-7")
        assert count >= 2 and problems == [], problems
