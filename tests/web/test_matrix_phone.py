"""A phone in every engine of the matrix (issue 31, parts 1 and 3): it joins by its table's link, takes a seat
and plays a whole Duel by tapping (select a card, then act in its sheet; every prompt answered) against a
headless phone, to the end; then a 7 Wonders turn at 3 seats with two headless phones. On the way: the sheet
opens on a tap and closes by its button, the sound toggle turns on and off, toasts come when the other
player's phone goes away (a bot takes the seat) and comes back, and go again; in Persian the page is right to
left and nothing scrolls sideways; no JavaScript error. The game is played at 390×844; the player picks up
an iPhone SE (320×568, the seat moves to another tab by its token) for the prompt, a turn's sheet and the
end, and after the first turn by turns every few taps (the pyramid's cards looked at on both), so that
join, a turn's sheet, a prompt, the pyramid and the end are seen at both sizes (screenshots under
WT_SCREENSHOTS: <engine>-<size>-<moment>.png)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from host.tools.phone import Phone, create_table
from tests.web.browsers.base import PHONE_390, PHONE_SE, BrowserError, Engine, Size, Tab
from tests.web.matrix import (
    attribute,
    close_sheet,
    count,
    engine_fixture,
    hand_to_bot,
    join,
    move_seat,
    no_errors,
    open_sheet,
    persian_problems,
    phone_state,
    probe,
    quick_host_url,  # noqa: F401 (a fixture)
    set_language,
    shot,
    storage,
    tap_first_action,
    text,
    until,
    until_gone,
    until_present,
)

pytestmark = pytest.mark.matrix
engine = engine_fixture()

NAMES = ("Ann", "Bo", "Cy")
PICKS = ("draft_wonder", "progress", "great_library", "destroy", "mausoleum", "choose_start")
MAX_ROUNDS = 3000  # looks at the phone (a tap or a short wait each): a Duel has about 35 decisions a seat
TOAST_AWAY = "A bot (easy) now plays for Bo"
TOAST_BACK = "Bo is back and plays again"
TOASTS = "#toasts .toast"
PYRAMID_EVERY = 4  # taps between two looks at the pyramid's cards

# The pyramid's face-up cards, each brought into view: every icon of its band and the first line of its name
# inside the card, and for a card that others partly cover, each also in the strip left uncovered (seen at
# its centre); no word of a name broken inside (a word's letters on two lines) unless the engine hyphenates
# it. One line for each piece that is not.
PYRAMID_CUT = r"""() => {
  const out = [];
  const cards = document.querySelectorAll(".phone-pyramid .card[data-card]");
  for (let i = 0; i < cards.length; i += 1) {
    const card = cards[i];
    card.scrollIntoView({ block: "center", inline: "center" });
    const box = card.getBoundingClientRect();
    const pieces = Array.prototype.filter.call(card.querySelectorAll(".card-band *"),
      (el) => el.children.length === 0).map((el) => [el, el.getBoundingClientRect()]);
    const name = card.querySelector(".card-name");
    const range = document.createRange();
    range.selectNodeContents(name);
    const line = range.getClientRects()[0];
    if (line) pieces.push([name, line]);
    // A word on two lines: only at a hyphen, a soft one (drawn as a hyphen) or the engine's hyphenation,
    // where the name may break nowhere else inside a word (overflow-wrap and word-break normal, hyphens
    // auto). The type no smaller than 9 px.
    const style = getComputedStyle(name);
    const hyphenates = (style.hyphens || style.webkitHyphens) === "auto" && style.overflowWrap === "normal"
      && style.wordBreak === "normal";
    if (parseFloat(style.fontSize) < 8.9) {
      out.push(card.dataset.card + ": its name is set at " + style.fontSize);
    }
    const text = name.firstChild;
    const words = /\S+/g;
    let word;
    while (text && text.nodeType === 3 && !hyphenates && (word = words.exec(text.data)) !== null) {
      let top = null;
      for (let c = 0; c < word[0].length; c += 1) {
        const one = document.createRange();
        one.setStart(text, word.index + c);
        one.setEnd(text, word.index + c + 1);
        const r = one.getBoundingClientRect();
        if (r.width < 1) continue;
        const hyphen = c > 0 && (word[0][c - 1] === "\u00ad" || word[0][c - 1] === "-");
        if (top !== null && Math.abs(r.top - top) > r.height / 2 && !hyphen) {
          out.push(card.dataset.card + ": the word " + JSON.stringify(word[0]) + " is broken inside");
          break;
        }
        top = r.top;
      }
    }
    for (let k = 0; k < pieces.length; k += 1) {
      const el = pieces[k][0], r = pieces[k][1];
      if (r.width < 1 || r.height < 1) continue;
      const what = card.dataset.card + (card.classList.contains("covered") ? " (covered)" : "") + ": "
        + (el.className || el.tagName.toLowerCase());
      const outOf = r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
        || r.bottom > box.bottom + 1;
      if (outOf) {
        out.push(what + " runs out of its card");
      } else if (card.classList.contains("covered")) {
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !card.contains(hit)) out.push(what + " is covered");
      }
    }
  }
  return out;
}"""


async def toast_shown(tab: Tab, words: str) -> None:
    await until(tab, "(sel, words) => Array.prototype.some.call(document.querySelectorAll(sel),"
                " (t) => t.textContent.indexOf(words) >= 0)", TOASTS, words)


# A face-up card of the pyramid that can be tapped (not covered), one whose name was fitted if any: its id
# and its name as shown (soft hyphens and all).
FITTED_CARD = r"""() => {
  const faceUp = document.querySelectorAll(".phone-pyramid .card.accessible[data-card]");
  const cards = Array.prototype.filter.call(faceUp, (card) => card.querySelector(".card-name"));
  const fitted = cards.filter((card) => {
    const name = card.querySelector(".card-name");
    return name.textContent.indexOf("\u00ad") >= 0 || name.dataset.hyphens
      || (name.dataset.size || "0") !== "0";
  });
  const card = fitted[0] || cards[0];
  return card ? { id: card.dataset.card, shown: card.querySelector(".card-name").textContent } : null;
}"""
# The card of ``sel`` scrolled to the middle of the screen; false when it is no longer there.
IN_VIEW = """(sel) => {
  const card = document.querySelector(sel);
  if (card) card.scrollIntoView({ block: "center" });
  return card !== null;
}"""
# The pyramid's cards as they lie now (which, and which face up), to tell a tap the other player's move
# overtook from a sheet that shows the wrong name.
PYRAMID_NOW = """() => Array.prototype.map.call(document.querySelectorAll(".phone-pyramid .card"),
  (card) => (card.dataset.card || "?") + (card.classList.contains("accessible") ? "+" : "")).join(" ")"""
MOVED_TRIES = 6  # looks for a card to open while the other player's moves take cards away
SHEET_WAIT = 10.0
# The open sheet's card name: its text and whether it is cut off.
SHEET_NAME = """() => {
  const name = document.querySelector("#sheet .card-name");
  return name ? { text: name.textContent, cut: name.scrollWidth > name.clientWidth + 1 } : null;
}"""


async def name_reads_in_sheet(tab: Tab, width: int) -> list[str]:
    """A tap on a face-up card of the pyramid (one whose name was set smaller or hyphenated, if any) opens
    its sheet, where its whole name reads on one piece, without a soft hyphen; the sheet is closed again.
    The other player plays meanwhile: a card taken before the tap lands is looked for again."""
    for _ in range(MOVED_TRIES):
        card = await tab.evaluate(FITTED_CARD)
        if card is None:
            return []
        selector = f'.phone-pyramid .card[data-card="{card["id"]}"]'
        before = await tab.evaluate(PYRAMID_NOW)
        if not await tab.evaluate(IN_VIEW, selector):
            continue  # taken by the other player since
        try:
            await tab.tap(selector)
            await until(tab, "() => document.querySelector('#sheet .card-name') !== null", timeout=SHEET_WAIT)
        except BrowserError:
            if await tab.evaluate("(sel) => document.querySelector(sel) === null", selector):
                await close_sheet(tab)
                continue  # taken between the look and the tap
            raise
        sheet = await tab.evaluate(SHEET_NAME)
        moved = await tab.evaluate(PYRAMID_NOW) != before
        await close_sheet(tab)
        whole = card["shown"].replace("\u00ad", "")
        if moved and (sheet is None or sheet["text"] != whole):
            continue  # the pyramid changed under the tap: another card's sheet may have opened
        if sheet is None or sheet["text"] != whole or sheet["cut"]:
            return [f"{tab.engine} {width} pyramid: {card['id']}'s sheet shows {sheet} for {whole!r}"]
        return []
    return [f"{tab.engine} {width} pyramid: no face-up card stayed long enough to open its sheet "
            f"({MOVED_TRIES} tries)"]


async def alert_count(tab: Tab) -> int:
    """How many turn alerts the page has given since it opened."""
    return int(await tab.evaluate("() => Number(document.body.dataset.alerts || 0)"))


async def sound_toggles(tab: Tab) -> None:
    """The sound button turns the turn alert's sound on and off, says so and remembers it; it is left on
    (every turn alert of the game then sounds)."""
    assert await attribute(tab, "[data-ui=sound]", "aria-pressed") == "false"
    for pressed, stored in (("true", "1"), ("false", "0"), ("true", "1")):
        await tab.tap("[data-ui=sound]")
        await until(tab, "(p) => document.querySelector('[data-ui=sound]')"
                    ".getAttribute('aria-pressed') === p", pressed)
        assert (await storage(tab)).get("wt.sound") == stored


async def sideways(tab: Tab) -> list[str]:
    return [f"{tab.engine}: {line}" for line in await probe(tab, "sideways")]


async def persian_turn(tab: Tab, shots: Path | None, size: Size) -> list[str]:
    """The phone switched to Persian during a turn: laid out right to left, nothing sideways; back to
    English."""
    await set_language(tab, "fa")
    await until(tab, "() => document.documentElement.dir === 'rtl'")
    problems = await persian_problems(tab)
    await shot(tab, shots, size, "fa-turn")
    await set_language(tab, "en")
    return problems


async def test_a_whole_duel_by_tapping(
    engine: Engine, quick_host_url: str, shots: Path | None  # noqa: F811
) -> None:
    url = quick_host_url
    code = await create_table(url, "duel", {}, 2)
    link = f"{url}/t/{code}"
    phone = await engine.new_tab(PHONE_390)
    small = await engine.new_tab(PHONE_SE)
    bo = Phone(url, code, NAMES[1], seed=31)
    bo_play: asyncio.Task[Any] | None = None
    problems: list[str] = []
    try:
        # Join, seen at both sizes; the phone at 390 takes the seat.
        for tab, size in ((phone, PHONE_390), (small, PHONE_SE)):
            await tab.goto(link)
            await until_present(tab, "#name")
            await shot(tab, shots, size, "join")
            problems += await sideways(tab)
        await join(phone, link, NAMES[0])
        await sound_toggles(phone)
        await bo.join()
        bo_play = asyncio.create_task(bo.play())

        kinds: set[str] = set()
        seen_prompt = seen_turn = False
        taps = idle = 0
        player = phone  # the tab that holds the seat: the 390 one, then by turns the SE's every few taps
        looked = {PHONE_390.width: 0, PHONE_SE.width: 0}  # looks at the pyramid at each width
        alerts = 0  # turn alerts of the pages the seat left
        for _ in range(MAX_ROUNDS):
            now = await phone_state(player)
            if now["result"]:
                break
            assert now["error"] is None, now["error"]
            kind = now["kind"]
            if kind in PICKS:
                kinds.add(kind)
            if kind in PICKS and not seen_prompt:
                # A prompt at both sizes: the player takes the SE and answers it there.
                seen_prompt = True
                problems += await sideways(phone)
                await shot(phone, shots, PHONE_390, "prompt")
                await move_seat(phone, small, link, NAMES[0])
                assert (await phone_state(small))["kind"] == kind
                problems += await sideways(small)
                await shot(small, shots, PHONE_SE, "prompt")
                assert await tap_first_action(
                    small, on_sheet=lambda tab: shot(tab, shots, PHONE_SE, "prompt-sheet"))
                await move_seat(small, phone, link, NAMES[0])
                continue
            if kind == "turn" and not seen_turn:
                seen_turn = True
                problems += await first_turn(phone, small, url, code, link, bo, bo_play, shots)
                bo_play = asyncio.create_task(bo.play())
                continue
            if await tap_first_action(player, before=now):
                taps += 1
                idle = 0
                if taps % PYRAMID_EVERY == 0:
                    width = (PHONE_390 if player is phone else PHONE_SE).width
                    looked[width] += 1
                    cut = await player.evaluate(PYRAMID_CUT)
                    found = [f"{engine.name} {width} pyramid: {line}" for line in cut]
                    if looked[width] == 1:  # the first look at this width: a screenshot, a name in its sheet
                        await player.evaluate("() => document.querySelector('.phone-pyramid')"
                                              ".scrollIntoView({ block: 'center' })")
                        await shot(player, shots, PHONE_390 if player is phone else PHONE_SE, "pyramid")
                        found += await name_reads_in_sheet(player, width)
                    problems += [line for line in found if line not in problems]
                    if seen_prompt and seen_turn:  # the next taps on the other phone: both sizes looked at
                        other = small if player is phone else phone
                        alerts += await alert_count(player)  # (a page counts its own since it opened)
                        await move_seat(player, other, link, NAMES[0])
                        player = other
            else:
                idle += 1
                assert idle < 400, "the phone could not act for about 20 s: the game is stuck"
                await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"the game did not end after {taps} taps")
        assert seen_prompt and seen_turn
        assert "draft_wonder" in kinds, kinds
        assert looked[PHONE_SE.width] > 0 and looked[PHONE_390.width] > 0, looked
        alerts += await alert_count(player)
        if player is small:
            await move_seat(small, phone, link, NAMES[0])

        # The end at both sizes; the history opens in a sheet and closes; the toasts are gone by now.
        await until_present(phone, "#result")
        assert await count(phone, TOASTS) == 0, await text(phone, "#toasts")
        assert alerts > 3
        problems += await sideways(phone)
        await shot(phone, shots, PHONE_390, "end")
        await phone.tap("[data-ui=history]")
        await until(phone, "() => document.querySelectorAll('#sheet .log-entry').length > 20")
        await close_sheet(phone)
        await move_seat(phone, small, link, NAMES[0])
        await until_present(small, "#result")
        problems += await sideways(small)
        await shot(small, shots, PHONE_SE, "end")
        assert problems == [], problems
        assert await no_errors(phone, small) == []
    finally:
        if bo_play is not None:
            bo_play.cancel()
        await bo.close()
        await phone.close()
        await small.close()


async def first_turn(phone: Tab, small: Tab, url: str, code: str, link: str, bo: Phone,
                     bo_play: asyncio.Task[Any] | None, shots: Path | None) -> list[str]:
    """The phone's first turn of Age I: its sheet opens on a tap (nothing sent) and closes by its button;
    in Persian the turn is right to left; the other player's phone goes away (a bot takes the seat: a
    toast) and comes back (another); then the player picks up the SE, reads the turn in Persian and plays
    a card there from its sheet. Bo's phone is back, not yet playing (the caller starts it again)."""
    problems = await sideways(phone)
    for _ in range(3):  # a tap on a card drawn anew under it opens nothing: look again
        if await open_sheet(phone) is not None:
            break
    else:
        raise AssertionError(f"{phone.engine}: three taps on the turn's cards opened no sheet")
    assert await count(phone, "#sheet .acts button") > 0
    await shot(phone, shots, PHONE_390, "sheet")
    await close_sheet(phone)
    problems += await persian_turn(phone, shots, PHONE_390)

    await hand_to_bot(url, code, bo, bo_play)
    await toast_shown(phone, TOAST_AWAY)
    await bo.reconnect()
    await toast_shown(phone, TOAST_BACK)
    await shot(phone, shots, PHONE_390, "toasts")
    problems += await sideways(phone)

    await move_seat(phone, small, link, NAMES[0])
    assert (await phone_state(small))["kind"] == "turn"
    problems += await persian_turn(small, shots, PHONE_SE)
    assert await tap_first_action(small, on_sheet=lambda tab: shot(tab, shots, PHONE_SE, "sheet"))
    await move_seat(small, phone, link, NAMES[0])
    return problems


