"""The direct shortcuts of engine.duel.costs and engine.duel.paid give what the shared solver gives."""

from __future__ import annotations

import random

from engine.duel import costs, paid
from engine.duel.tables import N_CARDS


def _random_key(rng: random.Random) -> costs.Key:
    own = tuple(rng.randrange(3) for _ in range(5))
    choices = tuple(sorted(rng.choice([0b111, 0b11000]) for _ in range(rng.randrange(4))))
    prices = tuple(rng.choice([1, 2, 3, 4, 5]) for _ in range(5))
    return (own, choices, prices, rng.random() < 0.3, rng.random() < 0.3)


def test_direct_bought_and_waived_units_equal_the_solver() -> None:
    rng = random.Random(11)
    direct = 0
    for _ in range(4000):
        key = _random_key(rng)
        item = rng.randrange(N_CARDS) if rng.random() < 0.6 else costs.WONDER_BASE + rng.randrange(12)
        found = paid._plain_units(key, item)
        if found is not None:
            direct += 1
            assert found == paid._solved_units(key, item), (key, item)
        assert paid.paid_units(key, item) == paid._solved_units(key, item)
    assert direct > 2000


def test_non_disjoint_choices_go_to_the_solver() -> None:
    key = ((0, 0, 0, 0, 0), (0b011, 0b110), (2, 2, 2, 2, 2), False, False)
    item = costs.WONDER_BASE
    assert paid._plain_units(key, item) is None
    assert costs.trade_coins(key, {}, item) == costs.payment(key, item).total


def test_bank_payment_is_the_solver_answer() -> None:
    rng = random.Random(23)
    solved = 0
    for _ in range(4000):
        key = _random_key(rng)
        item = rng.randrange(N_CARDS) if rng.random() < 0.6 else costs.WONDER_BASE + rng.randrange(12)
        reduced = costs.reduced_question(key, item)
        if reduced is None:
            continue
        solved += 1
        bought, waived = paid.bank_payment(*reduced)
        pay = costs.payment(key, item)
        assert (tuple(bought), tuple(waived)) == (pay.bought[0], pay.waived), (key, item)
    assert solved > 2000
