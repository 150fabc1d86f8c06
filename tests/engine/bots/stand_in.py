"""A stand-in for ``engine.sample`` in tests, until the engine implements it (issue 9).

It returns a copy of the REAL game, hidden cards included, so a search given it sees everything: it is
only used to run the searches' machinery on the real rules (legal actions, clones, playouts through
simultaneous turns, the Free City and pending choices), never to judge their play or honesty.
Copies are made by replaying the save (``restore(to_dict())``), the slow way ``Game.clone`` replaces.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.api import Game


class ReplayedCopy:
    """A real game whose ``clone`` replays its save."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.kind = game.kind
        self.seats = game.seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def clone(self) -> Game:
        return ReplayedCopy(engine.restore(self.game.to_dict()))


class RealGameStandIn:
    """A sampler that ignores the view and the seed and hands out copies of ``game`` (see the module)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.calls = 0

    def __call__(self, view: dict[str, Any], *, seed: int) -> Game:
        assert view == self.game.view(view["seat"])
        self.calls += 1
        return ReplayedCopy(engine.restore(self.game.to_dict()))
