"""engine.sample for classic: a whole game drawn from one seat's view, the same for games that look alike."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import engine
from engine.classic.game import ClassicGame
from engine.classic.sample import sample_plain
from engine.classic.setup import setup_of


def _twin_setups(seats: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A deal and another one that differs only in Ages II and III (nobody sees them during Age I)."""
    game = engine.new_game("classic", seats=seats, seed=seed)
    assert isinstance(game, ClassicGame)
    base = setup_of(game.state.deal)
    twin = copy.deepcopy(base)
    twin["ages"][1]["hands"].reverse()
    twin["ages"][2]["hands"] = twin["ages"][2]["hands"][1:] + twin["ages"][2]["hands"][:1]
    if seats == 2:
        age2 = twin["ages"][1]
        age2["pile"], age2["hands"][0] = age2["hands"][0], age2["pile"]
    assert twin != base
    return base, twin


@pytest.mark.parametrize("seats", [2, 3, 7])
def test_games_that_look_the_same_to_a_seat_give_the_same_samples(seats: int) -> None:
    base, twin = _twin_setups(seats, seed=seats)
    a = engine.new_game("classic", seats=seats, seed=1, options={"setup": base})
    b = engine.new_game("classic", seats=seats, seed=2, options={"setup": twin})
    rng = random.Random(seats)
    checked = 0
    step = 0
    while a.view(None)["age"] == 1:
        if step % 4 == 0:
            for seat in range(seats):
                assert a.view(seat) == b.view(seat)
                seed = rng.randrange(1000)
                assert engine.sample(a.view(seat), seed=seed).to_dict() == \
                    engine.sample(b.view(seat), seed=seed).to_dict()
                checked += 1
        seat = rng.choice(a.waiting())
        action = rng.choice(a.legal_actions(seat))
        assert a.apply(seat, action) == b.apply(seat, copy.deepcopy(action))
        step += 1
    assert checked >= 3 * seats
    assert [a.view(seat) for seat in range(seats)] != [b.view(seat) for seat in range(seats)]  # Age II shows


def _mutate(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        value[key] = _mutate(value[key], rng)
        return value
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        value[i] = _mutate(value[i], rng)
        return value
    return rng.choice([None, 0, 1, -1, 3, True, "x", [], {}, "a1_loom", "a2_loom", "turn", "build"])


def test_a_tampered_view_gives_a_value_error_or_a_game_showing_exactly_it() -> None:
    rng = random.Random(5)
    game = engine.new_game("classic", seats=3, seed=4)
    for _ in range(25):
        seat = rng.choice(game.waiting())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    refused = 0
    for _ in range(30):
        view = _mutate(copy.deepcopy(game.view(1)), rng)
        try:
            sampled = engine.sample(view, seed=1)
        except ValueError:
            refused += 1
            continue
        assert sampled.view(view["seat"]) == view
    assert refused


@pytest.mark.parametrize(("seats", "cities"), [(3, False), (7, False), (5, True), (2, False)])
def test_the_fast_sample_is_the_plain_one(seats: int, cities: bool) -> None:
    """engine.sample (the fast path: the last view's sampler, the turn's known plays recorded without
    listing the legal actions) gives the very game sample_plain gives (every play checked), over seeded
    positions of every Age, each seat's view sampled with several seeds."""
    rng = random.Random(seats)
    compared = 0
    for seed in range(2):
        options = {"cities": True} if cities else None
        game = engine.new_game("classic", seats=seats, seed=seed, options=options)
        while not game.is_over():
            if rng.random() < 0.15:
                seat = rng.randrange(seats)
                view = game.view(seat)
                for draw in range(3):
                    fast = engine.sample(view, seed=draw)
                    plain = sample_plain(copy.deepcopy(view), draw)
                    assert fast.to_dict() == plain.to_dict()  # the same deal and the same log
                    assert fast.view(seat) == view == plain.view(seat)
                    assert fast.view(None) == plain.view(None)
                    assert fast.legal_actions(seat) == plain.legal_actions(seat)
                    compared += 1
            acting = rng.choice(game.waiting())
            game.apply(acting, rng.choice(game.legal_actions(acting)))
    assert compared >= 10


@pytest.mark.parametrize(("seats", "cities"), [(3, False), (7, False), (6, True)])
def test_apply_known_does_what_apply_does_for_a_legal_action(seats: int, cities: bool) -> None:
    """ClassicGame.apply_known (the replay's fast path) against apply: the same events, the same views."""
    rng = random.Random(seats)
    game = engine.new_game("classic", seats=seats, seed=seats, options={"cities": True} if cities else None)
    assert isinstance(game, ClassicGame)
    twin = game.clone()
    while not game.is_over():
        acting = rng.choice(game.waiting())
        action = rng.choice(game.legal_actions(acting))
        assert twin.apply_known(acting, dict(action)) == game.apply(acting, action)
        assert [twin.view(seat) for seat in range(seats)] == [game.view(seat) for seat in range(seats)]
    assert twin.result() == game.result()
