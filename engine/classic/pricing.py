"""The speed seam of classic purchases: every (left, right) payment of a resource need, remembered.

What a payment of a need depends on, besides the need, is a city's *trading context*: its own production
(fixed units and one-of cards) and, per neighbour, what that neighbour sells and which resources the
city buys there at 1 coin. :func:`pricer` looks the context up once per hand; each need's answer is then
remembered per context. A context's first answer for a need goes through :class:`Purchase`, the need
reduced to the resources the city lacks and renumbered 0 .. k-1; its answer is remembered per purchase,
which many cities and needs share. Before the shared solver (:func:`engine.payment.all_payments`) runs,
three exact reductions make more purchases share one answer:

- own one-of cards that can give only one lacking resource are used for it (always possible, free);
- a resource no one-of card can give that only one neighbour sells is bought there in full (a fixed
  cost added to every payment), or makes the purchase impossible if that neighbour has too few;
- the remaining resources are renumbered in a canonical order (the answer does not depend on names).

Every payment a buyer may choose is listed (it picks the seller of each unit, even the dearer one),
cheapest total first, then by (left, right). ``tests/engine/classic/test_pricing.py`` checks every
reduction against the solver on the whole problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.memo import BoundedMemo
from engine.payment import minimal_purchases

Units = tuple[int, ...]


class Coins(NamedTuple):
    """Coins paid to the left and to the right neighbour."""

    left: int
    right: int


class Priced(NamedTuple):
    """Every payment of a need, cheapest first, and the total of each (the affordable ones lead)."""

    payments: tuple[Coins, ...]
    totals: tuple[int, ...]


# What a city's trading context answers for a need; None when its own production covers it (pays (0, 0)).
Payments = Priced | None


class Seller(NamedTuple):
    """What a neighbour sells of the lacking resources: units, one-of cards (masks), the mask of those
    bought from it at 1 coin, and (Cities: Smuggler's Cache) the mask of those bought at 1 coin less."""

    units: Units
    choices: tuple[int, ...]
    cheap: int
    rebate: int = 0

    def price(self, j: int) -> int:
        """The price of one unit of resource ``j`` (2, 1 with a trading discount, 1 less with a rebate)."""
        return R.floored(2 - (self.cheap >> j & 1) - (self.rebate >> j & 1))


class Purchase(NamedTuple):
    """A need reduced to the k resources a city lacks (numbered 0 .. k-1): the units lacking, the city's
    own one-of cards that can still help, and its two neighbours as sellers."""

    lacking: Units
    own_choices: tuple[int, ...]
    left: Seller
    right: Seller


class TradingContext(NamedTuple):
    """Everything a city's payments depend on, besides the need and its coins."""

    units: Units
    own_choices: tuple[int, ...]
    left_units: Units
    left_choices: tuple[int, ...]
    left_cheap: int
    right_units: Units
    right_choices: tuple[int, ...]
    right_cheap: int
    left_rebate: int = 0  # Cities: resources bought at 1 coin less (Smuggler's Cache)
    right_rebate: int = 0


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(r for r in range(C.N_RES) if mask >> r & 1)


# Resource indices of every mask, and for every mask ``wanted`` the renumbering of any mask's bits
# among ``wanted`` to 0, 1, ... in order.
BITS: tuple[tuple[int, ...], ...] = tuple(_bits(m) for m in range(1 << C.N_RES))


def _packing(wanted: int) -> tuple[int, ...]:
    spots = BITS[wanted]
    out = []
    for m in range(1 << C.N_RES):
        packed = 0
        for j, r in enumerate(spots):
            if m >> r & 1:
                packed |= 1 << j
        out.append(packed)
    return tuple(out)


PACKING: tuple[tuple[int, ...], ...] = tuple(_packing(w) for w in range(1 << C.N_RES))

# Prices per resource for every mask of resources bought at 1 coin.
PRICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 if mask >> r & 1 else 2 for r in range(C.N_RES)) for mask in range(1 << C.N_RES)
)

_SUPPORT: dict[Units, tuple[int, ...]] = {}
UNKNOWN = Priced((), ())  # "not asked yet" in a context's answers (never an answer: those are new objects)


