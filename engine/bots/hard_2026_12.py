"""``hard-2026-12``: the ``hard`` of December 2026, frozen as issue 32's yardstick (arena and bench only).

A copy of ``engine/bots/search.py`` and ``engine/bots/evaluation.py`` as they stood at main 31081fc (ISMCTS
with playouts to the Age's end through the game's fast path and the linear evaluation), with the models of
that day (``engine/bots/models/<kind>-2026-12.json``) and the helpers it took from ``montecarlo.py`` and
``policy.py``. Nothing here may change: it is the yardstick later ``hard``s are measured against. It still
calls the game's knowledge (``engine/<game>/bots.py``: the root candidates' one-move values) and fast path
(``engine/<game>/playout.py``), the budget, the seeds and the sampler: its fingerprint
(:func:`engine.bots.results.bot_sources`) hashes this file, those files and its models, so a change to any
of them shows (``tests/engine/bots/test_yardstick.py`` pins it).
"""

from __future__ import annotations

import gc
import json
import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from operator import mul
from typing import Any

from engine.api import Action, Game
from engine.api import sample as engine_sample
from engine.bots.budget import Budget
from engine.bots.knowledge import GameKnowledge, Playout, View, playout_for
from engine.bots.seeds import derive_seed

HARD_2026_12 = "hard-2026-12"
"""The yardstick's level name."""


@dataclass(frozen=True, slots=True)
class LinearModel:
    """Weights per stage over one seat's features; :meth:`values` turns them into shares of the win."""

    kind: str
    features: tuple[str, ...]
    stages: dict[int, tuple[float, ...]]
    trained: dict[str, Any]
    """How the weights were made (seed, games, ...), for the record."""

    def __post_init__(self) -> None:
        for stage, weights in self.stages.items():
            if len(weights) != len(self.features):
                raise ValueError(f"{self.kind} model stage {stage}: {len(weights)} weights for "
                                 f"{len(self.features)} features")

    def score(self, row: Sequence[float], stage: int) -> float:
        """One seat's score (higher is better) from its features at ``stage``."""
        weights = self.weights(stage)
        if len(row) != len(weights):
            raise ValueError(f"{len(row)} features for {len(weights)} weights")
        return sum(map(mul, weights, row))

    def weights(self, stage: int) -> tuple[float, ...]:
        """The weights of ``stage`` (the nearest stage the model has if it lacks this one)."""
        found = self.stages.get(stage)
        if found is None:
            found = self.stages[min(self.stages, key=lambda s: abs(s - stage))]
        return found

    def shares(self, rows: Sequence[Sequence[float]], stage: int) -> list[float]:
        """Each seat's share of the win (sums to 1): a softmax of the seats' scores."""
        scores = [self.score(row, stage) for row in rows]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form :func:`model_from_dict` reads."""
        return {"kind": self.kind, "features": list(self.features),
                "stages": {str(s): [round(w, 6) for w in ws] for s, ws in sorted(self.stages.items())},
                "trained": self.trained}


def model_from_dict(data: Any) -> LinearModel:
    """A model from its JSON form; ``ValueError`` if the data is not one."""
    if not isinstance(data, dict) or not {"kind", "features", "stages"} <= set(data):
        raise ValueError("a model needs 'kind', 'features' and 'stages'")
    features = data["features"]
    stages = data["stages"]
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise ValueError("'features' must be a list of names")
    if not isinstance(stages, dict) or not stages:
        raise ValueError("'stages' must map each stage to its weights")
    parsed: dict[int, tuple[float, ...]] = {}
    for key, weights in stages.items():
        if not str(key).isdigit() or not isinstance(weights, list) \
                or not all(isinstance(w, int | float) and not isinstance(w, bool) for w in weights):
            raise ValueError(f"stage {key!r}: weights must be a list of numbers")
        parsed[int(key)] = tuple(float(w) for w in weights)
    return LinearModel(str(data["kind"]), tuple(features), parsed, dict(data.get("trained") or {}))


@dataclass(frozen=True, slots=True)
class Evaluator:
    """A game's fast path and model together: the value of a sampled world for every seat."""

    playout: Playout
    model: LinearModel

    def values(self, world: Game) -> list[float]:
        """Each seat's value of ``world``: its share of the win once over, else the model's estimate."""
        finished = self.playout.finished_values(world)
        if finished is not None:
            return finished
        features = self.playout.features
        rows = [features(world, seat) for seat in range(world.seats)]
        return self.model.shares(rows, self.playout.stage(world))


