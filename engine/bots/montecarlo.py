"""``medium``: flat Monte Carlo over sampled worlds.

For each candidate action, worlds consistent with the seat's view are drawn with ``engine.sample``;
each is cloned, the candidate applied, and the game played out with the fast default policy. The
candidate with the best average result is chosen. Every candidate is tried in the same worlds with the
same playout seed (common random numbers), so differences between candidates come from the candidates.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.api import Action
from engine.api import sample as engine_sample
from engine.bots.budget import Budget
from engine.bots.knowledge import GameKnowledge, View
from engine.bots.policy import action_groups, require_choice
from engine.bots.rollout import WorldSampler, play_out, position_values
from engine.bots.seeds import derive_seed


@dataclass(slots=True)
class ActionStats:
    """The results one candidate action obtained in the playouts so far."""

    count: int = 0
    total: float = 0.0

    def add(self, value: float) -> None:
        """Record one playout's value."""
        self.count += 1
        self.total += value

    @property
    def mean(self) -> float:
        """The average value (0 before any playout)."""
        return self.total / self.count if self.count else 0.0


@dataclass(slots=True)
class CandidateReport:
    """One candidate of a search: the index of its action in ``legal`` and its statistics."""

    index: int
    stats: ActionStats = field(default_factory=ActionStats)


@dataclass(slots=True)
class MonteCarloReport:
    """What one Monte Carlo decision did: its candidates (best one-move value first), worlds and choice."""

    candidates: list[CandidateReport]
    worlds: int
    playouts: int
    choice: int
    """The index in ``legal`` of the chosen action."""


def ranked_candidates(knowledge: GameKnowledge, view: View, legal: Sequence[Action],
                      limit: int) -> tuple[list[int], list[float]]:
    """The best action of each group (by one-move value), best first, at most ``limit``; and the values."""
    values = knowledge.action_values(view, legal)
    best_of_group = [max(group, key=lambda i: (values[i], -i)) for group in action_groups(knowledge, legal)]
    best_of_group.sort(key=lambda i: (-values[i], i))
    return best_of_group[:limit], values


def most_valued_in_group(knowledge: GameKnowledge, legal: Sequence[Action], values: Sequence[float],
                         index: int) -> int:
    """Among the actions of ``legal[index]``'s group, the one of best one-move value (first on ties)."""
    group = knowledge.action_group(legal[index])
    members = [i for i, a in enumerate(legal) if knowledge.action_group(a) == group]
    return max(members, key=lambda i: (values[i], -i))


class MonteCarloPolicy:
    """``medium``: the candidate with the best average over sampled worlds and default-policy playouts."""

    default_seconds: float | None = 0.3

    def __init__(self, knowledge: GameKnowledge, *, sampler: WorldSampler = engine_sample,
                 name: str = "medium", candidate_limit: int = 8, default_iterations: int = 160,
                 rollout_steps: int | None = None, rollout_greedy: float = 1.0) -> None:
        self.knowledge = knowledge
        self.sampler = sampler
        self.name = name
        self.candidate_limit = candidate_limit
        self.default_iterations = default_iterations
        self.rollout_steps = rollout_steps
        self.rollout_greedy = rollout_greedy

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """The legal action with the best average playout result."""
        require_choice(legal)
        if len(legal) == 1:
            return legal[0]
        return legal[self.analyse(view, legal, seed=seed, budget=budget).choice]

    def analyse(self, view: View, legal: Sequence[Action], *, seed: int,
                budget: Budget | None = None) -> MonteCarloReport:
        """Run the search and report every candidate's statistics (``decide`` returns its choice)."""
        require_choice(legal)
        knowledge = self.knowledge
        ranked, values = ranked_candidates(knowledge, view, legal, self.candidate_limit)
        candidates = [CandidateReport(i) for i in ranked]
        if len(candidates) == 1:
            return MonteCarloReport(candidates, 0, 0, ranked[0])
        seat = view["seat"]
        steps = self.rollout_steps if self.rollout_steps is not None else self.knowledge.rollout_steps(view)
        meter = (budget or Budget()).start(self.default_iterations)
        worlds = 0
        while not meter.exhausted():
            world_seed = derive_seed(seed, worlds)
            world = self.sampler(view, seed=world_seed)
            playout_seed = derive_seed(world_seed, 1)
            n = len(candidates)
            for k in range(n):
                if meter.exhausted():
                    break
                candidate = candidates[(worlds + k) % n]  # rotate who goes first when time runs out
                game = world.clone()
                game.apply(seat, legal[candidate.index])
                play_out(game, knowledge, random.Random(playout_seed), steps, self.rollout_greedy, meter)
                candidate.stats.add(position_values(game, knowledge)[seat])
                meter.spend()
            worlds += 1
        tried = [c for c in candidates if c.stats.count] or candidates[:1]
        # Best average; among equals the better one-move value (candidates are in that order).
        best = max(tried, key=lambda c: c.stats.mean if c.stats.count else float("-inf"))
        return MonteCarloReport(candidates, worlds, meter.used, best.index)
