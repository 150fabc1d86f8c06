"""The public catalog of the classic game: every card and every board side as plain dicts."""

from __future__ import annotations

import copy
from typing import Any

from engine.classic import tables as T
from engine.classic.boards import BOARDS
from engine.classic.cards import CARDS


def _cost(coins: int, need: tuple[int, ...]) -> dict[str, Any]:
    return {"coins": coins, "resources": {T.RESOURCES[r]: u for r, u in enumerate(need) if u}}


def _card(i: int) -> dict[str, Any]:
    name, age, color, coins, _, free_with, copies, effect = CARDS[i]
    effect = copy.deepcopy(effect)
    if T.SELLABLE[i] and ("produce" in effect or "produce_choice" in effect):
        effect["sellable"] = True
    gives = [T.CARD_ID[j] for j in range(T.N_CARDS)
             if T.CARD_AGE[j] == age + 1 and T.CARD_NAME_IDX[i] in T.CARD_FREE_WITH[j]]
    chain_from = [T.CARD_ID[j] for j in range(T.N_CARDS)
                  if T.CARD_AGE[j] == age - 1 and T.CARD_NAME_IDX[j] in T.CARD_FREE_WITH[i]]
    return {
        "id": T.CARD_ID[i],
        "name": name,
        "type": "card",
        "age": age,
        "color": color,
        "guild": T.IS_GUILD[i],
        "cost": _cost(coins, T.CARD_NEED[i]),
        "chains": gives,
        "chain_from": chain_from,
        "copies": list(copies),
        "count": {str(n): sum(1 for m in copies if m <= n) for n in range(3, 8)},
        "effect": effect,
    }


def _board_side(bs: int) -> dict[str, Any]:
    board = bs // 2
    _, name, wonder, resource, _ = BOARDS[board]
    return {
        "id": T.BS_ID[bs],
        "type": "board",
        "board": T.BOARD_ID[board],
        "side": T.SIDES[bs % 2],
        "name": name,
        "wonder": wonder,
        "resource": resource,
        "stages": [
            {"id": f"{T.BS_ID[bs]}_{k + 1}", "type": "stage", "stage": k + 1,
             "cost": _cost(0, T.BS_NEED[bs][k]), "effect": copy.deepcopy(effect)}
            for k, (_, effect) in enumerate(T.BS_STAGE_SPEC[bs])
        ],
    }


def catalog(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card (with its copies per player count) and every board side with its stages."""
    return {
        "game": "classic",
        "resources": list(T.RESOURCES),
        "sciences": list(T.SCIENCES),
        "colors": list(T.COLORS),
        "cards": [_card(i) for i in range(T.N_CARDS)],
        "boards": [_board_side(bs) for bs in range(len(T.BS_ID))],
    }
