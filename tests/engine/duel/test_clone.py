"""clone(): an independent copy that shares only what never changes."""

from __future__ import annotations

import dataclasses
import random

import pytest

import engine
from engine.duel.game import DuelGame
from engine.duel.serial import describe
from engine.duel.state import City, DuelState, Structure

# Fields a clone shares with its original: never changed once made (replaced, not changed in place).
SHARED = {
    DuelState: {"seed", "options", "setup", "result", "pending", "pending_options"},
    City: {"prices"},
    Structure: {"layout", "cards", "slot_of"},
}


def play(game: DuelGame, rng: random.Random, moves: int | None = None) -> None:
    while not game.is_over() and (moves is None or moves > 0):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        moves = None if moves is None else moves - 1


def positions(count: int) -> list[DuelGame]:
    out = []
    for seed in range(count):
        rng = random.Random(seed)
        options = {"first_game_wonders": True} if seed % 3 == 0 else None
        game = engine.new_game("duel", seats=2, seed=seed, options=options)
        assert isinstance(game, DuelGame)
        play(game, rng, rng.randrange(0, 80))
        out.append(game)
    return out


@pytest.mark.parametrize("game", positions(40), ids=lambda g: f"seed{g.state.seed}")
def test_a_clone_is_the_same_game_and_independent(game: DuelGame) -> None:
    before = describe(game.state)
    copy = game.clone()
    assert isinstance(copy, DuelGame) and copy.to_dict() == game.to_dict()
    for seat in (0, 1, None):
        assert copy.view(seat) == game.view(seat)
    for seat in (0, 1):
        assert copy.legal_actions(seat) == game.legal_actions(seat)
    play(copy, random.Random(1))
    assert describe(game.state) == before and game.action_log == engine.restore(game.to_dict()).action_log
    twin = game.clone()
    play(game, random.Random(2))
    assert describe(twin.state) == before


def test_the_same_actions_give_the_same_events_on_original_and_clone() -> None:
    for game in positions(12):
        copy = game.clone()
        rng = random.Random(3)
        while not game.is_over():
            seat = game.to_act()[0]
            action = rng.choice(game.legal_actions(seat))
            assert copy.apply(seat, action) == game.apply(seat, action)
        assert copy.result() == game.result() and copy.to_dict() == game.to_dict()


def _fields(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


def test_mutable_parts_are_copied_immutable_ones_shared() -> None:
    game = positions(8)[-1]
    copy = game.clone()
    pairs: list[tuple[object, object]] = [(game.state, copy.state),
                                          (game.state.structure, copy.state.structure)]
    pairs += list(zip(game.state.cities, copy.state.cities, strict=True))
    for original, clone in pairs:
        shared = SHARED[type(original)]
        for name, value in _fields(original).items():
            other = getattr(clone, name)
            if name in shared:
                assert other is value, name
            elif isinstance(value, (City, Structure)) or name == "cities":
                assert other is not value, name  # compared field by field as their own pair
            elif isinstance(value, (list, dict, set)):
                assert other is not value and other == value, name
    assert copy.state.setup is game.state.setup and copy.state.structure.cards is game.state.structure.cards
