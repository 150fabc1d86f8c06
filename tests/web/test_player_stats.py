"""A player's page of the history in the browser: the TV at 1920×1080 driven by the remote's keys (from
the list of players to Ann's page and back, and from one of her games to its replay with Enter), and a
390 px phone in Persian (right to left). The figures shown are the games' own results; the chart has a dot
per game at its points; nothing is cut off or wider than the screen, and the TV's text is readable from
the couch."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Page, expect

from host.app import TABLES, create_app
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import axe_violations, clipped_text, sideways
from tests.web.pages import PHONE_390, TV, shot, watch_errors

MIN_TV_TEXT_PX = 22  # what is read on the TV's player page (board.css: never under 1.375rem at 1080p)
MIN_TV_CHART_PX = 20  # the chart's drawn labels


@dataclass
class Played:
    """A finished game as the test knows it: its kind, who sat where, the final points and the winners."""

    kind: str
    names: list[str | None]
    bots: list[str | None]
    scores: list[int]
    winners: set[int]


async def play(app: web.Application, kind: str, names: tuple[str | None, ...], bots: dict[int, str],
               seed: int) -> Played:
    """A table of ``kind`` played to its end with random legal moves (bots' seats too) through the host."""
    tables = app[TABLES]
    table = await tables.create(kind, seats=len(names))
    for seat, level in bots.items():
        await tables.set_bot(table, seat, level)
    for seat, name in enumerate(names):
        if seat not in bots:
            await tables.join(table, name, seat)
    await tables.start(table)
    pick = random.Random(seed)
    while not table.engine_game.is_over():
        game = table.engine_game
        seat = (game.waiting() or game.to_act())[0]
        await tables.act(table, table.seats[seat], pick.choice(game.legal_actions(seat)))
    result = table.engine_game.result()
    return Played(kind, list(names), [bots.get(s) for s in range(len(names))],
                  [s["total"] for s in result["scores"]], set(result["winners"]))


@pytest_asyncio.fixture(loop_scope=LOOP)
async def host(tmp_path: Path) -> AsyncIterator[tuple[str, list[Played]]]:
    """The real host with a history: Duels of Ann and Bob, one against a hard bot, and 7 Wonders games of
    three names and of Ann with two bots."""
    assert (WEB_DIST / "board.js").is_file(), "the web pages are not built: run `make web`"
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__)
    played = [await play(app, "duel", ("Ann", "Bob"), {}, seed) for seed in range(3)]
    played.append(await play(app, "duel", ("Ann", None), {1: "hard"}, 3))
    played += [await play(app, "classic", ("Ann", "Bob", "Cy"), {}, seed) for seed in (4, 5)]
    played.append(await play(app, "classic", ("Ann", None, None), {1: "easy", 2: "medium"}, 6))
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}", played
    finally:
        await runner.cleanup()


def ahead(game: Played, seat: int, other: int) -> int:
    """+1 when ``seat`` finished ahead of ``other`` (a winner first, then the points), -1 behind, 0 level."""
    if (seat in game.winners) != (other in game.winners):
        return 1 if seat in game.winners else -1
    diff = game.scores[seat] - game.scores[other]
    return (diff > 0) - (diff < 0)


def against(played: list[Played], me: str, them: str) -> tuple[int, int, int]:
    """Games together, finished ahead and behind, of ``me`` against the name or bot level ``them``."""
    games = wins = losses = 0
    for game in played:
        if me not in game.names:
            continue
        mine = game.names.index(me)
        for other in range(len(game.names)):
            if other != mine and them in (game.names[other], game.bots[other]):
                games += 1
                placed = ahead(game, mine, other)
                wins += placed > 0
                losses += placed < 0
    return games, wins, losses


async def numbers(page: Page, selector: str) -> list[str]:
    return [text.strip() for text in await page.locator(selector).all_inner_texts()]


PAGE_SIZES = """() => {
    const page = document.querySelector('#player-page');
    const small = [];
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const el = walker.currentNode.parentElement;
        if (!walker.currentNode.textContent.trim() || el.closest('svg, .sr-only')) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < MIN) small.push(`${size}px ${walker.currentNode.textContent.trim().slice(0, 30)}`);
    }
    const labels = [...page.querySelectorAll('.points-chart svg text')]
        .map((t) => t.getBoundingClientRect().height);
    const grid = page.querySelector('.player-grid').getBoundingClientRect();
    return {small, labels, gridBottom: grid.bottom, gridRight: grid.right};
}"""


