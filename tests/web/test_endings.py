"""Endings that tell the story: the 7 Wonders end keeps every city on screen beside the score pad and says
in one line what decided it; negative scores carry a true minus sign; a Duel's end says what decided it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
import socketio
from playwright.async_api import Browser, Page, expect

from host.names import NAME_MAX
from host.wire import JsMsgPackPacket
from tests.web import scene as scenes
from tests.web.measure import clipped_text
from tests.web.pages import shot
from tests.web.scene import NAMES, BuilderPhone, advance, scene
from tests.web.test_layout import LARGEST_FIT

TO_THE_END = 10_000


async def final_result(host_url: str, code: str) -> dict[str, Any]:
    """The finished game's result, as a spectator's public view has it."""
    client = socketio.AsyncClient(serializer=JsMsgPackPacket)
    views: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    client.on("view", views.put)
    await client.connect(host_url, transports=["websocket"])
    try:
        await client.call("watch", {"code": code})
        view = await asyncio.wait_for(views.get(), 10)
        return dict(view["view"]["result"])
    finally:
        await client.disconnect()
MINUS, HYPHEN = "\u2212", "-"
# The end screen's parts (the head, the pad, the chart, the buttons) and what they must never cover: each
# other, a city, the header, the Duel's track and tokens; all on screen, none cut off inside its place.
END_LAYOUT = """() => {
    const box = (el) => el.getBoundingClientRect();
    const apart = (a, b) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5
        || b.bottom <= a.top + 0.5;
    const name = (el) => el.id || el.className || el.tagName;
    const parts = [...document.querySelectorAll('#final-scores .end-head, #final-scores .score-table,'
        + ' #end-chart, #final-scores .end-actions button')];
    const kept = [...document.querySelectorAll(
        '.duel-city, .classic-city, .status, .military, .progress-board')];
    const problems = [];
    parts.forEach((a, i) => {
        const r = box(a);
        if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
            problems.push(`${name(a)} off screen`);
        }
        parts.slice(i + 1).filter((b) => !a.contains(b) && !b.contains(a) && !apart(r, box(b)))
            .forEach((b) => problems.push(`${name(a)} meets ${name(b)}`));
        kept.filter((k) => !apart(r, box(k))).forEach((k) => problems.push(`${name(a)} covers ${name(k)}`));
    });
    const pad = document.querySelector('#final-scores .end-pad');
    if (pad && (pad.scrollWidth > pad.clientWidth + 1 || pad.scrollHeight > pad.clientHeight + 1)) {
        problems.push('the pad is cut off');
    }
    const ages = [...document.querySelectorAll('#end-chart text.age-label')].map(box);
    if (ages.some((a, i) => ages.some((b, j) => j > i && !apart(a, b)))) problems.push('Age labels meet');
    return problems;
}"""


async def end_layout_problems(board: Page) -> list[str]:
    """What is wrong with the TV's end screen (see END_LAYOUT); [] when nothing, once the chart has come."""
    await expect(board.locator("#end-chart .chart-plot svg")).to_be_visible()
    return list(await board.evaluate(END_LAYOUT))
