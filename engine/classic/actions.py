"""What a city may do now (action choices): every card's build / wonder / discard options and payments.

Costs are paid with :mod:`engine.payment`: own production (fixed units, then one-of cards, including
yellow cards and Alexandria's stages), then purchases from the two neighbours (markets: left, right)
whose sellable production is their board resource and their brown and grey cards only.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.classic import compiled as C
from engine.classic.readings import late_discounts
from engine.classic.state import State
from engine.classic.trade import Trader, trader

BUILD, WONDER, DISCARD, OLYMPIA, HALI, COPY = range(6)
TYPES = ("build", "wonder", "discard", "olympia", "halicarnassus", "copy_guild")
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
_FIELDS = tuple(frozenset({"type", "card", "free_city", *(("left", "right") if k in (BUILD, WONDER) else ())})
                for k in range(len(TYPES)))
DISCARD_COINS = 3

# A plan is what a validated action does: (kind, card, left, right, bank coins, how)
Plan = tuple[int, int, int, int, int, str]


class CardOptions(NamedTuple):
    """Everything a city may do with one card of its hand."""

    card: int
    build: list[tuple[int, int]]  # (left, right) payments, cheapest first
    bank: int  # coins paid to the bank when building (0 through a chain)
    build_reason: str | None
    chain: bool
    wonder: list[tuple[int, int]]
    wonder_reason: str | None
    olympia: bool

    @property
    def playable(self) -> bool:
        """Buildable, usable for a stage, or buildable for free with Olympia."""
        return bool(self.build or self.wonder or self.olympia)


def discounts(state: State, city: int, late: bool = False) -> list[int]:
    """The resources ``city`` buys at 1 coin ([left mask, right mask]).

    During a turn, purchases use the neighbours' cities as they were at the start of the turn
    (readings.COMMERCE_FROM_TURN_START: nothing changes before the reveal); ``late`` purchases (Babylon
    B's 7th card) use the updated state and readings.late_discounts.
    """
    return late_discounts(state.disc[city], state.turn_disc[city]) if late else state.disc[city]


def payments(trade: Trader, need: tuple[int, ...], budget: int) -> tuple[list[tuple[int, int]], str | None]:
    """Every undominated affordable (left, right) payment of ``need``, cheapest first, or a reason.

    The payments of each need are computed once per trading context by :mod:`engine.classic.trade`.
    """
    found = trade.payments(need)
    if found is None:
        return [(0, 0)], None
    if not found:
        return [], "the resources cannot be produced or bought"
    out = [pay for pay in found if pay[0] + pay[1] <= budget]
    return out, (None if out else "not enough coins to buy the resources")


def card_build(state: State, city: int, card: int,
               trade: Trader) -> tuple[list[tuple[int, int]], int, str | None, bool]:
    """(payments, bank coins, reason, chain) to build ``card`` in ``city``."""
    names = state.names[city]
    if C.CARD_NAME_IDX[card] in names:
        return [], 0, "already built", False
    for name in C.CARD_FREE_WITH[card]:
        if name in names:
            return [(0, 0)], 0, None, True
    bank = C.CARD_COINS[card]
    coins = state.coins[city]
    if bank > coins:
        return [], bank, "not enough coins", False
    found, reason = payments(trade, C.CARD_NEED[card], coins - bank)
    return found, bank, reason, False


def stage_payments(state: State, city: int,
                   trade: Trader) -> tuple[list[tuple[int, int]], str | None]:
    """Payments for the next wonder stage of ``city``, or a reason."""
    bs = state.boards[city]
    k = state.stages[city]
    if k >= C.BS_STAGES[bs]:
        return [], "the wonder is complete"
    return payments(trade, C.BS_NEED[bs][k], state.coins[city])


def olympia_ready(state: State, city: int) -> bool:
    """Olympia A stage 2 built and its free build not yet used this age."""
    return state.has_ability(city, "olympia_free") and state.olympia_used[city] != state.age


def hand_options(state: State, city: int, cards: list[int], late: bool = False) -> list[CardOptions]:
    """Options of ``city`` for each distinct card of ``cards`` (in hand order)."""
    trade = trader(state, city, discounts(state, city, late))
    wonder, wonder_reason = stage_payments(state, city, trade)
    olympia = olympia_ready(state, city)
    out = []
    for card in dict.fromkeys(cards):
        build, bank, reason, chain = card_build(state, city, card, trade)
        free = olympia and reason != "already built"
        out.append(CardOptions(card, build, bank, reason, chain, wonder, wonder_reason, free))
    return out


def plans_of(opts: list[CardOptions], free_city: bool = False, discard: bool = True) -> dict[tuple, Plan]:
    """Action keys -> plans for a list of card options, in legal_actions order.

    ``free_city`` applies the Free City's rules: a card it can build through a chain must be built that
    way, and it may discard only if no card of the hand is playable.
    """
    plans: dict[tuple, Plan] = {}
    any_playable = any(o.playable for o in opts)
    for o in opts:
        card = o.card
        how = "chain" if o.chain else "paid"
        for left, right in o.build:
            plans[(BUILD, card, left, right)] = (BUILD, card, left, right, o.bank, how)
        if free_city and o.chain:
            continue
        for left, right in o.wonder:
            plans[(WONDER, card, left, right)] = (WONDER, card, left, right, 0, "")
        if o.olympia:
            plans[(OLYMPIA, card, -1, -1)] = (OLYMPIA, card, 0, 0, 0, "olympia")
    if discard:
        for o in opts:
            if not (free_city and (o.chain or any_playable)):
                plans[(DISCARD, o.card, -1, -1)] = (DISCARD, o.card, 0, 0, 0, "")
    return plans


def action_of(key: tuple, free_city: bool = False) -> dict[str, Any]:
    """The interface dict of an action key."""
    kind, card, left, right = key
    action: dict[str, Any] = {"type": TYPES[kind], "card": C.CARD_ID[card]}
    if kind in (BUILD, WONDER):
        action["left"] = left
        action["right"] = right
    if free_city:
        action["free_city"] = True
    return action


def parse(action: Any) -> tuple[tuple, bool]:
    """An interface action to (key, free_city), or IllegalAction-worthy ValueError with a reason."""
    if not isinstance(action, dict):
        raise ValueError("an action is a dict with a 'type'")
    kind_name = action.get("type")
    kind = TYPE_INDEX.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise ValueError(f"unknown action type {action.get('type')!r}; known: {list(TYPES)}")
    extra = action.keys() - _FIELDS[kind]
    if extra:
        raise ValueError(f"unexpected fields for a {TYPES[kind]!r} action: {sorted(extra)}")
    card_id = action.get("card")
    card = C.CARD_INDEX.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise ValueError(f"unknown card {action.get('card')!r}")
    free_city = action.get("free_city", False)
    if not isinstance(free_city, bool):
        raise ValueError("'free_city' must be true or false")
    left = right = -1
    if kind in (BUILD, WONDER):
        left, right = action.get("left"), action.get("right")
        for value in (left, right):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError("'left' and 'right' must be the coins paid to each neighbour (ints >= 0)")
    return (kind, card, left, right), free_city
