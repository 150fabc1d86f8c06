"""Whole classic games compared with the engine before the speed work of issue 20 (main at 519b4c4).

Each digest covers a whole seeded game played by random legal moves: every acting seat's legal actions in
order, every event list, the public view at each Age's end and the result. The digests were recorded with
the old code; the fast paths (trading caches, hand_legal, direct solving) must play the very same games.
Change them only with a rule change meant to change games.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import engine

# "seats-seed[-cities]" -> the first 16 hex digits of the game's digest.
EXPECTED = {
    "3-1": "dfe17e7ac38bd685",
    "3-2": "a2ad91c88d146f2e",
    "4-3": "bfb026fc7dda94c4",
    "7-4": "38ceee84de00e826",
    "7-5": "8fccd40f9e6eb612",
    "7-6-cities": "aea848563a77e15d",
    "5-7-cities": "22543ba432e6a184",
}


def trajectory(seats: int, seed: int, options: dict[str, Any] | None) -> str:
    """The digest of one random game (the moves drawn from ``random.Random(seed)``)."""
    game = engine.new_game("classic", seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    age = None
    while True:
        acting = game.to_act()
        if not acting:
            break
        for seat in acting:
            legal = game.legal_actions(seat)
            if not legal:
                continue
            digest.update(json.dumps(legal, sort_keys=True).encode())
            digest.update(json.dumps(game.apply(seat, rng.choice(legal)), sort_keys=True).encode())
        view = game.view(None)
        if view.get("age") != age:
            age = view.get("age")
            digest.update(json.dumps(view, sort_keys=True).encode())
    digest.update(json.dumps([game.view(None), game.result()], sort_keys=True).encode())
    return digest.hexdigest()[:16]


def case_game(case: str) -> tuple[int, int, dict[str, Any] | None]:
    """(seats, seed, options) of a case name."""
    seats, seed, *rest = case.split("-")
    return int(seats), int(seed), ({"cities": True} if rest == ["cities"] else None)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_the_game_is_the_one_the_old_engine_played(case: str) -> None:
    assert trajectory(*case_game(case)) == EXPECTED[case]
