"""Integer-indexed tables compiled once from :mod:`engine.duel.data` for the hot path."""

from __future__ import annotations

from typing import Any

from engine.duel.data import CARDS, COLORS, LAYOUTS, LETTERS, RESOURCES, SYMBOLS, TOKENS, WONDERS

BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
LAW = SYMBOLS.index("law")
N_CARDS = len(CARDS)


def parse_cost(letters: str) -> tuple[int, ...]:
    """Resource letters ('WWS') to a 5-vector of units."""
    need = [0] * 5
    for ch in letters:
        need[LETTERS[ch]] += 1
    return tuple(need)


def _mask(names: list[str]) -> int:
    mask = 0
    for name in names:
        mask |= 1 << RESOURCES.index(name)
    return mask


CHAIN_NAMES = sorted({row[6] for row in CARDS if row[6]})

CARD_ID: list[str] = [row[0] for row in CARDS]
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_ID)}
CARD_NAME = [row[1] for row in CARDS]
CARD_AGE = [row[2] for row in CARDS]
CARD_COLOR = [COLORS.index(row[3]) for row in CARDS]
CARD_COINS = [row[4] for row in CARDS]
CARD_NEED = [parse_cost(row[5]) for row in CARDS]
CARD_GIVES = [CHAIN_NAMES.index(row[6]) if row[6] else -1 for row in CARDS]
CARD_NEEDS = [CHAIN_NAMES.index(row[7]) if row[7] else -1 for row in CARDS]
CARD_EFFECTS: list[dict[str, Any]] = [row[8] for row in CARDS]
CARD_PROD = [
    tuple(e["produce"].get(r, 0) for r in RESOURCES) if "produce" in e else None for e in CARD_EFFECTS
]
CARD_CHOICE = [_mask(e["choice"]) if "choice" in e else 0 for e in CARD_EFFECTS]
CARD_SHIELDS = [e.get("shields", 0) for e in CARD_EFFECTS]
CARD_SCIENCE = [SYMBOLS.index(e["science"]) if "science" in e else -1 for e in CARD_EFFECTS]
CARD_VP = [e.get("vp", 0) for e in CARD_EFFECTS]
CARD_GAIN = [e.get("coins", 0) for e in CARD_EFFECTS]
CARD_FIX = [_mask(e["trade_fix"]) if "trade_fix" in e else 0 for e in CARD_EFFECTS]


def _per(e: dict[str, Any]) -> tuple[int, int] | None:
    if "coins_per" not in e:
        return None
    what = e["coins_per"]["what"]
    return (-1 if what == "wonder" else COLORS.index(what), e["coins_per"]["coins"])


CARD_PER = [_per(e) for e in CARD_EFFECTS]

# Guild rule: (kind, colour indices, coins when built, vp per unit, units per step)
GUILD_COLORS, GUILD_WONDERS, GUILD_COINS = 0, 1, 2


def _guild(e: dict[str, Any]) -> tuple[int, tuple[int, ...], bool, int, int] | None:
    if "guild" not in e:
        return None
    g = e["guild"]
    counts = g["counts"]
    if counts == "wonders":
        return (GUILD_WONDERS, (), g["coins"], g["vp_per"], g["per"])
    if counts == "coins":
        return (GUILD_COINS, (), g["coins"], g["vp_per"], g["per"])
    return (GUILD_COLORS, tuple(COLORS.index(c) for c in counts), g["coins"], g["vp_per"], g["per"])


CARD_GUILD = [_guild(e) for e in CARD_EFFECTS]
AGE_CARDS = {age: [i for i in range(N_CARDS) if CARD_AGE[i] == age and CARD_COLOR[i] != PURPLE]
             for age in (1, 2, 3)}
GUILDS = [i for i in range(N_CARDS) if CARD_COLOR[i] == PURPLE]

WONDER_ID = [row[0] for row in WONDERS]
WONDER_INDEX = {wid: i for i, wid in enumerate(WONDER_ID)}
WONDER_NAME = [row[1] for row in WONDERS]
WONDER_NEED = [parse_cost(row[2]) for row in WONDERS]
WONDER_EFFECTS = [row[3] for row in WONDERS]
WONDER_VP = [e.get("vp", 0) for e in WONDER_EFFECTS]
WONDER_SHIELDS = [e.get("shields", 0) for e in WONDER_EFFECTS]
WONDER_GAIN = [e.get("coins", 0) for e in WONDER_EFFECTS]
WONDER_LOSS = [e.get("opponent_loses", 0) for e in WONDER_EFFECTS]
WONDER_CHOICE = [_mask(e["choice"]) if "choice" in e else 0 for e in WONDER_EFFECTS]
WONDER_AGAIN = [bool(e.get("play_again")) for e in WONDER_EFFECTS]
WONDER_DESTROY = [COLORS.index(e["destroy"]) if "destroy" in e else -1 for e in WONDER_EFFECTS]
MAUSOLEUM = WONDER_INDEX["the_mausoleum"]
GREAT_LIBRARY = WONDER_INDEX["the_great_library"]

TOKEN_ID = [row[0] for row in TOKENS]
TOKEN_INDEX = {tid: i for i, tid in enumerate(TOKEN_ID)}
TOKEN_NAME = [row[1] for row in TOKENS]
TOKEN_EFFECTS = [row[2] for row in TOKENS]
(AGRICULTURE, ARCHITECTURE, ECONOMY, LAW_TOKEN, MASONRY,
 MATHEMATICS, PHILOSOPHY, STRATEGY, THEOLOGY, URBANISM) = range(10)
TOKEN_GAIN = [e.get("coins", 0) for e in TOKEN_EFFECTS]


def _layout(age: int) -> tuple[list[tuple[int, int]], list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Slots (row, col), the slots covering each slot, and the slots each slot covers."""
    slots = [(r, c) for r, cols in enumerate(LAYOUTS[age]) for c in cols]
    where = {rc: i for i, rc in enumerate(slots)}
    covered_by = [tuple(where[(r + 1, c + d)] for d in (-1, 1) if (r + 1, c + d) in where) for r, c in slots]
    covers = [tuple(where[(r - 1, c + d)] for d in (-1, 1) if (r - 1, c + d) in where) for r, c in slots]
    return slots, covered_by, covers


SLOTS: dict[int, list[tuple[int, int]]] = {}
COVERED_BY: dict[int, list[tuple[int, ...]]] = {}
COVERS: dict[int, list[tuple[int, ...]]] = {}
for _age in (1, 2, 3):
    SLOTS[_age], COVERED_BY[_age], COVERS[_age] = _layout(_age)
FACE_UP = {age: [r % 2 == 0 for r, _ in SLOTS[age]] for age in (1, 2, 3)}
