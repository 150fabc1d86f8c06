"""Entry points of the classic game for :mod:`engine.api`: new_game, restore, catalog, sample."""

from __future__ import annotations

from typing import Any

from engine.classic.catalog import catalog
from engine.classic.game import ClassicGame
from engine.classic.legacy import restore
from engine.classic.position import position_state
from engine.classic.resolve import start_age
from engine.classic.sample import sample
from engine.classic.setup import check_options, make_deal
from engine.classic.spec import SPEC
from engine.classic.state import State


def new_game(seats: int, seed: int, options: dict[str, Any] | None = None) -> ClassicGame:
    """A new game for ``seats`` (2 = the 2-player variant with the Free City) from ``seed``."""
    options = check_options(seats, options)
    if options.get("position") is not None:
        return ClassicGame(position_state(seats, seed, options))
    state = State.start(seats, seed, options, make_deal(seats, seed, options))
    start_age(state, [])
    return ClassicGame(state)


__all__ = ["SPEC", "catalog", "new_game", "restore", "sample"]
