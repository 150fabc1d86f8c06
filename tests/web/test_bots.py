"""Bots and the clock in the browser: the board seats bots of a level in the lobby and sets the clock, a
3-player game plays to the end with one phone and two bots (countdowns on the TV and the phone); an away
phone's seat is handed to a bot from the TV and taken back when the phone returns; a move the clock made
is said so in the log."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import socketio
from aiohttp import web
from playwright.async_api import Browser, Page, expect

from host.app import create_app
from host.config import BotSettings, HostConfig
from host.tools.phone import call, new_client
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import axe_violations, overflows, sideways
from tests.web.pages import couch, join_phones, shot, tap_first_action

MAX_TAPS = 300  # a 3-player game has about 20 decisions per player; this only stops a runaway loop
MAX_IDLE = 600  # rounds in a row where the phone could not act (about 30 s: bots think and are paced)
TAKEOVER_AFTER = 2.0  # seconds a phone is away before the board may hand its seat to a bot
SHORT_CLOCK = 2  # seconds per decision for the clock test (the host's minimum is lowered for it)


@pytest_asyncio.fixture(loop_scope=LOOP)
async def bot_host_url(tmp_path: Path) -> AsyncIterator[str]:
    """The real host with bots paced briefly, a short take-over delay and clocks from 1 s."""
    if not (WEB_DIST / "board.js").is_file():
        pytest.fail(f"the web pages are not built ({WEB_DIST} is missing): run `make web`")
    bots = BotSettings(pace_seconds=0.2, takeover_after_seconds=TAKEOVER_AFTER, clock_min_seconds=1.0,
                       workers=1)
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__,
                     config=HostConfig(bots=bots))
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def as_board(url: str, event: str, payload: dict[str, object]) -> dict[str, object]:
    """One event from another socket (the board's rights come with the payload's board key)."""
    sio: socketio.AsyncClient = new_client()
    await sio.connect(url, transports=["websocket"])
    try:
        return dict(await call(sio, event, payload))
    finally:
        await sio.disconnect()


async def set_bot(board: Page, seat: int, level: str) -> None:
    """Pick a level on a seat's bot picker and wait until the lobby shows it."""
    await board.click(f".seat[data-seat='{seat}'] [data-action=set-bot][data-level={level}]")
    await expect(board.locator(f".seat.bot[data-seat='{seat}']")).to_have_attribute("data-bot", level)


async def play_until_over(board: Page, phones: list[Page], *, on_round: object = None) -> int:
    """The phones tap whenever they must act until the board shows the final scores; the taps."""
    taps = idle = 0
    final = board.locator("#final-scores")
    while await final.count() == 0:
        assert taps < MAX_TAPS, f"the game did not end after {taps} taps"
        assert idle < MAX_IDLE, "nobody acted for a long while: the game is stuck"
        if callable(on_round):
            await on_round()
        tapped = False
        for phone in phones:
            if await tap_first_action(phone):
                taps += 1
                tapped = True
        idle = 0 if tapped else idle + 1
        if not tapped:
            await board.wait_for_timeout(50)
    return taps


