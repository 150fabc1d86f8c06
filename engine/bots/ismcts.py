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
from engine.bots.budget import Budget, BudgetMeter
from engine.bots.knowledge import GameKnowledge, View
from engine.bots.montecarlo import most_valued_in_group, ranked_candidates
from engine.bots.policy import require_choice
from engine.bots.rollout import WorldSampler, guided_choice, play_out, position_values
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


def select_edge(node: TreeNode, keys: Sequence[EdgeKey], exploration: float, rng: random.Random,
                ordered: bool = False) -> EdgeKey:
    """The edge to follow among ``keys`` (the edges legal in this world): an untried one, else the best UCB1.

    Every listed edge gains one availability; an untried edge is picked at random, or the first one
    listed when ``ordered`` (the root's candidates, best one-move value first).
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
        return untried[0] if ordered or len(untried) == 1 else untried[rng.randrange(len(untried))]
    return max(keys, key=lambda k: children[k].upper_bound(exploration))


def backpropagate(path: Sequence[tuple[TreeNode, int]], values: Sequence[float]) -> None:
    """Add one iteration's values to every edge of ``path`` (each for the seat that took it)."""
    for node, seat in path:
        node.visits += 1
        node.total += values[seat]


def clearly_better(by_round: dict[EdgeKey, dict[int, float]], ranked_keys: Sequence[EdgeKey],
                   confidence: float) -> EdgeKey:
    """The first candidate (best one-move value), unless another one beat it in the worlds both were
    tried in by more than ``confidence`` standard errors of the paired differences (two worlds at least);
    then the one that beat it by the most."""
    default = ranked_keys[0]
    base = by_round[default]
    best_key, best_score = default, 0.0
    for key in ranked_keys[1:]:
        diffs = [value - base[r] for r, value in by_round[key].items() if r in base]
        n = len(diffs)
        if n < 2:
            continue
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        score = mean - confidence * spread
        if score > best_score:
            best_key, best_score = key, score
    return best_key


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
                 exploration: float = 0.7, candidate_limit: int = 12, default_iterations: int = 400,
                 rollout_greedy: float = 1.0, widening: float = 0.5, root_widening: float = 1.0) -> None:
        self.knowledge = knowledge
        self.sampler = sampler
        self.name = name
        self.exploration = exploration
        self.candidate_limit = candidate_limit
        self.default_iterations = default_iterations
        self.rollout_greedy = rollout_greedy
        self.widening = widening
        self.root_widening = root_widening

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
        # Each sampled world (and playout seed) serves one round of descents, one through each root
        # candidate then allowed, so candidates are compared in the same worlds (common random numbers).
        ranked_keys = list(candidates)
        world = self.sampler(view, seed=derive_seed(seed, 0))
        rounds = 0
        round_keys: list[EdgeKey] = []
        by_round: dict[EdgeKey, dict[int, float]] = {key: {} for key in ranked_keys}
        while not meter.exhausted():
            if not round_keys:
                if rounds:
                    world = self.sampler(view, seed=derive_seed(seed, rounds))
                rounds += 1
                round_keys = ranked_keys[:self._root_allowed(root.visits, len(ranked_keys))]
            rng = random.Random(derive_seed(seed, rounds, 1))
            key = round_keys.pop(0)
            value = self._iterate(root, world.clone(), seat, legal, key, candidates, rng, steps, meter)
            by_round[key][rounds] = value
            root.visits += 1
            meter.spend()
        confidence = knowledge.switch_confidence
        if confidence is None:
            key = self._best_root_edge(root, ranked_keys)
        else:
            key = clearly_better(by_round, ranked_keys, confidence)
        choice = most_valued_in_group(knowledge, legal, values, candidates[key])
        return SearchReport(root, candidates, meter.used, choice)

    @staticmethod
    def _best_root_edge(root: TreeNode, ranked_keys: Sequence[EdgeKey]) -> EdgeKey:
        """The root edge of best mean among those visited at least half as often as the most visited
        (the better one-move value on ties): a candidate tried in few worlds cannot win on luck."""
        edges = [(key, root.children[key]) for key in ranked_keys if key in root.children]
        most = max(edge.visits for _, edge in edges)
        trusted = [(key, edge) for key, edge in edges if 2 * edge.visits >= most]
        best_key, best = trusted[0]
        for key, edge in trusted[1:]:
            if edge.mean > best.mean + 1e-12:
                best_key, best = key, edge
        return best_key

    def _root_allowed(self, visits: int, candidates: int) -> int:
        """How many of the root's candidates (best one-move value first) compete after ``visits``
        descents: the knowledge's ``root_breadth`` at first, more as the search goes on (all of them
        with enough time)."""
        return min(candidates, self.knowledge.root_breadth + int(self.root_widening * math.sqrt(visits)))

    def _iterate(self, root: TreeNode, world: Game, me: int, legal: Sequence[Action], root_key: EdgeKey,
                 candidates: dict[EdgeKey, int], rng: random.Random, steps: int | None,
                 meter: BudgetMeter) -> float:
        """One descent through ``root_key``: select and apply edges below it, add one node, play on,
        evaluate, back up; returns the value backed up for the searching seat."""
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
                # The searching seat decides first: the root candidate of this descent.
                seat = me
                keys = [root_key]
                actions = {root_key: legal[candidates[root_key]]}
                at_root = False
            else:
                options = world.legal_actions(seat)
                if seat != me and not knowledge.opponents_in_tree:
                    choice = guided_choice(knowledge, world, seat, options, rng, self.rollout_greedy)
                    world.apply(seat, choice)
                    continue
                keys, actions = self._widened(node, world, seat, options)
            key = select_edge(node, keys, self.exploration, rng, ordered=True)
            world.apply(seat, actions[key])
            node = node.children[key]
            path.append((node, seat))
            if node.visits == 0:
                break
        play_out(world, knowledge, rng, steps, self.rollout_greedy, meter)
        values = position_values(world, knowledge)
        backpropagate(path, values)
        return values[me]

    def _widened(self, node: TreeNode, world: Game, seat: int,
                 options: Sequence[Action]) -> tuple[list[EdgeKey], dict[EdgeKey, Action]]:
        """The edges a node below the root may follow in this world (progressive widening).

        The groups of ``options`` are ranked by their one-move value to ``seat`` (the playout policy's
        own preference), and only the best ``1 + widening * sqrt(visits)`` of them compete, untried ones
        in that order: a young node follows what the playout would have played, and considers more moves
        as it is visited more.
        """
        knowledge = self.knowledge
        actions: dict[EdgeKey, Action] = {}
        for action in options:
            actions.setdefault((seat, knowledge.action_group(action)), action)
        keys = list(actions)
        allowed = 1 + int(self.widening * math.sqrt(node.visits))
        if len(keys) > 1:
            group_actions = list(actions.values())
            values = knowledge.action_values(world.view(seat, memory=False), group_actions)
            order = sorted(range(len(keys)), key=lambda i: (-values[i], i))
            keys = [keys[i] for i in order[:allowed]]
        return keys, actions
