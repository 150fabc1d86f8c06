"""The bots' strength and speed bars of issues 11 and 17, measured with the arena (``make bench`` runs this).

``python -m engine.bots.bench [--full] [--budget S] [--iterations N] [--jobs J] [--games-scale X]
[--only NAME,...] [--json] [--throughput-only] [--bot LEVEL]``

After the bars (or alone, ``--throughput-only``; not with ``--only``), ``hard``'s search throughput (or
that of the ``hard`` variant ``--bot`` names, e.g. ``hard:prior=true,value_mix=1.0``):
iterations per CPU second of one decision on fixed seeded positions (a Duel mid-game, 7 and 4 seats of
classic; min / median / max over three seeds, the median against issue 17's targets), then what an
``engine.sample`` of each position's view costs in CPU microseconds (targets 50 in Duel, 300 at 7 seats).

Each bar is one arena run (seeded deals, seats rotated, every deal played from every seat) and one
threshold on a bot's win share. By default the games are fewer than the issue's counts and every
searching bot thinks ``--budget`` seconds per decision (0.05), so the whole bench ends in a few minutes
on one core; ``--full`` plays the issue's counts at each bot's own default time (medium 0.3 s, hard 1 s),
which takes hours. The searching bots of one bar always get the same budget. The decision-time bars are
read from the same runs: ``hard``'s 95th percentile against its budget plus 10%, ``easy``'s median against
30 ms. ``--iterations N`` caps every searching decision at N iterations with no time limit: the games
are then the same on any machine however loaded (strength without the clock; the time bars are then
not checked).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.api import ENGINE_PATH, Game, new_game, sample, spec
from engine.bots.arena import ArenaPlan, play_all, summarise
from engine.bots.budget import Budget
from engine.bots.hard_2026_12 import FrozenSearchPolicy
from engine.bots.levels import HARD_2026_11
from engine.bots.montecarlo import MonteCarloPolicy
from engine.bots.puct import PRIOR_KINDS
from engine.bots.search import PlayoutSearchPolicy
from engine.bots.variants import make_arena_policy, parse_level

QUICK_BUDGET = 0.05
"""Seconds per decision of every searching bot in the quick bench."""
HARD_TIME_MARGIN = 0.10
"""``hard``'s 95th percentile decision time may exceed its budget by this fraction."""
EASY_MEDIAN_SECONDS = 0.030
DEFAULT_MEDIUM_SECONDS = MonteCarloPolicy.default_seconds or 0.3
DEFAULT_HARD_SECONDS = PlayoutSearchPolicy.default_seconds or 1.0


@dataclass(frozen=True, slots=True)
class Bar:
    """One strength bar: ``bot``'s share in ``lineup`` (one bot per seat) is at least ``threshold``."""

    name: str
    kind: str
    lineup: tuple[str, ...]
    bot: str
    threshold: float
    full_games: int
    quick_games: int
    options: dict[str, Any] | None = None


BARS: tuple[Bar, ...] = (
    Bar("duel easy>random", "duel", ("easy", "random"), "easy", 0.85, 400, 400),
    Bar("duel medium>easy", "duel", ("medium", "easy"), "medium", 0.85, 200, 40),
    Bar("duel hard>medium", "duel", ("hard", "medium"), "hard", 0.70, 200, 40),
    Bar("duel hard>hard-2026-11", "duel", ("hard", HARD_2026_11), "hard", 0.75, 200, 40),
    Bar("classic4 hard+3 hard-2026-11", "classic", ("hard",) + (HARD_2026_11,) * 3, "hard", 0.40, 200, 40),
    Bar("duel hard>easy", "duel", ("hard", "easy"), "hard", 0.95, 200, 40),
    Bar("classic4 hard+3 easy", "classic", ("hard", "easy", "easy", "easy"), "hard", 0.50, 200, 40),
    Bar("classic7 hard+6 easy", "classic", ("hard",) + ("easy",) * 6, "hard", 0.35, 140, 28),
    Bar("classic2 hard>easy", "classic", ("hard", "easy"), "hard", 0.80, 200, 40),
)
"""The issues' bars (11 and 17); ``full_games`` are their counts (rounded up to whole rotations of the
seats). ``hard-2026-11`` is the ``hard`` of November 2026, kept as the yardstick of issue 17."""


