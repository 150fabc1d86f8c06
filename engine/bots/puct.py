"""``hard`` with the learned prior and value (Duel): PUCT selection and leaves valued by a mix.

:class:`PriorSearchPolicy` (``hard``'s :class:`~engine.bots.search.PlayoutSearchPolicy` with this search)
runs it when its settings ask for the learned model (``prior``, ``value_mix``; e.g. the arena's
``hard:prior=true,value_mix=0.5``). It is ``hard``'s
information-set search otherwise unchanged: worlds drawn from the seat's view (``engine.sample``, each
serving ``world_reuse`` iterations), one tree for all of them, edges competing where legal in the world at
hand, the fast path's moves below the root. What changes:

- **Selection** (``prior``): PUCT, ``Q + puct * P * sqrt(N) / (1 + n)``, with ``P`` the prior of
  :mod:`engine.bots.prior` over the moves legal in this world (the root's candidates included; no
  progressive widening), ``N`` the node's visits, ``n`` and ``Q`` the edge's visits and mean value for the
  seat choosing; an edge not yet tried counts the node's own value for that seat (first-play urgency).
  Without ``prior``, UCB1 with progressive widening as ``hard`` does.
- **Leaves**: the new node's position is valued ``value_mix * V + (1 - value_mix) * E``: ``V`` the learned
  value of the seat to act there (the other seat's is ``1 - V``), ``E`` the evaluation after a playout to
  the Age's end as ``hard`` plays it (skipped when ``value_mix`` is 1). A finished game is valued by its
  result.

The prior and the value read only the public part of a world (:mod:`engine.bots.prior`), the same in every
world drawn from one view.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from engine.api import Action, Game
from engine.bots.budget import Budget
from engine.bots.montecarlo import most_valued_in_group
from engine.bots.policy import require_choice
from engine.bots.prior import PRIOR_KIND, PriorModel, shipped_prior
from engine.bots.search import Edge, EdgeKey, PlayoutSearchPolicy, SearchReport, select
from engine.bots.seeds import derive_seed

PRIOR_KINDS = frozenset({PRIOR_KIND})
"""The games with a learned prior and value."""


class PuctNode(Edge):
    """An :class:`Edge` that also keeps its prior and its children's priors in ``keys`` order."""

    __slots__ = ("prior", "priors")

    def __init__(self, prior: float = 0.0) -> None:
        super().__init__()
        self.prior = prior
        self.priors: list[float] | None = None


def puct_select(node: PuctNode, keys: Sequence[EdgeKey], priors: Sequence[float], constant: float,
                parent_value: float) -> EdgeKey:
    """The edge of ``keys`` of best PUCT score (``parent_value``: the node's value for the seat choosing,
    an untried edge's ``Q``)."""
    children = node.children
    scale = constant * math.sqrt(node.visits + 1)
    best = keys[0]
    best_score = -math.inf
    for key, prior in zip(keys, priors, strict=True):
        child = children.get(key)
        if child is None:
            child = children[key] = PuctNode(prior)
        child.available += 1
        visits = child.visits
        score = (child.total / visits if visits else parent_value) + scale * prior / (1 + visits)
        if score > best_score:
            best, best_score = key, score
    return best


def puct_search(policy: PlayoutSearchPolicy, view: Any, legal: Sequence[Action], *, seed: int,
                budget: Budget | None) -> SearchReport:
    """One decision of ``policy`` (its settings use the learned model) from ``view``: the root's edges and
    the index in ``legal`` of the action chosen (most visits, then best mean)."""
    require_choice(legal)
    knowledge = policy.knowledge
    if knowledge.kind not in PRIOR_KINDS:
        raise ValueError(f"the learned prior and value are for {sorted(PRIOR_KINDS)}, not {knowledge.kind}")
    settings = policy.settings
    model = shipped_prior()
    me: int = view["seat"]
    start = policy.root_start(view, legal, budget)
    meter, values, candidates = start.meter, start.values, start.candidates
    root = PuctNode()
    if len(candidates) == 1:
        return SearchReport(root, candidates, 0, 0, start.ranked[0])
    root_keys = list(candidates)
    rng = random.Random(derive_seed(seed, 1))
    world: Game | None = None
    worlds = 0
    root_priors: list[float] = []
    while not meter.exhausted():
        if meter.used % settings.world_reuse == 0 or world is None:
            world = policy.sampler(view, seed=derive_seed(seed, 0, worlds))
            worlds += 1
            if not root_priors and settings.prior:
                moves = model.game.root_moves([legal[candidates[key]] for key in root_keys])
                root_priors = model.priors(world, me, moves)
        if settings.prior:
            mean = root.total / root.visits if root.visits else 0.5
            key = puct_select(root, root_keys, root_priors, settings.puct, mean)
        else:
            allowed = min(len(root_keys),
                          settings.root_breadth + int(policy.root_widening * math.sqrt(root.visits)))
            key = select(root, root_keys[:allowed], settings.exploration)
            if not isinstance(root.children[key], PuctNode):
                root.children[key] = _as_node(root.children[key])
        value = _iterate(policy, model, root, world.clone(), me, legal[candidates[key]], key, rng)
        root.visits += 1
        root.total += value
        meter.spend()
    best = max((k for k in root_keys if k in root.children),
               key=lambda k: (root.children[k].visits, root.children[k].mean))
    choice = most_valued_in_group(knowledge, legal, values, candidates[best])
    return SearchReport(root, candidates, meter.used, worlds, choice)


