"""Card and board data compiled once into integer-indexed arrays (from :mod:`cards` and :mod:`boards`)."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from engine.classic.boards import BOARDS, CITIES_BOARDS
from engine.classic.cards import CARDS, CITIES_CARDS

RESOURCES = ("wood", "stone", "clay", "ore", "glass", "textile", "papyrus")
LETTERS = {"W": 0, "S": 1, "C": 2, "O": 3, "G": 4, "T": 5, "P": 6}
N_RES: int = len(RESOURCES)
SCIENCES = ("compass", "gear", "tablet")
COLORS = ("brown", "grey", "blue", "yellow", "red", "green", "purple", "black")
BROWN, GREY, BLUE, YELLOW, RED, GREEN, PURPLE, BLACK = range(8)
N_COLORS = len(COLORS)
COUNT_KINDS = (*COLORS, "stages", "defeats", "victories", "victories_1", "victories_3", "victories_5")
STAGES_KIND, DEFEATS_KIND, VICTORIES_KIND = (COUNT_KINDS.index(k) for k in ("stages", "defeats", "victories"))
# count kind -> the value of the victory tokens it counts (one Age's tokens)
VICTORY_VALUE_KINDS = {COUNT_KINDS.index(f"victories_{v}"): v for v in (1, 3, 5)}
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
    # Cities (black cards and the Cities boards)
    coins_neighbours: int = 0
    coins_others: int = 0
    loss_others: int = 0
    loss_others_per: int = 0  # bitmask of COUNT_KINDS counted in each victim's own city, 1 coin each
    debt_neighbours: int = 0
    victory_token: int = 0  # value of the military victory token taken (0: none)
    diplomacy: int = 0
    spy: int = 0
    # derived (compile_effect): the units of ``produce`` as (resource, units) pairs, and the resources
    # whose trading the effect changes (produced, named by its one-of card, bought cheaper)
    units: tuple[tuple[int, int], ...] = ()
    traded: int = 0

    @property
    def has_loss(self) -> bool:
        """True if the effect makes the other players lose coins."""
        return bool(self.loss_others or self.loss_others_per)


def parse_cost(letters: str) -> tuple[int, ...]:
    """Resource letters ('SSO') to a 7-vector of units (a leading coin amount is ignored: stage_coins)."""
    need = [0] * N_RES
    for ch in letters.lstrip("0123456789"):
        need[LETTERS[ch]] += 1
    return tuple(need)


def stage_coins(cost: str) -> int:
    """The coins of a stage cost ('10' -> 10, 'SSO' -> 0)."""
    digits = cost[: len(cost) - len(cost.lstrip("0123456789"))]
    return int(digits) if digits else 0


def res_mask(names: list[str]) -> int:
    """Bitmask of resource names."""
    bits = 0
    for name in names:
        bits |= 1 << RESOURCES.index(name)
    return bits


def kinds_mask(names: list[str]) -> int:
    """Bitmask of COUNT_KINDS names."""
    kinds = 0
    for kind in names:
        kinds |= 1 << COUNT_KINDS.index(kind)
    return kinds


def _per(spec: dict[str, Any] | None) -> Per | None:
    if spec is None:
        return None
    kinds = kinds_mask(spec["count"])
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
    choice = res_mask(e["produce_choice"]) if "produce_choice" in e else 0
    trade_res = res_mask(trade["resources"]) if trade else 0
    return Effect(
        vp=e.get("vp", 0),
        shields=e.get("shields", 0),
        science=SCIENCES.index(e["science"]) if "science" in e else -1,
        wild=e.get("science_wild", 0),
        produce=produce,
        choice=choice,
        trade_res=trade_res,
        trade_sides=sides,
        coins=e.get("coins", 0),
        coins_per=_per(e.get("coins_per")),
        vp_per=_per(e.get("vp_per")),
        ability=e.get("ability", ""),
        coins_neighbours=e.get("coins_neighbours", 0),
        coins_others=e.get("coins_others", 0),
        loss_others=e.get("loss_others", 0),
        loss_others_per=kinds_mask(e.get("loss_others_per", [])),
        debt_neighbours=e.get("debt_neighbours", 0),
        victory_token=e.get("victory_token", 0),
        diplomacy=e.get("diplomacy", 0),
        spy=e.get("spy", 0),
        units=tuple((r, units) for r, units in enumerate(produce or ()) if units),
        traded=sum(1 << r for r, units in enumerate(produce or ()) if units) | choice | trade_res,
    )


def snake(name: str) -> str:
    """'East Trading Post' -> 'east_trading_post'."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# --- cards -----------------------------------------------------------------------------------------

