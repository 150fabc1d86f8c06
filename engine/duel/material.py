"""The material of :mod:`engine.duel.data` compiled once into integer-indexed records.

Records are frozen slotted dataclasses: the rules read their fields on every move, and that is the
fastest attribute access Python offers.

The rules refer to a card, Wonder or Progress token by its index in :data:`CARDS`, :data:`WONDERS` or
:data:`TOKENS`; string ids appear only at the edges (actions, views, events, saves). Resources, colours,
science symbols and chain symbols are indices too, and a set of them is an int bitmask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.duel.data import CARDS as CARD_ROWS
from engine.duel.data import COLORS, LAYOUTS, LETTERS, RESOURCES, SYMBOLS
from engine.duel.data import TOKENS as TOKEN_ROWS
from engine.duel.data import WONDERS as WONDER_ROWS

BROWN, GREY, BLUE, GREEN, YELLOW, RED, PURPLE = range(7)
LAW_SYMBOL = SYMBOLS.index("law")
(AGRICULTURE, ARCHITECTURE, ECONOMY, LAW, MASONRY,
 MATHEMATICS, PHILOSOPHY, STRATEGY, THEOLOGY, URBANISM) = range(10)


def parse_cost(letters: str) -> tuple[int, ...]:
    """Resource letters ('WWS') to units per resource."""
    need = [0] * len(RESOURCES)
    for ch in letters:
        need[LETTERS[ch]] += 1
    return tuple(need)


def resource_mask(names: list[str]) -> int:
    """The bitmask of the named resources."""
    mask = 0
    for name in names:
        mask |= 1 << RESOURCES.index(name)
    return mask


@dataclass(frozen=True, slots=True)
class CoinsPer:
    """A yellow card's coins when built: ``coins`` per own card of ``color`` (``None``: per own Wonder)."""

    color: int | None
    coins: int


@dataclass(frozen=True, slots=True)
class Guild:
    """What a Guild counts in the city with the most: ``"colors"`` (cards of ``colors``), ``"wonders"``
    or ``"coins"``; ``vp_per`` VP per ``per`` units at the end, 1 coin per unit when built if ``coins``."""

    counts: str
    colors: tuple[int, ...]
    coins: bool
    vp_per: int
    per: int


@dataclass(frozen=True, slots=True)
class Card:
    """One Age card or Guild."""

    index: int
    id: str
    name: str
    age: int
    color: int
    coins: int                      # coin cost
    resources: tuple[int, ...]      # resource units of the cost, per resource
    gives_chain: int                # the chain symbol it carries, or -1
    chain: int                      # the chain symbol that makes it free, or -1
    produces: tuple[int, ...] | None  # fixed production per resource (brown and grey cards)
    choice: int                     # one unit of any resource of this mask per construction, or 0
    one_coin: int                   # resources its owner buys at 1 coin (Reserves, Customs House)
    shields: int
    science: int                    # the science symbol, or -1
    vp: int
    gain: int                       # coins when built
    coins_per: CoinsPer | None
    guild: Guild | None


@dataclass(frozen=True, slots=True)
class Wonder:
    """One of the 12 Wonders."""

    index: int
    id: str
    name: str
    resources: tuple[int, ...]
    vp: int
    shields: int
    gain: int                       # coins when built
    opponent_loses: int             # coins the opponent loses when built
    choice: int                     # choice production mask, or 0
    play_again: bool
    destroys: int                   # the colour of the opponent card it discards, or -1
    mausoleum: bool
    great_library: bool


@dataclass(frozen=True, slots=True)
class Token:
    """One of the 10 Progress tokens."""

    index: int
    id: str
    name: str
    gain: int                       # coins when taken


def _coins_per(effects: dict[str, Any]) -> CoinsPer | None:
    if "coins_per" not in effects:
        return None
    what = effects["coins_per"]["what"]
    return CoinsPer(None if what == "wonder" else COLORS.index(what), effects["coins_per"]["coins"])


def _guild(effects: dict[str, Any]) -> Guild | None:
    if "guild" not in effects:
        return None
    g = effects["guild"]
    counts = g["counts"]
    if isinstance(counts, str):
        return Guild(counts, (), g["coins"], g["vp_per"], g["per"])
    return Guild("colors", tuple(COLORS.index(c) for c in counts), g["coins"], g["vp_per"], g["per"])


