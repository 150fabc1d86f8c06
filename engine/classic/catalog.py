"""The public catalog of the classic game: every card and every board side as plain dicts."""

from __future__ import annotations

import copy
from typing import Any

from engine.classic import compiled as C


def _cost(coins: int, need: tuple[int, ...]) -> dict[str, Any]:
    return {"coins": coins, "resources": {C.RESOURCES[r]: u for r, u in enumerate(need) if u}}


def _card(i: int) -> dict[str, Any]:
    name, age, color, coins, _, free_with, copies, effect = C.ALL_CARDS[i]
    effect = copy.deepcopy(effect)
    if C.SELLABLE[i] and ("produce" in effect or "produce_choice" in effect):
        effect["sellable"] = True
    gives = [C.CARD_ID[j] for j in range(C.N_CARDS)
             if C.CARD_AGE[j] == age + 1 and C.CARD_NAME_IDX[i] in C.CARD_FREE_WITH[j]]
    chain_from = [C.CARD_ID[j] for j in range(C.N_CARDS)
                  if C.CARD_AGE[j] == age - 1 and C.CARD_NAME_IDX[j] in C.CARD_FREE_WITH[i]]
    return {
        "id": C.CARD_ID[i],
        "name": name,
        "type": "card",
        "age": age,
        "color": color,
        "guild": C.IS_GUILD[i],
        "cost": _cost(coins, C.CARD_NEED[i]),
        "chains": gives,
        "chain_from": chain_from,
        "copies": list(copies),
        "count": {str(n): sum(1 for m in copies if m <= n) for n in range(3, 8)},
        "effect": effect,
    }


def _board_side(bs: int) -> dict[str, Any]:
    board = bs // 2
    _, name, wonder, resource, _ = C.ALL_BOARDS[board]
    return {
        "id": C.BS_ID[bs],
        "type": "board",
        "board": C.BOARD_ID[board],
        "side": C.SIDES[bs % 2],
        "name": name,
        "wonder": wonder,
        "resource": resource,
        "stages": [
            {"id": f"{C.BS_ID[bs]}_{k + 1}", "type": "stage", "stage": k + 1,
             "cost": _cost(C.BS_COINS[bs][k], C.BS_NEED[bs][k]), "effect": copy.deepcopy(effect)}
            for k, (_, effect) in enumerate(C.BS_STAGE_SPEC[bs])
        ],
    }


def catalog(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card (with its copies per player count) and every board side with its stages; with the
    ``cities`` option also the 42 black cards (``"color": "black"``, no copies: N per Age are drawn) and
    Byzantium and Petra (a stage's ``cost.coins`` is paid to the bank)."""
    cities = bool((options or {}).get("cities"))
    cards = C.N_CARDS if cities else C.N_BASE_CARDS
    boards = C.N_BOARDS if cities else C.N_BASE_BOARDS
    return {
        "game": "classic",
        "resources": list(C.RESOURCES),
        "sciences": list(C.SCIENCES),
        "colors": list(C.COLORS if cities else C.COLORS[: C.BLACK]),
        "cards": [_card(i) for i in range(cards)],
        "boards": [_board_side(bs) for bs in range(2 * boards)],
    }
