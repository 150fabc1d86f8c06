"""What the browser matrix's scenarios (issue 31; test_matrix_phone.py, test_matrix_tv.py) share: the engines,
one browser of each per test module, a phone's taps and the page probes of measure.js, spoken through the
engine-agnostic interface of tests/web/browsers (a Tab: goto, evaluate, tap, type_text, screenshot, errors).

Every script sent to a page here is written for the oldest engine of the matrix, Chromium 80: no optional
chaining or ``??`` in these snippets (measure.js may use them: Chromium 80 has both), no
``Array.prototype.at``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from aiohttp import web

from host.app import create_app
from host.config import BotSettings, HostConfig
from host.tools.phone import Phone, call, new_client
from tests.web.browsers import launch, require
from tests.web.browsers.base import BrowserError, Engine, Size, Tab, wait_for
from tests.web.conftest import FIRST_SEED, LOOP, WEB_DIST
from tests.web.measure import PROBES

ENGINES = ("chromium", "chromium-80", "chromium-92", "firefox", "webkit")
REFERENCE = "chromium"  # today's Debian chromium: the size levels every other engine must match
WEB_SRC = WEB_DIST.parent / "src"  # the pages' sources (the Duel's names in each language: duel/names)

# What a phone taps (tests/web/pages.py says the same for Playwright): a card of the hand or a pick of a
# prompt opens its sheet; an action of the sheet plays.
OPENER = "#prompt .hand button.card, #prompt .picks button"
CAN_OPEN = "#prompt .hand button.card.can, #prompt .picks button"
SHEET_ACTION = "#sheet .acts button:enabled"
SHEET_WONDER = "#sheet .acts button[data-action=wonder]:enabled"
SHEET_CLOSE = "#sheet [data-ui=close]"

TAP_WAIT = 3.0  # seconds a tap's effect (a sheet opening, a move sent) may take to show
VIEW_WAIT = 10.0  # seconds the host's answer to a move may take to show
POLL = 0.05  # seconds between two looks at a page that is expected to change
SETTLE = 0.4  # seconds for the page's entrances to end (a sheet slides in in 200 ms, a toast in 250 ms)


def size_name(size: Size) -> str:
    return f"{size.width}x{size.height}"


# -- the engines ------------------------------------------------------------------------------------------


async def start_engine(name: str) -> Engine:
    """A running browser of engine ``name``; skipped with one line saying which package is missing when it
    is not installed here (failed instead where every engine is required: CI)."""
    require(name)
    return await launch(name)


def engine_fixture() -> Any:
    """A module's fixture ``engine``: one browser of each engine of the matrix, shared by the module's tests
    (each test opens tabs of its own, each with its own storage)."""

    @pytest_asyncio.fixture(scope="module", loop_scope=LOOP, params=ENGINES)
    async def engine(request: pytest.FixtureRequest) -> AsyncIterator[Engine]:
        browser = await start_engine(request.param)
        try:
            yield browser
        finally:
            await browser.close()

    return engine


@pytest_asyncio.fixture(loop_scope=LOOP)
async def quick_host_url(tmp_path: Path) -> AsyncIterator[str]:
    """The real host, where an away phone's seat may be handed to a bot at once (a toast on the phones) and
    bots play without the pause that lets the table follow them."""
    if not (WEB_DIST / "board.js").is_file() or not (WEB_DIST / "phone.js").is_file():
        pytest.fail(f"the web pages are not built ({WEB_DIST} is missing): run `make web` or `make test`")
    config = HostConfig(bots=BotSettings(takeover_after_seconds=0.0, pace_seconds=0.0))
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__, config=config)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


async def create_lobby(url: str, game: str, seats: int, options: dict[str, Any] | None = None) -> str:
    """A table that waits in its lobby until started (no autostart); its code."""
    sio = new_client()
    await sio.connect(url, transports=["websocket"], auth={"token": None})
    try:
        ack = await call(sio, "create_table", {"game": game, "options": options or {}, "seats": seats})
        return str(ack["code"])
    finally:
        await sio.disconnect()


async def hand_to_bot(url: str, code: str, phone: Phone, task: asyncio.Task[Any] | None) -> None:
    """A headless phone goes away (its play stopped, its connection closed) and the board hands its seat
    to an easy bot, as soon as the host takes the seat for away."""
    if task is not None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    await phone.sio.disconnect()
    board = new_client()
    await board.connect(url, transports=["websocket"])
    try:
        await board.call("watch", {"code": code})  # loopback: the board's rights
        for _ in range(100):
            ack = await board.call("set_bot", {"code": code, "seat": phone.seat, "level": "easy"})
            if ack.get("ok"):
                return
            await asyncio.sleep(min(float(ack.get("retry_after") or 0.1), 0.5))
        raise AssertionError(f"the board could not hand seat {phone.seat} to a bot: {ack!r}")
    finally:
        await board.disconnect()


# -- reading a page ---------------------------------------------------------------------------------------


async def probe(tab: Tab, name: str, *args: Any) -> Any:
    """One of measure.js's probes (``sideways``, ``overflow``, ``clipped``, ...) run in the page."""
    return await tab.evaluate(f"function () {{ var p = ({PROBES}); return p.{name}.apply(p, arguments); }}",
                              *args)


