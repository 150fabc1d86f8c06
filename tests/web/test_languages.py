"""Every phone in its player's language, the TV in its own: a short Duel with one phone in Persian (right to
left, Persian digits) and one in Greek, the TV in English; a 7 Wonders game with the TV in Polish, chosen in
the lobby; then the same TV reloaded in Persian. Checked: the language each screen starts in (the browser's)
and keeps (localStorage), official piece names, nothing overflowing, the page direction, and the pictures
that keep their direction in Persian (the Duel track, the 7 Wonders ring and its neighbour arrows)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, expect

from host.tools.phone import create_table
from tests.web.measure import hidden_effects, overflows, ring_problems, sideways
from tests.web.pages import PHONE, TV, shot, tap_first_action, watch_errors
from tests.web.scene import BuilderPhone, Scene, advance
from tests.web.test_cities import MAX_ROUNDS, BlackBuilder

PERSIAN = re.compile(r"[\u0600-\u06ff]")
GREEK = re.compile(r"[\u0370-\u03ff]")
LATIN_DIGIT = re.compile(r"[0-9]")
LANG_DIR = "[document.documentElement.lang, document.documentElement.dir]"


async def phone_in(chromium: Browser, locale: str) -> BrowserContext:
    return await chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=locale)


async def join(ctx: BrowserContext, url: str, name: str, errors: list[str]) -> Page:
    page = await ctx.new_page()
    watch_errors(page, errors)
    await page.goto(url)
    await page.fill("#name", name)
    await page.click("[data-action=join]")
    await expect(page.locator(".phone-head .me")).to_have_text(name)
    return page


async def layout_problems(page: Page) -> list[str]:
    """A phone page wider than its screen, or a header whose content does not fit its width."""
    out = await sideways(page)
    head = await page.evaluate("(() => { const h = document.querySelector('.phone-head');"
                               " return [h.scrollWidth, h.clientWidth]; })()")
    if head[0] > head[1] + 1:
        out.append(f"header {head[0]} > {head[1]}")
    return out


async def x_of(page: Page, selector: str) -> float:
    return float(await page.evaluate(f"document.querySelector({selector!r}).getBoundingClientRect().left"))


async def test_duel_with_a_persian_and_a_greek_phone(host_url: str, chromium: Browser, shots) -> None:
    errors: list[str] = []
    code = await create_table(host_url, "duel", {"first_game_wonders": True}, 2)
    board_ctx = await chromium.new_context(viewport=TV, locale="en-US")
    fa_ctx, el_ctx = await phone_in(chromium, "fa-IR"), await phone_in(chromium, "el-GR")
    try:
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        await board.goto(f"{host_url}/board/{code}")
        fa = await join(fa_ctx, f"{host_url}/t/{code}", "Dariush", errors)
        el = await join(el_ctx, f"{host_url}/t/{code}", "Eleni", errors)
        # Each screen starts in its browser's language; the TV stays English.
        assert await fa.evaluate(LANG_DIR) == ["fa", "rtl"]
        assert await el.evaluate(LANG_DIR) == ["el", "ltr"]
        assert await board.evaluate("document.documentElement.lang") == "en"
        await board.wait_for_selector(".duel-game")
        for _ in range(40):  # a short game: a few turns each, every tap on the phone whose turn it is
            if int(await board.evaluate("Number(document.body.dataset.step)")) >= 8:
                break
            if not (await tap_first_action(fa) or await tap_first_action(el)):
                await asyncio.sleep(0.1)
        assert int(await board.evaluate("Number(document.body.dataset.step)")) >= 8
        await shot(fa, shots, "duel-phone-fa")
        await shot(el, shots, "duel-phone-el")
        await shot(board, shots, "duel-board-en")

        # Persian: its words, its digits, official names, right to left where direction means reading order.
        fa_text = await fa.inner_text(".phone-main")
        latin = re.findall(r"[A-Za-z]{2,}", fa_text.replace("Dariush", "").replace("Eleni", ""))
        assert PERSIAN.search(fa_text) and latin == [], latin
        assert not LATIN_DIGIT.search(fa_text), "a number in Latin digits on the Persian phone"
        assert "کارت\u200cهای روی میز" in fa_text or "نوبت شما" in fa_text
        mirrored = await x_of(fa, ".phone-head .me") > await x_of(fa, ".phone-head .head-tools")
        assert mirrored, "the header is not mirrored"
        # The conflict track keeps seat 0 (Dariush) on the left and seat 1 on the right, as on the TV.
        ends = fa.locator(".track-ends .end")
        if await ends.count() == 2:
            first, second = await ends.nth(0).bounding_box(), await ends.nth(1).bounding_box()
            assert first and second and first["x"] < second["x"]
            assert await fa.evaluate("getComputedStyle(document.querySelector('.track')).direction") == "ltr"
        # Greek: its words and names.
        el_text = await el.inner_text(".phone-main")
        assert GREEK.search(el_text) and "Η σειρά σας" in el_text or "Τελευταία κίνηση" in el_text, el_text
        for page in (fa, el):
            assert await layout_problems(page) == []

        # Changed in game, remembered on reload; the TV is not affected.
        await el.click("[data-ui=history]")
        await expect(el.locator("#sheet .log-list")).to_contain_text("κατασκεύασε")
        await el.click("#sheet [data-ui=close]")
        await el.select_option("[data-ui=language]", "ro")
        await expect(el.locator("html")).to_have_attribute("lang", "ro")
        await el.click("[data-ui=history]")  # the history said again in the new language
        await expect(el.locator("#sheet .log-list")).to_contain_text("a construit")
        assert "κατασκεύασε" not in await el.inner_text("#sheet .log-list")
        await el.click("#sheet [data-ui=close]")
        await el.reload()
        await expect(el.locator(".phone-head .me")).to_have_text("Eleni")
        assert await el.evaluate("document.documentElement.lang") == "ro"
        assert await el.evaluate("localStorage.getItem('wt.lang.phone')") == "ro"
        assert await board.evaluate("document.documentElement.lang") == "en"

        # The TV in Persian: right to left, yet each city and each end of the track stays on its side.
        await board.evaluate("localStorage.setItem('wt.lang.board', 'fa')")
        await board.reload()
        await board.wait_for_selector(".duel-game .duel-city[data-seat='1']")
        await board.wait_for_timeout(300)
        assert await board.evaluate("document.documentElement.dir") == "rtl"
        await shot(board, shots, "duel-board-fa")
        left = await board.locator(".duel-city[data-seat='0']").bounding_box()
        right = await board.locator(".duel-city[data-seat='1']").bounding_box()
        assert left and right and left["x"] < right["x"]
        ends = board.locator(".track-ends .end")
        first, second = await ends.nth(0).bounding_box(), await ends.nth(1).bounding_box()
        assert first and second and first["x"] < second["x"]
        assert "Dariush" in await ends.nth(0).inner_text()
        assert await overflows(board) == []
        for lang in ("el", "ro", "pl"):  # the longer names of the other languages fit the TV too
            await board.evaluate(f"localStorage.setItem('wt.lang.board', '{lang}')")
            await board.reload()
            await board.wait_for_selector(".duel-game .duel-city[data-seat='1']")
            await board.wait_for_timeout(300)
            await shot(board, shots, f"duel-board-{lang}")
            assert await overflows(board) == [], lang
            count, missing = await hidden_effects(board)
            assert count > 10 and missing == [], (lang, missing)
        assert errors == [], errors
    finally:
        for ctx in (board_ctx, fa_ctx, el_ctx):
            await ctx.close()


async def test_classic_with_the_tv_in_polish(host_url: str, chromium: Browser, shots) -> None:
    errors: list[str] = []
    code = await create_table(host_url, "classic", {"sides": "A"}, 3)
    board_ctx = await chromium.new_context(viewport=TV, locale="en-US")
    fa_ctx = await phone_in(chromium, "fa")
    bots = [BuilderPhone(host_url, code, name, seed=40 + i)
            for i, name in enumerate(("Bogdan", "Cezary"))]
    try:
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        await board.goto(f"{host_url}/board/{code}")
        await expect(board.locator("#table-code")).to_have_text(code)
        assert await board.evaluate("document.documentElement.lang") == "en"
        # The TV's language is chosen in its lobby.
        await board.select_option("[data-ui=language]", "pl")
        await expect(board.locator(".lobby h2")).to_have_text("Gracze")
        await expect(board.locator(".lobby h1")).to_have_text("7 Cudów Świata")
        await shot(board, shots, "lobby-pl")
        assert await overflows(board) == []
        fa = await join(fa_ctx, f"{host_url}/t/{code}", "Ania", errors)
        for bot in bots:
            await bot.join()
        s = Scene(code, board, fa, bots, [], errors)
        await advance(s, 3 * 8)
        await board.wait_for_timeout(2600)
        await shot(board, shots, "classic-board-pl")
        text = await board.inner_text("body")
        assert "Epoka" in text and re.search(r"Karty przechodzą w (lewo|prawo)", text), text[:400]
        cities_pl = ("Efez", "Aleksandria", "Halikarnas", "Olimpia", "Rodos", "Babilon", "Giza")
        assert any(city in text for city in cities_pl), text[:400]
        assert await overflows(board) == []
        cities, problems = await ring_problems(board)
        assert cities == 3 and problems == [], problems
        assert await board.evaluate("localStorage.getItem('wt.lang.board')") == "pl"
        # The Persian phone at the same table: right to left, and the neighbour marks as drawn (◀ left).
        await shot(fa, shots, "classic-phone-fa")
        assert await fa.evaluate(LANG_DIR) == ["fa", "rtl"]
        assert await layout_problems(fa) == []
        assert PERSIAN.search(await fa.inner_text(".phone-main"))
        marks = fa.locator(".whose")
        for i in range(await marks.count()):
            assert await marks.nth(i).evaluate("el => getComputedStyle(el).direction") == "ltr"

        # The same TV in Persian: right to left, yet the ring keeps its places and its arrows.
        await board.evaluate("localStorage.setItem('wt.lang.board', 'fa')")
        await board.reload()
        await board.wait_for_selector(".classic-game")
        await board.wait_for_timeout(500)
        assert await board.evaluate(LANG_DIR) == ["fa", "rtl"]
        await shot(board, shots, "classic-board-fa")
        cities, problems = await ring_problems(board)
        assert cities == 3 and problems == [], problems
        assert await overflows(board) == []
        assert errors == [], errors
    finally:
        for bot in bots:
            await bot.close()
        for ctx in (board_ctx, fa_ctx):
            await ctx.close()


async def test_the_join_page_at_the_root_address_in_persian(host_url: str, chromium: Browser) -> None:
    """A phone opening the host's address sees the join page in its language, in a readable size, and can
    change the language there (remembered for the table's page too)."""
    errors: list[str] = []
    await create_table(host_url, "duel", {}, 2)
    ctx = await phone_in(chromium, "fa-IR")
    try:
        page = await ctx.new_page()
        watch_errors(page, errors)
        await page.goto(f"{host_url}/")
        await expect(page.locator(".join-page h1")).to_have_text("پیوستن به یک میز")
        assert await page.evaluate(LANG_DIR) == ["fa", "rtl"]
        size = await page.locator(".join-page h1").evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
        assert size >= 20
        assert await sideways(page) == []
        await page.select_option("[data-ui=language]", "pl")
        await expect(page.locator(".join-page h1")).to_have_text("Dołącz do stołu")
        assert await page.evaluate("localStorage.getItem('wt.lang.phone')") == "pl"
        assert errors == [], errors
    finally:
        await ctx.close()


class PetraFirst(BlackBuilder):
    """A bot that builds a wonder stage whenever it can (Petra B's first makes every other player lose 2
    coins), else a coin-loss or diplomacy black card, else as a builder."""

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        stages = [a for a in current["legal_actions"] if a.get("type") == "wonder"]
        if stages:
            return min(stages, key=lambda a: int(a.get("left", 0)) + int(a.get("right", 0)))
        return await super().choose(current)


async def test_cities_with_the_tv_in_polish_and_a_persian_phone(
    host_url: str, chromium: Browser, shots
) -> None:
    """Cities in two languages: the TV in Polish names Petra as the Polish rulebook prints it and says the
    debt decision in the rulebook's words; the Persian phone's debt decision is right to left, in Persian
    digits, fits its screen, and once confirmed the TV's log says it in Polish."""
    errors: list[str] = []
    options = {"sides": "A", "cities": True, "wonders": [{}, {"board": "petra", "side": "B"}, {}]}
    code = await create_table(host_url, "classic", options, 3)
    board_ctx = await chromium.new_context(viewport=TV, locale="pl-PL")
    fa_ctx = await phone_in(chromium, "fa")
    bots = [PetraFirst(host_url, code, "Bogdan", seed=61), BlackBuilder(host_url, code, "Cezary", seed=62)]
    tasks: list[asyncio.Task[Any]] = []
    try:
        board = await board_ctx.new_page()
        watch_errors(board, errors)
        await board.goto(f"{host_url}/board/{code}")
        await expect(board.locator(".lobby h2")).to_have_text("Gracze")  # the browser's language
        await expect(board.locator(".lobby-info .note")).to_contain_text("z Miastami")
        fa = await join(fa_ctx, f"{host_url}/t/{code}", "Ania", errors)
        for bot in bots:
            await bot.join()
        await expect(board.locator(".classic-city[data-city='1'] .board-name")).to_contain_text("Petra B")
        tasks = [asyncio.create_task(bot.play()) for bot in bots]
        prompt = fa.locator("#prompt .debt-prompt")
        for _ in range(MAX_ROUNDS):
            if await prompt.count() or await board.locator("#final-scores").count():
                break
            for task in tasks:
                if task.done() and task.exception():
                    raise task.exception()  # type: ignore[misc]
            if not await tap_first_action(fa, prefer_wonder=False):
                await asyncio.sleep(0.05)
        assert await prompt.count(), "no debt decision came to the Persian phone"
        await shot(fa, shots, "cities-debt-fa")
        await shot(board, shots, "cities-board-pl")
        assert await fa.evaluate(LANG_DIR) == ["fa", "rtl"]
        said = await prompt.inner_text()
        assert PERSIAN.search(said) and not LATIN_DIGIT.search(said), said
        assert await layout_problems(fa) == []
        await expect(board.locator("#pending")).to_contain_text("Decyzja w sprawie długu")
        await expect(board.locator(".classic-city[data-city='0'] .state.deciding")).to_contain_text("dług")
        assert await overflows(board) == []
        seq = await fa.evaluate("document.body.dataset.seq")
        await prompt.locator(".debt-option").first.click()
        await fa.locator("#sheet .acts button[data-action=pay_debt]").click()
        await fa.wait_for_function("seq => document.body.dataset.seq !== seq", arg=seq)
        await expect(board.locator(".tv-log")).to_contain_text(re.compile(r"Ania (płaci|bierze)"))
        assert errors == [], errors
    finally:
        for task in tasks:
            task.cancel()
        for bot in bots:
            await bot.close()
        for ctx in (board_ctx, fa_ctx):
            await ctx.close()