_EVALUATORS: dict[str, Evaluator] = {}


def frozen_evaluator(kind: str) -> Evaluator:
    """The evaluator of game ``kind`` with the model of December 2026 (``models/<kind>-2026-12.json``)."""
    found = _EVALUATORS.get(kind)
    if found is None:
        playout = playout_for(kind)
        text = resources.files("engine.bots.models").joinpath(f"{kind}-2026-12.json").read_text(
            encoding="utf-8")
        model = model_from_dict(json.loads(text))
        if model.features != playout.FEATURES:
            raise ValueError(f"the {kind} features changed since December 2026: {HARD_2026_12} cannot run")
        found = _EVALUATORS[kind] = Evaluator(playout, model)
    return found


def ranked_candidates(knowledge: GameKnowledge, view: View, legal: Sequence[Action],
                      limit: int) -> tuple[list[int], list[float]]:
    """The best action of each group (by one-move value), best first, at most ``limit``; and the values."""
    values = knowledge.action_values(view, legal)
    groups: dict[Hashable, list[int]] = {}
    for i, action in enumerate(legal):
        groups.setdefault(knowledge.action_group(action), []).append(i)
    best_of_group = [max(group, key=lambda i: (values[i], -i)) for group in groups.values()]
    best_of_group.sort(key=lambda i: (-values[i], i))
    return best_of_group[:limit], values


def most_valued_in_group(knowledge: GameKnowledge, legal: Sequence[Action], values: Sequence[float],
                         index: int) -> int:
    """Among the actions of ``legal[index]``'s group, the one of best one-move value (first on ties)."""
    group = knowledge.action_group(legal[index])
    members = [i for i, a in enumerate(legal) if knowledge.action_group(a) == group]
    return max(members, key=lambda i: (values[i], -i))


def require_choice(legal: Sequence[Action]) -> None:
    """``ValueError`` unless there is at least one legal action to choose from."""
    if not legal:
        raise ValueError("there is no legal action to choose from: the seat has nothing to decide now")


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


class FrozenSearchPolicy:
    """``hard-2026-12``: ISMCTS over sampled worlds, fast strategy-mode playouts and the learned evaluation
    of December 2026."""

    default_seconds: float | None = 1.0

    def __init__(self, knowledge: GameKnowledge, *, sampler: Callable[..., Game] = engine_sample,
                 name: str = HARD_2026_12,
                 settings: SearchSettings | None = None, evaluator: Evaluator | None = None,
                 default_iterations: int = 2000, widening: float = 0.7,
                 root_widening: float = 1.0) -> None:
        self.knowledge = knowledge
        self.sampler = sampler
        self.name = name
        self.settings = settings or SETTINGS[knowledge.kind]
        self.evaluator = evaluator or frozen_evaluator(knowledge.kind)
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

    def _search(self, view: View, legal: Sequence[Action], *, seed: int,
                budget: Budget | None) -> SearchReport:
        require_choice(legal)
        knowledge = self.knowledge
        settings = self.settings
        me: int = view["seat"]
        budget = budget or Budget()
        if budget.seconds is not None:
            budget = replace(budget, seconds=budget.seconds * (1.0 - settings.time_reserve))
        meter = budget.start(self.default_iterations)  # the budget covers the ranking too
        ranked, values = ranked_candidates(knowledge, view, legal, settings.candidate_limit)
        candidates = {(me, knowledge.action_group(legal[i])): i for i in ranked}
        root = Edge()
        if len(candidates) == 1:
            return SearchReport(root, candidates, 0, 0, ranked[0])
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

