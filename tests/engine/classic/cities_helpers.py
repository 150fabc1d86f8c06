"""Helpers for Cities tests: a game with the expansion, one build, the debt decisions (tests only)."""

from __future__ import annotations

from typing import Any

from engine.classic.game import ClassicGame
from engine.classic.rules import new_game
from tests.engine.classic.helpers import force_production
from tests.engine.classic.state_edits import arrange

ALL_RESOURCES = "WWSSCCOOGGTTPP"


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


def black_position(card: str, age: int, coins: int = 10, **arranged: Any) -> ClassicGame:
    """A 3-seat Cities game in ``age`` where seat 0 holds ``card`` and produces every resource (a state
    edit: its short hands of Age I cards in any Age are no possible position)."""
    game = cities_game(["giza", "rhodes", "ephesus"])
    hands = [[card, "a1_altar"], ["a1_loom", "a1_press"], ["a1_loom", "a1_theater"]]
    arrange(game, hands=hands, coins=[coins] * 3, age=age, **arranged)
    force_production(game, 0, ALL_RESOURCES)
    return game