def _current_floor() -> None:
    """Forget the remembered answers if readings.PURCHASE_PRICE_FLOOR changed since they were computed: a
    rebated price depends on it, and the memos' keys do not hold it (checked once per pricer)."""
    if _FLOOR_OF_MEMOS[0] != R.PURCHASE_PRICE_FLOOR:
        _SOLVED.clear()
        _BY_CONTEXT.clear()
        _FLOOR_OF_MEMOS[0] = R.PURCHASE_PRICE_FLOOR


def solve_purchase(purchase: Purchase) -> Priced:
    """Every payment of ``purchase``, cheapest first (none if it cannot be bought), remembered."""
    _current_floor()
    found = _SOLVED.entries.get(purchase)  # the memo's fast path: one dict lookup
    return _SOLVED(purchase) if found is None else found


def _priced(payments: tuple[Coins, ...]) -> Priced:
    return Priced(payments, tuple([left + right for left, right in payments]))


def _solve(purchase: Purchase) -> Priced:
    return _priced(_payments(purchase))


def _payments(purchase: Purchase) -> tuple[Coins, ...]:
    """Without one-of cards, the splits of every resource at once; else take out the resources bought
    from one neighbour only, then solve the rest canonically."""
    lacking, own, left, right = purchase
    if not (own or left.choices or right.choices):
        codes = _split_codes(lacking, left, right)
        return () if codes is None else _payments_of(codes)
    split = _split_forced(purchase)
    if split is None:
        return ()
    rest, fixed = split
    if not rest.lacking:
        return (fixed,)
    same = _canonical(rest)
    base = _solve_whole(same) if same is purchase else _SOLVED(same).payments
    if not (fixed.left or fixed.right):
        return base
    return tuple(Coins(a + fixed.left, b + fixed.right) for a, b in base)


_SOLVED: BoundedMemo[Purchase, Priced] = BoundedMemo(_solve, 1 << 16)


def _split_forced(purchase: Purchase) -> tuple[Purchase, Coins] | None:
    """(the purchase without its forced resources, their fixed cost), or None if one of them cannot be
    bought. A resource is forced when no one-of card (own or for sale) can give it and at most one
    neighbour sells it."""
    lacking, own, left, right = purchase
    touched = 0
    for c in (*own, *left.choices, *right.choices):
        touched |= c
    keep = 0
    fixed = [0, 0]
    for j, units in enumerate(lacking):
        if touched >> j & 1 or (left.units[j] and right.units[j]):
            keep |= 1 << j
            continue
        side = 0 if left.units[j] else 1
        seller = left if side == 0 else right
        if seller.units[j] < units:
            return None
        fixed[side] += units * seller.price(j)
    if keep == (1 << len(lacking)) - 1:
        return purchase, Coins(0, 0)
    spots = BITS[keep]
    pack = PACKING[keep]

    def packed(seller: Seller) -> Seller:
        return Seller(tuple(seller.units[j] for j in spots), tuple(pack[c] for c in seller.choices),
                      pack[seller.cheap], pack[seller.rebate])

    rest = Purchase(tuple(lacking[j] for j in spots), tuple(pack[c] for c in own), packed(left),
                    packed(right))
    return rest, Coins(fixed[0], fixed[1])


def _canonical(purchase: Purchase) -> Purchase:
    """``purchase`` with its resources renumbered in the order of their features.

    The set of payments does not depend on how resources are numbered, so purchases that differ only
    by the names of their resources share one answer.
    """
    lacking, own, left, right = purchase
    size = len(lacking)

    def feature(j: int) -> tuple[int, ...]:
        return (lacking[j], left.units[j], left.cheap >> j & 1, right.units[j], right.cheap >> j & 1,
                left.rebate >> j & 1, right.rebate >> j & 1,
                sum(c >> j & 1 for c in own), sum(c >> j & 1 for c in left.choices),
                sum(c >> j & 1 for c in right.choices))

    order = sorted(range(size), key=feature)
    if order == list(range(size)):
        return purchase
    new = [0] * size
    for j, old in enumerate(order):
        new[old] = j

    def move(mask: int) -> int:
        out = 0
        for old in BITS[mask]:
            out |= 1 << new[old]
        return out

    def renumbered(seller: Seller) -> Seller:
        return Seller(tuple(seller.units[old] for old in order),
                      tuple(sorted(move(c) for c in seller.choices)), move(seller.cheap),
                      move(seller.rebate))

    return Purchase(tuple(lacking[old] for old in order), tuple(sorted(move(c) for c in own)),
                    renumbered(left), renumbered(right))