async def count(tab: Tab, selector: str) -> int:
    return int(await tab.evaluate("(sel) => document.querySelectorAll(sel).length", selector))


async def text(tab: Tab, selector: str) -> str | None:
    """The text of the first element matching ``selector`` (its textContent, trimmed), or None."""
    found = await tab.evaluate(
        "(sel) => { const el = document.querySelector(sel); return el ? el.textContent.trim() : null; }",
        selector)
    return found if isinstance(found, str) else None


async def attribute(tab: Tab, selector: str, name: str) -> str | None:
    found = await tab.evaluate(
        "(sel, name) => { const el = document.querySelector(sel);"
        " return el ? el.getAttribute(name) : null; }", selector, name)
    return found if isinstance(found, str) else None


# What a page shows, for a failure's message: its address, its body's data and the start of its text.
PAGE_NOW = """() => ({ url: location.href, data: Object.assign({}, document.body.dataset),
  text: document.body.innerText.replace(/\\s+/g, " ").slice(0, 400) })"""


async def until(tab: Tab, function: str, *args: Any, timeout: float = VIEW_WAIT) -> Any:
    """wait_for, whose failure also says what the page showed then."""
    try:
        return await wait_for(tab, function, *args, timeout=timeout)
    except BrowserError as error:
        try:
            now = await tab.evaluate(PAGE_NOW)
        except BrowserError as unreadable:
            now = f"(unreadable: {unreadable})"
        raise BrowserError(f"{error}\n  the page: {now}\n  its errors: {await tab.errors()}") from None


async def until_present(tab: Tab, selector: str, timeout: float = VIEW_WAIT) -> None:
    await until(tab, "(sel) => document.querySelector(sel) !== null", selector, timeout=timeout)


async def until_gone(tab: Tab, selector: str, timeout: float = VIEW_WAIT) -> None:
    await until(tab, "(sel) => document.querySelector(sel) === null", selector, timeout=timeout)


async def shot(tab: Tab, folder: Path | None, size: Size, moment: str) -> None:
    """A screenshot of the viewport, ``<engine>-<size>-<moment>.png`` in ``folder`` (WT_SCREENSHOTS)."""
    if folder is not None:
        await asyncio.sleep(SETTLE)  # a sheet or a toast that is sliding in comes to rest
        await tab.screenshot(folder / f"{tab.engine}-{size_name(size)}-{moment}.png")


async def no_errors(*tabs: Tab) -> list[str]:
    """The JavaScript errors of every tab (uncaught exceptions, console errors)."""
    found: list[str] = []
    for tab in tabs:
        found += [f"{tab.engine}: {error}" for error in await tab.errors()]
    return found


# -- a phone ----------------------------------------------------------------------------------------------

