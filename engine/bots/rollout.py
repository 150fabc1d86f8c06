"""Playouts on sampled worlds: the fast default policy, and the value of where a playout stops."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.api import Action, Game
from engine.bots.budget import BudgetMeter
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


def guided_choice(knowledge: GameKnowledge, world: Game, seat: int, legal: Sequence[Action],
                  rng: random.Random, greedy: float) -> Action:
    """The playout policy: with probability ``greedy`` the seat's best one-move action (``easy``'s choice,
    from the seat's view of the sampled world), otherwise a draw of the fast default policy."""
    if len(legal) == 1:
        return legal[0]
    if greedy > 0.0 and rng.random() < greedy:
        values = knowledge.action_values(world.view(seat, memory=False), legal)
        top = max(values)
        best = [i for i, v in enumerate(values) if v >= top - 1e-9]
        return legal[best[0] if len(best) == 1 else best[rng.randrange(len(best))]]
    return rollout_choice(knowledge, legal, rng)


def play_out(world: Game, knowledge: GameKnowledge, rng: random.Random, max_steps: int | None = None,
             greedy: float = 0.0, meter: BudgetMeter | None = None) -> int:
    """Play ``world`` on for at most ``max_steps`` decisions (see :func:`guided_choice`); return the count.

    Simultaneous turns are played one waiting seat at a time, each seat once per turn. A playout also
    stops when ``meter``'s time is up (the position is then valued where it stands).
    """
    steps = 0
    while max_steps is None or steps < max_steps:
        if meter is not None and meter.out_of_time():
            break
        waiting = world.waiting()
        if not waiting:
            break
        seat = waiting[0]
        world.apply(seat, guided_choice(knowledge, world, seat, world.legal_actions(seat), rng, greedy))
        steps += 1
    return steps


def position_values(world: Game, knowledge: GameKnowledge) -> list[float]:
    """Each seat's value of ``world``: its result once over, else the knowledge's estimate."""
    result = world.result() if world.is_over() else None
    if result is not None:
        return knowledge.result_values(result, world.seats)
    return knowledge.evaluate(world.view(None, memory=False))
