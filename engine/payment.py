"""The one resource-payment solver shared by every game of the engine.

Resources are indices ``0 .. R-1`` chosen by each game. A *choice* is an int bitmask of resource
indices: a card that gives ONE unit of any resource in the mask. A player covers a need with its own
fixed production, then its own choice cards, then an optional discount (units of any type waived),
and buys the rest from one or more markets (the Duel bank, or the two neighbours in the classic game).

Three questions: :func:`cheapest_payment`, :func:`payment_options` (the Pareto-undominated payments)
and :func:`all_payments` (every payment a buyer may choose, buying only what it lacks, from the seller
of its choice for each unit). Answers are remembered in bounded memos (:class:`engine.memo.BoundedMemo`)
keyed by the arguments as tuples (and frozen :class:`Market` values).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import NamedTuple, TypeVar

from engine.memo import BoundedMemo

Vec = tuple[int, ...]
# What the public functions take: tuples, or lists (the forgiving path: turned into tuples for the memo).
Given = Sequence[int]

_CACHE_SIZE = 2**16


@dataclass(frozen=True, slots=True)
class Market:
    """A place to buy resources from: a neighbour, or the bank (``stock=None``: unlimited)."""

    prices: tuple[int, ...]
    stock: tuple[int, ...] | None
    choice_stock: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay a resource need: coins and units bought per market, own choices, waived units."""

    coins: tuple[int, ...]
    bought: tuple[tuple[int, ...], ...]
    own_choices: tuple[int, ...]
    waived: tuple[int, ...]

    @property
    def total(self) -> int:
        """Coins paid to all markets together."""
        return sum(self.coins)


def mask(*resource_indices: int) -> int:
    """The choice bitmask of the given resource indices, e.g. ``mask(WOOD, STONE)``."""
    bits = 0
    for r in resource_indices:
        bits |= 1 << r
    return bits


def cheapest_payment(
    need: Given, own: Given, own_choices: Given, markets: Sequence[Market], discount: int = 0
) -> Payment | None:
    """The cheapest payment of ``need`` (ties: smallest coins vector), or ``None`` if impossible."""
    if _covered(need, own):
        return _zero(len(need), len(own_choices), len(markets))
    return _CHEAPEST(_question(need, own, own_choices, markets, discount))


def payment_options(
    need: Given, own: Given, own_choices: Given, markets: Sequence[Market], discount: int = 0
) -> tuple[Payment, ...]:
    """Every Pareto-undominated payment (by coins per market), cheapest total first, then by coins.

    Returns ``()`` when the need cannot be met, and the single zero payment when nothing must be bought.
    """
    if _covered(need, own):
        return (_zero(len(need), len(own_choices), len(markets)),)
    return _OPTIONS(_question(need, own, own_choices, markets, discount))


def all_payments(
    need: Given, own: Given, own_choices: Given, markets: Sequence[Market]
) -> tuple[Payment, ...]:
    """Every distinct payment (by coins per market) a buyer may choose, cheapest total first, then by coins.

    The buyer buys only what it lacks: its own production covers the need first, with its choice cards
    used in any way that leaves no bought unit it could have produced itself (a minimal purchase); each
    unit bought may then come from any market that can sell it, even when another is cheaper. The
    Pareto-undominated ones among these are :func:`payment_options` (with no discount). Returns ``()``
    when the need cannot be met, and the single zero payment when nothing must be bought.
    """
    if _covered(need, own):
        return (_zero(len(need), len(own_choices), len(markets)),)
    return _ALL(_question(need, own, own_choices, markets, 0))


def minimal_purchases(deficit: Vec, own_choices: Vec) -> tuple[Vec, ...]:
    """The minimal units to buy of ``deficit`` with the choice cards ``own_choices`` used in every
    possible way (those :func:`all_payments` buys, from the seller of the buyer's choice)."""
    return tuple(_minimal_purchases(deficit, own_choices))


# --- internals -------------------------------------------------------------------------------------


