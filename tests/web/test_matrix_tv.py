"""The TV board in every engine of the matrix (issue 31, parts 1 and 2): a 7-seat 7 Wonders table in its lobby
(all seven seated), its game mid-way and late (played by seven headless phones), and its end (the final
scores), each at 1280×720, 1920×1080 and 3840×2160: no text element cut off by an ancestor (measure.js
``clipped``), nothing outside the screen (``overflow``), and the same size level as today's Chromium: the
root font size min(100vw / 120, 100vh / 67.5) and, on every group that fits itself to the screen (data-fit,
web/src/lib/fit.js), the level that today's Chromium chooses on the same table at the same moment. The
same seeded game serves every size (a tab of each size watches it). Then a Duel's board in Age I at 1280×720
and 1920×1080 in each language: no text cut, and every card name of Ages I and II of the language whole in
a face-up card of the pyramid, in the strip a covered card leaves. Screenshots under WT_SCREENSHOTS:
<engine>-<size>-<moment>.png.

Every finding is collected and reported at the end, so one run tells everything that does not fit."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from engine import catalog
from host.tools.phone import Phone
from tests.web.browsers.base import TV_4K, TV_720, TV_1080, Engine, Size, Tab
from tests.web.conftest import LOOP
from tests.web.matrix import (
    REFERENCE,
    WEB_SRC,
    count,
    create_lobby,
    dump,
    engine_fixture,
    no_errors,
    probe,
    shot,
    size_name,
    start_engine,
)
from tests.web.scene import NAMES, BuilderPhone

pytestmark = pytest.mark.matrix
engine = engine_fixture()

SIZES = (TV_720, TV_1080, TV_4K)
SEATS = 7
MIDDLE = SEATS * 9  # age II, its third turn
LATE = SEATS * 16  # age III, its fourth turn: the cities are crowded
GAME_WAIT = 120.0  # seconds: a hang guard only (the headless phones play a whole game in about a second)
REST_WAIT = 30.0  # seconds a board may take to show a moment and fit it (a hang guard only)
FONT_TOLERANCE = 0.05  # px
RING_LEVEL_COUNT = 7  # web/src/classic/board.js FIT_SCALES
RING_HEADROOM = "5em"  # at most three rows of cards (web/src/classic/board.js FIT_ROW_EM, FIT_MAX_ROWS)

# What the board shows, read in one go: its step and state, the root font size, the level of every group
# that fits itself (in document order; the probes fit.js lays out out of sight left out), whether a banner
# is up and whether a group waits to try a larger level (lib/fit.js whenCalm's timer, ``__fitLater``).
BOARD_STATE = """() => {
  const groups = Array.prototype.filter.call(document.querySelectorAll("[data-fit]"),
    (el) => !el.classList.contains("fit-probe"));
  return {
    step: Number(document.body.dataset.step), state: document.body.dataset.state || "",
    font: parseFloat(getComputedStyle(document.documentElement).fontSize),
    fit: groups.map((el) => el.className.split(" ")[0] + "=" + el.dataset.fit),
    moment: document.querySelector("#moment") !== null,
    fitting: groups.some((el) => Boolean(el.__fitLater)),
    over: document.querySelector("#final-scores") !== null,
  };
}"""


# The ring's level depends on the game's course (lib/fit.js remembers what it measured, and a ring that had
# to step down keeps room for the cards still to come), so two boards of the same table may show it one
# level apart. Its levels are therefore measured, each on the ring as it is now: the level shown, the
# largest at which no city is cut off, and the largest at which each city also keeps three more rows of
# cards (``room``); the ring is put back as it was in the same task (nothing is drawn in between).
RING_LEVELS = """(levels, room) => {
  const ring = document.querySelector(".ring[data-fit]");
  if (!ring) return null;
  const shown = Number(ring.dataset.fit);
  const cities = Array.prototype.slice.call(ring.querySelectorAll(".classic-city"));
  const cut = (box) => box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  const first = () => {
    for (let level = 0; level < levels; level += 1) {
      ring.dataset.fit = String(level);
      if (!cities.some(cut)) return level;
    }
    return levels - 1;
  };
  const largest = first();
  const spares = cities.map((city) => {
    const spare = document.createElement("div");
    spare.style.height = room;
    spare.style.flex = "none";
    return city.appendChild(spare);
  });
  const roomy = first();
  spares.forEach((spare) => spare.remove());
  ring.dataset.fit = String(shown);
  return { shown: shown, largest: largest, roomy: roomy };
}"""


@pytest_asyncio.fixture(scope="module", loop_scope=LOOP)
async def reference() -> AsyncIterator[Engine]:
    """Today's Chromium, whose size levels every engine must show at the same size and moment."""
    browser = await start_engine(REFERENCE)
    try:
        yield browser
    finally:
        await browser.close()


