"""A phone is the TV's remote: the TV shows a set-up code, the phone that scans it sets the table up and
runs its lobby (bots, clock, start); the TV follows at once. The TV can show a take-over code, and a
replayed code is refused in the phone's own language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.async_api import Browser, Page, expect

from tests.web.pages import PHONE_390, TV, shot, watch_errors

STRINGS = Path(__file__).resolve().parents[2] / "web" / "src" / "lib" / "strings"
SECRET_IN_QR = re.compile(r"/qr/setup/([A-Za-z0-9_-]+)\.svg$")


async def shown_secret(tv: Page, selector: str) -> str:
    """The secret of the QR code the TV shows (what a phone's camera reads from the screen)."""
    src = await tv.locator(f"{selector} img.qr").get_attribute("src")
    match = SECRET_IN_QR.search(src or "")
    assert match, src
    return match.group(1)


async def test_the_phone_that_scans_the_tv_sets_up_the_table(host_url: str, chromium: Browser,
                                                             shots: Path | None) -> None:
    errors: list[str] = []
    tv_ctx = await chromium.new_context(viewport=TV)
    ana_ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    bea_ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    fa_ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    try:
        tv = await tv_ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{host_url}/")
        await expect(tv.locator("#setup-code img.qr")).to_be_visible()
        await expect(tv.locator("#join-code img.qr")).to_have_attribute("src", "/qr/host.svg")
        await shot(tv, shots, "tv-home-codes")
        secret = await shown_secret(tv, "#setup-code")

        ana = await ana_ctx.new_page()
        watch_errors(ana, errors)
        await ana.goto(f"{host_url}/setup/{secret}")
        await expect(ana.locator("#setup")).to_be_visible()
        assert secret not in ana.url  # the address forgets the secret: a reload never replays it
        # The TV's code is single use: a fresh one is on screen at once.
        await expect(tv.locator("#setup-code img.qr")).not_to_have_attribute("src", f"/qr/setup/{secret}.svg")
        await ana.select_option("#cl-seats", "4")
        await ana.check("#cl-cities")
        await shot(ana, shots, "phone-setup")
        assert await ana.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
        await ana.click("[data-action=create-classic]")

        # The TV follows the new table at once; the phone takes a seat there.
        await expect(tv.locator(".lobby #table-code")).to_be_visible()
        code = (await tv.locator("#table-code").inner_text()).strip()
        await expect(tv.locator("#remote-bar")).to_contain_text("a phone not seated yet")
        await expect(ana).to_have_url(re.compile(f"/t/{code}$"))
        await ana.fill("#name", "Ana")
        await ana.click("[data-action=join]")
        await expect(ana.locator("#remote-note")).to_be_visible()
        await expect(tv.locator("#remote-bar")).to_contain_text("Remote: Ana's phone")
        # The remote's lobby: a bot on two seats, the clock.
        await ana.click("[data-action=set-bot][data-seat='1'][data-level=easy]")
        await ana.click("[data-action=set-bot][data-seat='2'][data-level=random]")
        await expect(tv.locator(".seat.bot[data-seat='2']")).to_be_visible()
        await ana.click("[data-action=clock][data-clock='60']")
        await expect(tv.locator("#clock-setting [data-clock='60']")).to_have_attribute("aria-pressed", "true")
        await shot(ana, shots, "phone-remote-lobby")

        # Bea joins; the TV shows a take-over code (its Back key, then the menu) and Bea scans it.
        bea = await bea_ctx.new_page()
        watch_errors(bea, errors)
        await bea.goto(f"{host_url}/t/{code}")
        await bea.fill("#name", "Bea")
        await bea.click("[data-action=join]")
        await expect(bea.locator(".phone-lobby")).to_be_visible()
        assert await bea.locator("[data-action=set-bot]").count() == 0  # a player is not the remote
        await tv.keyboard.press("Escape")
        await tv.click("#board-menu [data-action=show-takeover]")
        await expect(tv.locator("#takeover-code img.qr")).to_be_visible()
        await shot(tv, shots, "tv-takeover-code")
        taken = await shown_secret(tv, "#takeover-code")
        await bea.goto(f"{host_url}/setup/{taken}")
        await expect(bea.locator("#remote-note")).to_be_visible()
        await expect(ana.locator("#remote-note")).to_have_count(0)
        await expect(tv.locator("#takeover-code")).to_have_count(0)
        await expect(tv.locator("#remote-bar")).to_contain_text("Remote: Bea's phone")
        await bea.click("[data-action=start]")
        await expect(tv.locator("body[data-state=playing]")).to_have_count(1)
        # In game the remote's tools are a sheet: Bea hands the remote to Ana.
        await bea.click("[data-ui=remote]")
        await expect(bea.locator("#host-tools")).to_be_visible()
        await shot(bea, shots, "phone-remote-sheet")
        await bea.click("#host-tools [data-action=hand-host][data-seat='0']")
        await expect(ana.locator("[data-ui=remote]")).to_be_visible()
        await expect(ana.locator(".toast")).to_contain_text(["This phone is now the remote."])
        await expect(bea.locator("[data-ui=remote]")).to_have_count(0)
        await expect(bea.locator("#host-tools")).to_have_count(0)

        # A replayed code, on a phone in Persian: refused in Persian.
        fa = await fa_ctx.new_page()
        await fa.add_init_script("localStorage.setItem('wt.lang.phone', 'fa')")
        await fa.goto(f"{host_url}/setup/{secret}")
        persian = json.loads((STRINGS / "fa.json").read_text(encoding="utf-8"))["err.bad_secret"]
        await expect(fa.locator("#error")).to_have_text(persian)
        assert await fa.evaluate("document.documentElement.dir") == "rtl"
        await shot(fa, shots, "phone-fa-replayed-code")
        assert not errors, errors
    finally:
        for ctx in (tv_ctx, ana_ctx, bea_ctx, fa_ctx):
            await ctx.close()
