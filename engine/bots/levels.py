"""The bot levels by name, for every game kind: what the host, the arena and headless phones ask for."""

from __future__ import annotations

from engine.bots.ismcts import InformationSetTreePolicy
from engine.bots.knowledge import knowledge_for
from engine.bots.montecarlo import MonteCarloPolicy
from engine.bots.policy import HeuristicPolicy, Policy, RandomPolicy

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")
"""Every level, weakest first."""


def make_policy(level: str, kind: str) -> Policy:
    """The policy of ``level`` for game ``kind``; ``ValueError`` for an unknown level or kind."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    knowledge = knowledge_for(kind)
    if level == "random":
        return RandomPolicy()
    if level == "easy":
        return HeuristicPolicy(knowledge)
    if level == "medium":
        return MonteCarloPolicy(knowledge)
    return InformationSetTreePolicy(knowledge)
