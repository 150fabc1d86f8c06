"""``hard``: information-set tree search with cheap, truncated playouts and a learned evaluation.

Each world is drawn from the seat's view (``engine.sample``) and serves several iterations (a draw costs
many playouts). An iteration clones the world, walks one tree shared by all worlds (UCB1 counted by how
often each edge was available, as in single-observer ISMCTS; progressive widening in the playout
policy's order; a seat with a move that wins at once has only that edge), adds one node, then plays on
with the game's fast path (:class:`Playout`): a weighted draw per move (a move that wins at once is
played), each seat following a strategy mode drawn for this playout (science, military, ...), so the
search meets rushes it would not play itself. The playout stops at the Age's end (Duel) or after a
few turns (classic) and the position is valued by the learned evaluation (:mod:`engine.bots.evaluation`).
Seats whose decisions are hidden or simultaneous (classic) move by the playout policy outside the tree.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.api import Action, Game
from engine.api import sample as engine_sample
from engine.bots.budget import Budget, BudgetMeter
from engine.bots.evaluation import Evaluator, evaluator_for
from engine.bots.knowledge import GameKnowledge, View
from engine.bots.montecarlo import most_valued_in_group, ranked_candidates
from engine.bots.policy import require_choice
from engine.bots.rollout import WorldSampler
from engine.bots.seeds import derive_seed

EdgeKey = tuple[int, Hashable]
"""A tree edge: the acting seat and the group of its action."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """One game's search numbers."""

    playout_turns: int | None
    """Turns a playout plays (it also stops at the Age's end) before the evaluation: Duel decisions, or
    classic table turns at the ``reference_seats`` (fewer at bigger tables, at least one); ``None``: on
    to the Age's end."""
    world_reuse: int
    """Iterations served by one sampled world."""
    exploration: float
    root_breadth: int
    """Root candidates (best one-move value first) competing from the start; more join as visits grow."""
    tree_below_root: bool
    """Whether the tree grows below the root (Duel: public, sequential turns) or the search is flat
    over the root's candidates (classic: the next turns' hands differ in every world)."""
    reference_seats: int = 0
    """Classic: the table size ``playout_turns`` is meant for (0: the same at every size)."""
    candidate_limit: int = 24
    """Root candidates at most (best one-move value first)."""
    balanced_share: float = 0.4
    """The chance that a playout seat follows the balanced mode; otherwise a mode drawn uniformly."""
    time_reserve: float = 0.02
    """The share of a time budget the search leaves for what follows it (choosing, freeing the tree: about
    10 ms after a 1 s Duel search), so whole decisions stay within the budget."""
    prior: bool = False
    """Duel: select by PUCT with the learned policy prior (:mod:`engine.bots.puct`, :mod:`engine.bots.prior`)
    at the root and in the tree, instead of UCB1 with progressive widening."""
    value_mix: float = 0.0
    """Duel: the learned value's weight at a leaf (0: the playout alone, as before; 1: the value alone, no
    playout); the playout's evaluation has the rest."""
    puct: float = 1.0
    """PUCT's exploration constant (with ``prior``)."""

    @property
    def uses_prior(self) -> bool:
        """Whether the search reads the learned prior and value (:mod:`engine.bots.puct` runs it)."""
        return self.prior or self.value_mix > 0

    def turns(self, seats: int) -> int:
        """The playout turns at a table of ``seats``."""
        if self.playout_turns is None:
            return UNTIL_AGE_END
        if not self.reference_seats:
            return self.playout_turns
        return max(1, round(self.playout_turns * self.reference_seats / seats))


UNTIL_AGE_END = 1_000
"""Playout turns more than any Age has: the playout stops at the Age's end."""

SETTINGS: dict[str, SearchSettings] = {
    "duel": SearchSettings(playout_turns=None, world_reuse=16, exploration=0.45, root_breadth=6,
                           tree_below_root=True),
    "classic": SearchSettings(playout_turns=2, world_reuse=12, exploration=0.35, root_breadth=4,
                              tree_below_root=False, reference_seats=4, candidate_limit=8),
}


