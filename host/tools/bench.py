"""Load benchmark of the host, run by ``make bench``: many tables played at once by headless phones.

``python -m host.tools.bench [--tables N] [--game duel|classic] [--seats S] [--seconds LIMIT] [--inline]``
starts the real host app in this process on 127.0.0.1 (a free port, a temporary data dir), then plays N
tables at once with lean headless phones (:mod:`host.tools.benchphone`: random moves, no delay). By default
every phone runs in ONE client subprocess, so the phones' own decoding does not eat the host's event
loop; ``--inline`` runs them in the host's process instead. Each acknowledged ``act`` has been written
to SQLite (``synchronous=FULL``) first. The run is bounded: at most MAX_TABLES tables, and it stops by
itself after LIMIT seconds.

``python -m host.tools.bench --compare [--baseline COMMIT] [--rounds R]`` measures this host against an older
one side by side (see :mod:`host.tools.benchcompare`): both run as ``python -m host`` subprocesses,
the same loads (one table, then many tables flat out) alternate between them, and the host processes'
CPU time per action is read from ``/proc``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

import engine
from host.app import create_app
from host.store import DB_NAME
from host.tools.benchphone import LeanPhone
from host.tools.figures import LOOPBACK, p99
from host.tools.phone import PhoneError, create_table

MAX_TABLES = 200
DEFAULT_TABLES = 10
DEFAULT_SECONDS = 60.0
FIRST_SEED = 1  # table seeds 1, 2, ... in creation order: the same games on every run
CHILD_GRACE = 15.0  # seconds the host waits past the limit for the client subprocess to report


@dataclass
class Tally:
    """What the phones saw: ack latencies of accepted actions, refusals and each table's outcome."""

    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    games: list[dict[str, Any]] = field(default_factory=list)


    def heard(self, seconds: float, accepted: bool) -> None:
        """One ``act``'s round trip: its latency when accepted, else one more refusal."""
        if accepted:
            self.latencies.append(seconds)
        else:
            self.refused += 1


async def play_table(session: aiohttp.ClientSession, url: str, game: str, seats: int, index: int,
                     tally: Tally) -> None:
    """Create one autostart table, seat ``seats`` phones, play it to the end; record it in ``tally``."""
    code = await create_table(url, game, seats=seats)
    phones = [LeanPhone(session, url, code, f"T{index}S{s}", seed=index * 10 + s, on_ack=tally.heard)
              for s in range(seats)]
    try:
        for phone in phones:
            await phone.join()
        start = time.perf_counter()  # the last join started the game (autostart)
        results = await asyncio.gather(*(phone.play() for phone in phones))
        seconds = time.perf_counter() - start
    finally:
        for phone in phones:
            await phone.close()
    agreed = all(r == results[0] for r in results)
    tally.games.append({"code": code, "seconds": seconds, "result": results[0] is not None and agreed,
                        "steps": max(p.step() for p in phones)})


async def play_tables(url: str, tables: int, game: str, seats: int, limit: float,
                      first: int = 0) -> dict[str, Any]:
    """Play ``tables`` tables at once against the host at ``url`` for at most ``limit`` seconds
    (table ``i`` uses the phone seeds of index ``first + i``)."""
    tally = Tally()
    start = time.perf_counter()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        tasks = [asyncio.create_task(play_table(session, url, game, seats, first + i, tally))
                 for i in range(tables)]
        done, pending = await asyncio.wait(tasks, timeout=limit)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    errors = [repr(t.exception()) for t in done if t.exception() is not None]
    return {**asdict(tally), "seconds": time.perf_counter() - start, "timed_out": bool(pending),
            "errors": errors}


