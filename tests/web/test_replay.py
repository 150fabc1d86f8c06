"""After the game in the browser: the score chart beside the score pad at 1080p (sizes for a couch 3 m
away, nothing covering the pad), the TV's replay driven from a seated phone and by the remote's keys, the
revealed hands, and the history screen of the TV's home replaying a kept game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, expect

from tests.web.pages import shot
from tests.web.scene import advance, scene

END = 10_000  # a step no game reaches: advance() stops at the end
MIN_CHART_TEXT_PX = 20  # axis labels and Age names, drawn size on a 1080p screen
MIN_LEGEND_PX = 24  # the names and points of the legend


CHART_SIZES = """(sel) => {
    const chart = document.querySelector(sel);
    const box = (el) => el && el.getBoundingClientRect();
    const texts = [...chart.querySelectorAll('svg text')].map((t) => box(t).height);
    const legend = [...chart.querySelectorAll('.chart-legend li')]
        .map((li) => parseFloat(getComputedStyle(li).fontSize));
    const panel = box(document.querySelector('#end-panel')) || box(chart);
    const pad = box(document.querySelector('#final-scores'));
    const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
    const overlap = Boolean(pad && panel && !apart(panel, pad));
    const inside = panel.left >= 0 && panel.top >= 0 && panel.right <= innerWidth + 0.5
        && panel.bottom <= innerHeight + 0.5;
    return {texts, legend, overlap, inside, lines: chart.querySelectorAll('polyline.line').length};
}"""


async def chart_sizes(board: Page, chart: str) -> dict[str, Any]:
    """The drawn sizes of a chart's texts, its legend's font size and whether it covers the score pad."""
    return dict(await board.evaluate(CHART_SIZES, chart))


async def replay_at(board: Page) -> int:
    return int(await board.locator("#replay-bar").get_attribute("data-at") or -1)


async def test_the_end_chart_and_a_replay_driven_from_a_phone_and_by_keys(host_url: str, chromium: Browser,
                                                                          shots: Path | None) -> None:
    async with scene(chromium, host_url, "duel", 2) as s:
        await advance(s, END, timeout=400)
        board, phone = s.board, s.phone
        assert phone is not None
        await expect(board.locator("#final-scores")).to_be_visible()
        await expect(board.locator("#end-chart")).to_be_visible()
        await board.wait_for_timeout(1500)  # the score pad's rows have come in
        await shot(board, shots, "end-chart-duel")
        sizes = await chart_sizes(board, "#end-chart")
        assert sizes["lines"] == 2 and sizes["inside"] and not sizes["overlap"]
        assert min(sizes["texts"]) >= MIN_CHART_TEXT_PX, sizes["texts"]
        assert min(sizes["legend"]) >= MIN_LEGEND_PX, sizes["legend"]
        total = await board.locator("#end-chart .chart-legend").inner_text()
        await board.click("#end-chart [data-category=military]")
        await expect(board.locator("#end-chart")).to_have_attribute("data-category", "military")
        assert await board.locator("#end-chart .chart-legend").inner_text() != total

        # A seated phone starts the replay and drives it; the TV follows.
        await expect(phone.locator("#phone-end [data-action=replay]")).to_be_visible()
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
        await shot(board, shots, "replay-duel-hands")
        await phone.click("#phone-remote [data-remote=hands]")
        await expect(board.locator("#revealed-hands")).to_have_count(0)
        marker = board.locator("#replay-score-chart #chart-marker")
        assert int(await marker.get_attribute("data-index") or -1) == at_age_two - 1

        # The TV remote's keys.
        await board.keyboard.press("ArrowRight")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two + 1))
        await board.keyboard.press("ArrowLeft")
        await board.keyboard.press("ArrowLeft")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-at", str(at_age_two - 1))
        await board.keyboard.press("ArrowUp")  # to Age III
        await expect(board.locator(".duel-game .status .phase")).to_contain_text("3")
        await board.keyboard.press(" ")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-playing", "1")
        await expect(phone.locator("#phone-remote")).to_have_attribute("data-playing", "1")
        await board.keyboard.press(" ")
        await expect(board.locator("#replay-bar")).to_have_attribute("data-playing", "0")
        await board.keyboard.press("ArrowDown")  # back to the start of Age III, then Age II
        await board.keyboard.press("ArrowDown")
        await expect(board.locator(".duel-game .status .phase")).to_contain_text("2")
        await shot(board, shots, "replay-duel")
        await board.keyboard.press("Escape")
        await expect(board.locator("#replay-bar")).to_have_count(0)
        await expect(board.locator("#final-scores")).to_be_visible()
        await expect(phone.locator("#phone-remote")).to_have_count(0)
        assert s.errors == []


async def test_history_on_the_tv_replays_a_kept_game_with_its_hands(host_url: str, chromium: Browser,
                                                                   shots: Path | None) -> None:
    async with scene(chromium, host_url, "classic", 3, phone=False) as s:
        await advance(s, END, timeout=400)
        await expect(s.board.locator("#final-scores")).to_be_visible()
        await expect(s.board.locator("#end-chart")).to_be_visible()
        await s.board.wait_for_timeout(1500)
        await shot(s.board, shots, "end-chart-classic-3")
        sizes = await chart_sizes(s.board, "#end-chart")
        assert sizes["lines"] == 3 and sizes["inside"] and not sizes["overlap"]
        assert min(sizes["texts"]) >= MIN_CHART_TEXT_PX and min(sizes["legend"]) >= MIN_LEGEND_PX
        tv = s.board
        await tv.goto(host_url + "/")
        await tv.click("[data-action=history]")
        game = tv.locator(".history-game").first
        await expect(game).to_contain_text("Ann")
        assert await tv.locator(".history-game").count() == 1
        await shot(tv, shots, "history-tv")
        await game.locator("[data-history=replay]").click()
        await expect(tv.locator("#replay-bar")).to_be_visible()
        for _ in range(3):
            await tv.keyboard.press("ArrowRight")
        await expect(tv.locator("#replay-bar")).to_have_attribute("data-at", "3")
        await tv.keyboard.press("h")
        hands = tv.locator("#revealed-hands li")
        await expect(hands).to_have_count(3)
        assert await hands.first.locator(".card-chip, [data-card]").count() >= 4
        await shot(tv, shots, "replay-classic-hands")
        await tv.keyboard.press("Escape")
        await expect(tv.locator("#history")).to_be_visible()
        assert s.errors == []
