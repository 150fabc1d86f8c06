"""The bot levels by name, for every game kind: what the host, the arena and headless phones ask for."""

from __future__ import annotations

from engine.bots.hard_2026_12 import HARD_2026_12, FrozenSearchPolicy
from engine.bots.ismcts import InformationSetTreePolicy
from engine.bots.knowledge import knowledge_for
from engine.bots.montecarlo import MonteCarloPolicy
from engine.bots.policy import HeuristicPolicy, Policy, RandomPolicy
from engine.bots.search import PlayoutSearchPolicy

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""Every level a table may seat, weakest first."""
HARD_2026_11 = "hard-2026-11"
"""The ``hard`` of November 2026 (ISMCTS with greedy full-view playouts), kept for the arena only: the
yardstick the current ``hard`` is measured against, reproducibly."""
YARDSTICKS: tuple[str, ...] = (HARD_2026_11, HARD_2026_12)
"""The kept ``hard``s of past months (``hard-2026-12``: the ``hard`` of December 2026, issue 32's yardstick,
a frozen copy in :mod:`engine.bots.hard_2026_12`)."""
ARENA_LEVELS: tuple[str, ...] = LEVELS + YARDSTICKS
"""Every level the arena and the bench may play (the table levels and the kept yardsticks)."""


def make_policy(level: str, kind: str) -> Policy:
    """The policy of ``level`` (one of :data:`ARENA_LEVELS`) for game ``kind``; ``ValueError`` for an
    unknown level or kind."""
    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(ARENA_LEVELS)}")
    knowledge = knowledge_for(kind)
    if level == "random":
        return RandomPolicy()
    if level == "easy":
        return HeuristicPolicy(knowledge)
    if level == "medium":
        return MonteCarloPolicy(knowledge)
    if level == HARD_2026_11:
        return InformationSetTreePolicy(knowledge, name=HARD_2026_11)
    if level == HARD_2026_12:
        return FrozenSearchPolicy(knowledge)
    return PlayoutSearchPolicy(knowledge)