def _solve_whole(purchase: Purchase) -> tuple[Coins, ...]:
    """Every payment of a purchase as it is (nothing owned: the lack is the need): the splits of
    :func:`_split_codes` over the minimal purchases and the ways the sellers' one-of cards can be
    used; the same answer as the shared solver (:func:`engine.payment.all_payments`), cheaper."""
    left, right = purchase.left, purchase.right
    rests = minimal_purchases(purchase.lacking, purchase.own_choices) if purchase.own_choices \
        else (purchase.lacking,)
    lefts, rights = _fixed_sellers(left), _fixed_sellers(right)
    union: set[int] = set()
    for rest in rests:
        for at_left in lefts:
            for at_right in rights:
                codes = _split_codes(rest, at_left, at_right)
                if codes is not None:
                    union |= codes
    return _payments_of(union)


def _fixed_sellers(seller: Seller) -> list[Seller]:
    """The seller as fixed units only, once per way its one-of cards can be used (each gives one unit
    of one resource it names): what it can sell is what one of them can."""
    if not seller.choices:
        return [seller]
    found = {seller.units}
    for choice in seller.choices:
        found = {units[:j] + (units[j] + 1,) + units[j + 1:] for units in found for j in BITS[choice]}
    return [Seller(units, (), seller.cheap, seller.rebate) for units in sorted(found)]


# A payment as one int while the solver adds them up: coins to the left times SIDE, plus coins to the
# right (each below SIDE: a need asks for a few units, each at most a few coins).
SIDE_BITS = 12
SIDE = 1 << SIDE_BITS
MOST_PER_UNIT = 64  # the dearest unit price the codes allow (readings.PURCHASE_PRICE_FLOOR above: refused)


def _split_codes(lacking: Units, left: Seller, right: Seller) -> set[int] | None:
    """Every (left, right) payment of ``lacking`` from two sellers without one-of cards, as ints (see
    SIDE), or None if they cannot supply it: each lacking unit of resource j is bought from either
    neighbour within its units, so the payments are the sums, resource by resource, of every split of
    its lack."""
    price = (R.floored(2), R.floored(1), R.floored(0))  # by the discounts on a unit (Seller.price)
    if price[0] > MOST_PER_UNIT:
        raise ValueError(f"a unit price above {MOST_PER_UNIT} coins is not supported")
    left_units, right_units = left.units, right.units
    left_off, right_off = (left.cheap, left.rebate), (right.cheap, right.rebate)
    found = {0}
    for j, lack in enumerate(lacking):
        most = left_units[j] if left_units[j] < lack else lack
        fewest = lack - right_units[j]
        if fewest < 0:
            fewest = 0
        if fewest > most:
            return None
        at_left = price[(left_off[0] >> j & 1) + (left_off[1] >> j & 1)] * SIDE
        at_right = price[(right_off[0] >> j & 1) + (right_off[1] >> j & 1)]
        if fewest == most:
            step = fewest * at_left + (lack - fewest) * at_right
            found = {code + step for code in found}
        else:
            steps = [k * at_left + (lack - k) * at_right for k in range(fewest, most + 1)]
            found = {code + step for code in found for step in steps}
    return found


def _payments_of(codes: set[int]) -> tuple[Coins, ...]:
    """The payments of ``codes`` (see SIDE), cheapest total first, then by (left, right)."""
    low = SIDE - 1
    keys = sorted([((code >> SIDE_BITS) + (code & low)) << 2 * SIDE_BITS | code for code in codes])
    new = tuple.__new__  # Coins(...) without its keyword-handling __new__
    return tuple([new(Coins, (key >> SIDE_BITS & low, key & low)) for key in keys])


