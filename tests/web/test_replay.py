"""After the game in the browser: the score chart beside the score pad at 1080p (sizes for a couch 3 m
away, nothing covering the pad), the TV's replay driven from a seated phone and by the remote's keys, the
revealed hands, the history screen of the TV's home replaying a kept game and refusing a forged record,
and a phone removing its name."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Page, expect

from host.app import TABLES, create_app
from host.historyweb import HISTORY
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import axe_violations, clipped_text, overflows, sideways
from tests.web.pages import PHONE, PHONE_390, TV, shot, watch_errors

MIN_CHART_TEXT_PX = 20  # axis labels and Age names, drawn size on a 1080p screen
MIN_LEGEND_PX = 24  # the names and points of the legend
# Five players with names at the 24-character limit, in three scripts (the phone's end test).
LONG_NAMES = ("Aleksandra Wiśniewska-Ko", "Βασιλική Παπαδοπούλου Κα", "محمدرضا شجاعی‌پور نیکخو",
              "Ștefănescu Ionuț-Alexan", "Bartholomew Featherstone")


@pytest_asyncio.fixture(loop_scope=LOOP)
async def host(tmp_path: Path) -> AsyncIterator[tuple[str, web.Application]]:
    """The real host on a free port, and its app (the tests play the games through its tables)."""
    assert (WEB_DIST / "board.js").is_file(), "the web pages are not built: run `make web`"
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}", app
    finally:
        await runner.cleanup()


async def play_out(app: web.Application, code: str, seed: int = 5) -> None:
    """Every remaining move of table ``code``, legal and random, through the host's tables."""
    tables = app[TABLES]
    table = tables.get(code)
    pick = random.Random(seed)
    while not table.engine_game.is_over():
        game = table.engine_game
        seat = (game.waiting() or game.to_act())[0]
        await tables.act(table, table.seats[seat], pick.choice(game.legal_actions(seat)))


CHART_SIZES = """(sel) => {
    const chart = document.querySelector(sel);
    const box = (el) => el.getBoundingClientRect();
    const texts = [...chart.querySelectorAll('svg text')].map((t) => box(t).height);
    const legend = [...chart.querySelectorAll('.chart-legend li')]
        .map((li) => parseFloat(getComputedStyle(li).fontSize));
    const apart = (a, b) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5
        || b.bottom <= a.top + 0.5;
    // What the end screen's chart and buttons must never cover: the cities, the header, the Duel's track
    // and tokens, the score pad.
    const kept = [...document.querySelectorAll(
        '.duel-city, .classic-city, .status, .military, .progress-board, #final-scores .score-table')];
    const mine = [chart, ...document.querySelectorAll('#final-scores .end-actions button')];
    const covers = mine.flatMap((el) => kept.filter((k) => !apart(box(el), box(k)))
        .map((k) => `${el.id || el.dataset.action} over ${k.className}`));
    const r = box(chart);
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    const ages = [...chart.querySelectorAll('text.age-label')].map(box);
    const agesApart = ages.every((a, i) => ages.every((b, j) => j <= i || apart(a, b)));
    // Where the pad is the chart's legend: each player's name with its line.
    const keys = [...document.querySelectorAll('#final-scores .score-table .col-name')]
        .filter((name) => name.parentElement.querySelector('.swatch'))
        .map((name) => parseFloat(getComputedStyle(name).fontSize));
    return {texts, legend, keys, covers, inside, agesApart, ages: ages.length,
            lines: chart.querySelectorAll('polyline.line').length};
}"""


async def chart_sizes(board: Page, chart: str) -> dict[str, Any]:
    """The drawn sizes of a chart's texts and its legend's type, whether its Age labels stay apart and what
    of the board it or the end screen's buttons cover."""
    return dict(await board.evaluate(CHART_SIZES, chart))


async def replay_at(board: Page) -> int:
    return int(await board.locator("#replay-bar").get_attribute("data-at") or -1)


