"""The Duel speed seam: the trade coins of a card or Wonder, memoised by the situation that decides them.

The plain rule: a player covers a cost with its own fixed production; every missing unit is bought from
the bank at its price (2 + the opponent's brown/grey production of that resource, or 1 with a Reserve or
the Customs House). Choice production (yellow cards, Wonders) and the Masonry/Architecture discount make
it a small optimisation: that question goes to the shared solver
(:func:`engine.payment.cheapest_bank_payment`).

Speed: everything that decides a price is one :class:`TradeSituation`. One :class:`BoundedMemo` maps a
situation to its :class:`PriceList` (shared by every game that meets it; each card's and Wonder's coins
are filled in when first asked), another maps a :class:`Shortfall` (what is missing, at which prices,
with which choices and discount) to the solver's answer as a :class:`Paid`. Forgetting is always safe.
The memos keep few objects the garbage collector must scan: a full collection walks them all.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.duel import readings
from engine.duel.data import RESOURCES
from engine.duel.material import BLUE, CARDS, WONDERS
from engine.memo import BoundedMemo
from engine.payment import cheapest_bank_payment

NO_UNITS = (0,) * len(RESOURCES)


class Need(NamedTuple):
    """The resource cost of one card or Wonder."""

    units: tuple[tuple[int, int], ...]   # (resource, units) for each resource of the cost
    blue: bool                           # a blue card: Masonry applies
    wonder: bool                         # a Wonder: Architecture applies


def _need(resources: tuple[int, ...], blue: bool, wonder: bool) -> Need:
    return Need(tuple((r, n) for r, n in enumerate(resources) if n), blue, wonder)


CARD_NEEDS: tuple[Need, ...] = tuple(_need(c.resources, c.color == BLUE, False) for c in CARDS)
WONDER_NEEDS: tuple[Need, ...] = tuple(_need(w.resources, False, True) for w in WONDERS)


class TradeSituation(NamedTuple):
    """Everything that decides what one player pays for resources."""

    production: tuple[int, ...]   # own fixed production per resource
    choices: tuple[int, ...]      # own choice-production masks, sorted
    prices: tuple[int, ...]       # coins per unit bought from the bank, per resource
    masonry: bool
    architecture: bool


def trade_situation(production: list[int], choices: list[int], one_coin: int, opponent_production: list[int],
                    masonry: bool, architecture: bool) -> TradeSituation:
    """The situation of a player: ``one_coin`` is the mask of resources it buys at 1 coin."""
    prices = tuple([1 if one_coin >> r & 1 else 2 + units for r, units in enumerate(opponent_production)])
    # tuple.__new__ builds the named tuple without its Python-level __new__ (this runs on every change)
    fields = (tuple(production), tuple(sorted(choices)), prices, masonry, architecture)
    return tuple.__new__(TradeSituation, fields)


def discount_units(situation: TradeSituation, need: Need) -> int:
    """Resource units Masonry (blue cards) or Architecture (Wonders) waive for ``need``."""
    if (need.blue and situation.masonry) or (need.wonder and situation.architecture):
        return readings.DISCOUNT_UNITS
    return 0


class Shortfall(NamedTuple):
    """What decides a payment: the units own production misses and their prices (0 where nothing is
    missing), the choice masks that can cover some of them, and the discount."""

    missing: tuple[int, ...]
    prices: tuple[int, ...]
    choices: tuple[int, ...]
    discount: int


def shortfall(situation: TradeSituation, need: Need) -> Shortfall | None:
    """The :class:`Shortfall` of ``need``; ``None`` when fixed production covers it all."""
    own = situation.production
    missing = [0, 0, 0, 0, 0]
    prices = [0, 0, 0, 0, 0]
    useful = 0
    for r, n in need.units:
        if n > own[r]:
            missing[r] = n - own[r]
            prices[r] = situation.prices[r]
            useful |= 1 << r
    if not useful:
        return None
    choices = tuple(sorted([m & useful for m in situation.choices if m & useful]))
    # tuple.__new__ builds the named tuple without its Python-level __new__ (this runs for every solved price)
    fields = (tuple(missing), tuple(prices), choices, discount_units(situation, need))
    return tuple.__new__(Shortfall, fields)


class Paid(NamedTuple):
    """A cheapest payment as the rules and views use it."""

    coins: int                            # coins paid to the bank
    bought: tuple[tuple[str, int], ...]   # (resource, coins paid for its units)
    waived: tuple[tuple[str, int], ...]   # (resource, units Masonry/Architecture waived)


NOTHING_PAID = Paid(0, (), ())


def _solve(question: Shortfall) -> Paid:
    """The shared solver's cheapest payment of a shortfall (one unlimited market: the bank)."""
    pay = cheapest_bank_payment(question.missing, question.prices, question.choices, question.discount)
    prices = question.prices
    bought = tuple((RESOURCES[r], units * prices[r]) for r, units in enumerate(pay.bought[0]) if units)
    waived = tuple((RESOURCES[r], units) for r, units in enumerate(pay.waived) if units)
    return Paid(pay.total, bought, waived)


