"""Tests of the shared payment solver: Duel-like bank, classic-like neighbours, brute-force property."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.payment import (
    Market,
    Payment,
    all_payments,
    cheapest_bank_payment,
    cheapest_payment,
    mask,
    payment_options,
)

# Resource indices used by these tests (each game defines its own).
WOOD, STONE, CLAY, GLASS, PAPYRUS = range(5)
R = 5
NONE = (0,) * R


def vec(**units: int) -> tuple[int, ...]:
    names = ("wood", "stone", "clay", "glass", "papyrus")
    return tuple(units.get(n, 0) for n in names)


def bank(prices: tuple[int, ...]) -> Market:
    return Market(prices=prices, stock=None)


# --- helpers -----------------------------------------------------------------------------------------


def test_mask_sets_one_bit_per_resource() -> None:
    assert mask() == 0
    assert mask(WOOD) == 1
    assert mask(STONE, GLASS) == 0b1010
    assert mask(CLAY, CLAY) == 0b100


def test_payment_total_sums_every_market() -> None:
    p = Payment(coins=(2, 3), bought=(NONE, NONE), own_choices=(), waived=NONE)
    assert p.total == 5


# --- Duel-like: one unlimited bank -------------------------------------------------------------------


def test_plain_deficit_is_priced_per_unit() -> None:
    prices = (2, 3, 2, 4, 2)
    p = cheapest_payment(vec(wood=3, glass=1), vec(wood=1), (), (bank(prices),))
    assert p is not None
    assert p.coins == (2 * 2 + 4,)
    assert p.bought == (vec(wood=2, glass=1),)
    assert p.waived == NONE


def test_own_production_covers_need_gives_zero_payment() -> None:
    p = cheapest_payment(vec(stone=2), vec(stone=3), (mask(GLASS, PAPYRUS),), (bank((2,) * R),), 2)
    assert p == Payment(coins=(0,), bought=(NONE,), own_choices=(-1,), waived=NONE)
    zero = Payment(coins=(0, 0), bought=(NONE, NONE), own_choices=(), waived=NONE)
    markets = (bank((2,) * R), bank((2,) * R))
    assert payment_options(vec(stone=2), vec(stone=2), (), markets) == (zero,)


def test_reserve_price_one_versus_four() -> None:
    need = vec(clay=2, stone=2)
    cheap = cheapest_payment(need, NONE, (), (bank(vec(clay=1, stone=4, wood=2, glass=2, papyrus=2)),))
    assert cheap is not None and cheap.total == 2 * 1 + 2 * 4


def test_choice_card_covers_the_most_expensive_deficit() -> None:
    prices = vec(wood=2, stone=5, clay=3, glass=2, papyrus=2)
    p = cheapest_payment(vec(wood=1, stone=1, clay=1), NONE, (mask(WOOD, STONE, CLAY),), (bank(prices),))
    assert p is not None
    assert p.own_choices == (STONE,)
    assert p.coins == (2 + 3,)


def test_two_choice_cards_are_assigned_jointly() -> None:
    # Giving the first card to stone (the dearest, lowest index) would leave the second card useless.
    prices = vec(wood=2, stone=6, clay=2, glass=3, papyrus=2)
    choices = (mask(STONE, GLASS), mask(STONE))
    p = cheapest_payment(vec(stone=1, glass=1), NONE, choices, (bank(prices),))
    assert p is not None
    assert p.total == 0
    assert p.own_choices == (GLASS, STONE)


def test_useless_choice_card_is_marked_unused() -> None:
    p = cheapest_payment(vec(wood=1), NONE, (mask(GLASS, PAPYRUS),), (bank((2,) * R),))
    assert p is not None and p.own_choices == (-1,) and p.total == 2


def test_discount_waives_the_two_most_expensive_units() -> None:
    prices = vec(wood=2, stone=3, clay=5, glass=4, papyrus=2)
    need = vec(wood=1, stone=1, clay=1, glass=1)
    p = cheapest_payment(need, NONE, (), (bank(prices),), discount=2)
    assert p is not None
    assert p.waived == vec(clay=1, glass=1)
    assert p.bought == (vec(wood=1, stone=1),)
    assert p.total == 5


def test_discount_can_waive_two_units_of_the_same_type() -> None:
    prices = vec(wood=2, stone=2, clay=2, glass=6, papyrus=3)
    p = cheapest_payment(vec(glass=2, papyrus=1), NONE, (), (bank(prices),), discount=2)
    assert p is not None
    assert p.waived == vec(glass=2)
    assert p.total == 3


def test_discount_larger_than_need_gives_zero() -> None:
    p = cheapest_payment(vec(stone=1), NONE, (), (bank((3,) * R),), discount=2)
    assert p is not None
    assert p.total == 0
    assert p.waived == vec(stone=1)
    assert payment_options(vec(stone=1), NONE, (), (bank((3,) * R),), discount=2) == (p,)


def test_discount_and_choice_card_combine() -> None:
    prices = vec(wood=2, stone=4, clay=4, glass=3, papyrus=2)
    need = vec(stone=1, clay=1, glass=1)
    p = cheapest_payment(need, NONE, (mask(STONE, CLAY),), (bank(prices),), discount=2)
    assert p is not None and p.total == 0


def test_single_bank_has_exactly_one_option() -> None:
    opts = payment_options(vec(wood=2, papyrus=1), NONE, (), (bank((2,) * R),))
    assert len(opts) == 1 and opts[0].total == 6


# --- classic-like: two neighbours with limited stock -------------------------------------------------


def neighbour(prices: tuple[int, ...], stock: tuple[int, ...], choices: tuple[int, ...] = ()) -> Market:
    return Market(prices=prices, stock=stock, choice_stock=choices)


TWO = (2,) * R


def test_same_resource_from_both_neighbours_gives_two_options() -> None:
    left = neighbour(TWO, vec(wood=1))
    right = neighbour(vec(wood=1, stone=2, clay=2, glass=2, papyrus=2), vec(wood=1))
    opts = payment_options(vec(wood=1), NONE, (), (left, right))
    assert [o.coins for o in opts] == [(0, 1), (2, 0)]
    assert opts[0].bought == (NONE, vec(wood=1))
    assert cheapest_payment(vec(wood=1), NONE, (), (left, right)) == opts[0]


def test_equal_prices_give_lexicographic_order() -> None:
    left = neighbour(TWO, vec(wood=1))
    right = neighbour(TWO, vec(wood=1))
    assert [o.coins for o in payment_options(vec(wood=1), NONE, (), (left, right))] == [(0, 2), (2, 0)]


def test_dominated_plans_are_not_offered() -> None:
    left = neighbour(TWO, vec(wood=2, clay=1))
    right = neighbour(vec(wood=1, stone=2, clay=2, glass=2, papyrus=2), vec(wood=2))
    opts = payment_options(vec(wood=1, clay=1), NONE, (), (left, right))
    # Clay only on the left; wood is cheaper on the right, so (4, 0) and (2, 1) are both undominated.
    assert [o.coins for o in opts] == [(2, 1), (4, 0)]


def test_limited_stock_forces_a_split() -> None:
    left = neighbour(TWO, vec(stone=1))
    right = neighbour(TWO, vec(stone=2))
    opts = payment_options(vec(stone=3), NONE, (), (left, right))
    assert [o.coins for o in opts] == [(2, 4)]
    assert opts[0].bought == (vec(stone=1), vec(stone=2))


def test_limited_stock_too_small_gives_none() -> None:
    left = neighbour(TWO, vec(stone=1))
    right = neighbour(TWO, vec(stone=1))
    assert cheapest_payment(vec(stone=3), NONE, (), (left, right)) is None
    assert payment_options(vec(stone=3), NONE, (), (left, right)) == ()


def test_neighbour_choice_card_serves_either_resource_but_once() -> None:
    timber_yard = mask(WOOD, STONE)
    left = neighbour(TWO, NONE, (timber_yard,))
    right = neighbour(TWO, NONE)
    for r in (WOOD, STONE):
        need = tuple(1 if i == r else 0 for i in range(R))
        p = cheapest_payment(need, NONE, (), (left, right))
        assert p is not None and p.coins == (2, 0) and p.bought[0] == need
    assert cheapest_payment(vec(wood=1, stone=1), NONE, (), (left, right)) is None
    both = neighbour(TWO, vec(wood=1), (timber_yard,))
    p = cheapest_payment(vec(wood=1, stone=1), NONE, (), (both, right))
    assert p is not None and p.coins == (4, 0)


def test_neighbour_choice_cards_are_assigned_jointly() -> None:
    left = neighbour(TWO, NONE, (mask(WOOD, STONE), mask(WOOD)))
    right = neighbour(TWO, NONE)
    p = cheapest_payment(vec(wood=1, stone=1), NONE, (), (left, right))
    assert p is not None and p.coins == (4, 0)


def test_resource_nobody_sells_gives_none() -> None:
    left = neighbour(TWO, vec(wood=3))
    right = neighbour(TWO, vec(clay=3), (mask(WOOD, CLAY),))
    assert cheapest_payment(vec(papyrus=1), NONE, (), (left, right)) is None
    assert payment_options(vec(wood=1, papyrus=1), NONE, (), (left, right)) == ()


def test_trading_post_prices_are_per_market_and_resource() -> None:
    raw_one = (1, 1, 1, 2, 2)  # e.g. a West Trading Post: raw materials at 1 from the left
    left = neighbour(raw_one, vec(clay=1, glass=1))
    right = neighbour(TWO, vec(clay=1, glass=1))
    opts = payment_options(vec(clay=1, glass=1), NONE, (), (left, right))
    assert [o.coins for o in opts] == [(1, 2), (3, 0), (0, 4)]


def test_own_production_and_choices_come_before_buying() -> None:
    left = neighbour(TWO, vec(wood=2, glass=1))
    right = neighbour(TWO, vec(glass=1))
    own = vec(wood=1)
    p = cheapest_payment(vec(wood=2, glass=1), own, (mask(GLASS, PAPYRUS),), (left, right))
    assert p is not None
    assert p.own_choices == (GLASS,)
    assert p.coins == (2, 0) and p.bought[0] == vec(wood=1)


def test_list_arguments_are_accepted() -> None:
    """The vectors and the markets may be lists; a Market's own fields are tuples (the compiled engine
    refuses a list there with a TypeError)."""
    left = Market(prices=(2,) * R, stock=(1,) * R)
    p = cheapest_payment(list(vec(wood=1)), list(NONE), [], [left])
    assert p is not None and p.coins == (2,)


def test_mismatched_lengths_are_rejected() -> None:
    try:
        payment_options((1, 0), (0, 0, 0), (), (bank((2, 2)),))
    except ValueError:
        return
    raise AssertionError("a length mismatch must raise ValueError")


# --- property test against a brute-force reference ---------------------------------------------------

RS = 3  # resources in the random cases


def _masks_of(choice: int) -> list[int]:
    return [r for r in range(RS) if choice >> r & 1]


def _brute_buyable(market: Market, need: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Every purchase vector <= need this market can sell, by trying every use of its choice cards."""
    if market.stock is None:
        return set(product(*(range(n + 1) for n in need)))
    found: set[tuple[int, ...]] = set()
    for picks in product(*([-1, *_masks_of(c)] for c in market.choice_stock)):
        cap = list(market.stock)
        for r in picks:
            if r >= 0:
                cap[r] += 1
        found.update(product(*(range(min(c, n) + 1) for c, n in zip(cap, need, strict=True))))
    return found


