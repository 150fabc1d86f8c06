"""The arena: bots play many seeded games against each other; win shares and decision times are reported.

``python -m engine arena KIND --bots A,B[,...] [--seats N] [--options JSON] [--games N] [--budget S]
[--iterations N] [--jobs J] [--seed S] [--json] [--out FILE.jsonl]``

One bot per listed seat (``--seats N`` above the number of bots fills the other seats with the last bot
listed); ``hard:field=value[,...]`` seats ``hard`` with other search settings
(:mod:`engine.bots.variants`), to screen a setting head to head. Seats rotate game by game, and each deal
is played once from every rotation, so every bot meets the same deals from every seat. Ties split a win
among the tied winners; a bot's ``share`` is ``wins / (games x seats of that bot)``. This is a
command-line tool: unlike the policies it reads the CPU clock (``time.process_time``: budgets and decision
times are CPU seconds, so a busy machine does not change the games much) and may run games in parallel
processes. ``--iterations`` caps every searching decision at that many iterations instead of (or as well
as) a time: the games are then the same on any machine, however loaded, and only the decision times depend
on it. ``--out`` appends each finished game to a JSON-lines file and skips the games it already holds
(:mod:`engine.bots.results`; ``python -m engine arena-summary FILE`` pools them).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.api import spec
from engine.bots.levels import ARENA_LEVELS
from engine.bots.match import ThinkingLimit, play_game
from engine.bots.policy import Policy
from engine.bots.seeds import derive_seed
from engine.bots.variants import make_arena_policy, parse_level, split_bots

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class ArenaPlan:
    """What to play: the game, the bot of each seat before rotation, and how."""

    kind: str
    lineup: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] | None = None
    budget: float | None = None
    """Seconds per decision of every searching bot (``None``: each bot's own default)."""
    jobs: int = 1
    iterations: int | None = None
    """An iteration cap per decision of every searching bot; without ``budget``, the only limit."""

    def thinking_limit(self) -> ThinkingLimit:
        """Each searching decision's limit, timed on the process's CPU clock (``time.process_time``): a
        busy machine slows the games down but does not change them much."""
        seconds = self.budget
        if seconds is None and self.iterations is not None:
            seconds = math.inf  # the cap alone decides; the clock only times the decisions
        return ThinkingLimit(seconds=seconds, iterations=self.iterations, clock=time.process_time)

    def game_lineup(self, number: int) -> tuple[str, ...]:
        """The bot of each seat in game ``number``: the lineup rotated by one seat per game."""
        seats = len(self.lineup)
        shift = number % seats
        return self.lineup[-shift:] + self.lineup[:-shift] if shift else self.lineup

    def game_seed(self, number: int) -> int:
        """The deal of game ``number``: one deal per full rotation of the seats."""
        return derive_seed(self.seed, number // len(self.lineup))


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One arena game: the bot of each seat, each seat's share of the win and decision times, and the
    game's result (winners, victory, score pads)."""

    lineup: tuple[str, ...]
    shares: list[float]
    decision_seconds: list[list[float]]
    result: dict[str, Any] = field(default_factory=dict)


def lineup_of(bots: Sequence[str], seats: int | None) -> tuple[str, ...]:
    """One bot per seat: the bots listed (by canonical name: :func:`engine.bots.variants.parse_level`),
    then the last one again up to ``seats``."""
    if not bots:
        raise ValueError("--bots lists at least one bot")
    bots = [parse_level(bot).name for bot in bots]
    if seats is None:
        return tuple(bots)
    if seats < len(bots):
        raise ValueError(f"{len(bots)} bots listed for {seats} seats")
    return tuple(bots) + (bots[-1],) * (seats - len(bots))


_POLICIES: dict[tuple[str, str], Policy] = {}


def _policy(level: str, kind: str) -> Policy:
    """One policy per level and kind in each process (policies hold no state between decisions)."""
    key = (level, kind)
    if key not in _POLICIES:
        _POLICIES[key] = make_arena_policy(level, kind)
    return _POLICIES[key]


def play_one(plan: ArenaPlan, number: int) -> PlayedGame:
    """Play game ``number`` of ``plan`` (in whichever process runs it)."""
    lineup = plan.game_lineup(number)
    record = play_game(plan.kind, [_policy(b, plan.kind) for b in lineup], seed=plan.game_seed(number),
                       options=plan.options, limit=plan.thinking_limit())
    result = {key: value for key, value in record.result.items() if key != "sources"}
    return PlayedGame(lineup, record.shares, record.decision_seconds, result)


def play_games(plan: ArenaPlan, numbers: Iterable[int],
               on_game: Callable[[int, PlayedGame], None] | None = None) -> dict[int, PlayedGame]:
    """Games ``numbers`` of ``plan`` by number (in ``plan.jobs`` processes when above 1); ``on_game`` is
    called with each one as soon as it ends."""
    wanted = list(numbers)
    played: dict[int, PlayedGame] = {}

    def finished(number: int, game: PlayedGame) -> None:
        played[number] = game
        if on_game is not None:
            on_game(number, game)

    if plan.jobs <= 1 or len(wanted) <= 1:
        for number in wanted:
            finished(number, play_one(plan, number))
        return played
    with ProcessPoolExecutor(max_workers=plan.jobs) as pool:
        futures = {pool.submit(play_one, plan, number): number for number in wanted}
        for future in as_completed(futures):
            finished(futures[future], future.result())
    return played


def play_all(plan: ArenaPlan) -> list[PlayedGame]:
    """Every game of ``plan``, in game order (in ``plan.jobs`` processes when above 1)."""
    played = play_games(plan, range(plan.games))
    return [played[n] for n in range(plan.games)]


def wilson_interval(share: float, trials: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a share observed over ``trials`` (ties count as half wins)."""
    if trials <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[rank - 1]


def summarise(plan: ArenaPlan, played: Sequence[PlayedGame]) -> dict[str, Any]:
    """The arena's one JSON object: per bot its seats, games, wins, share, interval and decision times."""
    by_bot: dict[str, Any] = {}
    for bot in dict.fromkeys(plan.lineup):
        seats = plan.lineup.count(bot)
        wins = 0.0
        times: list[float] = []
        for game in played:
            for seat, name in enumerate(game.lineup):
                if name == bot:
                    wins += game.shares[seat]
                    times += game.decision_seconds[seat]
        trials = len(played) * seats
        share = wins / trials if trials else 0.0
        low, high = wilson_interval(share, trials)
        times.sort()
        by_bot[bot] = {
            "seats": seats,
            "games": len(played),
            "wins": round(wins, 4),
            "share": round(share, 4),
            "interval95": [round(low, 4), round(high, 4)],
            "decisions": len(times),
            "decision_ms": {"median": round(percentile(times, 0.5) * 1000, 3),
                            "p95": round(percentile(times, 0.95) * 1000, 3),
                            "max": round((times[-1] if times else 0.0) * 1000, 3)},
        }
    return {"kind": plan.kind, "seats": len(plan.lineup), "games": len(played), "seed": plan.seed,
            "options": plan.options or {}, "budget": plan.budget, "iterations": plan.iterations,
            "by_bot": by_bot}


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as readable lines, one per bot."""
    cap = f", {summary['iterations']} iterations" if summary.get("iterations") else ""
    lines = [f"{summary['kind']}, {summary['seats']} seats, {summary['games']} games "
             f"(seed {summary['seed']}, budget {summary['budget'] or 'default'}{cap}):"]
    lines += [format_bot_row(bot, row, 7) for bot, row in summary["by_bot"].items()]
    return "\n".join(lines)


def format_bot_row(bot: str, row: dict[str, Any], width: int) -> str:
    """One bot's line of a summary: seats, wins, share with its 95% interval, decision times."""
    low, high = row["interval95"]
    ms = row["decision_ms"]
    return (f"  {bot:<{width}} seats {row['seats']}  wins {row['wins']:g}  share {row['share']:.3f} "
            f"[95%: {low:.3f}-{high:.3f}]  decision ms: median {ms['median']:g}, "
            f"p95 {ms['p95']:g}, max {ms['max']:g}")


def add_arena_parser(commands: Any) -> None:
    """Declare the ``arena`` subcommand on the engine's command line (``commands``: argparse subparsers)."""
    arena = commands.add_parser("arena", help="play bots against each other; print win shares and times")
    arena.add_argument("kind")
    arena.add_argument("--bots", required=True,
                       help=f"one level per seat, comma-separated ({', '.join(ARENA_LEVELS)}; "
                            "or hard:field=value[,field=value...] with other search settings)")
    arena.add_argument("--seats", type=int, default=None, help="seats (default: one per listed bot)")
    arena.add_argument("--options", default=None, help="game options as JSON")
    arena.add_argument("--games", type=int, default=100)
    arena.add_argument("--budget", type=float, default=None, help="seconds per decision of searching bots")
    arena.add_argument("--iterations", type=int, default=None,
                       help="iterations per decision of searching bots (machine-independent games)")
    arena.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--json", action="store_true", help="end with the summary as one JSON line")
    arena.add_argument("--out", type=Path, default=None,
                       help="append each finished game to this JSON-lines file; skip the games it holds")


def plan_from_arguments(args: argparse.Namespace) -> ArenaPlan:
    """An :class:`ArenaPlan` from parsed arguments; ``ValueError`` with a reason if they are wrong."""
    kind_spec = spec(args.kind)
    lineup = lineup_of(split_bots(args.bots), args.seats)
    if not kind_spec.accepts_seats(len(lineup)):
        low, high = kind_spec.min_seats, kind_spec.max_seats
        seats = f"exactly {low}" if low == high else f"{low} to {high}"
        raise ValueError(f"{kind_spec.title} is for {seats} seats, not {len(lineup)}")
    try:
        options = json.loads(args.options) if args.options else None
    except json.JSONDecodeError as err:
        raise ValueError(f"--options is not valid JSON: {err}") from None
    if options is not None and not isinstance(options, dict):
        raise ValueError("--options must be a JSON object")
    if args.games < 1 or args.jobs < 1:
        raise ValueError("--games and --jobs must be at least 1")
    if args.budget is not None and not args.budget > 0:
        raise ValueError("--budget must be a positive number of seconds")
    if args.iterations is not None and args.iterations < 1:
        raise ValueError("--iterations must be at least 1")
    return ArenaPlan(args.kind, lineup, args.games, args.seed, options, args.budget, args.jobs,
                     args.iterations)


def run_arena_command(args: argparse.Namespace) -> int:
    """Run the ``arena`` subcommand without ``--out`` (:func:`engine.bots.results.run_arena_into_file`
    runs it with); returns the exit status."""
    try:
        plan = plan_from_arguments(args)
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    summary = summarise(plan, play_all(plan))
    print(format_summary(summary))
    if args.json:
        print(json.dumps(summary))
    return 0