async def test_the_end_chart_and_a_replay_driven_from_a_phone_and_by_keys(
        host: tuple[str, web.Application], chromium: Browser, shots: Path | None) -> None:
    url, app = host
    errors: list[str] = []
    tables = app[TABLES]
    table = await tables.create("duel")
    board_ctx = await chromium.new_context(viewport=TV)
    phone_ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    try:
        phone = await phone_ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(f"{url}/t/{table.code}")
        await phone.fill("#name", "Ann")
        await phone.click("[data-action=join]")
        await expect(phone.locator(".phone-head .me")).to_have_text("Ann")
        await tables.join(table, "Bo", 1)
        await tables.start(table)
        await play_out(app, table.code)
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        await board.goto(f"{url}/board/{table.code}")
        await phone.reload()
        await expect(board.locator("#final-scores")).to_be_visible()
        await expect(board.locator("#end-chart")).to_be_visible()
        await board.wait_for_timeout(3000)  # the score pad's rows have come in
        await shot(board, shots, "end-chart-duel")
        sizes = await chart_sizes(board, "#end-chart")
        assert sizes["lines"] == 2 and sizes["inside"] and sizes["covers"] == [], sizes
        assert sizes["ages"] == 3 and sizes["agesApart"], sizes
        assert min(sizes["texts"]) >= MIN_CHART_TEXT_PX, sizes["texts"]
        # The pad beside the chart is its legend (each name with its line).
        assert sizes["legend"] == [] and len(sizes["keys"]) == 2, sizes
        assert min(sizes["keys"]) >= MIN_LEGEND_PX, sizes
        assert await overflows(board) == [] and await axe_violations(board) == []
        total = await board.locator("#end-chart polyline.line").first.get_attribute("points")
        await board.click("#end-chart [data-category=blue]")
        await expect(board.locator("#end-chart")).to_have_attribute("data-category", "blue")
        await expect(board.locator("#end-chart .chart-title")).to_contain_text("Civilian (blue)")
        assert await board.locator("#end-chart polyline.line").first.get_attribute("points") != total

        # The phone's chart, in its own language, and the replay it starts and drives; the TV follows.
        await phone.click("#phone-end [data-action=chart]")
        await expect(phone.locator("#phone-end-chart polyline.line")).to_have_count(2)
        await phone.click("#phone-end-chart [data-category=blue]")  # a category's points, in the legend
        await expect(phone.locator("#phone-end-chart")).to_have_attribute("data-category", "blue")
        result = table.engine_game.result()
        blue = await phone.locator("#phone-end-chart .chart-legend .points").all_inner_texts()
        assert sorted(int(n) for n in blue) == sorted(p["blue"] for p in result["scores"])
        await shot(phone, shots, "phone-end-chart")
        assert await sideways(phone) == []
        await phone.click("#sheet [data-ui=close]")
        await phone.click("#phone-end [data-action=replay]")
        await expect(board.locator("#replay-bar")).to_be_visible()
        await expect(phone.locator("#phone-remote")).to_be_visible()
        assert await replay_at(board) == 0
        await phone.click("#phone-remote [data-remote=next]")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", "1")
        await phone.click("#phone-remote [data-remote=age][data-age='2']")
        await expect(board.locator(".duel-game .status .phase")).to_contain_text("2")
        at_age_two = await replay_at(board)
        assert at_age_two > 1
        await phone.click("#phone-remote [data-remote=speed][data-speed='4']")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-speed", "4")
        await phone.click("#phone-remote [data-remote=hands]")
        await expect(board.locator("#revealed-hands")).to_be_visible()
        await expect(board.locator("#replay.hands-on")).to_have_count(1)
        await expect(board.locator("#face-down [data-card]").first).to_be_visible()  # the face-down cards
        assert await overflows(board) == [] and await axe_violations(board) == []
        assert await axe_violations(phone) == []
        await phone.click("#phone-remote [data-remote=hands]")
        await expect(board.locator("#revealed-hands")).to_have_count(0)
        marker = board.locator("#replay-score-chart #chart-marker")
        assert int(await marker.get_attribute("data-index") or -1) == at_age_two - 1

        # The TV remote's keys.
        await board.keyboard.press("ArrowRight")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two + 1))
        await expect(phone.locator("#phone-remote")).to_have_attribute("data-at", str(at_age_two + 1))
        await board.keyboard.press("ArrowLeft")
        await board.keyboard.press("ArrowLeft")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two - 1))
        await board.keyboard.press("ArrowUp")  # from the end of Age I to Age II, then to Age III
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two))
        await board.keyboard.press("ArrowUp")
        await expect(board.locator(".duel-game .status .phase")).to_contain_text("3")
        # The moments of the steps passed show as in play: in the log's place, not over the header or track.
        moment = board.locator("#replay .center-foot .moment-area #moment")
        await expect(moment).to_be_visible()
        assert await board.locator("#moment").count() == 1
        for _ in range(3):  # 4× down to ½× (5 s a stop): the pause below comes before any step
            await board.keyboard.press("-")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-speed", "0.5")
        await board.keyboard.press(" ")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-playing", "1")
        await expect(phone.locator("#phone-remote")).to_have_attribute("data-playing", "1")
        await board.keyboard.press(" ")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-playing", "0")
        await board.keyboard.press("ArrowDown")  # at the start of Age III: back to Age II
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two))
        await shot(board, shots, "replay-duel")
        await board.keyboard.press("Escape")
        await expect(board.locator("#replay-bar")).to_have_count(0)
        await expect(board.locator("#final-scores")).to_be_visible()
        await expect(phone.locator("#phone-remote")).to_have_count(0)
        assert await board.locator("#board-menu").count() == 0  # Escape ended the replay, nothing more

        # The phone's history: its player removes their name.
        await phone.goto(f"{url}/")
        await phone.click("[data-action=history]")
        await expect(phone.locator(".history-game")).to_have_count(1)
        await phone.click("[data-history=forget]")
        await expect(phone.locator("#history-note")).to_be_visible()
        await expect(phone.locator(".history-game .history-seats li").first).not_to_contain_text("Ann")
        assert app[HISTORY].newest()[0].summary["seats"][0]["name"] is None
        assert errors == []
    finally:
        await board_ctx.close()
        await phone_ctx.close()