def _brute_free(need, own, own_choices, discount) -> set[tuple[int, ...]]:
    """Every vector <= need covered without buying (own, own choices, waived units)."""
    found: set[tuple[int, ...]] = set()
    for picks in product(*([-1, *_masks_of(c)] for c in own_choices)):
        base = list(own)
        for r in picks:
            if r >= 0:
                base[r] += 1
        for w in product(*(range(discount + 1) for _ in range(RS))):
            if sum(w) <= discount:
                top = [min(n, b + x) for n, b, x in zip(need, base, w, strict=True)]
                found.update(product(*(range(t + 1) for t in top)))
    return found


def _brute_coin_vectors(need, own, own_choices, markets, discount) -> set[tuple[int, ...]]:
    free = _brute_free(need, own, own_choices, discount)
    coins: set[tuple[int, ...]] = set()
    for buys in product(*(_brute_buyable(m, need) for m in markets)):
        covered = [sum(b[r] for b in buys) for r in range(RS)]
        rest = tuple(max(0, n - c) for n, c in zip(need, covered, strict=True))
        if rest in free:
            coins.add(tuple(_cost(b, m.prices) for b, m in zip(buys, markets, strict=True)))
    return coins


def _cost(units: tuple[int, ...], prices: tuple[int, ...]) -> int:
    return sum(u * p for u, p in zip(units, prices, strict=True))


