"""Test helpers: fixed setups through options, plus a few direct state set-ups for effect tests."""

from __future__ import annotations

from typing import Any

import engine
from engine.duel.effects import TURN
from engine.duel.game import DuelGame
from engine.duel.tables import AGE_CARDS, CARD_ID, CARD_INDEX, GUILDS, TOKEN_INDEX, WONDER_INDEX


def new(seed: int = 1, first_game: bool = True, **setup: Any) -> DuelGame:
    """A game through the public API; seat 0 is the first player unless ``setup`` says otherwise."""
    options: dict[str, Any] = {"setup": {"first_player": 0, **setup}}
    if first_game:
        options["first_game_wonders"] = True
    return engine.new_game("duel", seats=2, seed=seed, options=options)


def deck_for(age: int, front: list[str]) -> list[str]:
    """20 card ids of ``age`` with ``front`` in the last slots (accessible at the start)."""
    pool = [CARD_ID[c] for c in AGE_CARDS[age]] + ([CARD_ID[g] for g in GUILDS] if age == 3 else [])
    others = [c for c in pool if c not in front]
    return others[: 20 - len(front)] + list(front)


def jump(game: DuelGame, age: int, front: list[str], seat: int = 0) -> DuelGame:
    """Test-only: lay out ``age`` with ``front`` accessible and give ``seat`` the turn."""
    game.decks[age] = [CARD_INDEX[c] for c in deck_for(age, front)]
    game.phase = "play"
    game.deal(age)
    game.set_pending(seat, TURN, None)
    return game


def ready(front: list[str], age: int = 1, seat: int = 0, coins: int = 40) -> DuelGame:
    """A game at ``age`` with ``front`` accessible, ``seat`` to act, both players rich."""
    game = jump(new(), age, front, seat)
    game.coins[:] = [coins, coins]
    return game


def give(game: DuelGame, seat: int, *cards: str) -> None:
    """Test-only: put cards straight into a city (effects applied, events dropped)."""
    for card in cards:
        game.construct(seat, CARD_INDEX[card], False)
    game.ev = []


def give_token(game: DuelGame, seat: int, token: str) -> None:
    """Test-only: hand a Progress token to ``seat`` (effects applied, events dropped)."""
    game.gain_token(seat, TOKEN_INDEX[token])
    game.ev = []


def set_wonders(game: DuelGame, seat: int, *wonders: str) -> None:
    """Test-only: replace ``seat``'s (unbuilt) wonders."""
    game.wonders[seat] = [[WONDER_INDEX[w], 0, -1] for w in wonders]


def build(game: DuelGame, card: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Build ``card`` through the public API."""
    return game.apply(game.to_act()[0] if seat is None else seat, {"type": "build", "card": card})


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == kind]
