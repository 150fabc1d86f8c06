"""Packed payment problems: a need reduced to the k resources a city lacks, numbered 0 .. k-1.

A packed problem is ``(lacking, own, left, right)``: the units lacking per resource, the city's own
useful one-of cards (masks), and per neighbour ``(units for sale, one-of cards for sale, cheap mask)``
with units capped at the lack. Its answer is every undominated (left, right) payment, cheapest first,
as :func:`engine.payment.payment_options` gives it. Before the solver runs, two exact reductions make
more problems share one answer:

- a resource no one-of card can give that only one neighbour sells is bought there in full (a fixed
  cost added to every payment), or makes the problem impossible if that neighbour has too few;
- the remaining resources are renumbered in a canonical order (the answer does not depend on names).
"""

from __future__ import annotations

from engine.classic import compiled as C
from engine.classic.state import PRICES
from engine.payment import Market, payment_options

Pair = tuple[int, int]
Side = tuple[tuple[int, ...], tuple[int, ...], int]
Problem = tuple[tuple[int, ...], tuple[int, ...], Side, Side]

_SOLVED: dict[Problem, tuple[Pair, ...]] = {}
_SOLVED_MAX = 1 << 16


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(C.N_RES) if mask >> r & 1)


BITS = tuple(_bits(m) for m in range(1 << C.N_RES))


def _packing(wanted: int) -> tuple[int, ...]:
    """For every mask, its bits among ``wanted`` renumbered 0, 1, ... in order."""
    spots = BITS[wanted]
    out = []
    for m in range(1 << C.N_RES):
        packed = 0
        for j, r in enumerate(spots):
            if m >> r & 1:
                packed |= 1 << j
        out.append(packed)
    return tuple(out)


PACKING = tuple(_packing(w) for w in range(1 << C.N_RES))


def solve(problem: Problem) -> tuple[Pair, ...]:
    """Every undominated (left, right) payment of a packed problem, cheapest first (remembered)."""
    found = _SOLVED.get(problem)
    if found is None:
        found = _remember(problem, _solve_new(problem))
    return found


def _remember(problem: Problem, found: tuple[Pair, ...]) -> tuple[Pair, ...]:
    if len(_SOLVED) >= _SOLVED_MAX:
        _SOLVED.clear()
    _SOLVED[problem] = found
    return found


def _solve_new(problem: Problem) -> tuple[Pair, ...]:
    """Take out the resources bought from one neighbour only, then solve the rest canonically."""
    split = _split_forced(problem)
    if split is None:
        return ()
    rest, (fixed_left, fixed_right) = split
    if not rest[0]:
        return ((fixed_left, fixed_right),)
    same = _canonical(rest)
    base = _SOLVED.get(same)
    if base is None:
        base = _remember(same, _solve_packed(same))
    if not (fixed_left or fixed_right):
        return base
    return tuple((a + fixed_left, b + fixed_right) for a, b in base)


def _split_forced(problem: Problem) -> tuple[Problem, Pair] | None:
    """(the problem without its forced resources, their fixed (left, right) cost), or None if one of
    them cannot be bought. A resource is forced when no one-of card (own or for sale) can give it and
    at most one neighbour sells it."""
    lacking, own, left, right = problem
    touched = 0
    for c in (*own, *left[1], *right[1]):
        touched |= c
    keep = 0
    fixed = [0, 0]
    for j, units in enumerate(lacking):
        if touched >> j & 1 or (left[0][j] and right[0][j]):
            keep |= 1 << j
            continue
        side = 0 if left[0][j] else 1
        market = (left, right)[side]
        if market[0][j] < units:
            return None
        fixed[side] += units * (1 if market[2] >> j & 1 else 2)
    if keep == (1 << len(lacking)) - 1:
        return problem, (0, 0)
    spots = BITS[keep]
    pack = PACKING[keep]

    def side_of(market: Side) -> Side:
        stock, choices, cheap = market
        return tuple(stock[j] for j in spots), tuple(pack[c] for c in choices), pack[cheap]

    rest = (tuple(lacking[j] for j in spots), tuple(pack[c] for c in own), side_of(left), side_of(right))
    return rest, (fixed[0], fixed[1])


def _canonical(problem: Problem) -> Problem:
    """``problem`` with its resources renumbered in the order of their features.

    The solver's answer (the set of undominated coin pairs) does not depend on how resources are
    numbered, so problems that differ only by the names of their resources share one solution.
    """
    lacking, own, left, right = problem
    size = len(lacking)

    def feature(j: int) -> tuple[int, ...]:
        return (lacking[j], left[0][j], left[2] >> j & 1, right[0][j], right[2] >> j & 1,
                sum(c >> j & 1 for c in own), sum(c >> j & 1 for c in left[1]),
                sum(c >> j & 1 for c in right[1]))

    order = sorted(range(size), key=feature)
    if order == list(range(size)):
        return problem
    new = [0] * size
    for j, old in enumerate(order):
        new[old] = j

    def move(mask: int) -> int:
        out = 0
        for old in BITS[mask]:
            out |= 1 << new[old]
        return out

    def side(market: Side) -> Side:
        stock, choices, cheap = market
        return tuple(stock[old] for old in order), tuple(sorted(move(c) for c in choices)), move(cheap)

    return tuple(lacking[old] for old in order), tuple(sorted(move(c) for c in own)), side(left), side(right)


def _solve_packed(problem: Problem) -> tuple[Pair, ...]:
    """Run the shared solver on a packed problem (nothing owned: the lack is the need)."""
    deficit, own, *sides = problem
    size = len(deficit)
    markets = tuple(Market(PRICES[cheap][:size], stock, choices) for stock, choices, cheap in sides)
    return tuple((p.coins[0], p.coins[1]) for p in payment_options(deficit, (0,) * size, own, markets))