CHAIN_SYMBOLS = sorted({row[6] for row in CARD_ROWS if row[6]})

CARDS: tuple[Card, ...] = tuple(
    Card(
        index=i, id=cid, name=name, age=age, color=COLORS.index(color), coins=coins,
        resources=parse_cost(letters),
        gives_chain=CHAIN_SYMBOLS.index(gives) if gives else -1,
        chain=CHAIN_SYMBOLS.index(needs) if needs else -1,
        produces=tuple(e["produce"].get(r, 0) for r in RESOURCES) if "produce" in e else None,
        choice=resource_mask(e["choice"]) if "choice" in e else 0,
        one_coin=resource_mask(e["trade_fix"]) if "trade_fix" in e else 0,
        shields=e.get("shields", 0),
        science=SYMBOLS.index(e["science"]) if "science" in e else -1,
        vp=e.get("vp", 0), gain=e.get("coins", 0), coins_per=_coins_per(e), guild=_guild(e),
    )
    for i, (cid, name, age, color, coins, letters, gives, needs, e) in enumerate(CARD_ROWS)
)
CARD_INDEX: dict[str, int] = {card.id: card.index for card in CARDS}
# The cards of each Age without the Guilds, and the Guilds.
AGE_CARDS: dict[int, tuple[int, ...]] = {
    age: tuple(c.index for c in CARDS if c.age == age and c.color != PURPLE) for age in (1, 2, 3)}
GUILDS: tuple[int, ...] = tuple(c.index for c in CARDS if c.color == PURPLE)

WONDERS: tuple[Wonder, ...] = tuple(
    Wonder(
        index=i, id=wid, name=name, resources=parse_cost(letters), vp=e.get("vp", 0),
        shields=e.get("shields", 0), gain=e.get("coins", 0), opponent_loses=e.get("opponent_loses", 0),
        choice=resource_mask(e["choice"]) if "choice" in e else 0, play_again=bool(e.get("play_again")),
        destroys=COLORS.index(e["destroy"]) if "destroy" in e else -1,
        mausoleum=bool(e.get("mausoleum")), great_library=bool(e.get("great_library")),
    )
    for i, (wid, name, letters, e) in enumerate(WONDER_ROWS)
)
WONDER_INDEX: dict[str, int] = {w.id: w.index for w in WONDERS}

TOKENS: tuple[Token, ...] = tuple(
    Token(index=i, id=tid, name=name, gain=e.get("coins", 0)) for i, (tid, name, e) in enumerate(TOKEN_ROWS)
)
TOKEN_INDEX: dict[str, int] = {t.id: t.index for t in TOKENS}

CARD_IDS: tuple[str, ...] = tuple(c.id for c in CARDS)
WONDER_IDS: tuple[str, ...] = tuple(w.id for w in WONDERS)
TOKEN_IDS: tuple[str, ...] = tuple(t.id for t in TOKENS)


@dataclass(frozen=True, slots=True)
class Layout:
    """The 20 slots of one Age's structure, in slot order (top row first, left to right)."""

    slots: tuple[tuple[int, int], ...]          # (row, column) of each slot
    covered_by: tuple[tuple[int, ...], ...]     # the slots lying on each slot
    covers: tuple[tuple[int, ...], ...]         # the slots each slot lies on
    face_up: tuple[bool, ...]                   # dealt face up (even rows)


def _layout(age: int) -> Layout:
    slots = tuple((r, c) for r, cols in enumerate(LAYOUTS[age]) for c in cols)
    where = {rc: i for i, rc in enumerate(slots)}
    def neighbours(r: int, c: int) -> tuple[int, ...]:
        return tuple(where[(r, c + d)] for d in (-1, 1) if (r, c + d) in where)

    covered_by = tuple(neighbours(r + 1, c) for r, c in slots)
    covers = tuple(neighbours(r - 1, c) for r, c in slots)
    return Layout(slots, covered_by, covers, tuple(r % 2 == 0 for r, _ in slots))


STRUCTURES: dict[int, Layout] = {age: _layout(age) for age in (1, 2, 3)}
SLOT_COUNT = 20
