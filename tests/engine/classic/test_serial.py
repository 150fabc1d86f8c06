"""Snapshots (JSON and msgpack, string keys only), restoring mid-turn and mid-pending, bad saves."""

from __future__ import annotations

import json
from typing import Any

import msgpack
import pytest

import engine
from tests.engine.classic.helpers import act, arrange, make


def _keys_are_strings(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _keys_are_strings(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_keys_are_strings(v) for v in value)
    return value is None or isinstance(value, str | int | bool)


def _round_trip(game) -> None:
    data = game.to_dict()
    assert _keys_are_strings(data)
    for copy in (json.loads(json.dumps(data)), msgpack.unpackb(msgpack.packb(data))):
        again = engine.restore(copy)
        assert again.to_dict() == data
        assert again.view(0) == game.view(0) and again.view(None) == game.view(None)
        assert again.to_act() == game.to_act()
        assert again.legal_actions(game.to_act()[0]) == game.legal_actions(game.to_act()[0])


def test_round_trip_with_pending_choices_mid_turn() -> None:
    game = engine.new_game("classic", seats=2, seed=3)
    act(game, 0, **game.legal_actions(0)[0])
    _round_trip(game)
    act(game, 0, **game.legal_actions(0)[0])
    _round_trip(game)
    assert engine.restore(game.to_dict()).view(0)["my_free_city_choice"] is not None


def test_round_trip_during_halicarnassus_and_babylon() -> None:
    game = make(["babylon", "halicarnassus", "giza"], sides=["B", "A", "A"])
    arrange(game, hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop"], ["a1_press", "a1_loom"]],
            stages={0: 2, 1: 1}, turn=6, built={1: ["a1_ore_vein", "a2_foundry"]})
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 1, type="wonder", card="a1_baths", left=0, right=0)
    act(game, 2, type="discard", card="a1_press")
    _round_trip(game)
    act(game, 1, type="halicarnassus", card="a1_press")
    _round_trip(game)


def test_corrupted_saves_are_refused_clearly() -> None:
    data = engine.new_game("classic", seats=3, seed=3).to_dict()
    for broken in ({**data, "format": 99}, {**data, "boards": ["atlantis_A"] * 3}, {**data, "hands": 5},
                   {k: v for k, v in data.items() if k != "coins"}):
        with pytest.raises(ValueError, match="classic save"):
            engine.restore(broken)


def test_action_log_and_replay() -> None:
    game = engine.new_game("classic", seats=4, seed=8)
    for seat in range(4):
        game.apply(seat, game.legal_actions(seat)[-1])
    log = game.action_log
    assert len(log) == 4 and all(isinstance(a, dict) for _, a in log)
    again = engine.replay("classic", seats=4, seed=8, options=None, log=log)
    assert again.to_dict() == game.to_dict()
