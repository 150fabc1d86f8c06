"""Cities' Smuggler's Cache rebate in the pricing seam: every reduction still answers like the solver."""

from __future__ import annotations

import random

import pytest

from engine.classic import compiled as C
from engine.classic.pricing import Coins, Pricer, Purchase, Seller, TradingContext, solve_purchase
from engine.payment import Market, all_payments


def _prices(cheap: int, rebate: int, size: int) -> tuple[int, ...]:
    return tuple(Seller((), (), cheap, rebate).price(j) for j in range(size))


def _direct(purchase: Purchase) -> tuple[Coins, ...]:
    size = len(purchase.lacking)
    markets = tuple(Market(_prices(s.cheap, s.rebate, size), s.units, s.choices)
                    for s in (purchase.left, purchase.right))
    found = all_payments(purchase.lacking, (0,) * size, purchase.own_choices, markets)
    return tuple(Coins(*p.coins) for p in found)


@pytest.mark.parametrize("seed", range(3))
def test_purchases_with_rebates_answer_like_the_solver(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(800):
        size = rng.randint(1, 5)
        lacking = tuple(rng.randint(1, 3) for _ in range(size))

        def cards(count: int, size: int = size) -> tuple[int, ...]:
            masks = (rng.randrange(1, 1 << size) for _ in range(count))
            return tuple(sorted(m for m in masks if m & (m - 1)))

        def seller(lacking: tuple[int, ...] = lacking, size: int = size) -> Seller:
            units = tuple(min(rng.choice((0, 0, 1, 2, 3)), need) for need in lacking)
            return Seller(units, cards(rng.choice((0, 0, 1, 2))), rng.randrange(1 << size),
                          rng.choice((0, 1 << rng.randrange(size))))

        purchase = Purchase(lacking, cards(rng.choice((0, 0, 1, 2))), seller(), seller())
        assert solve_purchase(purchase).payments == _direct(purchase), purchase


def test_trading_contexts_with_rebates_answer_like_the_whole_problem() -> None:
    rng = random.Random(7)
    needs = [*C.CARD_NEED, *(need for stages in C.BS_NEED for need in stages)]
    for _ in range(60):
        def units() -> tuple[int, ...]:
            return tuple(rng.choice((0, 0, 0, 1, 1, 2)) for _ in range(C.N_RES))

        def cards() -> tuple[int, ...]:
            count = rng.choice((0, 0, 1, 2))
            return tuple(sorted(rng.randrange(1, 1 << C.N_RES) for _ in range(count)))

        left_rebate, right_rebate = 1 << rng.randrange(C.N_RES), 1 << rng.randrange(C.N_RES)
        context = TradingContext(units(), cards(), units(), cards(), rng.randrange(1 << C.N_RES), units(),
                                 cards(), rng.randrange(1 << C.N_RES), left_rebate, right_rebate)
        markets = (Market(_prices(context.left_cheap, left_rebate, C.N_RES), context.left_units,
                          context.left_choices),
                   Market(_prices(context.right_cheap, right_rebate, C.N_RES), context.right_units,
                          context.right_choices))
        for need in rng.sample(needs, 10):
            found = Pricer(context).payments(need)
            solved = all_payments(need, context.units, context.own_choices, markets)
            whole = tuple(Coins(*p.coins) for p in solved)
            assert (((0, 0),) if found is None else found.payments) == whole, (context, need)
