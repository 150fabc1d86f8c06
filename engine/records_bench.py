"""The cost of game records and replays (run by ``make bench``): CPU time (``time.process_time``) to
make a record, check one by replaying it, build a replay's timeline and chart, and draw one replay frame
with every hand revealed; and the size of a record in JSON. min / median / max over seeded random games.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from engine.api import new_game
from engine.records import Replay, check_record, make_record

# (label, kind, seats, options, games)
CASES: list[tuple[str, str, int, dict[str, Any], int]] = [
    ("duel", "duel", 2, {}, 20),
    ("classic 3", "classic", 3, {}, 20),
    ("classic 7", "classic", 7, {}, 10),
    ("cities 7", "classic", 7, {"cities": True}, 10),
]


def finished(kind: str, seats: int, options: dict[str, Any], seed: int) -> tuple[Any, int]:
    """A game of random legal moves played to its end from ``seed``, and that seed."""
    game = new_game(kind, seats=seats, seed=seed, options=dict(options))
    pick = random.Random(seed)
    while not game.is_over():
        seat = (game.waiting() or game.to_act())[0]
        game.apply(seat, pick.choice(game.legal_actions(seat)))
    return game, seed


def cpu_ms(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU milliseconds ``work`` takes, and what it returned."""
    start = time.process_time()
    out = work()
    return (time.process_time() - start) * 1000, out


def spread(values: list[float]) -> str:
    """min / median / max."""
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def _frames(replay: Replay, stops: list[int]) -> list[dict[str, Any]]:
    return [replay.frame(step, hands=True) for step in stops]


def measure(kind: str, seats: int, options: dict[str, Any], games: int) -> dict[str, list[float]]:
    """The figures of ``games`` records of one game kind."""
    out: dict[str, list[float]] = {"make": [], "check": [], "replay": [], "frame": [], "kb": []}
    for n in range(games):
        game, seed = finished(kind, seats, options, 1000 + n)
        made, record = cpu_ms(partial(make_record, game, seed=seed, options=options))
        data = record.to_dict()
        checked, _ = cpu_ms(partial(check_record, data))
        built, replay = cpu_ms(partial(Replay, record))
        stops = [0] + [p.step for p in replay.chart()]
        drawn, _ = cpu_ms(partial(_frames, replay, stops))
        out["make"].append(made)
        out["check"].append(checked)
        out["replay"].append(built)
        out["frame"].append(drawn / len(stops))
        out["kb"].append(len(json.dumps(data)) / 1024)
    return out


def main() -> int:
    """Print the figures of every case."""
    print("game records (CPU ms, min / median / max): make, check by replay, replay timeline + chart, "
          "one frame with hands; record size (KB)")
    for label, kind, seats, options, games in CASES:
        f = measure(kind, seats, options, games)
        print(f"  {label:10s} ({games} games): make {spread(f['make'])} · check {spread(f['check'])} · "
              f"replay {spread(f['replay'])} · frame {spread(f['frame'])} · {spread(f['kb'])} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
