"""The coach in the browser: the board turns it on when creating a table, every lobby shows it, a phone that
must decide asks for a hint in a Duel and in a 7 Wonders game, sees two translated suggestions, taps one
and it is only selected (its sheet opens, nothing is sent); the TV's log says who asked, and why each bot
played once its move is revealed. Persian (right to
left) fits a 360 px phone. Also: every reason code the engine can return has a string in every language."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, Page, expect

from engine.bots.coach import REASON_PRIORITY
from host.app import create_app
from host.config import BotSettings, HostConfig
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import sideways
from tests.web.pages import PHONE_390, couch, join_phones, shot, tap_first_action
from tests.web.test_bots import set_bot

LANGUAGES = ("en", "el", "fa", "ro", "pl")
STRINGS = Path(__file__).resolve().parents[2] / "web" / "src" / "lib" / "strings"
# The placeholders web/src/lib/coach.js reasonText fills from a reason's parameters.
REASON_VARS = {"name", "n", "card", "from", "wonder", "token", "symbol", "resources", "stage", "pawn",
               "ability", "side", "names"}
UNSAID = re.compile(r"\{\w+\}|coach\.|undefined")  # a placeholder or key left in a rendered line


def test_every_reason_code_the_engine_can_return_has_a_string_in_every_language() -> None:
    for lang in LANGUAGES:
        strings = json.loads((STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [code for code in REASON_PRIORITY if f"coach.reason.{code}" not in strings]
        assert missing == [], f"{lang} lacks reasons {missing}"
        for key in [k for k in strings if k.startswith("coach.reason.")]:
            assert set(re.findall(r"\{(\w+)\}", strings[key])) <= REASON_VARS, (lang, key)
        assert "notice.asked_coach" in strings and "err.coach_off" in strings and "err.stale" in strings
        assert set(re.findall(r"\{(\w+)\}", strings["notice.bot_reason"])) == {"name", "reason"}, lang


@pytest_asyncio.fixture(loop_scope=LOOP)
async def coach_host_url(tmp_path: Path) -> AsyncIterator[str]:
    """The real host with a brief coach (0.3 CPU-s a hint) and briefly paced bots in one worker."""
    if not (WEB_DIST / "board.js").is_file():
        pytest.fail(f"the web pages are not built ({WEB_DIST} is missing): run `make web`")
    bots = BotSettings(pace_seconds=0.2, workers=1, coach_seconds=0.3)
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__,
                     config=HostConfig(bots=bots))
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def deciding(phones: list[Page]) -> Page:
    """The phone whose hint button shows (the seat that must decide now)."""
    button = "[data-ui=suggest]"
    for _ in range(200):
        for phone in phones:
            if await phone.locator(button).count():
                return phone
        await phones[0].wait_for_timeout(50)
    raise AssertionError("no phone offers a hint")


async def ask_and_pick(phone: Page) -> list[str]:
    """Ask for a hint, check the two suggestions are said in words, tap the first: only its sheet opens.
    The suggestions' texts."""
    sent = await phone.evaluate("document.body.dataset.sent")
    await phone.click("[data-ui=suggest]")
    hints = phone.locator("#coach .coach-hint")
    await expect(hints).to_have_count(2, timeout=15000)
    texts = [await hints.nth(i).inner_text() for i in range(2)]
    for text in texts:
        label, reason = (part.strip() for part in text.split("\n", 1))
        assert label and reason and not UNSAID.search(text), text
    assert texts[0] != texts[1]
    await hints.first.click()
    await expect(phone.locator("#sheet")).to_be_visible()
    assert await phone.evaluate("document.body.dataset.sent") == sent, "a suggestion played a move"
    return texts


