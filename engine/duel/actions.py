"""Legal actions, their validation and their application, as functions over the state."""

from __future__ import annotations

from typing import Any

from engine.api import IllegalAction
from engine.duel.effects import (
    construct,
    gain_token,
    mausoleum_build,
    pay_trade,
    remove_card,
    wonder_effects,
)
from engine.duel.flow import Events, draft, finish_turn, start_age, take
from engine.duel.material import (
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    ECONOMY,
    TOKEN_IDS,
    TOKEN_INDEX,
    WONDER_IDS,
    WONDER_INDEX,
    WONDERS,
    YELLOW,
)
from engine.duel.pricing import CARD_NEEDS, WONDER_NEEDS, paid
from engine.duel.state import (
    ACTION_TYPES,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS,
    TURN,
    City,
    DuelState,
    OwnedWonder,
)

Action = dict[str, Any]
TURN_TYPES = ACTION_TYPES[TURN]
# The fields each action type has: an action with any other field is refused (nothing is silently ignored).
FIELDS: dict[str, frozenset[str]] = {
    "build": frozenset({"type", "card"}), "discard": frozenset({"type", "card"}),
    "wonder": frozenset({"type", "card", "wonder"}), "draft_wonder": frozenset({"type", "wonder"}),
    "progress": frozenset({"type", "token"}), "destroy": frozenset({"type", "card"}),
    "mausoleum": frozenset({"type", "card"}), "choose_start": frozenset({"type", "seat"}),
}

# --- legal actions ------------------------------------------------------------------------------------


def affordable_wonders(state: DuelState, city: City) -> list[int]:
    """The wonders ``city`` may build now, in its order: not yet built, paid from its coins, while fewer
    than 7 stand (the price list's known answers read in place)."""
    wonders: list[int] = []
    if state.wonders_built < 7:
        prices, coins = city.prices, city.coins
        known = prices.wonders
        for owned in city.wonders:
            if not owned.age:
                trade = known.get(owned.wonder)
                if trade is None:
                    trade = prices.wonder(owned.wonder)
                if trade <= coins:
                    wonders.append(owned.wonder)
    return wonders


def can_build(city: City, c: int) -> bool:
    """Whether ``city`` may build card ``c`` now: free by its chain, or its coins cover the card's coins and
    trade (the price list's known answers read in place)."""
    card = CARDS[c]
    if card.chain >= 0 and city.chains >> card.chain & 1:
        return True
    prices = city.prices
    trade = prices.cards.get(c)
    if trade is None:
        trade = prices.card(c)
    return card.coins + trade <= city.coins


def legal_actions(state: DuelState, seat: Any) -> list[Action]:
    """Every legal action of ``seat`` now (``[]`` unless it is the seat the game waits for).

    On a turn: build / discard / wonder for every accessible card, in the order the cards became free.
    """
    if seat != state.pending_seat or state.pending is not TURN:
        return [] if state.pending is None else choice_actions(state, seat)
    city = state.cities[state.pending_seat]
    wonders = [WONDER_IDS[w] for w in affordable_wonders(state, city)]
    actions: list[Action] = []
    append = actions.append
    dealt = state.structure.cards
    for slot in state.structure.accessible:
        c = dealt[slot]
        name = CARDS[c].id
        if can_build(city, c):
            append({"type": "build", "card": name})
        append({"type": "discard", "card": name})
        for w in wonders:
            append({"type": "wonder", "card": name, "wonder": w})
    return actions


def choice_actions(state: DuelState, seat: Any) -> list[Action]:
    """The actions answering a pending choice (draft, token, card to destroy or build, who begins)."""
    kind = state.pending
    if seat != state.pending_seat:
        return []
    options = state.pending_options
    if kind is DRAFT_WONDER:
        return [{"type": "draft_wonder", "wonder": WONDER_IDS[w]} for w in options]
    if kind is PROGRESS or kind is GREAT_LIBRARY:
        return [{"type": "progress", "token": TOKEN_IDS[t]} for t in options]
    if kind is DESTROY:
        return [{"type": "destroy", "card": CARD_IDS[c]} for c in options]
    if kind is MAUSOLEUM:
        return [{"type": "mausoleum", "card": CARD_IDS[c]} for c in options]
    return [{"type": "choose_start", "seat": s} for s in (0, 1)]


# --- applying -----------------------------------------------------------------------------------------