def _splits_of_units(lacking: Units, left: Seller, right: Seller) -> tuple[Coins, ...]:
    """Every (left, right) payment of ``lacking`` from two sellers without one-of cards (see
    :func:`_split_codes`), cheapest total first, then by (left, right)."""
    codes = _split_codes(lacking, left, right)
    return () if codes is None else _payments_of(codes)


# --- trading contexts ------------------------------------------------------------------------------


class Pricer:
    """The payments of one city in one trading context (the context is looked up once per hand)."""

    __slots__ = ("context", "known")

    def __init__(self, context: TradingContext) -> None:
        _current_floor()
        self.context = context
        known = _BY_CONTEXT.entries.get(context)  # the memo's fast path: one dict lookup
        self.known = _BY_CONTEXT(context) if known is None else known

    def payments(self, need: Units) -> Payments:
        """Every payment of ``need`` whatever the coins held, or None if own production covers it.

        ``need`` is a card's or a stage's cost: the answers of one context are bounded by their number.
        """
        found = self.known.get(need, UNKNOWN)
        if found is UNKNOWN:
            found = self.known[need] = payments_in(self.context, need)
        return found


_BY_CONTEXT: BoundedMemo[TradingContext, dict[Units, Payments]] = BoundedMemo(lambda _: {}, 1 << 14)


class CityTrade:
    """The payments of one city's needs (by need number, compiled.NEEDS) while its trading context stays
    the same: the cache a game's state keeps per city (``State.trading``), read by the fast path of
    :func:`engine.classic.actions.hand_legal` (base game). A change of the context (the city's
    production, one-of cards or discounts, a neighbour's sales) makes a new one (``State.trade``). A
    trade is shared by copies of a state and never changes its context, so any state that holds it may
    fill it in.
    """

    __slots__ = ("bounds", "context", "floor", "known")

    def __init__(self) -> None:
        self.known: dict[int, Payments] = {}
        self.floor = R.PURCHASE_PRICE_FLOOR  # the reading the answers hold for
        self.context: TradingContext | None = None  # made at the first need solved here
        self.bounds: tuple[Units, Units] | None = None  # see _bounds

    def payments(self, need: int, context_of: Callable[..., TradingContext], *args: Any) -> Payments:
        """The payments of need number ``need`` (see :meth:`Pricer.payments`): remembered, else solved in
        ``context_of(*args)`` (the city's context now, made once per trade): its first two answers
        (nothing lacks; more lacks than anything could give) read from vectors made with it, the others
        as :func:`payments_in` finds them."""
        known = self.known
        found = known.get(need, UNKNOWN)
        if found is not UNKNOWN:
            return found
        bounds = self.bounds
        if bounds is None:
            _current_floor()  # the memos hold answers for the floor of now
            self.context = context_of(*args)
            bounds = self.bounds = _bounds(self.context)
        own, most = bounds
        deficit = [0] * C.N_RES
        wanted = 0
        for r, units in C.NEED_UNITS[need]:
            if units > own[r]:
                if units > most[r]:
                    known[need] = IMPOSSIBLE
                    return IMPOSSIBLE
                deficit[r] = units - own[r]
                wanted |= 1 << r
        assert self.context is not None
        found = known[need] = _lacking_payments(self.context, deficit, wanted) if wanted else None
        return found


def _bounds(context: TradingContext) -> tuple[Units, Units]:
    """The city's own fixed units, and per resource the most units anything could give it (its own
    units, both neighbours' units, and every one-of card that names the resource: see _beyond_supply)."""
    most = [a + b + c for a, b, c in zip(context.units, context.left_units, context.right_units, strict=True)]
    for cards in (context.own_choices, context.left_choices, context.right_choices):
        for card in cards:
            for r in BITS[card]:
                most[r] += 1
    return context.units, tuple(most)
_FLOOR_OF_MEMOS = [R.PURCHASE_PRICE_FLOOR]  # the floor the memos' answers were computed with


def _support(need: Units) -> tuple[int, ...]:
    """The resources ``need`` asks for (remembered per need: needs are the cards' and stages' costs)."""
    found = _SUPPORT.get(need)
    if found is None:
        found = _SUPPORT[need] = tuple(r for r, units in enumerate(need) if units)
    return found