async def test_a_players_page_on_the_tv_by_the_remote(host: tuple[str, list[Played]], chromium: Browser,
                                                      shots: Path | None) -> None:
    url, played = host
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=TV, locale="en-US")
    try:
        tv = await ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{url}/")
        await tv.click("[data-action=history]")
        await expect(tv.locator(".history-game")).to_have_count(len(played))
        await shot(tv, shots, "history-tv")
        await tv.click("[data-tab=players]")
        await expect(tv.locator(".player-stats")).to_have_count(3)
        # The remote: from the tab down to Ann's button (most games: the first), Enter opens her page.
        await tv.keyboard.press("ArrowDown")
        await expect(tv.locator(".player-open[data-player=Ann]")).to_be_focused()
        await tv.keyboard.press("Enter")
        page = tv.locator("#player-page[data-player=Ann]")
        await expect(page).to_be_visible()
        await expect(page.locator(".player-games .history-game")).to_have_count(len(played))

        anns = [g for g in played if "Ann" in g.names]
        for kind in ("duel", "classic"):
            mine = [g for g in anns if g.kind == kind]
            seat_scores = [g.scores[g.names.index("Ann")] for g in mine]
            wins = sum(g.names.index("Ann") in g.winners for g in mine)
            panel = page.locator(f".kind-panel[data-kind={kind}]")
            assert await numbers(panel, ".stat-value") == [
                str(len(mine)), str(wins), f"{sum(seat_scores) / len(mine):.1f}".removesuffix(".0"),
                str(max(seat_scores))]
            dots = panel.locator(".points-plot circle.dot")
            assert [int(s or 0) for s in [await d.get_attribute("data-score") for d in await dots.all()]] \
                == seat_scores  # oldest to newest
            await expect(panel.locator(".points-plot circle.dot.won")).to_have_count(wins)
        for them, row in (("Bob", "name:Bob"), ("Cy", "name:Cy"), ("hard", "bot:hard"), ("easy", "bot:easy")):
            cells = await numbers(page, f"#h2h-table tr[data-against='{row}'] td")
            assert cells[:3] == [str(n) for n in against(played, "Ann", them)], (them, cells)
        await expect(page.locator("#wonder-table tbody tr")).to_have_count(6)

        await tv.wait_for_timeout(300)  # the charts drawn at their measured size
        await shot(tv, shots, "player-tv")
        sizes = await tv.evaluate(PAGE_SIZES.replace("MIN", str(MIN_TV_TEXT_PX)))
        assert sizes["small"] == [], sizes["small"]
        assert min(sizes["labels"]) >= MIN_TV_CHART_PX, sizes["labels"]
        assert sizes["gridBottom"] <= TV["height"] and sizes["gridRight"] <= TV["width"], sizes  # one screen
        assert await clipped_text(tv) == [] and await sideways(tv) == []
        assert await axe_violations(tv) == []

        # Back (the remote's Escape) to the list, on Ann's button; Enter again, then down to her games and
        # Enter on the first: its replay.
        await tv.keyboard.press("Escape")
        await expect(tv.locator(".player-open[data-player=Ann]")).to_be_focused()
        await tv.keyboard.press("Enter")
        replay = page.locator(".player-games [data-history=replay]").first
        await expect(replay).to_be_visible()
        await replay.focus()
        await tv.keyboard.press("ArrowDown")
        await tv.keyboard.press("ArrowUp")
        await expect(replay).to_be_focused()
        await tv.keyboard.press("Enter")
        await expect(tv.locator("#replay-bar")).to_be_visible()
        await tv.keyboard.press("Escape")
        await expect(tv.locator("#player-page[data-player=Ann]")).to_be_visible()  # back where it was
        await expect(replay).to_be_focused()
        # One click anywhere on a row replays its game.
        await page.locator(".player-games .history-game .history-seats").first.click()
        await expect(tv.locator("#replay-bar")).to_be_visible()
        assert errors == []
    finally:
        await ctx.close()


