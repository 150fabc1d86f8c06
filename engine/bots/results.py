"""Arena games that accumulate across runs: one JSON line per finished game, and shares pooled over them.

``python -m engine arena ... --out FILE.jsonl`` appends a line per game as it ends (see :func:`game_line`)
and skips the game numbers FILE already holds for the same plan, engine path and bot fingerprints, so a
killed run resumes where it stopped. ``python -m engine arena-summary FILE [--json]`` pools every game of
FILE whose game, seats, bots, budget, iteration cap, options, engine path and fingerprints agree (whatever
the seed or the seat order) and prints each bot's share with its 95% Wilson interval, then, per pair of
bots seated in the same games, in how many the first's best seat scored more points than the second's
(ties half; 95% Wilson interval) and the mean score difference with its standard error: a head-to-head
comparison over the same deals (points, not wins: a Duel won by supremacy counts by its points).

A bot's fingerprint (:func:`bot_fingerprint`) hashes the code it decides with (``engine/bots/*.py`` but
the tools, the game's ``bots.py`` and ``playout.py``) and, for the levels that use one, the game's learned
model, so games of different bot versions are never pooled. Like the arena, this is a command-line tool:
it reads and writes files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.api import ENGINE_PATH
from engine.bots.arena import (
    ArenaPlan,
    PlayedGame,
    format_bot_row,
    format_summary,
    percentile,
    plan_from_arguments,
    play_games,
    summarise,
    wilson_interval,
)
from engine.bots.variants import parse_level

ENGINE_DIR = Path(__file__).resolve().parent.parent
BOTS_DIR = ENGINE_DIR / "bots"
TOOL_MODULES = frozenset({"arena.py", "results.py", "bench.py", "train.py", "train_prior.py", "coach.py",
                          "variants.py"})
"""Modules of ``engine/bots`` that no bot decides with: left out of the fingerprints."""
MODEL_LEVELS = frozenset({"hard"})
"""The levels that value positions with the game's learned model (``engine/bots/models/<kind>.json``)."""


FROZEN_SOURCES: dict[str, tuple[str, ...]] = {
    "hard-2026-12": ("hard_2026_12.py", "budget.py", "knowledge.py", "seeds.py"),
}
"""The ``engine/bots`` modules a frozen yardstick decides with: its fingerprint hashes only these (with the
game's knowledge and fast path and its own models), so the yardstick keeps its fingerprint while the
modules of the current levels change."""
PRIOR_MODEL = "duel-prior.json"
"""The learned prior and value (:mod:`engine.bots.prior`): hashed, with the game's ``prior.py`` (its
features), for a ``hard`` whose settings use it."""


def bot_sources(level: str, kind: str) -> list[Path]:
    """The files a bot of ``level`` (a variant: those of its base level, and the prior's model if its
    settings use it) in game ``kind`` decides with, in a fixed order."""
    chosen = parse_level(level)
    frozen = FROZEN_SOURCES.get(chosen.base)
    if frozen is not None:
        files = [BOTS_DIR / name for name in frozen]
        files += [ENGINE_DIR / kind / "bots.py", ENGINE_DIR / kind / "playout.py",
                  BOTS_DIR / "models" / f"{kind}-{chosen.base.removeprefix('hard-')}.json"]
        return [p for p in files if p.exists()]
    files = sorted(p for p in BOTS_DIR.glob("*.py") if p.name not in TOOL_MODULES)
    files += [ENGINE_DIR / kind / "bots.py", ENGINE_DIR / kind / "playout.py"]
    if chosen.base in MODEL_LEVELS:
        files.append(BOTS_DIR / "models" / f"{kind}.json")
        if chosen.settings(kind).uses_prior:
            files += [ENGINE_DIR / kind / "prior.py", BOTS_DIR / "models" / PRIOR_MODEL]
    return [p for p in files if p.exists()]


