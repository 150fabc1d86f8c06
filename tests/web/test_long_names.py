"""The longest names the host accepts (24 wide characters, no spaces) never make a page overflow."""

from __future__ import annotations

from playwright.async_api import Browser, Page, expect

from host.names import NAME_MAX
from tests.web.pages import couch, join_phones

NAMES = ("W" * NAME_MAX, "Ｍ" * NAME_MAX)  # Latin capitals and full-width letters, no break possible
NO_SIDEWAYS = "document.scrollingElement.scrollWidth <= innerWidth + 1"


async def no_overflow(page: Page, what: str) -> None:
    width = await page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert await page.evaluate(NO_SIDEWAYS), (what, width)


async def test_longest_names_fit_the_lobby_and_the_game(host_url: str, chromium: Browser) -> None:
    errors: list[str] = []
    async with couch(chromium, len(NAMES), errors) as (board, phone_ctxs):
        await board.goto(f"{host_url}/")
        await board.click("[data-action=create]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        phones = await join_phones(phone_ctxs, NAMES, join_url, errors)
        for name in NAMES:
            await expect(board.locator(".seat.on", has_text=name)).to_have_count(1)
        await no_overflow(board, "board lobby")
        for n, phone in enumerate(phones):
            await no_overflow(phone, f"phone {n} lobby")
        await board.click("[data-action=start]")
        await expect(board.locator(".game")).to_be_visible()
        await no_overflow(board, "board game")
        for n, phone in enumerate(phones):
            await expect(phone.locator("#prompt")).to_be_visible()
            await no_overflow(phone, f"phone {n} game")
    assert errors == []
