"""Helpers for Cities tests: a game with the expansion, one build, the debt decisions (tests only)."""

from __future__ import annotations

from typing import Any

from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.rules import new_game
from tests.engine.classic.helpers import arrange

# Built cards making 1 and 2 units of a resource letter (Age I and Age II, 3 players)
PRODUCERS = {
    "W": ["a1_lumber_yard", "a2_sawmill"], "S": ["a1_stone_pit", "a2_quarry"],
    "C": ["a1_clay_pool", "a2_brickyard"], "O": ["a1_ore_vein", "a2_foundry"],
    "G": ["a1_glassworks"], "P": ["a1_press"], "T": ["a1_loom"],
}


def cities_game(boards: list[str], sides: str | list[str] = "A", seed: int = 0,
                teams: bool = False) -> ClassicGame:
    """A new Cities game with the given board per city (and side, or one side per city)."""
    side_list = [sides] * len(boards) if isinstance(sides, str) else sides
    wonders = [{"board": b, "side": s} for b, s in zip(boards, side_list, strict=True)]
    options: dict[str, Any] = {"wonders": wonders, "cities": True}
    if teams:
        options["teams"] = True
    return new_game(len(boards), seed, options)


def build_action(game: ClassicGame, seat: int, card: str, kind: str = "build") -> dict[str, Any]:
    """The cheapest legal ``kind`` action of ``seat`` with ``card``."""
    return next(a for a in game.legal_actions(seat) if a["type"] == kind and a["card"] == card)


def play_turn(game: ClassicGame, plays: dict[int, tuple[str, str]]) -> list[dict[str, Any]]:
    """Every seat of ``plays`` plays (kind, card) the cheapest way; every other seat discards its first
    card."""
    events: list[dict[str, Any]] = []
    for seat in range(game.seats):
        if seat in plays:
            kind, card = plays[seat]
            events = game.apply(seat, build_action(game, seat, card, kind))
        else:
            events = game.apply(seat, {"type": "discard", "card": game.view(seat)["hand"][0]})
    return events


def settle(game: ClassicGame, pays: dict[int, int] | None = None) -> None:
    """Every seat settling a coin loss pays ``pays[seat]`` coins, else the first offer (as much as it can)."""
    pays = pays or {}
    while game.state.phase == "debt":
        seat = game.waiting()[0]
        action = {"type": "pay_debt", "coins": pays[seat]} if seat in pays else game.legal_actions(seat)[0]
        game.apply(seat, action)


def producers(letters: str, age: int) -> list[str]:
    """Built cards making exactly ``letters`` (at most 3 units of a raw material, 1 of a good; Age II
    cards from Age II on)."""
    cards: list[str] = []
    for letter in sorted(set(letters)):
        n = letters.count(letter)
        single, *double = PRODUCERS[letter]
        picks = {1: [single], 2: double, 3: [single, *double]}.get(n, [])
        if age == 1 and picks != [single]:
            picks = []
        assert sum(1 + (c in double) for c in picks) == n, f"no cards make {n} {letter} in Age {age}"
        cards += picks
    return cards


def cost_letters(card: str) -> str:
    """The resource letters ``card`` costs."""
    need = C.CARD_NEED[C.CARD_INDEX[card]]
    return "".join(letter * n for letter, n in zip("WSCOGTP", need, strict=True))


def black_position(card: str, age: int, coins: int | list[int] = 10,
                   built: dict[int, list[str]] | None = None, **arranged: Any) -> ClassicGame:
    """A 3-seat Cities game (Giza, Rhodes, Ephesus) at turn 2 of ``age`` where every seat has ``coins`` (or
    each its own) and seat 0 holds ``card`` (unless it has built it) and has built the cards making its
    resources besides Giza's stone (and ``built[0]``)."""
    game = cities_game(["giza", "rhodes", "ephesus"])
    built = dict(built or {})
    own = built.get(0, [])
    need = cost_letters(card).replace("S", "", 1)
    built[0] = producers(need, age) + own
    hand = [] if card in own else [card]
    purses = coins if isinstance(coins, list) else [coins] * 3
    arrange(game, hands=[hand, [], []], coins=purses, age=age, turn=2, built=built, **arranged)
    return game
