"""Construction costs through the shared payment solver, memoised by the state that matters.

A player's trade situation is the key ``(own production, own choice masks, prices, masonry,
architecture)``. Every key owns one dict ``item -> trade coins`` (items: card index, or
``WONDER_BASE + wonder index``), shared by all games. Most answers are plain arithmetic; the solver
is asked only when choice cards could be spent in several ways, memoised by the reduced question.
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


def paid_units(key: Key, item: int) -> tuple[tuple, tuple]:
    """``((resource, coins), ...)`` bought and ``((resource, units), ...)`` waived for ``item``.

    Not memoised per trade situation (a build rarely repeats in one): the common cases are direct,
    and the solver's answers are memoised by the reduced question.
    """
    return _plain_units(key, item) or _solved_units(key, item)


def _plain_units(key: Key, item: int) -> tuple[tuple, tuple] | None:
    """What is bought and waived when only one payment is possible (else None: ask the solver).

    The common case, no choice card or discount touching the missing units, is plain arithmetic;
    see :func:`_covered_units` for the others.
    """
    own, prices = key[0], key[2]
    bought = []
    short = 0
    for r, n in NEEDED[item]:
        if n > own[r]:
            bought.append((RESOURCES[r], (n - own[r]) * prices[r]))
            short |= 1 << r
    if not short:
        return _NONE_PAID
    slot = DISCOUNT_SLOT[item]
    if not (slot and key[slot]):
        if not key[1]:
            return tuple(bought), ()
        groups = choice_groups(key[1])
        if groups[0] is not None and not short & groups[1]:
            return tuple(bought), ()
    return _covered_units(key, item, short)


def _covered_units(key: Key, item: int, short: int) -> tuple[tuple, tuple] | None:
    """Bought and waived units when every group of choice cards touches at most one missing resource
    (else None): the choices cover units of that resource, and the discount waives the dearest units
    left, lowest resource first among equal prices (the solver's order).
    """
    own, prices = key[0], key[2]
    groups = choice_groups(key[1])
    if groups[0] is None:
        return None
    missing = [0] * 5
    for r, n in NEEDED[item]:
        if n > own[r]:
            missing[r] = n - own[r]
    if short & groups[1]:
        for m, count in groups[0]:
            touched = m & short
            if touched & (touched - 1):
                return None
            if touched:
                r = touched.bit_length() - 1
                missing[r] -= min(count, missing[r])
    slot = DISCOUNT_SLOT[item]
    if not (slot and key[slot]):
        return tuple([(RESOURCES[r], u * prices[r]) for r, u in enumerate(missing) if u]), ()
    waived = [0] * 5
    units = DISCOUNT_UNITS
    for _, r in sorted([(-prices[r], r) for r in range(5) if missing[r]]):
        k = min(units, missing[r])
        waived[r] = k
        missing[r] -= k
        units -= k
        if not units:
            break
    return (tuple([(RESOURCES[r], u * prices[r]) for r, u in enumerate(missing) if u]),
            tuple([(RESOURCES[r], u) for r, u in enumerate(waived) if u]))


def _solved_units(key: Key, item: int) -> tuple[tuple, tuple]:
    """What is bought and waived when choices could be spent in several ways (memoised by the
    reduced question); the answer of the shared solver, computed by :func:`bank_payment`."""
    reduced = reduced_question(key, item)
    found = _PAID.get(reduced) if reduced is not None else ((), ())
    if found is None:
        missing, choices, discount = reduced
        bought, waived = bank_payment(missing, choices, discount)
        found = _PAID[reduced] = (
            tuple([(RESOURCES[r], bought[r] * p) for r, _, p in missing if bought[r]]),
            tuple([(RESOURCES[r], waived[r]) for r, _, _ in missing if waived[r]]))
    return found


def bank_payment(missing: tuple[tuple[int, int, int], ...], choices: tuple[int, ...],
                 discount: int) -> tuple[list[int], list[int]]:
    """Bought and waived units per resource for the missing ``(resource, units, price)``.

    The same walk as ``engine.payment`` for one unlimited market, so ties end the same way: spend
    each choice card (in order) on every useful resource (lowest first), keep the first assignment
    that reaches each remaining deficit, waive the dearest units of each (lowest resource first
    among equal prices), and take the first cheapest.
    """
    deficit, prices = [0] * 5, [0] * 5
    for r, m, p in missing:
        deficit[r], prices[r] = m, p
    states: dict[tuple[int, ...], None] = {tuple(deficit): None}
    for choice in choices:
        nxt: dict[tuple[int, ...], None] = {}
        for d in states:
            useful = [r for r in range(5) if choice >> r & 1 and d[r] > 0]
            if not useful:
                nxt.setdefault(d, None)
            for r in useful:
                lst = list(d)
                lst[r] -= 1
                nxt.setdefault(tuple(lst), None)
        states = nxt
    order = sorted(range(5), key=lambda i: -prices[i])
    best: tuple[int, list[int], list[int]] | None = None
    for d in states:
        waived = [0] * 5
        units = discount
        for r in order:
            if units <= 0:
                break
            waived[r] = k = min(units, d[r])
            units -= k
        bought = [d[r] - waived[r] for r in range(5)]
        coins = sum(u * p for u, p in zip(bought, prices, strict=True))
        if best is None or coins < best[0]:
            best = (coins, bought, waived)
    assert best is not None
    return best[1], best[2]


_REDUCED: dict[tuple, Payment] = {}
_PAID: dict[tuple, tuple[tuple, tuple]] = {}
_GROUPS: dict[tuple[int, ...], Groups] = {}
_NOTHING = (0, 0, 0, 0, 0)
_NONE_PAID: tuple[tuple, tuple] = ((), ())
_FREE = Payment((0,), (_NOTHING,), (), _NOTHING)