# Records every text the board's header shows while the game plays.
HEADER_WATCH = """() => {
    window.headersSeen = [];
    const keep = () => {
        const head = document.querySelector(".status");
        const text = head ? head.innerText.replace(/\\s+/g, " ") : "";
        if (text && window.headersSeen[window.headersSeen.length - 1] !== text) window.headersSeen.push(text);
    };
    new MutationObserver(keep).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


async def test_the_7_wonders_end_keeps_the_cities_and_says_what_decided_it(
        host_url: str, chromium: Browser, shots: Path | None) -> None:
    async with scene(chromium, host_url, "classic", 5, phone=False, seed=3) as s:
        await advance(s, TO_THE_END, timeout=240)
        board = s.board
        await expect(board.locator("#final-scores")).to_be_visible()
        # Five players: the pad turns (a row per player, each with its line of the chart; a column per
        # category, revealed one after the other).
        await expect(board.locator(".score-table.reveal.transposed tbody tr")).to_have_count(5)
        await expect(board.locator(".score-table.transposed thead th[data-row]")).to_have_count(8)
        await expect(board.locator(".score-table.transposed tbody th .swatch")).to_have_count(5)
        # Every city stays on screen, beside the end screen, and none is covered by it.
        cities = board.locator(".ring .classic-city")
        await expect(cities).to_have_count(5)
        pad = await board.locator("#final-scores").bounding_box()
        assert pad is not None
        for i in range(5):
            box = await cities.nth(i).bounding_box()
            assert box is not None and box["width"] > 100 and box["height"] > 100
            assert box["x"] >= pad["x"] + pad["width"] - 1, "a city is under the score pad"
            assert box["y"] + box["height"] <= 1080 + 1
        decided = (await board.locator("#decided").inner_text()).strip()
        winner = (await board.locator("#final-scores .winner").inner_text()).strip()
        assert decided, "no line says what decided the game"
        assert winner.removesuffix(" wins").split(" and ")[0] in decided or decided.startswith("Tied on")
        # Minus signs: whatever is negative on the pad (military defeats here) uses U+2212.
        result = await final_result(host_url, s.code)
        negatives = {v for pad in result["scores"] for v in pad.values() if isinstance(v, int) and v < 0}
        assert negatives, "this seeded game has no negative row: pick another seed"
        cells = [c.strip() for c in await board.locator(".score-table td").all_inner_texts()]
        assert not any(c.startswith(HYPHEN) for c in cells), cells
        for value in negatives:
            assert f"{MINUS}{-value}" in cells, (value, cells)
        assert await end_layout_problems(board) == []
        # The end narrows every city at once: the ring takes the largest size that fits them all.
        shown, largest = await board.evaluate(LARGEST_FIT)
        assert shown == largest, f"the cities end at level {shown}, the largest that fits is {largest}"
        await shot(board, shots, "tv-classic-end")
        assert not s.errors, s.errors


class PonderingChooser(BuilderPhone):
    """A builder that takes a moment to decide who starts the next Age, as people do: the board draws at most
    once a frame, so an instant answer could replace the question before it is ever drawn."""

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        legal = current["legal_actions"]
        if legal and all(a.get("type") == "choose_start" for a in legal):
            await asyncio.sleep(0.5)
        return await super().choose(current)


async def test_a_duel_end_says_what_decided_it(host_url: str, chromium: Browser, shots: Path | None) -> None:
    async with scene(chromium, host_url, "duel", 2, phone=False, seed=4, bot_class=PonderingChooser) as s:
        board = s.board
        await board.evaluate(HEADER_WATCH)
        await advance(s, TO_THE_END, timeout=240)
        # Who starts an Age: the header names the Age about to begin (after Age III there is none).
        headers = await board.evaluate("window.headersSeen")
        choosing = [h for h in headers if "decides who starts" in h]
        assert choosing, "this seeded game never asked who starts an Age: pick another seed"
        for line in choosing:
            phase = re.match(r"Age (\d)", line)
            assert phase and phase.group(1) in "23", line
            assert f"starts Age {phase.group(1)}" in line and "next age" not in line, line
        await expect(board.locator("#final-scores")).to_be_visible()
        victory = await board.locator("#final-scores .victory").get_attribute("data-victory")
        decided = board.locator("#decided")
        await expect(decided).to_be_visible()
        text = (await decided.inner_text()).strip()
        if victory == "military":
            assert "pushed the conflict pawn" in text, text
        elif victory == "science":
            assert "six different science symbols" in text, text
        else:
            assert "won by" in text or text.startswith("Tied on"), text
        cells = await board.locator(".score-table td").all_inner_texts()
        assert not any(c.strip().startswith(HYPHEN) for c in cells), cells
        assert await end_layout_problems(board) == []
        await shot(board, shots, f"tv-duel-end-{victory}")
        assert not s.errors, s.errors


async def test_a_team_game_end_names_the_winning_pair(host_url: str, chromium: Browser,
                                                      shots: Path | None) -> None:
    options = {"cities": True, "teams": True}
    async with scene(chromium, host_url, "classic", 4, options=options, phone=False, seed=5) as s:
        await advance(s, TO_THE_END, timeout=300)
        board = s.board
        await expect(board.locator("#final-scores")).to_be_visible()
        await expect(board.locator(".ring .classic-city")).to_have_count(4)
        result = await final_result(host_url, s.code)
        decided = (await board.locator("#decided").inner_text()).strip()
        if len({next(i for i, team in enumerate(result["teams"]) if w in team["seats"])
                for w in result["winners"]}) > 1:
            assert decided.startswith("Teams tied on"), decided
        else:
            pair = [NAMES[seat] for seat in result["winners"]]  # the headless players, seats 0 to 3
            assert decided.startswith(" and ".join(pair)), (decided, pair)
            margin = result["teams"][0]["total"] - result["teams"][1]["total"]
            assert f"won by {abs(margin)} point" in decided, (decided, result["teams"])
            winner = await board.locator("#final-scores .winner").inner_text()
            assert winner.strip() == f"{' and '.join(pair)} win", winner  # a team's win, not a shared one
        assert await end_layout_problems(board) == []
        await shot(board, shots, "tv-cities-teams-end")
        assert not s.errors, s.errors


GREEK_FIRST = ("Αικατερίνη", "Βασιλική", "Γεωργία", "Δημοσθένης", "Ευαγγελία")
GREEK_NAMES = tuple(f"{first} Παπαδοπούλου-Καραγιάννη"[:NAME_MAX] for first in GREEK_FIRST)


async def test_a_cities_end_in_greek_with_the_longest_names_clips_no_city(
        host_url: str, chromium: Browser, monkeypatch: pytest.MonkeyPatch, shots: Path | None) -> None:
    monkeypatch.setattr(scenes, "NAMES", GREEK_NAMES)
    assert all(len(name) == NAME_MAX for name in GREEK_NAMES)
    async with scene(chromium, host_url, "classic", 5, options={"cities": True}, phone=False, seed=2) as s:
        await advance(s, TO_THE_END, timeout=300)
        board = s.board
        await board.evaluate("localStorage.setItem('wt.lang.board', 'el')")
        await board.reload()
        await expect(board.locator("#end-chart .chart-plot svg")).to_be_visible()
        await board.wait_for_timeout(2500)  # the pad's rows are revealed
        await shot(board, shots, "tv-cities-5-el-end")
        assert await end_layout_problems(board) == []
        assert await clipped_text(board) == []
        assert not s.errors, s.errors
