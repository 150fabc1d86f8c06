"""Fairness bench of the host's bots and clocks, run by ``make bench`` (issue 18, finding 1).

``python -m host.tools.fairbench [--seconds S] [--workers N] [--clock S]`` starts the real host app in this
process on 127.0.0.1 (a temporary data dir, loopback not trusted, so every client is a phone of the
Wi-Fi). Each party connects from its own loopback address (127.0.0.2, ...): an *attacker* device creates
its quota of classic tables of 7 seats and fills them with ``hard`` bots as far as the host lets it, and
starts the full ones; nobody watches them. Meanwhile a *victim* table of two ``easy`` bots (its board
watching) and a *clock* table (two phones that never move, a clock of ``--clock`` seconds) play. The bench
prints how late each victim bot move came after its pace and how late each clock fired after its
countdown (wall time: these are scheduling delays, the thing the issue bounds), and the host process's
CPU time. Targets of the issue: a bot move within pace + 1 s, a 10 s clock within 11 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from typing import Any

import aiohttp
import socketio
from aiohttp import web

from host.app import TABLES, create_app
from host.config import BotSettings, HostConfig, Limits, default_bot_workers
from host.tools.figures import LOOPBACK
from host.wire import JsMsgPackPacket

ATTACKER, VICTIM, CLOCKED = "127.0.0.2", "127.0.0.3", "127.0.0.4"
PACE = 1.0
CALL_WAIT = 15.0


class Party:
    """A socket connected from its own source address, keeping the time of each event it gets."""

    def __init__(self, url: str, source: str) -> None:
        self.url, self.source = url, source
        self.session: aiohttp.ClientSession | None = None
        self.sio: socketio.AsyncClient | None = None
        self.heard: list[tuple[float, str, Any]] = []

    async def connect(self) -> Party:
        """Connect from ``source``."""
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(self.source, 0)))
        self.sio = socketio.AsyncClient(serializer=JsMsgPackPacket, reconnection=False,
                                        http_session=self.session)
        for event in ("events", "clock"):
            self.sio.on(event, self._keeper(event))
        await self.sio.connect(self.url, transports=["websocket"])
        return self

    def _keeper(self, event: str) -> Any:
        async def keep(data: Any) -> None:
            self.heard.append((time.monotonic(), event, data))
        return keep

    async def call(self, event: str, payload: dict[str, Any]) -> Any:
        """An acknowledged event."""
        assert self.sio is not None
        return await self.sio.call(event, payload, timeout=CALL_WAIT)

    async def close(self) -> None:
        """Disconnect and close the session."""
        if self.sio is not None:
            with contextlib.suppress(Exception):
                await self.sio.disconnect()
        if self.session is not None:
            await self.session.close()


async def _bot_table(party: Party, game: str, seats: int, level: str) -> tuple[str, bool]:
    """A table of ``party`` with as many bots of ``level`` as the host allows; its code, and whether it
    started (every seat a bot)."""
    made = await party.call("create_table", {"game": game, "seats": seats})
    if not made.get("ok"):
        return "", False
    code, key = made["code"], made["board_key"]
    placed = 0
    for seat in range(seats):
        ack = await party.call("set_bot", {"code": code, "seat": seat, "level": level, "board_key": key})
        placed += bool(ack.get("ok"))
    if placed < seats:
        return code, False
    return code, bool((await party.call("start", {"code": code, "board_key": key})).get("ok"))


def _late_bot_moves(events: list[tuple[float, str, Any]]) -> list[float]:
    """Seconds each move came after the previous one, beyond the pace."""
    times = [t for t, name, _ in events if name == "events"]
    return [max(0.0, b - a - PACE) for a, b in zip(times, times[1:], strict=False)]


def _late_clocks(events: list[tuple[float, str, Any]], seconds: float) -> list[float]:
    """Seconds each clock move came after its countdown ran out (counted from the ``clock`` message
    that announced it)."""
    late, started = [], None
    for at, name, data in events:
        if name == "clock" and data["clocks"] and started is None:
            started = at + data["clocks"][0]["remaining"]
        elif name == "events" and data.get("by") == "clock" and started is not None:
            late.append(at - started)
            started = None
    return late


def _figures(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: n={len(values)} min {min(values):.2f} s, median {statistics.median(values):.2f} s, "
            f"max {max(values):.2f} s")


async def run(seconds: float, workers: int, clock: float) -> dict[str, Any]:
    """Play the loads for ``seconds``; the figures."""
    limits = Limits()
    bots = BotSettings(pace_seconds=PACE, workers=workers, clock_min_seconds=min(10.0, clock))
    config = HostConfig(trust_loopback=False, limits=limits, bots=bots)
    with tempfile.TemporaryDirectory(prefix="wt-fairbench-") as data:
        app = create_app(data, config=config)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, LOOPBACK, 0)
        await site.start()
        port = runner.addresses[0][1]
        url = f"http://{LOOPBACK}:{port}"
        parties: list[Party] = []
        try:
            attacker = await Party(url, ATTACKER).connect()
            victim = await Party(url, VICTIM).connect()
            clocked = await Party(url, CLOCKED).connect()
            parties += [attacker, victim, clocked]
            started = [await _bot_table(attacker, "classic", 7, "hard")
                       for _ in range(limits.tables_per_address)]
            attacking = sum(1 for _, ok in started if ok)
            cpu = time.process_time()
            made = await victim.call("create_table", {"game": "duel"})
            for seat in (0, 1):
                await victim.call("set_bot", {"code": made["code"], "seat": seat, "level": "easy",
                                              "board_key": made["board_key"]})
            await victim.call("watch", {"code": made["code"], "board_key": made["board_key"]})
            await victim.call("start", {"code": made["code"]})
            timed = await clocked.call("create_table", {"game": "duel", "multi_seat": True, "clock": clock})
            for seat, name in enumerate(("Ann", "Bob")):
                await clocked.call("join", {"code": timed["code"], "name": name, "seat": seat})
            await clocked.call("watch", {"code": timed["code"], "board_key": timed["board_key"]})
            await clocked.call("start", {"code": timed["code"]})
            await asyncio.sleep(seconds)
            cpu = time.process_time() - cpu
            live = app[TABLES].tables
            attacker_moves = sum(live[code].step for code, ok in started if ok and code in live)
        finally:
            for party in parties:
                await party.close()
            await runner.cleanup()
    return {"attacker_tables": attacking, "attacker_moves": attacker_moves,
            "bot_late": _late_bot_moves(victim.heard),
            "clock_late": _late_clocks(clocked.heard, clock), "cpu": cpu, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m host.tools.fairbench")
    parser.add_argument("--seconds", type=float, default=35.0, help="how long the loads play (default 35)")
    parser.add_argument("--workers", type=int, default=default_bot_workers(), help="bot worker processes")
    parser.add_argument("--clock", type=float, default=10.0, help="the clock table's seconds per decision")
    args = parser.parse_args(argv)
    figures = asyncio.run(run(args.seconds, max(1, args.workers), args.clock))
    print(f"fairbench: {figures['attacker_tables']} attacker tables of 7 hard bots running, "
          f"{args.workers} worker(s), {figures['seconds']:g} s; they played "
          f"{figures['attacker_moves']} moves")
    late_bot = f"easy-bot move late after its {PACE:g} s pace (target < 1 s)"
    print("  " + _figures(late_bot, figures["bot_late"]))
    print("  " + _figures(f"{args.clock:g} s clock late (target < 1 s)", figures["clock_late"]))
    print(f"  host process CPU time: {figures['cpu']:.2f} s over {figures['seconds']:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
