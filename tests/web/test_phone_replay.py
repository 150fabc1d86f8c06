"""A game of the history replayed on a phone (issue 33 part 3): a player seated at a finished table opens
the history on their phone, taps a row and the game replays on the phone itself (its public view in the
phone's pieces, stepped, played and paused from a bar at the foot of the screen); Back returns to the row.
At 390 px in English (a Duel and a 7 Wonders game) and at 320 px in Persian (right to left); nothing is
cut off or wider than the screen. The host phone also hands a game to the TV, which shows it with the
names of that game's own players."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, BrowserContext, Page, expect

from host.app import HUB, TABLES, create_app
from host.historyweb import HISTORY
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import axe_violations, clipped_text, sideways
from tests.web.pages import PHONE_390, TV, shot, watch_errors

PHONE_320 = {"width": 320, "height": 640}
EXTRA_GAMES = 4
GAMES = 3 + EXTRA_GAMES


@dataclass
class Couch:
    """The test's host: its address, its app, the finished table Ann sits at (her seat's token), and the
    history ids of a Duel and of a 7 Wonders game of other players."""

    url: str
    app: web.Application
    code: str
    token: str
    duel: int
    classic: int


async def play(app: web.Application, kind: str, names: tuple[str, ...], seed: int) -> tuple[str, str]:
    """A table of ``kind`` played to its end with random legal moves; its code and the first seat's token."""
    tables = app[TABLES]
    table = await tables.create(kind, seats=len(names))
    for seat, name in enumerate(names):
        await tables.join(table, name, seat)
    await tables.start(table)
    pick = random.Random(seed)
    game = table.engine_game
    assert game is not None
    while not game.is_over():
        seat = (game.waiting() or game.to_act())[0]
        await tables.act(table, table.seats[seat], pick.choice(game.legal_actions(seat)))
    token = table.seats[0].token
    assert token is not None
    return table.code, token


@pytest_asyncio.fixture(loop_scope=LOOP)
async def couch(tmp_path: Path) -> AsyncIterator[Couch]:
    assert (WEB_DIST / "phone.js").is_file(), "the web pages are not built: run `make web`"
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__)
    await play(app, "duel", ("Cy", "Di"), 1)
    await play(app, "classic", ("Cy", "Di", "Eve"), 2)
    for seed in range(EXTRA_GAMES):  # newer games: the two rows replayed are below the first screen
        await play(app, "duel", ("Gus", "Hal"), 10 + seed)
    code, token = await play(app, "duel", ("Ann", "Bob"), 3)
    kept = app[HISTORY].newest()  # newest first: Ann's Duel, the newer games, the 7 Wonders game, the Duel
    assert len(kept) == GAMES
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield Couch(f"http://127.0.0.1:{runner.addresses[0][1]}", app, code, token, kept[-1].id, kept[-2].id)
    finally:
        await runner.cleanup()


async def seated_phone(ctx: BrowserContext, couch: Couch, errors: list[str],
                       host_key: str | None = None) -> Page:
    """Ann's phone on her finished table (her seat's token kept, as after joining), its history open."""
    script = f"localStorage.setItem('wt.token.{couch.code}', '{couch.token}');"
    if host_key:
        script += f"localStorage.setItem('wt.host.{couch.code}', '{host_key}');"
    await ctx.add_init_script(script)
    phone = await ctx.new_page()
    watch_errors(phone, errors)
    await phone.goto(f"{couch.url}/t/{couch.code}")
    await phone.click("[data-ui=games]")
    await expect(phone.locator("#history .history-game")).to_have_count(GAMES)
    return phone


async def open_row(phone: Page, game: int) -> None:
    """A tap on the row's players (not on a button): the game's replay on this phone, at its setup."""
    await phone.locator(f".history-game[data-game='{game}'] .history-seats").click()
    await expect(phone.locator("#phone-replay[data-at='0']")).to_be_visible()


async def step(phone: Page, button: str, at: int) -> None:
    await phone.click(f"[data-phone-replay={button}]")
    await expect(phone.locator(f"#phone-replay[data-at='{at}']")).to_be_visible()


async def screen_shot(phone: Page, folder: Path | None, name: str) -> None:
    """What the phone's screen shows (not the whole page) when screenshots are asked for."""
    if folder is not None:
        await phone.screenshot(path=str(folder / f"{name}-screen.png"))


async def nothing_cut(phone: Page) -> None:
    assert await sideways(phone) == []
    assert await clipped_text(phone) == []


