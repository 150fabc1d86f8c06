"""``hard``: information-set Monte Carlo tree search over sampled worlds.

Each iteration draws a world consistent with the seat's view (``engine.sample``), then walks one tree
shared by all worlds: at a node only the actions legal in this world compete (UCB1 counted by how often
each action was available, as in single-observer ISMCTS), a new node is added, the world is played on
with the fast default policy for a few decisions, and the position is valued by the game's knowledge
(or by its result when the game ended). Seats whose decisions are hidden or simultaneous (classic) are
played by the default policy outside the tree, so the tree never learns from what the seat cannot see.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from engine.api import Action, Game
from engine.api import sample as engine_sample
from engine.bots.budget import Budget
from engine.bots.knowledge import GameKnowledge, View
from engine.bots.montecarlo import most_valued_in_group, ranked_candidates
from engine.bots.policy import require_choice
from engine.bots.rollout import WorldSampler, play_out, position_values, rollout_choice
from engine.bots.seeds import derive_seed

EdgeKey = tuple[int, Hashable]
"""A tree edge: the acting seat and the group of its action."""


@dataclass(slots=True)
class TreeNode:
    """The statistics of one edge of the tree and the node below it.

    ``total`` sums the values, for the seat that took the edge, of the iterations through it;
    ``available`` counts the visits of the parent in which this edge was legal.
    """

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[EdgeKey, TreeNode] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        """The average value for the seat that took this edge (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0

    def upper_bound(self, exploration: float) -> float:
        """UCB1 with availability counts: the mean plus the exploration bonus."""
        return self.mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def select_edge(node: TreeNode, keys: Sequence[EdgeKey], exploration: float, rng: random.Random) -> EdgeKey:
    """The edge to follow among ``keys`` (the edges legal in this world): an untried one, else the best UCB1.

    Every listed edge gains one availability; an untried edge is picked at random.
    """
    children = node.children
    untried = []
    for key in keys:
        child = children.get(key)
        if child is None:
            child = children[key] = TreeNode()
        child.available += 1
        if not child.visits:
            untried.append(key)
    if untried:
        return untried[0] if len(untried) == 1 else untried[rng.randrange(len(untried))]
    return max(keys, key=lambda k: children[k].upper_bound(exploration))


def backpropagate(path: Sequence[tuple[TreeNode, int]], values: Sequence[float]) -> None:
    """Add one iteration's values to every edge of ``path`` (each for the seat that took it)."""
    for node, seat in path:
        node.visits += 1
        node.total += values[seat]


@dataclass(slots=True)
class SearchReport:
    """What one tree search did: the root, its candidate edges, iterations, and the chosen action."""

    root: TreeNode
    candidates: dict[EdgeKey, int]
    """Each root edge and the index in ``legal`` of the action it stands for."""
    iterations: int
    choice: int


class InformationSetTreePolicy:
    """``hard``: ISMCTS over sampled worlds with short playouts and heuristic evaluation."""

    default_seconds: float | None = 1.0

    def __init__(self, knowledge: GameKnowledge, *, sampler: WorldSampler = engine_sample, name: str = "hard",
                 exploration: float = 0.7, candidate_limit: int = 12, default_iterations: int = 400) -> None:
        self.knowledge = knowledge
        self.sampler = sampler
        self.name = name
        self.exploration = exploration
        self.candidate_limit = candidate_limit
        self.default_iterations = default_iterations

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """The legal action whose root edge the search visited most."""
        require_choice(legal)
        if len(legal) == 1:
            return legal[0]
        return legal[self.analyse(view, legal, seed=seed, budget=budget).choice]

    def analyse(self, view: View, legal: Sequence[Action], *, seed: int,
                budget: Budget | None = None) -> SearchReport:
        """Run the search and report the tree (``decide`` returns its choice)."""
        require_choice(legal)
        knowledge = self.knowledge
        seat: int = view["seat"]
        ranked, values = ranked_candidates(knowledge, view, legal, self.candidate_limit)
        candidates = {(seat, knowledge.action_group(legal[i])): i for i in ranked}
        root = TreeNode()
        if len(candidates) == 1:
            return SearchReport(root, candidates, 0, ranked[0])
        steps = knowledge.rollout_steps(view)
        meter = (budget or Budget()).start(self.default_iterations)
        while not meter.exhausted():
            iteration = meter.used
            world = self.sampler(view, seed=derive_seed(seed, iteration))
            rng = random.Random(derive_seed(seed, iteration, 1))
            self._iterate(root, world, seat, legal, candidates, rng, steps)
            root.visits += 1
            meter.spend()
        root_edges = [(key, root.children[key]) for key in candidates if key in root.children]
        # Most visits; among equals the better mean, then the better one-move value (candidate order).
        key, _ = max(root_edges, key=lambda edge: (edge[1].visits, edge[1].mean))
        choice = most_valued_in_group(knowledge, legal, values, candidates[key])
        return SearchReport(root, candidates, meter.used, choice)

    def _iterate(self, root: TreeNode, world: Game, me: int, legal: Sequence[Action],
                 candidates: dict[EdgeKey, int], rng: random.Random, steps: int | None) -> None:
        """One descent: select and apply edges, add one node, play on, evaluate, back up."""
        knowledge = self.knowledge
        node = root
        path: list[tuple[TreeNode, int]] = []
        at_root = True
        while True:
            waiting = world.waiting()
            if not waiting:
                break
            seat = waiting[0]
            if at_root:
                # The searching seat decides first: its real legal actions, pruned to the candidates.
                seat = me
                keys = list(candidates)
                actions = {key: legal[i] for key, i in candidates.items()}
                at_root = False
            else:
                options = world.legal_actions(seat)
                if seat != me and not knowledge.opponents_in_tree:
                    world.apply(seat, rollout_choice(knowledge, options, rng))
                    continue
                actions = {}
                for action in options:
                    actions.setdefault((seat, knowledge.action_group(action)), action)
                keys = list(actions)
            key = select_edge(node, keys, self.exploration, rng)
            world.apply(seat, actions[key])
            node = node.children[key]
            path.append((node, seat))
            if node.visits == 0:
                break
        play_out(world, knowledge, rng, steps)
        backpropagate(path, position_values(world, knowledge))
