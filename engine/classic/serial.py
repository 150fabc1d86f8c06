"""Snapshots: a classic game's state as JSON/msgpack-safe data (string ids, string keys) and back."""

from __future__ import annotations

import copy
from typing import Any

from engine.classic import compiled as C
from engine.classic.actions import TYPE_INDEX, TYPES
from engine.classic.checks import check_state
from engine.classic.state import State

FORMAT = 1


def _ids(cards: list[int]) -> list[str]:
    return [C.CARD_ID[c] for c in cards]


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"a list is expected, not {type(value).__name__}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"an int is expected, not {value!r}")
    return value


def _ints(values: Any) -> list[int]:
    return [_int(v) for v in _list(values)]


def _idx(ids: Any) -> list[int]:
    return [C.CARD_INDEX[c] for c in _list(ids)]


def _choice(entry: Any) -> dict[str, Any] | None:
    if entry is None:
        return None
    action, (kind, card, left, right, bank, how) = entry
    return {"action": copy.deepcopy(action), "plan": [TYPES[kind], C.CARD_ID[card], left, right, bank, how]}


def _unchoice(data: Any) -> Any:
    if data is None:
        return None
    kind, card, left, right, bank, how = _list(data["plan"])
    if not isinstance(data["action"], dict) or not isinstance(how, str):
        raise ValueError("a stored choice is an action dict and a plan")
    plan = (TYPE_INDEX[kind], C.CARD_INDEX[card], _int(left), _int(right), _int(bank), how)
    return (dict(data["action"]), plan)


def dump(s: State) -> dict[str, Any]:
    """The whole state as plain data."""
    return {
        "kind": "classic",
        "format": FORMAT,
        "seats": s.seats,
        "seed": s.seed,
        "options": copy.deepcopy(s.options),
        "boards": [C.BS_ID[b] for b in s.boards],
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
        "copies": [C.CARD_ID[c] if c >= 0 else None for c in s.copies],
        "log": [[seat, copy.deepcopy(action)] for seat, action in s.log],
        "result": copy.deepcopy(s.result),
    }


def load(data: dict[str, Any]) -> State:
    """Rebuild a :class:`State` from :func:`dump` output (ValueError if it is not a valid snapshot)."""
    try:
        if data.get("kind") != "classic" or data.get("format") != FORMAT:
            raise ValueError("not a classic save of a known format")
        if not isinstance(data["options"], dict):
            raise ValueError("'options' must be a dict")
        s = State(_int(data["seats"]), data["seed"], dict(data["options"]),
                  [C.BS_ID.index(b) for b in _list(data["boards"])], [_idx(d) for d in _list(data["decks"])])
        if len(s.boards) != s.n or len(s.decks) != 3:
            raise ValueError("wrong number of boards or decks")
        s.age, s.turn, s.phase = _int(data["age"]), _int(data["turn"]), data["phase"]
        s.hands = [_idx(h) for h in _list(data["hands"])]
        s.pile = _idx(data["pile"])
        s.controller = _int(data["controller"])
        s.coins = _ints(data["coins"])
        s.built = [_idx(b) for b in _list(data["built"])]
        s.stages = _ints(data["stages"])
        s.stage_cards = [_idx(b) for b in _list(data["stage_cards"])]
        s.tokens = [_ints(ts) for ts in _list(data["tokens"])]
        s.discard = _idx(data["discard"])
        s.olympia_used = _ints(data["olympia_used"])
        s.choices = [_unchoice(c) for c in _list(data["choices"])]
        s.fc_choice = _unchoice(data["fc_choice"])
        s.queue = [[k, _int(c)] for k, c in _list(data["queue"])]
        s.copies = [C.CARD_INDEX[c] if c is not None else -1 for c in _list(data["copies"])]
        s.log = [[_int(seat), dict(action)] for seat, action in _list(data["log"])]
        s.result = copy.deepcopy(data["result"])
        s.reset_caches()
        s.turn_disc = [_ints(d) for d in _list(data["turn_disc"])]
        check_state(s)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as err:
        raise ValueError(f"corrupted classic save: {err}") from None
    return s
