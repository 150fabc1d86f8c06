"""Command line: ``python -m engine catalog KIND``, ``simulate KIND`` and ``arena KIND --bots A,B``."""

from __future__ import annotations

import argparse
import json
import sys

from engine.bench import format_stats, simulate
from engine.bots.arena import add_arena_parser, run_arena_command


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
    add_arena_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "arena":
        return run_arena_command(args)
    if args.command == "catalog":
        from engine.api import catalog

        json.dump(catalog(args.kind), sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    from engine.api import spec

    seats = args.seats if args.seats is not None else spec(args.kind).default_seats
    print(format_stats(simulate(args.kind, seats, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
