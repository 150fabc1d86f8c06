"""Military track, tokens and supremacy (duel.md §7, §14.12, §14.24)."""

from __future__ import annotations

import pytest

from engine.duel.scoring import military_points
from tests.engine.duel.helpers import (
    build,
    coins,
    events_of,
    game_from,
    give_token,
    pawn,
    ready,
    set_coins,
    set_pawn,
)


def test_archery_range_enters_a_zone_opponent_loses_2() -> None:
    """Seeds 000/001: the Archery Range takes the pawn into a new zone: the opponent loses 2 coins."""
    game = ready(["archery_range"], age=2, coins=20)
    set_pawn(game, 1)
    events = build(game, "archery_range")
    assert pawn(game) == 3 and coins(game)[1] == 18
    assert events_of(events, "pawn") == [{"type": "pawn", "seat": 0, "from": 1, "to": 3}]
    assert events_of(events, "military_token") == [
        {"type": "military_token", "seat": 0, "side": 1, "value": 2, "lost": 2}]
    view = game.view(None)["military"]
    assert view["pawn"] == 3
    assert view["tokens"][2] == {"side": 1, "value": 2, "zone": [3, 5], "present": False}


def test_seat_one_pushes_toward_seat_zero() -> None:
    game = ready(["walls"], age=2, seat=1, coins=20)
    set_pawn(game, -2)
    events = build(game, "walls")
    assert pawn(game) == -4 and coins(game)[0] == 18
    assert events_of(events, "military_token")[0]["side"] == 0


def test_crossing_two_zones_triggers_both_tokens_in_order() -> None:
    game = ready(["arsenal"], age=3, coins=20)
    set_coins(game, None, 6)
    give_token(game, 0, "strategy")
    set_pawn(game, 2)
    events = build(game, "arsenal")
    assert pawn(game) == 6
    assert [(e["value"], e["lost"]) for e in events_of(events, "military_token")] == [(2, 2), (5, 4)]
    assert coins(game)[1] == 0


def test_token_applies_once() -> None:
    game = game_from({"age": 2, "structure": {"accessible": ["walls"]}, "pawn": 2,
                      "military_tokens": [True, True, False, True],  # seat 1's 2-coin token, taken earlier
                      "cities": [{"coins": 20}, {"coins": 20}]})
    events = build(game, "walls")
    assert pawn(game) == 4 and not events_of(events, "military_token") and coins(game)[1] == 20


def test_military_supremacy_stops_at_the_capital() -> None:
    game = ready(["pretorium"], age=3, coins=20)
    set_pawn(game, 7)
    events = build(game, "pretorium")
    assert pawn(game) == 9
    assert game.is_over() and game.result()["victory"] == "military" and game.result()["winners"] == [0]
    assert events[-1]["type"] == "game_over" and game.to_act() == [] and game.legal_actions(1) == []


def test_supremacy_for_seat_one() -> None:
    game = ready(["pretorium"], age=3, seat=1, coins=20)
    set_pawn(game, -8)
    build(game, "pretorium")
    assert pawn(game) == -9 and game.result()["winners"] == [1]


@pytest.mark.parametrize(("pawn", "vp0", "vp1"), [(0, 0, 0), (1, 2, 0), (2, 2, 0), (3, 5, 0), (5, 5, 0),
                                                  (6, 10, 0), (8, 10, 0), (-1, 0, 2), (-4, 0, 5),
                                                  (-7, 0, 10)])
def test_military_points(pawn: int, vp0: int, vp1: int) -> None:
    assert (military_points(pawn, 0), military_points(pawn, 1)) == (vp0, vp1)
