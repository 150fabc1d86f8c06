"""The TV board from the couch: mid-game at 1920×1080 for Duel and a 7-seat 7 Wonders table, the share of
text at 18/22 px and more, nothing outside the screen or cut off, every face-up card showing its effect
without hover; the same board at 1280×720 and 4K; axe-core on the board and a phone mid-game.

Run ``pytest tests/web/test_layout.py -s`` to see the measured shares."""

from __future__ import annotations

from playwright.async_api import Browser, Page

from tests.web.measure import axe_violations, hidden_effects, overflows, sideways, text_share
from tests.web.scene import advance, scene

MIN_SHARE_18 = 1.0  # nothing a player reads is under 18 px
MIN_SHARE_22 = 0.9  # almost everything is 22 px or more


async def check_board(board: Page, label: str) -> None:
    share = await text_share(board)
    print(f"\n{label}: {share.total} characters visible, {share.at18:.1%} at >= 18 px,"
          f" {share.at22:.1%} at >= 22 px; under 22 px: {share.small}")
    assert share.at18 >= MIN_SHARE_18, share
    assert share.at22 >= MIN_SHARE_22, share
    assert await overflows(board) == []
    count, missing = await hidden_effects(board)
    assert count > 10 and missing == [], missing


async def check_scaled(board: Page) -> None:
    """The same board at 1280×720 and at 4K fills the screen without overflowing."""
    for size in ({"width": 1280, "height": 720}, {"width": 3840, "height": 2160}):
        await board.set_viewport_size(size)
        await board.wait_for_timeout(200)
        assert await overflows(board) == [], size
    await board.set_viewport_size({"width": 1920, "height": 1080})


async def test_duel_board_mid_game(host_url: str, chromium: Browser) -> None:
    async with scene(chromium, host_url, "duel", 2, seed=3) as s:
        await advance(s, 30)
        await s.board.wait_for_timeout(2600)  # let the last banner go
        await check_board(s.board, "Duel, age II")
        await check_scaled(s.board)
        assert await axe_violations(s.board) == []
        assert s.phone is not None and await axe_violations(s.phone) == []
        assert await sideways(s.phone) == []
        assert s.errors == [], s.errors


async def test_seven_player_board_mid_game(host_url: str, chromium: Browser) -> None:
    async with scene(chromium, host_url, "classic", 7, options={"sides": "random"}, seed=4) as s:
        await advance(s, 7 * 10)
        await s.board.wait_for_timeout(2600)
        await check_board(s.board, "7 Wonders, 7 players, age II")
        await check_scaled(s.board)
        assert await axe_violations(s.board) == []
        assert s.phone is not None and await axe_violations(s.phone) == []
        assert await sideways(s.phone) == []
        assert s.errors == [], s.errors
