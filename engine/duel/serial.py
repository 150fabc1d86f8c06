"""Saving and restoring a Duel game.

A snapshot holds the seed, options and action log (which rebuild the game exactly) plus the full
state in plain data. ``restore`` replays the log and checks the result against the saved state, so a
corrupted save raises ValueError instead of giving a half-built or silently different game.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.api import IllegalAction
from engine.duel.tables import CARD_ID, TOKEN_ID, WONDER_ID

VERSION = 1


def state_of(game: Any) -> dict[str, Any]:
    """The complete state (hidden parts included) as JSON-safe data."""
    def cards(ids: list[int]) -> list[str]:
        return [CARD_ID[c] for c in ids]

    return {
        "phase": game.phase,
        "age": game.age,
        "first_player": game.first_player,
        "pending": [game.pend_seat, game.pend_kind, game.pend_opts],
        "draft": [game.draft_pick, [WONDER_ID[w] for w in game.draft_avail]],
        "draft_order": [WONDER_ID[w] for w in game.draft_order],
        "decks": {str(a): cards(game.decks[a]) for a in (1, 2, 3)},
        "structure": [cards(game.slot_card), game.taken, game.faceup, game.access, game.left],
        "coins": game.coins,
        "cities": [cards(game.cards[s]) for s in (0, 1)],
        "wonders": [[[WONDER_ID[w], age, CARD_ID[c] if c >= 0 else None] for w, age, c in game.wonders[s]]
                    for s in (0, 1)],
        "progress": [[TOKEN_ID[t] for t in game.tokens[s]] for s in (0, 1)],
        "progress_board": [TOKEN_ID[t] for t in game.board_tokens],
        "progress_removed": [TOKEN_ID[t] for t in game.removed_tokens],
        "pawn": game.pawn,
        "military_tokens": game.mtokens,
        "discard": cards(game.discard),
        "boxed": WONDER_ID[game.boxed] if game.boxed >= 0 else None,
        "replay": game.replay,
        "last_active": game.last_active,
        "result": game.outcome,
    }


def snapshot(game: Any) -> dict[str, Any]:
    """A JSON- and msgpack-safe dict that :func:`restore` turns back into the same game."""
    return copy.deepcopy({
        "kind": "duel",
        "version": VERSION,
        "seats": 2,
        "seed": game.seed,
        "options": game.options,
        "log": game.log,
        "state": state_of(game),
    })


def restore(data: Any) -> Any:
    """Rebuild a game from :func:`snapshot` output; ValueError if anything does not fit."""
    from engine.duel.rules import new_game

    if not isinstance(data, dict):
        raise ValueError("not a saved duel game: a dict is expected")
    if data.get("kind") != "duel" or data.get("version") != VERSION or data.get("seats") != 2:
        raise ValueError("not a saved duel game (kind 'duel', version 1, 2 seats expected)")
    log = data.get("log")
    if not isinstance(log, list) or "state" not in data:
        raise ValueError("saved duel game: 'log' (a list) and 'state' are required")
    game = new_game(2, data.get("seed"), data.get("options"))
    for i, entry in enumerate(log):
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise ValueError(f"saved duel game: log entry {i} is not a [seat, action] pair")
        try:
            game.apply(entry[0], entry[1])
        except IllegalAction as exc:
            raise ValueError(f"saved duel game: log entry {i} is illegal: {exc}") from None
    if _plain(state_of(game)) != _plain(data["state"]):
        raise ValueError("saved duel game: the state does not match its action log")
    return game


def _plain(value: Any) -> Any:
    """Normalise tuples to lists so JSON/msgpack round trips compare equal."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
