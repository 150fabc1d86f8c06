"""Pure, deterministic rules engines for the 7 Wonders family (see :mod:`engine.api`)."""

from engine.api import Action, Event, Game, IllegalAction, catalog, new_game, replay, restore

__all__ = ["Action", "Event", "Game", "IllegalAction", "catalog", "new_game", "replay", "restore"]