def root_font(size: Size) -> float:
    """The board's root font size at ``size``: min(100vw / 120, 100vh / 67.5)."""
    return min(size.width / 120, size.height / 67.5)


async def board_state(tab: Tab) -> dict[str, Any]:
    state: dict[str, Any] = await tab.evaluate(BOARD_STATE)
    return state


async def at_rest(tabs: list[Tab], ready: str) -> None:
    """Wait until every board shows the moment (``ready``: "lobby", "over" or a step) with no banner over
    it and no group waiting to try a larger level (lib/fit.js does that once the group has been calm for a
    moment and the page is idle), and its levels stay the same a little longer."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + REST_WAIT
    last: list[Any] = []
    while True:
        states = [await board_state(tab) for tab in tabs]
        if all(is_ready(ready, state) and not state["moment"] and not state["fitting"] for state in states):
            levels = [(state["fit"], state["font"]) for state in states]
            if levels == last:
                return
            last = levels
        else:
            last = []
        assert loop.time() < deadline, f"the boards did not come to rest at {ready}: {states}"
        await asyncio.sleep(0.3)


def is_ready(ready: str, state: dict[str, Any]) -> bool:
    if ready == "lobby":
        return bool(state["state"] == "lobby")
    if ready == "over":
        return bool(state["over"])
    return bool(state["state"] == "playing" and state["step"] >= int(ready))


async def measure(tab: Tab) -> dict[str, Any]:
    """What the board shows now: BOARD_STATE, the text cut off, what lies outside the screen, the ring's
    levels (RING_LEVELS)."""
    found = await board_state(tab)
    found["clipped"] = list(await probe(tab, "clipped", None))
    found["overflow"] = list(await probe(tab, "overflow"))
    found["ring"] = await tab.evaluate(RING_LEVELS, RING_LEVEL_COUNT, RING_HEADROOM)
    return found


def levels_differ(where: str, found: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The board's size levels against today's Chromium's at the same size and moment: the root font size,
    the level of every group that fits itself, for the ring the largest level at which its cities fit."""
    out = []
    if abs(found["font"] - expected["font"]) > FONT_TOLERANCE:
        out.append(f"{where}: root font {found['font']:.2f} px, today's chromium {expected['font']:.2f} px")
    ours = [level for level in found["fit"] if not level.startswith("ring=")]
    theirs = [level for level in expected["fit"] if not level.startswith("ring=")]
    if ours != theirs:
        out.append(f"{where}: levels {dump(ours)}, today's chromium {dump(theirs)}")
    ring, reference_ring = found["ring"], expected["ring"]
    if (ring is None) != (reference_ring is None) or (ring and ring["largest"] != reference_ring["largest"]):
        out.append(f"{where}: the ring fits at level {ring and ring['largest']}, in today's chromium at"
                   f" {reference_ring and reference_ring['largest']}")
    return out


def ring_out_of_range(where: str, found: dict[str, Any]) -> list[str]:
    """The ring shown at a level its fitting would not choose: smaller than the largest at which its cities
    fit, or than the one that keeps three rows of cards spare (test_layout.py says why)."""
    ring = found["ring"]
    if ring is None or ring["largest"] <= ring["shown"] <= ring["roomy"]:
        return []
    return [f"{where}: the ring is shown at level {ring['shown']}, the largest that fits is"
            f" {ring['largest']}, the largest with three rows to spare {ring['roomy']}"]


async def play_until(phones: list[Phone], step: int | None) -> None:
    """The headless phones play until the game's step reaches ``step`` (None: the end)."""
    await asyncio.wait_for(asyncio.gather(*(phone.play(until_step=step) for phone in phones)), GAME_WAIT)


