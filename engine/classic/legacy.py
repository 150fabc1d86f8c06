"""Saves of the first classic format (``"format": 1``: every field of the state plus the action log).

They are loaded by replaying their log from their seed and options, like the current format, and the
replayed game must agree with the fields they saved (else ``ValueError``: the save is corrupted).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from engine.api import read_save, replay_save, save
from engine.classic import compiled as C
from engine.classic.game import ClassicGame

FORMAT = 1


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """The current-format save of a format 1 save (its seats, seed, options and log)."""
    if data.get("kind") != "classic" or data.get("format") != FORMAT:
        raise ValueError("not a classic save of a known format")
    try:
        return save("classic", seats=data["seats"], seed=data["seed"], options=data["options"],
                    log=data["log"])
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"corrupted classic save: {err!r}") from None


def _as_saved(game: ClassicGame) -> dict[str, Any]:
    """The fields of a format 1 save that the replay must reproduce (hands and piles as multisets)."""
    s = game.state

    def ids(cards: list[int]) -> list[str]:
        return [C.CARD_ID[c] for c in cards]

    return {
        "boards": [C.BS_ID[b] for b in s.boards], "age": s.age, "turn": s.turn, "phase": s.phase,
        "hands": [Counter(ids(h)) for h in s.hands], "pile": Counter(ids(s.pile)), "controller": s.controller,
        "coins": list(s.coins), "built": [ids(b) for b in s.built], "stages": list(s.stages),
        "tokens": [list(t) for t in s.tokens], "discard": Counter(ids(s.discard)),
        "result": None if s.result is None else {k: v for k, v in s.result.items() if k not in RESULT_ADDED},
    }


RESULT_ADDED = ("sources", "free_city_sources", "spies")  # result fields added since format 1


def restore(data: dict[str, Any]) -> ClassicGame:
    """The game of a format 1 save, replayed from its log and checked against its saved fields."""
    game = cast(ClassicGame, replay_save(read_save(upgrade(data))))
    expected = _as_saved(game)
    for name, value in expected.items():
        saved = data.get(name)
        if name == "hands" and isinstance(saved, list):
            saved = [Counter(h) if isinstance(h, list) else h for h in saved]
        elif name in ("pile", "discard") and isinstance(saved, list):
            saved = Counter(saved)
        if saved != value:
            raise ValueError(f"corrupted classic save: its log does not replay to its saved {name!r}")
    return game
