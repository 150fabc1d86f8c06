"""The one game-agnostic interface that every game of the engine implements.

Host, bots and tests talk to games only through this module. A game is a plain Python
object with the methods of :class:`Game`; each game kind lives in its own package
(``engine.duel``, ``engine.classic``) whose ``rules`` module exposes three functions:

- ``new_game(seats: int, seed: int, options: dict | None) -> Game``
- ``restore(data: dict) -> Game``  (the inverse of ``Game.to_dict``)
- ``catalog(options: dict | None) -> dict``

Everything here is pure: no I/O, no clock, no asyncio. All randomness comes from the
game's seed, so the same (kind, seats, seed, options, action log) always gives the same game.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
Event = dict[str, Any]

GAME_MODULES: dict[str, str] = {
    "duel": "engine.duel.rules",
    "classic": "engine.classic.rules",
}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is left untouched."""


@runtime_checkable
class Game(Protocol):
    """What every game offers. Seats are integers ``0 .. seats-1``."""

    kind: str
    seats: int

    def to_act(self) -> list[int]:
        """Seats that must act now (several for simultaneous turns); empty when over."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, as plain JSON-able dicts with a ``"type"``."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; return public events, or raise :class:`IllegalAction`."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public view for the shared board)."""

    def is_over(self) -> bool:
        """True once the game has ended."""

    def result(self) -> dict[str, Any] | None:
        """Winners, victory type and the score pad per seat; ``None`` while playing."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON- and msgpack-safe snapshot that :func:`restore` turns back into this game."""

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action so far as ``[seat, action]`` pairs, oldest first."""


def _module(kind: str) -> Any:
    try:
        name = GAME_MODULES[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game kind {kind!r}; known: {sorted(GAME_MODULES)}") from None
    return importlib.import_module(name)


def new_game(kind: str, *, seats: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """Start a new game of ``kind`` for ``seats`` players from ``seed`` and ``options``."""
    return _module(kind).new_game(seats, seed, options)


def restore(data: dict[str, Any]) -> Game:
    """Rebuild a game from :meth:`Game.to_dict` output."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError("not a saved game: a dict with a 'kind' is expected")
    return _module(data["kind"]).restore(data)


def replay(
    kind: str,
    *,
    seats: int,
    seed: int,
    options: dict[str, Any] | None,
    log: list[list[Any]],
) -> Game:
    """Rebuild a game by replaying an action log from its setup."""
    game = new_game(kind, seats=seats, seed=seed, options=options)
    for seat, action in log:
        game.apply(seat, action)
    return game


def catalog(kind: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card, wonder and token of ``kind`` as plain dicts (public data)."""
    return _module(kind).catalog(options)