async def play_in_turn(url: str, tables: int, game: str, seats: int, limit: float,
                       first: int = 0) -> dict[str, Any]:
    """Play ``tables`` tables one after another (each alone on the host), within ``limit`` seconds."""
    start = time.perf_counter()
    merged: dict[str, Any] = {"latencies": [], "refused": 0, "games": [], "timed_out": False, "errors": []}
    for i in range(tables):
        left = limit - (time.perf_counter() - start)
        if left <= 0:
            merged["timed_out"] = True
            break
        one = await play_tables(url, 1, game, seats, left, first + i)
        for key in ("latencies", "games", "errors"):
            merged[key] += one[key]
        merged["refused"] += one["refused"]
        merged["timed_out"] = merged["timed_out"] or one["timed_out"]
    merged["seconds"] = time.perf_counter() - start
    return merged


async def _clients_in_subprocess(url: str, args: argparse.Namespace) -> dict[str, Any]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.tools.bench", "--clients-of", url, "--tables", str(args.tables),
        "--game", args.game, "--seats", str(args.seats), "--seconds", str(args.seconds),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        out, _ = await asyncio.wait_for(proc.communicate(), args.seconds + CHILD_GRACE)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    if proc.returncode != 0 or not out.strip():
        raise RuntimeError(f"the client subprocess failed (exit {proc.returncode})")
    result: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return result


def _stored(data_dir: Path) -> tuple[int, int]:
    """(actions written, tables over) in the host's database."""
    with sqlite3.connect(data_dir / DB_NAME) as db:
        actions = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        over = db.execute("SELECT COUNT(*) FROM tables WHERE state = 'over'").fetchone()[0]
    return actions, over


async def run_bench(args: argparse.Namespace) -> dict[str, Any]:
    """Start the host on a free loopback port, play the tables, stop the host; return the summary."""
    with tempfile.TemporaryDirectory(prefix="wonders-bench-") as tmp:
        data_dir = Path(tmp)
        runner: web.AppRunner | None = None
        try:
            # no base_urls: join links use the Host header the loopback phones send
            app = create_app(data_dir, seed_source=itertools.count(FIRST_SEED).__next__)
            runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
            await runner.setup()
            site = web.TCPSite(runner, LOOPBACK, 0)
            await site.start()
            port = runner.addresses[0][1]
            url = f"http://{LOOPBACK}:{port}"
            if args.inline:
                played = await play_tables(url, args.tables, args.game, args.seats, args.seconds)
            else:
                played = await _clients_in_subprocess(url, args)
        finally:
            if runner is not None:
                await runner.cleanup()
        stored_actions, stored_over = _stored(data_dir)
    return summarize(args, played, stored_actions, stored_over)



def summarize(args: argparse.Namespace, played: dict[str, Any], stored_actions: int, stored_over: int
              ) -> dict[str, Any]:
    """The figures of one run (times in seconds)."""
    latencies, games = played["latencies"], played["games"]
    game_times = [g["seconds"] for g in games]
    return {
        "game": args.game, "seats": args.seats, "tables": args.tables,
        "clients": "inline" if args.inline else "subprocess",
        "games": len(games), "games_with_result": sum(1 for g in games if g["result"]),
        "actions": len(latencies), "steps": sum(g["steps"] for g in games),  # of finished games
        "refused": played["refused"], "stored_actions": stored_actions, "stored_over": stored_over,
        "seconds": played["seconds"],
        "actions_per_second": len(latencies) / played["seconds"] if played["seconds"] else 0.0,
        "latency_median": statistics.median(latencies) if latencies else 0.0,
        "latency_p99": p99(latencies),
        "game_median": statistics.median(game_times) if game_times else 0.0,
        "game_max": max(game_times, default=0.0),
        "timed_out": played["timed_out"], "errors": played["errors"],
    }


