"""Card and board data compiled once into integer-indexed arrays (from :mod:`cards` and :mod:`boards`)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.classic.boards import BOARDS
from engine.classic.cards import CARDS

RESOURCES = ("wood", "stone", "clay", "ore", "glass", "textile", "papyrus")
LETTERS = {"W": 0, "S": 1, "C": 2, "O": 3, "G": 4, "T": 5, "P": 6}
N_RES = len(RESOURCES)
SCIENCES = ("compass", "gear", "tablet")
COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE = range(7)
STAGES_KIND, DEFEATS_KIND = 7, 8
COUNT_KINDS = (*COLORS, "stages", "defeats")
SELF, LEFT, RIGHT = 1, 2, 4
WHOSE = {"self": SELF, "left": LEFT, "right": RIGHT}
SIDES = ("A", "B")


class Per(NamedTuple):
    """Count of ``kinds`` (bitmask of COUNT_KINDS) in the cities ``whose`` (SELF|LEFT|RIGHT), x each."""

    kinds: int
    whose: int
    each: int


class Effect(NamedTuple):
    """The compiled effect of a card or a wonder stage."""

    vp: int
    shields: int
    science: int  # symbol index or -1
    wild: int
    produce: tuple[int, ...] | None
    choice: int  # bitmask, 0 if none
    trade_res: int  # resources bought at 1 coin
    trade_sides: int  # LEFT | RIGHT
    coins: int
    coins_per: Per | None
    vp_per: Per | None
    ability: str


def parse_cost(letters: str) -> tuple[int, ...]:
    """Resource letters ('SSO') to a 7-vector of units."""
    need = [0] * N_RES
    for ch in letters:
        need[LETTERS[ch]] += 1
    return tuple(need)


def res_mask(names: list[str]) -> int:
    """Bitmask of resource names."""
    bits = 0
    for name in names:
        bits |= 1 << RESOURCES.index(name)
    return bits


def _per(spec: dict[str, Any] | None) -> Per | None:
    if spec is None:
        return None
    kinds = 0
    for kind in spec["count"]:
        kinds |= 1 << COUNT_KINDS.index(kind)
    whose = 0
    for w in spec["whose"]:
        whose |= WHOSE[w]
    return Per(kinds, whose, spec["each"])


def compile_effect(e: dict[str, Any]) -> Effect:
    """An effect dict (see :mod:`cards`) to an :class:`Effect`."""
    produce = tuple(e["produce"].get(r, 0) for r in RESOURCES) if "produce" in e else None
    trade = e.get("trade")
    sides = 0
    if trade:
        for side in trade["neighbours"]:
            sides |= WHOSE[side]
    return Effect(
        vp=e.get("vp", 0),
        shields=e.get("shields", 0),
        science=SCIENCES.index(e["science"]) if "science" in e else -1,
        wild=e.get("science_wild", 0),
        produce=produce,
        choice=res_mask(e["produce_choice"]) if "produce_choice" in e else 0,
        trade_res=res_mask(trade["resources"]) if trade else 0,
        trade_sides=sides,
        coins=e.get("coins", 0),
        coins_per=_per(e.get("coins_per")),
        vp_per=_per(e.get("vp_per")),
        ability=e.get("ability", ""),
    )


def snake(name: str) -> str:
    """'East Trading Post' -> 'east_trading_post'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# --- cards -----------------------------------------------------------------------------------------

N_CARDS = len(CARDS)
CARD_ID: tuple[str, ...] = tuple(f"a{row[1]}_{snake(row[0])}" for row in CARDS)
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_ID)}
CARD_NAME: tuple[str, ...] = tuple(row[0] for row in CARDS)
NAMES: tuple[str, ...] = tuple(dict.fromkeys(CARD_NAME))
NAME_INDEX = {name: i for i, name in enumerate(NAMES)}
CARD_NAME_IDX: tuple[int, ...] = tuple(NAME_INDEX[n] for n in CARD_NAME)
CARD_AGE: tuple[int, ...] = tuple(row[1] for row in CARDS)
CARD_COLOR: tuple[int, ...] = tuple(COLORS.index(row[2]) for row in CARDS)
CARD_COINS: tuple[int, ...] = tuple(row[3] for row in CARDS)
CARD_NEED: tuple[tuple[int, ...], ...] = tuple(parse_cost(row[4]) for row in CARDS)
CARD_FREE_WITH: tuple[tuple[int, ...], ...] = tuple(tuple(NAME_INDEX[n] for n in row[5]) for row in CARDS)
CARD_COPIES: tuple[tuple[int, ...], ...] = tuple(row[6] for row in CARDS)
CARD_FX: tuple[Effect, ...] = tuple(compile_effect(row[7]) for row in CARDS)
IS_GUILD: tuple[bool, ...] = tuple(c == PURPLE for c in CARD_COLOR)
GUILDS: tuple[int, ...] = tuple(i for i in range(N_CARDS) if IS_GUILD[i])
SELLABLE: tuple[bool, ...] = tuple(c in (BROWN, GREY) for c in CARD_COLOR)


def deck(age: int, players: int) -> list[int]:
    """Every non-guild card copy of ``age`` used with ``players`` players (a card index per copy)."""
    out: list[int] = []
    for i in range(N_CARDS):
        if CARD_AGE[i] == age and not IS_GUILD[i]:
            out.extend(i for marker in CARD_COPIES[i] if marker <= players)
    return out


# --- boards ----------------------------------------------------------------------------------------

N_BOARDS = len(BOARDS)
BOARD_ID: tuple[str, ...] = tuple(b[0] for b in BOARDS)
BOARD_NAME: tuple[str, ...] = tuple(b[1] for b in BOARDS)
WONDER_NAME: tuple[str, ...] = tuple(b[2] for b in BOARDS)
BOARD_RESOURCE: tuple[int, ...] = tuple(RESOURCES.index(b[3]) for b in BOARDS)


def board_side(board: int, side: int) -> int:
    """Index of a board side (board * 2 + side, side 0 = A)."""
    return board * 2 + side


BS_ID: tuple[str, ...] = tuple(f"{b[0]}_{s}" for b in BOARDS for s in SIDES)
BS_STAGE_SPEC: tuple[tuple[tuple[str, dict[str, Any]], ...], ...] = tuple(
    b[4][s] for b in BOARDS for s in SIDES
)
BS_NEED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(parse_cost(cost) for cost, _ in stages) for stages in BS_STAGE_SPEC
)
BS_FX: tuple[tuple[Effect, ...], ...] = tuple(
    tuple(compile_effect(e) for _, e in stages) for stages in BS_STAGE_SPEC
)
BS_STAGES: tuple[int, ...] = tuple(len(s) for s in BS_STAGE_SPEC)
