"""The phone keeps its screen on while its player is seated in a running game (web/src/lib/awake.js): with
the Screen Wake Lock API where the page is a secure context (localhost here), and where it is not (a phone
opening the host by its LAN address over plain http has no ``navigator.wakeLock``) with NoSleep.js's silent
looping video, started by the player's taps. Either is let go at the game's end and when the page is hidden,
and taken again when it is visible.

Each game starts a few moves before its end (the testing ``position`` option, from a seeded random game),
the browser phone in seat 0 and a headless phone in seat 1. Headless Chromium keeps every page visible, so
a script put in the page before its own sets ``document.visibilityState`` and fires ``visibilitychange``."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Page, async_playwright, expect

import engine
from engine.duel.position import position_of
from host.app import create_app
from host.config import HostConfig
from host.tools.phone import Phone, create_table
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, FIRST_SEED, LOOP, WEB_DIST
from tests.web.pages import PHONE_390, tap_first_action, watch_errors

LAN_NAME = "wt.lan"  # the host's name on the "LAN": 127.0.0.1 to the browser, not a secure context
CARDS_LEFT = 3  # the game starts with this many cards of Age III still in the structure
GAME_LIMIT = 120.0  # seconds to play those last moves (a hang guard)

# Before the page's scripts: every wake lock the page takes is kept in window.__locks (to see it released),
# and the page's visibility is the test's (window.__hidden), as headless Chromium's never changes.
PROBE = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true, get() { return window.__hidden ? "hidden" : "visible"; } });
Object.defineProperty(Document.prototype, "hidden", {
  configurable: true, get() { return window.__hidden; } });
window.__locks = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    const lock = await request(type);
    window.__locks.push(lock);
    return lock;
  };
}
"""
SET_HIDDEN = """(hidden) => {
  window.__hidden = hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""
LOCKS = "() => window.__locks.map((lock) => lock.released)"
VIDEO = """() => { const v = document.querySelector("video[data-awake]");
  return v ? { playing: !v.paused, time: v.currentTime } : null; }"""


def near_the_end(seed: int = 1) -> dict[str, Any]:
    """A Duel position a few moves before the end: a random game played until Age III has CARDS_LEFT cards
    left on a plain turn (another seed if the game ends sooner, by supremacy)."""
    for tries in range(50):
        rng = random.Random(seed + tries)
        game = engine.new_game("duel", seats=2, seed=seed + tries)
        while not game.is_over():
            state = game.state  # type: ignore[attr-defined]
            left = sum(not taken for taken in state.structure.taken)
            if state.age == 3 and left <= CARDS_LEFT:
                try:
                    return position_of(state)
                except ValueError:  # a choice is pending: not a position
                    pass
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("no seeded game reached the end of Age III")


@pytest_asyncio.fixture(loop_scope=LOOP)
async def lan_host(tmp_path: Path) -> AsyncIterator[int]:
    """The real host on a loopback port that also answers to LAN_NAME and takes testing options; its port."""
    if not (WEB_DIST / "phone.js").is_file():
        pytest.fail(f"the web pages are not built ({WEB_DIST} is missing): run `make web`")
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__,
                     config=HostConfig(testing=True, allow_hosts=(LAN_NAME,)))
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield int(runner.addresses[0][1])
    finally:
        await runner.cleanup()


@pytest_asyncio.fixture(scope="module", loop_scope=LOOP)
async def lan_chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium resolving LAN_NAME to the loopback address, and playing media only after a tap
    (a phone's rule; headless Chromium would play it without one)."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            *CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1",
            "--autoplay-policy=user-gesture-required"])
        try:
            yield browser
        finally:
            await browser.close()


async def seated_phone(browser: Browser, base: str, code: str, errors: list[str]) -> Page:
    """A phone (390×844, touch) that opens the table's link and joins it by tapping; seat 0."""
    ctx = await browser.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    await ctx.add_init_script(PROBE)
    phone = await ctx.new_page()
    watch_errors(phone, errors)
    await phone.goto(f"{base}/t/{code}")
    await phone.fill("#name", "Ann")
    await phone.locator("[data-action=join]").tap()
    await expect(phone.locator(".phone-head .me")).to_have_text("Ann")
    return phone


async def awake(phone: Page) -> str:
    return str(await phone.evaluate("document.body.dataset.awake || ''"))


async def play_to_the_end(phone: Page, other: Phone) -> None:
    """The last moves: the headless phone on its own, the browser phone by taps (select, then act)."""
    task = asyncio.create_task(other.play())
    try:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GAME_LIMIT
        while not await phone.locator("[data-ui=games]").count():  # the end's history button
            assert loop.time() < deadline, "the game did not end"
            if not await tap_first_action(phone, prefer_wonder=False):
                await asyncio.sleep(0.1)
        await task
    finally:
        task.cancel()


