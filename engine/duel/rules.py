"""Entry points used by engine.api: SPEC, new_game, restore, catalog."""

from __future__ import annotations

import copy
from typing import Any

from engine.duel.catalog import build_catalog
from engine.duel.game import DuelGame
from engine.duel.serial import restore as _restore
from engine.duel.setup import check_options, check_seed, draw_setup
from engine.duel.spec import SPEC


def new_game(seats: int, seed: int, options: dict[str, Any] | None) -> DuelGame:
    """A new Duel game for 2 seats from ``seed`` and ``options`` (see docs/duel.md)."""
    if seats != 2 or isinstance(seats, bool):
        raise ValueError(f"7 Wonders Duel is for exactly 2 seats, not {seats!r}")
    seed = check_seed(seed)
    opts = {} if options is None else copy.deepcopy(check_options(options))
    return DuelGame(seed, opts, draw_setup(seed, opts))


def restore(data: dict[str, Any]) -> DuelGame:
    """Rebuild a game from ``DuelGame.to_dict()`` output."""
    return _restore(data)


def catalog(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card, guild, wonder and progress token as plain dicts."""
    return build_catalog()


__all__ = ["SPEC", "catalog", "new_game", "restore"]
