"""7 Wonders (classic) played in the browser: the board on a TV-sized page, phones selecting a card of their
hand and then one of its actions with the exact payment."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import Browser, Error, Page, expect

from tests.web.measure import axe_violations
from tests.web.pages import close_sheet, couch, join_phones, score_value, shot, tap_first_action

MAX_TAPS = 300  # a 3-player game has about 60 decisions; this only stops a runaway loop
MAX_IDLE = 200  # rounds in a row where no phone could act (about 10 s)
SCORE_ROWS = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds", "total"]


async def open_table(board: Page, host_url: str, seats: int, sides: str) -> str:
    """Create a classic table from the board's home page; its join URL."""
    await board.goto(f"{host_url}/")
    await board.select_option("#cl-seats", str(seats))
    await board.select_option("#cl-sides", sides)
    await board.click("[data-action=create-classic]")
    join_url = await board.locator("#join-url").get_attribute("href")
    assert join_url
    await expect(board.locator(".lobby-info h1")).to_have_text("7 Wonders")  # the game's own name
    return join_url


async def play_to_the_end(board: Page, phones: list[Page], on_tap: object = None) -> int:
    """Every phone taps whenever it must act, until the board shows the final scores; the tap count."""
    taps = 0
    idle = 0
    final = board.locator("#final-scores")
    while await final.count() == 0:
        assert taps < MAX_TAPS, f"the game did not end after {taps} taps"
        assert idle < MAX_IDLE, "nobody could act for a while: the game is stuck"
        tapped = False
        for phone in phones:
            if await tap_first_action(phone):
                taps += 1
                tapped = True
                if callable(on_tap):
                    await on_tap(phone)
        idle = 0 if tapped else idle + 1
        if not tapped:
            await board.wait_for_timeout(50)  # nobody can act yet: let the messages arrive
    return taps


async def check_final(board: Page, phones: list[Page], columns: int) -> None:
    final = board.locator("#final-scores")
    rows = await final.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.row)")
    assert rows == SCORE_ROWS
    await expect(final.locator("tr[data-row=total] td")).to_have_count(columns)
    await expect(final.locator(".winner")).to_contain_text(re.compile("wins|Shared"))
    totals = [score_value(x) for x in await final.locator("tr[data-row=total] td").all_inner_texts()]
    parts = [[score_value(x) for x in await final.locator(f"tr[data-row={row}] td").all_inner_texts()]
             for row in SCORE_ROWS[:-1]]
    assert totals == [sum(col) for col in zip(*parts, strict=True)]
    await expect(board.locator(".status")).not_to_contain_text("turn")  # no "turn 6 of 6" after the end
    for phone in phones:
        await expect(phone.locator("#result table.score-table")).to_be_visible()


