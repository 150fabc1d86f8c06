"""Random-game simulator over the public engine API, and the benchmark run by ``make bench``.

Games are played only through the public interface (``engine.new_game``, ``to_act``, ``legal_actions``,
``apply``, ``clone``, ``to_dict``, ``restore``, ``sample``), so the figures measure what the host and
bots see. Besides random games per second, the bench prints what a search costs per simulation: a
``clone`` and a ``sample`` of a mid-game position, next to ``restore(to_dict())`` (a replay of the log).
Every figure is CPU time of this process (``time.process_time``), so a busy machine changes it little;
the rows with a target (:data:`TARGETS`) print it beside the figure. The first line says which engine ran:
the compiled fast path or plain Python (:mod:`engine.native`; ``WT_PLAIN_ENGINE=1`` forces plain).
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from engine.api import Game, new_game, restore, sample
from engine.native import ENGINE_PATH

# (kind, seats, games): extend with new game kinds.
BENCHMARKS: list[tuple[str, int, int]] = [
    ("duel", 2, 2000),
    ("classic", 2, 300),
    ("classic", 3, 500),
    ("classic", 7, 200),
]

# (kind, seats, games, options): benchmarks of an option set (Cities: at least 100 games/s wanted).
OPTION_BENCHMARKS: list[tuple[str, int, int, dict[str, Any]]] = [
    ("classic", 7, 200, {"cities": True}),
    ("classic", 6, 200, {"cities": True, "teams": True}),
]

REPEATS = 3
"""Each row's games are played this many times over (the same seeded games): the figure is the median
run's, printed with the fastest and slowest (a shared machine's noise, in CPU time too)."""

# (kind, seats): the mid-game positions whose copy costs are measured.
COPY_COSTS: list[tuple[str, int]] = [("duel", 2), ("classic", 3), ("classic", 7)]


class Target(NamedTuple):
    """A figure the engine aims for (issues 17 and 20): at least ``games_per_second`` random games per
    CPU second, or at most ``sample_us`` CPU microseconds per ``sample`` of a mid-game view."""

    games_per_second: float | None = None
    sample_us: float | None = None


# (kind, seats, Cities) -> its target.
TARGETS: dict[tuple[str, int, bool], Target] = {
    ("duel", 2, False): Target(games_per_second=2000, sample_us=50),
    ("classic", 7, False): Target(games_per_second=400, sample_us=300),
    ("classic", 7, True): Target(games_per_second=100),
}


def target_of(kind: str, seats: int, options: dict[str, Any] | None = None) -> Target:
    """The target of a row (an empty one when the row has none)."""
    return TARGETS.get((kind, seats, bool((options or {}).get("cities"))), Target())


def _verdict(value: float, wanted: float | None, at_least: bool) -> str:
    """`` (target >= N: met)``-style text, or nothing without a target."""
    if wanted is None:
        return ""
    met = value >= wanted if at_least else value <= wanted
    return f" (target {'>=' if at_least else '<='} {wanted:g}: {'met' if met else 'NOT met'})"


def play_random(kind: str, seats: int, seed: int, rng: random.Random,
                options: dict[str, Any] | None = None) -> tuple[Game, int]:
    """One game of random legal moves; returns (game, moves)."""
    game = new_game(kind, seats=seats, seed=seed, options=options)
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


def simulate(kind: str, seats: int, games: int, seed: int = 0,
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` random games from seeds ``seed .. seed+games-1`` (with ``options``); return the
    figures (``seconds``: CPU seconds)."""
    rng = random.Random(seed)
    victories: Counter[str] = Counter()
    moves = 0
    start = time.process_time()
    for i in range(games):
        game, n = play_random(kind, seats, seed + i, rng, options)
        moves += n
        result = game.result() or {}
        victories[result.get("victory", "unknown")] += 1
    elapsed = time.process_time() - start
    return {
        "kind": kind,
        "seats": seats,
        "options": dict(options or {}),
        "games": games,
        "seconds": elapsed,
        "games_per_second": games / elapsed if elapsed else float("inf"),
        "moves_per_game": moves / games if games else 0.0,
        "victories": {k: v / games for k, v in sorted(victories.items())},
    }