async def test_seven_seat_board_fits_every_tv(
    engine: Engine, reference: Engine, host_url: str, shots: Path | None
) -> None:
    code = await create_lobby(host_url, "classic", SEATS)
    phones = [BuilderPhone(host_url, code, NAMES[i], seed=3100 + i) for i in range(SEATS)]
    boards: dict[Size, Tab] = {}
    references: dict[Size, Tab] = {}
    problems: list[str] = []
    try:
        for size in SIZES:
            boards[size] = await engine.new_tab(size)
            await boards[size].goto(f"{host_url}/board/{code}")
            if engine.name != REFERENCE:
                references[size] = await reference.new_tab(size)
                await references[size].goto(f"{host_url}/board/{code}")
        for phone in phones:
            await phone.join()
        every = [*boards.values(), *references.values()]

        async def look(moment: str, ready: str) -> None:
            await at_rest(every, ready)
            for size, board in boards.items():
                found = await measure(board)
                expected = await measure(references[size]) if size in references else found
                await shot(board, shots, size, moment)
                where = f"{engine.name} {size_name(size)} {moment}"
                problems.extend(f"{where}: clipped: {line}" for line in found["clipped"][:8])
                problems.extend(f"{where}: outside: {line}" for line in found["overflow"][:8])
                if abs(found["font"] - root_font(size)) > FONT_TOLERANCE:
                    problems.append(f"{where}: root font {found['font']:.2f} px,"
                                    f" not {root_font(size):.2f} px")
                problems.extend(levels_differ(where, found, expected))
                problems.extend(ring_out_of_range(where, found))
                print(f"{where}: font {found['font']:.2f} px, levels {dump(found['fit'])}, ring"
                      f" {dump(found['ring'])}, {len(found['clipped'])} clipped, {len(found['overflow'])}"
                      f" outside; today's chromium: levels {dump(expected['fit'])}, ring"
                      f" {dump(expected['ring'])}")

        await look("lobby", "lobby")
        for size, board in boards.items():
            seated = await board.evaluate("() => document.querySelectorAll('.seats .seat.on').length")
            if seated != SEATS:
                problems.append(f"{engine.name} {size_name(size)} lobby: {seated} seats shown seated")
        await phones[0].sio.call("start", {"code": code})
        await play_until(phones, MIDDLE)
        await look("middle", str(MIDDLE))
        await play_until(phones, LATE)
        await look("late", str(LATE))
        await play_until(phones, None)
        await asyncio.sleep(2.6)  # the score reveal
        await look("end", "over")
        errors = await no_errors(*boards.values())
        assert errors == [], errors
        assert problems == [], "\n".join(problems)
    finally:
        for phone in phones:
            await phone.close()
        for tab in [*boards.values(), *references.values()]:
            await tab.close()


DUEL_SIZES = (TV_720, TV_1080)
LANGUAGES = ("en", "el", "ro", "pl", "fa")
DRAFT_STEPS = 8  # the wonders' draft: Age I begins at step 8
SWAP_AGES = (1, 2)  # their pyramids have the same six columns and five rows: the same cards' room

# The pyramid's face-up cards: each name's text and size, and what of it is cut (its box's overflow hidden
# and its text larger) or, for a card that others partly cover, covered by them (seen at the centre and the
# far corners of each line of its name).
PYRAMID_NAMES = """() => {
  const out = [];
  const cards = document.querySelectorAll(".pyramid .card[data-card]");
  for (let i = 0; i < cards.length; i += 1) {
    const card = cards[i];
    const name = card.querySelector(".card-name");
    const what = JSON.stringify(name.textContent) + (card.classList.contains("covered") ? " (covered)" : "")
      + " at size " + (name.dataset.size || "?");
    if (name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1) {
      out.push(what + ": cut (" + name.scrollWidth + "x" + name.scrollHeight + " in " + name.clientWidth + "x"
        + name.clientHeight + ")");
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(name);
    const lines = range.getClientRects();
    for (let k = 0; k < lines.length; k += 1) {
      const r = lines[k];
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2]];
      const hidden = points.some((p) => {
        const hit = document.elementFromPoint(p[0], p[1]);
        return !hit || !card.contains(hit);
      });
      if (hidden) { out.push(what + ": line " + (k + 1) + " covered"); break; }
    }
  }
  return out;
}"""