async def test_three_player_game_on_board_and_phones(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    names = ["Ann", "Bo", "Cy"]
    errors: list[str] = []
    async with couch(chromium, len(names), errors) as (board, phone_ctxs):
        join_url = await open_table(board, host_url, 3, "A")
        phones = await join_phones(phone_ctxs, names, join_url, errors)
        await expect(board.locator(".lobby-info")).to_contain_text("3 players")
        await expect(phones[0].locator(".phone-lobby h1")).to_have_text("7 Wonders")
        await board.click("[data-action=start]")
        await expect(board.locator(".classic-game")).to_be_visible()
        await expect(board.locator(".classic-city")).to_have_count(3)
        await expect(board.locator(".status")).to_contain_text("Age I")
        await expect(board.locator(".direction")).to_have_attribute("data-direction", "left")
        await expect(board.locator(".classic-city[data-status=choosing]")).to_have_count(3)
        # The arrows match the picture: Ann (top left) has Bo, her left neighbour, to her right.
        await expect(board.locator(".classic-city[data-city='0'] .nb[data-side=left]")).to_contain_text("→")

        # Ann chooses: the board shows her ready (not what she chose), her phone waits for two players.
        assert await tap_first_action(phones[0], prefer_wonder=False)
        await expect(board.locator(".classic-city[data-city='0'][data-status=ready]")).to_be_visible()
        await expect(board.locator(".classic-city[data-status=choosing]")).to_have_count(2)
        await expect(phones[0].locator(".chosen .wait")).to_have_text("Waiting for 2 more players…")
        await expect(phones[0].locator("#my-choice")).not_to_be_empty()
        await shot(phones[0], shots, "classic-phone-waiting")
        # ... and changes her mind: the hand comes back; she opens a card and discards it (+3 coins).
        await phones[0].click("[data-ui=change]")
        await phones[0].locator("#prompt .hand button.card").last.click()
        discard = phones[0].locator("#sheet button[data-action=discard]")
        await expect(discard).to_contain_text("+3 coins")
        await shot(phones[0], shots, "classic-phone-sheet")
        await discard.click()
        await expect(phones[0].locator("#my-choice")).to_contain_text("discard")

        # The phone shows what each neighbour charges, named and on their side.
        await expect(phones[1].locator(".price-line[data-side=left]")).to_contain_text("left: Cy")
        await expect(phones[1].locator(".price-line[data-side=right]")).to_contain_text("right: Ann")
        await expect(phones[1].locator(".next-stage")).to_contain_text("Next wonder stage: 1 of")

        seen = {"pay": False, "axe": False}
        paying = re.compile(r"\d+ coins? to (Ann|Bo|Cy) \((left|right)\)")

        async def after_tap(phone: Page) -> None:
            if not seen["axe"] and await board.locator(".classic-city .chip").count() >= 6:
                seen["axe"] = True
                assert await axe_violations(board) == []
            for other in phones:  # a way to pay that names the neighbour and the side
                playable = other.locator("#prompt .hand button.card.can")
                if seen["pay"] or not await playable.count():
                    continue
                for i in range(await playable.count()):
                    try:
                        await playable.nth(i).click(timeout=2000)
                        await other.locator("#sheet").wait_for(timeout=2000)
                    except Error:  # the hand was drawn anew (the turn passed): look again after the next tap
                        await close_sheet(other)
                        break
                    found = await other.locator("#sheet .act", has_text=paying).count()
                    await close_sheet(other)
                    if found:
                        seen["pay"] = True
                        break

        taps = await play_to_the_end(board, phones, after_tap)
        assert taps >= 3 * 18 - 1  # 18 turns for each of the 3 players (Ann's first one was tapped above)
        assert seen["pay"] and seen["axe"]
        await check_final(board, phones, 3)
        assert await board.locator(".hand, #sheet").count() == 0  # the board never shows a hand
        await shot(board, shots, "classic-board-final")

        await board.click("[data-action=play_again]")
        for phone in phones:
            await expect(phone.locator("[data-action=start]")).to_be_visible()
        assert errors == [], errors


async def test_two_player_game_with_the_free_city(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    names = ["Ann", "Bo"]
    errors: list[str] = []
    async with couch(chromium, len(names), errors) as (board, phone_ctxs):
        join_url = await open_table(board, host_url, 2, "random")
        phones = await join_phones(phone_ctxs, names, join_url, errors)
        await expect(board.locator(".lobby-info")).to_contain_text("Free City")
        await board.click("[data-action=start]")
        await expect(board.locator(".classic-city")).to_have_count(3)
        await expect(board.locator(".classic-city[data-city='2'] .city-name")).to_have_text("Free City")

        # Ann holds the Free City in age I: after her own card she is asked to choose for it.
        await expect(phones[0].locator(".fc-note")).to_be_visible()
        assert await tap_first_action(phones[0])
        await expect(phones[0].locator("#prompt h2")).to_have_text("Now choose for the Free City")
        await shot(phones[0], shots, "classic-phone-free-city")
        assert await tap_first_action(phones[0])
        await expect(phones[0].locator("#prompt .chosen")).to_contain_text("For the Free City:")
        await expect(board.locator(".classic-city[data-city='2'][data-status=ready]")).to_be_visible()
        assert await tap_first_action(phones[1])
        await expect(board.locator(".status")).to_contain_text("turn 2 of 6")
        await expect(phones[1].locator(".fc-note")).to_be_visible()  # control passes to Bo

        await play_to_the_end(board, phones)
        await check_final(board, phones, 3)  # two players and the Free City's column
        await expect(board.locator("#final-scores thead th.free")).to_have_text("Free City")
        assert errors == [], errors