def simulate_repeated(kind: str, seats: int, games: int, repeats: int = REPEATS,
                      options: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`simulate` ``repeats`` times over: the median run's figures, with ``rates``, every run's
    games per CPU second from the slowest to the fastest."""
    runs = sorted((simulate(kind, seats, games, options=options) for _ in range(repeats)),
                  key=lambda run: run["games_per_second"])
    return {**runs[len(runs) // 2], "rates": [run["games_per_second"] for run in runs]}


def format_stats(stats: dict[str, Any]) -> str:
    """One readable line of simulator figures (with ``rates``: the slowest, median and fastest run)."""
    shares = ", ".join(f"{k} {v:.1%}" for k, v in stats["victories"].items())
    options = "".join(f", {k}={v}" for k, v in sorted(stats.get("options", {}).items()))
    wanted = target_of(stats["kind"], stats["seats"], stats.get("options")).games_per_second
    verdict = _verdict(stats["games_per_second"], wanted, at_least=True)
    rates = stats.get("rates") or []
    spread = (f" (min / median / max of {len(rates)} runs: {rates[0]:.0f} / {stats['games_per_second']:.0f}"
              f" / {rates[-1]:.0f})") if len(rates) > 1 else ""
    return (f"{stats['kind']} ({stats['seats']} seats{options}): {stats['games']} games in "
            f"{stats['seconds']:.2f} CPU s = "
            f"{stats['games_per_second']:.0f} games per CPU second{verdict}{spread}, "
            f"{stats['moves_per_game']:.1f} moves/game; victories: {shares}")


def mid_game(kind: str, seats: int, seed: int = 0) -> Game:
    """A position halfway through a random game (by moves) of ``kind``."""
    full, moves = play_random(kind, seats, seed, random.Random(seed))
    game = new_game(kind, seats=seats, seed=seed)
    for seat, action in full.action_log[: moves // 2]:
        game.apply(seat, action)
    return game


def _per_call(work: Callable[[int], object], budget: float = 0.5) -> float:
    """CPU seconds per call of ``work(i)``: as many calls as fit in about ``budget`` CPU seconds (at
    least 3)."""
    calls = 0
    start = time.process_time()
    while calls < 3 or time.process_time() - start < budget:
        work(calls)
        calls += 1
    return (time.process_time() - start) / calls


def copy_costs(kind: str, seats: int) -> dict[str, Any]:
    """CPU seconds per ``restore(to_dict())``, per ``clone()`` and per ``sample(view)`` of a mid-game
    position (``sample_first``: the first sample of a view, which checks it and copies it)."""
    game = mid_game(kind, seats)
    seat = game.to_act()[0]
    view = game.view(seat)
    costs: dict[str, Any] = {"kind": kind, "seats": seats, "moves": len(game.action_log)}
    costs["restore"] = _per_call(lambda _: restore(game.to_dict()))
    costs["clone"] = _per_call(lambda _: game.clone())
    costs["sample_first"] = _per_call(lambda i: sample(copy.deepcopy(view), seed=i)) - _per_call(
        lambda _: copy.deepcopy(view))
    costs["sample"] = _per_call(lambda i: sample(view, seed=i))
    return costs


def format_costs(costs: dict[str, Any]) -> str:
    """One readable line of copy costs."""
    line = (f"{costs['kind']} ({costs['seats']} seats) after {costs['moves']} moves: "
            f"restore(to_dict()) {costs['restore'] * 1e6:.0f} us")
    ratio = costs["restore"] / costs["clone"]
    clone, sampled = costs["clone"] * 1e6, costs["sample"] * 1e6
    verdict = _verdict(sampled, target_of(costs["kind"], costs["seats"]).sample_us, at_least=False)
    first = costs.get("sample_first")
    first_text = "" if first is None else f", first sample of a view {first * 1e6:.0f} us"
    return (f"{line}, clone {clone:.1f} us ({ratio:.0f}x cheaper), sample {sampled:.0f} us{verdict}"
            f"{first_text} (CPU time)")


def main() -> None:
    """Print which engine runs (compiled or plain, :mod:`engine.native`), the benchmark figures of every
    row of BENCHMARKS (each the median of REPEATS runs), then the copy costs of COPY_COSTS."""
    print(f"engine: {ENGINE_PATH.describe()}")
    for kind, seats, games in BENCHMARKS:
        print(format_stats(simulate_repeated(kind, seats, games)))
    for kind, seats, games, options in OPTION_BENCHMARKS:
        print(format_stats(simulate_repeated(kind, seats, games, options=options)))
    for kind, seats in COPY_COSTS:
        print(format_costs(copy_costs(kind, seats)))


if __name__ == "__main__":
    main()
