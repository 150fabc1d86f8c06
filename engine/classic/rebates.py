"""Cities' purchase effects: the once-per-turn ones, the wharves' rebate unit by unit, and each purchase's
story (which effects it used, which card gave which rebate).

The Clandestine Wharves (1 coin less on one unit bought from that neighbour whose price is still above the
floor), the Secret Warehouse and the Black Market (one extra unit of production) serve at most once per turn
per card (readings.ONCE_PER_TURN_PER_CARD): a city's ``spent`` mask holds what the turn's purchases used.
Smuggler's Cache lowers every unit of a neighbour's starting resource (no limit).

Payments with a wharf are computed on the whole purchase by the shared solver with *tagged* prices: each
unit's price is written ``price * 256 + saved * 16 + 1`` (``saved``: the Smuggler's Cache rebate on it), so
the coins the solver returns per neighbour also say how many units were bought there and how much they
saved, and one solver call tells, for every way to pay, whether a unit above the floor was bought (the
wharf can apply) and what each rebate gave.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.pricing import Coins, Seller, TradingContext
from engine.memo import BoundedMemo
from engine.payment import Market, all_payments

# The once-per-turn purchase effects, as bits of a mask.
WHARF_LEFT, WHARF_RIGHT, WAREHOUSE, BLACK_MARKET = 1, 2, 4, 8
WHARVES = WHARF_LEFT | WHARF_RIGHT
EXTRA_UNITS = WAREHOUSE | BLACK_MARKET
EFFECT_ABILITY = {WHARF_LEFT: "wharf_left", WHARF_RIGHT: "wharf_right", WAREHOUSE: "secret_warehouse",
                  BLACK_MARKET: "black_market"}
EFFECT_CARD = {WHARF_LEFT: "a1_west_clandestine_wharf", WHARF_RIGHT: "a1_east_clandestine_wharf",
               WAREHOUSE: "a1_secret_warehouse", BLACK_MARKET: "a2_black_market"}
SMUGGLERS_CACHE = "a1_smugglers_cache"
PURCHASE_ABILITIES = frozenset({*EFFECT_ABILITY.values(), "smugglers_cache"})
SIDES = ("left", "right")

_TAG_PRICE, _TAG_SAVED = 256, 16  # a tagged unit price: price * 256 + saved * 16 + 1 (units < 16)


class Bought(NamedTuple):
    """What one way to pay buys from one neighbour: coins, units, and coins Smuggler's Cache saved."""

    coins: int
    units: int
    saved: int


class Way(NamedTuple):
    """One way to pay a purchase before the wharves: what it buys from the left and from the right."""

    left: Bought
    right: Bought


class Rebate(NamedTuple):
    """A rebate a purchase received: the card giving it, the neighbour's side, the coins saved."""

    card: str
    side: str
    coins: int


class Story(NamedTuple):
    """What a purchase used: its once-per-turn effects (mask) and the rebates it received."""

    used: int
    rebates: tuple[Rebate, ...]


NO_STORY = Story(0, ())


_EFFECT_NAMES = frozenset(EFFECT_ABILITY.values())


def owned_effects(abilities: set[str]) -> int:
    """The once-per-turn purchase effects of a city with ``abilities`` (mask)."""
    if _EFFECT_NAMES.isdisjoint(abilities):
        return 0
    mask = 0
    for bit, ability in EFFECT_ABILITY.items():
        if ability in abilities:
            mask |= bit
    return mask


def available_effects(abilities: set[str], spent: int) -> int:
    """The purchase effects still available to a city: all of them once per purchase, else those the turn's
    purchases have not used (readings.ONCE_PER_TURN_PER_CARD, the only place reading it)."""
    owned = owned_effects(abilities)
    return owned & ~spent if R.ONCE_PER_TURN_PER_CARD else owned


def _tagged(cheap: int, rebate: int) -> tuple[int, ...]:
    """A neighbour's tagged unit prices (see the module's docstring)."""
    out = []
    for r in range(C.N_RES):
        price = Seller((), (), cheap, rebate).price(r)
        saved = (2 - (cheap >> r & 1)) - price
        out.append(price * _TAG_PRICE + saved * _TAG_SAVED + 1)
    return tuple(out)


