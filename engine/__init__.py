"""Pure, deterministic rules engines for the 7 Wonders family (see :mod:`engine.api`)."""

from engine.api import (
    Action,
    Event,
    Game,
    GameSpec,
    IllegalAction,
    OptionSpec,
    catalog,
    kinds,
    new_game,
    replay,
    restore,
    sample,
    spec,
)

__all__ = [
    "Action", "Event", "Game", "GameSpec", "IllegalAction", "OptionSpec", "catalog", "kinds", "new_game",
    "replay", "restore", "sample", "spec",
]
