"""Bots for every game: policies that decide from one seat's view and legal actions, and the arena.

- :mod:`engine.bots.policy`: the :class:`Policy` interface, ``random`` and ``easy``;
- :mod:`engine.bots.montecarlo` (``medium``) and :mod:`engine.bots.search` (``hard``): searches over
  worlds sampled from the view (:func:`engine.sample`), bounded by a :class:`Budget`; ``hard`` plays cheap
  playouts through each game's fast path and values positions with :mod:`engine.bots.evaluation` (trained
  by :mod:`engine.bots.train`); :mod:`engine.bots.ismcts` is the ``hard`` of November 2026
  (``hard-2026-11``, for the arena only) and :mod:`engine.bots.hard_2026_12` the frozen ``hard`` of
  December 2026 (``hard-2026-12``, issue 32's yardstick);
- :mod:`engine.bots.prior` (a learned policy prior and value over a seat's public position, trained by
  :mod:`engine.bots.train_prior`) and :mod:`engine.bots.puct` (``hard``'s search guided by them, PUCT; arena
  variants such as ``hard:prior=true`` until one beats ``hard``);
- :mod:`engine.bots.knowledge`: the seam to each game's heuristics (``engine.<game>.bots``) and fast path
  (``engine.<game>.playout``);
- :mod:`engine.bots.coach`: ``suggest``, the hard search's two best moves with reason codes (docs/bots.md);
- :mod:`engine.bots.match` and :mod:`engine.bots.arena`: playing games between bots and measuring them.

A caller (the host, in a worker process) uses a bot like this::

    policy = make_policy("hard", "duel")
    budget = None
    if policy.default_seconds is not None:  # a searching level: give it time on the caller's clock
        budget = Budget(seconds=policy.default_seconds, clock=time.perf_counter)
    action = policy.decide(game.view(seat), game.legal_actions(seat), seed=derive_seed(game_seed, seat, n),
                           budget=budget)

Policies keep no state between decisions and never read a clock themselves; with ``Budget(iterations=N)``
(or no budget: each level's default cap) a decision is exactly reproducible from its seed.
"""

from engine.bots.budget import Budget, BudgetMeter, Clock
from engine.bots.levels import LEVELS, make_policy
from engine.bots.policy import Policy
from engine.bots.seeds import derive_seed

__all__ = ["LEVELS", "Budget", "BudgetMeter", "Clock", "Policy", "derive_seed", "make_policy"]
