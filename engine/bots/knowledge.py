"""What a game teaches its bots: the one seam between the generic policies and a game's heuristics.

Each game package holds its bots' knowledge in ``engine.<game>.bots`` (boardgame.io style), as one object
implementing :class:`GameKnowledge`. Everything it reads is plain data: a seat's view, legal actions,
the public catalog, and (for searching bots) the public view of a sampled world. In playouts the views
are asked without memory (``view(seat, memory=False)``: no record of past turns), so the knowledge values
moves and positions from the present alone.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol

from engine.api import Action, Game

View = dict[str, Any]

KNOWLEDGE_MODULES: dict[str, str] = {
    "duel": "engine.duel.bots",
    "classic": "engine.classic.bots",
}
"""Where each game kind keeps its bots' knowledge (a module-level ``KNOWLEDGE``)."""

PLAYOUT_MODULES: dict[str, str] = {
    "duel": "engine.duel.playout",
    "classic": "engine.classic.playout",
}
"""Where each game kind keeps its bots' fast path (:class:`Playout`): playouts and features on the state
of a sampled world."""

PRIOR_MODULES: dict[str, str] = {
    "duel": "engine.duel.prior",
}
"""Where a game kind keeps the features of its learned policy prior and value (:class:`PriorFeatures`)."""