@dataclass(slots=True)
class Edge:
    """The statistics of one tree edge and the node below it (``total`` sums the values, for the seat
    that took the edge, of the iterations through it; ``available`` counts the parent's visits in which
    this edge was legal)."""

    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[EdgeKey, Edge] = field(default_factory=dict)
    moves: list[Any] | None = None
    """The legal moves last met at this node (worlds mostly agree on them) ..."""
    keys: list[EdgeKey] | None = None
    """... and their edges in preference order (the playout policy's), kept for the next visit."""

    @property
    def mean(self) -> float:
        """The average value for the seat that took this edge (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


def select(node: Edge, keys: Sequence[EdgeKey], exploration: float) -> EdgeKey:
    """The first untried edge of ``keys`` (they are in preference order), else the best UCB1."""
    children = node.children
    choice: EdgeKey | None = None
    for key in keys:
        child = children.get(key)
        if child is None:
            child = children[key] = Edge()
        child.available += 1
        if choice is None and not child.visits:
            choice = key
    if choice is not None:
        return choice
    best = keys[0]
    best_bound = -math.inf
    for key in keys:
        child = children[key]
        bound = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
        if bound > best_bound:
            best, best_bound = key, bound
    return best


@dataclass(slots=True)
class SearchReport:
    """What one search did: the root, its candidate edges, the iterations and worlds, and the choice."""

    root: Edge
    candidates: dict[EdgeKey, int]
    """Each root edge and the index in ``legal`` of the action it stands for (best one-move value first)."""
    iterations: int
    worlds: int
    choice: int

    def ranking(self) -> list[tuple[int, Edge]]:
        """The root candidates the search tried, best first (most visits, then best mean), as
        (index in ``legal``, edge)."""
        tried = [(index, self.root.children[key]) for key, index in self.candidates.items()
                 if key in self.root.children and self.root.children[key].visits]
        tried.sort(key=lambda pair: (-pair[1].visits, -pair[1].mean))
        return tried


@dataclass
class RootStart:
    """Where a decision's search starts: its meter, the root's candidates best first (indices into the legal
    actions), every legal action's one-move value, and the candidates by edge key."""

    meter: BudgetMeter
    ranked: list[int]
    values: list[float]
    candidates: dict[EdgeKey, int]


