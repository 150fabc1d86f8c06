"""Views of a Duel game (docs/duel.md): what one seat, or the public board, may know."""

from __future__ import annotations

from typing import Any

from engine.duel.costs import WONDER_BASE
from engine.duel.effects import DRAFT, LIBRARY, PENDING_NAMES, TURN
from engine.duel.scoring import score_pad
from engine.duel.tables import (
    CARD_COINS,
    CARD_COLOR,
    CARD_ID,
    CARD_NAME,
    CARD_NEEDS,
    PURPLE,
    RESOURCES,
    SLOTS,
    SYMBOLS,
    TOKEN_ID,
    WONDER_ID,
    YELLOW,
)

TOKEN_ZONES = ([3, 5], [6, 8])


def _names(ids: list[int] | None, table: list[str]) -> list[str] | None:
    return None if ids is None else [table[i] for i in ids]


def _pending(game: Any, seat: int | None) -> dict[str, Any] | None:
    if game.over:
        return None
    kind = game.pend_kind
    out: dict[str, Any] = {"seat": game.pend_seat, "kind": PENDING_NAMES[kind], "options": None}
    opts = game.pend_opts
    if kind == TURN:
        return out
    if kind == DRAFT:
        out["options"] = _names(opts, WONDER_ID)
    elif kind == LIBRARY:
        out["count"] = len(opts)
        if seat == game.pend_seat:
            out["options"] = _names(opts, TOKEN_ID)
    elif PENDING_NAMES[kind] == "progress":
        out["options"] = _names(opts, TOKEN_ID)
    elif PENDING_NAMES[kind] == "choose_start":
        out["options"] = list(opts)
    else:
        out["options"] = _names(opts, CARD_ID)
    return out


def _structure(game: Any) -> list[dict[str, Any]]:
    if not game.slot_card:
        return []
    slots = []
    access = set(game.access)
    for i, (row, col) in enumerate(SLOTS[game.age]):
        card = game.slot_card[i]
        taken = game.taken[i]
        up = game.faceup[i] and not taken
        back = None
        if not taken and not game.faceup[i]:
            back = "guild" if CARD_COLOR[card] == PURPLE else f"age{game.age}"
        slots.append({"slot": i, "row": row, "col": col, "card": CARD_ID[card] if up else None,
                      "back": back, "taken": taken, "accessible": i in access})
    return slots


def _player(game: Any, s: int) -> dict[str, Any]:
    prices = game.keys[s][2]
    return {
        "seat": s,
        "coins": game.coins[s],
        "cards": [CARD_ID[c] for c in game.cards[s]],
        "wonders": [{"id": WONDER_ID[w], "built": bool(age), "age_card_age": age or None}
                    for w, age, _ in game.wonders[s]],
        "progress": [TOKEN_ID[t] for t in game.tokens[s]],
        "science": [SYMBOLS[i] for i in range(7) if game.sci[s] >> i & 1],
        "production": {RESOURCES[r]: game.prod[s][r] for r in range(5)},
        "choices": [[RESOURCES[r] for r in range(5) if m >> r & 1] for m in game.choices[s]],
        "trade_prices": {RESOURCES[r]: prices[r] for r in range(5)},
        "shields": game.shields[s],
        "points": score_pad(game, s)["total"],
    }


def _cost_entry(game: Any, seat: int, item: int, chained: bool) -> dict[str, Any]:
    coins = game.coins[seat]
    cost = 0 if chained else game.trade(seat, item) + (0 if item >= WONDER_BASE else CARD_COINS[item])
    legal = cost <= coins
    reason = None if legal else f"costs {cost} coins, you have {coins}"
    return {"legal": legal, "cost": cost, "reason": reason, "breakdown": game.breakdown(seat, item, chained)}


def my_turn(game: Any, seat: int) -> dict[str, Any]:
    """Every accessible card with its build cost, discard value and wonder costs (with reasons)."""
    cards = []
    unbuilt = [w for w, age, _ in game.wonders[seat] if not age]
    for slot in sorted(game.access):
        c = game.slot_card[slot]
        need = CARD_NEEDS[c]
        chained = need >= 0 and bool(game.chains[seat] >> need & 1)
        wonders = []
        for w in unbuilt:
            entry = {"wonder": WONDER_ID[w], **_cost_entry(game, seat, WONDER_BASE + w, False)}
            if game.built_total >= 7:
                entry["legal"], entry["reason"] = False, "7 wonders have been built"
            wonders.append(entry)
        cards.append({"card": CARD_ID[c], "name": CARD_NAME[c], "slot": slot,
                      "build": _cost_entry(game, seat, c, chained),
                      "discard": 2 + game.colors[seat][YELLOW], "wonders": wonders})
    return {"cards": cards}


def build_view(game: Any, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (0, 1) or the public view (None)."""
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ValueError(f"seat must be 0, 1 or None, got {seat!r}")
    draft = None
    if game.phase == "draft":
        draft = {"round": 1 if game.draft_pick < 4 else 2, "available": _names(game.draft_avail, WONDER_ID)}
    military = {"pawn": game.pawn, "tokens": [
        {"side": i // 2, "value": (2, 5)[i % 2], "zone": TOKEN_ZONES[i % 2], "present": game.mtokens[i]}
        for i in range(4)]}
    mine = None
    if seat is not None and not game.over and game.pend_kind == TURN and game.pend_seat == seat:
        mine = my_turn(game, seat)
    return {
        "game": "duel",
        "kind": "duel",
        "seat": seat,
        "phase": game.phase,
        "age": game.age,
        "to_act": game.to_act(),
        "first_player": game.first_player,
        "pending": _pending(game, seat),
        "draft": draft,
        "structure": _structure(game),
        "military": military,
        "progress_board": _names(game.board_tokens, TOKEN_ID),
        "discard": _names(game.discard, CARD_ID),
        "boxed_wonder": WONDER_ID[game.boxed] if game.boxed >= 0 else None,
        "players": [_player(game, s) for s in (0, 1)],
        "my_turn": mine,
        "result": game.outcome,
    }