# Where a phone is, read in one go: its render counters, the kind of its prompt, an open sheet, the end.
PHONE_STATE = """(canOpen, opener) => {
  const q = (sel) => document.querySelector(sel);
  const body = document.body.dataset;
  const kind = q("#prompt [data-kind]");
  const error = q("#error");
  return {
    seq: body.seq || "", sent: body.sent || "", seat: body.seat || "",
    kind: kind ? kind.dataset.kind : null,
    sheet: q("#sheet") !== null, result: q("#result") !== null,
    error: error ? error.textContent : null,
    opener: q(canOpen) ? canOpen : q(opener) ? opener : null,
  };
}"""


async def phone_state(tab: Tab) -> dict[str, Any]:
    state: dict[str, Any] = await tab.evaluate(PHONE_STATE, CAN_OPEN, OPENER)
    return state


async def join(tab: Tab, url: str, name: str) -> None:
    """The join link's page: type the name, tap join, wait for the seat (the name in the phone's header)."""
    await tab.goto(url)
    await until_present(tab, "#name")
    await tab.type_text("#name", name)
    await tab.tap("[data-action=join]")
    await until(tab, "(name) => { const me = document.querySelector('.phone-head .me');"
                " return me !== null && me.textContent === name; }", name)


# Whether an element has come to rest after its entrance (a sheet slides and fades in): no transform, fully
# opaque. WebKit reports the same box twice in a row while a sheet is still sliding in, so a tap's own wait
# for the element to stop moving is not enough there.
STILL = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const style = getComputedStyle(el);
  const flat = style.transform === "none" || style.transform === "matrix(1, 0, 0, 1, 0, 0)";
  return flat && style.opacity === "1";
}"""


async def until_still(tab: Tab, selector: str) -> None:
    await until(tab, STILL, selector, timeout=TAP_WAIT)


async def close_sheet(tab: Tab) -> None:
    """Close the phone's sheet by its close button if one is open, and wait until it is gone."""
    if await count(tab, "#sheet"):
        with contextlib.suppress(BrowserError):  # it may close by itself (a new view came)
            await until_still(tab, "#sheet")
            await tab.tap(SHEET_CLOSE)
        await until_gone(tab, "#sheet", timeout=TAP_WAIT)


# The sheet a tap opened, once at rest, and whether anything was sent meanwhile (the page's count of moves).
SHEET_OPEN = """(sent) => {
  const sheet = document.querySelector("#sheet");
  if (!sheet) return null;
  const style = getComputedStyle(sheet);
  const flat = style.transform === "none" || style.transform === "matrix(1, 0, 0, 1, 0, 0)";
  if (!flat || style.opacity !== "1") return null;
  return { sent: (document.body.dataset.sent || "") !== sent };
}"""
# After an action's tap: whether the move went out, and whether the next view (or a refusal) came.
AFTER_ACT = """(sent, seq) => {
  const error = document.querySelector("#error");
  return { sent: (document.body.dataset.sent || "") !== sent,
           seen: (document.body.dataset.seq || "") !== seq || error !== null,
           error: error ? error.textContent : null };
}"""


