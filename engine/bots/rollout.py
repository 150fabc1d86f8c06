"""Playouts on sampled worlds: the fast default policy, and the value of where a playout stops."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.api import Action, Game
from engine.bots.knowledge import GameKnowledge, View


class WorldSampler(Protocol):
    """Draws a whole game consistent with one seat's view, like :func:`engine.sample`."""

    def __call__(self, view: View, *, seed: int) -> Game:
        """A game consistent with ``view``, drawn from ``seed``."""
        ...


def rollout_choice(knowledge: GameKnowledge, legal: Sequence[Action], rng: random.Random) -> Action:
    """The fast default policy: a legal action drawn with the knowledge's rollout weights."""
    if len(legal) == 1:
        return legal[0]
    weight = knowledge.rollout_weight
    return rng.choices(legal, [weight(a) for a in legal])[0]


def play_out(world: Game, knowledge: GameKnowledge, rng: random.Random, max_steps: int | None = None) -> int:
    """Play ``world`` on with the fast default policy, for at most ``max_steps`` decisions; return the count.

    Simultaneous turns are played one waiting seat at a time, each seat once per turn.
    """
    steps = 0
    while max_steps is None or steps < max_steps:
        waiting = world.waiting()
        if not waiting:
            break
        seat = waiting[0]
        world.apply(seat, rollout_choice(knowledge, world.legal_actions(seat), rng))
        steps += 1
    return steps


def position_values(world: Game, knowledge: GameKnowledge) -> list[float]:
    """Each seat's value of ``world``: its result once over, else the knowledge's estimate."""
    result = world.result() if world.is_over() else None
    if result is not None:
        return knowledge.result_values(result, world.seats)
    return knowledge.evaluate(world.view(None))