def _pareto_set(vectors: set[tuple[int, ...]]) -> set[tuple[int, ...]]:
    return {v for v in vectors if not any(_dominates(w, v) for w in vectors)}


def _dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a != b and all(x <= y for x, y in zip(a, b, strict=True))


small = st.integers(0, 2)
vecs = st.tuples(small, small, small)
choice = st.integers(1, 2**RS - 1)
market_st = st.builds(
    Market,
    prices=st.tuples(*[st.integers(1, 3)] * RS),
    stock=st.one_of(st.none(), vecs),
    choice_stock=st.lists(choice, max_size=2).map(tuple),
)


@settings(max_examples=400, deadline=None)
@given(
    need=vecs,
    own=st.tuples(*[st.integers(0, 1)] * RS),
    own_choices=st.lists(choice, max_size=2).map(tuple),
    markets=st.lists(market_st, min_size=1, max_size=2).map(tuple),
    discount=st.integers(0, 2),
)
def test_solver_matches_brute_force(need, own, own_choices, markets, discount) -> None:
    options = payment_options(need, own, own_choices, markets, discount)
    best = cheapest_payment(need, own, own_choices, markets, discount)
    reference = _pareto_set(_brute_coin_vectors(need, own, own_choices, markets, discount))

    assert {o.coins for o in options} == reference
    if not reference:
        assert best is None and options == ()
        return
    assert best is not None
    assert best.total == min(sum(v) for v in reference)
    assert best.coins == options[0].coins
    assert [(o.total, o.coins) for o in options] == sorted((o.total, o.coins) for o in options)

    for o in options:
        assert all(not _dominates(other.coins, o.coins) for other in options)
        assert sum(o.waived) <= discount
        covered = list(own)
        for card, r in zip(own_choices, o.own_choices, strict=True):
            if r >= 0:
                assert card >> r & 1
                covered[r] += 1
        for m, bought, coins in zip(markets, o.bought, o.coins, strict=True):
            assert bought in _brute_buyable(m, need)
            assert coins == _cost(bought, m.prices)
            covered = [c + b for c, b in zip(covered, bought, strict=True)]
        covered = [c + w for c, w in zip(covered, o.waived, strict=True)]
        assert all(c >= n for c, n in zip(covered, need, strict=True))