async def back_at_row(phone: Page, game: int) -> None:
    """Back from the replay: the history again, its rows come and the replayed game's row is on screen."""
    await phone.click("[data-phone-replay=back]")
    await phone.wait_for_function("""(sel) => {
        const row = document.querySelector(sel);
        if (!row) return false;
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.top < innerHeight;
    }""", arg=f"#history .history-game[data-game='{game}']")


async def test_a_phone_replays_a_duel_and_a_7_wonders_game_of_the_history(couch: Couch, chromium: Browser,
                                                                         shots: Path | None) -> None:
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True, locale="en-US")
    try:
        phone = await seated_phone(ctx, couch, errors)
        await expect(phone.locator("[data-history=tv]")).to_have_count(0)  # not the host phone
        await shot(phone, shots, "phone-replay-history")
        await open_row(phone, couch.duel)
        replay = phone.locator("#phone-replay")
        await expect(replay).to_have_attribute("data-kind", "duel")
        await expect(replay.locator(".replay-draft .wonder")).to_have_count(4)  # the draft's first four
        await expect(replay.locator(".duel-city .city-name")).to_have_text(["Cy", "Di"])
        await expect(phone.locator("[data-phone-replay=tv]")).to_have_count(0)
        await step(phone, "next", 1)
        await expect(replay.locator(".replay-draft .wonder")).to_have_count(3)  # one wonder was taken
        await expect(replay.locator(".replay-turn .log-entry")).not_to_have_count(0)
        await step(phone, "next", 2)
        await step(phone, "previous", 1)
        await phone.click("[data-phone-replay=age][data-age='1']")
        await expect(replay.locator(".phone-pyramid .slot")).to_have_count(20)
        await phone.locator(".phone-pyramid .slot.accessible button.card").first.click()  # read a card
        await expect(phone.locator("#sheet")).to_be_visible()
        await phone.click("#sheet [data-ui=close]")
        await shot(phone, shots, "phone-replay-duel")
        await screen_shot(phone, shots, "phone-replay-duel")
        await nothing_cut(phone)
        # The bar stays at the foot of the screen while the board scrolls under it.
        await phone.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
        bar = await phone.locator("#replay-steps").bounding_box()
        assert bar is not None and abs(bar["y"] + bar["height"] - PHONE_390["height"]) <= 2, bar
        at = int(await replay.get_attribute("data-at") or 0)
        await phone.click("[data-phone-replay=toggle]")
        await expect(replay).to_have_attribute("data-playing", "1")
        await phone.click("[data-phone-replay=toggle]")
        await expect(replay).to_have_attribute("data-playing", "0")
        assert int(await replay.get_attribute("data-at") or 0) >= at
        await phone.click("[data-phone-replay=end]")
        await expect(phone.locator("#replay-result")).to_be_visible()
        await expect(phone.locator("[data-phone-replay=next]")).to_be_disabled()
        await shot(phone, shots, "phone-replay-duel-end")
        await nothing_cut(phone)
        assert await axe_violations(phone) == []
        await back_at_row(phone, couch.duel)

        await open_row(phone, couch.classic)
        await expect(replay).to_have_attribute("data-kind", "classic")
        await expect(replay.locator(".classic-city")).to_have_count(3)
        await phone.click("[data-phone-replay=age][data-age='2']")
        await expect(phone.locator("#replay-place")).to_contain_text("Age II")
        await step(phone, "next", int(await replay.get_attribute("data-at") or 0) + 1)
        await expect(replay.locator(".replay-turn .log-entry")).not_to_have_count(0)
        await expect(replay.locator(".classic-city .city-name")).to_have_text(["Cy", "Di", "Eve"])
        await shot(phone, shots, "phone-replay-classic")
        await nothing_cut(phone)
        await back_at_row(phone, couch.classic)
        await phone.click("[data-history=close]")
        await expect(phone.locator("#result")).to_be_visible()  # the phone's own end, as before
        assert errors == []
    finally:
        await ctx.close()


