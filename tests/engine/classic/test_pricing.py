"""The classic pricing seam gives exactly what the shared solver gives on the whole problem.

``engine.classic.pricing`` reduces a need to what a city lacks, buys the resources only one neighbour
sells before solving, renumbers the rest canonically and remembers answers per trading context and per
purchase. All of that must be invisible: these tests compare it with direct calls of
``engine.payment.all_payments`` (and of ``payment_options`` for the undominated ones).
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.classic import compiled as C
from engine.classic import pricing
from engine.classic.actions import (
    ActionKey,
    CardOptions,
    action_of,
    hand_options,
    hand_options_plain,
    legal_of,
)
from engine.classic.game import ClassicGame
from engine.classic.pricing import (
    PRICES,
    Coins,
    Pricer,
    Purchase,
    Seller,
    TradingContext,
    payments_in,
    solve_purchase,
)
from engine.classic.state import BUILD, DISCARD, OLYMPIA, PAY, WONDER
from engine.payment import Market, all_payments, payment_options


def _direct(purchase: Purchase) -> tuple[Coins, ...]:
    """The solver on the purchase as it is (no reduction, no memo)."""
    size = len(purchase.lacking)
    markets = tuple(Market(tuple(seller.price(j) for j in range(size)), seller.units, seller.choices)
                    for seller in (purchase.left, purchase.right))
    found = all_payments(purchase.lacking, (0,) * size, purchase.own_choices, markets)
    return tuple(Coins(*p.coins) for p in found)


def _random_purchase(rng: random.Random) -> Purchase:
    size = rng.randint(1, 5)
    lacking = tuple(rng.randint(1, 3) for _ in range(size))

    def cards(count: int) -> tuple[int, ...]:
        masks = (rng.randrange(1, 1 << size) for _ in range(count))
        return tuple(sorted(m for m in masks if m & (m - 1)))

    def seller() -> Seller:
        units = tuple(min(rng.choice((0, 0, 1, 2, 3)), need) for need in lacking)
        return Seller(units, cards(rng.choice((0, 0, 1, 2))), rng.randrange(1 << size))

    return Purchase(lacking, cards(rng.choice((0, 0, 1, 2))), seller(), seller())


@pytest.mark.parametrize("seed", range(4))
def test_purchases_answer_like_the_solver(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1000):
        purchase = _random_purchase(rng)
        found = solve_purchase(purchase)
        assert found.payments == _direct(purchase), purchase
        assert found.totals == tuple(a + b for a, b in found.payments)


def test_forced_resources_add_a_fixed_cost() -> None:
    # Resource 0 only the left neighbour sells (at 1 coin), resource 1 both sell at 2 coins.
    purchase = Purchase((2, 1), (), Seller((2, 1), (), 0b01), Seller((0, 1), (), 0))
    assert solve_purchase(purchase).payments == _direct(purchase) == ((2, 2), (4, 0))


def test_a_forced_resource_short_of_stock_makes_the_need_impossible() -> None:
    purchase = Purchase((2, 1), (), Seller((1, 1), (), 0), Seller((0, 1), (), 0))
    assert solve_purchase(purchase).payments == _direct(purchase) == ()


def test_renamed_resources_share_one_answer() -> None:
    first = Purchase((1, 2), (), Seller((1, 0), (), 0), Seller((1, 2), (), 0))
    renamed = Purchase((2, 1), (), Seller((0, 1), (), 0), Seller((2, 1), (), 0))
    assert solve_purchase(first) == solve_purchase(renamed)
    assert solve_purchase(first).payments == _direct(first) == _direct(renamed)


def _whole(context: TradingContext, need: tuple[int, ...]) -> tuple[Coins, ...]:
    """The solver on the whole 7-resource problem of a trading context."""
    markets = (Market(PRICES[context.left_cheap], context.left_units, context.left_choices),
               Market(PRICES[context.right_cheap], context.right_units, context.right_choices))
    found = all_payments(need, context.units, context.own_choices, markets)
    return tuple(Coins(*p.coins) for p in found)


def _random_context(rng: random.Random) -> TradingContext:
    def units() -> tuple[int, ...]:
        return tuple(rng.choice((0, 0, 0, 1, 1, 2)) for _ in range(C.N_RES))

    def cards() -> tuple[int, ...]:
        return tuple(sorted(rng.randrange(1, 1 << C.N_RES) for _ in range(rng.choice((0, 0, 1, 2)))))

    return TradingContext(units(), cards(), units(), cards(), rng.randrange(1 << C.N_RES),
                          units(), cards(), rng.randrange(1 << C.N_RES))


@pytest.mark.parametrize("seed", range(3))
def test_trading_contexts_answer_like_the_whole_problem(seed: int) -> None:
    rng = random.Random(seed)
    needs = [*C.CARD_NEED, *(need for stages in C.BS_NEED for need in stages)]
    for _ in range(60):
        context = _random_context(rng)
        prices = Pricer(context)
        for need in rng.sample(needs, 12):
            found = prices.payments(need)
            assert found == payments_in(context, need)
            # None stands for "nothing to buy", the single free payment.
            assert (((0, 0),) if found is None else found.payments) == _whole(context, need), (context, need)
            if found is not None:
                assert found.totals == tuple(a + b for a, b in found.payments)


@pytest.mark.parametrize("seed", range(2))
def test_the_undominated_payments_are_the_solvers_payment_options(seed: int) -> None:
    rng = random.Random(seed)
    needs = [*C.CARD_NEED, *(need for stages in C.BS_NEED for need in stages)]
    for _ in range(60):
        context = _random_context(rng)
        markets = (Market(PRICES[context.left_cheap], context.left_units, context.left_choices),
                   Market(PRICES[context.right_cheap], context.right_units, context.right_choices))
        for need in rng.sample(needs, 8):
            answer = Pricer(context).payments(need)
            found = (Coins(0, 0),) if answer is None else answer.payments
            undominated = [p for p in found if not any(o != p and o.left <= p.left and o.right <= p.right
                                                       for o in found)]
            options = payment_options(need, context.units, context.own_choices, markets)
            pareto = [Coins(*p.coins) for p in options]
            assert undominated == pareto, (context, need)


@pytest.mark.parametrize(("seats", "cities"), [(2, False), (3, False), (7, False), (4, True), (7, True)])
def test_the_fast_hand_options_agree_with_the_plain_ones(seats: int, cities: bool) -> None:
    """actions.hand_options (the fast path legal_actions uses) against hand_options_plain (card by card
    through card_build), over seeded random games: every city's hand, a random set of cards (built ones,
    chains), and Babylon's late purchases; each side from a fresh memo of trading contexts."""
    rng = random.Random(seats * 10 + cities)
    compared = 0
    for seed in range(3):
        options = {"cities": True} if cities else None
        game = engine.new_game("classic", seats=seats, seed=seed, options=options)
        assert isinstance(game, ClassicGame)
        while not game.is_over():
            s = game.state
            for city in range(s.n):
                cards = list(s.hands[s.seat_of(city)]) + rng.sample(range(C.N_CARDS if cities
                                                                          else C.N_BASE_CARDS), 6)
                for late in (False, True):
                    pricing._BY_CONTEXT.clear()
                    fast = hand_options(s, city, cards, late)
                    pricing._BY_CONTEXT.clear()
                    assert fast == hand_options_plain(s, city, cards, late)
                    _check_hand_legal(fast, free_city=s.two and city == 2)
                    compared += 1
            for seat in game.waiting()[:1] if s.phase != "turn" else game.waiting():
                actions = game.legal_actions(seat)
                if actions:
                    game.apply(seat, rng.choice(actions))
    assert compared > 100


