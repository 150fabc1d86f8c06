"""Saves: one format for every game (kind, version, seats, seed, options, log), restored by replay;
saves of the first classic format (every field of the state) still load."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgpack
import pytest

import engine
from engine.api import SAVE_VERSION
from engine.classic.game import ClassicGame

FIXTURES = Path(__file__).parent / "fixtures"


def _keys_are_strings(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _keys_are_strings(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_keys_are_strings(v) for v in value)
    return value is None or isinstance(value, str | int | bool)


def _round_trip(game: engine.Game) -> None:
    data = game.to_dict()
    assert set(data) == {"kind", "version", "seats", "seed", "options", "log"}
    assert data["version"] == SAVE_VERSION and _keys_are_strings(data)
    for again_data in (json.loads(json.dumps(data)), msgpack.unpackb(msgpack.packb(data))):
        again = engine.restore(again_data)
        assert again.to_dict() == data
        for seat in [None, *range(game.seats)]:
            assert again.view(seat) == game.view(seat)
        assert again.to_act() == game.to_act() and again.waiting() == game.waiting()
        for seat in game.to_act():
            assert again.legal_actions(seat) == game.legal_actions(seat)


def play_until(seats: int, done: Callable[[ClassicGame], bool], options: dict[str, Any] | None = None,
               seeds: range = range(200)) -> ClassicGame:
    """The first position (seeded random play) where ``done`` holds."""
    for seed in seeds:
        game = engine.new_game("classic", seats=seats, seed=seed, options=options)
        assert isinstance(game, ClassicGame)
        rng = random.Random(seed)
        while not done(game):
            if game.is_over():
                break
            seat = rng.choice(game.waiting())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        else:
            return game
    raise AssertionError("no seed reaches the position")


def test_round_trip_with_choices_mid_turn() -> None:
    game = engine.new_game("classic", seats=2, seed=3)
    game.apply(0, game.legal_actions(0)[0])
    _round_trip(game)
    game.apply(0, game.legal_actions(0)[0])
    _round_trip(game)
    assert engine.restore(game.to_dict()).view(0)["my_free_city_choice"] is not None


@pytest.mark.parametrize("phase", ["halicarnassus", "babylon", "copy_guild", "over"])
def test_round_trip_in_every_phase(phase: str) -> None:
    game = play_until(4, lambda g: g.state.phase == phase, {"sides": "B"})
    _round_trip(game)


def test_action_log_and_replay() -> None:
    game = engine.new_game("classic", seats=4, seed=8)
    for seat in range(4):
        game.apply(seat, game.legal_actions(seat)[-1])
    log = game.action_log
    assert len(log) == 4 and all(isinstance(a, dict) for _, a in log)
    again = engine.replay("classic", seats=4, seed=8, options=None, log=log)
    assert again.to_dict() == game.to_dict()


def test_corrupted_saves_are_refused_clearly() -> None:
    game = play_until(3, lambda g: len(g.state.log) >= 10)
    data = game.to_dict()
    seat, action = data["log"][4]
    broken = [
        {**data, "version": 99},
        {**data, "version": 1},
        {k: v for k, v in data.items() if k != "log"},
        {**data, "extra": 1},
        {**data, "seats": 9},
        {**data, "seats": True},
        {**data, "seed": "x"},
        {**data, "options": {"sides": "C"}},
        {**data, "options": {"colour": "red"}},
        {**data, "options": []},
        {**data, "log": "x"},
        {**data, "log": [[0]]},
        {**data, "log": data["log"][:4] + [[seat, {**action, "card": "a3_palace"}]]},
        {**data, "log": data["log"][:4] + [[seat + 7, action]]},
        {**data, "log": data["log"][:4] + [[seat, {**action, "type": "fly"}]]},
    ]
    for bad in broken:
        with pytest.raises(ValueError, match="saved classic game|classic save"):
            engine.restore(copy.deepcopy(bad))
    assert engine.restore(data).to_dict() == data


# --- the first classic format --------------------------------------------------------------------------


def _format1() -> dict[str, dict[str, Any]]:
    """Saves written by the engine before the one save format (one per situation)."""
    saves: dict[str, dict[str, Any]] = json.loads((FIXTURES / "format1_saves.json").read_text())
    return saves


@pytest.mark.parametrize("name", sorted(_format1()))
def test_format1_saves_load_by_replay(name: str) -> None:
    old = _format1()[name]
    assert old["format"] == 1 and "hands" in old
    game = engine.restore(old)
    assert isinstance(game, ClassicGame)
    s = game.state
    assert (s.phase, s.age, s.turn, s.coins) == (old["phase"], old["age"], old["turn"], old["coins"])
    for seat in range(game.seats):
        assert sorted(game.view(seat)["hand"]) == sorted(old["hands"][seat])
    assert [c["cards"] for c in game.view(None)["cities"]] == old["built"]
    if old["phase"] == "turn":
        owing = [seat for seat, choice in enumerate(old["choices"])
                 if choice is None or (s.two and seat == s.controller and old["fc_choice"] is None)]
        assert game.waiting() == owing
        for seat, choice in enumerate(old["choices"]):
            assert game.view(seat)["my_choice"] == (None if choice is None else choice["action"])
    data = game.to_dict()
    assert data == engine.replay("classic", seats=old["seats"], seed=old["seed"], options=old["options"],
                                 log=old["log"]).to_dict()
    assert engine.restore(data).to_dict() == data
    rng = random.Random(0)
    while not game.is_over():
        seat = rng.choice(game.waiting())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.result() is not None


def test_format1_saves_whose_fields_disagree_with_their_log_are_refused() -> None:
    old = _format1()["three_seats_mid_turn"]
    for name, value in (("coins", [99, 0, 0]), ("turn", 5), ("hands", [[], [], []]), ("format", 2),
                        ("log", old["log"][:-3])):
        with pytest.raises(ValueError, match="saved classic game|classic save"):
            engine.restore({**copy.deepcopy(old), name: value})