async def test_a_duel_phone_asks_the_coach_and_the_tv_says_so(coach_host_url: str, chromium: Browser,
                                                            shots: Path | None) -> None:
    errors: list[str] = []
    async with couch(chromium, 2, errors) as (board, phone_ctxs):
        await board.goto(f"{coach_host_url}/")
        await board.check("#duel-coach")
        await board.click("[data-action=create][data-game=duel]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        setting = board.locator("#coach-setting")
        await expect(setting.locator("[aria-pressed=true]")).to_have_text("On")
        await setting.locator("[data-coach=off]").click()  # the lobby turns it off and on again
        await expect(setting.locator("[aria-pressed=true]")).to_have_text("Off")
        await setting.locator("[data-coach=on]").click()
        await expect(setting.locator("[aria-pressed=true]")).to_have_text("On")
        phones = await join_phones(phone_ctxs, ["Ann", "Bo"], join_url, errors)
        await expect(phones[1].locator("#coach-setting")).to_contain_text("Coach on")
        await board.click("[data-action=start]")

        phone = await deciding(phones)
        await phone.set_viewport_size(PHONE_390)
        name = await phone.locator(".phone-head .me").inner_text()
        texts = await ask_and_pick(phone)
        # A wonder draft: the suggestion's wonder is the one the sheet asks to confirm.
        wonder = texts[0].split("\n", 1)[0].removeprefix("Choose ").strip()
        await expect(phone.locator("#sheet [data-confirm]")).to_contain_text(wonder)
        await shot(phone, shots, "coach-duel-phone-390")
        asked = board.locator(".log-text").filter(has_text=f"{name} asked the coach for a hint")
        await expect(asked).to_have_count(1)
        await shot(board, shots, "coach-duel-board")
        assert await sideways(phone) == []

        # Persian, right to left, on a 360 px phone: the hints fit.
        await phone.click("#sheet [data-ui=close]")
        await phone.set_viewport_size({"width": 360, "height": 740})
        await phone.select_option("[data-ui=language]", "fa")
        await expect(phone.locator("html")).to_have_attribute("dir", "rtl")
        hints = phone.locator("#coach .coach-hint")
        await expect(hints).to_have_count(2)
        assert not UNSAID.search(await phone.locator("#coach").inner_text())
        assert await sideways(phone) == []
        for i in range(2):  # each hint within the screen's width, its words wrapped, not cut
            box = await hints.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
            assert await hints.nth(i).evaluate("e => e.scrollWidth <= e.clientWidth")
        await shot(phone, shots, "coach-duel-phone-fa-360")
    assert errors == []


async def test_a_classic_phone_asks_the_coach(coach_host_url: str, chromium: Browser,
                                              shots: Path | None) -> None:
    errors: list[str] = []
    async with couch(chromium, 1, errors) as (board, phone_ctxs):
        await board.goto(f"{coach_host_url}/")
        await board.select_option("#cl-seats", "3")
        await board.check("#cl-coach")
        await board.click("[data-action=create-classic]")
        join_url = await board.locator("#join-url").get_attribute("href")
        assert join_url
        await set_bot(board, 1, "easy")
        await set_bot(board, 2, "easy")
        phones = await join_phones(phone_ctxs, ["Ann"], join_url, errors)
        await board.click("[data-action=start]")
        phone = await deciding(phones)
        texts = await ask_and_pick(phone)
        # The suggested card's sheet opens with its actions; nothing was chosen yet.
        card = await phone.locator("#coach .coach-hint").first.get_attribute("data-card")
        assert card
        await expect(phone.locator("#sheet .acts button").first).to_be_visible()
        assert texts[0].split("\n", 1)[0].strip()
        await shot(phone, shots, "coach-classic-phone")
        asked = board.locator(".log-text").filter(has_text="Ann asked the coach for a hint")
        await expect(asked).to_have_count(1)
        # Ann plays: the turn is revealed, and each bot's log line says why it played, in words.
        await phone.click("#sheet [data-ui=close]")
        assert await tap_first_action(phone)
        told = board.locator(".log-entry.notice-bot_reason .log-text")
        await expect(told).to_have_count(2, timeout=15000)
        for text in await told.all_inner_texts():
            name, reason = text.split(": ", 1)
            assert name.strip() and reason.strip() and not UNSAID.search(text), text
        await shot(board, shots, "coach-classic-bot-reasons")
    assert errors == []
