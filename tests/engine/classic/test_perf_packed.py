"""The payment caches of the classic game give exactly what the shared solver gives without them.

``engine.classic.packed`` buys the resources only one neighbour sells before solving and renumbers the
rest canonically; ``engine.classic.trade`` remembers answers per trading context. Both must be
invisible: these tests compare them with direct calls of ``engine.payment.payment_options``.
"""

from __future__ import annotations

import random

import pytest

from engine.classic import compiled as C
from engine.classic import packed
from engine.classic.packed import Problem, solve
from engine.classic.state import PRICES
from engine.classic.trade import Context, Trader, _solve
from engine.payment import Market, payment_options


def _direct(problem: Problem) -> tuple[tuple[int, int], ...]:
    """The solver on the packed problem as it is (no reduction, no cache)."""
    lacking, own, *sides = problem
    size = len(lacking)
    markets = tuple(Market(PRICES[cheap][:size], stock, choices) for stock, choices, cheap in sides)
    return tuple((p.coins[0], p.coins[1]) for p in payment_options(lacking, (0,) * size, own, markets))


def _random_problem(rng: random.Random) -> Problem:
    size = rng.randint(1, 5)
    lacking = tuple(rng.randint(1, 3) for _ in range(size))

    def cards(count: int) -> tuple[int, ...]:
        masks = (rng.randrange(1, 1 << size) for _ in range(count))
        return tuple(sorted(m for m in masks if m & (m - 1)))

    def side() -> tuple[tuple[int, ...], tuple[int, ...], int]:
        stock = tuple(min(rng.choice((0, 0, 1, 2, 3)), need) for need in lacking)
        return stock, cards(rng.choice((0, 0, 1, 2))), rng.randrange(1 << size)

    return lacking, cards(rng.choice((0, 0, 1, 2))), side(), side()


@pytest.mark.parametrize("seed", range(4))
def test_packed_answers_equal_the_solver(seed: int) -> None:
    rng = random.Random(seed)
    packed._SOLVED.clear()
    for _ in range(1500):
        problem = _random_problem(rng)
        assert solve(problem) == _direct(problem), problem


def test_forced_resources_add_a_fixed_cost() -> None:
    # Resource 0 only the left neighbour sells (at 1 coin), resource 1 both sell at 2 coins.
    problem = ((2, 1), (), ((2, 1), (), 0b01), ((0, 1), (), 0))
    assert solve(problem) == _direct(problem) == ((2, 2), (4, 0))


def test_a_forced_resource_short_of_stock_makes_the_need_impossible() -> None:
    problem = ((2, 1), (), ((1, 1), (), 0), ((0, 1), (), 0))
    assert solve(problem) == _direct(problem) == ()


def test_renamed_resources_share_one_answer() -> None:
    first = ((1, 2), (), ((1, 0), (), 0), ((1, 2), (), 0))
    renamed = ((2, 1), (), ((0, 1), (), 0), ((2, 1), (), 0))
    assert solve(first) == solve(renamed) == _direct(first) == _direct(renamed)


def _unreduced(ctx: Context, need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The solver on the whole 7-resource problem of a trading context."""
    prod, own, l_stock, l_choices, l_disc, r_stock, r_choices, r_disc = ctx
    markets = (Market(PRICES[l_disc], l_stock, l_choices), Market(PRICES[r_disc], r_stock, r_choices))
    return tuple((p.coins[0], p.coins[1]) for p in payment_options(need, prod, own, markets))


def _random_context(rng: random.Random) -> Context:
    def units() -> tuple[int, ...]:
        return tuple(rng.choice((0, 0, 0, 1, 1, 2)) for _ in range(C.N_RES))

    def cards() -> tuple[int, ...]:
        return tuple(sorted(rng.randrange(1, 1 << C.N_RES) for _ in range(rng.choice((0, 0, 1, 2)))))

    return (units(), cards(), units(), cards(), rng.randrange(1 << C.N_RES),
            units(), cards(), rng.randrange(1 << C.N_RES))


@pytest.mark.parametrize("seed", range(3))
def test_trading_contexts_answer_like_the_whole_problem(seed: int) -> None:
    rng = random.Random(seed)
    needs = [*C.CARD_NEED, *(need for stages in C.BS_NEED for need in stages)]
    for _ in range(60):
        ctx = _random_context(rng)
        trade = Trader(ctx)
        for need in rng.sample(needs, 12):
            found = trade.payments(need)
            assert found == _solve(ctx, need)
            # None stands for "nothing to buy", the single free payment.
            assert (((0, 0),) if found is None else found) == _unreduced(ctx, need), (ctx, need)
