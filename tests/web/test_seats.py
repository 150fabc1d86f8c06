"""Seats in the browser: the same seat opened twice, an away seat released and taken by a new phone."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser, expect

from tests.web.pages import PHONE
from tests.web.scene import advance, scene


async def test_release_away_seat_and_take_it_with_a_new_phone(
    host_url: str, chromium: Browser, shots: Path | None
) -> None:
    board_ctx = await chromium.new_context(viewport={"width": 1280, "height": 720})
    ann_ctx, bo_ctx, cy_ctx = [await chromium.new_context(viewport=PHONE) for _ in range(3)]
    try:
        board = await board_ctx.new_page()
        await board.goto(f"{host_url}/")
        await board.check("#opt-first-game")
        await board.click("[data-action=create]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        await expect(board.locator(".lobby")).to_contain_text("First-game wonders")

        ann = await ann_ctx.new_page()
        await ann.goto(join_url)
        await ann.fill("#name", "Ann")
        await ann.click("[data-action=join]")
        bo = await bo_ctx.new_page()
        await bo.goto(join_url)
        await bo.fill("#name", "Bo")
        await bo.click("[data-action=join]")

        # A seated phone may start the game too; no draft with the first-game wonder set.
        await ann.click("[data-action=start]")
        await expect(board.locator(".status .phase")).to_have_text("Age 1")
        pending = board.locator("#pending")
        await expect(pending).to_contain_text("takes a card")
        first_name = (await pending.inner_text()).split()[0]
        first_ctx, first, other_ctx, other_name = (
            (ann_ctx, ann, bo_ctx, "Bo") if first_name == "Ann" else (bo_ctx, bo, ann_ctx, "Ann")
        )
        await expect(first.locator("#prompt .hand button.card").first).to_be_visible()

        # The same seat opened in a second tab: the newest wins, the old tab says so and stays closed.
        again = await first_ctx.new_page()
        await again.goto(join_url)
        await expect(again.locator(".phone-head .me")).to_have_text(first_name)
        await expect(first.locator("#conn [data-ui=reconnect]")).to_be_visible()
        await first.close()

        # The other phone dies: the board shows its seat away and releases it; Cy takes it over.
        await other_ctx.close()
        away = board.locator(".pill.away", has_text=other_name)
        await expect(away).to_have_count(1)
        await expect(away).to_contain_text("away")  # said in words, not only by a colour
        await away.locator("[data-action=release]").click()
        cy = await cy_ctx.new_page()
        await cy.goto(join_url)
        await cy.fill("#name", "Cy")
        await cy.click("[data-action=join]")
        await expect(cy.locator(".phone-head .me")).to_have_text("Cy")
        await expect(board.locator(".pill.on", has_text="Cy")).to_have_count(1)

        # The first player discards a card; then Cy has the turn in the released seat.
        await again.locator("#prompt .hand button.card").first.click()
        await again.locator("#sheet button[data-action=discard]").click()
        await expect(cy.locator("#prompt .hand button.card").first).to_be_enabled()
        await expect(again.locator("#prompt .wait")).to_contain_text("Cy")
        if shots is not None:
            await board.screenshot(path=str(shots / "board-laptop.png"))
    finally:
        for ctx in (board_ctx, ann_ctx, bo_ctx, cy_ctx):
            await ctx.close()  # closing a context twice is harmless


async def test_classic_board_shows_an_away_seat_in_the_header_and_in_its_city(
    host_url: str, chromium: Browser
) -> None:
    """7 Wonders' header lists only the seats that are away (every city names its player), and the city of
    an away seat says so in words."""
    async with scene(chromium, host_url, "classic", 3, seed=11) as s:
        await advance(s, 2)
        await expect(s.board.locator(".status .pill")).to_have_count(0)
        bo = s.bots[0]
        await bo.close()
        await expect(s.board.locator(".status .pill.away", has_text=bo.name)).to_contain_text("away")
        city = s.board.locator(".classic-city", has=s.board.locator(".city-name", has_text=bo.name))
        await expect(city.locator(".state.away")).to_contain_text("away")
        await expect(s.board.locator(".classic-city .state.away")).to_have_count(1)
        assert s.errors == [], s.errors
