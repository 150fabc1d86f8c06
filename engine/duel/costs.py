"""Construction costs through the shared payment solver, memoised by the state that matters.

A player's trade situation is the key ``(own production, own choice masks, prices, masonry,
architecture)``. Every key owns one dict ``item -> trade coins`` (items: card index, or
``WONDER_BASE + wonder index``; ``~item`` holds the full Payment once asked for), shared by all games.
"""

from __future__ import annotations

from typing import Any

from engine.duel.readings import DISCOUNT_UNITS
from engine.duel.tables import BLUE, CARD_COLOR, CARD_NEED, WONDER_NEED
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


def payment(key: Key, item: int) -> Payment:
    """The cheapest way to pay the resources of ``item`` in the trade situation ``key``.

    The solver is asked the reduced question that decides the price: the units still missing after
    fixed production, the choice cards that can cover them, and their prices. That question repeats
    across many trade situations, so it has its own memo. Only missing units are ever bought or
    waived, so the answer is the full answer.
    """
    need, discount = need_and_discount(key, item)
    missing = tuple([n - o if n > o else 0 for n, o in zip(need, key[0], strict=True)])
    useful = 0
    for r in range(5):
        if missing[r]:
            useful |= 1 << r
    choices = tuple(sorted(m & useful for m in key[1] if m & useful))
    prices = tuple([p if u else 0 for p, u in zip(key[2], missing, strict=True)])
    reduced = (missing, choices, prices, discount)
    pay = _REDUCED.get(reduced)
    if pay is None:
        if len(_REDUCED) >= _MAX_TABLES:
            _REDUCED.clear()
        pay = cheapest_payment(missing, _NOTHING, choices, (Market(prices, None),), discount)
        if pay is None:  # the bank is unlimited, so this cannot happen with valid tables
            raise ValueError("no way to pay")
        _REDUCED[reduced] = pay
    return pay


def trade_coins(key: Key, table: dict[int, Any], item: int) -> int:
    """Trade coins for ``item`` (filling the memo)."""
    coins = table[item] = payment(key, item).total
    return coins


_REDUCED: dict[tuple, Payment] = {}
_NOTHING = (0, 0, 0, 0, 0)
