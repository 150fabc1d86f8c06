"""Audit: corrupted saves are refused at restore (never a crash later), and only int seats see a hand."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import engine
from engine.api import IllegalAction


def _mid_game(seats: int, seed: int, moves: int) -> engine.Game:
    game = engine.new_game("classic", seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        for seat in list(game.to_act()):
            actions = game.legal_actions(seat)
            if actions:
                game.apply(seat, rng.choice(actions))
    return game


def _broken(data: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


# A save is its seats, seed, options and log: each of these corruptions is refused at restore.
CORRUPTIONS = [
    (["kind"], "chess"),
    (["version"], True),
    (["seats"], 9),
    (["seats"], 2.0),
    (["seed"], None),
    (["options"], {"sides": "C"}),
    (["options"], {"setup": {"wonders": []}}),
    (["options"], {"wonders": [{"board": "atlantis"}] * 3}),
    (["log"], {"0": []}),
    (["log", 0], ["x", {}]),
    (["log", 0], [0, "discard"]),
    (["log", 1, 1, "card"], "a3_palace"),
    (["log", 1, 1, "type"], "fly"),
    (["log", 2, 0], 5),
    (["log", 2, 1, "left"], -1),
]


@pytest.mark.parametrize(("path", "value"), CORRUPTIONS)
def test_corrupted_field_is_refused_at_restore(path: list[Any], value: Any) -> None:
    data = _mid_game(3, 4, 3).to_dict()
    with pytest.raises(ValueError):
        engine.restore(_broken(data, path, value))


def test_random_corruptions_never_crash_a_restored_game() -> None:
    rng = random.Random(11)
    values: list[Any] = [None, -1, 99, "x", [], {}, [None], ["a1_loom"], 1.5, True, [[]], "turn", "babylon"]
    for seats, seed in ((2, 1), (3, 2), (7, 3)):
        data = json.loads(json.dumps(_mid_game(seats, seed, 8).to_dict()))
        for _ in range(150):
            broken = copy.deepcopy(data)
            node: Any = broken
            while True:
                key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
                child = node[key]
                if rng.random() < 0.4 or not isinstance(child, dict | list) or not child:
                    node[key] = copy.deepcopy(rng.choice(values))
                    break
                node = child
            try:
                game = engine.restore(broken)
            except ValueError:
                continue
            for seat in [None, *range(game.seats)]:
                game.view(seat)
            for _step in range(40):
                if game.is_over():
                    break
                for seat in list(game.to_act()):
                    actions = game.legal_actions(seat)
                    if actions:
                        game.apply(seat, rng.choice(actions))


def test_only_a_plain_int_is_a_seat() -> None:
    game = engine.new_game("classic", seats=3, seed=1)
    assert game.legal_actions(1)
    for fake in (True, 1.0, "1"):
        assert game.legal_actions(fake) == []
        assert game.view(fake)["hand"] is None
        with pytest.raises(IllegalAction):
            game.apply(fake, game.legal_actions(1)[0])