async def open_sheet(tab: Tab, before: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The first tap: a card of the hand (one that can be played, if any) or a pick of the prompt; its sheet
    opens (and comes to rest) and nothing is sent. The phone's state before the tap (``before`` when the
    caller has just read it), or None when it had nothing to tap."""
    if before is None or before["sheet"]:
        await close_sheet(tab)
        before = await phone_state(tab)
    if before["opener"] is None:
        return None
    try:
        await tab.tap(before["opener"])
        opened = await until(tab, SHEET_OPEN, before["sent"], timeout=TAP_WAIT)
    except BrowserError:
        return None  # drawn anew between the look and the tap: look again
    assert not opened["sent"], f"{tab.engine}: a single tap played a move"
    return before


async def tap_first_action(
    tab: Tab, *, prefer_wonder: bool = True, on_sheet: Callable[[Tab], Awaitable[None]] | None = None,
    before: dict[str, Any] | None = None,
) -> bool:
    """Select, then act: tap a card or a pick (its sheet opens, nothing is sent; ``on_sheet`` is called
    then), tap an action of the sheet (a wonder's when one is enabled and ``prefer_wonder``), and wait for the
    next view. False when the phone had nothing to tap or the page changed under the taps. ``before``: the
    phone's state (phone_state) when the caller has just read it."""
    before = await open_sheet(tab, before)
    if before is None:
        return False
    if on_sheet is not None:
        await on_sheet(tab)
    wanted = SHEET_WONDER if prefer_wonder else SHEET_ACTION
    action = await tab.evaluate(
        "(a, b) => document.querySelector(a) ? a : document.querySelector(b) ? b : null",
        wanted, SHEET_ACTION)
    if action is None:
        await close_sheet(tab)
        return False
    try:
        await tab.tap(action)
    except BrowserError:
        await close_sheet(tab)
        return False
    # Only a tap that sent the move counts (the sheet may have been drawn anew under it); then the next view.
    loop = asyncio.get_running_loop()
    tapped = loop.time()
    while True:
        now = await tab.evaluate(AFTER_ACT, before["sent"], before["seq"])
        if now["sent"] and now["seen"]:
            break
        if not now["sent"] and loop.time() > tapped + TAP_WAIT:
            await close_sheet(tab)
            return False
        if loop.time() > tapped + VIEW_WAIT:
            raise BrowserError(f"{tab.engine}: no view came {VIEW_WAIT} s after a move: {now}")
        await asyncio.sleep(POLL)
    assert now["error"] is None, f"{tab.engine}: the move was refused: {now['error']}"
    return True


async def storage(tab: Tab) -> dict[str, str]:
    items: dict[str, str] = await tab.evaluate("""() => {
      const out = {};
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        out[key] = localStorage.getItem(key);
      }
      return out;
    }""")
    return items


async def move_seat(source: Tab, target: Tab, url: str, name: str) -> None:
    """The player picks up another phone: ``target`` (already on the host's pages) gets ``source``'s storage,
    its seat token among it, and opens ``url``; it holds the seat from then on (the latest device wins)."""
    items = await storage(source)
    await target.evaluate("(items) => { localStorage.clear();"
                          " for (const k of Object.keys(items)) localStorage.setItem(k, items[k]); }", items)
    await target.goto(url)
    await until(target, "(name) => { const me = document.querySelector('.phone-head .me');"
                " return me !== null && me.textContent === name && document.body.dataset.seat !== ''"
                " && document.querySelector('#prompt, #result') !== null; }", name)


async def set_language(tab: Tab, lang: str) -> None:
    """Choose ``lang`` in the phone's language picker (a native select: its value set and its change event
    sent, as the select's own popup would) and wait for the page to switch."""
    await tab.evaluate("""(lang) => {
      const select = document.querySelector("[data-ui=language]");
      select.value = lang;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }""", lang)
    await until(tab, "(lang) => document.documentElement.lang === lang", lang, timeout=TAP_WAIT)


RTL_LAYOUT = """() => {
  const me = document.querySelector(".phone-head .me").getBoundingClientRect();
  const tools = document.querySelector(".phone-head .head-tools").getBoundingClientRect();
  const head = document.querySelector(".phone-head");
  return { dir: document.documentElement.dir, lang: document.documentElement.lang,
           mirrored: me.left > tools.left, head: [head.scrollWidth, head.clientWidth] };
}"""


async def persian_problems(tab: Tab) -> list[str]:
    """A Persian phone not laid out right to left: the page's direction, the header not mirrored or wider
    than its screen, anything that scrolls sideways."""
    found = await tab.evaluate(RTL_LAYOUT)
    out = [f"{tab.engine}: {line}" for line in await probe(tab, "sideways")]
    if found["dir"] != "rtl" or found["lang"] != "fa":
        out.append(f"{tab.engine}: lang {found['lang']}, dir {found['dir']}")
    if not found["mirrored"]:
        out.append(f"{tab.engine}: the header is not mirrored")
    if found["head"][0] > found["head"][1] + 1:
        out.append(f"{tab.engine}: the header is {found['head'][0]} px wide in {found['head'][1]}")
    return out


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
