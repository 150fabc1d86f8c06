"""Playing one whole game with a policy in every seat: the loop the arena and the tests share.

The loop hands each policy exactly what the host would: the seat's view and legal actions, once per
decision the game waits for (simultaneous turns: each waiting seat once). Time is read only on a clock
the caller passes (the arena's ``time.process_time``); without one, searching policies use their
default iteration caps and a game is exactly reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.api import new_game
from engine.bots.budget import Budget, Clock
from engine.bots.knowledge import win_shares
from engine.bots.policy import Policy
from engine.bots.seeds import derive_seed


@dataclass(frozen=True, slots=True)
class ThinkingLimit:
    """What a searching policy may use per decision: ``seconds`` on ``clock`` (default: the policy's own
    time when a clock is given) and/or an iteration cap."""

    seconds: float | None = None
    iterations: int | None = None
    clock: Clock | None = None

    def budget_for(self, policy: Policy) -> Budget | None:
        """The budget of one decision of ``policy`` (``None`` for a policy that does not search)."""
        if policy.default_seconds is None:
            return None
        seconds = self.seconds if self.seconds is not None else policy.default_seconds
        if self.clock is None:
            return Budget(iterations=self.iterations)
        return Budget(iterations=self.iterations, seconds=seconds, clock=self.clock)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: its seed, each seat's share of the win, and each seat's decision times."""

    seed: int
    shares: list[float]
    decision_seconds: list[list[float]]
    """Per seat, the seconds each decision took (empty without a clock)."""
    decisions: int
    result: dict[str, Any]


def play_game(kind: str, policies: Sequence[Policy], *, seed: int, options: dict[str, Any] | None = None,
              limit: ThinkingLimit | None = None, max_decisions: int = 100_000) -> GameRecord:
    """Play one game of ``kind`` with ``policies[seat]`` deciding for each seat; return its record.

    Decision ``n`` of seat ``s`` gets the seed ``derive_seed(seed, s, n)``.
    """
    limit = limit or ThinkingLimit()
    clock = limit.clock
    seats = len(policies)
    game = new_game(kind, seats=seats, seed=seed, options=options)
    counts = [0] * seats
    times: list[list[float]] = [[] for _ in range(seats)]
    budgets = [limit.budget_for(p) for p in policies]
    decisions = 0
    while True:
        waiting = game.waiting()
        if not waiting:
            break
        if decisions >= max_decisions:
            raise RuntimeError(f"{kind} game {seed} did not end after {max_decisions} decisions")
        seat = waiting[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        decision_seed = derive_seed(seed, seat, counts[seat])
        counts[seat] += 1
        started = clock() if clock is not None else 0.0
        action = policies[seat].decide(view, legal, seed=decision_seed, budget=budgets[seat])
        if clock is not None:
            times[seat].append(clock() - started)
        game.apply(seat, action)
        decisions += 1
    result = game.result() or {}
    return GameRecord(seed, win_shares(result, seats), times, decisions, result)
