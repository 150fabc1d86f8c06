"""What every browser test does with the pages: screen sizes, joining phones, tapping, error watch."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from playwright.async_api import Browser, BrowserContext, ConsoleMessage, Error, Page, expect

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}
PHONE_390 = {"width": 390, "height": 844}
OPENER = "#prompt .hand button.card, #prompt .picks button"  # first tap: opens a card or a pick
CAN_OPEN = "#prompt .hand button.card.can, #prompt .picks button"
SHEET_ACTION = "#sheet .acts button:enabled"
# preferred, so wonder effects and prompts occur
SHEET_WONDER = "#sheet .acts button[data-action=wonder]:enabled"


async def shot(page: Page, folder: Path | None, name: str) -> None:
    """A full-page screenshot into ``folder`` when screenshots are asked for (WT_SCREENSHOTS)."""
    if folder is not None:
        await page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


async def attribute_now(page: Page, selector: str, name: str) -> str | None:
    """The attribute ``name`` of the first element matching ``selector`` at this instant, or None when there
    is none (read in one step: an element that goes away between a count and a read cannot stall a test)."""
    value = await page.evaluate(
        "([sel, name]) => document.querySelector(sel)?.getAttribute(name) ?? null", [selector, name])
    return value if isinstance(value, str) else None


def watch_errors(page: Page, errors: list[str]) -> None:
    """Collect uncaught page errors and console errors of a page."""
    page.on("pageerror", lambda exc: errors.append(f"{page.url}: {exc}"))

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            errors.append(f"{page.url}: console: {msg.text}")

    page.on("console", on_console)


async def join_phones(
    ctxs: list[BrowserContext], names: list[str] | tuple[str, ...], join_url: str, errors: list[str]
) -> list[Page]:
    """Open the join URL in each context, type the name, take a seat; the phone pages."""
    phones = []
    for ctx, name in zip(ctxs, names, strict=True):
        phone = await ctx.new_page()
        watch_errors(phone, errors)
        await phone.goto(join_url)
        await phone.fill("#name", name)
        await phone.click("[data-action=join]")
        await expect(phone.locator(".phone-head .me")).to_have_text(name)
        phones.append(phone)
    return phones


async def close_sheet(phone: Page) -> None:
    """Close the phone's sheet if one is open and wait until it is gone: a sheet left open would cover the
    next tap's card."""
    sheet = phone.locator("#sheet")
    if await sheet.count():
        with contextlib.suppress(Error):  # it may close by itself when a new view arrives
            await phone.locator("#sheet [data-ui=close]").click(timeout=1000)
        await expect(sheet).to_have_count(0)


async def tap_first_action(phone: Page, *, prefer_wonder: bool = True) -> bool:
    """Select, then act: tap a card (or pick) of the prompt, check that this alone sent nothing and opened
    its sheet, then tap an action there (a wonder when one is enabled) and wait for the next view or an
    error. False if the phone has nothing to tap (it has chosen, or another must act)."""
    opener = phone.locator(CAN_OPEN)
    if await opener.count() == 0:
        opener = phone.locator(OPENER)
    if await opener.count() == 0:
        return False
    seq = await phone.evaluate("document.body.dataset.seq")
    sent = await phone.evaluate("document.body.dataset.sent")
    try:
        await opener.first.click(timeout=2000)
        await phone.locator("#sheet").wait_for(timeout=2000)
    except Error:
        return False  # re-rendered between finding and clicking: look again
    assert await phone.evaluate("document.body.dataset.sent") == sent, "a single tap played a move"
    selector = SHEET_WONDER if prefer_wonder and await phone.locator(SHEET_WONDER).count() else SHEET_ACTION
    if await phone.locator(selector).count() == 0:
        await close_sheet(phone)
        return False
    try:
        await phone.locator(selector).first.click(timeout=2000)
        # The sheet may have been drawn anew under the tap: only a tap that sent the action counts.
        await phone.wait_for_function("sent => document.body.dataset.sent !== sent", arg=sent, timeout=2000)
    except Error:
        await close_sheet(phone)
        return False
    await phone.wait_for_function(
        "seq => document.body.dataset.seq !== seq || document.querySelector('#error')", arg=seq
    )
    error = phone.locator("#error")
    assert await error.count() == 0, await error.inner_text()
    return True


@asynccontextmanager
async def couch(
    chromium: Browser, phones: int, errors: list[str]
) -> AsyncIterator[tuple[Page, list[BrowserContext]]]:
    """A TV-sized board page (its errors watched) and one phone-sized context per player, each with its
    own storage; every context is closed on the way out, before the host stops."""
    board_ctx = await chromium.new_context(viewport=TV)
    phone_ctxs = [await chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
                  for _ in range(phones)]
    try:
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        yield board, phone_ctxs
    finally:
        for ctx in (board_ctx, *phone_ctxs):
            await ctx.close()


def score_value(text: str) -> int:
    """A score pad's cell as a number (negatives are written with a true minus sign, U+2212)."""
    return int(text.strip().replace("\u2212", "-"))
