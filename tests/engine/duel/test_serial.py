"""to_dict / restore round trips and clear errors on corrupted saves."""

from __future__ import annotations

import json
import random

import msgpack
import pytest

import engine


def played(seed: int, moves: int) -> engine.Game:
    game = engine.new_game("duel", seats=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize("moves", [0, 5, 30, 200])
def test_round_trip_json_and_msgpack(moves: int) -> None:
    game = played(3, moves)
    data = game.to_dict()
    blobs = (json.loads(json.dumps(data)), msgpack.unpackb(msgpack.packb(data), raw=False))
    copies = [engine.restore(blob) for blob in blobs]
    for copy in copies:
        assert copy.to_dict() == data
        for seat in (0, 1, None):
            assert copy.view(seat) == game.view(seat)
    if not game.is_over():
        seat = game.to_act()[0]
        action = game.legal_actions(seat)[-1]
        events = game.apply(seat, action)
        for copy in copies:
            assert copy.apply(seat, action) == events
            assert copy.to_dict() == game.to_dict()


def test_replay_of_the_log_gives_the_same_game() -> None:
    game = played(11, 40)
    again = engine.replay("duel", seats=2, seed=11, options=None, log=game.action_log)
    assert again.to_dict() == game.to_dict()


def test_snapshot_is_independent_of_the_game() -> None:
    game = played(2, 10)
    data = game.to_dict()
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    assert engine.restore(data).to_dict() == data


def corrupt(data: dict, path: list, value: object) -> dict:
    data = json.loads(json.dumps(data))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "value", "message"), [
    (["kind"], "chess", "unknown game kind"),
    (["version"], 9, "not a saved duel game"),
    (["seats"], 3, "not a saved duel game"),
    (["seed"], "x", "seed"),
    (["options"], {"speed": 1}, "unknown duel options"),
    (["log"], "nope", "log"),
    (["log", 0], [0], "not a \\[seat, action\\] pair"),
    (["log", 1, 1], {"type": "build", "card": "nowhere"}, "log entry 1 is illegal"),
    (["digest"], "0" * 20, "does not match its digest"),
    (["digest"], 7, "digest"),
    (["seed"], 6, "illegal|does not match"),
    (["options"], {"first_game_wonders": True}, "illegal|does not match"),
    (["extra"], 1, "unexpected keys"),
])
def test_corrupted_saves_raise_value_error(path: list, value: object, message: str) -> None:
    data = played(5, 12).to_dict()
    with pytest.raises(ValueError, match=message):
        engine.restore(corrupt(data, path, value))


def test_restore_rejects_non_dicts() -> None:
    for bad in (None, [], "duel", {"kind": "duel"}):
        with pytest.raises(ValueError):
            engine.restore(bad)  # type: ignore[arg-type]
