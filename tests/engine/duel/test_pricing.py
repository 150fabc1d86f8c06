"""The pricing seam (engine/duel/pricing.py) answers exactly like the shared solver, engine/payment.py."""

from __future__ import annotations

import random

import engine
from engine.duel import pricing, readings
from engine.duel.game import DuelGame
from engine.duel.material import CARD_INDEX
from engine.duel.pricing import (
    CARD_NEEDS,
    WONDER_NEEDS,
    Need,
    PriceList,
    TradeSituation,
    paid,
    trade_coins,
    trade_situation,
)
from engine.memo import BoundedMemo
from engine.payment import Market, cheapest_payment

NEEDS = CARD_NEEDS + WONDER_NEEDS
# wood/clay/stone (Caravansery, Great Lighthouse), glass/papyrus (Forum, Piraeus)
CHOICES = (0b00111, 0b11000)


def solver_coins(situation: TradeSituation, need: Need) -> int:
    """What the shared solver, asked the whole question, says ``need`` costs."""
    units = [0] * 5
    for r, n in need.units:
        units[r] = n
    discount = readings.DISCOUNT_UNITS if ((need.blue and situation.masonry)
                                           or (need.wonder and situation.architecture)) else 0
    direct = cheapest_payment(tuple(units), situation.production, situation.choices,
                              (Market(situation.prices, None),), discount)
    assert direct is not None
    return direct.total


def random_situation(rng: random.Random) -> TradeSituation:
    return TradeSituation(
        production=tuple(rng.randrange(3) for _ in range(5)),
        choices=tuple(sorted(rng.choice(CHOICES) for _ in range(rng.randrange(4)))),
        prices=tuple(rng.choice([1, 2, 3, 4, 5]) for _ in range(5)),
        masonry=rng.random() < 0.3, architecture=rng.random() < 0.3)


def check(situation: TradeSituation, need: Need) -> None:
    expected = solver_coins(situation, need)
    assert trade_coins(situation, need) == expected, (situation, need)
    how = paid(situation, need)
    assert how.coins == expected and sum(coins for _, coins in how.bought) == expected
    assert sum(units for _, units in how.waived) <= readings.DISCOUNT_UNITS


def test_trade_coins_and_payments_equal_the_solver_in_random_situations() -> None:
    rng = random.Random(5)
    for _ in range(2500):
        situation = random_situation(rng)
        check(situation, rng.choice(NEEDS))


def test_every_price_met_in_random_games_equals_the_solver() -> None:
    seen: set[TradeSituation] = set()
    for seed in range(40):
        game = engine.new_game("duel", seats=2, seed=seed)
        assert isinstance(game, DuelGame)
        rng = random.Random(seed)
        while not game.is_over():
            seen.update(city.prices.situation for city in game.state.cities)
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert len(seen) > 250
    assert any(s.choices for s in seen) and any(s.masonry or s.architecture for s in seen)
    for situation in seen:
        prices = PriceList(situation)
        for card, need in enumerate(CARD_NEEDS):
            assert prices.card(card) == solver_coins(situation, need)
        for wonder, need in enumerate(WONDER_NEEDS):
            assert prices.wonder(wonder) == solver_coins(situation, need)
            check(situation, need)


def test_the_plain_path_is_each_missing_unit_at_its_price() -> None:
    """No choice card, no discount: nothing to optimise (Aqueduct: 3 stone, 1 owned, stone at 4)."""
    situation = trade_situation([0, 0, 1, 0, 0], [], 0, [0, 0, 2, 0, 0], False, False)
    aqueduct = CARD_NEEDS[CARD_INDEX["aqueduct"]]
    assert situation.prices == (2, 2, 4, 2, 2)
    assert trade_coins(situation, aqueduct) == 8 == solver_coins(situation, aqueduct)
    assert paid(situation, aqueduct).bought == (("stone", 8),)


def test_one_coin_resources_and_choices_in_the_situation() -> None:
    situation = trade_situation([1, 0, 0, 0, 0], [0b11000, 0b00111], 0b00100, [2, 1, 3, 0, 0], True, False)
    assert situation.prices == (4, 3, 1, 2, 2)
    assert situation.choices == (0b00111, 0b11000)  # sorted: the order gained does not matter
    assert situation.masonry and not situation.architecture


def test_the_memos_are_the_engines_bounded_memo() -> None:
    assert isinstance(pricing.price_list, BoundedMemo)
    situation = trade_situation([0] * 5, [], 0, [0] * 5, False, False)
    assert pricing.price_list(situation) is pricing.price_list(situation)
    pricing.price_list.clear()
    assert len(pricing.price_list) == 0
    assert pricing.price_list(situation).situation == situation
