"""``hard-2026-12``, the ``hard`` of December 2026 kept frozen as issue 32's yardstick: arena-only, its
fingerprint fixed, its decisions those of the day it was frozen."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots import Budget, make_policy
from engine.bots.hard_2026_12 import HARD_2026_12, FrozenSearchPolicy
from engine.bots.levels import ARENA_LEVELS, LEVELS, YARDSTICKS
from engine.bots.results import bot_fingerprint, bot_sources
from engine.bots.search import PlayoutSearchPolicy

FINGERPRINTS = {"duel": "e50f74b17ab6f3a3", "classic": "e83267db03658247"}
"""Recorded when the yardstick was frozen (docs/bots.md). A different value means a file it decides with
changed (see :func:`bot_sources`): the yardstick is then no longer December's."""


def test_the_yardstick_is_for_the_arena_and_the_bench_only() -> None:
    assert HARD_2026_12 in YARDSTICKS and HARD_2026_12 in ARENA_LEVELS and HARD_2026_12 not in LEVELS
    policy = make_policy(HARD_2026_12, "duel")
    assert isinstance(policy, FrozenSearchPolicy) and not isinstance(policy, PlayoutSearchPolicy)
    assert policy.name == HARD_2026_12 and policy.default_seconds == 1.0


@pytest.mark.parametrize("kind", ["duel", "classic"])
def test_the_yardsticks_fingerprint_is_fixed(kind: str) -> None:
    names = [p.name for p in bot_sources(HARD_2026_12, kind)]
    assert names == ["hard_2026_12.py", "budget.py", "knowledge.py", "seeds.py", "bots.py", "playout.py",
                     f"{kind}-2026-12.json"]
    assert "search.py" not in names and f"{kind}.json" not in names  # today's hard may change freely
    assert bot_fingerprint(HARD_2026_12, kind) == FINGERPRINTS[kind], (
        f"a file hard-2026-12 decides with changed: {[str(p) for p in bot_sources(HARD_2026_12, kind)]}")
    assert bot_fingerprint("hard", kind) != FINGERPRINTS[kind]


def _position(kind: str, seats: int, seed: int, decisions: int) -> engine.Game:
    game = engine.new_game(kind, seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(("kind", "seats", "seed", "decisions", "expected"), [
    ("duel", 2, 1, 30, {"type": "wonder", "card": "glassblower", "wonder": "the_hanging_gardens"}),
    ("duel", 2, 2, 30, {"type": "build", "card": "forum"}),
    ("duel", 2, 1, 8, {"type": "wonder", "card": "baths", "wonder": "piraeus"}),
    ("classic", 4, 1, 30, {"type": "build", "card": "a2_stables", "left": 0, "right": 2}),
    ("classic", 7, 2, 20, {"type": "build", "card": "a1_timber_yard", "left": 0, "right": 0}),
])
def test_the_yardstick_decides_as_the_day_it_was_frozen(kind: str, seats: int, seed: int, decisions: int,
                                                         expected: dict[str, object]) -> None:
    # Recorded at the freeze, when today's hard made the same choices with the same root statistics.
    game = _position(kind, seats, seed, decisions)
    seat = game.waiting()[0]
    legal = game.legal_actions(seat)
    choice = make_policy(HARD_2026_12, kind).decide(game.view(seat), legal, seed=5,
                                                    budget=Budget(iterations=300))
    assert choice == expected