@dataclass(frozen=True, slots=True)
class ThroughputCase:
    """A fixed seeded position (``decisions`` random moves into a game), the hard iterations per CPU
    second its search should reach there and the CPU microseconds an ``engine.sample`` of its view
    should take at most (``None``: reported only)."""

    name: str
    kind: str
    seats: int
    decisions: int
    target: float | None
    sample_target_us: float | None = None


THROUGHPUT: tuple[ThroughputCase, ...] = (
    ThroughputCase("duel mid-game", "duel", 2, 30, 5000.0, 50.0),
    ThroughputCase("classic 7 seats", "classic", 7, 56, 1000.0, 300.0),
    ThroughputCase("classic 4 seats", "classic", 4, 32, None),
)
SAMPLE_DRAWS = 300
"""Draws of one view per sample-cost measurement (the first, which reads the view, is left out)."""
THROUGHPUT_SEEDS = (1, 2, 3)
THROUGHPUT_ITERATIONS = 1500


def position(case: ThroughputCase, seed: int) -> Game:
    """The position of ``case`` from ``seed``: that many uniformly random legal moves into a new game."""
    game = new_game(case.kind, seats=case.seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(case.decisions):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    while len(game.legal_actions(game.waiting()[0])) < 2:  # on to a real choice
        seat = game.waiting()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def iterations_per_cpu_second(case: ThroughputCase, seed: int, iterations: int, bot: str = "hard") -> float:
    """The search iterations per CPU second (``time.process_time``) of ``bot`` (``hard`` or a variant) for
    one decision at the position of ``case`` and ``seed`` (the whole decision: candidates, sampled worlds,
    playouts)."""
    game = position(case, seed)
    seat = game.waiting()[0]
    policy = make_arena_policy(bot, case.kind)
    if not isinstance(policy, PlayoutSearchPolicy | FrozenSearchPolicy):
        raise ValueError(f"{bot} is not hard, a variant of it or a frozen hard")
    view, legal = game.view(seat), game.legal_actions(seat)
    started = time.process_time()
    report = policy.analyse(view, legal, seed=seed, budget=Budget(iterations=iterations))
    return report.iterations / max(time.process_time() - started, 1e-9)


def sample_microseconds(case: ThroughputCase, seed: int, draws: int = SAMPLE_DRAWS) -> float:
    """CPU microseconds per ``engine.sample`` of the seat to act's view at the position of ``case`` and
    ``seed`` (as a search draws its worlds: the same view again and again, seeds 1..draws)."""
    game = position(case, seed)
    view = game.view(game.waiting()[0])
    sample(view, seed=0)  # reads the view (and, classic, replays its first world)
    started = time.process_time()
    for draw in range(1, draws + 1):
        sample(view, seed=draw)
    return (time.process_time() - started) / draws * 1e6


def format_sample_costs(case: ThroughputCase, costs: Sequence[float]) -> str:
    """One line: min / median / max microseconds per sample and the verdict against the target."""
    ordered = sorted(costs)
    median = ordered[len(ordered) // 2]
    verdict = "" if case.sample_target_us is None else ("PASS  " if median <= case.sample_target_us
                                                        else "FAIL  ")
    target = "" if case.sample_target_us is None else f" (target <= {case.sample_target_us:g}, on the median)"
    return (f"  {case.name:<22} {verdict}engine.sample CPU us: min {ordered[0]:.0f} / median {median:.0f} / "
            f"max {ordered[-1]:.0f}{target}")


def format_throughput(case: ThroughputCase, rates: Sequence[float], bot: str = "hard") -> str:
    """One line: min / median / max iterations per CPU second of ``bot`` and the verdict against the
    target."""
    ordered = sorted(rates)
    verdict = "" if case.target is None else ("PASS  " if ordered[len(ordered) // 2] >= case.target
                                              else "FAIL  ")
    target = "" if case.target is None else f" (target >= {case.target:g}, on the median)"
    return (f"  {case.name:<22} {verdict}{bot} iterations per CPU second: min {ordered[0]:.0f} / median "
            f"{ordered[len(ordered) // 2]:.0f} / max {ordered[-1]:.0f}{target}")


@dataclass(frozen=True, slots=True)
class BarResult:
    """One measured bar: the arena's summary and what it says about the bar."""

    bar: Bar
    summary: dict[str, Any]
    seconds: float

    @property
    def share(self) -> float:
        return float(self.summary["by_bot"][self.bar.bot]["share"])

    @property
    def passed(self) -> bool:
        return self.share >= self.bar.threshold


def rounded_games(games: int, seats: int) -> int:
    """``games`` rounded up to whole rotations of ``seats`` (so every deal is played from every seat)."""
    return max(seats, math.ceil(games / seats) * seats)


def unsampled_reason(kind: str) -> str | None:
    """Why searching bots cannot play ``kind`` in this build (its ``engine.sample`` fails), or ``None``."""
    try:
        game = new_game(kind, seats=spec(kind).default_seats, seed=0)
        sample(game.view(game.waiting()[0]), seed=0)
    except Exception as err:  # noqa: BLE001 - any failure means the searching bots cannot run
        return f"engine.sample({kind!r} view) fails here: {type(err).__name__}: {err}"
    return None


def measure(bar: Bar, *, games: int, budget: float | None, jobs: int, seed: int,
            iterations: int | None = None) -> BarResult:
    """Play ``bar``'s arena run and summarise it."""
    plan = ArenaPlan(bar.kind, bar.lineup, rounded_games(games, len(bar.lineup)), seed, bar.options, budget,
                     jobs, iterations)
    started = time.perf_counter()
    played = play_all(plan)
    return BarResult(bar, summarise(plan, played), time.perf_counter() - started)


def time_checks(results: Sequence[BarResult], budget: float | None) -> list[tuple[str, float, float, bool]]:
    """The decision-time bars over every run: (what, measured ms, limit ms, passed)."""
    checks = []
    hard_p95 = [r.summary["by_bot"]["hard"]["decision_ms"]["p95"] for r in results
                if "hard" in r.summary["by_bot"]]
    if hard_p95:
        limit = (budget if budget is not None else DEFAULT_HARD_SECONDS) * (1 + HARD_TIME_MARGIN) * 1000
        worst = max(hard_p95)
        checks.append(("hard p95 decision (worst run)", worst, limit, worst <= limit))
    easy_median = [r.summary["by_bot"]["easy"]["decision_ms"]["median"] for r in results
                   if "easy" in r.summary["by_bot"]]
    if easy_median:
        worst = max(easy_median)
        limit = EASY_MEDIAN_SECONDS * 1000
        checks.append(("easy median decision (worst run)", worst, limit, worst <= limit))
    return checks


def format_result(result: BarResult) -> str:
    """One line per bar: measured share, interval, threshold, verdict, and each bot's decision times."""
    bar = result.bar
    row = result.summary["by_bot"][bar.bot]
    low, high = row["interval95"]
    verdict = "PASS" if result.passed else "FAIL"
    times = "; ".join(f"{name} median {r['decision_ms']['median']:g} p95 {r['decision_ms']['p95']:g} ms"
                      for name, r in result.summary["by_bot"].items())
    return (f"  {bar.name:<22} {verdict}  share {result.share:.3f} [95%: {low:.3f}-{high:.3f}] >= "
            f"{bar.threshold:.2f}  ({result.summary['games']} games, {result.seconds:.0f} s; {times})")


def print_throughput(bot: str = "hard") -> None:
    """Measure and print every :data:`THROUGHPUT` case: ``bot``'s iterations (``hard`` or a variant; a
    case of a game the variant cannot play is said so), then the sample costs."""
    print(f"{bot} search throughput ({THROUGHPUT_ITERATIONS} iterations per decision, seeds "
          f"{', '.join(map(str, THROUGHPUT_SEEDS))}, CPU time; engine: {ENGINE_PATH.describe()}):",
          flush=True)
    for case in THROUGHPUT:
        if bot != "hard" and parse_level(bot).settings(case.kind).uses_prior and case.kind not in PRIOR_KINDS:
            print(f"  {case.name:<22} NOT RUN  {bot} uses the learned prior, which is for "
                  f"{', '.join(sorted(PRIOR_KINDS))} only", flush=True)
            continue
        rates = [iterations_per_cpu_second(case, seed, THROUGHPUT_ITERATIONS, bot)
                 for seed in THROUGHPUT_SEEDS]
        print(format_throughput(case, rates, bot), flush=True)
    for case in THROUGHPUT:
        costs = [sample_microseconds(case, seed) for seed in THROUGHPUT_SEEDS]
        print(format_sample_costs(case, costs), flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the bars; print one line each (and a JSON line with ``--json``). Exit status 0 either way."""
    parser = argparse.ArgumentParser(prog="python -m engine.bots.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true",
                        help="the issue's game counts at each bot's default time (hours)")
    parser.add_argument("--budget", type=float, default=None,
                        help=f"seconds per searching decision (quick: {QUICK_BUDGET}; --full: the bots' own)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="cap searching decisions at N iterations, no time limit (machine-independent)")
    parser.add_argument("--games-scale", type=float, default=1.0, help="multiply every bar's game count")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default=None, help="comma-separated bar names (or parts of them)")
    parser.add_argument("--json", action="store_true", help="end with every summary as one JSON line")
    parser.add_argument("--bot", default="hard",
                        help="the bot whose throughput is measured: hard or a variant (hard:prior=true,...)")
    parser.add_argument("--throughput-only", action="store_true",
                        help="measure hard's iterations per CPU second only (no arena runs)")
    args = parser.parse_args(argv)
    if (args.budget is not None and not args.budget > 0) or args.jobs < 1 or not args.games_scale > 0 \
            or (args.iterations is not None and args.iterations < 1):
        print("bench: --budget and --games-scale must be positive, --jobs and --iterations at least 1",
              file=sys.stderr)
        return 2
    budget = args.budget
    if budget is None and not args.full and args.iterations is None:
        budget = QUICK_BUDGET
    try:
        parse_level(args.bot)
    except ValueError as err:
        print(f"bench: --bot: {err}", file=sys.stderr)
        return 2
    if args.throughput_only:
        print_throughput(args.bot)
        return 0
    wanted = [part.strip() for part in args.only.split(",")] if args.only else None
    bars = [b for b in BARS if wanted is None or any(part in b.name for part in wanted)]
    mode = "full counts" if args.full else "quick counts"
    if args.iterations is not None:
        limit = f"{args.iterations} iterations" + (f" and {budget} s" if budget else ", no time limit")
    else:
        limit = f"{budget} s" if budget else "each bot's default time"
    print(f"bots (issue 11 bars; {mode}, searching bots: {limit} per decision, jobs {args.jobs}, "
          f"seed {args.seed}):", flush=True)
    if budget is not None and budget < DEFAULT_MEDIUM_SECONDS:
        print(f"  (the bars hold at the bots' own times, medium {DEFAULT_MEDIUM_SECONDS:g} s and hard "
              f"{DEFAULT_HARD_SECONDS:g} s; at {budget:g} s the searching bots are weaker: --full measures "
              f"the bars, add --games-scale 0.2 for a sample)", flush=True)
    results = []
    for bar in bars:
        searching = any(level in ("medium", "hard") for level in bar.lineup)
        reason = unsampled_reason(bar.kind) if searching else None
        if reason is not None:
            print(f"  {bar.name:<22} NOT RUN  {reason}", flush=True)
            continue
        games = bar.full_games if args.full else bar.quick_games
        result = measure(bar, games=max(1, round(games * args.games_scale)), budget=budget, jobs=args.jobs,
                         seed=args.seed, iterations=args.iterations)
        results.append(result)
        print(format_result(result), flush=True)
    checks = time_checks(results, budget) if args.iterations is None or budget else []
    for what, measured, limit_ms, passed in checks:
        print(f"  {what:<34} {'PASS' if passed else 'FAIL'}  {measured:g} ms <= {limit_ms:g} ms")
    if wanted is None:
        print_throughput(args.bot)
    if args.json:
        print(json.dumps({"budget": budget, "iterations": args.iterations, "full": args.full,
                          "bars": [{"name": r.bar.name, "threshold": r.bar.threshold, "share": r.share,
                                    "passed": r.passed, "summary": r.summary} for r in results]}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