def _brute_all_coin_vectors(need, own, own_choices, markets) -> set[tuple[int, ...]]:
    """Coins of every purchase that buys only what is lacking (no unit could be left out), any sellers."""
    free = _brute_free(need, own, own_choices, 0)

    def covers(bought: list[int]) -> bool:
        return tuple(max(0, n - b) for n, b in zip(need, bought, strict=True)) in free

    coins: set[tuple[int, ...]] = set()
    for buys in product(*(_brute_buyable(m, need) for m in markets)):
        bought = [sum(b[r] for b in buys) for r in range(RS)]
        minimal = all(not covers([x - (i == r) for i, x in enumerate(bought)])
                      for r in range(RS) if bought[r])
        if covers(bought) and minimal:
            coins.add(tuple(_cost(b, m.prices) for b, m in zip(buys, markets, strict=True)))
    return coins


@settings(max_examples=400, deadline=None)
@given(
    need=vecs,
    own=st.tuples(*[st.integers(0, 1)] * RS),
    own_choices=st.lists(choice, max_size=2).map(tuple),
    markets=st.lists(market_st, min_size=1, max_size=2).map(tuple),
)
def test_all_payments_match_brute_force_and_contain_the_options(need, own, own_choices, markets) -> None:
    found = all_payments(need, own, own_choices, markets)
    assert {p.coins for p in found} == _brute_all_coin_vectors(need, own, own_choices, markets)
    assert len({p.coins for p in found}) == len(found)
    assert [(p.total, p.coins) for p in found] == sorted((p.total, p.coins) for p in found)
    options = payment_options(need, own, own_choices, markets)
    assert _pareto_set({p.coins for p in found}) == {o.coins for o in options}
    for p in found:
        covered = list(own)
        for card, r in zip(own_choices, p.own_choices, strict=True):
            if r >= 0:
                assert card >> r & 1
                covered[r] += 1
        for m, bought, coins in zip(markets, p.bought, p.coins, strict=True):
            assert bought in _brute_buyable(m, need)
            assert coins == _cost(bought, m.prices)
            covered = [c + b for c, b in zip(covered, bought, strict=True)]
        assert all(c >= n for c, n in zip(covered, need, strict=True))