async def test_history_on_the_tv_replays_a_kept_game_with_its_hands(
        host: tuple[str, web.Application], chromium: Browser, shots: Path | None, tmp_path: Path) -> None:
    url, app = host
    errors: list[str] = []
    tables = app[TABLES]
    table = await tables.create("classic", seats=3)
    for seat, name in enumerate(("Ann", "Bo", "Cy")):
        await tables.join(table, name, seat)
    await tables.start(table)
    await play_out(app, table.code)
    ctx = await chromium.new_context(viewport=TV)
    try:
        tv = await ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{url}/board/{table.code}")
        await expect(tv.locator("#end-chart")).to_be_visible()
        await tv.wait_for_timeout(3000)  # the score pad's rows have come in
        await shot(tv, shots, "end-chart-classic-3")
        sizes = await chart_sizes(tv, "#end-chart")
        assert sizes["lines"] == 3 and sizes["inside"] and sizes["covers"] == [], sizes
        assert sizes["ages"] == 3 and sizes["agesApart"], sizes
        # 7 Wonders: the pad above the chart is its legend (each name with its line); the plot keeps the
        # screen's width.
        assert sizes["legend"] == [] and len(sizes["keys"]) == 3, sizes
        assert min(sizes["texts"]) >= MIN_CHART_TEXT_PX and min(sizes["keys"]) >= MIN_LEGEND_PX, sizes
        await tv.goto(f"{url}/")
        await tv.click("[data-action=history]")
        game = tv.locator(".history-game")
        await expect(game).to_have_count(1)
        await expect(game).to_contain_text("Ann")
        await shot(tv, shots, "history-tv")
        record = app[HISTORY].record(app[HISTORY].newest()[0].id)
        forged = tmp_path / "forged.json"
        forged.write_text(json.dumps({**record, "digest": "0" * 64}))
        await tv.set_input_files("#import-record", str(forged))
        await expect(tv.locator("#history .error")).to_contain_text("digest differs")
        await expect(game).to_have_count(1)
        await tv.click("[data-tab=players]")
        players = tv.locator(".player-stats")
        await expect(players).to_have_count(3)
        boards = {c["seat"]: c["name"] for c in table.engine_game.view(None)["cities"]}
        await expect(tv.locator(".player-stats[data-player=Ann]")).to_contain_text(boards[0])  # by name
        await shot(tv, shots, "stats-tv")
        await tv.click("[data-tab=games]")
        await game.locator("[data-history=replay]").click()
        await expect(tv.locator("#replay-bar")).to_be_visible()
        for _ in range(3):
            await tv.keyboard.press("ArrowRight")
        await expect(tv.locator("#replay-bar")).to_have_attribute("data-at", "3")
        await tv.keyboard.press("h")
        hands = tv.locator("#revealed-hands li")
        await expect(hands).to_have_count(3)
        assert await hands.first.locator("[data-card]").count() >= 4
        await expect(hands.first).not_to_contain_text("A1 ")  # names from the game's catalog, not its ids
        await shot(tv, shots, "replay-classic-hands")
        assert await overflows(tv) == [] and await axe_violations(tv) == []
        await tv.keyboard.press("Escape")
        await expect(tv.locator("#history")).to_be_visible()
        refusal = [e for e in errors if "status of 400" in e]  # the forged record's refusal, on purpose
        assert len(refusal) == 1 and [e for e in errors if e not in refusal] == []
    finally:
        await ctx.close()