_PAYMENTS: BoundedMemo[Shortfall, Paid] = BoundedMemo(_solve, bound=1 << 15)


def _solver_needed(situation: TradeSituation, need: Need, missing: int) -> bool:
    """True if a discount applies or a choice card could cover a ``missing`` resource (a mask)."""
    if (need.blue and situation.masonry) or (need.wonder and situation.architecture):
        return True
    for choice in situation.choices:  # noqa: SIM110 (a plain loop: any() over a generator costs more here)
        if choice & missing:
            return True
    return False


def _solved(situation: TradeSituation, need: Need) -> Paid:
    """The solver's payment of ``need`` (something is missing), through the memo."""
    question = shortfall(situation, need)
    assert question is not None
    return _PAYMENTS(question)


def trade_coins(situation: TradeSituation, need: Need) -> int:
    """Coins paid to the bank for the resources of ``need`` (:func:`paid`'s coins): each missing unit
    at its price, unless a choice card could cover one or a discount applies (then the solver decides).

    When the solver decides, its question (the :class:`Shortfall` of :func:`shortfall`) is made here and
    looked up in the memo's dict directly: this runs for every card a new situation prices.
    """
    own, prices = situation.production, situation.prices
    coins = missing = 0
    for r, n in need.units:
        if n > own[r]:
            coins += (n - own[r]) * prices[r]
            missing |= 1 << r
    if not missing:
        return 0
    choices = situation.choices
    if not (choices or situation.masonry or situation.architecture):
        return coins
    # Only choice production or a discount token can make the solver's answer differ from ``coins``.
    discount = readings.DISCOUNT_UNITS if (need.blue and situation.masonry) or \
        (need.wonder and situation.architecture) else 0
    useful = [m & missing for m in choices if m & missing]
    if not (discount or useful):
        return coins
    useful.sort()
    missing_units = [0, 0, 0, 0, 0]
    missing_prices = [0, 0, 0, 0, 0]
    for r, n in need.units:
        if n > own[r]:
            missing_units[r] = n - own[r]
            missing_prices[r] = prices[r]
    fields = (tuple(missing_units), tuple(missing_prices), tuple(useful), discount)
    question = tuple.__new__(Shortfall, fields)
    found = _PAYMENTS.entries.get(question)
    return (_PAYMENTS(question) if found is None else found).coins


def paid(situation: TradeSituation, need: Need) -> Paid:
    """The cheapest payment of ``need`` (only missing units are ever bought or waived)."""
    own, prices = situation.production, situation.prices
    bought = []
    missing = coins = 0
    for r, n in need.units:
        if n > own[r]:
            bought.append((RESOURCES[r], (n - own[r]) * prices[r]))
            coins += (n - own[r]) * prices[r]
            missing |= 1 << r
    if not missing:
        return NOTHING_PAID
    if _solver_needed(situation, need, missing):
        return _solved(situation, need)
    return Paid(coins, tuple(bought), ())


class PriceList:
    """The trade coins of every card and Wonder in one situation, each computed when first asked.

    Shared by every player and game in that situation: its content never depends on anything else.
    The dicts hold what was computed so far: a hot loop may read them first and ask only on a miss.
    They hold ints only, which the garbage collector never scans; how a price is paid (:func:`paid`,
    for events and views) is computed again when asked rather than kept here for every situation.
    """

    __slots__ = ("cards", "situation", "wonders")

    def __init__(self, situation: TradeSituation) -> None:
        self.situation = situation
        self.cards: dict[int, int] = {}         # card -> trade coins
        self.wonders: dict[int, int] = {}       # wonder -> trade coins

    def card(self, card: int) -> int:
        """Trade coins for the resources of ``card``."""
        coins = self.cards.get(card)
        if coins is None:
            coins = self.cards[card] = trade_coins(self.situation, CARD_NEEDS[card])
        return coins

    def wonder(self, wonder: int) -> int:
        """Trade coins for the resources of ``wonder``."""
        coins = self.wonders.get(wonder)
        if coins is None:
            coins = self.wonders[wonder] = trade_coins(self.situation, WONDER_NEEDS[wonder])
        return coins


price_list: BoundedMemo[TradeSituation, PriceList] = BoundedMemo(PriceList, bound=1 << 16)