def apply_action(state: DuelState, seat: Any, action: Any, *, breakdowns: bool = True) -> Events:
    """Validate ``action`` of ``seat`` and apply it; return the public events (IllegalAction: no change).

    ``breakdowns=False`` (the playouts' seam, :mod:`engine.duel.playout`: they drop the events) leaves
    the ``breakdown`` of build and Wonder events out; the state changes the same."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    if type(seat) is not int or seat != state.pending_seat:
        raise IllegalAction(f"it is not seat {seat!r}'s turn: the game waits for seat {state.pending_seat}")
    if type(action) is not dict:
        raise IllegalAction("an action must be a dict with a 'type'")
    kind = state.pending
    assert kind is not None  # the game is not over
    atype = action.get("type")
    events: Events = []
    if kind is TURN and atype in TURN_TYPES:
        if not FIELDS[atype].issuperset(action):
            raise _unknown_fields(atype, action)
        play_turn(state, seat, atype, action, events, breakdowns)
        return events
    expected = ACTION_TYPES[kind]
    if atype not in expected:
        raise IllegalAction(f"expected an action of type {' / '.join(expected)}, got {atype!r}")
    if not FIELDS[atype].issuperset(action):
        raise _unknown_fields(atype, action)
    if kind is DRAFT_WONDER:
        w = _pick(state, action, "wonder", WONDER_INDEX, "wonder", WONDER_IDS)
        state.log.append([seat, {"type": atype, "wonder": WONDER_IDS[w]}])
        draft(state, seat, w, events)
    elif kind is PROGRESS or kind is GREAT_LIBRARY:
        t = _pick(state, action, "token", TOKEN_INDEX, "progress token", TOKEN_IDS)
        state.log.append([seat, {"type": atype, "token": TOKEN_IDS[t]}])
        if kind is PROGRESS:
            state.progress_board.remove(t)
        else:
            state.progress_removed.remove(t)
            state.library_seat = seat
            state.library_returned = [x for x in state.pending_options if x != t]
        state.pending = TURN
        gain_token(state, seat, t, events)
        _resolve(state, events)
    elif kind is DESTROY or kind is MAUSOLEUM:
        c = _pick(state, action, "card", CARD_INDEX, "card", CARD_IDS)
        state.log.append([seat, {"type": atype, "card": CARD_IDS[c]}])
        state.pending = TURN
        if kind is DESTROY:
            remove_card(state, 1 - seat, c)
            events.append({"type": "destroy", "seat": seat, "card": CARD_IDS[c]})
        else:
            mausoleum_build(state, seat, c, events)
        _resolve(state, events)
    else:
        chosen = action.get("seat")
        if type(chosen) is not int or chosen not in (0, 1):
            raise IllegalAction(f"choose_start needs 'seat' 0 or 1, got {chosen!r}")
        state.log.append([seat, {"type": atype, "seat": chosen}])
        events.append({"type": "choose_start", "seat": seat, "chosen": chosen})
        start_age(state, chosen, events)
    return events


def _unknown_fields(atype: str, action: Action) -> IllegalAction:
    unknown = sorted(map(str, set(action) - FIELDS[atype]))
    return IllegalAction(f"a {atype} action has no field {', '.join(unknown)}")


def _pick(state: DuelState, action: Action, field: str, index: dict[str, int], what: str,
          names: tuple[str, ...]) -> int:
    value = action.get(field)
    if type(value) is not str or value not in index:
        raise IllegalAction(f"unknown {what} {value!r}")
    item = index[value]
    if item not in state.pending_options:
        allowed = ", ".join(names[i] for i in state.pending_options)
        raise IllegalAction(f"{value} cannot be chosen now; choose one of: {allowed}")
    return item


def _resolve(state: DuelState, events: Events) -> None:
    """After an action or choice: finish the turn unless the game ended or a choice is pending."""
    if state.pending is TURN:
        finish_turn(state, events)


def play_turn(state: DuelState, seat: int, atype: str, action: Action, events: Events,
              breakdowns: bool = True) -> None:
    """A turn's action on an accessible card: build it, discard it, or tuck it under a Wonder (the build
    and Wonder events say how they were paid unless ``breakdowns`` is False)."""
    value = action.get("card")
    c = CARD_INDEX.get(value) if type(value) is str else None
    if c is None:
        raise IllegalAction(f"unknown card {value!r}")
    structure = state.structure
    slot = structure.slot_of.get(c)
    if slot is None or slot not in structure.accessible:
        raise IllegalAction(f"{CARDS[c].name} is not an accessible card of the structure")
    city = state.cities[seat]
    coins = city.coins
    card = CARDS[c]
    if atype == "build":
        chained = card.chain >= 0 and bool(city.chains >> card.chain & 1)
        if chained:
            trade = cost = 0
        else:
            known = city.prices.cards.get(c)  # found by legal_actions, as a rule
            trade = city.prices.card(c) if known is None else known
            cost = card.coins + trade
        if cost > coins:
            raise IllegalAction(f"you cannot afford {card.name}: it costs {cost} coins, you have {coins}")
        state.log.append([seat, {"type": "build", "card": card.id}])
        state.play_again = False
        take(state, seat, slot)
        city.coins = coins - cost
        built: dict[str, Any] = {"type": "build", "seat": seat, "card": card.id, "cost": cost}
        if breakdowns:
            built["breakdown"] = card_breakdown(state, seat, c, chained, trade)
        events.append(built)
        pay_trade(state, seat, trade, events)
        construct(state, seat, c, chained, events)
    elif atype == "discard":
        state.log.append([seat, {"type": "discard", "card": card.id}])
        state.play_again = False
        take(state, seat, slot)
        value = 2 + city.colors[YELLOW]
        city.coins = coins + value
        state.discard.append(c)
        events.append({"type": "discard", "seat": seat, "card": card.id, "coins": value})
    else:
        wv = action.get("wonder")
        w = WONDER_INDEX.get(wv) if type(wv) is str else None
        if w is None:
            raise IllegalAction(f"unknown wonder {wv!r}")
        wonder = WONDERS[w]
        position = -1
        for i, owned in enumerate(city.wonders):
            if owned.wonder == w:
                position = i
        if position < 0:
            raise IllegalAction(f"{wonder.name} is not one of your wonders")
        if city.wonders[position].age:
            raise IllegalAction(f"{wonder.name} is already built")
        if state.wonders_built >= 7:
            raise IllegalAction("7 wonders have been built: no more wonders can be built")
        cost = city.prices.wonder(w)
        if cost > coins:
            raise IllegalAction(f"you cannot afford {wonder.name}: it costs {cost} coins, you have {coins}")
        state.log.append([seat, {"type": "wonder", "card": card.id, "wonder": wonder.id}])
        state.play_again = False
        take(state, seat, slot)
        city.coins = coins - cost
        city.wonders[position] = OwnedWonder(w, state.age, c)
        state.wonders_built += 1
        raised: dict[str, Any] = {"type": "wonder", "seat": seat, "wonder": wonder.id, "card": card.id,
                         "card_age": state.age, "cost": cost}
        if breakdowns:
            raised["breakdown"] = wonder_breakdown(state, seat, w, cost)
        events.append(raised)
        pay_trade(state, seat, cost, events)
        wonder_effects(state, seat, w, events)
    if state.pending is TURN:
        finish_turn(state, events)


# --- payment details ----------------------------------------------------------------------------------


def card_breakdown(state: DuelState, seat: int, card: int, chained: bool, trade: int) -> dict[str, Any]:
    """How building ``card`` is paid: card coins, coins per resource bought, units waived by Masonry,
    chain, and Economy's share of the trade coins ``trade``."""
    if chained:
        return {"card_coins": 0, "trade": {}, "chain": True, "discount": {}, "to_opponent": 0}
    situation = state.cities[seat].prices.situation
    if trade or (CARD_NEEDS[card].blue and situation.masonry):
        how = paid(situation, CARD_NEEDS[card])
        bought, waived = dict(how.bought), dict(how.waived)
    else:
        bought, waived = {}, {}
    return {"card_coins": CARDS[card].coins, "trade": bought, "chain": False, "discount": waived,
            "to_opponent": trade if ECONOMY in state.cities[1 - seat].progress else 0}


def wonder_breakdown(state: DuelState, seat: int, wonder: int, trade: int) -> dict[str, Any]:
    """How building ``wonder`` is paid (as :func:`card_breakdown`; Architecture is its discount)."""
    situation = state.cities[seat].prices.situation
    if trade or situation.architecture:
        how = paid(situation, WONDER_NEEDS[wonder])
        bought, waived = dict(how.bought), dict(how.waived)
    else:
        bought, waived = {}, {}
    return {"card_coins": 0, "trade": bought, "chain": False, "discount": waived,
            "to_opponent": trade if ECONOMY in state.cities[1 - seat].progress else 0}
