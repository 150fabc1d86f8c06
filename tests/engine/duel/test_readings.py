"""Each (?) reading of duel.md §14/§16, by the name of the constant (or test) that holds it.

A constant of ``engine.duel.readings`` is a real switch: each has a test of the reading the engine
follows and one that flips it and sees the other reading. Readings that are not a choice between two
behaviours are the named tests at the end.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.duel import pricing, readings
from tests.engine.duel.helpers import (
    build,
    coins,
    deck_for,
    events_of,
    give_token,
    new,
    ready,
    set_pawn,
)
from tests.engine.duel.test_flow import discard_until_last


def test_TIE_LAST_ACTIVE_BEGINS() -> None:
    """§16.1: pawn at 0 at the end of an Age: the last active player begins, with no choice."""
    assert readings.TIE_LAST_ACTIVE_BEGINS is True
    game = new()
    discard_until_last(game)
    last = game.to_act()[0]
    game.apply(last, next(a for a in game.legal_actions(last) if a["type"] == "discard"))
    assert game.view(None)["pending"] == {"seat": last, "kind": "turn", "options": None}


def test_TIE_LAST_ACTIVE_BEGINS_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other reading (BGA): the last active player chooses who begins."""
    monkeypatch.setattr(readings, "TIE_LAST_ACTIVE_BEGINS", False)
    game = new()
    discard_until_last(game)
    last = game.to_act()[0]
    game.apply(last, next(a for a in game.legal_actions(last) if a["type"] == "discard"))
    assert game.view(None)["pending"] == {"seat": last, "kind": "choose_start", "options": [0, 1]}


def test_TOKENS_CHECKED_EACH_SPACE() -> None:
    """§16.2: a move from 2 to 6 (Arsenal + Strategy) triggers both tokens."""
    assert readings.TOKENS_CHECKED_EACH_SPACE is True
    game = ready(["arsenal"], age=3)
    give_token(game, 0, "strategy")
    set_pawn(game, 2)
    events = build(game, "arsenal")
    assert [e["value"] for e in events_of(events, "military_token")] == [2, 5]


def test_TOKENS_CHECKED_EACH_SPACE_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other reading (early BGA): only the final space counts, so only the 5-coin token."""
    monkeypatch.setattr(readings, "TOKENS_CHECKED_EACH_SPACE", False)
    game = ready(["arsenal"], age=3)
    give_token(game, 0, "strategy")
    set_pawn(game, 2)
    events = build(game, "arsenal")
    assert [e["value"] for e in events_of(events, "military_token")] == [5]


def _mausoleum_statue_with_urbanism() -> tuple[int, list[dict[str, object]], object]:
    # Seat 0 holds the Theater (the Statue's chain); the Statue is in the discard pile.
    mine = {"cards": ["theater"], "progress": ["urbanism"],
            "wonders": ["the_mausoleum", "the_pyramids", "the_sphinx", "the_colossus"]}
    game = ready(["temple"], age=2, coins=40, discard=deck_for(1, ["theater"])[:19] + ["statue"],
                 cities=(mine, {}))
    game.apply(0, {"type": "wonder", "card": "temple", "wonder": "the_mausoleum"})
    before = coins(game)[0]
    events = game.apply(0, {"type": "mausoleum", "card": "statue"})
    return coins(game)[0] - before, events, game


def test_MAUSOLEUM_COUNTS_AS_CHAIN() -> None:
    """§16.4: a card built through the Mausoleum gets no Urbanism +4, even if its chain is owned."""
    assert readings.MAUSOLEUM_COUNTS_AS_CHAIN is False
    gained, events, _ = _mausoleum_statue_with_urbanism()
    assert gained == 0 and not events_of(events, "coins")


def test_MAUSOLEUM_COUNTS_AS_CHAIN_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other reading: the free build counts as a chain build, so Urbanism pays 4."""
    monkeypatch.setattr(readings, "MAUSOLEUM_COUNTS_AS_CHAIN", True)
    gained, events, _ = _mausoleum_statue_with_urbanism()
    assert gained == 4 and events_of(events, "coins")[0]["why"] == "urbanism"


@pytest.fixture
def fresh_prices() -> Iterator[None]:
    """Price lists remember coins computed under the readings in force: start and end afresh."""
    pricing.price_list.clear()
    yield
    pricing.price_list.clear()


def test_DISCOUNT_UNITS(fresh_prices: None) -> None:
    """§16.5: Masonry waives 2 units of the same type (Aqueduct 3 stone -> pay 1 stone)."""
    assert readings.DISCOUNT_UNITS == 2
    game = ready(["aqueduct"], age=2)
    give_token(game, 0, "masonry")
    ev = events_of(build(game, "aqueduct"), "build")[0]
    assert ev["cost"] == 2 and ev["breakdown"]["discount"] == {"stone": 2}


def test_DISCOUNT_UNITS_one(monkeypatch: pytest.MonkeyPatch, fresh_prices: None) -> None:
    """The switch is read by the pricing: with 1 unit waived the Aqueduct costs 2 stones."""
    monkeypatch.setattr(readings, "DISCOUNT_UNITS", 1)
    game = ready(["aqueduct"], age=2)
    give_token(game, 0, "masonry")
    ev = events_of(build(game, "aqueduct"), "build")[0]
    assert ev["cost"] == 4 and ev["breakdown"]["discount"] == {"stone": 1}


def test_LAST_DRAFT_WONDER_AUTOMATIC() -> None:
    """§2.5: 'A takes the last one' is not a choice: it is given automatically."""
    assert readings.LAST_DRAFT_WONDER_AUTOMATIC is True
    game = new(first_game=False)
    for _ in range(3):
        seat = game.to_act()[0]
        events = game.apply(seat, game.legal_actions(seat)[0])
    assert events_of(events, "draft_wonder")[-1]["auto"] is True
    assert len(game.view(None)["draft"]["available"]) == 4


def test_LAST_DRAFT_WONDER_AUTOMATIC_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """The other reading: the last Wonder of a round is a one-option draft choice of its player."""
    monkeypatch.setattr(readings, "LAST_DRAFT_WONDER_AUTOMATIC", False)
    game = new(first_game=False)
    for _ in range(3):
        seat = game.to_act()[0]
        events = game.apply(seat, game.legal_actions(seat)[0])
    assert not any(e.get("auto") for e in events)
    assert game.to_act() == [0] and len(game.legal_actions(0)) == 1
    assert len(game.view(None)["draft"]["available"]) == 1


# --- readings that are not switches ---------------------------------------------------------------


def test_PAIR_WITHOUT_TOKEN_GIVES_NOTHING() -> None:
    """§16.3: a pair with an empty board gives nothing and the turn passes."""
    # Seat 1 took the 5 tokens of the board; seat 0 pairs the Workshop's plumb with the Laboratory's.
    game = ready(["laboratory"], age=2, progress_board=[], cities=(
        {"cards": ["workshop"]}, {"progress": ["agriculture", "law", "strategy", "theology", "urbanism"]}))
    before = coins(game)[0]
    paid = events_of(build(game, "laboratory"), "build")[0]["cost"]
    assert game.to_act() == [1] and coins(game)[0] == before - paid


def test_PROGRESS_CHOICE_MANDATORY() -> None:
    """§14.7: with tokens on the board the pair choice must be made (no pass action exists)."""
    game = ready(["laboratory"], age=2, cities=({"cards": ["workshop"]}, {}))
    build(game, "laboratory")
    assert {a["type"] for a in game.legal_actions(0)} == {"progress"}