async def test_a_phones_end_fits_a_small_persian_phone(
        host: tuple[str, web.Application], chromium: Browser, shots: Path | None) -> None:
    """A 360 px phone in Persian after a five-player game of long names: its result (a line per player), the
    chart's sheet and the replay's remote, nothing wider than the phone and no text cut off (its own city's
    card names wrap)."""
    url, app = host
    errors: list[str] = []
    tables = app[TABLES]
    table = await tables.create("classic", seats=5)
    ctx = await chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fa")
    try:
        phone = await ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(f"{url}/t/{table.code}")
        await phone.fill("#name", LONG_NAMES[0])
        await phone.click("[data-action=join]")
        await expect(phone.locator(".phone-head .me")).to_have_text(LONG_NAMES[0])
        for seat, name in enumerate(LONG_NAMES[1:], start=1):
            await tables.join(table, name, seat)
        await tables.start(table)
        await play_out(app, table.code)
        await phone.reload()
        result = phone.locator("#result .score-list > li")
        await expect(result).to_have_count(5)
        await expect(result.first.locator(".score-parts li")).to_have_count(7)
        await expect(phone.locator("#phone-end [data-action=chart]")).to_be_enabled()
        await shot(phone, shots, "phone-end-fa-360")
        assert await sideways(phone) == [] and await clipped_text(phone) == []
        await phone.click("#phone-end [data-action=chart]")
        await expect(phone.locator("#phone-end-chart polyline.line")).to_have_count(5)
        assert await sideways(phone) == [] and await clipped_text(phone) == []
        await shot(phone, shots, "phone-end-chart-fa-360")
        await phone.click("#sheet [data-ui=close]")
        await phone.click("#phone-end [data-action=replay]")
        await expect(phone.locator("#phone-remote")).to_be_visible()
        row = [await phone.locator(f"#phone-remote [data-remote={b}]").bounding_box()
               for b in ("back", "toggle", "next")]
        assert all(box is not None for box in row)
        tops = {round(box["y"]) for box in row if box is not None}
        assert len(tops) == 1, "back, play and forward share a row, as on a remote"
        assert await sideways(phone) == [] and await clipped_text(phone) == []
        assert await axe_violations(phone) == []
        await shot(phone, shots, "phone-remote-fa-360")
        assert errors == []
    finally:
        await ctx.close()


async def test_a_seven_seat_replay_shows_every_hand_whole(
        host: tuple[str, web.Application], chromium: Browser, shots: Path | None) -> None:
    """The final reveal at 7 seats with long names: every hand and its choice on the TV, no text cut off,
    nothing outside the screen, and the cities still in sight below the band."""
    url, app = host
    tables = app[TABLES]
    table = await tables.create("classic", seats=7)
    names = (*LONG_NAMES, "Zuzanna Grzybowska-Nowak", "Αικατερίνη Κωνσταντινίδου")
    for seat, name in enumerate(names):
        await tables.join(table, name[:24], seat)
    await tables.start(table)
    await play_out(app, table.code)
    ctx = await chromium.new_context(viewport=TV)
    errors: list[str] = []
    try:
        tv = await ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{url}/board/{table.code}")
        await expect(tv.locator("#end-chart")).to_be_visible()
        await tv.click("[data-action=replay]")
        await expect(tv.locator("#replay-bar")).to_be_visible()
        await tv.keyboard.press("h")
        hands = tv.locator("#revealed-hands li")
        for stop in (1, 3, 9):  # hands of 7 cards (turn 1); Age I's third turn; Age II, the cities grown
            while (at := await replay_at(tv)) < stop:  # a step at a time: each press goes to the host first
                await tv.keyboard.press("ArrowRight")
                await expect(tv.locator("#replay-bar")).to_have_attribute("data-at", str(at + 1))
            await expect(hands).to_have_count(7)
            await tv.wait_for_timeout(500)
            await shot(tv, shots, f"replay-classic-7-hands-{stop}")
            assert await overflows(tv) == [] and await clipped_text(tv) == [], stop
            band = await tv.locator("#revealed-hands").bounding_box()
            assert band is not None and band["y"] + band["height"] <= 1080 * 0.45, band  # the cities in sight
        assert errors == []
    finally:
        await ctx.close()