async def test_a_persian_host_phone_at_320_px_replays_here_and_on_the_tv(couch: Couch, chromium: Browser,
                                                                         shots: Path | None) -> None:
    errors: list[str] = []
    key, _ = couch.app[HUB].pairing.hand(couch.code, None)  # Ann's phone is the table's remote
    ctx = await chromium.new_context(viewport=PHONE_320, has_touch=True, is_mobile=True, locale="fa")
    tv_ctx = await chromium.new_context(viewport=TV)
    try:
        phone = await seated_phone(ctx, couch, errors, host_key=key)
        assert await phone.evaluate("document.documentElement.dir") == "rtl"
        await expect(phone.locator("[data-history=tv]")).to_have_count(GAMES)
        await shot(phone, shots, "phone-replay-history-fa-320")
        await nothing_cut(phone)
        await open_row(phone, couch.classic)
        replay = phone.locator("#phone-replay")
        await expect(replay.locator(".classic-city")).to_have_count(3)
        await step(phone, "next", 1)
        await step(phone, "next", 2)
        await phone.click("[data-phone-replay=age][data-age='3']")
        await expect(replay.locator(".replay-turn .log-entry")).not_to_have_count(0)
        await shot(phone, shots, "phone-replay-classic-fa-320")
        await phone.evaluate("window.scrollTo(0, 400)")
        await screen_shot(phone, shots, "phone-replay-classic-fa-320")
        await nothing_cut(phone)
        await phone.click("[data-phone-replay=end]")
        await expect(phone.locator("#replay-result")).to_be_visible()
        await nothing_cut(phone)
        assert await axe_violations(phone) == []
        await back_at_row(phone, couch.classic)

        tv = await tv_ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{couch.url}/board/{couch.code}")
        await expect(tv.locator("#final-scores")).to_be_visible()
        await open_row(phone, couch.duel)
        await phone.click("[data-phone-replay=tv]")  # the same game, on the TV
        await expect(tv.locator("#replay-bar")).to_be_visible()
        await expect(tv.locator(".duel-city .city-name").first).to_contain_text("Cy")
        await expect(phone.locator("#phone-remote")).to_be_visible()  # this phone drives the TV's replay
        await expect(phone.locator("#phone-replay")).to_have_count(0)
        await phone.click("[data-remote=next]")
        await expect(tv.locator("#replay-bar[data-at='1']")).to_be_visible()
        await shot(phone, shots, "phone-remote-history-fa-320")
        await screen_shot(tv, shots, "tv-replay-from-phone")
        await phone.click("[data-remote=close]")
        await expect(tv.locator("#replay-bar")).to_have_count(0)
        await expect(tv.locator("#final-scores")).to_be_visible()
        assert errors == []
    finally:
        await ctx.close()
        await tv_ctx.close()


async def test_a_guest_phone_on_the_home_page_replays_a_game_of_the_history(couch: Couch, chromium: Browser,
                                                                            shots: Path | None) -> None:
    """A phone that opens the host's home page (no seat, no table: its socket is nobody's) replays a row of
    the history on its own screen, as a seated phone does; Back returns to the row."""
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True, locale="en-US")
    try:
        phone = await ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(f"{couch.url}/")
        await expect(phone.locator("body")).not_to_have_class("board-page")  # the phone's home, not the TV's
        await phone.click("[data-action=history]")
        await expect(phone.locator("#history .history-game")).to_have_count(GAMES)
        await expect(phone.locator("#history [data-history=replay]")).to_have_count(GAMES)
        await expect(phone.locator("[data-history=tv]")).to_have_count(0)
        await open_row(phone, couch.duel)
        replay = phone.locator("#phone-replay")
        await expect(replay).to_have_attribute("data-kind", "duel")
        await expect(replay.locator(".replay-draft .wonder")).to_have_count(4)
        await expect(replay.locator(".duel-city .city-name")).to_have_text(["Cy", "Di"])
        await step(phone, "next", 1)
        await expect(replay.locator(".replay-draft .wonder")).to_have_count(3)
        await expect(replay.locator(".replay-turn .log-entry")).not_to_have_count(0)
        await step(phone, "next", 2)
        await step(phone, "previous", 1)
        await phone.click("[data-phone-replay=age][data-age='1']")
        await expect(replay.locator(".phone-pyramid .slot")).to_have_count(20)
        await shot(phone, shots, "home-phone-replay-duel")
        await screen_shot(phone, shots, "home-phone-replay-duel")
        await nothing_cut(phone)
        await phone.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
        bar = await phone.locator("#replay-steps").bounding_box()
        assert bar is not None and abs(bar["y"] + bar["height"] - PHONE_390["height"]) <= 2, bar
        await phone.click("[data-phone-replay=end]")
        await expect(phone.locator("#replay-result")).to_be_visible()
        await nothing_cut(phone)
        assert await axe_violations(phone) == []
        await back_at_row(phone, couch.duel)

        await open_row(phone, couch.classic)  # another row: the host holds one replay per socket
        await expect(replay).to_have_attribute("data-kind", "classic")
        await expect(replay.locator(".classic-city .city-name")).to_have_text(["Cy", "Di", "Eve"])
        await step(phone, "next", 1)
        await shot(phone, shots, "home-phone-replay-classic")
        await nothing_cut(phone)
        await back_at_row(phone, couch.classic)
        await phone.click("[data-history=close]")
        await expect(phone.locator("[data-action=history]")).to_be_visible()  # the home page again
        assert errors == []
    finally:
        await ctx.close()