class PlayoutSearchPolicy:
    """``hard``: ISMCTS over sampled worlds, fast strategy-mode playouts and a learned evaluation."""

    default_seconds: float | None = 1.0
    runs_prior = False
    """Whether this class's search reads the learned prior and value
    (:class:`engine.bots.puct.PriorSearchPolicy` does; settings that ask for them are refused here)."""

    def __init__(self, knowledge: GameKnowledge, *, sampler: WorldSampler = engine_sample, name: str = "hard",
                 settings: SearchSettings | None = None, evaluator: Evaluator | None = None,
                 default_iterations: int = 2000, widening: float = 0.7,
                 root_widening: float = 1.0) -> None:
        self.knowledge = knowledge
        self.sampler = sampler
        self.name = name
        self.settings = settings or SETTINGS[knowledge.kind]
        if self.settings.uses_prior and not self.runs_prior:
            raise ValueError("settings with the learned prior or value run in "
                             "engine.bots.puct.PriorSearchPolicy")
        self.evaluator = evaluator or evaluator_for(knowledge.kind)
        self.default_iterations = default_iterations
        self.widening = widening
        self.root_widening = root_widening

    def decide(self, view: View, legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        """The legal action of the root edge the search visited most."""
        require_choice(legal)
        if len(legal) == 1:
            return legal[0]
        return legal[self.analyse(view, legal, seed=seed, budget=budget).choice]

    def analyse(self, view: View, legal: Sequence[Action], *, seed: int,
                budget: Budget | None = None) -> SearchReport:
        """Run the search and report the tree (``decide`` returns its choice).

        The cyclic garbage collector is paused meanwhile (and resumed if it ran): the tree holds no
        cycles, reference counting frees it, and a full collection's walk over tens of thousands of
        edges (30-50 ms) in the last iteration would overrun the time budget."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(view, legal, seed=seed, budget=budget)
        finally:
            if collecting:
                gc.enable()

    def root_start(self, view: View, legal: Sequence[Action], budget: Budget | None) -> RootStart:
        """The decision's meter (the budget less its reserve, started before the ranking, which it covers)
        and the root's candidates: the best action of each group by one-move value."""
        settings = self.settings
        budget = budget or Budget()
        if budget.seconds is not None:
            budget = replace(budget, seconds=budget.seconds * (1.0 - settings.time_reserve))
        meter = budget.start(self.default_iterations)
        ranked, values = ranked_candidates(self.knowledge, view, legal, settings.candidate_limit)
        me: int = view["seat"]
        candidates = {(me, self.knowledge.action_group(legal[i])): i for i in ranked}
        return RootStart(meter, ranked, values, candidates)

    def _search(self, view: View, legal: Sequence[Action], *, seed: int,
                budget: Budget | None) -> SearchReport:
        require_choice(legal)
        knowledge = self.knowledge
        settings = self.settings
        me: int = view["seat"]
        start = self.root_start(view, legal, budget)
        meter, values, candidates = start.meter, start.values, start.candidates
        root = Edge()
        if len(candidates) == 1:
            return SearchReport(root, candidates, 0, 0, start.ranked[0])
        root_keys = list(candidates)
        rng = random.Random(derive_seed(seed, 1))
        world: Game | None = None
        worlds = 0
        while not meter.exhausted():
            if meter.used % settings.world_reuse == 0 or world is None:
                world = self.sampler(view, seed=derive_seed(seed, 0, worlds))
                worlds += 1
            allowed = min(len(root_keys),
                          settings.root_breadth + int(self.root_widening * math.sqrt(root.visits)))
            key = select(root, root_keys[:allowed], settings.exploration)
            self._iterate(root, world.clone(), me, legal[candidates[key]], key, rng)
            root.visits += 1
            meter.spend()
        best = max((k for k in root_keys if k in root.children),
                   key=lambda k: (root.children[k].visits, root.children[k].mean))
        choice = most_valued_in_group(knowledge, legal, values, candidates[best])
        return SearchReport(root, candidates, meter.used, worlds, choice)

    def _iterate(self, root: Edge, world: Game, me: int, action: Action, root_key: EdgeKey,
                 rng: random.Random) -> None:
        """One descent through ``root_key``: apply it, follow the tree, add a node, play on, evaluate,
        back up."""
        settings = self.settings
        playout = self.evaluator.playout
        weight = playout.move_weight
        moves_of, apply_move, winning_move = playout.moves, playout.apply_move, playout.winning_move
        in_tree = self.knowledge.opponents_in_tree
        count = len(playout.MODES)
        share = settings.balanced_share
        modes = [0 if rng.random() < share else rng.randrange(count) for _ in range(world.seats)]
        world.apply(me, action)
        node = root.children[root_key]
        path = [(node, me)]
        while node.visits and settings.tree_below_root:
            waiting = world.waiting()
            if not waiting:
                break
            seat = waiting[0]
            if seat != me and not in_tree:
                playout.step(world, seat, modes[seat], rng)
                continue
            options = moves_of(world, seat)
            keys = node.keys
            if keys is None or options != node.moves:
                node.moves = options
                win = winning_move(world, seat)
                keys = node.keys = [(seat, win)] if win is not None else [
                    (seat, move) for move in sorted(options, key=lambda m: -weight(m, 0))]
            allowed = 1 + int(self.widening * math.sqrt(node.visits))
            key = select(node, keys[:allowed], settings.exploration)
            apply_move(world, seat, key[1])
            node = node.children[key]
            path.append((node, seat))
        playout.play(world, rng, modes, settings.turns(world.seats))
        values = self.evaluator.values(world)
        for edge, seat in path:
            edge.visits += 1
            edge.total += values[seat]

