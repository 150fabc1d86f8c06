"""Saving and restoring a Duel game.

A save is the engine's one save format (:func:`engine.api.save`, version 2): ``{"kind": "duel",
"version": 2, "seats": 2, "seed", "options", "log", "digest"}``: the seed and options rebuild the setup,
the log is replayed on it (by :func:`engine.api.restore`), and ``digest`` (a hash of the complete state the
replay must reach) turns a corrupted save into a ValueError instead of a silently different game.

Version 1 saves (the format before the state rewrite) carried the complete state itself under
``"state"``; they still load (:func:`restore`): the log is replayed and the state compared with
:func:`legacy_state`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.api import IllegalAction
from engine.api import save as save_game
from engine.duel.actions import apply_action
from engine.duel.material import CARD_IDS, TOKEN_IDS, WONDER_IDS
from engine.duel.state import (
    CHOOSE_START,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS,
    TURN,
    DuelState,
)

LEGACY_VERSION = 1


def _cards(ids: list[int] | tuple[int, ...]) -> list[str]:
    return [CARD_IDS[c] for c in ids]


def _tokens(ids: list[int] | tuple[int, ...]) -> list[str]:
    return [TOKEN_IDS[t] for t in ids]


def _pending_options(state: DuelState) -> list[Any]:
    kind, options = state.pending, state.pending_options
    if kind is DRAFT_WONDER:
        return [WONDER_IDS[w] for w in options]
    if kind is PROGRESS or kind is GREAT_LIBRARY:
        return _tokens(options)
    if kind is DESTROY or kind is MAUSOLEUM:
        return _cards(options)
    return list(options)


def describe(state: DuelState) -> dict[str, Any]:
    """The complete state (hidden parts included) as new JSON-safe data in ids. Never send it to a client."""
    structure = state.structure
    return {
        "phase": state.phase,
        "age": state.age,
        "first_player": state.first_player,
        "last_active": state.last_active,
        "pending": {"seat": state.pending_seat, "kind": state.pending.value if state.pending else None,
                    "options": _pending_options(state)},
        "draft": {"order": [WONDER_IDS[w] for w in state.setup.wonders], "picks": state.draft_picks,
                  "offer": [WONDER_IDS[w] for w in state.draft_offer]},
        "decks": {str(a): _cards(state.setup.decks[a]) for a in (1, 2, 3)},
        "removed": {str(a): _cards(state.setup.removed[a]) for a in (1, 2, 3)},
        "structure": {"cards": _cards(structure.cards), "taken": structure.taken[:],
                      "face_up": structure.face_up[:], "accessible": structure.accessible[:],
                      "left": structure.left, "to_reveal": structure.to_reveal[:]},
        "cities": [{
            "coins": city.coins, "cards": _cards(city.cards),
            "wonders": [[WONDER_IDS[o.wonder], o.age, CARD_IDS[o.tucked_card] if o.age else None]
                        for o in city.wonders],
            "progress": _tokens(city.progress), "science_symbols": city.science_symbols,
            "choices": city.choices[:], "shields": city.shields,
        } for city in state.cities],
        "pawn": state.pawn,
        "military_tokens": state.military_tokens[:],
        "progress_board": _tokens(state.progress_board),
        "progress_removed": _tokens(state.progress_removed),
        "library": {"seat": state.library_seat, "returned": _tokens(state.library_returned)},
        "discard": _cards(state.discard),
        "boxed_wonder": WONDER_IDS[state.boxed_wonder] if state.boxed_wonder >= 0 else None,
        "wonders_built": state.wonders_built,
        "play_again": state.play_again,
        "result": state.result,
    }


def digest(state: DuelState) -> str:
    """A short hash of :func:`describe` (equal states, equal digests)."""
    import hashlib  # here, not at the top: loading it costs more than a game, and only saves need it
    import json

    text = json.dumps(describe(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def save(state: DuelState) -> dict[str, Any]:
    """A JSON- and msgpack-safe dict that :func:`engine.api.restore` turns back into the same game."""
    return save_game("duel", seats=2, seed=state.seed, options=state.options, log=state.log,
                     digest=digest(state))


# Version 1 numbered the pending decisions; -1 was "none, the game is over".
LEGACY_PENDING = {DRAFT_WONDER: 0, TURN: 1, PROGRESS: 2, GREAT_LIBRARY: 3,
                  DESTROY: 4, MAUSOLEUM: 5, CHOOSE_START: 6}


def legacy_state(state: DuelState) -> dict[str, Any]:
    """The ``"state"`` a version 1 save held for this state (to check old saves against their log)."""
    structure = state.structure
    kind = state.pending
    options = None if kind is None or kind is TURN else list(state.pending_options)
    return {
        "phase": state.phase,
        "age": state.age,
        "first_player": state.first_player,
        "pending": [state.pending_seat, -1 if kind is None else LEGACY_PENDING[kind], options],
        "draft": [state.draft_picks, [WONDER_IDS[w] for w in state.draft_offer]],
        "draft_order": [WONDER_IDS[w] for w in state.setup.wonders],
        "decks": {str(a): _cards(state.setup.decks[a]) for a in (1, 2, 3)},
        "structure": [_cards(structure.cards), structure.taken, structure.face_up, structure.accessible,
                      structure.left],
        "coins": [city.coins for city in state.cities],
        "cities": [_cards(city.cards) for city in state.cities],
        "wonders": [[[WONDER_IDS[o.wonder], o.age, CARD_IDS[o.tucked_card] if o.age else None]
                     for o in city.wonders] for city in state.cities],
        "progress": [_tokens(city.progress) for city in state.cities],
        "progress_board": _tokens(state.progress_board),
        "progress_removed": _tokens(state.progress_removed),
        "pawn": state.pawn,
        "military_tokens": state.military_tokens,
        "discard": _cards(state.discard),
        "boxed": WONDER_IDS[state.boxed_wonder] if state.boxed_wonder >= 0 else None,
        "replay": state.play_again,
        "last_active": state.last_active,
        "result": _legacy_result(state.result),
    }


def _legacy_result(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """A result as version 1 saved it (without the sources of the points, added since)."""
    return None if result is None else {k: v for k, v in result.items() if k != "sources"}


def restore(data: Any, new_state: Callable[[Any, Any], DuelState]) -> DuelState:
    """The state of a version 1 save (the current version is restored by :func:`engine.api.restore`);
    ValueError if anything does not fit. ``new_state(seed, options)`` starts the game its log is replayed
    on (it checks the seed and the options)."""
    if not isinstance(data, dict):
        raise ValueError("not a saved duel game: a dict is expected")
    version = data.get("version")
    if data.get("kind") != "duel" or type(version) is not int or version != LEGACY_VERSION \
            or data.get("seats") != 2:
        raise ValueError("not a saved duel game (kind 'duel', version 1 or 2, 2 seats expected)")
    log = data.get("log")
    if not isinstance(log, list):
        raise ValueError("saved duel game: 'log' (a list) is required")
    if "state" not in data:
        raise ValueError("saved duel game of version 1: 'state' is required")
    state = new_state(data.get("seed"), data.get("options"))
    for i, entry in enumerate(log):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"saved duel game: log entry {i} is not a [seat, action] pair")
        try:
            apply_action(state, entry[0], entry[1])
        except IllegalAction as exc:
            raise ValueError(f"saved duel game: log entry {i} is illegal: {exc}") from None
    if _plain(legacy_state(state)) != _plain(data["state"]):
        raise ValueError("saved duel game: the state does not match its action log")
    return state


def _plain(value: Any) -> Any:
    """Normalise tuples to lists so JSON/msgpack round trips compare equal."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