def _covered(need: Given, own: Given) -> bool:
    return not any(map(int.__gt__, need, own))


class _Question(NamedTuple):
    """The arguments of a question to the solver, as hashable tuples (a memo key)."""

    need: Vec
    own: Vec
    own_choices: Vec
    markets: tuple[Market, ...]
    discount: int


def _question(
    need: Given, own: Given, own_choices: Given, markets: Sequence[Market], discount: int
) -> _Question:
    """The memo key of a question; lists are accepted and turned into tuples (the forgiving path)."""
    if type(need) is tuple and type(own) is tuple and type(own_choices) is tuple and type(markets) is tuple:
        question = _Question(need, own, own_choices, markets, discount)
        try:
            hash(question)
            return question
        except TypeError:
            pass
    fixed = tuple(
        Market(tuple(m.prices), None if m.stock is None else tuple(m.stock), tuple(m.choice_stock))
        for m in markets
    )
    return _Question(tuple(need), tuple(own), tuple(own_choices), fixed, discount)


@lru_cache(maxsize=64)
def _zero(resources: int, choices: int, markets: int) -> Payment:
    empty = (0,) * resources
    return Payment((0,) * markets, (empty,) * markets, (-1,) * choices, empty)


def _check(need: Vec, own: Vec, markets: tuple[Market, ...], discount: int) -> None:
    size = len(need)
    if len(own) != size:
        raise ValueError(f"need has {size} resources but own has {len(own)}")
    for i, m in enumerate(markets):
        if len(m.prices) != size or (m.stock is not None and len(m.stock) != size):
            raise ValueError(f"market {i} does not describe {size} resources")
    if discount < 0:
        raise ValueError("discount must be >= 0")


def _bits(choice: int, size: int) -> tuple[int, ...]:
    return tuple(r for r in range(size) if choice >> r & 1)


def _after_choices(deficit: Vec, own_choices: Vec) -> dict[Vec, Vec]:
    """Remaining deficits after using own choice cards -> one assignment reaching each.

    A choice card is always used when it can cover something still lacking (that never costs more);
    otherwise it is marked ``-1``. Identical remaining deficits are merged.
    """
    size = len(deficit)
    states: dict[Vec, Vec] = {deficit: ()}
    for choice in own_choices:
        targets = _bits(choice, size)
        nxt: dict[Vec, Vec] = {}
        for d, assigned in states.items():
            useful = [r for r in targets if d[r] > 0]
            if not useful:
                nxt.setdefault(d, assigned + (-1,))
                continue
            for r in useful:
                lst = list(d)
                lst[r] -= 1
                nxt.setdefault(tuple(lst), assigned + (r,))
        states = nxt
    return states


def _waivers(deficit: Vec, units: int) -> Iterator[Vec]:
    """Every way to waive exactly ``units`` units (at most the deficit) of ``deficit``."""
    size = len(deficit)

    def rec(r: int, left: int) -> Iterator[tuple[int, ...]]:
        if r == size - 1:
            if left <= deficit[r]:
                yield (left,)
            return
        for k in range(min(left, deficit[r]), -1, -1):
            for rest in rec(r + 1, left - k):
                yield (k, *rest)

    yield from rec(0, units)


def _greedy_waiver(deficit: Vec, prices: Vec, units: int) -> Vec:
    """Waive the most expensive units first (optimal against a single linear price list)."""
    waived = [0] * len(deficit)
    for r in sorted(range(len(deficit)), key=lambda i: -prices[i]):
        if units <= 0:
            break
        k = min(units, deficit[r])
        waived[r] = k
        units -= k
    return tuple(waived)


def _cost(units: Vec, prices: Vec) -> int:
    return sum(u * p for u, p in zip(units, prices, strict=True))


def _sub(a: Vec, b: Vec) -> Vec:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _deficit(need: Vec, own: Vec) -> Vec:
    return tuple(n - o if n > o else 0 for n, o in zip(need, own, strict=True))


