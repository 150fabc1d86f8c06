"""Bots for every game: policies that decide from one seat's view and legal actions, and the arena.

- :mod:`engine.bots.policy`: the :class:`Policy` interface, ``random`` and ``easy``;
- :mod:`engine.bots.montecarlo` (``medium``) and :mod:`engine.bots.ismcts` (``hard``): searches over
  worlds sampled from the view (:func:`engine.sample`), bounded by a :class:`Budget`;
- :mod:`engine.bots.knowledge`: the seam to each game's heuristics (``engine.<game>.bots``);
- :mod:`engine.bots.match` and :mod:`engine.bots.arena`: playing games between bots and measuring them.

The host asks :func:`make_policy` for a level and calls ``policy.decide(view, legal, seed=..., budget=...)``
with the seat's view and legal actions, and a budget on its own clock for searching levels.
"""

from engine.bots.budget import Budget, BudgetMeter, Clock
from engine.bots.levels import LEVELS, make_policy
from engine.bots.policy import Policy
from engine.bots.seeds import derive_seed

__all__ = ["LEVELS", "Budget", "BudgetMeter", "Clock", "Policy", "derive_seed", "make_policy"]
