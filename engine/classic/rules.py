"""Entry points of the classic game for :mod:`engine.api`: ``new_game``, ``restore``, ``catalog``."""

from __future__ import annotations

from typing import Any

from engine.classic.catalog import catalog
from engine.classic.checks import check_choices
from engine.classic.game import ClassicGame
from engine.classic.resolve import start_age
from engine.classic.serial import load
from engine.classic.setup import new_state
from engine.classic.spec import SPEC


def new_game(seats: int, seed: int, options: dict[str, Any] | None = None) -> ClassicGame:
    """A new game for ``seats`` (2 = the 2-player variant with the Free City) from ``seed``."""
    state = new_state(seats, seed, options)
    start_age(state, [])
    return ClassicGame(state)


def restore(data: dict[str, Any]) -> ClassicGame:
    """The game saved by :meth:`ClassicGame.to_dict`."""
    game = ClassicGame(load(data))
    try:
        check_choices(game)
    except (KeyError, TypeError, IndexError, ValueError) as err:
        raise ValueError(f"corrupted classic save: {err}") from None
    return game


__all__ = ["SPEC", "catalog", "new_game", "restore"]