class GameKnowledge(Protocol):
    """A game's heuristics for the generic policies of :mod:`engine.bots`."""

    kind: str
    opponents_in_tree: bool
    """True if a tree search may branch on other seats' decisions (public, sequential turns, as in Duel);
    False if they are hidden or simultaneous (classic), so only the searching seat's decisions branch."""
    root_breadth: int
    """How many of a decision's best one-move candidates a tree search compares from its first sampled
    world (it widens to more as it goes on)."""
    switch_confidence: float | None
    """``None``: a tree search picks the root candidate of best mean; a number z: it keeps the best
    one-move candidate unless another beat it in the same worlds by more than z standard errors."""

    def rollout_steps(self, view: View) -> int | None:
        """Decisions a tree search's playout makes before the position is evaluated (``None``: to the end)."""
        ...

    def action_values(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The one-move value of each legal action for the view's seat (``easy``): higher is better."""
        ...

    def action_group(self, action: Action) -> Hashable:
        """Actions of one group differ only in details a search need not tell apart (who is paid)."""
        ...

    def rollout_weight(self, action: Action) -> float:
        """The fast default policy's weight of an action (from the action alone, no view): > 0."""
        ...

    def evaluate(self, public_view: View) -> list[float]:
        """Each seat's estimated share of the win, from the public view of a position (sums to 1)."""
        ...

    def result_values(self, result: dict[str, Any], seats: int) -> list[float]:
        """Each seat's value of a finished game, in [0, 1] (a share of the win, ties split)."""
        ...

    def reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """Why ``action`` may be good for the view's seat, as reason codes with parameters (the coach's;
        :data:`engine.bots.coach.REASON_PRIORITY` lists the codes)."""
        ...

    def told_reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """The :meth:`reasons` of the view's seat's own ``action`` that the whole table may hear once the
        move is revealed: none of them names a card the move keeps hidden (a card sold or put under a
        wonder face down)."""
        ...


def win_shares(result: dict[str, Any], seats: int) -> list[float]:
    """Each seat's share of the win: 1 split evenly among the winners, 0 for the others."""
    winners = [s for s in result.get("winners", []) if isinstance(s, int) and 0 <= s < seats]
    shares = [0.0] * seats
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


class Playout(Protocol):
    """A game's fast path for searching bots: it plays and reads sampled worlds (drawn with
    ``engine.sample`` from one seat's view) on their state directly, with no views or action values."""

    KIND: str
    MODES: tuple[str, ...]
    """The strategies a playout seat may follow (``MODES[0]`` is the balanced one)."""
    FEATURES: tuple[str, ...]
    """The names of one seat's features, in :meth:`features` order."""
    SIGNED_FEATURES: frozenset[str]
    """The features whose learned weight may be negative (the others are goods: weights at least 0)."""

    def play(self, world: Game, rng: random.Random, modes: Sequence[int], turns: int) -> int:
        """Play ``world`` on for ``turns`` turns (Duel: decisions; classic: table turns) or to the end of
        the current Age, each seat ``s`` following ``MODES[modes[s]]``; return the decisions made."""
        ...

    def step(self, world: Game, seat: int, mode: int, rng: random.Random) -> None:
        """One decision ``seat`` owes now, by the playout policy for ``MODES[mode]``."""
        ...

    def action_weight(self, action: Action, mode: int) -> float:
        """The playout policy's weight (> 0) of a legal action for a seat following ``MODES[mode]``."""
        ...

    def moves(self, world: Game, seat: int) -> list[Hashable]:
        """The legal decisions of ``seat`` in ``world`` in compact form (the game's named ``Move``: no
        dicts), one per group of actions a search need not tell apart (payments aside)."""
        ...

    def apply_move(self, world: Game, seat: int, move: Any) -> None:
        """Play one of :meth:`moves` for ``seat`` (validated by the rules as any action is)."""
        ...

    def winning_move(self, world: Game, seat: int) -> Hashable | None:
        """One of :meth:`moves` that wins the game for ``seat`` (the seat to act) at once, if it has one
        (Duel: military or scientific supremacy); ``None`` otherwise."""
        ...

    def move_weight(self, move: Any, mode: int) -> float:
        """The playout policy's weight (> 0) of a move: its action's :meth:`action_weight`."""
        ...

    def stage(self, world: Game) -> int:
        """Which of the evaluation's weight sets values this position (the Age: 1, 2 or 3)."""
        ...

    def finished_values(self, world: Game) -> list[float] | None:
        """Each seat's share of the win once ``world`` is over, else ``None``."""
        ...

    def features(self, world: Game, seat: int) -> list[float]:
        """The features of ``seat`` in ``world``, from what every seat may see of the position."""
        ...


class PriorFeatures(Protocol):
    """A game's features for the learned prior and value (:mod:`engine.bots.prior`), read from the public
    part of a sampled world only."""

    POLICY_FEATURES: tuple[str, ...]
    VALUE_FEATURES: tuple[str, ...]

    def sparse_features(self, world: Game, seat: int, move: Any) -> list[tuple[int, float]]:
        """The nonzero policy features of one of ``seat``'s moves (the fast path's) as (index, value)."""
        ...

    def move_features(self, world: Game, seat: int, move: Any) -> list[float]:
        """All policy features of a move."""
        ...

    def value_features(self, world: Game, seat: int) -> list[float]:
        """The value features of ``world`` for ``seat``, the seat to act."""
        ...

    def value_logit(self, weights: Sequence[float], world: Game, seat: int) -> float:
        """The value's logit for ``seat`` (the seat to act) with ``weights``."""
        ...

    def root_moves(self, legal: Sequence[Action]) -> list[Any]:
        """The fast path's move of each legal action."""
        ...


_LOADED: dict[str, GameKnowledge] = {}
_PRIORS: dict[str, PriorFeatures] = {}


def prior_features_for(kind: str) -> PriorFeatures:
    """The prior features of game ``kind`` (loaded once per process); ``ValueError`` if it has none."""
    found = _PRIORS.get(kind)
    if found is None:
        try:
            name = PRIOR_MODULES[kind]
        except (KeyError, TypeError):
            raise ValueError(f"no learned prior for game kind {kind!r}; "
                             f"known: {sorted(PRIOR_MODULES)}") from None
        module: Any = importlib.import_module(name)
        found = _PRIORS[kind] = module
    return found
_PLAYOUTS: dict[str, Playout] = {}


def playout_for(kind: str) -> Playout:
    """The fast path of game ``kind`` (loaded once per process); ``ValueError`` if unknown."""
    found = _PLAYOUTS.get(kind)
    if found is None:
        try:
            name = PLAYOUT_MODULES[kind]
        except (KeyError, TypeError):
            raise ValueError(f"no bots for game kind {kind!r}; known: {sorted(PLAYOUT_MODULES)}") from None
        module: Any = importlib.import_module(name)
        found = _PLAYOUTS[kind] = module
    return found


def knowledge_for(kind: str) -> GameKnowledge:
    """The bots' knowledge of game ``kind`` (loaded once per process); ``ValueError`` if unknown."""
    found = _LOADED.get(kind)
    if found is None:
        try:
            name = KNOWLEDGE_MODULES[kind]
        except (KeyError, TypeError):
            raise ValueError(f"no bots for game kind {kind!r}; known: {sorted(KNOWLEDGE_MODULES)}") from None
        found = _LOADED[kind] = importlib.import_module(name).KNOWLEDGE
    return found
