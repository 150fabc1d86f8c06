"""The policy interface, and the two policies that do not search: ``random`` and ``easy``.

A policy decides from one seat's view and that seat's legal actions, never from the game object: the
host hands a bot exactly what it would send that seat's phone. Deciding is pure: the same view, legal
actions, seed (and an iteration-capped budget) give the same action, with no I/O and no clock of its own.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Protocol

from engine.api import Action
from engine.bots.budget import Budget
from engine.bots.knowledge import GameKnowledge, View


class Policy(Protocol):
    """Chooses one of a seat's legal actions."""

    name: str
    """The level (``random``, ``easy``, ``medium``, ``hard``)."""
    default_seconds: float | None
    """The thinking time a searching policy is meant to take per decision (``None``: it does not search)."""

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """One of ``legal`` (the very object) for the seat of ``view``.

        ``budget`` bounds a searching policy's thinking (others ignore it); without one a searching policy
        uses its default iteration cap.
        """
        ...


def require_choice(legal: Sequence[Action]) -> None:
    """``ValueError`` unless there is at least one legal action to choose from."""
    if not legal:
        raise ValueError("there is no legal action to choose from: the seat has nothing to decide now")


class RandomPolicy:
    """Any legal action, uniformly."""

    name = "random"
    default_seconds: float | None = None

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """A uniformly random legal action."""
        require_choice(legal)
        return legal[random.Random(seed).randrange(len(legal))]


def best_index(values: Sequence[float], rng: random.Random, among: Sequence[int] | None = None) -> int:
    """The index of the highest value (of ``among`` if given), ties broken at random by ``rng``."""
    indices = range(len(values)) if among is None else among
    top = max(values[i] for i in indices)
    best = [i for i in indices if values[i] >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class HeuristicPolicy:
    """``easy``: the action with the best one-move value from the game's knowledge (ties at random)."""

    default_seconds: float | None = None

    def __init__(self, knowledge: GameKnowledge, name: str = "easy") -> None:
        self.knowledge = knowledge
        self.name = name

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """The legal action the knowledge values most."""
        require_choice(legal)
        if len(legal) == 1:
            return legal[0]
        values = self.knowledge.action_values(view, legal)
        return legal[best_index(values, random.Random(seed))]


def action_groups(knowledge: GameKnowledge, legal: Sequence[Action]) -> list[list[int]]:
    """Indices of ``legal`` grouped by :meth:`GameKnowledge.action_group`, in first-seen order."""
    groups: dict[Hashable, list[int]] = {}
    for i, action in enumerate(legal):
        groups.setdefault(knowledge.action_group(action), []).append(i)
    return list(groups.values())