async def test_a_seven_wonders_turn_at_three_seats(
    engine: Engine, quick_host_url: str, shots: Path | None  # noqa: F811
) -> None:
    url = quick_host_url
    code = await create_table(url, "classic", {}, 3)
    phone = await engine.new_tab(PHONE_390)
    others = [Phone(url, code, name, seed=40 + i) for i, name in enumerate(NAMES[1:])]
    tasks: list[asyncio.Task[Any]] = []
    try:
        await join(phone, f"{url}/t/{code}", NAMES[0])
        for other in others:
            await other.join()
        tasks = [asyncio.create_task(other.play()) for other in others]
        await until(phone, "() => document.querySelectorAll('#prompt .hand button.card').length === 7")
        await shot(phone, shots, PHONE_390, "classic-hand")
        assert await tap_first_action(
            phone, prefer_wonder=False, on_sheet=lambda tab: shot(tab, shots, PHONE_390, "classic-sheet"))
        # The turn is over once all three chose: the hands pass and the phone holds six cards.
        await until(phone, "() => document.querySelectorAll('#prompt .hand button.card').length === 6")
        await until_gone(phone, "#my-choice")
        await shot(phone, shots, PHONE_390, "classic-next-turn")
        assert await sideways(phone) == []
        assert await no_errors(phone) == []
    finally:
        for task in tasks:
            task.cancel()
        for other in others:
            await other.close()
        await phone.close()
