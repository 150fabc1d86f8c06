"""Audit: malformed options, saves and actions give a clear error and change nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine import IllegalAction
from engine.duel.rules import restore

BAD_VALUES: list[Any] = [None, 1, 1.0, True, "x", [], {}, -1, [0], {"a": 1}, "lumber_yard", "law"]


@pytest.mark.parametrize("first", [0.0, 1.0, "1", None, [0]])
def test_first_player_must_be_an_int_seat(first: object) -> None:
    with pytest.raises(ValueError, match="first_player"):
        engine.new_game("duel", seats=2, seed=1, options={"setup": {"first_player": first}})
    with pytest.raises(ValueError, match="first_player"):
        engine.new_game("duel", seats=2, seed=1,
                        options={"first_game_wonders": True, "setup": {"first_player": first}})


@pytest.mark.parametrize("options", [{1: 2, "a": 3}, {"setup": {1: 2, "x": 1}}])
def test_unknown_keys_of_mixed_types_are_a_value_error(options: dict) -> None:
    with pytest.raises(ValueError, match="unknown"):
        engine.new_game("duel", seats=2, seed=1, options=options)


def test_saved_first_player_float_is_a_value_error() -> None:
    data = engine.new_game("duel", seats=2, seed=3, options={"setup": {"first_player": 1}}).to_dict()
    data["options"]["setup"]["first_player"] = 1.0
    with pytest.raises(ValueError):
        restore(data)


def _junk_action(rng: random.Random) -> Any:
    action: dict[str, Any] = {"type": rng.choice(["build", "discard", "wonder", "progress", "destroy",
                                                  "mausoleum", "choose_start", "draft_wonder", None, 3])}
    for key in ("card", "wonder", "token", "seat"):
        if rng.random() < 0.6:
            action[key] = rng.choice(BAD_VALUES)
    return action if rng.random() < 0.9 else rng.choice(BAD_VALUES)


def _is_legal(game: Any, seat: Any, action: Any) -> bool:
    if type(seat) is not int or not isinstance(action, dict):
        return False
    return any(all(action.get(k) == v and type(action.get(k)) is type(v) for k, v in legal.items())
               for legal in game.legal_actions(seat))


@pytest.mark.parametrize("seed", range(12))
def test_junk_actions_raise_illegal_action_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = engine.new_game("duel", seats=2, seed=seed)
    while not game.is_over():
        seat = game.to_act()[0]
        for _ in range(3):
            action = _junk_action(rng)
            who = rng.choice([seat, 1 - seat, None, "0", True, 5, 0.0])
            if _is_legal(game, who, action):
                continue
            before = json.dumps(game.to_dict(), sort_keys=True)
            with pytest.raises(IllegalAction):
                game.apply(who, action)
            assert json.dumps(game.to_dict(), sort_keys=True) == before
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "discard", "card": "tavern"})


def _mutate(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        if rng.random() < 0.3:
            del value[key]
        else:
            value[key] = _mutate(value[key], rng)
        return value
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.2:
            del value[i]
        else:
            value[i] = _mutate(value[i], rng)
        return value
    return rng.choice([*BAD_VALUES, 0.0, 7, "clay_pool"])


@pytest.mark.parametrize("seed", range(30))
def test_corrupted_saves_raise_value_error_only(seed: int) -> None:
    rng = random.Random(seed)
    options = rng.choice([None, {"first_game_wonders": True}, {"setup": {"first_player": 1}}])
    game = engine.new_game("duel", seats=2, seed=seed, options=options)
    for _ in range(rng.randrange(60)):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    data = game.to_dict()
    for _ in range(20):
        broken = _mutate(copy.deepcopy(data), rng)
        try:
            again = restore(broken)
        except ValueError:
            continue
        assert again.to_dict()["digest"] == data["digest"]  # accepted only if it rebuilds the same game