def _reduce_own(deficit: list[int], wanted: int, choices: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Use every own one-of card that can only help one lacking resource (the same payments, for free).

    ``wanted`` is the mask of the resources ``deficit`` lacks; ``deficit`` is updated. Returns the mask
    of the still-lacking resources and the own one-of cards that can still help (masked to it).
    """
    pending: list[int] | tuple[int, ...] = choices
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


def _seller(lacking: Units, wanted: int, units: Units, choices: tuple[int, ...], cheap: int,
            rebate: int) -> Seller:
    """A neighbour packed to the ``wanted`` resources (``lacking``: the city's lack of each, in order).

    A one-of card that can sell only one lacking resource counts as a fixed unit; units are capped at the
    lack (smaller keys, more shared answers).
    """
    pack = PACKING[wanted]
    if not choices:
        capped = tuple([units[r] if units[r] < d else d for r, d in zip(BITS[wanted], lacking, strict=True)])
        return tuple.__new__(Seller, (capped, (), pack[cheap & wanted], pack[rebate & wanted]))
    counts = [units[r] for r in BITS[wanted]]
    kept = []
    for c in choices:
        hit = c & wanted
        if not hit:
            continue
        if hit & (hit - 1):
            kept.append(pack[hit])
        else:
            counts[pack[hit].bit_length() - 1] += 1
    kept.sort()
    capped = tuple([u if u < d else d for u, d in zip(counts, lacking, strict=True)])
    return tuple.__new__(Seller, (capped, tuple(kept), pack[cheap & wanted], pack[rebate & wanted]))


IMPOSSIBLE = Priced((), ())  # the answer of a need the neighbours cannot supply


def _beyond_supply(context: TradingContext, deficit: list[int], wanted: int, own: tuple[int, ...]) -> bool:
    """True if some lacking resource exceeds everything that could give it: both neighbours' units and
    every one-of card (own or for sale) that names it. (Most needs of a random game end here, before
    the purchase is built: a necessary condition of every payment, so the answers do not change.)"""
    left_units, right_units = context.left_units, context.right_units
    for r in BITS[wanted]:
        supply = left_units[r] + right_units[r]
        if supply >= deficit[r]:
            continue
        bit = 1 << r
        for choices in (own, context.left_choices, context.right_choices):
            for c in choices:
                if c & bit:
                    supply += 1
        if supply < deficit[r]:
            return True
    return False


def payments_in(context: TradingContext, need: Units) -> Payments:
    """Every payment of ``need`` in ``context`` (not remembered here): the need reduced to a
    :class:`Purchase` of what the city's own production lacks, then solved (None: nothing lacks)."""
    _current_floor()
    deficit = [0] * C.N_RES
    wanted = 0
    units = context.units
    for r in _support(need):
        if need[r] > units[r]:
            deficit[r] = need[r] - units[r]
            wanted |= 1 << r
    if not wanted:
        return None
    # Before the own one-of cards are used: counting each as supply of every resource it names is the
    # same bound as using those that can give only one lacking resource.
    if _beyond_supply(context, deficit, wanted, context.own_choices):
        return IMPOSSIBLE
    return _lacking_payments(context, deficit, wanted)


def _lacking_payments(context: TradingContext, deficit: list[int], wanted: int) -> Payments:
    """The rest of :func:`payments_in` once the ``deficit`` (resources ``wanted``) is known to be within
    what could supply it."""
    own: tuple[int, ...] = ()
    if context.own_choices:
        wanted, own = _reduce_own(deficit, wanted, context.own_choices)
        if not wanted:
            return None
    new = tuple.__new__  # the named types without their keyword-handling __new__ (the hot path)
    pack = PACKING[wanted]
    lacking = tuple([deficit[r] for r in BITS[wanted]])
    left = _seller(lacking, wanted, context.left_units, context.left_choices, context.left_cheap,
                   context.left_rebate)
    right = _seller(lacking, wanted, context.right_units, context.right_choices, context.right_cheap,
                    context.right_rebate)
    own_packed = tuple([pack[c] for c in own]) if own else own
    purchase = new(Purchase, (lacking, own_packed, left, right))
    found = _SOLVED.entries.get(purchase)  # the memo's fast path: one dict lookup
    return _SOLVED(purchase) if found is None else found
