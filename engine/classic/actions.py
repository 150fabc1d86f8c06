"""What a city may do now (action choices): every card's build / wonder / discard options and payments.

Costs are paid from the city's own production (fixed units, then one-of cards, including yellow cards
and Alexandria's stages), then by buying from the two neighbours, whose sellable production is their
board resource and their brown and grey cards only. Payments come from :mod:`engine.classic.pricing`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple, cast

from engine.api import IllegalAction
from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.pricing import UNKNOWN, Coins, Priced, Pricer, TradingContext
from engine.classic.readings import late_discounts
from engine.classic.rebates import (
    EFFECT_ABILITY,
    EXTRA_UNITS,
    NO_STORY,
    PURCHASE_ABILITIES,
    WHARVES,
    Story,
    available_effects,
    story_of,
    subsets,
    ways,
    wharf_payments,
)
from engine.classic.state import (
    ACTION_TYPES,
    BABYLON,
    BUILD,
    COPY,
    COPY_GUILD,
    DEBT,
    DISCARD,
    HALI,
    HALICARNASSUS,
    OLYMPIA,
    OVER,
    PAY,
    TURN,
    WONDER,
    Plan,
    State,
)
from engine.memo import BoundedMemo

TYPE_INDEX = {t: i for i, t in enumerate(ACTION_TYPES)}
_FIELDS = tuple(frozenset({"type", "card", "free_city", *(("left", "right") if k in (BUILD, WONDER) else ())})
                if k != PAY else frozenset({"type", "coins"}) for k in range(len(ACTION_TYPES)))
DISCARD_COINS = 3
PAID_KINDS = frozenset({BUILD, WONDER})  # the kinds whose actions name the coins paid to each neighbour
FREE = (Coins(0, 0),)


class ActionKey(NamedTuple):
    """An action as the rules see it: its kind, card and (for builds and stages) the coins to each
    neighbour (``-1`` for the kinds that pay nothing)."""

    kind: int
    card: int
    left: int
    right: int


class CardOptions(NamedTuple):
    """Everything a city may do with one card of its hand."""

    card: int
    build: tuple[Coins, ...]  # every payment, cheapest first
    bank: int  # coins paid to the bank when building (0 through a chain)
    build_reason: str | None
    chain: bool
    wonder: tuple[Coins, ...]
    wonder_reason: str | None
    olympia: bool
    wonder_bank: int = 0  # coins paid to the bank for the next stage (Petra)

    @property
    def playable(self) -> bool:
        """Buildable, usable for a stage, or buildable for free with Olympia."""
        return bool(self.build or self.wonder or self.olympia)


# The legal actions of a decision, in legal_actions order: each key with its card's options (None for
# the steps that only name a card: Halicarnassus, guild copy). plan_of turns the chosen one into a Plan.
Legal = Mapping[ActionKey, "CardOptions | None"]


HOW = {OLYMPIA: "olympia", HALI: "halicarnassus"}  # how a free structure is obtained


def plan_of(key: ActionKey, options: CardOptions | None) -> Plan:
    """What the legal action ``key`` does (its card's ``options`` give a build's bank coins and how)."""
    kind, card, left, right = key
    new = tuple.__new__  # Plan(...) without its keyword-handling __new__ (the hot path)
    if kind == BUILD and options is not None:
        return new(Plan, (BUILD, card, left, right, options.bank, "chain" if options.chain else "paid"))
    if kind == WONDER:
        return new(Plan, (WONDER, card, left, right, options.wonder_bank if options is not None else 0, ""))
    if kind == PAY:
        return Plan(PAY, -1, left, 0, 0, "")
    return new(Plan, (kind, card, 0, 0, 0, HOW.get(kind, "")))


def known_plan(state: State, city: int, key: ActionKey) -> Plan:
    """The plan of ``key`` for ``city``'s turn, read from the state without listing the legal actions:
    for an action known to be legal (a play replayed in a sampled world), what :func:`plan_of` gives."""
    kind, card, left, right = key
    if kind == BUILD:
        names = state.names[city]
        chain = any(name in names for name in C.CARD_FREE_WITH[card])
        if chain:
            return Plan(BUILD, card, left, right, 0, "chain")
        return Plan(BUILD, card, left, right, C.CARD_COINS[card], "paid")
    if kind == WONDER:
        bank = C.BS_COINS[state.boards[city]][state.stages[city]] if state.cities else 0
        return Plan(WONDER, card, left, right, bank, "")
    return Plan(kind, card, 0, 0, 0, HOW.get(kind, ""))


def discounts(state: State, city: int, late: bool = False) -> list[int]:
    """The resources ``city`` buys at 1 coin ([left mask, right mask]).

    During a turn nothing changes before the reveal, so purchases see the neighbours as they were at the
    start of the turn; ``late`` purchases (Babylon B's 7th card) use readings.late_discounts.
    """
    cheap = state.cheap[city]
    return late_discounts(cheap, state.cheap_at_turn_start[city]) if late else cheap


def rebates(state: State, city: int) -> tuple[int, int]:
    """Cities, Smuggler's Cache: the masks ([left, right]) of resources ``city`` buys at 1 coin less (each
    neighbour's starting resource)."""
    if "smugglers_cache" not in state.abilities[city]:
        return 0, 0
    left, right = state.left(city), state.right(city)
    return (1 << C.BOARD_RESOURCE[state.boards[left] // 2], 1 << C.BOARD_RESOURCE[state.boards[right] // 2])


def purchase_effects(state: State, city: int) -> int:
    """Cities: the once-per-turn purchase effects ``city`` may still use this turn (see rebates)."""
    return available_effects(state.abilities[city], state.spent[city])


# Per mask of purchase effects, the extra-unit abilities (Secret Warehouse, Black Market) a purchase with
# those effects leaves out: those not in the mask.
_LEFT_OUT = tuple(frozenset(EFFECT_ABILITY[bit] for bit in EFFECT_ABILITY
                            if bit & EXTRA_UNITS and not bit & mask)
                  for mask in range(1 << len(EFFECT_ABILITY)))


def pricer(state: State, city: int, cheap: list[int], effects: int | None = None) -> Pricer:
    """The :class:`Pricer` of ``city`` now, buying at 1 coin the resources of ``cheap`` ([left, right]);
    Cities: with the extra units of the purchase ``effects`` (default: those still available)."""
    return Pricer(trading_context(state, city, cheap, effects))


def trading_context(state: State, city: int, cheap: list[int], effects: int | None = None) -> TradingContext:
    """What the payments of ``city`` now depend on (see :func:`pricer`)."""
    left, right = state.left(city), state.right(city)
    for_sale, sale_choices = state.for_sale, state.sale_choices
    if state.cities:
        rebate = rebates(state, city)
        without = _LEFT_OUT[purchase_effects(state, city) if effects is None else effects]
        return TradingContext(
            tuple(state.production[city]), tuple(state.own_choices_now(city, without)), tuple(for_sale[left]),
            tuple(state.sale_choices_now(left)), cheap[0], tuple(for_sale[right]),
            tuple(state.sale_choices_now(right)), cheap[1], rebate[0], rebate[1])
    return tuple.__new__(TradingContext, (
        tuple(state.production[city]), tuple(state.own_choices[city]), tuple(for_sale[left]),
        tuple(sale_choices[left]), cheap[0], tuple(for_sale[right]), tuple(sale_choices[right]), cheap[1],
        0, 0))


def payments(prices: Pricer, need: tuple[int, ...], budget: int, wharves: int = 0,
             ) -> tuple[tuple[Coins, ...], str | None]:
    """Every affordable payment of ``need``, cheapest first, or a reason why there is none (``wharves``:
    the Clandestine Wharves available, mask of rebates.WHARF_LEFT / WHARF_RIGHT)."""
    if wharves:
        found_ways = ways(prices.context, need)
        if found_ways is None:
            return FREE, None
        if not found_ways:
            return (), "the resources cannot be produced or bought"
        out = tuple(pay for pay in wharf_payments(found_ways, wharves) if pay.left + pay.right <= budget)
        return out, (None if out else "not enough coins to buy the resources")
    found = prices.payments(need)
    if found is None:
        return FREE, None
    if not found.payments:
        return (), "the resources cannot be produced or bought"
    affordable = bisect_right(found.totals, budget)  # cheapest first: the affordable ones lead
    if affordable == len(found.totals):
        return found.payments, None
    if not affordable:
        return (), "not enough coins to buy the resources"
    return found.payments[:affordable], None


def _wharves(state: State, city: int) -> int:
    return purchase_effects(state, city) & WHARVES if state.cities else 0


def card_build(state: State, city: int, card: int, prices: Pricer,
               wharves: int | None = None) -> tuple[tuple[Coins, ...], int, str | None, bool]:
    """(payments, bank coins, reason, chain) to build ``card`` in ``city`` (``wharves``: the available
    Clandestine Wharves, default looked up)."""
    names = state.names[city]
    if C.CARD_NAME_IDX[card] in names:
        return (), 0, "already built", False
    for name in C.CARD_FREE_WITH[card]:
        if name in names:
            return FREE, 0, None, True
    bank = C.CARD_COINS[card]
    coins = state.coins[city]
    if bank > coins:
        return (), bank, "not enough coins", False
    found, reason = payments(prices, C.CARD_NEED[card], coins - bank,
                             _wharves(state, city) if wharves is None else wharves)
    return found, bank, reason, False


def stage_payments(state: State, city: int, prices: Pricer) -> tuple[tuple[Coins, ...], str | None, int]:
    """Payments for the next wonder stage of ``city`` (or a reason) and its coins to the bank (Petra).

    Cities, Architect Firm: the stage costs no resources (its coins are still paid)."""
    board_side = state.boards[city]
    built = state.stages[city]
    if built >= C.BS_STAGES[board_side]:
        return (), "the wonder is complete", 0
    if not state.cities:
        found, reason = payments(prices, C.BS_NEED[board_side][built], state.coins[city])
        return found, reason, 0
    bank = C.BS_COINS[board_side][built]
    if bank > state.coins[city]:
        return (), "not enough coins", bank
    if "architect_firm" in state.abilities[city]:
        return FREE, None, bank
    found, reason = payments(prices, C.BS_NEED[board_side][built], state.coins[city] - bank,
                             _wharves(state, city))
    return found, reason, bank


def purchase_story(state: State, city: int, plan: Plan, late: bool = False) -> Story:
    """Cities: what the purchase of a legal ``plan`` of ``city`` uses and receives (before it is placed): the
    fewest once-per-turn effects that pay it (the buyer keeps the others for a later purchase of the turn)
    and its rebates (Smuggler's Cache, the wharves)."""
    if not state.cities or plan.kind not in PAID_KINDS or plan.how == "chain":
        return NO_STORY
    if not state.abilities[city] & PURCHASE_ABILITIES:
        return NO_STORY
    if plan.kind == WONDER:
        if "architect_firm" in state.abilities[city]:
            return NO_STORY
        need = C.BS_NEED[state.boards[city]][state.stages[city]]
    else:
        need = C.CARD_NEED[plan.card]
    effects = purchase_effects(state, city)
    cheap = discounts(state, city, late)
    pay = Coins(plan.left, plan.right)
    for units in subsets(effects & EXTRA_UNITS):
        told = story_of(ways(pricer(state, city, cheap, units | effects & WHARVES).context, need),
                        effects & WHARVES, pay)
        if told is not None:
            return Story(units | told[0], told[1])
    return NO_STORY


def olympia_ready(state: State, city: int) -> bool:
    """Olympia A stage 2 built and its free build not yet used this age."""
    return state.has_ability(city, "olympia_free") and state.olympia_used[city] != state.age


def hand_options(state: State, city: int, cards: list[int], late: bool = False) -> list[CardOptions]:
    """Options of ``city`` for each distinct card of ``cards`` (in hand order): those of
    :func:`hand_legal`, the fast path of :func:`hand_options_plain` (the same answers,
    ``tests/engine/classic/test_pricing.py``)."""
    return hand_legal(state, city, cards, late).options


def hand_legal(state: State, city: int, cards: list[int], late: bool = False) -> HandLegal:
    """The legal actions of ``city`` (its own rules, not the Free City's) for ``cards``, and each
    distinct card's options (:func:`hand_options`).

    The fast path of the base game: each cost's payments come from the city's trading cache
    (``State.trading``, a :class:`engine.classic.pricing.CityTrade`: one dict lookup per cost while
    the city's trading context stays the same), without the per-card calls of :func:`card_build`, and
    the interface dicts of the actions are gathered in the same pass (copied out by
    :meth:`HandLegal.actions`).
    """
    cheap = discounts(state, city, late)
    if state.cities or cheap is not state.cheap[city]:
        return HandLegal(_options_of(state, city, cards, pricer(state, city, cheap), card_build))
    trade = state.trade(city)
    known = trade.known
    coins = state.coins[city]
    board, built = state.boards[city], state.stages[city]
    wonder: tuple[Coins, ...] = ()
    if built >= C.BS_STAGES[board]:
        wonder_reason: str | None = "the wonder is complete"
    else:
        wonder, wonder_reason = FREE, None
        need = C.BS_NEED_NO[board][built]
        if need >= 0:
            found = known.get(need, UNKNOWN)
            if found is UNKNOWN:
                found = trade.payments(need, trading_context, state, city, cheap)
            if found is not None:
                wonder, wonder_reason = _affordable(found, coins)
    olympia = "olympia_free" in state.abilities[city] and olympia_ready(state, city)
    new = tuple.__new__  # CardOptions(...) without its keyword-handling __new__ (the hot path)
    names = state.names[city]
    facts = C.CARD_FACTS
    made = _PAID_DICTS.entries  # the memo's fast path: one dict lookup
    out = []
    dicts: list[dict[str, Any]] = []  # the interface dicts of the builds, stages and Olympia builds
    for card in dict.fromkeys(cards):
        name, chained_by, bank, need = facts[card]
        if name in names:
            out.append(new(CardOptions, (card, (), 0, "already built", False, wonder, wonder_reason, False,
                                         0)))
            build: tuple[Coins, ...] = ()
        elif chained_by and not names.isdisjoint(chained_by):
            out.append(new(CardOptions, (card, FREE, 0, None, True, wonder, wonder_reason, olympia, 0)))
            build = FREE
        elif bank > coins:
            out.append(new(CardOptions, (card, (), bank, "not enough coins", False, wonder, wonder_reason,
                                         olympia, 0)))
            build = ()
        else:
            build = FREE
            reason = None
            if need >= 0:
                found = known.get(need, UNKNOWN)
                if found is UNKNOWN:
                    found = trade.payments(need, trading_context, state, city, cheap)
                if found is not None:
                    build = found.payments
                    if not build or found.totals[-1] > coins - bank:
                        build, reason = _affordable(found, coins - bank)
            out.append(new(CardOptions, (card, build, bank, reason, False, wonder, wonder_reason, olympia,
                                         0)))
        if build or wonder:
            dicts += _card_dicts(made, card, build, wonder)
        if olympia and name not in names:
            dicts.append(_OLYMPIA_DICTS[card])
    discards = _DISCARD_DICTS
    dicts += [discards[o[0]] for o in out]
    return HandLegal(out, False, dicts)


def _affordable(found: Priced, budget: int) -> tuple[tuple[Coins, ...], str | None]:
    """The payments of ``found`` within ``budget`` (cheapest first), or a reason why there is none."""
    payments_found = found.payments
    if not payments_found:
        return (), "the resources cannot be produced or bought"
    totals = found.totals
    if totals[-1] <= budget:
        return payments_found, None
    affordable = bisect_right(totals, budget)
    if not affordable:
        return (), "not enough coins to buy the resources"
    return payments_found[:affordable], None


def hand_options_plain(state: State, city: int, cards: list[int], late: bool = False) -> list[CardOptions]:
    """Options of ``city`` for each distinct card of ``cards`` (in hand order), card by card through
    :func:`card_build`: the plain path :func:`hand_options` must agree with."""
    return _options_of(state, city, cards, pricer(state, city, discounts(state, city, late)), card_build)


CardBuild = Callable[[State, int, int, Pricer], tuple[tuple[Coins, ...], int, str | None, bool]]


def _options_of(state: State, city: int, cards: list[int], prices: Pricer,
                build_of: CardBuild) -> list[CardOptions]:
    wonder, wonder_reason, wonder_bank = stage_payments(state, city, prices)
    olympia = olympia_ready(state, city)
    out = []
    for card in dict.fromkeys(cards):
        build, bank, reason, chain = build_of(state, city, card, prices)
        free = olympia and reason != "already built"
        out.append(CardOptions(card, build, bank, reason, chain, wonder, wonder_reason, free, wonder_bank))
    return out


def legal_of(options: list[CardOptions], free_city: bool = False) -> HandLegal:
    """The legal actions for a list of card options, in legal_actions order (a :class:`HandLegal`).

    ``free_city`` applies the Free City's rules: a card it can build through a chain must be built that
    way, and it may discard only if no card of the hand is playable.
    """
    return HandLegal(options, free_city)


class HandLegal(Mapping[ActionKey, CardOptions]):
    """The legal actions of a hand, read from its cards' options: every build and stage payment of each
    card, its Olympia build, then every discard. Keys are made only when iterated: a membership test
    and :meth:`actions` (what legal_actions returns) read the options directly, so a hand's every
    payment split costs no key until someone asks for the keys.
    """

    __slots__ = ("dicts", "free_city", "no_discard", "options")

    def __init__(self, options: list[CardOptions], free_city: bool = False,
                 dicts: list[dict[str, Any]] | None = None) -> None:
        self.options = options
        self.free_city = free_city
        # The Free City discards only when no card is playable.
        self.no_discard = free_city and any(o.playable for o in options)
        self.dicts = dicts  # the interface dicts of every key, in order, if made already (hand_legal)

    def _stages(self, o: CardOptions) -> bool:
        """Whether ``o``'s card may go to a stage or the Olympia build (not a Free City chain)."""
        return not (self.free_city and o.chain)

    def __contains__(self, key: object) -> bool:
        return self.find(key) is not None

    def find(self, key: object) -> CardOptions | None:
        """The options of ``key``'s card if ``key`` is legal, else None (membership and lookup at once)."""
        if not isinstance(key, tuple) or len(key) != 4:
            return None
        kind, card, left, right = key
        for o in self.options:
            if o[0] == card:
                break
        else:
            return None
        if kind == BUILD:
            return o if (left, right) in o.build else None
        if kind == WONDER:
            return o if self._stages(o) and (left, right) in o.wonder else None
        if left != -1 or right != -1:
            return None
        if kind == OLYMPIA:
            return o if self._stages(o) and o.olympia else None
        if kind == DISCARD:
            return None if self.free_city and (o.chain or self.no_discard) else o
        return None

    def __getitem__(self, key: ActionKey) -> CardOptions:
        found = self.find(key)
        if found is None:
            raise KeyError(key)
        return found

    def __iter__(self) -> Iterator[ActionKey]:
        new = tuple.__new__
        for o in self.options:
            card = o.card
            for left, right in o.build:
                yield new(ActionKey, (BUILD, card, left, right))
            if not self._stages(o):
                continue
            for left, right in o.wonder:
                yield new(ActionKey, (WONDER, card, left, right))
            if o.olympia:
                yield new(ActionKey, (OLYMPIA, card, -1, -1))
        for o in self.options:
            if not (self.free_city and (o.chain or self.no_discard)):
                yield new(ActionKey, (DISCARD, o.card, -1, -1))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def actions(self) -> list[dict[str, Any]]:
        """The interface dicts of every key, in order (``[action_of(k, free_city) for k in self]``)."""
        if self.free_city:
            return [action_of(key, True) for key in self]
        if self.dicts is not None:
            return list(map(dict.copy, self.dicts))  # the caller's own dicts
        made = _PAID_DICTS.entries  # the memo's fast path: one dict lookup
        out: list[dict[str, Any]] = []
        for card, build, _, _, _, wonder, _, olympia, _ in self.options:
            if build or wonder:
                out += _card_dicts(made, card, build, wonder)
            if olympia:
                out.append(_OLYMPIA_DICTS[card])
        discards = _DISCARD_DICTS
        out += [discards[o[0]] for o in self.options]
        return list(map(dict.copy, out))  # the caller's own dicts


def single_card(kind: int, cards: list[int]) -> Legal:
    """The legal actions of a pending step that only names a card (Halicarnassus, guild copy)."""
    return {ActionKey(kind, card, -1, -1): None for card in cards}


def pay_options(due: int, coins: int) -> Legal:
    """Cities: the ways to settle a coin loss of ``due`` holding ``coins``: the coins paid (the rest is
    taken as debt), paying as much as possible first."""
    return {ActionKey(PAY, -1, paid, -1): None for paid in range(min(due, coins), -1, -1)}


def action_of(key: ActionKey, free_city: bool = False) -> dict[str, Any]:
    """The interface dict of an action key."""
    kind, card, left, right = key
    if kind == PAY:
        return {"type": ACTION_TYPES[PAY], "coins": left}
    action: dict[str, Any] = {"type": ACTION_TYPES[kind], "card": C.CARD_ID[card]}
    if kind in PAID_KINDS:
        action["left"] = left
        action["right"] = right
    if free_city:
        action["free_city"] = True
    return action


def _card_dicts(made: dict[Any, tuple[dict[str, Any], ...]], card: int, build: tuple[Coins, ...],
                wonder: tuple[Coins, ...]) -> list[dict[str, Any]]:
    """The interface dicts of a card's builds then its stage builds (``made``: the memo's entries, read in
    place; a missing answer is asked of the memo)."""
    out: list[dict[str, Any]] = []
    if build:
        found = made.get((card, BUILD, build))
        out += _PAID_DICTS((card, BUILD, build)) if found is None else found
    if wonder:
        found = made.get((card, WONDER, wonder))
        out += _PAID_DICTS((card, WONDER, wonder)) if found is None else found
    return out


def _paid_dicts(key: tuple[int, int, tuple[Coins, ...]]) -> tuple[dict[str, Any], ...]:
    """The interface dicts of a card's payments for a build or a stage (``key``: card, kind, payments)."""
    card, kind, paid = key
    return tuple(action_of(ActionKey(kind, card, left, right)) for left, right in paid)


# The interface dicts of the hand's actions, made once and copied out by HandLegal.actions (a copy of a
# small dict costs less than building it): per (card, kind, payments), and each card's Olympia build
# and discard.
_PAID_DICTS: BoundedMemo[tuple[int, int, tuple[Coins, ...]], tuple[dict[str, Any], ...]] = BoundedMemo(
    _paid_dicts, 1 << 14)
_OLYMPIA_DICTS = tuple(action_of(ActionKey(OLYMPIA, card, -1, -1)) for card in range(C.N_CARDS))
_DISCARD_DICTS = tuple(action_of(ActionKey(DISCARD, card, -1, -1)) for card in range(C.N_CARDS))


def actions_of(legal: Legal, free_city: bool = False) -> list[dict[str, Any]]:
    """The interface dicts of every key of ``legal``, in order (``[action_of(k, free_city) for k in
    legal]``; a hand's legal actions build them from its options, :meth:`HandLegal.actions`)."""
    if isinstance(legal, HandLegal) and legal.free_city == free_city:
        return legal.actions()
    return [action_of(key, free_city) for key in legal]


def parse(action: Any) -> tuple[ActionKey, bool]:
    """An interface action to (key, free_city), or ValueError with a reason."""
    if type(action) is dict:  # the usual shapes first: a payment's four fields, a card's two
        size = len(action)
        if size == 4:
            kind_name, card_id, left, right = action.get("type"), action.get("card"), action.get("left"), \
                action.get("right")
            if (type(kind_name) is str and type(card_id) is str and type(left) is int
                    and type(right) is int and left >= 0 and right >= 0):  # ints, not bools
                kind, card = TYPE_INDEX.get(kind_name), C.CARD_INDEX.get(card_id)
                if kind in PAID_KINDS and card is not None:
                    return tuple.__new__(ActionKey, (kind, card, left, right)), False
        elif size == 2:
            kind_name, card_id = action.get("type"), action.get("card")
            if type(kind_name) is str and type(card_id) is str:
                kind, card = TYPE_INDEX.get(kind_name), C.CARD_INDEX.get(card_id)
                if kind is not None and kind != PAY and kind not in PAID_KINDS and card is not None:
                    return tuple.__new__(ActionKey, (kind, card, -1, -1)), False
    if not isinstance(action, dict):
        raise ValueError("an action is a dict with a 'type'")
    kind_name = action.get("type")
    kind = TYPE_INDEX.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise ValueError(f"unknown action type {action.get('type')!r}; known: {list(ACTION_TYPES)}")
    extra = action.keys() - _FIELDS[kind]
    if extra:
        raise ValueError(f"unexpected fields for a {ACTION_TYPES[kind]!r} action: {sorted(map(str, extra))}")
    if kind == PAY:
        paid = action.get("coins")
        if type(paid) is not int or paid < 0:  # noqa: E721 (an int, not a bool)
            raise ValueError("'coins' must be the coins paid of the loss (an int >= 0)")
        return ActionKey(PAY, -1, paid, -1), False
    card_id = action.get("card")
    card = C.CARD_INDEX.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise ValueError(f"unknown card {action.get('card')!r}")
    free_city = action.get("free_city", False)
    if not isinstance(free_city, bool):
        raise ValueError("'free_city' must be true or false")
    if kind not in PAID_KINDS:
        return ActionKey(kind, card, -1, -1), free_city
    left, right = action.get("left"), action.get("right")
    if (type(left) is not int or type(right) is not int  # noqa: E721 (an int, not a bool)
            or left < 0 or right < 0):
        raise ValueError("'left' and 'right' must be the coins paid to each neighbour (ints >= 0)")
    return ActionKey(kind, card, left, right), free_city



# --- one action, decoded once ---------------------------------------------------------------------------

FREE_CITY = 2  # the Free City's city index (2 seats)
KNOWN_KINDS = frozenset({BUILD, WONDER, DISCARD, OLYMPIA})  # the turn's plays decode_known takes on trust

# The legal actions of the current decisions, kept by the game until the state changes: a seat's own hand
# by its number, the Free City's and a pending step's by a tuple.
LegalCache = dict[int | tuple[str, int], Legal]


class Decoded(NamedTuple):
    """One seat's wire action checked whole against the rules now (:func:`decode`): the one value that
    :func:`engine.classic.resolve.resolve_decoded` carries out.

    Immutable with named fields, like :class:`ActionKey` and ``Plan``: a NamedTuple rather than a frozen
    dataclass because one is made per action, on the compiled fast path, where a frozen dataclass's
    ``__init__`` (Python code, a ``object.__setattr__`` per field) costs some 20 times more than
    ``tuple.__new__``, enough to slow random games by about 10 %."""

    seat: int
    decision: str  # what it answers: TURN (a turn's secret choice), DEBT, or the pending step's phase
    key: ActionKey  # the legal entry it matches: its kind, card and coins to each neighbour
    free_city: bool  # a choice for the Free City (2 seats, by its controller)
    action: dict[str, Any]  # its canonical wire form, as logged and revealed
    plan: Plan  # what it does: coins to each neighbour and to the bank, how a structure is obtained

    @property
    def kind(self) -> int:
        """The action's kind (an index of ``ACTION_TYPES``)."""
        return self.key.kind

    @property
    def card(self) -> int:
        """The card it plays or names (``-1`` for a payment of a coin loss)."""
        return self.key.card


def is_seat(seat: object) -> bool:
    """A seat number is a plain int (a bool or a float is never a seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool)


def acting(state: State, seat: Any) -> bool:
    """True if ``seat`` has a choice to make now (one of the game's ``to_act``, without the list)."""
    if not is_seat(seat):
        return False
    phase = state.phase
    if phase == TURN:
        return 0 <= seat < state.seats
    if phase == DEBT:
        return 0 <= seat < state.seats and state.debt_due[seat] > 0
    return phase != OVER and seat == state.seat_of(state.queue[0].city)


def own_legal(state: State, seat: int, cache: LegalCache) -> HandLegal:
    """The legal actions of ``seat`` for its own city this turn (kept in ``cache`` by the seat's number)."""
    legal = cache.get(seat)
    if legal is None:
        legal = cache[seat] = hand_legal(state, seat, state.hands[seat])
    return cast(HandLegal, legal)  # a seat's number always holds a HandLegal


def free_city_hand(state: State) -> list[int]:
    """The controller's hand without the card it chose for its own city."""
    own = state.choices[state.controller]
    hand = list(state.hands[state.controller])
    if own is not None:
        hand.remove(own.plan.card)
    return hand


def free_city_legal(state: State, cache: LegalCache) -> HandLegal:
    """The controller's legal actions for the Free City (its hand minus its own card; kept in ``cache``)."""
    own = state.choices[state.controller]
    key = ("free_city", -1 if own is None else own.plan.card)
    legal = cache.get(key)
    if legal is None:
        options = hand_options(state, FREE_CITY, free_city_hand(state))
        legal = cache[key] = legal_of(options, free_city=True)
    return cast(HandLegal, legal)  # the Free City's key always holds a HandLegal


def halicarnassus_cards(state: State, city: int) -> list[int]:
    """Distinct discarded cards ``city`` may build for free (no duplicate structure), by card: the order
    of the pile is secret."""
    names = state.names[city]
    blacks = R.DISCARD_BUILD_TAKES_BLACK_CARDS
    return sorted({c for c in state.discard
                   if C.CARD_NAME_IDX[c] not in names and (blacks or not C.IS_BLACK[c])})


def copy_options(state: State, city: int) -> list[int]:
    """Distinct guilds of the two neighbours that Olympia B may copy."""
    found = [c for nb in (state.left(city), state.right(city)) for c in state.built[nb] if C.IS_GUILD[c]]
    return list(dict.fromkeys(sorted(found)))


def pending_legal(state: State, cache: LegalCache) -> Legal:
    """The legal actions of the pending single-seat step (Halicarnassus, Babylon, guild copy; kept in
    ``cache``)."""
    key = ("pending", 0)
    legal = cache.get(key)
    if legal is not None:
        return legal
    kind, city = state.queue[0]
    if kind == HALICARNASSUS:
        legal = single_card(HALI, halicarnassus_cards(state, city))
    elif kind == COPY_GUILD:
        legal = single_card(COPY, copy_options(state, city))
    else:
        options = hand_options(state, city, state.hands[state.seat_of(city)], late=True)
        legal = {k: o for k, o in legal_of(options).items() if k.kind in (BUILD, WONDER, DISCARD)}
    cache[key] = legal
    return legal


def current_legal(state: State, seat: int, cache: LegalCache) -> tuple[Legal, bool]:
    """The legal actions of ``seat``'s next decision (``seat`` acting) and whether it is for the Free
    City."""
    phase = state.phase
    if phase == TURN:
        if (state.two and seat == state.controller and state.choices[seat] is not None
                and state.free_city_choice is None):
            return free_city_legal(state, cache), True
        return own_legal(state, seat, cache), False
    if phase == DEBT:
        return pay_options(state.debt_due[seat], state.coins[seat]), False
    return pending_legal(state, cache), state.queue[0].city >= state.seats


def seat_actions(state: State, seat: Any, cache: LegalCache) -> list[dict[str, Any]]:
    """The interface dicts of every legal action of ``seat`` now; ``[]`` if it has no choice."""
    if not acting(state, seat):
        return []
    legal, free_city = current_legal(state, seat, cache)
    return actions_of(legal, free_city)


def decode(state: State, seat: Any, wire: Any, cache: LegalCache) -> Decoded:
    """``seat``'s interface action ``wire`` read and checked whole against the rules now: its kind, card,
    plan of payment and the legal entry it matches, as one :class:`Decoded`; or
    :class:`engine.api.IllegalAction` with the reason. The state is left untouched (``cache`` may gain the
    legal actions it listed)."""
    phase = state.phase
    if phase == OVER:
        raise IllegalAction("the game is over")
    if not acting(state, seat):
        raise IllegalAction(f"seat {seat} has nothing to choose now")
    try:
        key, free_city = parse(wire)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    if phase == TURN:
        if free_city:
            if not state.two or seat != state.controller:
                raise IllegalAction("you do not control the Free City this turn")
            if state.choices[seat] is None:
                raise IllegalAction("choose the card for your own city first, then the Free City's")
            legal = free_city_legal(state, cache)
        else:
            legal = own_legal(state, seat, cache)
        options = legal.find(key)  # the options of key's card, None if key is not legal
        if options is None:
            raise IllegalAction(reason(state, seat, key, free_city))
        # Decoded(...) without its keyword-handling __new__ (the hot path)
        return tuple.__new__(Decoded, (seat, TURN, key, free_city, action_of(key, free_city),
                                       plan_of(key, options)))
    if phase == DEBT:
        if key not in pay_options(state.debt_due[seat], state.coins[seat]):
            raise IllegalAction(reason(state, seat, key, False))
        return Decoded(seat, DEBT, key, False, action_of(key), plan_of(key, None))
    pending = pending_legal(state, cache)
    expected_free_city = state.queue[0].city >= state.seats
    if free_city != expected_free_city:
        raise IllegalAction("this choice is for "
                            + ("the Free City" if expected_free_city else "your own city"))
    if key not in pending:
        raise IllegalAction(reason(state, seat, key, free_city))
    return Decoded(seat, phase, key, free_city, action_of(key, free_city), plan_of(key, pending[key]))


def decode_known(state: State, seat: Any, wire: Any, cache: LegalCache) -> Decoded:
    """:func:`decode` for an action known to be legal (a play of a consistent world replayed by
    :mod:`engine.classic.sample`): a turn's own build, stage, discard or Olympia build of a card the seat
    holds is decoded from the state (:func:`known_plan`) without listing every legal action; anything else
    goes through :func:`decode`. The same value as :func:`decode` for a legal action."""
    if state.phase != TURN or state.two or not acting(state, seat) or state.choices[seat] is not None:
        return decode(state, seat, wire, cache)
    try:
        key, free_city = parse(wire)
    except ValueError as err:
        raise IllegalAction(str(err)) from None
    if free_city or key.kind not in KNOWN_KINDS or key.card not in state.hands[seat]:
        return decode(state, seat, wire, cache)
    return tuple.__new__(Decoded, (seat, TURN, key, False, action_of(key), known_plan(state, seat, key)))


def reason(state: State, seat: int, key: ActionKey, free_city: bool) -> str:
    """A readable reason why ``key`` is not among ``seat``'s legal actions now."""
    kind, card, left, right = key
    if state.phase == DEBT:
        if kind != PAY:
            return "settle your coin loss first, with a 'pay_debt' action"
        most = min(state.debt_due[seat], state.coins[seat])
        return f"pay from 0 to {most} coins of your loss of {state.debt_due[seat]} (the rest is debt)"
    if kind == PAY:
        return "there is no coin loss to settle now"
    cid = C.CARD_ID[card]
    phase = state.phase
    expected = {HALICARNASSUS: HALI, COPY_GUILD: COPY}.get(phase)
    if expected is not None and kind != expected:
        return f"now choose with a {ACTION_TYPES[expected]!r} action"
    if phase == HALICARNASSUS:
        return f"{cid} is not in the discard pile or is already built in your city"
    if phase == COPY_GUILD:
        return f"{cid} is not a guild of one of your neighbours"
    hand = free_city_hand(state) if free_city else list(state.hands[seat])
    if card not in hand:
        return f"{cid} is not in your hand"
    if kind not in (BUILD, WONDER, DISCARD) or (phase == BABYLON and kind == OLYMPIA):
        if kind == OLYMPIA:
            return "the Olympia free build is not available now"
        return f"a {ACTION_TYPES[kind]!r} action is not possible now"
    city = FREE_CITY if free_city else seat
    option = hand_options(state, city, [card], late=phase == BABYLON)[0]
    if kind == DISCARD:
        return "the Free City may discard only when it cannot play any card, nor a card it can chain"
    if free_city and option.chain and kind != BUILD:
        return f"the Free City must build {cid} for free through its chain"
    if free_city and not option.playable:
        return "the Free City must play a card it can build or use for its wonder"
    if kind == BUILD and not option.build:
        return f"you cannot build {cid}: {option.build_reason}"
    if kind == WONDER and not option.wonder:
        return f"you cannot build a wonder stage: {option.wonder_reason}"
    offers = option.build if kind == BUILD else option.wonder
    listed = ", ".join(f"left {a} / right {b}" for a, b in offers)
    return f"that payment (left {left} / right {right}) is not offered; possible: {listed}"
