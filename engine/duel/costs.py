"""Construction costs through the shared payment solver, memoised by the state that matters.

A player's trade situation is the key ``(own production, own choice masks, prices, masonry,
architecture)``. Every key owns one dict ``item -> trade coins`` (items: card index, or
``WONDER_BASE + wonder index``), shared by all games, so random games hit it almost always.
"""

from __future__ import annotations

from engine.duel.readings import DISCOUNT_UNITS
from engine.duel.tables import BLUE, CARD_COLOR, CARD_NEED, WONDER_NEED
from engine.payment import Market, Payment, cheapest_payment

WONDER_BASE = 100
_TABLES: dict[tuple, dict[int, int]] = {}
_MAX_TABLES = 200_000

Key = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, bool]


def table_for(key: Key) -> dict[int, int]:
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
    """The cheapest way to pay the resources of ``item`` in the trade situation ``key``."""
    need, discount = need_and_discount(key, item)
    pay = cheapest_payment(need, key[0], key[1], (Market(key[2], None),), discount)
    if pay is None:  # the bank is unlimited, so this cannot happen with valid tables
        raise ValueError("no way to pay")
    return pay


def trade_coins(key: Key, table: dict[int, int], item: int) -> int:
    """Trade coins for ``item`` (filling the memo)."""
    coins = payment(key, item).total
    table[item] = coins
    return coins
