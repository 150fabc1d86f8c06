"""Snapshots: a classic game's state as JSON/msgpack-safe data (string ids, string keys) and back."""

from __future__ import annotations

import copy
from typing import Any

from engine.classic import tables as T
from engine.classic.options import TYPE_INDEX, TYPES
from engine.classic.state import State

FORMAT = 1


def _ids(cards: list[int]) -> list[str]:
    return [T.CARD_ID[c] for c in cards]


def _idx(ids: list[str]) -> list[int]:
    return [T.CARD_INDEX[c] for c in ids]


def _choice(entry: Any) -> dict[str, Any] | None:
    if entry is None:
        return None
    action, (kind, card, left, right, bank, how) = entry
    return {"action": copy.deepcopy(action), "plan": [TYPES[kind], T.CARD_ID[card], left, right, bank, how]}


def _unchoice(data: Any) -> Any:
    if data is None:
        return None
    kind, card, left, right, bank, how = data["plan"]
    plan = (TYPE_INDEX[kind], T.CARD_INDEX[card], int(left), int(right), int(bank), str(how))
    return (dict(data["action"]), plan)


def dump(s: State) -> dict[str, Any]:
    """The whole state as plain data."""
    return {
        "kind": "classic",
        "format": FORMAT,
        "seats": s.seats,
        "seed": s.seed,
        "options": copy.deepcopy(s.options),
        "boards": [T.BS_ID[b] for b in s.boards],
        "decks": [_ids(d) for d in s.decks],
        "age": s.age,
        "turn": s.turn,
        "phase": s.phase,
        "hands": [_ids(h) for h in s.hands],
        "pile": _ids(s.pile),
        "controller": s.controller,
        "coins": list(s.coins),
        "built": [_ids(b) for b in s.built],
        "stages": list(s.stages),
        "stage_cards": [_ids(b) for b in s.stage_cards],
        "tokens": [list(t) for t in s.tokens],
        "discard": _ids(s.discard),
        "olympia_used": list(s.olympia_used),
        "turn_disc": [list(d) for d in s.turn_disc],
        "choices": [_choice(c) for c in s.choices],
        "fc_choice": _choice(s.fc_choice),
        "queue": [list(q) for q in s.queue],
        "copies": [T.CARD_ID[c] if c >= 0 else None for c in s.copies],
        "log": [[seat, copy.deepcopy(action)] for seat, action in s.log],
        "result": copy.deepcopy(s.result),
    }


def load(data: dict[str, Any]) -> State:
    """Rebuild a :class:`State` from :func:`dump` output (ValueError if it is not a valid snapshot)."""
    try:
        if data.get("kind") != "classic" or data.get("format") != FORMAT:
            raise ValueError("not a classic save of a known format")
        s = State(int(data["seats"]), data["seed"], dict(data["options"]),
                  [T.BS_ID.index(b) for b in data["boards"]], [_idx(d) for d in data["decks"]])
        if len(s.boards) != s.n or len(s.decks) != 3:
            raise ValueError("wrong number of boards or decks")
        s.age, s.turn, s.phase = int(data["age"]), int(data["turn"]), str(data["phase"])
        s.hands = [_idx(h) for h in data["hands"]]
        s.pile = _idx(data["pile"])
        s.controller = int(data["controller"])
        s.coins = [int(c) for c in data["coins"]]
        s.built = [_idx(b) for b in data["built"]]
        s.stages = [int(k) for k in data["stages"]]
        s.stage_cards = [_idx(b) for b in data["stage_cards"]]
        s.tokens = [[int(t) for t in ts] for ts in data["tokens"]]
        s.discard = _idx(data["discard"])
        s.olympia_used = [int(a) for a in data["olympia_used"]]
        s.choices = [_unchoice(c) for c in data["choices"]]
        s.fc_choice = _unchoice(data["fc_choice"])
        s.queue = [[str(k), int(c)] for k, c in data["queue"]]
        s.copies = [T.CARD_INDEX[c] if c is not None else -1 for c in data["copies"]]
        s.log = [[int(seat), dict(action)] for seat, action in data["log"]]
        s.result = copy.deepcopy(data["result"])
        if len(s.hands) != s.seats or len(s.coins) != s.n or len(s.built) != s.n:
            raise ValueError("sizes do not match the number of seats")
        s.reset_caches()
        s.turn_disc = [[int(m) for m in d] for d in data["turn_disc"]]
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as err:
        raise ValueError(f"corrupted classic save: {err}") from None
    return s
