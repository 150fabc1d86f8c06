"""Seeded games traced move by move, to compare the compiled engine with plain Python (test_native.py).

``python -m tests.engine.native_games`` prints one JSON object: ``engine`` (which path ran,
``engine.ENGINE_PATH``), ``compiled`` (the modules loaded from the build) and ``traces``: for each game,
the digest of every step (the acting seat's legal actions, the move drawn, its events; the views at the
end and the result), and for each bot decision the move ``hard`` and ``medium`` chose with a fixed number
of iterations (so ``sample`` and the playouts are compared too).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import engine
from engine import native
from engine.bots import Budget, make_policy

# (kind, seats, seed, options) of the random games traced.
GAMES: list[tuple[str, int, int, dict[str, Any] | None]] = [
    *[("duel", 2, seed, None) for seed in range(6)],
    *[("classic", seats, seed, None)
      for seats, seed in [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (7, 7)]],
    ("classic", 7, 8, {"cities": True}),
    ("classic", 6, 9, {"cities": True, "teams": True}),
    ("classic", 4, 10, {"sides": "B"}),
]

# (kind, seats, seed, moves played first) of the positions where the searching bots decide.
DECISIONS: list[tuple[str, int, int, int]] = [("duel", 2, 1, 20), ("classic", 3, 2, 9), ("classic", 7, 3, 30)]


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def trace_game(kind: str, seats: int, seed: int, options: dict[str, Any] | None) -> list[str]:
    """The digest of each step of one random game (moves drawn from ``random.Random(seed)``)."""
    game = engine.new_game(kind, seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    steps = []
    while acting := game.to_act():
        for seat in acting:
            legal = game.legal_actions(seat)
            if not legal:
                continue
            action = rng.choice(legal)
            events = game.apply(seat, action)
            steps.append(_digest([seat, legal, action, events]))
    steps.append(_digest([[game.view(seat) for seat in range(seats)], game.view(None), game.result(),
                          game.to_dict()]))
    return steps


def bot_decisions(kind: str, seats: int, seed: int, moves: int) -> list[str]:
    """The moves ``medium`` and ``hard`` choose (fixed iterations) for the first seat to act after
    ``moves`` random moves of a seeded game."""
    game = engine.new_game(kind, seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    seat = game.waiting()[0]
    chosen = []
    for level in ("medium", "hard"):
        policy = make_policy(level, kind)
        action = policy.decide(game.view(seat), game.legal_actions(seat), seed=seed,
                               budget=Budget(iterations=40))
        chosen.append(_digest([level, action]))
    return chosen


def main() -> None:
    traces = {f"{kind}-{seats}-{seed}-{options}": trace_game(kind, seats, seed, options)
              for kind, seats, seed, options in GAMES}
    traces.update({f"bots {kind}-{seats}-{seed}-{moves}": bot_decisions(kind, seats, seed, moves)
                   for kind, seats, seed, moves in DECISIONS})
    compiled = sorted(name for name in native.COMPILED_MODULES
                      if name in sys.modules and native.is_compiled(sys.modules[name]))
    json.dump({"engine": engine.ENGINE_PATH.describe(), "compiled": compiled, "traces": traces}, sys.stdout)


if __name__ == "__main__":
    main()