def format_summary(s: dict[str, Any]) -> str:
    """A readable report of one run."""
    inline = s["clients"] == "inline"
    where = "phones in the host process" if inline else "phones in one client subprocess"
    median_ms, p99_ms = s["latency_median"] * 1000, s["latency_p99"] * 1000
    lines = [
        f"host bench: {s['tables']} {s['game']} tables x {s['seats']} seats at once "
        f"({s['tables'] * s['seats']} phones, {where}, random moves, no delay, 127.0.0.1)",
        f"  games finished: {s['games']} of {s['tables']} ({s['games_with_result']} with a result); "
        f"{s['stored_over']} over on disk",
        f"  actions: {s['actions']} accepted ({s['stored_actions']} written to SQLite before their ack), "
        f"{s['refused']} stale refusals",
        f"  throughput: {s['actions_per_second']:.0f} actions/s through the host "
        f"({s['seconds']:.2f} s of play)",
        f"  act -> ack latency: median {median_ms:.1f} ms, p99 {p99_ms:.1f} ms",
    ]
    if s["games"]:
        lines.append(f"  one whole game (under this load): median {s['game_median']:.2f} s, "
                     f"slowest {s['game_max']:.2f} s, {s['steps'] / s['games']:.0f} actions per game")
    if s["timed_out"]:
        lines.append(f"  STOPPED at the time limit: {s['tables'] - s['games']} games unfinished")
    lines += [f"  error: {e}" for e in s["errors"]]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m host.tools.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=DEFAULT_TABLES, help=f"tables at once (1-{MAX_TABLES})")
    parser.add_argument("--game", default="duel", choices=engine.kinds(), help="the game kind")
    parser.add_argument("--seats", type=int, default=None, help="players per table (default: the game's)")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="stop after this long")
    parser.add_argument("--inline", action="store_true", help="run the phones in the host's process")
    parser.add_argument("--compare", action="store_true",
                        help="measure this host against --baseline side by side (make bench)")
    parser.add_argument("--baseline", default=None, help="the git commit of the older host (--compare)")
    parser.add_argument("--rounds", type=int, default=None, help="A/B rounds (--compare)")
    parser.add_argument("--data-root", default=None,
                        help="folder for the hosts' saved tables (--compare; e.g. /dev/shm: no disk)")
    parser.add_argument("--clients-of", metavar="URL", help=argparse.SUPPRESS)  # the client subprocess
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)  # phone seeds' first index
    parser.add_argument("--one-by-one", action="store_true", help=argparse.SUPPRESS)  # tables in turn
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse and bound the command line."""
    parser = _parser()
    args = parser.parse_args(argv)
    declared = engine.spec(args.game)
    args.seats = declared.default_seats if args.seats is None else args.seats
    if not declared.accepts_seats(args.seats):
        parser.error(f"{args.game} has {declared.min_seats} to {declared.max_seats} seats")
    if not 1 <= args.tables <= MAX_TABLES:
        parser.error(f"--tables must be 1 to {MAX_TABLES}")
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds must be over 0 and at most 3600")
    if args.clients_of is not None and not args.clients_of.startswith(f"http://{LOOPBACK}:"):
        parser.error(f"the bench only talks to {LOOPBACK}")
    if args.rounds is not None and not 1 <= args.rounds <= 10:
        parser.error("--rounds must be 1 to 10")
    return args


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: 0 when every table finished with a result."""
    args = parse_args(argv)
    if args.clients_of:
        if args.one_by_one:
            played = asyncio.run(play_in_turn(args.clients_of, args.tables, args.game, args.seats,
                                              args.seconds, args.first))
        else:
            played = asyncio.run(play_tables(args.clients_of, args.tables, args.game, args.seats,
                                             args.seconds, args.first))
        print(json.dumps(played), flush=True)
        return 0
    if args.compare:
        from host.tools.benchcompare import compare_main

        return compare_main(args)
    try:
        summary = asyncio.run(run_bench(args))
    except (RuntimeError, PhoneError, OSError) as exc:
        print(f"host.tools.bench: {exc}", file=sys.stderr)
        return 1
    print(format_summary(summary), flush=True)
    return 0 if summary["games_with_result"] == args.tables and not summary["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
