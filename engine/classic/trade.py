"""Payments of a resource need through trade with the neighbours, cached at two levels.

A city's *trading context* is everything a payment depends on besides the need and the budget: its own
production (fixed units and one-of cards), each neighbour's sellable production and the discount masks.
It is looked up once per hand (:func:`trader`); the payments of each need are then remembered per
context (first level). A context seen for the first time reduces the need to the resources it lacks
and packs them into a smaller problem (:mod:`engine.classic.packed`), whose answers are remembered
by that packed problem (second level), which many different cities share.
"""

from __future__ import annotations

from engine.classic import compiled as C
from engine.classic.packed import BITS, PACKING, Pair, solve
from engine.classic.state import State

# (own units, own one-of cards, left units, left one-of cards, left discount mask, right ... the same)
Context = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int,
                tuple[int, ...], tuple[int, ...], int]
# Every undominated (left, right) payment, cheapest first; None: own production covers the need.
Found = tuple[Pair, ...] | None

_BY_CONTEXT: dict[Context, dict[tuple[int, ...], Found]] = {}
_BY_CONTEXT_MAX = 1 << 14
_SUPPORT: dict[tuple[int, ...], tuple[int, ...]] = {}
_MISSING = object()


class Trader:
    """The payments of one city in one trading context (one lookup of the context per hand)."""

    __slots__ = ("ctx", "memo")

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        memo = _BY_CONTEXT.get(ctx)
        if memo is None:
            if len(_BY_CONTEXT) >= _BY_CONTEXT_MAX:
                _BY_CONTEXT.clear()
            memo = _BY_CONTEXT[ctx] = {}
        self.memo = memo

    def payments(self, need: tuple[int, ...]) -> Found:
        """Every undominated (left, right) payment of ``need`` (any budget), or None if it is free."""
        found = self.memo.get(need, _MISSING)
        if found is _MISSING:
            found = self.memo[need] = _solve(self.ctx, need)
        return found  # type: ignore[return-value]


def trader(state: State, city: int, disc: list[int]) -> Trader:
    """The :class:`Trader` of ``city`` now, trading with the discount masks ``disc`` ([left, right])."""
    left, right = state.left(city), state.right(city)
    return Trader((tuple(state.prod[city]), tuple(state.own_choices[city]),
                   tuple(state.sell[left]), tuple(state.sell_choices[left]), disc[0],
                   tuple(state.sell[right]), tuple(state.sell_choices[right]), disc[1]))


def _reduce_own(deficit: list[int], wanted: int, choices: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Use every own one-of card that can only help one lacking resource (always optimal, free).

    ``wanted`` is the mask of the resources ``deficit`` lacks; ``deficit`` is updated. Returns the mask
    of the still-lacking resources and the own one-of cards that remain useful (masked to it).
    """
    pending = choices
    while True:
        useful = []
        folded = 0  # the resource bit covered in this pass (one per pass)
        for c in pending:
            hit = c & wanted
            if not hit:
                continue
            if folded or hit & (hit - 1):
                useful.append(hit)
            else:
                deficit[hit.bit_length() - 1] -= 1
                folded = hit
        if not folded:
            useful.sort()
            return wanted, tuple(useful)
        if not deficit[folded.bit_length() - 1]:
            wanted ^= folded
        pending = useful


def _side(lacking: list[int], wanted: int, stock: tuple[int, ...], choices: tuple[int, ...],
          disc: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """A neighbour's market packed to the ``wanted`` resources (``lacking``: their deficits, in order).

    A one-of card that can sell only one lacking resource counts as fixed stock; stock is capped at the
    deficit (smaller keys, more cache hits).
    """
    pack = PACKING[wanted]
    if not choices:
        capped = tuple([stock[r] if stock[r] < d else d for r, d in zip(BITS[wanted], lacking, strict=True)])
        return capped, (), pack[disc & wanted]
    units = [stock[r] for r in BITS[wanted]]
    kept = []
    for c in choices:
        hit = c & wanted
        if not hit:
            continue
        if hit & (hit - 1):
            kept.append(pack[hit])
        else:
            units[pack[hit].bit_length() - 1] += 1
    kept.sort()
    capped = tuple([u if u < d else d for u, d in zip(units, lacking, strict=True)])
    return capped, tuple(kept), pack[disc & wanted]


def _support(need: tuple[int, ...]) -> tuple[int, ...]:
    """The resources ``need`` asks for (remembered per need)."""
    found = _SUPPORT.get(need)
    if found is None:
        found = _SUPPORT[need] = tuple(r for r, units in enumerate(need) if units)
    return found


def _solve(ctx: Context, need: tuple[int, ...]) -> Found:
    """Reduce ``need`` to what ``ctx``'s own production lacks, pack the lacking resources, and solve."""
    prod, own_choices, l_stock, l_choices, l_disc, r_stock, r_choices, r_disc = ctx
    deficit = [0] * C.N_RES
    wanted = 0
    for r in _support(need):
        if need[r] > prod[r]:
            deficit[r] = need[r] - prod[r]
            wanted |= 1 << r
    own: tuple[int, ...] = ()
    if wanted and own_choices:
        wanted, own = _reduce_own(deficit, wanted, own_choices)
    if not wanted:
        return None
    pack = PACKING[wanted]
    lacking = [deficit[r] for r in BITS[wanted]]
    key = (tuple(lacking), tuple([pack[c] for c in own]) if own else own,
           _side(lacking, wanted, l_stock, l_choices, l_disc),
           _side(lacking, wanted, r_stock, r_choices, r_disc))
    return solve(key)
