"""A whole 7 Wonders Duel played in the browser: the board on a TV-sized page, two phones tapping."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser, Page, expect

from tests.web.pages import couch, join_phones, shot, tap_first_action

MAX_TAPS = 400  # a Duel has about 70 decisions; this only stops a runaway loop
NAMES = ("Ann", "Bo")
NO_SCROLL = "document.scrollingElement.scrollHeight <= innerHeight"
CAPTIONED_PROMPTS = ("draft_wonder", "progress", "great_library")  # choices that show what each pick does


async def check_board_layout(board: Page) -> None:
    """The board fits a 1080p screen without scrolling; every progress token and wonder has a caption."""
    assert await board.evaluate(NO_SCROLL), await board.evaluate("document.scrollingElement.scrollHeight")
    tokens = board.locator(".progress-board .token-with-caption")
    for i in range(await tokens.count()):
        token = await tokens.nth(i).locator(".token").get_attribute("data-token")
        caption = tokens.nth(i).locator(f"figcaption[data-fx='{token}']")
        assert (await caption.inner_text()).strip(), token
    wonders = board.locator(".city .wonder")
    for i in range(await wonders.count()):
        assert (await wonders.nth(i).locator(".wonder-text.fx").inner_text()).strip()


async def check_prompt_captions(phone: Page, kind: str) -> None:
    """Every pick of a wonder or progress-token choice says what it does."""
    picks = phone.locator(".choice-prompt .pick")
    assert await picks.count() > 0
    for i in range(await picks.count()):
        assert (await picks.nth(i).locator(".fx").inner_text()).strip(), kind


async def shoot_new_states(board: Page, phones: list[Page], folder: Path, seen: set[str]) -> None:
    """Development aid: one screenshot of each age on the board and of each kind of phone prompt."""
    age = await board.locator(".status .phase").inner_text()
    if age not in seen:
        seen.add(age)
        await shot(board, folder, f"board-{age.replace(' ', '-').replace(',', '').lower()}")
    for phone in phones:
        prompt = phone.locator(".choice-prompt")
        kind = await prompt.get_attribute("data-kind") if await prompt.count() else None
        if kind is None and await phone.locator("#prompt .wait").count():
            kind = "waiting" if await phone.locator("#their-action").count() else None
        if kind is not None and kind not in seen:
            seen.add(kind)
            await shot(phone, folder, f"phone-{kind}")


async def test_whole_game_on_board_and_two_phones(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    errors: list[str] = []
    async with couch(chromium, len(NAMES), errors) as (board, phone_ctxs):
        await board.goto(f"{host_url}/")
        await board.click("[data-action=create]")
        join_url = await board.locator("#join-url").get_attribute("href")
        code = (await board.locator("#table-code").inner_text()).strip()
        assert join_url and join_url.endswith(f"/t/{code}")
        assert board.url.endswith(f"/board/{code}")
        await expect(board.locator("img.qr")).to_have_attribute("src", f"/qr/{code}.svg")

        phones = await join_phones(phone_ctxs, NAMES, join_url, errors)
        for name in NAMES:
            await expect(board.locator(".seat.on", has_text=name)).to_have_count(1)
        await shot(board, shots, "board-lobby")
        await board.click("[data-action=start]")
        await expect(board.locator(".game")).to_be_visible()

        # A reloaded phone rejoins its seat from the stored token, without asking for a name again.
        await phones[1].reload()
        await expect(phones[1].locator(".phone-head .me")).to_have_text(NAMES[1])
        assert await phones[1].locator("#name").count() == 0

        taps = 0
        taps_by = [0, 0]
        seen_turn = False
        seen_waiting_notice = False
        ages_shot: set[str] = set()
        phases_checked: set[str] = set()
        prompts_checked: set[str] = set()
        final = board.locator("#final-scores")
        while await final.count() == 0:
            assert taps < MAX_TAPS, f"the game did not end after {taps} taps"
            tapped = False
            if shots is not None:
                await shoot_new_states(board, phones, shots, ages_shot)
            phase = await board.locator(".status .phase").inner_text()
            if phase not in phases_checked and await board.locator(".game").count():
                phases_checked.add(phase)
                await check_board_layout(board)
            for i, phone in enumerate(phones):
                prompt = phone.locator(".choice-prompt")
                kind = await prompt.get_attribute("data-kind") if await prompt.count() else None
                if kind in CAPTIONED_PROMPTS and kind not in prompts_checked:
                    prompts_checked.add(kind)
                    await check_prompt_captions(phone, kind)
                waiting = await phone.locator("#prompt .wait").count()
                if not seen_waiting_notice and taps_by[1 - i] and waiting:
                    # While waiting, the opponent's last move stays in view under the waiting line.
                    seen_waiting_notice = True
                    await expect(phone.locator("#prompt.waiting #their-action")).not_to_be_empty()
            for i, phone in enumerate(phones):
                if shots is not None:
                    await shoot_new_states(board, [phone], shots, ages_shot)
                if not seen_turn and await phone.locator("#prompt [data-action=build]").count():
                    seen_turn = True
                    await shot(phone, shots, "phone-turn")
                    await shot(board, shots, "board-play")
                if await tap_first_action(phone):
                    taps += 1
                    taps_by[i] += 1
                    tapped = True
            if not tapped:
                await board.wait_for_timeout(50)  # nobody can act yet: let the messages arrive

        assert seen_turn
        assert seen_waiting_notice
        assert {"Wonder draft, round 1", "Age 1", "Age 2", "Age 3"} <= phases_checked, phases_checked
        assert {"draft_wonder", "progress"} <= prompts_checked, prompts_checked
        await expect(final.locator("table.score-table tr[data-row=total] td")).to_have_count(2)
        totals = [int(x) for x in await final.locator("tr[data-row=total] td").all_inner_texts()]
        rows = await final.locator("tbody tr").count()
        assert rows == 9  # 8 score-pad rows and the total
        await expect(final.locator(".winner")).not_to_be_empty()
        victory = await final.locator(".victory").get_attribute("data-victory")
        assert victory in ("military", "science", "civilian")
        if victory == "civilian":
            assert totals[0] != totals[1] or "Shared" in await final.locator(".winner").inner_text()
        for phone in phones:
            await expect(phone.locator("#result")).to_be_visible()
        await expect(final.locator("[data-action=play_again]")).to_be_visible()
        assert await board.evaluate(NO_SCROLL), "the end screen scrolls at 1920x1080"
        await expect(board.locator(".discard.collapsed .discard-count")).to_be_visible()
        await shot(board, shots, "board-final")
        await shot(phones[0], shots, "phone-final")

        # Play again: the board and both phones move to a new table with the same players.
        await board.click("[data-action=play_again]")
        await expect(board.locator("#table-code")).not_to_have_text(code)
        for phone in phones:
            await expect(phone.locator("[data-action=start]")).to_be_visible()
        assert errors == [], errors
