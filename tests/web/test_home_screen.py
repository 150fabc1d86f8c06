""""Add to home screen" from a phone's table page: the page names its table's manifest (web/src/phone.js),
and Chromium reads it without an error and finds the page installable (host/appicon.py)."""

from __future__ import annotations

import json

from playwright.async_api import Browser, expect

from host.tools.phone import create_table
from tests.web.pages import PHONE_390, watch_errors


async def test_a_tables_page_offers_its_table_to_the_home_screen(host_url: str, chromium: Browser) -> None:
    code = await create_table(host_url, "duel")
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    errors: list[str] = []
    try:
        phone = await ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(f"{host_url}/t/{code}")
        await expect(phone.locator("#name")).to_be_visible()
        link = phone.locator("link[rel=manifest]")
        await expect(link).to_have_attribute("href", f"/t/{code}/manifest.webmanifest")
        cdp = await ctx.new_cdp_session(phone)
        got = await cdp.send("Page.getAppManifest")
        assert got["url"] == f"{host_url}/t/{code}/manifest.webmanifest"
        assert got["errors"] == [], got["errors"]
        manifest = json.loads(got["data"])
        assert manifest["start_url"] == f"/t/{code}"
        # Installable, but for the test browser's private profile (Playwright's contexts are incognito).
        problems = (await cdp.send("Page.getInstallabilityErrors"))["installabilityErrors"]
        assert [p["errorId"] for p in problems if p["errorId"] != "in-incognito"] == []
        assert errors == []
    finally:
        await ctx.close()
