"""What a construction buys and waives, resource by resource (the ``breakdown`` of build events).

Direct when only one payment is possible; otherwise :func:`bank_payment` walks the choices the way
``engine.payment`` does for the Duel bank, so ties end the same way. Answers of that walk are
memoised by the reduced question of :func:`engine.duel.costs.reduced_question`.
"""

from __future__ import annotations

from engine.duel.costs import DISCOUNT_SLOT, MAX_MEMO, NEEDED, Key, choice_groups, reduced_question
from engine.duel.readings import DISCOUNT_UNITS
from engine.duel.tables import RESOURCES

_NONE_PAID: tuple[tuple, tuple] = ((), ())
_PAID: dict[tuple, tuple[tuple, tuple]] = {}


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
        if len(_PAID) >= MAX_MEMO:
            _PAID.clear()
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