async def test_two_bot_seats_from_the_lobby_and_one_phone_play_to_the_end(
    bot_host_url: str, chromium: Browser, shots: Path | None
) -> None:
    errors: list[str] = []
    async with couch(chromium, 1, errors) as (board, phone_ctxs):
        await board.goto(f"{bot_host_url}/")
        await board.select_option("#cl-seats", "3")
        await expect(board.locator("#cl-clock option")).to_have_text(["Off", "30 s", "45 s", "60 s", "90 s"])
        await board.select_option("#cl-clock", "45")
        await board.click("[data-action=create-classic]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        clock = board.locator("#clock-setting")
        await expect(clock.locator("[aria-pressed=true]")).to_have_text("45 s")  # from the create panel

        # Every free seat offers a bot of each level; the board picks, changes and removes bots.
        for seat in (0, 1, 2):
            picker = board.locator(f".seat.empty[data-seat='{seat}'] [data-action=set-bot]")
            await expect(picker).to_have_text(["random", "easy", "medium", "hard"])
        await shot(board, shots, "bots-lobby-empty")
        await set_bot(board, 1, "hard")
        await expect(board.locator(".seat[data-seat='1'] .seat-name")).to_have_text("Bot 2 (hard)")
        await set_bot(board, 1, "easy")  # another level
        await set_bot(board, 2, "random")
        await board.click(".seat[data-seat='2'] [data-action=remove-bot]")
        await expect(board.locator(".seat.empty[data-seat='2']")).to_have_count(1)
        # The pickers are buttons: the laptop's keyboard works too (Tab to a level, Enter).
        await board.locator(".seat[data-seat='2'] [data-level=random]").focus()
        await board.keyboard.press("Enter")
        await expect(board.locator(".seat.bot[data-seat='2']")).to_have_attribute("data-bot", "random")
        await expect(board.locator(".seat[data-seat='1'] [aria-pressed=true]")).to_have_text("easy")
        # The clock from the lobby: 30 s replaces 45 s.
        await clock.locator("[data-clock='30']").click()
        await expect(clock.locator("[aria-pressed=true]")).to_have_text("30 s")
        await expect(board.locator("[data-action=start]")).to_have_count(0)  # seat 1 is still free

        phones = await join_phones(phone_ctxs, ["Ann"], join_url, errors)
        await expect(board.locator(".seat.on[data-seat='0']")).to_contain_text("Ann")
        await expect(phones[0].locator(".phone-lobby .seat.bot")).to_have_count(2)
        await expect(phones[0].locator("#clock-setting")).to_contain_text("30 s")
        assert await axe_violations(board) == []
        await shot(board, shots, "bots-lobby-board")
        await shot(phones[0], shots, "bots-lobby-phone")
        await board.click("[data-action=start]")
        await expect(board.locator(".classic-game")).to_be_visible()

        # The bots' cities say who plays them; Ann's clock counts down on the TV and on her phone.
        cities = board.locator(".classic-city")
        await expect(cities.nth(1).locator(".city-name")).to_have_text("Bot 2 (easy)")
        await expect(cities.nth(2).locator(".city-name")).to_have_text("Bot 3 (random)")
        await expect(cities.nth(2).locator(".bot-mark")).to_be_visible()
        tv_clock = cities.nth(0).locator(".countdown")
        await expect(tv_clock).to_be_visible()
        first = int(await tv_clock.get_attribute("data-left") or "0")
        assert 0 < first <= 30
        phone_clock = phones[0].locator(".phone-head .countdown")
        await expect(phone_clock).to_be_visible()
        assert 0 < int(await phone_clock.get_attribute("data-left") or "0") <= 30
        await expect(phone_clock).not_to_have_attribute("data-left", str(first), timeout=3000)  # it runs
        assert await sideways(phones[0]) == []
        assert await axe_violations(phones[0]) == []
        assert await axe_violations(board) == []
        await shot(board, shots, "bots-clock-board")
        await shot(phones[0], shots, "bots-clock-phone")

        await play_until_over(board, phones)
        await expect(board.locator("#final-scores tr[data-row=total] td")).to_have_count(3)
        await expect(phones[0].locator("#result")).to_be_visible()
        await expect(board.locator(".countdown")).to_have_count(0)  # no clock once the game is over
        await board.wait_for_timeout(2600)  # the score reveal
        assert await overflows(board) == []
        await shot(board, shots, "bots-final-board")
        assert errors == [], errors


async def test_an_away_phone_is_taken_over_by_a_bot_and_comes_back(
    bot_host_url: str, chromium: Browser, shots: Path | None
) -> None:
    errors: list[str] = []
    async with couch(chromium, 2, errors) as (board, phone_ctxs):
        await board.goto(f"{bot_host_url}/")
        await board.click("[data-action=create][data-game=duel]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        phones = await join_phones(phone_ctxs, ["Ann", "Bo"], join_url, errors)
        await board.click("[data-action=start]")
        await expect(board.locator(".duel-game")).to_be_visible()

        # Bo's phone goes away; after the take-over delay the TV offers a bot for Bo.
        await phones[1].close()
        pill = board.locator(".pill[data-seat='1']")
        await expect(pill.locator(".away-tag")).to_be_visible()
        offer = board.locator("#takeover .takeover-offer[data-seat='1']")
        await expect(offer).to_contain_text("Bo is away. Let a bot play for Bo",
                                            timeout=TAKEOVER_AFTER * 1000 + 5000)
        levels = offer.locator("[data-action=set-bot]")
        await expect(levels).to_have_text(["easy", "random", "medium", "hard"])
        assert await overflows(board) == []
        assert await axe_violations(board) == []
        await shot(board, shots, "takeover-offer-board")
        await offer.locator("[data-level=easy]").click()
        await expect(board.locator("#takeover")).to_have_count(0)
        await expect(pill.locator(".bot-tag")).to_have_text("Bot (easy) playing for Bo")
        # (a lost phone: the board may still release the seat so that Bo's new phone can join it)
        await expect(pill.locator("[data-action=release]")).to_be_visible()
        took_over = "A bot (easy) now plays for Bo"
        await expect(board.locator("#toasts .toast")).to_contain_text(took_over)
        await expect(board.locator(".tv-log .log-entry[data-type=notice]").first).to_contain_text(took_over)
        await expect(phones[0].locator("#toasts .toast")).to_contain_text(took_over)
        await shot(board, shots, "takeover-board")

        # Ann plays on; the bot plays Bo's moves, and the log says a bot chose them.
        bot_moves = board.locator(".tv-log .log-by[data-by=bot]")
        for _ in range(MAX_IDLE):
            if await bot_moves.count():
                break
            if not await tap_first_action(phones[0]):
                await board.wait_for_timeout(50)
        await expect(bot_moves.first).to_contain_text("bot")
        await shot(board, shots, "takeover-log-board")

        # Bo's phone returns (its token is kept): the seat is Bo's again at once, and the phone says so.
        back = await phone_ctxs[1].new_page()
        await back.goto(join_url)
        await expect(back.locator(".phone-head .me")).to_have_text("Bo")
        await expect(back.locator("#toasts .toast")).to_contain_text("Welcome back! A bot played for you")
        await expect(back.locator("#kept-warm")).to_have_count(0)
        await expect(pill.locator(".bot-tag")).to_have_count(0)
        await expect(pill).not_to_have_class(re.compile(r"\baway\b"))
        await expect(board.locator("#toasts")).to_contain_text("Bo is back and plays again")
        await back.click("[data-ui=history]")
        await expect(back.locator("#sheet .log-by[data-by=bot]").first).to_be_visible()
        assert await sideways(back) == []
        await shot(back, shots, "takeover-back-phone")
        await back.click("#sheet [data-ui=close]")

        # Under reduced motion the toasts appear without animating.
        await board.emulate_media(reduced_motion="reduce")
        toast = board.locator("#toasts .toast").first
        assert await toast.evaluate("el => getComputedStyle(el).animationName") == "none"
        assert errors == [], errors


@pytest.mark.parametrize("game", ["duel", "classic"])
async def test_the_clock_makes_a_move_and_the_log_says_so(
    bot_host_url: str, chromium: Browser, shots: Path | None, game: str
) -> None:
    errors: list[str] = []
    async with couch(chromium, 1, errors) as (board, phone_ctxs):
        await board.goto(f"{bot_host_url}/")
        if game == "duel":
            await board.click("[data-action=create][data-game=duel]")
        else:
            await board.select_option("#cl-seats", "3")
            await board.click("[data-action=create-classic]")
        join_url = await board.locator("#join-url").get_attribute("href")
        code = (await board.locator("#table-code").inner_text()).strip()
        assert join_url
        bots = (1,) if game == "duel" else (1, 2)
        for seat in bots:
            await set_bot(board, seat, "random")
        # A clock shorter than the board offers (the test host's minimum is lowered), set with the board key.
        key = await board.evaluate("code => localStorage.getItem(`wt.board.${code}`)", code)
        configured = await as_board(bot_host_url, "configure",
                                    {"code": code, "clock": SHORT_CLOCK, "board_key": key})
        assert configured == {"ok": True}
        await expect(board.locator("#clock-setting [aria-pressed=true]")).to_have_count(0)
        phones = await join_phones(phone_ctxs, ["Ann"], join_url, errors)
        await board.click("[data-action=start]")
        await expect(board.locator(f".{game}-game")).to_be_visible()

        # Ann never taps: her time runs out, and the log on the TV and the phone marks the clock's move, only
        # hers (a 7 Wonders turn reveals every seat's move at once).
        by_clock = board.locator(".tv-log .log-by[data-by=clock]").first
        await expect(by_clock).to_contain_text("clock", timeout=15000)
        tagged = await board.locator(".tv-log .log-entry:has(.log-by)").all_inner_texts()
        assert tagged and all(text.startswith("Ann") for text in tagged), tagged
        await expect(board.locator(".tv-log .log-entry", has_text="Bot 2 (random)").first).to_be_visible()
        if game == "duel":
            await expect(board.locator(".pill[data-seat='1'] .bot-tag")).to_have_text("Bot 2 (random)")
        await shot(board, shots, f"clock-move-board-{game}")
        await phones[0].click("[data-ui=history]")
        await expect(phones[0].locator("#sheet .log-by[data-by=clock]").first).to_be_visible()
        await shot(phones[0], shots, f"clock-move-phone-{game}")
        assert errors == [], errors


async def test_a_seven_seat_lobby_of_bots_fits_the_tv(
    bot_host_url: str, chromium: Browser, shots: Path | None
) -> None:
    """Seven seats with their pickers, six of them bots, and the clock: nothing off the 1080p screen, the
    level words and the seat names at 22 px or more."""
    errors: list[str] = []
    async with couch(chromium, 0, errors) as (board, _):
        await board.goto(f"{bot_host_url}/")
        await shot(board, shots, "bots-home")
        await board.select_option("#cl-seats", "7")
        await board.click("[data-action=create-classic]")
        await expect(board.locator(".seat.empty")).to_have_count(7)
        assert await overflows(board) == []
        levels = ("random", "easy", "medium", "hard")
        for seat in range(1, 7):
            await set_bot(board, seat, levels[seat % len(levels)])
        await expect(board.locator(".seat.bot")).to_have_count(6)
        assert await overflows(board) == []
        sizes = await board.locator(".seat button.level, .seat .seat-name").evaluate_all(
            "els => els.map(el => parseFloat(getComputedStyle(el).fontSize))")
        assert min(sizes) >= 22, sizes
        assert await axe_violations(board) == []
        await shot(board, shots, "bots-lobby-seven")
        assert errors == [], errors
