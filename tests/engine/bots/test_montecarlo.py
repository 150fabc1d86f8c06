"""``medium``'s bookkeeping on toy games: averaging over sampled worlds, candidates, budgets, seeds."""

from __future__ import annotations

from collections.abc import Hashable

from engine.bots import Budget
from engine.bots.montecarlo import ActionStats, MonteCarloPolicy
from tests.engine.bots.toys import BiasedCoinSampler, CoinCall, TicTacToe, ToyKnowledge, tictactoe_sampler

HEADS = {"type": "call", "side": "heads"}
TAILS = {"type": "call", "side": "tails"}


def coin_view() -> dict:
    return CoinCall("heads").view(0)


def test_action_stats_average() -> None:
    stats = ActionStats()
    assert stats.mean == 0.0
    for value in (1.0, 0.0, 0.5):
        stats.add(value)
    assert stats.count == 3 and stats.mean == 0.5


def test_it_calls_the_side_the_sampled_worlds_favour() -> None:
    for heads, expected in ((0.8, HEADS), (0.2, TAILS)):
        policy = MonteCarloPolicy(ToyKnowledge(), sampler=BiasedCoinSampler(heads))
        legal = [HEADS, TAILS]
        for seed in range(5):
            assert policy.decide(coin_view(), legal, seed=seed, budget=Budget(iterations=80)) is \
                legal[legal.index(expected)]


def test_every_candidate_is_tried_in_the_same_worlds() -> None:
    sampler = BiasedCoinSampler(0.5)
    policy = MonteCarloPolicy(ToyKnowledge(), sampler=sampler)
    report = policy.analyse(coin_view(), [HEADS, TAILS], seed=3, budget=Budget(iterations=20))
    assert report.playouts == 20 and report.worlds == 10 and len(sampler.seeds) == 10
    assert [c.stats.count for c in report.candidates] == [10, 10]
    # In each world exactly one call is right: the two averages add up to one.
    assert abs(sum(c.stats.mean for c in report.candidates) - 1.0) < 1e-9


def test_an_odd_cap_splits_the_last_world_fairly() -> None:
    policy = MonteCarloPolicy(ToyKnowledge(), sampler=BiasedCoinSampler(0.5))
    report = policy.analyse(coin_view(), [HEADS, TAILS], seed=3, budget=Budget(iterations=5))
    assert sorted(c.stats.count for c in report.candidates) == [2, 3] and report.worlds == 3


def test_decisions_are_reproducible_from_the_seed() -> None:
    sampler = BiasedCoinSampler(0.5)
    policy = MonteCarloPolicy(ToyKnowledge(), sampler=sampler)
    legal = [HEADS, TAILS]
    first = [policy.decide(coin_view(), legal, seed=s, budget=Budget(iterations=6)) for s in range(20)]
    seeds = list(sampler.seeds)
    again = [policy.decide(coin_view(), legal, seed=s, budget=Budget(iterations=6)) for s in range(20)]
    assert first == again and sampler.seeds == seeds + seeds
    assert {a["side"] for a in first} == {"heads", "tails"}  # the seed matters with a fair coin


def test_candidates_are_the_best_valued_ones_and_a_lone_action_needs_no_search() -> None:
    game = TicTacToe()
    legal = game.legal_actions(0)
    prefer: dict[Hashable, float] = {(("cell", c), ("type", "mark")): 1.0 for c in (4, 0)}
    policy = MonteCarloPolicy(ToyKnowledge(prefer=prefer), sampler=tictactoe_sampler, candidate_limit=2)
    report = policy.analyse(game.view(0), legal, seed=1, budget=Budget(iterations=10))
    assert sorted(legal[c.index]["cell"] for c in report.candidates) == [0, 4]
    sampler = BiasedCoinSampler(0.5)
    lone = MonteCarloPolicy(ToyKnowledge(), sampler=sampler)
    assert lone.decide(CoinCall("heads").view(1), [{"type": "pass"}], seed=1) == {"type": "pass"}
    assert sampler.seeds == []


def test_it_takes_a_win_in_one_at_tictactoe() -> None:
    # X (seat 0) has 0 and 1; O has 3 and 4: cell 2 wins at once, anything else lets O win at 5.
    game = TicTacToe([0, 0, -1, 1, 1, -1, -1, -1, -1], to_move=0)
    policy = MonteCarloPolicy(ToyKnowledge(), sampler=tictactoe_sampler)
    assert policy.decide(game.view(0), game.legal_actions(0), seed=5, budget=Budget(iterations=200)) == \
        {"type": "mark", "cell": 2}