def _plain_legal(options: list[CardOptions], free_city: bool) -> list[ActionKey]:
    """The legal actions of a hand by the rule, key by key (what HandLegal must list)."""
    keys = []
    any_playable = free_city and any(o.playable for o in options)
    for o in options:
        keys += [ActionKey(BUILD, o.card, a, b) for a, b in o.build]
        if free_city and o.chain:
            continue
        keys += [ActionKey(WONDER, o.card, a, b) for a, b in o.wonder]
        keys += [ActionKey(OLYMPIA, o.card, -1, -1)] if o.olympia else []
    return keys + [ActionKey(DISCARD, o.card, -1, -1) for o in options
                   if not (free_city and (o.chain or any_playable))]


def _check_hand_legal(options: list[CardOptions], free_city: bool) -> None:
    """HandLegal (keys made only when iterated) against the rule: the same keys in the same order, the
    same membership (also of near misses: a coin more, another kind), the same dicts."""
    legal = legal_of(options, free_city)
    keys = _plain_legal(options, free_city)
    assert list(legal) == keys and len(legal) == len(keys)
    assert legal.actions() == [action_of(k, free_city) for k in keys]
    listed = set(keys)
    for kind, card, left, right in keys:
        for near in ((kind, card, left + 1, right), (kind, card, left, right + 1),
                     *((other, card, left, right) for other in (BUILD, WONDER, OLYMPIA, DISCARD, PAY))):
            assert (near in legal) == (near in listed)
        assert legal[ActionKey(kind, card, left, right)].card == card


def test_a_free_city_chain_is_built_never_staged_nor_discarded() -> None:
    """HandLegal on a made-up Free City hand: a chained card, a playable one, an unplayable one."""
    free = (Coins(0, 0),)
    chained = CardOptions(1, free, 0, None, True, (Coins(1, 0), Coins(0, 2)), None, True)
    playable = CardOptions(2, (Coins(2, 0),), 0, None, False, (Coins(1, 0),), None, False)
    stuck = CardOptions(3, (), 0, "not enough coins", False, (), "not enough coins", False)
    for free_city in (True, False):
        _check_hand_legal([chained, playable, stuck], free_city)
    legal = legal_of([chained, playable, stuck], free_city=True)
    assert ActionKey(WONDER, 1, 1, 0) not in legal and ActionKey(WONDER, 2, 1, 0) in legal
    assert not any(k.kind == DISCARD for k in legal)
    assert [k.kind for k in legal_of([stuck], free_city=True)] == [DISCARD]


@pytest.mark.parametrize("seed", range(2))
def test_purchases_with_rebates_answer_like_the_solver(seed: int) -> None:
    """Cities' Smuggler's Cache (a unit 1 coin cheaper) on one-of cards for sale too."""
    rng = random.Random(100 + seed)
    for _ in range(600):
        plain = _random_purchase(rng)
        size = len(plain.lacking)
        purchase = plain._replace(left=plain.left._replace(rebate=rng.randrange(1 << size)),
                                  right=plain.right._replace(rebate=rng.randrange(1 << size)))
        assert solve_purchase(purchase).payments == _direct(purchase), purchase