# Names put into the pyramid's face-up cards (their text nodes; the next render draws them anew), then the
# board made a pixel narrower and back (lib/fit.js useFitted fits it again when its size changes, as when
# the screen's does) and two frames later PYRAMID_NAMES read. Returns how many cards took a name.
SWAP_NAMES = """(names, narrow) => {
  const board = document.querySelector(".duel-game");
  const cards = document.querySelectorAll(".pyramid .card[data-card] > .card-name");
  let n = 0;
  for (; n < cards.length && n < names.length; n += 1) cards[n].textContent = names[n];
  board.style.marginRight = narrow ? "1px" : "";
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(n))));
}"""


def duel_card_names(lang: str, ages: tuple[int, ...]) -> list[str]:
    """The names of the Duel's cards of ``ages`` in ``lang`` as the pages show them (web/src/duel/names: an
    English name's official or translated name; English where a language has none)."""
    cards = [card for card in catalog("duel")["cards"] if card["age"] in ages]
    english = {str(card["name"]) for card in cards}
    names: dict[str, str] = {}
    if lang != "en":
        def walk(found: dict[str, Any]) -> None:
            for key, value in found.items():
                if isinstance(value, dict):
                    walk(value)
                elif isinstance(value, str) and key in english:
                    names[key] = value
        table = json.loads((WEB_SRC / "duel" / "names" / f"{lang}.json").read_text(encoding="utf-8"))
        walk({part: found for part, found in table.items() if part != "notes"})  # (notes: why a name)
    return [names.get(str(card["name"]), str(card["name"])) for card in cards]


async def test_duel_age_one_names_read_whole(engine: Engine, host_url: str, shots: Path | None) -> None:
    code = await create_lobby(host_url, "duel", 2)
    phones = [Phone(host_url, code, NAMES[i], seed=3200 + i) for i in range(2)]
    boards: dict[Size, Tab] = {}
    problems: list[str] = []
    try:
        for size in DUEL_SIZES:
            boards[size] = await engine.new_tab(size)
            await boards[size].goto(f"{host_url}/board/{code}")
        for phone in phones:
            await phone.join()
        await phones[0].sio.call("start", {"code": code})
        await play_until(phones, DRAFT_STEPS)
        for lang in LANGUAGES:
            for board in boards.values():
                await board.evaluate("(lang) => localStorage.setItem('wt.lang.board', lang)", lang)
                await board.goto(f"{host_url}/board/{code}")
            await at_rest(list(boards.values()), str(DRAFT_STEPS))
            every_name = duel_card_names(lang, SWAP_AGES)
            for size, board in boards.items():
                where = f"{engine.name} {size_name(size)} duel age I {lang}"
                assert await count(board, ".duel-game.age-1 .pyramid .card.covered[data-card]") > 0, \
                    f"{where}: no covered face-up card in Age I"
                await shot(board, shots, size, f"duel-age1-{lang}")
                problems.extend(f"{where}: clipped: {line}" for line in await probe(board, "clipped", None))
                problems.extend(f"{where}: {line}" for line in await probe(board, "coveredCards"))
                problems.extend(f"{where}: {line}" for line in await board.evaluate(PYRAMID_NAMES))
                # Every name of Ages I and II in the language, a pyramid's worth at a time.
                at, narrow = 0, True
                while at < len(every_name):
                    took = await board.evaluate(SWAP_NAMES, every_name[at:], narrow)
                    assert took > 0
                    problems.extend(f"{where} (names put in): {line}"
                                    for line in await board.evaluate(PYRAMID_NAMES))
                    at, narrow = at + took, not narrow
                if lang in ("el", "fa"):
                    await shot(board, shots, size, f"duel-age1-{lang}-names")
        errors = await no_errors(*boards.values())
        assert errors == [], errors
        assert problems == [], "\n".join(problems)
    finally:
        for phone in phones:
            await phone.close()
        for tab in boards.values():
            await tab.close()
