"""A whole 7 Wonders Duel played in the browser: the board on a TV-sized page, two phones selecting a
card then an action; the lobby and the end checked with axe-core, the board's layout checked in every
phase, the log and the moments on the TV, the history on a phone."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser, Page, expect

from tests.web.measure import axe_violations, hidden_effects, overflows, sideways
from tests.web.pages import attribute_now, couch, join_phones, score_value, shot, tap_first_action

MAX_TAPS = 400  # a Duel has about 70 decisions; this only stops a runaway loop
NAMES = ("Ann", "Bo")
CAPTIONED_PROMPTS = ("draft_wonder", "progress", "great_library")  # choices that show what each pick does


async def check_board_layout(board: Page) -> None:
    """Nothing outside the 1080p screen or cut off; every face-up card, wonder and token shows its effect."""
    await board.wait_for_timeout(700)  # let a card finish moving (transitions are at most 600 ms)
    assert await overflows(board) == []
    _, missing = await hidden_effects(board)
    assert missing == []


async def check_prompt_effects(phone: Page, kind: str) -> None:
    """Every pick of a wonder or progress-token choice shows its effect icons."""
    picks = phone.locator("#prompt .picks > *")
    assert await picks.count() > 0
    for i in range(await picks.count()):
        assert await picks.nth(i).locator(".fx-row > *").count() > 0, kind


async def test_whole_game_on_board_and_two_phones(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    errors: list[str] = []
    async with couch(chromium, len(NAMES), errors) as (board, phone_ctxs):
        await board.goto(f"{host_url}/")
        await board.click("[data-action=create][data-game=duel]")
        join_url = await board.locator("#join-url").get_attribute("href")
        code = (await board.locator("#table-code").inner_text()).strip()
        assert join_url and join_url.endswith(f"/t/{code}")
        assert board.url.endswith(f"/board/{code}")
        await expect(board.locator("img.qr")).to_have_attribute("src", f"/qr/{code}.svg")
        await expect(board.locator(".lobby-info h1")).to_have_text("7 Wonders Duel")

        phones = await join_phones(phone_ctxs, NAMES, join_url, errors)
        for name in NAMES:
            await expect(board.locator(".seat.on", has_text=name)).to_have_count(1)
        assert await axe_violations(board) == []
        assert await axe_violations(phones[0]) == []
        await shot(board, shots, "board-lobby")
        await board.click("[data-action=start]")
        await expect(board.locator(".duel-game")).to_be_visible()

        # A reloaded phone rejoins its seat from the stored token, without asking for a name again.
        await phones[1].reload()
        await expect(phones[1].locator(".phone-head .me")).to_have_text(NAMES[1])
        assert await phones[1].locator("#name").count() == 0

        taps = 0
        phases: set[str] = set()
        prompts: set[str] = set()
        moments: set[str] = set()
        seen_notice = False
        idle = 0
        final = board.locator("#final-scores")
        while await final.count() == 0:
            assert taps < MAX_TAPS, f"the game did not end after {taps} taps"
            if idle >= 200:
                for i, phone in enumerate(phones):
                    await shot(phone, shots, f"stuck-phone-{i}")
                raise AssertionError("nobody could act for about 10 s: the game is stuck")
            tapped = False
            phase = await board.locator(".status .phase").inner_text()
            if phase not in phases and await board.locator(".duel-game").count():
                phases.add(phase)
                await check_board_layout(board)
                await shot(board, shots, f"board-{len(phases)}")
            moment = await attribute_now(board, "#moment", "data-kind")
            if moment is not None:
                moments.add(moment)
            for phone in phones:
                kind = await attribute_now(phone, "#prompt .choice-prompt", "data-kind")
                if kind in CAPTIONED_PROMPTS and kind not in prompts:
                    prompts.add(kind)
                    await check_prompt_effects(phone, kind)
                if not seen_notice and await phone.locator("#prompt #their-action").count():
                    seen_notice = True
                assert await sideways(phone) == []
                if await tap_first_action(phone):
                    taps += 1
                    tapped = True
            idle = 0 if tapped else idle + 1
            if not tapped:
                await board.wait_for_timeout(50)  # nobody can act yet: let the messages arrive

        assert seen_notice
        for phone in phones:  # the turn alert (vibration, and a sound when turned on) went off
            assert int(await phone.evaluate("document.body.dataset.alerts || 0")) > 3
        assert {"Wonder draft, round 1", "Age 1", "Age 2", "Age 3"} <= phases, phases
        assert {"draft_wonder", "progress"} <= prompts, prompts
        assert "age" in moments, moments
        # The log names what happened, newest first; a phone scrolls the whole history.
        await expect(board.locator(".tv-log")).to_have_count(0)  # the end screen takes the middle
        await phones[0].click("[data-ui=history]")
        history = phones[0].locator("#sheet .log-entry")
        assert await history.count() > 50
        await expect(phones[0].locator("#sheet .log-list")).to_contain_text("built")
        await phones[0].click("#sheet [data-ui=close]")

        await expect(final.locator("tr[data-row=total] td")).to_have_count(2)
        totals = [score_value(x) for x in await final.locator("tr[data-row=total] td").all_inner_texts()]
        assert await final.locator("tbody tr").count() == 9  # 8 score-pad rows and the total
        await expect(final.locator(".winner")).not_to_be_empty()
        victory = await final.locator(".victory").get_attribute("data-victory")
        assert victory in ("military", "science", "civilian")
        if victory == "civilian":
            assert totals[0] != totals[1] or "Shared" in await final.locator(".winner").inner_text()
        for phone in phones:
            await expect(phone.locator("#result")).to_be_visible()
        await expect(board.locator(".status .phase")).to_have_text("Game over")
        await board.wait_for_timeout(2600)  # the score reveal
        assert await overflows(board) == []
        assert await axe_violations(board) == []
        assert await axe_violations(phones[0]) == []
        await shot(board, shots, "board-final")
        await shot(phones[0], shots, "phone-final")

        # Play again: the board and both phones move to a new table with the same players.
        await board.click("[data-action=play_again]")
        await expect(board.locator("#table-code")).not_to_have_text(code)
        for phone in phones:
            await expect(phone.locator("[data-action=start]")).to_be_visible()
        assert errors == [], errors
