"""A phone in every engine of the matrix (issue 31, parts 1 and 3): it joins by its table's link, takes a seat
and plays a whole Duel by tapping (select a card, then act in its sheet; every prompt answered) against a
headless phone, to the end; then a 7 Wonders turn at 3 seats with two headless phones. On the way: the sheet
opens on a tap and closes by its button, the sound toggle turns on and off, toasts come when the other
player's phone goes away (a bot takes the seat) and comes back, and go again; in Persian the page is right to
left and nothing scrolls sideways; no JavaScript error. The game is played at 390×844; the player picks up
an iPhone SE (320×568, the seat moves to another tab by its token) for the prompt, a turn's sheet and the
end, so that join, a turn's sheet, a prompt and the end are seen at both sizes (screenshots under
WT_SCREENSHOTS: <engine>-<size>-<moment>.png)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from host.tools.phone import Phone, create_table
from tests.web.browsers.base import PHONE_390, PHONE_SE, Engine, Size, Tab
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
# its centre). One line for each piece that is not.
PYRAMID_CUT = """() => {
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
        for _ in range(MAX_ROUNDS):
            now = await phone_state(phone)
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
            if await tap_first_action(phone, before=now):
                taps += 1
                idle = 0
                if taps % PYRAMID_EVERY == 0:
                    cut = await phone.evaluate(PYRAMID_CUT)
                    found = [f"{engine.name} 390 pyramid: {line}" for line in cut]
                    problems += [line for line in found if line not in problems]
            else:
                idle += 1
                assert idle < 400, "the phone could not act for about 20 s: the game is stuck"
                await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"the game did not end after {taps} taps")
        assert seen_prompt and seen_turn
        assert "draft_wonder" in kinds, kinds

        # The end at both sizes; the history opens in a sheet and closes; the toasts are gone by now.
        await until_present(phone, "#result")
        assert await count(phone, TOASTS) == 0, await text(phone, "#toasts")
        assert int(await phone.evaluate("() => Number(document.body.dataset.alerts || 0)")) > 3
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
