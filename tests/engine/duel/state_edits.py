"""The former test helpers that edit a Duel game's state directly (tests only).

They reach positions the ``position`` option refuses as impossible (a city with fewer than 4 Wonders, an
Age II discard pile without Age I's cards, cards of a later Age, a given card's immediate effects): the
tests still written on them have not been moved to :mod:`tests.engine.duel.helpers` yet. New tests use
those helpers, which go through the public option.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.duel.effects import construct, gain_token
from engine.duel.flow import deal, set_pending
from engine.duel.game import DuelGame
from engine.duel.material import AGE_CARDS, CARD_IDS, CARD_INDEX, GUILDS, TOKEN_INDEX, WONDER_INDEX
from engine.duel.state import TURN, OwnedWonder


def new(seed: int = 1, first_game: bool = True, **setup: Any) -> DuelGame:
    """A game through the public API; seat 0 is the first player unless ``setup`` says otherwise."""
    options: dict[str, Any] = {"setup": {"first_player": 0, **setup}}
    if first_game:
        options["first_game_wonders"] = True
    game = engine.new_game("duel", seats=2, seed=seed, options=options)
    assert isinstance(game, DuelGame)
    return game


def deck_for(age: int, front: list[str]) -> list[str]:
    """20 card ids of ``age`` with ``front`` in the last slots (accessible at the start)."""
    pool = [CARD_IDS[c] for c in AGE_CARDS[age]] + ([CARD_IDS[g] for g in GUILDS] if age == 3 else [])
    others = [c for c in pool if c not in front]
    return others[: 20 - len(front)] + list(front)


def lay_out(game: DuelGame, age: int, deck: list[str]) -> DuelGame:
    """Test-only: deal ``deck`` (20 ids in slot order) as the structure of ``age``."""
    state = game.state
    state.setup = state.setup._replace(decks={**state.setup.decks, age: tuple(CARD_INDEX[c] for c in deck)})
    state.phase = "play"
    deal(state, age)
    return game


def jump(game: DuelGame, age: int, front: list[str], seat: int = 0) -> DuelGame:
    """Test-only: lay out ``age`` with ``front`` accessible and give ``seat`` the turn."""
    lay_out(game, age, deck_for(age, front))
    give_turn(game, seat)
    return game


def give_turn(game: DuelGame, seat: int) -> None:
    """Test-only: ``seat`` is to play a turn now."""
    set_pending(game.state, seat, TURN)


def ready(front: list[str], age: int = 1, seat: int = 0, coins: int = 40) -> DuelGame:
    """A game at ``age`` with ``front`` accessible, ``seat`` to act, both players rich."""
    game = jump(new(), age, front, seat)
    set_coins(game, coins, coins)
    return game


def coins(game: DuelGame) -> list[int]:
    """Both seats' coins, from the public view."""
    return [p["coins"] for p in game.view(None)["players"]]


def set_coins(game: DuelGame, *purses: int | None) -> None:
    """Test-only: set the coins of seat 0 and seat 1 (``None`` keeps them)."""
    for city, amount in zip(game.state.cities, purses, strict=False):
        if amount is not None:
            city.coins = amount


def pawn(game: DuelGame) -> int:
    """The pawn's position, from the public view."""
    pos: int = game.view(None)["military"]["pawn"]
    return pos


def set_pawn(game: DuelGame, position: int) -> None:
    """Test-only: put the conflict pawn on ``position``."""
    game.state.pawn = position


def give(game: DuelGame, seat: int, *cards: str) -> None:
    """Test-only: put cards straight into a city (effects applied, events dropped)."""
    for card in cards:
        construct(game.state, seat, CARD_INDEX[card], False, [])


def give_token(game: DuelGame, seat: int, token: str) -> None:
    """Test-only: hand a Progress token to ``seat`` (effects applied, events dropped)."""
    gain_token(game.state, seat, TOKEN_INDEX[token], [])


def set_wonders(game: DuelGame, seat: int, *wonders: str, built: int = 0) -> None:
    """Test-only: replace ``seat``'s Wonders (the first ``built`` of them built with an Age I card)."""
    game.state.cities[seat].wonders = [
        OwnedWonder(WONDER_INDEX[w], 1, 0) if i < built else OwnedWonder(WONDER_INDEX[w])
        for i, w in enumerate(wonders)]


def build(game: DuelGame, card: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Build ``card`` through the public API."""
    return game.apply(game.to_act()[0] if seat is None else seat, {"type": "build", "card": card})


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == kind]