ALL_CARDS = (*CARDS, *CITIES_CARDS)
N_BASE_CARDS = len(CARDS)
N_CARDS = len(ALL_CARDS)
CARD_ID: tuple[str, ...] = tuple(f"a{row[1]}_{snake(row[0])}" for row in ALL_CARDS)
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_ID)}
CARD_NAME: tuple[str, ...] = tuple(row[0] for row in ALL_CARDS)
NAMES: tuple[str, ...] = tuple(dict.fromkeys(CARD_NAME))
NAME_INDEX = {name: i for i, name in enumerate(NAMES)}
CARD_NAME_IDX: tuple[int, ...] = tuple(NAME_INDEX[n] for n in CARD_NAME)
CARD_AGE: tuple[int, ...] = tuple(row[1] for row in ALL_CARDS)
CARD_COLOR: tuple[int, ...] = tuple(COLORS.index(row[2]) for row in ALL_CARDS)
CARD_COINS: tuple[int, ...] = tuple(row[3] for row in ALL_CARDS)
CARD_NEED: tuple[tuple[int, ...], ...] = tuple(parse_cost(row[4]) for row in ALL_CARDS)
CARD_FREE_WITH: tuple[tuple[int, ...], ...] = tuple(tuple(NAME_INDEX[n] for n in row[5]) for row in ALL_CARDS)
CARD_COPIES: tuple[tuple[int, ...], ...] = tuple(row[6] for row in ALL_CARDS)
CARD_FX: tuple[Effect, ...] = tuple(compile_effect(row[7]) for row in ALL_CARDS)
IS_GUILD: tuple[bool, ...] = tuple(c == PURPLE for c in CARD_COLOR)
GUILDS: tuple[int, ...] = tuple(i for i in range(N_CARDS) if IS_GUILD[i])
SELLABLE: tuple[bool, ...] = tuple(c in (BROWN, GREY) for c in CARD_COLOR)
IS_BLACK: tuple[bool, ...] = tuple(c == BLACK for c in CARD_COLOR)
BLACK_CARDS: dict[int, tuple[int, ...]] = {
    age: tuple(i for i in range(N_CARDS) if IS_BLACK[i] and CARD_AGE[i] == age) for age in (1, 2, 3)}


def deck(age: int, players: int) -> list[int]:
    """Every non-guild card copy of ``age`` used with ``players`` players (a card index per copy; a new
    list, computed once per (age, players))."""
    found = _DECKS.get((age, players))
    if found is None:
        found = _DECKS[(age, players)] = tuple(
            i for i in range(N_CARDS) if CARD_AGE[i] == age and not IS_GUILD[i] and not IS_BLACK[i]
            for marker in CARD_COPIES[i] if marker <= players)
    return list(found)


_DECKS: dict[tuple[int, int], tuple[int, ...]] = {}


# --- boards ----------------------------------------------------------------------------------------

ALL_BOARDS = (*BOARDS, *CITIES_BOARDS)
N_BASE_BOARDS = len(BOARDS)  # the boards dealt without Cities (the first ones)
N_BOARDS = len(ALL_BOARDS)
BOARD_ID: tuple[str, ...] = tuple(b[0] for b in ALL_BOARDS)
BOARD_NAME: tuple[str, ...] = tuple(b[1] for b in ALL_BOARDS)
WONDER_NAME: tuple[str, ...] = tuple(b[2] for b in ALL_BOARDS)
BOARD_RESOURCE: tuple[int, ...] = tuple(RESOURCES.index(b[3]) for b in ALL_BOARDS)


def board_side(board: int, side: int) -> int:
    """Index of a board side (board * 2 + side, side 0 = A)."""
    return board * 2 + side


BS_ID: tuple[str, ...] = tuple(f"{b[0]}_{s}" for b in ALL_BOARDS for s in SIDES)
BS_STAGE_SPEC: tuple[tuple[tuple[str, dict[str, Any]], ...], ...] = tuple(
    b[4][s] for b in ALL_BOARDS for s in SIDES
)
BS_COINS: tuple[tuple[int, ...], ...] = tuple(
    tuple(stage_coins(cost) for cost, _ in stages) for stages in BS_STAGE_SPEC
)
BS_NEED: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(parse_cost(cost) for cost, _ in stages) for stages in BS_STAGE_SPEC
)
BS_FX: tuple[tuple[Effect, ...], ...] = tuple(
    tuple(compile_effect(e) for _, e in stages) for stages in BS_STAGE_SPEC
)
BS_STAGES: tuple[int, ...] = tuple(len(s) for s in BS_STAGE_SPEC)


# --- needs -----------------------------------------------------------------------------------------
# Every distinct resource need of a card or a stage, numbered: the trading caches of the pricing seam
# (engine.classic.pricing.CityTrade) remember answers by need number, a cheaper key than the vector.

NO_NEED = -1  # the number of a cost without resources (built for its coins alone)


def _need_numbers() -> tuple[tuple[tuple[int, ...], ...], dict[tuple[int, ...], int]]:
    numbers: dict[tuple[int, ...], int] = {}
    for need in (*CARD_NEED, *(n for stages in BS_NEED for n in stages)):
        if any(need):
            numbers.setdefault(need, len(numbers))
    return tuple(numbers), numbers


NEEDS, NEED_NUMBER = _need_numbers()
CARD_NEED_NO: tuple[int, ...] = tuple(NEED_NUMBER.get(n, NO_NEED) for n in CARD_NEED)
BS_NEED_NO: tuple[tuple[int, ...], ...] = tuple(
    tuple(NEED_NUMBER.get(n, NO_NEED) for n in stages) for stages in BS_NEED)
# The (resource, units) each numbered need asks for.
NEED_UNITS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((r, units) for r, units in enumerate(need) if units) for need in NEEDS)


class CardFacts(NamedTuple):
    """What a city's options for a card read first (one tuple per card): its name's number, the names
    that chain to it (None: none), its coins and its need's number."""

    name: int
    chained_by: frozenset[int] | None
    coins: int
    need: int


CARD_FACTS: tuple[CardFacts, ...] = tuple(
    CardFacts(CARD_NAME_IDX[card], frozenset(CARD_FREE_WITH[card]) or None, CARD_COINS[card],
              CARD_NEED_NO[card]) for card in range(N_CARDS))
