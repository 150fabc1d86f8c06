"""Pure, deterministic rules engines for the 7 Wonders family (see :mod:`engine.api`)."""

# First: choose the compiled fast path or plain Python, before any module that may be compiled is imported.
from engine.native import ENGINE_PATH

# isort: split
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
    "ENGINE_PATH", "Action", "Event", "Game", "GameSpec", "IllegalAction", "OptionSpec", "catalog", "kinds",
    "new_game", "replay", "restore", "sample", "spec",
]
