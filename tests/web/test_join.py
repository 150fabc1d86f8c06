"""Joining without the QR code: a phone opening the host's root address sees the tables it may join (not
the TV's setup page) and can type a code; an unknown code is said before any name is asked."""

from __future__ import annotations

from playwright.async_api import Browser, expect

from host.tools.phone import create_table
from tests.web.pages import PHONE_390


async def test_phone_at_the_root_joins_by_list_or_code(host_url: str, chromium: Browser) -> None:
    code = await create_table(host_url, "classic", {}, 3)
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    try:
        phone = await ctx.new_page()
        await phone.goto(f"{host_url}/")
        await expect(phone.locator(".join-page h1")).to_have_text("Join a table")
        assert await phone.locator("[data-action=create]").count() == 0  # not the TV's setup page
        listed = phone.locator(f".join-table[data-code={code}]")
        await expect(listed).to_contain_text("7 Wonders")
        await expect(listed).to_contain_text("3 free seats")

        # An unknown code typed by hand: said at once, no name asked.
        await phone.fill("#code", "zzzz")
        await phone.click("[data-action=go]")
        await expect(phone.locator("#error")).to_have_text("No table with the code ZZZZ on this host.")
        assert await phone.locator("#name").count() == 0

        # The right code: the name form of that table, titled with its game.
        await phone.fill("#code", code.lower())
        await phone.click("[data-action=go]")
        await expect(phone.locator(".join-form h1")).to_have_text("7 Wonders")
        await phone.fill("#name", "Ann")
        await phone.click("[data-action=join]")
        await expect(phone.locator(".phone-head .me")).to_have_text("Ann")

        # The sound of the turn alert is off until the player turns it on; the choice is remembered.
        sound = phone.locator("[data-ui=sound]")
        await expect(sound).to_have_attribute("aria-pressed", "false")
        await sound.click()
        await phone.reload()
        await expect(phone.locator("[data-ui=sound]")).to_have_attribute("aria-pressed", "true")
    finally:
        await ctx.close()