async def test_a_players_page_on_a_persian_phone(host: tuple[str, list[Played]], chromium: Browser,
                                                 shots: Path | None) -> None:
    url, played = host
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True, locale="fa")
    try:
        phone = await ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(f"{url}/")
        await phone.click("[data-action=history]")
        await expect(phone.locator(".history-game")).to_have_count(len(played))
        await shot(phone, shots, "history-phone-fa")
        await phone.click("[data-tab=players]")
        await phone.click(".player-open[data-player=Bob]")
        page = phone.locator("#player-page[data-player=Bob]")
        await expect(page.locator(".kind-panel")).to_have_count(2)
        assert await phone.evaluate("document.documentElement.dir") == "rtl"
        bob_games = [g for g in played if "Bob" in g.names]
        await expect(page.locator(".points-plot circle.dot")).to_have_count(len(bob_games))
        await expect(page.locator("#h2h-table tbody tr[data-against]")).to_have_count(2)  # Ann and Cy
        await phone.wait_for_timeout(300)
        await shot(phone, shots, "player-phone-fa")
        if shots is not None:  # what the phone shows first, at its own size
            await phone.screenshot(path=str(shots / "player-phone-fa-top.png"))
        assert await sideways(phone) == [] and await clipped_text(phone) == []
        assert await axe_violations(phone) == []
        # A game's chart button opens its chart on a phone (a tap on the row replays the game on the phone
        # itself: test_phone_replay.py).
        await page.locator(".player-games .history-game [data-history=chart]").first.click()
        await expect(phone.locator("#history-score-chart")).to_be_visible()
        await phone.click("[data-history=back]")
        await expect(page).to_be_visible()
        assert errors == []
    finally:
        await ctx.close()


def test_the_expected_head_to_head_counts_each_pair_once() -> None:
    """The test's own reckoning (used above) on a game of known result."""
    game = Played("classic", ["Ann", "Bob", None], [None, None, "easy"], [50, 60, 40], {1})
    assert against([game], "Ann", "Bob") == (1, 0, 1)
    assert against([game], "Ann", "easy") == (1, 1, 0)
    assert against([game], "Bob", "Ann") == (1, 1, 0)


@pytest.mark.parametrize("lang", ["el", "fa", "ro", "pl"])
async def test_a_players_page_on_the_tv_in_every_language(host: tuple[str, list[Played]], chromium: Browser,
                                                          shots: Path | None, lang: str) -> None:
    """The TV's list of players and Ann's page in each other language: the page's words in that language,
    nothing cut off or wider than the screen, the panels within one screen, the text readable from 3 m."""
    url, _ = host
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=TV, locale=lang)
    try:
        tv = await ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{url}/")
        await tv.click("[data-action=history]")
        await tv.click("[data-tab=players]")
        await expect(tv.locator(".player-stats")).to_have_count(3)
        assert await tv.evaluate("document.documentElement.lang") == lang
        await shot(tv, shots, f"players-tv-{lang}")
        assert await clipped_text(tv) == [] and await sideways(tv) == []
        await tv.click(".player-open[data-player=Ann]")
        page = tv.locator("#player-page[data-player=Ann]")
        await expect(page.locator("#wonder-table tbody tr")).to_have_count(6)
        await expect(page.locator(".kind-panel .stat-label").first).to_have_text(EXPECTED_PLAYED[lang])
        await tv.wait_for_timeout(300)
        await shot(tv, shots, f"player-tv-{lang}")
        sizes = await tv.evaluate(PAGE_SIZES.replace("MIN", str(MIN_TV_TEXT_PX)))
        assert sizes["small"] == [] and min(sizes["labels"]) >= MIN_TV_CHART_PX, sizes
        assert sizes["gridBottom"] <= TV["height"] and sizes["gridRight"] <= TV["width"], sizes
        assert await clipped_text(tv) == [] and await sideways(tv) == []
        assert errors == []
    finally:
        await ctx.close()


EXPECTED_PLAYED = {"el": "Παιχνίδια", "fa": "بازی", "ro": "Jocuri", "pl": "Gry"}
