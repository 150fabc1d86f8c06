"""Random-game simulator over the public engine API, and the benchmark run by ``make bench``.

Games are played only through ``engine.new_game``, ``to_act``, ``legal_actions`` and ``apply``, so
the figures measure what the host and bots see.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from engine.api import new_game

# (kind, seats, games): extend with new game kinds.
BENCHMARKS: list[tuple[str, int, int]] = [
    ("duel", 2, 2000),
    ("classic", 2, 300),
    ("classic", 3, 500),
    ("classic", 7, 200),
]


def play_random(kind: str, seats: int, seed: int, rng: random.Random) -> tuple[Any, int]:
    """One game of random legal moves; returns (game, moves)."""
    game = new_game(kind, seats=seats, seed=seed)
    moves = 0
    choice = rng.choice
    while True:
        acting = game.to_act()
        if not acting:
            return game, moves
        for seat in acting:
            # A simultaneous turn may resolve before the loop reaches every seat it listed.
            actions = game.legal_actions(seat)
            if actions:
                game.apply(seat, choice(actions))
                moves += 1


def simulate(kind: str, seats: int, games: int, seed: int = 0) -> dict[str, Any]:
    """Play ``games`` random games from seeds ``seed .. seed+games-1``; return the figures."""
    rng = random.Random(seed)
    victories: Counter[str] = Counter()
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        game, n = play_random(kind, seats, seed + i, rng)
        moves += n
        result = game.result() or {}
        victories[result.get("victory", "unknown")] += 1
    elapsed = time.perf_counter() - start
    return {
        "kind": kind,
        "seats": seats,
        "games": games,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed else float("inf"),
        "moves_per_game": moves / games if games else 0.0,
        "victories": {k: v / games for k, v in sorted(victories.items())},
    }


def format_stats(stats: dict[str, Any]) -> str:
    """One readable line of simulator figures."""
    shares = ", ".join(f"{k} {v:.1%}" for k, v in stats["victories"].items())
    return (f"{stats['kind']} ({stats['seats']} seats): {stats['games']} games in {stats['seconds']:.2f}s = "
            f"{stats['games_per_second']:.0f} games/s, {stats['moves_per_game']:.1f} moves/game; "
            f"victories: {shares}")


def main() -> None:
    """Print the benchmark figures of every row of BENCHMARKS."""
    for kind, seats, games in BENCHMARKS:
        print(format_stats(simulate(kind, seats, games)))


if __name__ == "__main__":
    main()
