"""Construction costs through the shared payment solver, memoised by the state that matters.

A player's trade situation is the key ``(own production, own choice masks, prices, masonry,
architecture)``. Every key owns one dict ``item -> trade coins`` (items: card index, or
``WONDER_BASE + wonder index``), shared by all games. Most answers are plain arithmetic; the solver
is asked only when choice cards could be spent in several ways, memoised by the reduced question.
"""

from __future__ import annotations

from typing import Any

from engine.duel.readings import DISCOUNT_UNITS
from engine.duel.tables import BLUE, CARD_COLOR, CARD_NEED, WONDER_NEED
from engine.payment import Market, Payment, cheapest_payment

WONDER_BASE = 100
_TABLES: dict[tuple, dict[int, Any]] = {}
MAX_MEMO = 200_000

Key = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, bool]


def table_for(key: Key) -> dict[int, Any]:
    """The shared memo of trade coins for one trade situation."""
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= MAX_MEMO:
            _TABLES.clear()
        table = _TABLES[key] = {}
    return table


def need_and_discount(key: Key, item: int) -> tuple[tuple[int, ...], int]:
    """Resource need of a card or Wonder and the units Masonry/Architecture waive for it."""
    if item >= WONDER_BASE:
        return WONDER_NEED[item - WONDER_BASE], DISCOUNT_UNITS if key[4] else 0
    return CARD_NEED[item], DISCOUNT_UNITS if key[3] and CARD_COLOR[item] == BLUE else 0


def _needed(need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((r, n) for r, n in enumerate(need) if n)


# item -> ((resource, units), ...) for the resources it needs
NEEDED: dict[int, tuple[tuple[int, int], ...]] = {i: _needed(n) for i, n in enumerate(CARD_NEED)}
NEEDED.update({WONDER_BASE + i: _needed(n) for i, n in enumerate(WONDER_NEED)})
# item -> its 5-vector of resource units
NEED_VECTOR: dict[int, tuple[int, ...]] = dict(enumerate(CARD_NEED))
NEED_VECTOR.update({WONDER_BASE + i: n for i, n in enumerate(WONDER_NEED)})
# item -> index in the key of the token whose discount applies to it (3 Masonry, 4 Architecture), or 0
DISCOUNT_SLOT: dict[int, int] = {i: 3 if color == BLUE else 0 for i, color in enumerate(CARD_COLOR)}
DISCOUNT_SLOT.update({WONDER_BASE + i: 4 for i in range(len(WONDER_NEED))})


def reduced_question(key: Key, item: int) -> tuple | None:
    """What decides the price of ``item``: missing units with their prices, useful choices, discount.

    None when fixed production already covers the need.
    """
    own, prices = key[0], key[2]
    missing = []
    useful = 0
    for r, n in NEEDED[item]:
        if n > own[r]:
            missing.append((r, n - own[r], prices[r]))
            useful |= 1 << r
    if not missing:
        return None
    if item >= WONDER_BASE:
        discount = DISCOUNT_UNITS if key[4] else 0
    else:
        discount = DISCOUNT_UNITS if key[3] and CARD_COLOR[item] == BLUE else 0
    choices = tuple(sorted([m & useful for m in key[1] if m & useful])) if key[1] else ()
    return (tuple(missing), choices, discount)


def payment(key: Key, item: int) -> Payment:
    """The cheapest way to pay the resources of ``item`` in the trade situation ``key``.

    The solver is asked the reduced question (:func:`reduced_question`), which repeats across many
    trade situations and so has its own memo. Only missing units are ever bought or waived, so the
    answer is the full answer.
    """
    reduced = reduced_question(key, item)
    if reduced is None:
        return _FREE
    pay = _REDUCED.get(reduced)
    if pay is None:
        if len(_REDUCED) >= MAX_MEMO:
            _REDUCED.clear()
        missing, choices, discount = reduced
        units, price = [0] * 5, [0] * 5
        for r, m, p in missing:
            units[r], price[r] = m, p
        pay = cheapest_payment(tuple(units), _NOTHING, choices, (Market(tuple(price), None),), discount)
        if pay is None:  # the bank is unlimited, so this cannot happen with valid tables
            raise ValueError("no way to pay")
        _REDUCED[reduced] = pay
    return pay


def trade_coins(key: Key, table: dict[int, Any], item: int) -> int:
    """Trade coins for ``item`` (filling the memo).

    Plain arithmetic when no choice card or discount touches the missing units (the common case);
    else :func:`choice_coins`.
    """
    own, prices = key[0], key[2]
    coins = short = 0
    for r, n in NEEDED[item]:
        if n > own[r]:
            coins += (n - own[r]) * prices[r]
            short |= 1 << r
    if coins:
        slot = DISCOUNT_SLOT[item]
        if key[1] or (slot and key[slot]):
            coins = choice_coins(key, item, coins, short)
    table[item] = coins
    return coins


Groups = tuple[tuple[tuple[int, int], ...] | None, int]


def choice_groups(choices: tuple[int, ...]) -> Groups:
    """``(((mask, count), ...), union of the masks)``; ``(None, 0)`` unless distinct masks are disjoint."""
    groups = _GROUPS.get(choices)
    if groups is not None:
        return groups
    counts: dict[int, int] = {}
    for m in choices:
        counts[m] = counts.get(m, 0) + 1
    union = 0
    disjoint = True
    for m in counts:
        disjoint = disjoint and not union & m
        union |= m
    groups = _GROUPS[choices] = (tuple(counts.items()), union) if disjoint else (None, 0)
    return groups


def choice_coins(key: Key, item: int, coins: int, short: int) -> int:
    """Trade coins once choice cards and the discount are used; ``coins`` is the price without them.

    The shared solver answers unless the choice masks form disjoint groups (always so with the Duel
    cards). A group touching one missing resource covers units of it; otherwise
    :func:`_greedy_coins` decides.
    """
    groups = choice_groups(key[1])
    if groups[0] is None:
        return sum(payment(key, item).coins)
    slot = DISCOUNT_SLOT[item]
    if slot and key[slot]:
        return _greedy_coins(key, item, groups[0], DISCOUNT_UNITS)
    if short & groups[1]:
        own, prices = key[0], key[2]
        for m, count in groups[0]:
            touched = m & short
            if touched & (touched - 1):
                return _greedy_coins(key, item, groups[0], 0)
            if touched:
                r = touched.bit_length() - 1
                coins -= min(count, NEED_VECTOR[item][r] - own[r]) * prices[r]
    return coins


def _greedy_coins(key: Key, item: int, groups: tuple[tuple[int, int], ...], discount: int) -> int:
    """Trade coins once choice cards and the discount have covered the dearest missing units.

    Missing units are taken dearest first: each goes to a choice card of its group while the group
    has one left, otherwise it is bought; the discount then waives the dearest bought units. Greedy
    is optimal with disjoint groups: a group's choices always cover its dearest units, and the
    discount the dearest units left across groups.
    """
    own, prices = key[0], key[2]
    units: list[tuple[int, int]] = []
    for r, n in NEEDED[item]:
        if n > own[r]:
            units += [(prices[r], r)] * (n - own[r])
    units.sort(reverse=True)
    left = dict(groups)
    bought = []
    for p, r in units:
        for m in left:
            if m >> r & 1 and left[m]:
                left[m] -= 1
                break
        else:
            bought.append(p)
    return sum(bought[discount:])


_REDUCED: dict[tuple, Payment] = {}
_GROUPS: dict[tuple[int, ...], Groups] = {}
_NOTHING = (0, 0, 0, 0, 0)
_FREE = Payment((0,), (_NOTHING,), (), _NOTHING)