def _as_node(edge: Edge) -> PuctNode:
    """A fresh :class:`PuctNode` in place of a new plain edge (UCB1's ``select`` adds plain ones)."""
    node = PuctNode()
    node.available = edge.available
    return node


def _iterate(policy: PlayoutSearchPolicy, model: PriorModel, root: PuctNode, world: Game, me: int,
             action: Action, root_key: EdgeKey, rng: random.Random) -> float:
    """One descent through ``root_key``: apply it, follow the tree (PUCT or UCB1), add a node, value its
    position (the learned value mixed with a playout's evaluation), back up; returns ``me``'s value."""
    settings = policy.settings
    playout = policy.evaluator.playout
    moves_of, apply_move, winning_move = playout.moves, playout.apply_move, playout.winning_move
    weight = playout.move_weight
    count = len(playout.MODES)
    share = settings.balanced_share
    modes = [0 if rng.random() < share else rng.randrange(count) for _ in range(world.seats)]
    use_prior = settings.prior
    world.apply(me, action)
    node: PuctNode = root.children[root_key]  # type: ignore[assignment]
    path = [(node, me)]
    while node.visits:
        waiting = world.waiting()
        if not waiting:
            break
        seat = waiting[0]
        options = moves_of(world, seat)
        keys = node.keys
        if keys is None or options != node.moves:
            node.moves = options
            win = winning_move(world, seat)
            if win is not None:
                keys = node.keys = [(seat, win)]
                node.priors = [1.0]
            elif use_prior:
                keys = node.keys = [(seat, move) for move in options]
                node.priors = model.priors(world, seat, options)
            else:
                keys = node.keys = [(seat, move) for move in sorted(options, key=lambda m: -weight(m, 0))]
        if use_prior:
            priors = node.priors
            assert priors is not None
            mean = node.total / node.visits
            key = puct_select(node, keys, priors, settings.puct, mean if seat == path[-1][1] else 1.0 - mean)
        else:
            allowed = 1 + int(policy.widening * math.sqrt(node.visits))
            key = select(node, keys[:allowed], settings.exploration)
            if not isinstance(node.children[key], PuctNode):
                node.children[key] = _as_node(node.children[key])
        apply_move(world, seat, key[1])
        node = node.children[key]  # type: ignore[assignment]
        path.append((node, seat))
    values = _leaf_values(policy, model, world, rng, modes)
    for edge, seat in path:
        edge.visits += 1
        edge.total += values[seat]
    return values[me]


def _leaf_values(policy: PlayoutSearchPolicy, model: PriorModel, world: Game, rng: random.Random,
                 modes: list[int]) -> list[float]:
    """Each seat's value of the leaf ``world``: its result once over, else the mix of the learned value and
    a playout's evaluation (``value_mix``)."""
    playout = policy.evaluator.playout
    finished = playout.finished_values(world)
    if finished is not None:
        return finished
    mix = policy.settings.value_mix
    learned = [0.0, 0.0]
    if mix > 0:
        seat = world.waiting()[0]
        mine = model.world_value(world, seat)
        learned[seat], learned[1 - seat] = mine, 1.0 - mine
        if mix >= 1:
            return learned
    playout.play(world, rng, modes, policy.settings.turns(world.seats))
    played = policy.evaluator.values(world)
    if mix <= 0:
        return played
    return [mix * a + (1.0 - mix) * b for a, b in zip(learned, played, strict=True)]


class PriorSearchPolicy(PlayoutSearchPolicy):
    """``hard`` whose settings use the learned prior or value: :func:`puct_search` instead of ``hard``'s
    search (the arena's variants make it, :func:`engine.bots.variants.make_arena_policy`)."""

    runs_prior = True

    def _search(self, view: Any, legal: Sequence[Action], *, seed: int,
                budget: Budget | None) -> SearchReport:
        return puct_search(self, view, legal, seed=seed, budget=budget)