def _untag(coins: int) -> Bought:
    return Bought(coins // _TAG_PRICE, coins % _TAG_SAVED, coins % _TAG_PRICE // _TAG_SAVED)


def ways(context: TradingContext, need: tuple[int, ...]) -> tuple[Way, ...] | None:
    """Every distinct way to pay ``need`` in ``context`` (before the wharves), or None if the city's own
    production covers it; ``()`` if it cannot be bought. Remembered (the floor is in the tagged prices)."""
    deficit = tuple(n - u if n > u else 0 for n, u in zip(need, context.units, strict=True))
    if not any(deficit):
        return None
    markets = (Market(_tagged(context.left_cheap, context.left_rebate), context.left_units,
                      context.left_choices),
               Market(_tagged(context.right_cheap, context.right_rebate), context.right_units,
                      context.right_choices))
    key = (deficit, context.own_choices, markets)
    return _WAYS(key)


def _ways(key: tuple[tuple[int, ...], tuple[int, ...], tuple[Market, Market]]) -> tuple[Way, ...]:
    deficit, own_choices, markets = key
    found = all_payments(deficit, (0,) * C.N_RES, own_choices, markets)
    return tuple(Way(_untag(p.coins[0]), _untag(p.coins[1])) for p in found)


_WAYS: BoundedMemo[tuple[tuple[int, ...], tuple[int, ...], tuple[Market, Market]], tuple[Way, ...]] = (
    BoundedMemo(_ways, 1 << 12))


def _lowered(bought: Bought, wharf: bool) -> tuple[int, bool]:
    """(coins paid to that neighbour, whether its wharf served): the wharf takes 1 coin off a unit whose
    price is still above the floor (some unit is when the coins exceed floor x units)."""
    if wharf and bought.coins > R.PURCHASE_PRICE_FLOOR * bought.units:
        return bought.coins - 1, True
    return bought.coins, False


def paid(way: Way, wharves: int) -> tuple[Coins, int]:
    """The coins a way to pay costs with the available ``wharves``, and the wharves it uses (mask)."""
    left, west = _lowered(way.left, bool(wharves & WHARF_LEFT))
    right, east = _lowered(way.right, bool(wharves & WHARF_RIGHT))
    return Coins(left, right), (WHARF_LEFT if west else 0) | (WHARF_RIGHT if east else 0)


def wharf_payments(found: tuple[Way, ...], wharves: int) -> tuple[Coins, ...]:
    """Every distinct payment of the ways ``found`` with the available ``wharves``, cheapest first."""
    lowered = {paid(way, wharves)[0] for way in found}
    return tuple(sorted(lowered, key=lambda pay: (pay.left + pay.right, pay)))


def story_of(found: tuple[Way, ...] | None, wharves: int,
             pay: Coins) -> tuple[int, tuple[Rebate, ...]] | None:
    """The wharves a payment ``pay`` needs at least (mask) and its rebates, among the ways ``found``, or
    None if none of them pays ``pay``. Of several ways paying it, the one using the fewest wharves (then the
    largest Smuggler's Cache rebate) is the story: the buyer keeps what it can for a later purchase."""
    if found is None:
        return (0, ()) if pay == (0, 0) else None
    best: tuple[tuple[int, int], int, Way] | None = None
    for way in found:
        coins, used = paid(way, wharves)
        if coins != pay:
            continue
        rank = (bin(used).count("1"), -(way.left.saved + way.right.saved))
        if best is None or rank < best[0]:
            best = (rank, used, way)
    if best is None:
        return None
    _, used, way = best
    rebates = []
    for side, bought, wharf in ((SIDES[0], way.left, WHARF_LEFT), (SIDES[1], way.right, WHARF_RIGHT)):
        if bought.saved:
            rebates.append(Rebate(SMUGGLERS_CACHE, side, bought.saved))
        if used & wharf:
            rebates.append(Rebate(EFFECT_CARD[wharf], side, 1))
    return used, tuple(rebates)


def subsets(mask: int) -> list[int]:
    """Every subset of ``mask``, fewest bits first (then by value)."""
    found = [m for m in range(mask + 1) if m & ~mask == 0]
    return sorted(found, key=lambda m: (bin(m).count("1"), m))