def _cheapest(question: _Question) -> Payment | None:
    need, own, own_choices, markets, discount = question
    if len(markets) != 1 or markets[0].stock is not None:
        options = _OPTIONS(question)
        return options[0] if options else None
    _check(need, own, markets, discount)
    return cheapest_bank_payment(_deficit(need, own), markets[0].prices, own_choices, discount)


def cheapest_bank_payment(deficit: Vec, prices: Vec, own_choices: Vec, discount: int = 0) -> Payment:
    """:func:`cheapest_payment` from one unlimited market (the Duel bank) of a ``deficit`` already net of
    the fixed production (no check, no memo: for a caller that remembers the answers itself)."""
    # The cost is linear, so a greedy waiver is optimal per assignment of the choice cards.
    best: Payment | None = None
    for d, assigned in _after_choices(deficit, own_choices).items():
        waived = _greedy_waiver(d, prices, discount)
        bought = _sub(d, waived)
        coins = _cost(bought, prices)
        if best is None or coins < best.coins[0]:
            best = Payment((coins,), (bought,), assigned, waived)
    assert best is not None  # _after_choices always reaches at least one deficit
    return best


def _options(question: _Question) -> tuple[Payment, ...]:
    need, own, own_choices, markets, discount = question
    _check(need, own, markets, discount)
    if len(markets) == 1 and markets[0].stock is None:
        best = _CHEAPEST(question)
        return () if best is None else (best,)
    # Remaining deficit -> (own choice assignment, waived units), first found wins.
    finals: dict[Vec, tuple[Vec, Vec]] = {}
    for d, assigned in _after_choices(_deficit(need, own), own_choices).items():
        for waived in _waivers(d, min(discount, sum(d))):
            finals.setdefault(_sub(d, waived), (assigned, waived))
    fronts: dict[tuple[int, Vec], list[tuple[Vec, tuple[Vec, ...]]]] = {}
    found: list[tuple[Vec, Payment]] = []
    for rest, (assigned, waived) in finals.items():
        for coins, bought in _front(markets, 0, rest, fronts):
            found.append((coins, Payment(coins, bought, assigned, waived)))
    return tuple(p for _, p in _pareto(found))


def _all(question: _Question) -> tuple[Payment, ...]:
    need, own, own_choices, markets, _ = question
    _check(need, own, markets, 0)
    nothing = (0,) * len(need)
    found: dict[Vec, Payment] = {}
    splits: dict[tuple[int, Vec], dict[Vec, tuple[Vec, ...]]] = {}
    for rest, assigned in _minimal_purchases(_deficit(need, own), own_choices).items():
        for coins, bought in _splits(markets, 0, rest, splits).items():
            if coins not in found:
                found[coins] = Payment(coins, bought, assigned, nothing)
    return tuple(sorted(found.values(), key=lambda p: (p.total, p.coins)))


_CHEAPEST: BoundedMemo[_Question, Payment | None] = BoundedMemo(_cheapest, _CACHE_SIZE)
_OPTIONS: BoundedMemo[_Question, tuple[Payment, ...]] = BoundedMemo(_options, _CACHE_SIZE)
_ALL: BoundedMemo[_Question, tuple[Payment, ...]] = BoundedMemo(_all, _CACHE_SIZE)


def _minimal_purchases(deficit: Vec, own_choices: Vec) -> dict[Vec, Vec]:
    """The minimal units to buy (own choice cards used in every possible way) -> one assignment reaching each.

    A purchase is minimal when no smaller one (fewer units of some resource) would do with the same cards.
    """
    size = len(deficit)
    states: dict[Vec, Vec] = {deficit: ()}
    for choice in own_choices:
        targets = _bits(choice, size)
        nxt: dict[Vec, Vec] = {}
        for d, assigned in states.items():
            nxt.setdefault(d, assigned + (-1,))
            for r in targets:
                if d[r] > 0:
                    lst = list(d)
                    lst[r] -= 1
                    nxt.setdefault(tuple(lst), assigned + (r,))
        states = nxt
    # A dominated deficit is dominated by a minimal one of a smaller total: test each against those only.
    minimal: list[Vec] = []
    for d in sorted(states, key=sum):
        if not any(all(map(int.__le__, o, d)) for o in minimal):
            minimal.append(d)
    kept = set(minimal)
    return {d: a for d, a in states.items() if d in kept}


