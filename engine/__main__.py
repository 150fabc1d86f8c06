"""Command line: ``python -m engine catalog KIND``, ``simulate KIND``, ``arena KIND --bots A,B``,
``arena-summary FILE`` (pool the games of ``arena --out`` files) and ``replay FILE`` (check a game record
by replaying it)."""

from __future__ import annotations

import argparse
import json
import sys

from engine.bench import format_stats, simulate
from engine.bots.arena import add_arena_parser, run_arena_command
from engine.bots.results import add_summary_parser, run_arena_into_file, run_summary_command


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    cat = sub.add_parser("catalog", help="print every card, wonder and token of a game as JSON")
    cat.add_argument("kind")
    sim = sub.add_parser("simulate", help="play random legal games through the public API")
    sim.add_argument("kind")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--seats", type=int, default=None, help="players per game (default: the game's own)")
    sim.add_argument("--cities", action="store_true", help="classic: with the Cities expansion")
    sim.add_argument("--teams", action="store_true", help="classic with Cities, 4 or 6 seats: the team game")
    rep = sub.add_parser("replay", help="check a game record (JSON) by replaying it")
    rep.add_argument("file")
    add_arena_parser(sub)
    add_summary_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "arena-summary":
        return run_summary_command(args.files, args.json)
    if args.command == "replay":
        return _replay_command(args.file)
    if args.command == "arena":
        return run_arena_into_file(args) if args.out is not None else run_arena_command(args)
    if args.command == "catalog":
        from engine.api import catalog

        json.dump(catalog(args.kind), sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    from engine.api import spec

    seats = args.seats if args.seats is not None else spec(args.kind).default_seats
    options = {name: True for name in ("cities", "teams") if getattr(args, name)}
    print(format_stats(simulate(args.kind, seats, args.games, args.seed, options=options or None)))
    return 0


def _replay_command(path: str) -> int:
    """Read, replay and check the record in ``path``: 0 and its result when it holds, 1 and why not."""
    from engine.records import check_record, summary_lines

    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        sys.stderr.write(f"cannot read the record {path}: {exc}\n")
        return 1
    try:
        record, _ = check_record(data)
    except ValueError as exc:
        sys.stderr.write(f"refused: {exc}\n")
        return 1
    print("record holds: its replay gives the same result and digest", *summary_lines(record), sep="\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
