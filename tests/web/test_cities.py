"""7 Wonders with Cities at the table: the create panel's "with Cities" and "teams" (offered only where they
fit), the teams in the lobby, a 4-player team game played to the end in the browser (Ann's phone by
select-then-act taps, the other seats by builder bots that like black cards) with at least one debt decision
on her phone, the teammate's hand read-only, and the board's tokens, teams and score pad."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Page, expect

from engine import api
from tests.web.measure import axe_violations, sideways
from tests.web.pages import PHONE, TV, score_value, shot, tap_first_action, watch_errors
from tests.web.scene import NAMES, BuilderPhone, advance, scene

MAX_ROUNDS = 4000  # rounds of the tap loop (about 0.05 s each when nobody can act): stops a stuck game
CITIES_ROWS = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds", "black",
               "debt", "total", "team"]
# black cards that make the other players lose coins: the bots build them first, so debts come up
LOSS_CARDS = {c["id"] for c in api.catalog("classic", {"cities": True})["cards"]
              if {"loss_others", "loss_others_per"} & set(c["effect"])}
# ... and those that give a diplomacy token, so a city sits out an Age's conflicts
DIPLOMACY_CARDS = {c["id"] for c in api.catalog("classic", {"cities": True})["cards"]
                   if "diplomacy" in c["effect"]}


class BlackBuilder(BuilderPhone):
    """A builder bot that builds a coin-loss or diplomacy black card whenever it can, and pays what it can."""

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = current["legal_actions"]
        wanted = LOSS_CARDS | DIPLOMACY_CARDS
        losses = [a for a in legal if a.get("type") == "build" and a.get("card") in wanted]
        if losses:
            return min(losses, key=lambda a: int(a.get("left", 0)) + int(a.get("right", 0)))
        if legal and legal[0].get("type") == "pay_debt":
            return legal[0]
        return await super().choose(current)


async def create_from_panel(board: Page, host_url: str) -> str:
    """The create panel offers Cities from 3 seats and teams with Cities at 4 or 6; a 4-seat team table."""
    await board.goto(f"{host_url}/")
    await board.select_option("#cl-seats", "2")
    await expect(board.locator("#cl-cities")).to_be_disabled()
    await expect(board.locator("#cl-teams")).to_be_disabled()
    await board.select_option("#cl-seats", "4")
    await expect(board.locator("#cl-cities")).to_be_enabled()
    await expect(board.locator("#cl-teams")).to_be_disabled()  # teams only with Cities
    await board.check("#cl-cities")
    await expect(board.locator("#cl-teams")).to_be_enabled()
    await board.select_option("#cl-seats", "5")
    await expect(board.locator("#cl-teams")).to_be_disabled()  # not with 5 seats
    await board.select_option("#cl-seats", "4")
    await board.check("#cl-teams")
    assert await axe_violations(board) == []
    await board.click("[data-action=create-classic]")
    join_url = await board.locator("#join-url").get_attribute("href")
    assert join_url
    await expect(board.locator(".lobby-info .note")).to_contain_text("with Cities")
    await expect(board.locator(".lobby-team")).to_have_count(2)
    return join_url


async def check_debt_prompt(phone: Page, board: Page) -> None:
    """Ann's debt decision: the loss, the choices (largest payment first, "pay what I can" or "no debt"
    first), what each costs in points; the board shows her deciding."""
    prompt = phone.locator("#prompt .debt-prompt")
    await expect(prompt.locator("h2")).to_contain_text(re.compile(r"You lose \d+ coins?"))
    options = prompt.locator(".debt-option")
    coins = [int(x) for x in await options.evaluate_all("els => els.map(e => e.dataset.coins)")]
    assert coins == sorted(coins, reverse=True) and len(coins) >= 1
    first = await options.first.inner_text()
    assert "Pay what I can" in first or "no debt" in first, first
    if len(coins) > 1:
        await expect(options.last).to_contain_text(re.compile(r"−\d+ points?"))
    await expect(board.locator(".classic-city[data-city='0'] .state.deciding")).to_be_visible()
    await expect(board.locator("#pending")).to_contain_text("Deciding on debt")


async def take_all_as_debt(phone: Page) -> None:
    """Tap the last choice (pay nothing): it only opens a sheet with the choice; confirming it sends it."""
    sent = await phone.evaluate("document.body.dataset.sent")
    seq = await phone.evaluate("document.body.dataset.seq")
    await phone.locator("#prompt .debt-option").last.click()
    await expect(phone.locator("#sheet")).to_be_visible()
    assert await phone.evaluate("document.body.dataset.sent") == sent, "a single tap played a move"
    confirm = phone.locator("#sheet .acts button[data-action=pay_debt]")
    await expect(confirm).to_have_attribute("data-coins", "0")
    await expect(confirm).to_contain_text(re.compile(r"Confirm: Pay nothing, take \d+ debt"))
    await confirm.click()
    await phone.wait_for_function("seq => document.body.dataset.seq !== seq", arg=seq)
    await expect(phone.locator("#prompt .debt-chosen, #prompt .hand")).to_be_visible()


async def test_cities_team_game_on_board_and_phone(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    errors: list[str] = []
    board_ctx = await chromium.new_context(viewport=TV)
    phone_ctx = await chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    bots: list[BlackBuilder] = []
    tasks: list[asyncio.Task[Any]] = []
    try:
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        join_url = await create_from_panel(board, host_url)
        code = join_url.rstrip("/").split("/")[-1]
        phone = await phone_ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(join_url)
        await phone.fill("#name", NAMES[0])
        await phone.click("[data-action=join]")
        await expect(phone.locator(".phone-head .me")).to_have_text(NAMES[0])
        bots = [BlackBuilder(host_url, code, NAMES[i], seed=40 + i) for i in range(1, 4)]
        for bot in bots:
            await bot.join()
        await expect(board.locator(".lobby-team[data-team='0']")).to_contain_text("Ann and Bo")
        await expect(board.locator(".lobby-team[data-team='1']")).to_contain_text("Cy and Dee")
        await shot(board, shots, "cities-lobby")
        await board.click("[data-action=start]")

        await expect(board.locator(".classic-city")).to_have_count(4)
        await expect(board.locator(".classic-city .team-tag")).to_have_count(4)
        await expect(board.locator(".classic-city[data-city='1'] .team-tag")).to_have_text("Team 1")
        await expect(board.locator(".classic-city[data-city='2'] .team-tag")).to_have_text("Team 2")
        await expect(board.locator(".status")).to_contain_text("turn 1 of 7")
        await expect(phone.locator("#prompt .hand button.card")).to_have_count(8)  # 8-card hands
        await expect(phone.locator("#teammate-hand")).to_contain_text("Bo's hand (your teammate)")
        await expect(phone.locator("#teammate-hand .hand .card")).to_have_count(8)
        assert await phone.locator("#teammate-hand button[data-action]").count() == 0  # read only
        await shot(phone, shots, "cities-phone-hand")

        tasks = [asyncio.create_task(bot.play()) for bot in bots]
        seen = {"debt": 0, "black": False, "tokens": False, "skips": False}  # skips: if it comes up
        final = board.locator("#final-scores")
        rounds = 0
        while await final.count() == 0:
            rounds += 1
            assert rounds < MAX_ROUNDS, "the game did not end"
            for task in tasks:
                if task.done() and task.exception():
                    raise task.exception()  # type: ignore[misc]
            if await phone.locator("#prompt .debt-prompt").count():
                await check_debt_prompt(phone, board)
                if not seen["debt"]:
                    await shot(phone, shots, "cities-phone-debt")
                    await shot(board, shots, "cities-board-debt")
                    assert await axe_violations(phone) == []
                    assert await sideways(phone) == []
                seen["debt"] += 1
                if seen["debt"] == 1:  # the first time she takes it all as debt: select, then confirm
                    await take_all_as_debt(phone)
                    continue
            if not seen["black"] and await board.locator(".classic-city .chip.c-black").count():
                seen["black"] = True
                mask = board.locator(".classic-city .chip.c-black .colormark").first
                await expect(mask).to_be_visible()  # a shape, not only a colour
            if not seen["tokens"] and await board.locator(".classic-city .debt-tok").count():
                seen["tokens"] = True
                await expect(board.locator(".classic-city .debt-tok").first).to_have_attribute(
                    "aria-label", re.compile(r"debt tokens? \(−\d+ points?\)"))
                assert await axe_violations(board) == []
                await shot(board, shots, "cities-board-tokens")
            if not seen["skips"] and await board.locator(".classic-city .skips-tok").count():
                seen["skips"] = True
                city = board.locator(".classic-city:has(.skips-tok)").first
                await expect(city.locator(".diplomacy-tok")).to_have_attribute(
                    "aria-label", re.compile("diplomacy token"))
                await expect(city.locator(".skips-tok")).to_contain_text("sits out")
                await shot(board, shots, "cities-board-diplomacy")
            if not await tap_first_action(phone):
                await board.wait_for_timeout(50)
        assert seen["debt"] >= 1, "Ann never had a debt decision"
        assert seen["black"] and seen["tokens"], seen

        rows = await final.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.row)")
        assert rows == CITIES_ROWS
        cells = {row: await final.locator(f"tr[data-row={row}] td").all_inner_texts() for row in CITIES_ROWS}
        column = {row: [score_value(x) for x in texts] for row, texts in cells.items()}
        parts = [column[row] for row in CITIES_ROWS[:-2]]
        assert column["total"] == [sum(col) for col in zip(*parts, strict=True)]
        assert all(d <= 0 for d in column["debt"])
        pair = column["total"]
        assert column["team"] == [pair[0] + pair[1]] * 2 + [pair[2] + pair[3]] * 2
        await expect(final.locator("thead .team-tag")).to_have_count(4)
        await expect(final.locator(".winner")).to_contain_text(re.compile("Shared victory|win"))
        await expect(phone.locator("#result tr[data-row=team]")).to_be_visible()
        await expect(phone.locator("#teammate-hand")).to_have_count(0)
        log = board.locator(".tv-log")
        assert await log.count() == 1
        await board.wait_for_timeout(3500)  # the score pad's rows come in one by one
        assert await axe_violations(board) == []
        await shot(board, shots, "cities-board-final")
        await shot(phone, shots, "cities-phone-final")
        assert errors == [], errors
    finally:
        for task in tasks:
            task.cancel()
        for bot in bots:
            await bot.close()
        await board_ctx.close()
        await phone_ctx.close()


class WonderFirst(BuilderPhone):
    """A bot that builds a wonder stage whenever it can (then as a builder)."""

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        stages = [a for a in current["legal_actions"] if a.get("type") == "wonder"]
        if stages:
            return min(stages, key=lambda a: int(a.get("left", 0)) + int(a.get("right", 0)))
        return await super().choose(current)


async def test_byzantium_diplomacy_on_the_board(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    """Byzantium B's first stage gives a diplomacy token: the board shows the dove and that the city sits out
    this Age's conflicts; the log says it when the token is used."""
    options = {"cities": True, "wonders": [{"board": "byzantium", "side": "B"}, {}, {}]}
    async with scene(chromium, host_url, "classic", 3, options=options, phone=False, seed=2,
                     bot_class=WonderFirst) as s:
        city = s.board.locator(".classic-city[data-city='0']")
        await expect(city.locator(".board-name")).to_contain_text("Byzantium B")
        for step in range(3, 3 * 8, 3):
            await advance(s, step)
            if await city.locator(".skips-tok").count():
                break
        await expect(city.locator(".diplomacy-tok")).to_have_attribute("aria-label", "1 diplomacy token")
        await expect(city.locator(".skips-tok")).to_contain_text("sits out")
        await expect(city.locator(".skips-tok .icon")).to_have_attribute(
            "aria-label", "sits out this Age's conflicts")
        await shot(s.board, shots, "cities-byzantium")
        await advance(s, 3 * 7 + 1)  # the end of Age I: the token is used
        await expect(s.board.locator(".tv-log [data-type=diplomacy_used]")).to_contain_text("sits out")
        assert await axe_violations(s.board) == []
        assert s.errors == [], s.errors
