"""Construction costs through the shared payment solver, memoised by the state that matters.

A player's trade situation is the key ``(own production, own choice masks, prices, masonry,
architecture)``. Every key owns one dict ``item -> trade coins`` (items: card index, or
``WONDER_BASE + wonder index``; ``~item`` holds what was bought and waived), shared by all games.
"""

from __future__ import annotations

from typing import Any

from engine.duel.readings import DISCOUNT_UNITS
from engine.duel.tables import BLUE, CARD_COLOR, CARD_NEED, RESOURCES, WONDER_NEED
from engine.payment import Market, Payment, cheapest_payment

WONDER_BASE = 100
_TABLES: dict[tuple, dict[int, Any]] = {}
_MAX_TABLES = 200_000

Key = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, bool]


def table_for(key: Key) -> dict[int, Any]:
    """The shared memo of trade coins for one trade situation."""
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= _MAX_TABLES:
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

# Where each item's discount token sits in a trade key: 3 (Masonry) for blue cards, 4 (Architecture)
# for wonders, 0 for none.
DISCOUNT_SLOT: dict[int, int] = {i: 3 if color == BLUE else 0 for i, color in enumerate(CARD_COLOR)}
DISCOUNT_SLOT.update({WONDER_BASE + i: 4 for i in range(len(WONDER_NEED))})
NEEDED.update({WONDER_BASE + i: _needed(n) for i, n in enumerate(WONDER_NEED)})


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
        if len(_REDUCED) >= _MAX_TABLES:
            _REDUCED.clear()
            _PAID.clear()
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

    Without choice production or a discount token there is nothing to optimise: the price is each
    missing unit times its price. Anything else is the shared solver's question.
    """
    slot = DISCOUNT_SLOT[item]
    if key[1] or (slot and key[slot]):
        coins = sum(payment(key, item).coins)
    else:
        own, prices = key[0], key[2]
        coins = sum([(n - own[r]) * prices[r] for r, n in NEEDED[item] if n > own[r]])
    table[item] = coins
    return coins


def paid_units(key: Key, table: dict[int, Any], item: int) -> tuple[tuple, tuple]:
    """``((resource, coins), ...)`` bought and ``((resource, units), ...)`` waived for ``item`` (memoised)."""
    found = table.get(~item)
    if found is None:
        reduced = reduced_question(key, item)
        found = _PAID.get(reduced) if reduced is not None else ((), ())
        if found is None:
            pay = payment(key, item)
            prices = key[2]
            bought = tuple((RESOURCES[r], u * prices[r]) for r, u in enumerate(pay.bought[0]) if u)
            waived = tuple((RESOURCES[r], u) for r, u in enumerate(pay.waived) if u)
            found = _PAID[reduced] = (bought, waived)
        table[~item] = found
    return found


_REDUCED: dict[tuple, Payment] = {}
_PAID: dict[tuple, tuple[tuple, tuple]] = {}
_NOTHING = (0, 0, 0, 0, 0)
_FREE = Payment((0,), (_NOTHING,), (), _NOTHING)