async def test_the_wake_lock_holds_the_screen_during_a_game_and_is_released_at_its_end(
        lan_host: int, chromium: Browser) -> None:
    base = f"http://127.0.0.1:{lan_host}"
    errors: list[str] = []
    code = await create_table(base, "duel", {"position": near_the_end()})
    phone = await seated_phone(chromium, base, code, errors)
    other = Phone(base, code, "Bo", seed=2)
    try:
        assert await phone.evaluate("isSecureContext && 'wakeLock' in navigator")
        assert await awake(phone) == "off"  # seated, but the game has not started
        assert await phone.evaluate(LOCKS) == []
        await other.join()  # the second seat: the game starts
        await expect(phone.locator("body")).to_have_attribute("data-awake", "lock")
        assert await phone.evaluate(LOCKS) == [False]
        assert await phone.locator("video").count() == 0  # no video where the lock exists
        await play_to_the_end(phone, other)
        await expect(phone.locator("body")).to_have_attribute("data-awake", "off")
        assert await phone.evaluate(LOCKS) == [True]
        assert errors == []
    finally:
        await other.close()
        await phone.context.close()


async def test_the_wake_lock_is_taken_again_when_the_page_is_visible_again(
        lan_host: int, chromium: Browser) -> None:
    base = f"http://127.0.0.1:{lan_host}"
    errors: list[str] = []
    code = await create_table(base, "duel", {"position": near_the_end()})
    phone = await seated_phone(chromium, base, code, errors)
    other = Phone(base, code, "Bo", seed=2)
    try:
        await other.join()
        await expect(phone.locator("body")).to_have_attribute("data-awake", "lock")
        await phone.evaluate(SET_HIDDEN, True)  # the phone is locked: the lock goes
        await expect(phone.locator("body")).to_have_attribute("data-awake", "off")
        assert await phone.evaluate(LOCKS) == [True]
        await phone.evaluate(SET_HIDDEN, False)  # unlocked: a new lock, without a tap
        await expect(phone.locator("body")).to_have_attribute("data-awake", "lock")
        assert await phone.evaluate(LOCKS) == [True, False]
        assert errors == []
    finally:
        await other.close()
        await phone.context.close()


async def test_over_plain_http_on_the_lan_the_video_keeps_the_screen_on_until_the_end(
        lan_host: int, lan_chromium: Browser) -> None:
    """No secure context, no Wake Lock API: the tap that joins readies the video, the game's start plays it
    (no tap needed then), hiding the page stops it and showing it plays it again; the end stops it."""
    base = f"http://{LAN_NAME}:{lan_host}"
    errors: list[str] = []
    code = await create_table(f"http://127.0.0.1:{lan_host}", "duel", {"position": near_the_end()})
    phone = await seated_phone(lan_chromium, base, code, errors)
    other = Phone(f"http://127.0.0.1:{lan_host}", code, "Bo", seed=2)
    try:
        assert await phone.evaluate("isSecureContext") is False
        assert await phone.evaluate("'wakeLock' in navigator") is False
        assert await awake(phone) == "off"
        # The join tap played the video once (the browser lets it play later without a tap), then stopped it.
        await phone.wait_for_function("document.querySelector('video[data-awake]')?.paused === true")
        # Long after that tap (the browser no longer counts it as one), the game starts: the video plays.
        await phone.wait_for_function("!navigator.userActivation.isActive", timeout=10_000)
        await other.join()
        await expect(phone.locator("body")).to_have_attribute("data-awake", "video")
        video = await phone.evaluate(VIDEO)
        assert video["playing"], video
        await phone.wait_for_function("(t) => document.querySelector('video[data-awake]').currentTime !== t",
                                      arg=video["time"])  # really playing: its time moves
        await phone.evaluate(SET_HIDDEN, True)
        await expect(phone.locator("body")).to_have_attribute("data-awake", "off")
        assert (await phone.evaluate(VIDEO))["playing"] is False
        await phone.evaluate(SET_HIDDEN, False)
        await expect(phone.locator("body")).to_have_attribute("data-awake", "video")
        assert (await phone.evaluate(VIDEO))["playing"]
        await play_to_the_end(phone, other)
        await expect(phone.locator("body")).to_have_attribute("data-awake", "off")
        assert (await phone.evaluate(VIDEO))["playing"] is False
        assert errors == []
    finally:
        await other.close()
        await phone.context.close()


async def test_over_plain_http_a_phone_back_in_a_running_game_starts_the_video_at_its_next_tap(
        lan_host: int, lan_chromium: Browser) -> None:
    """A page opened again in the middle of a game (reloaded, the browser restarted) has had no tap: the
    browser refuses to play the video, so it waits ("wait") for the player's next tap, which starts it."""
    base = f"http://{LAN_NAME}:{lan_host}"
    errors: list[str] = []
    code = await create_table(f"http://127.0.0.1:{lan_host}", "duel", {"position": near_the_end()})
    phone = await seated_phone(lan_chromium, base, code, errors)
    other = Phone(f"http://127.0.0.1:{lan_host}", code, "Bo", seed=2)
    try:
        await other.join()
        await expect(phone.locator("body")).to_have_attribute("data-awake", "video")
        await phone.reload()
        await expect(phone.locator(".phone-head .me")).to_have_text("Ann")
        await expect(phone.locator("body")).to_have_attribute("data-awake", "wait")
        assert (await phone.evaluate(VIDEO))["playing"] is False
        await phone.locator(".phone-head .me").tap()  # any tap
        await expect(phone.locator("body")).to_have_attribute("data-awake", "video")
        assert (await phone.evaluate(VIDEO))["playing"]
        assert errors == []
    finally:
        await other.close()
        await phone.context.close()
