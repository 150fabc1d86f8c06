"""The trade coins the Duel engine lists are the shared solver's answer, in every situation met."""

from __future__ import annotations

import random

import engine
from engine.duel import costs


def test_trade_coins_equal_the_solver_over_random_games() -> None:
    checked = 0
    for seed in range(40):
        game = engine.new_game("duel", seats=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            key = game.keys[seat]
            for item in costs.NEEDED:
                assert costs.trade_coins(key, {}, item) == sum(costs.payment(key, item).coins), (seed, item)
                checked += 1
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 100_000
