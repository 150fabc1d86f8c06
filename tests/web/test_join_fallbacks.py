"""Join fallbacks: the unknown-code page fits a 360 px phone, every refusal a phone can get has words in
every language (by its error code), and the list of tables to join leaves out abandoned ones."""

from __future__ import annotations

import json
import re
from pathlib import Path

import socketio
from playwright.async_api import Browser, expect

from host.errors import CODES
from host.tools.phone import create_table
from host.wire import JsMsgPackPacket
from tests.web.pages import PHONE, PHONE_390, shot

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "el", "fa", "ro", "pl")
ERROR_ROW = re.compile(r"^\| `([a-z_]+)` \|", re.MULTILINE)


def error_table() -> set[str]:
    """The codes of docs/protocol.md's error table."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    return set(ERROR_ROW.findall(text.split("## Errors", 1)[1].split("\n## ", 1)[0]))


def test_every_refusal_has_words_in_every_language() -> None:
    codes = error_table()
    assert codes == set(CODES), codes ^ set(CODES)  # the table documents exactly the host's codes
    for lang in LANGS:
        path = ROOT / "web" / "src" / "lib" / "strings" / f"{lang}.json"
        strings = json.loads(path.read_text(encoding="utf-8"))
        missing = sorted(code for code in codes if not strings.get(f"err.{code}"))
        assert not missing, (lang, missing)


async def test_the_unknown_code_page_fits_a_small_phone(host_url: str, chromium: Browser,
                                                        shots: Path | None) -> None:
    for size in (PHONE, PHONE_390):
        ctx = await chromium.new_context(viewport=size, has_touch=True, is_mobile=True)
        try:
            phone = await ctx.new_page()
            await phone.goto(f"{host_url}/t/ZZZZ")
            await expect(phone.locator("#error")).to_have_text("No table with the code ZZZZ on this host.")
            assert await phone.evaluate("document.documentElement.scrollWidth") <= size["width"]
            button = await phone.locator("[data-action=go]").bounding_box()
            assert button is not None and button["x"] + button["width"] <= size["width"]
            await shot(phone, shots, f"phone-unknown-code-{size['width']}")
        finally:
            await ctx.close()


async def test_the_list_leaves_out_abandoned_tables(host_url: str, chromium: Browser) -> None:
    fresh = await create_table(host_url, "duel", {}, 2)  # just set up: nobody has sat yet
    lively = await create_table(host_url, "classic", {}, 3)
    abandoned = await create_table(host_url, "classic", {}, 4)
    here = socketio.AsyncClient(serializer=JsMsgPackPacket)
    gone = socketio.AsyncClient(serializer=JsMsgPackPacket)
    for client, code, name in ((here, lively, "Ann"), (gone, abandoned, "Bob")):
        await client.connect(host_url, transports=["websocket"])
        assert (await client.call("join", {"code": code, "name": name}))["ok"]
    await gone.disconnect()  # Bob's phone left: nobody sits at that table any more
    ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
    try:
        phone = await ctx.new_page()
        await phone.goto(f"{host_url}/")
        await expect(phone.locator(f".join-table[data-code={lively}]")).to_be_visible()
        await expect(phone.locator(f".join-table[data-code={fresh}]")).to_be_visible()
        assert await phone.locator(f".join-table[data-code={abandoned}]").count() == 0
        # Still joinable by its code (the list only hides it).
        await phone.fill("#code", abandoned)
        await phone.click("[data-action=go]")
        await expect(phone.locator("#name")).to_be_visible()
    finally:
        await ctx.close()
        await here.disconnect()
