"""Entry points used by engine.api: SPEC, new_game, restore, catalog and sample."""

from __future__ import annotations

import copy
import json
from typing import Any, ClassVar

from engine.duel.catalog import build_catalog
from engine.duel.flow import begin_play, open_draft_round
from engine.duel.game import DuelGame
from engine.duel.position import position_state
from engine.duel.sampling import DuelSampler, sample_state
from engine.duel.serial import digest as digest_state
from engine.duel.serial import restore as restore_state
from engine.duel.setup import Setup, check_options, check_seed, draw_setup
from engine.duel.spec import SPEC
from engine.duel.state import OwnedWonder, new_state


def new_game(seats: int, seed: int, options: dict[str, Any] | None) -> DuelGame:
    """A new Duel game for 2 seats from ``seed`` and ``options`` (see docs/duel.md)."""
    if seats != 2 or isinstance(seats, bool):
        raise ValueError(f"7 Wonders Duel is for exactly 2 seats, not {seats!r}")
    seed = check_seed(seed)
    options = check_options(options)
    if "sample_of" in options:
        return DuelGame(sample_state(_own_copy(options["sample_of"]), seed))
    opts = copy.deepcopy(options)
    if "position" in opts:
        return DuelGame(position_state(seed, opts, draw_setup(seed, opts)))
    return start(seed, opts, draw_setup(seed, opts))


def _own_copy(view: Any) -> Any:
    """A private copy of a view (plain JSON data, so a JSON round trip is the fastest deep copy)."""
    try:
        return json.loads(json.dumps(view))
    except (TypeError, ValueError):
        raise ValueError("sample_of: a view is plain JSON data") from None


def start(seed: int, options: dict[str, Any], setup: Setup) -> DuelGame:
    """The game at its first decision: the draft's first pick, or Age I with the first-game Wonders."""
    state = new_state(seed, options, setup)
    if options.get("first_game_wonders"):
        a = state.first_player
        state.cities[a].wonders = [OwnedWonder(w) for w in setup.wonders[:4]]
        state.cities[1 - a].wonders = [OwnedWonder(w) for w in setup.wonders[4:]]
        state.draft_picks = 8
        begin_play(state, [])
    else:
        open_draft_round(state)
    return DuelGame(state)


def restore(data: dict[str, Any]) -> DuelGame:
    """Rebuild a game from a version 1 save (engine.api restores the current version by replay)."""
    return DuelGame(restore_state(data, lambda seed, options: new_game(2, seed, options).state))


def digest(game: DuelGame) -> str:
    """A hash of the whole state (written in saves; engine.api checks it at restore)."""
    return digest_state(game.state)


def sample(view: dict[str, Any], seed: int) -> DuelGame:
    """A whole game consistent with one seat's ``view``: what that seat cannot see is drawn at random.

    ``sample(v, seed).view(v["seat"]) == v``; the same ``(v, seed)`` gives the same game. The game's
    save is ``options={"sample_of": v}`` with ``seed`` and its own log.
    """
    seed = check_seed(seed)
    return DuelGame(_sampler_for(view).draw(seed))


class _LastSampler:
    """The sampler of the last view sampled: a search samples one view many times, and comparing a view
    with the sampler's copy (a C-level walk) costs a fraction of reading and checking it again."""

    sampler: ClassVar[DuelSampler | None] = None


def _sampler_for(view: Any) -> DuelSampler:
    """The sampler of ``view`` (ValueError if no game shows it): the last one if it was of an equal view."""
    last = _LastSampler.sampler
    if last is not None and isinstance(view, dict) and view == last.view:
        return last
    sampler = _LastSampler.sampler = DuelSampler(_own_copy(view))
    return sampler


def catalog(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card, guild, wonder and progress token as plain dicts."""
    return build_catalog()


__all__ = ["SPEC", "catalog", "digest", "new_game", "restore", "sample"]
