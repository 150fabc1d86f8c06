"""Views of a Duel game (docs/duel.md): what one seat, or the public board, may know."""

from __future__ import annotations

from typing import Any

from engine.duel.actions import card_breakdown, wonder_breakdown
from engine.duel.data import RESOURCES, SYMBOLS
from engine.duel.material import (
    CARD_IDS,
    CARDS,
    PURPLE,
    TOKEN_IDS,
    WONDER_IDS,
    YELLOW,
)
from engine.duel.scoring import score_pad
from engine.duel.state import CHOOSE_START, DRAFT_WONDER, GREAT_LIBRARY, PROGRESS, TURN, DuelState

TOKEN_ZONES = ([3, 5], [6, 8])


def _names(ids: list[int] | tuple[int, ...], table: tuple[str, ...]) -> list[str]:
    return [table[i] for i in ids]


def _pending(state: DuelState, seat: int | None) -> dict[str, Any] | None:
    kind = state.pending
    if kind is None:
        return None
    out: dict[str, Any] = {"seat": state.pending_seat, "kind": kind.value, "options": None}
    options = state.pending_options
    if kind is TURN:
        return out
    if kind is DRAFT_WONDER:
        out["options"] = _names(options, WONDER_IDS)
    elif kind is GREAT_LIBRARY:
        out["count"] = len(options)
        if seat == state.pending_seat:
            out["options"] = _names(options, TOKEN_IDS)
    elif kind is PROGRESS:
        out["options"] = _names(options, TOKEN_IDS)
    elif kind is CHOOSE_START:
        out["options"] = list(options)
    else:
        out["options"] = _names(options, CARD_IDS)
    return out


def _structure(state: DuelState) -> list[dict[str, Any]]:
    structure = state.structure
    if not structure.cards:
        return []
    slots = []
    accessible = set(structure.accessible)
    for i, (row, col) in enumerate(structure.layout.slots):
        card = structure.cards[i]
        taken = structure.taken[i]
        up = structure.face_up[i] and not taken
        back = None
        if not taken and not structure.face_up[i]:
            back = "guild" if CARDS[card].color == PURPLE else f"age{state.age}"
        slots.append({"slot": i, "row": row, "col": col, "card": CARD_IDS[card] if up else None,
                      "back": back, "taken": taken, "accessible": i in accessible})
    return slots


def _player(state: DuelState, s: int) -> dict[str, Any]:
    city = state.cities[s]
    prices = city.prices.situation.prices
    return {
        "seat": s,
        "coins": city.coins,
        "cards": _names(city.cards, CARD_IDS),
        "wonders": [{"id": WONDER_IDS[owned.wonder], "built": bool(owned.age),
                     "age_card_age": owned.age or None,
                     "tucked_card": CARD_IDS[owned.tucked_card] if owned.age else None}
                    for owned in city.wonders],
        "progress": _names(city.progress, TOKEN_IDS),
        "science": [SYMBOLS[i] for i in range(7) if city.science_symbols >> i & 1],
        "production": {RESOURCES[r]: city.production[r] for r in range(5)},
        "choices": [[RESOURCES[r] for r in range(5) if m >> r & 1] for m in city.choices],
        "trade_prices": {RESOURCES[r]: prices[r] for r in range(5)},
        "shields": city.shields,
        "points": score_pad(state, s)["total"],
    }


def _cost_entry(coins: int, cost: int, payment: dict[str, Any]) -> dict[str, Any]:
    legal = cost <= coins
    reason = None if legal else f"costs {cost} coins, you have {coins}"
    return {"legal": legal, "cost": cost, "reason": reason, "breakdown": payment}


def my_turn(state: DuelState, seat: int) -> dict[str, Any]:
    """Every accessible card with its build cost, discard value and wonder costs (with reasons)."""
    city = state.cities[seat]
    coins = city.coins
    prices = city.prices
    cards = []
    unbuilt = [owned.wonder for owned in city.wonders if not owned.age]
    for slot in sorted(state.structure.accessible):
        c = state.structure.cards[slot]
        card = CARDS[c]
        chained = card.chain >= 0 and bool(city.chains >> card.chain & 1)
        wonders = []
        for w in unbuilt:
            trade = prices.wonder(w)
            entry = {"wonder": WONDER_IDS[w],
                     **_cost_entry(coins, trade, wonder_breakdown(state, seat, w, trade))}
            if state.wonders_built >= 7:
                entry["legal"], entry["reason"] = False, "7 wonders have been built"
            wonders.append(entry)
        trade = 0 if chained else prices.card(c)
        cost = 0 if chained else card.coins + trade
        cards.append({"card": card.id, "name": card.name, "slot": slot,
                      "build": _cost_entry(coins, cost, card_breakdown(state, seat, c, chained, trade)),
                      "discard": 2 + city.colors[YELLOW], "wonders": wonders})
    return {"cards": cards}


def build_view(state: DuelState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (0, 1) or the public view (None)."""
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ValueError(f"seat must be 0, 1 or None, got {seat!r}")
    draft = None
    if state.phase == "draft":
        draft = {"round": 1 if state.draft_picks < 4 else 2,
                 "available": _names(state.draft_offer, WONDER_IDS)}
    military = {"pawn": state.pawn, "tokens": [
        {"side": i // 2, "value": (2, 5)[i % 2], "zone": list(TOKEN_ZONES[i % 2]),
         "present": state.military_tokens[i]}
        for i in range(4)]}
    mine = None
    if seat is not None and state.pending is TURN and state.pending_seat == seat:
        mine = my_turn(state, seat)
    return {
        "game": "duel",
        "kind": "duel",
        "seat": seat,
        "phase": state.phase,
        "age": state.age,
        "to_act": [] if state.pending is None else [state.pending_seat],
        "first_player": state.first_player,
        "pending": _pending(state, seat),
        "play_again": state.play_again,
        "draft": draft,
        "structure": _structure(state),
        "access_order": list(state.structure.accessible),
        "military": military,
        "progress_board": _names(state.progress_board, TOKEN_IDS),
        "library_seen": _names(state.library_returned, TOKEN_IDS) if seat == state.library_seat else [],
        "discard": _names(state.discard, CARD_IDS),
        "boxed_wonder": WONDER_IDS[state.boxed_wonder] if state.boxed_wonder >= 0 else None,
        "players": [_player(state, s) for s in (0, 1)],
        "my_turn": mine,
        "result": state.result,
    }