def bot_fingerprint(level: str, kind: str) -> str:
    """A short hash of the level's canonical name (:func:`engine.bots.variants.parse_level`) and of what
    :func:`bot_sources` lists (names and contents)."""
    digest = hashlib.sha256(parse_level(level).name.encode() + b"\0")
    for path in bot_sources(level, kind):
        digest.update(path.relative_to(ENGINE_DIR).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def plan_key(plan: ArenaPlan) -> dict[str, Any]:
    """What makes two runs the same plan: game numbers of equal plans are the same games."""
    return {"kind": plan.kind, "lineup": list(plan.lineup), "seed": plan.seed, "options": plan.options or {},
            "budget": plan.budget, "iterations": plan.iterations}


def run_identity(plan: ArenaPlan, engine: str) -> dict[str, Any]:
    """The plan, the engine path and each bot's fingerprint: a game line's identity but its number."""
    return {"plan": plan_key(plan), "engine": engine,
            "fingerprints": {bot: bot_fingerprint(bot, plan.kind) for bot in dict.fromkeys(plan.lineup)}}


def game_line(plan: ArenaPlan, number: int, game: PlayedGame, identity: dict[str, Any]) -> dict[str, Any]:
    """One finished game as a JSON object: its number and deal, the bot of each seat, the result (scores,
    winners, victory), each bot's share of this game, decision times in ms, and ``identity``."""
    result = game.result
    scores = [pad.get("total") for pad in result.get("scores", [])] if "scores" in result else None
    bot_shares: dict[str, float] = {}
    for bot in dict.fromkeys(game.lineup):
        seats = [seat for seat, name in enumerate(game.lineup) if name == bot]
        bot_shares[bot] = round(sum(game.shares[s] for s in seats) / len(seats), 4)
    return {"game": number, "deal": plan.game_seed(number), "lineup": list(game.lineup),
            "winners": result.get("winners"), "victory": result.get("victory"), "scores": scores,
            "shares": game.shares, "bot_shares": bot_shares,
            "decision_ms": [[round(t * 1000, 1) for t in times] for times in game.decision_seconds],
            **identity}


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The game lines of ``path`` (none if it does not exist); ``ValueError`` naming a broken line."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as file:
        for number, text in enumerate(file, 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as err:
                raise ValueError(f"{path}:{number}: not a JSON line ({err})") from None
            if not isinstance(line, dict) or not {"game", "lineup", "shares", "plan"} <= set(line):
                raise ValueError(f"{path}:{number}: not an arena game line")
            yield line


def games_done(path: Path, identity: dict[str, Any]) -> set[int]:
    """The game numbers ``path`` already holds for this plan, engine and fingerprints."""
    return {line["game"] for line in read_lines(path)
            if all(line.get(key) == value for key, value in identity.items())}


def append_line(path: Path, line: dict[str, Any]) -> None:
    """Append one game line to ``path`` (created with its folders if need be), written at once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as file:
        file.write(json.dumps(line, separators=(",", ":")) + "\n")


@dataclass(frozen=True, slots=True)
class Pool:
    """Games that may be counted together: same game, seats, bots, limits, options, engine and bots' code."""

    key: str
    lines: list[dict[str, Any]]


def pool_key(line: dict[str, Any]) -> str:
    """The key of the pool a game line belongs to (seed and seat order left out)."""
    plan = line["plan"]
    return json.dumps({"kind": plan["kind"], "bots": sorted(plan["lineup"]), "options": plan["options"],
                       "budget": plan["budget"], "iterations": plan["iterations"],
                       "engine": line.get("engine"), "fingerprints": line.get("fingerprints")},
                      sort_keys=True)


def pools(lines: Iterable[dict[str, Any]]) -> list[Pool]:
    """The lines grouped by :func:`pool_key`, in order of first appearance; a game number met twice in
    one plan and pool counts once (its first line)."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for line in lines:
        key = pool_key(line)
        game_id = json.dumps([key, line["plan"]["seed"], line["plan"]["lineup"], line["game"]])
        if game_id in seen:
            continue
        seen.add(game_id)
        grouped.setdefault(key, []).append(line)
    return [Pool(key, found) for key, found in grouped.items()]


def summarise_pool(pool: Pool) -> dict[str, Any]:
    """One pool's games, seeds and, per bot, seats, wins, share, 95% Wilson interval and decision times."""
    first = pool.lines[0]
    plan = first["plan"]
    bots = list(dict.fromkeys(plan["lineup"]))
    by_bot: dict[str, Any] = {}
    for bot in bots:
        wins = 0.0
        trials = 0
        times: list[float] = []
        for line in pool.lines:
            for seat, name in enumerate(line["lineup"]):
                if name == bot:
                    wins += line["shares"][seat]
                    trials += 1
                    times += line["decision_ms"][seat] if "decision_ms" in line else []
        share = wins / trials if trials else 0.0
        low, high = wilson_interval(share, trials)
        times.sort()
        by_bot[bot] = {"seats": plan["lineup"].count(bot), "wins": round(wins, 4), "share": round(share, 4),
                       "interval95": [round(low, 4), round(high, 4)], "decisions": len(times),
                       "decision_ms": {"median": percentile(times, 0.5), "p95": percentile(times, 0.95),
                                       "max": times[-1] if times else 0.0}}
    summary = {"kind": plan["kind"], "seats": len(plan["lineup"]), "games": len(pool.lines),
               "seeds": sorted({line["plan"]["seed"] for line in pool.lines}), "options": plan["options"],
               "budget": plan["budget"], "iterations": plan["iterations"], "engine": first.get("engine"),
               "fingerprints": first.get("fingerprints"), "by_bot": by_bot}
    pairs = head_to_head(pool.lines, bots)
    if pairs:
        summary["head_to_head"] = [pair.row() for pair in pairs]
    return summary


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two bots over the games that seat both (with scores): in how many the best score of ``first``'s
    seats beat the best of ``second``'s (ties half), and the mean of that score difference."""

    first: str
    second: str
    games: int
    wins: float
    mean_difference: float
    standard_error: float | None
    """The mean difference's standard error (sample deviation over root games); ``None`` under 2 games."""

    def row(self) -> dict[str, Any]:
        """The pair as a JSON object, with the 95% Wilson interval of ``wins / games``."""
        share = self.wins / self.games
        low, high = wilson_interval(share, self.games)
        error = None if self.standard_error is None else round(self.standard_error, 3)
        return {"first": self.first, "second": self.second, "games": self.games, "wins": self.wins,
                "share": round(share, 4), "interval95": [round(low, 4), round(high, 4)],
                "mean_difference": round(self.mean_difference, 3), "standard_error": error}


def best_score_difference(line: dict[str, Any], first: str, second: str) -> float | None:
    """In one game line, the best score of ``first``'s seats minus the best of ``second``'s; ``None`` if
    the game does not seat both or has no scores."""
    scores = line.get("scores")
    if not scores or any(score is None for score in scores):
        return None
    best: dict[str, float] = {}
    for seat, name in enumerate(line["lineup"]):
        if name in (first, second):
            best[name] = max(best.get(name, -math.inf), scores[seat])
    return best[first] - best[second] if len(best) == 2 else None


def head_to_head(lines: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[HeadToHead]:
    """Each pair of ``bots`` (in their order) that share scored games in ``lines``."""
    pairs: list[HeadToHead] = []
    for first, second in combinations(bots, 2):
        differences = [difference for line in lines
                       if (difference := best_score_difference(line, first, second)) is not None]
        if not differences:
            continue
        games = len(differences)
        wins = sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in differences)
        mean = sum(differences) / games
        error = (math.sqrt(sum((d - mean) ** 2 for d in differences) / (games - 1) / games)
                 if games > 1 else None)
        pairs.append(HeadToHead(first, second, games, wins, mean, error))
    return pairs


def format_pool(summary: dict[str, Any]) -> str:
    """A pool's summary as readable lines: its conditions, then one line per bot."""
    cap = f", {summary['iterations']} iterations" if summary.get("iterations") else ""
    prints = ", ".join(f"{bot} {mark}" for bot, mark in (summary["fingerprints"] or {}).items())
    lines = [f"{summary['kind']}, {summary['seats']} seats, {summary['games']} games (seeds "
             f"{','.join(map(str, summary['seeds']))}; budget {summary['budget'] or 'default'}{cap}; "
             f"{summary['engine']}; code {prints}):"]
    lines += [format_bot_row(bot, row, 12) for bot, row in summary["by_bot"].items()]
    lines += [format_head_to_head(pair) for pair in summary.get("head_to_head", [])]
    return "\n".join(lines)


def format_head_to_head(pair: dict[str, Any]) -> str:
    """One pair's line: the games where the first bot's best seat scored more, and the score difference."""
    low, high = pair["interval95"]
    error = "?" if pair["standard_error"] is None else f"{pair['standard_error']:.2f}"
    return (f"  head to head: {pair['first']} vs {pair['second']}: best seat scored more in "
            f"{pair['wins']:g} / {pair['games']} games ({pair['share']:.3f} [95%: {low:.3f}-{high:.3f}]); "
            f"score difference {pair['mean_difference']:+.2f} +- {error} a game")


def add_summary_parser(commands: Any) -> None:
    """Declare the ``arena-summary`` subcommand (``commands``: argparse subparsers)."""
    summary = commands.add_parser("arena-summary",
                                  help="pool the games of arena --out files; print shares with intervals")
    summary.add_argument("files", nargs="+", type=Path)
    summary.add_argument("--json", action="store_true", help="one JSON object per pool instead of text")


def run_summary_command(files: Sequence[Path], as_json: bool) -> int:
    """Run ``arena-summary``; returns the exit status (2 for an unreadable file)."""
    lines: list[dict[str, Any]] = []
    try:
        for path in files:
            if not path.exists():
                raise ValueError(f"{path}: no such file")
            lines += read_lines(path)
    except (OSError, ValueError) as err:
        print(f"arena-summary: {err}", file=sys.stderr)
        return 2
    for pool in pools(lines):
        summary = summarise_pool(pool)
        print(json.dumps(summary) if as_json else format_pool(summary))
    return 0


def run_arena_into_file(args: argparse.Namespace) -> int:
    """Run the ``arena`` subcommand with ``--out``: play the games of the plan that the file lacks,
    appending each as it ends; then summarise every game of this plan that the file holds."""
    try:
        plan = plan_from_arguments(args)
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return run_into_file(plan, args.out, args.json)


def run_into_file(plan: ArenaPlan, out: Path, as_json: bool) -> int:
    """Play the games of ``plan`` that ``out`` lacks, appending each as it ends; then summarise every
    game of this plan that ``out`` holds."""
    identity = run_identity(plan, ENGINE_PATH.describe())
    try:
        done = games_done(out, identity)
    except (OSError, ValueError) as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    missing = [n for n in range(plan.games) if n not in done]
    print(f"{out}: {len(done & set(range(plan.games)))} of {plan.games} games already there; "
          f"playing {len(missing)}", flush=True)

    def keep(number: int, game: PlayedGame) -> None:
        append_line(out, game_line(plan, number, game, identity))

    play_games(plan, missing, keep)
    lines = [line for line in read_lines(out)
             if all(line.get(key) == value for key, value in identity.items()) and line["game"] < plan.games]
    played = [PlayedGame(tuple(line["lineup"]), line["shares"],
                         [[ms / 1000 for ms in times] for times in line["decision_ms"]])
              for line in sorted(lines, key=lambda line: line["game"])]
    summary = summarise(plan, played)
    print(format_summary(summary))
    if as_json:
        print(json.dumps(summary))
    return 0