def _splits(
    markets: tuple[Market, ...], i: int, rest: Vec, memo: dict[tuple[int, Vec], dict[Vec, tuple[Vec, ...]]]
) -> dict[Vec, tuple[Vec, ...]]:
    """Every distinct coins vector of markets ``i..`` buying exactly ``rest`` -> one purchase reaching it."""
    key = (i, rest)
    found = memo.get(key)
    if found is not None:
        return found
    market = markets[i]
    found = {}
    if i == len(markets) - 1:
        if _can_supply(market, rest):
            found[(_cost(rest, market.prices),)] = (rest,)
    else:
        for b in _buyable(market, rest):
            here = _cost(b, market.prices)
            for coins, bought in _splits(markets, i + 1, _sub(rest, b), memo).items():
                found.setdefault((here, *coins), (b, *bought))
    memo[key] = found
    return found


T = TypeVar("T")


def _pareto(items: list[tuple[Vec, T]]) -> list[tuple[Vec, T]]:
    """Keep items whose coins vector no other item's is <= everywhere; order by (total, coins)."""
    items = sorted(items, key=lambda it: (sum(it[0]), it[0]))
    kept: list[tuple[Vec, T]] = []
    for item in items:
        coins = item[0]
        if not any(all(k <= c for k, c in zip(other[0], coins, strict=True)) for other in kept):
            kept.append(item)
    return kept


def _front(
    markets: tuple[Market, ...],
    i: int,
    rest: Vec,
    memo: dict[tuple[int, Vec], list[tuple[Vec, tuple[Vec, ...]]]],
) -> list[tuple[Vec, tuple[Vec, ...]]]:
    """Undominated (coins, bought) of markets ``i..`` buying exactly ``rest``."""
    key = (i, rest)
    if key in memo:
        return memo[key]
    market = markets[i]
    result: list[tuple[Vec, tuple[Vec, ...]]]
    if i == len(markets) - 1:
        result = [((_cost(rest, market.prices),), (rest,))] if _can_supply(market, rest) else []
    else:
        found: list[tuple[Vec, tuple[Vec, ...]]] = []
        for b in _buyable(market, rest):
            for coins, bought in _front(markets, i + 1, _sub(rest, b), memo):
                found.append(((_cost(b, market.prices), *coins), (b, *bought)))
        result = _pareto(found)
    memo[key] = result
    return result


def _capacities(market: Market, rest: Vec) -> list[Vec]:
    """Maximal unit vectors (capped at ``rest``) the market can sell, one per useful choice assignment."""
    if market.stock is None:
        return [rest]
    base = tuple(min(s, n) for s, n in zip(market.stock, rest, strict=True))
    states = {base}
    size = len(rest)
    for choice in market.choice_stock:
        targets = _bits(choice, size)
        nxt = set()
        for cap in states:
            useful = [r for r in targets if cap[r] < rest[r]]
            if not useful:
                nxt.add(cap)
            for r in useful:
                lst = list(cap)
                lst[r] += 1
                nxt.add(tuple(lst))
        states = nxt
    return sorted(states, reverse=True)


def _can_supply(market: Market, rest: Vec) -> bool:
    return any(cap == rest for cap in _capacities(market, rest))


def _buyable(market: Market, rest: Vec) -> list[Vec]:
    """Every unit vector ``<= rest`` the market can sell, in a fixed order (largest purchases first)."""
    seen: dict[Vec, None] = {}
    for cap in _capacities(market, rest):
        for b in product(*(range(c, -1, -1) for c in cap)):
            seen.setdefault(b, None)
    return list(seen)