def test_the_buyer_may_pay_the_dearer_seller() -> None:
    # Wood and clay: the left neighbour sells both, wood at 1 coin (a trading post); the right both at 2.
    markets = (Market((1, 2, 2, 2, 2), vec(wood=1, clay=1)), Market((2,) * R, vec(wood=1, clay=1)))
    found = all_payments(vec(wood=1, clay=1), NONE, (), markets)
    assert [p.coins for p in found] == [(1, 2), (3, 0), (0, 4), (2, 2)]
    # (2, 2), wood from the dearer right and clay from the left, is dominated by (1, 2) but legal.
    options = payment_options(vec(wood=1, clay=1), NONE, (), markets)
    assert [o.coins for o in options] == [(1, 2), (3, 0), (0, 4)]


def test_nothing_is_bought_that_own_cards_can_give() -> None:
    # Own: a wood/clay card. Need wood + clay: buy one of them (either), never both.
    markets = (Market((2,) * R, vec(wood=1, clay=1)),)
    found = all_payments(vec(wood=1, clay=1), NONE, (mask(WOOD, CLAY),), markets)
    assert [p.coins for p in found] == [(2,)]
    assert {p.bought[0] for p in found} <= {vec(wood=1), vec(clay=1)}


def test_the_bank_payment_of_a_deficit_is_the_cheapest_payment_of_the_need() -> None:
    """cheapest_bank_payment (Duel's call, the deficit already net of production) answers like
    cheapest_payment on the need and the production, over seeded random questions."""
    rng = random.Random(5)
    for _ in range(500):
        need = tuple(rng.randint(0, 3) for _ in range(R))
        own = tuple(rng.randint(0, 2) for _ in range(R))
        choices = tuple(sorted(rng.randrange(1, 1 << R) for _ in range(rng.randint(0, 3))))
        prices = tuple(rng.randint(1, 5) for _ in range(R))
        discount = rng.choice((0, 0, 2))
        deficit = tuple(max(0, n - o) for n, o in zip(need, own, strict=True))
        if not any(deficit):
            continue
        assert cheapest_bank_payment(deficit, prices, choices, discount) == cheapest_payment(
            need, own, choices, (bank(prices),), discount)
