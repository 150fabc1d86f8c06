"""Fairness bench of the host's bots and clocks, run by ``make bench`` (issue 18, finding 1).

``python -m host.tools.fairbench [--seconds S] [--workers N] [--clock S] [--attackers N]`` starts the real
host app in this process on 127.0.0.1 (a temporary data dir, loopback not trusted, so every client is a
phone of the Wi-Fi). Each party connects from its own loopback address (127.0.0.2, ...): an *attacker*
device (or ``--attackers N`` of them) creates its quota of classic tables of 7 seats, fills them with
``hard`` bots as far as the host lets it, starts the full ones and watches each (watched tables go
first). Meanwhile a *victim* table of two ``easy`` bots (its board watching) and a *clock* table (two
phones that never move, a clock of ``--clock`` seconds) play. The bench
prints how late each victim bot move came after its pace and how late each clock fired after its
countdown (wall time: these are scheduling delays, the thing the issue bounds), and the host process's
CPU time. Targets of the issue: a bot move within pace + 1 s, a 10 s clock within 11 s.

Then a *listing flood*: a Duel table played flat out by two lean phones (random moves) has its act→ack
round trips measured for ``--flood-seconds`` quietly and as long again while ten other addresses send
``list_tables`` as fast as they are answered (four at a time each, from a subprocess that is connected
before the phase starts: the flooders' own decoding must not eat the host's event loop), in
``--flood-rounds`` alternating rounds. Target: the flooded p99 within 2× of the quiet one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from typing import Any

import aiohttp
import msgpack
import socketio
from aiohttp import web

from host.app import TABLES, create_app
from host.config import BotSettings, HostConfig, Limits, default_bot_workers
from host.tools.benchphone import CONNECT, EIO_PING, EIO_PONG, EVENT, NAMESPACE, LeanPhone, socket_url
from host.tools.figures import LOOPBACK, p99
from host.wire import JsMsgPackPacket

VICTIM, CLOCKED = "127.0.0.3", "127.0.0.4"
ATTACKERS = ["127.0.0.2", *(f"127.0.0.{n}" for n in range(40, 60))]  # the attacking devices
PLAYERS = ("127.0.0.5", "127.0.0.6")  # the measured table's two phones (its board shares the first)
FLOODERS = [f"127.0.0.{n}" for n in range(20, 30)]
FLOOD_CALLS = 4  # list_tables in flight per flooding address (each answered one is sent again)
PACE = 1.0
CALL_WAIT = 15.0
MAX_RETRIES = 50  # a refused call is sent again at most this many times


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
        """An acknowledged event; refused as ``rate_limited`` or ``busy``, it is sent again after the
        answer's ``retry_after``, as a phone does (the board shares its address with a playing phone, so
        the per-address limits can refuse it on a slow machine)."""
        assert self.sio is not None
        for _ in range(MAX_RETRIES):
            answer = await self.sio.call(event, payload, timeout=CALL_WAIT)
            if not (isinstance(answer, dict) and answer.get("error") in ("rate_limited", "busy")):
                return answer
            await asyncio.sleep(float(answer.get("retry_after", 0.1)))
        raise RuntimeError(f"{event!r} was refused {MAX_RETRIES} times in a row: {answer}")

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


async def _attack(url: str, source: str, tables: int, parties: list[Party]) -> list[tuple[str, bool]]:
    """One attacking device at ``source``: its quota of ``tables`` classic tables of 7 seats, filled with
    ``hard`` bots as far as the host lets it, the full ones started and each watched by a board of its
    own (watched tables go first, so the attacker claims that too); the tables and whether each started."""
    attacker = await Party(url, source).connect()
    parties.append(attacker)
    started = [await _bot_table(attacker, "classic", 7, "hard") for _ in range(tables)]
    for code, ok in started:
        if ok:
            board = await Party(url, source).connect()
            parties.append(board)
            await board.call("watch", {"code": code})
    return started


async def run(seconds: float, workers: int, clock: float, attackers: int = 1) -> dict[str, Any]:
    """Play the loads for ``seconds`` with ``attackers`` attacking devices; the figures."""
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
            victim = await Party(url, VICTIM).connect()
            clocked = await Party(url, CLOCKED).connect()
            parties += [victim, clocked]
            started = []
            for source in ATTACKERS[:attackers]:
                started += await _attack(url, source, limits.tables_per_address, parties)
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


async def _play_for(url: str, until: float, latencies: list[float]) -> tuple[int, int]:
    """Play Duel games with two lean phones (one from each of ``PLAYERS``) until ``until``; the games
    played and the acts refused as ``rate_limited`` (each sent again after its ``retry_after``, as a phone
    does: the per-address limits hold for them too). Every accepted ``act``'s round trip goes to
    ``latencies``."""
    board = await Party(url, PLAYERS[0]).connect()
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(a, 0))) for a in PLAYERS]
    games = throttled = 0

    def heard(seconds: float, accepted: bool) -> None:
        if accepted:
            latencies.append(seconds)

    try:
        while time.monotonic() < until:
            code = (await board.call("create_table", {"game": "duel", "autostart": True}))["code"]
            phones = [LeanPhone(sessions[s], url, code, f"P{s}", seed=games * 2 + s, on_ack=heard)
                      for s in (0, 1)]
            try:
                for phone in phones:
                    await phone.join()
                await asyncio.gather(*(phone.play() for phone in phones))
            finally:
                for phone in phones:
                    await phone.close()
                throttled += sum(phone.throttled for phone in phones)
            games += 1
    finally:
        await board.close()
        for session in sessions:
            await session.close()
    return games, throttled


async def _flooder(url: str, source: str) -> tuple[aiohttp.ClientSession, aiohttp.ClientWebSocketResponse]:
    """A raw websocket from ``source``, its Socket.IO session open."""
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
    ws = await session.ws_connect(socket_url(url), autoping=False, max_msg_size=0)
    await ws.receive(timeout=CALL_WAIT)  # Engine.IO open
    await ws.send_bytes(msgpack.packb({"type": CONNECT, "nsp": NAMESPACE, "data": {}}))
    return session, ws


async def _flood_from(ws: aiohttp.ClientWebSocketResponse, until: float, counts: dict[str, int]) -> None:
    """One flooding address: keep ``FLOOD_CALLS`` ``list_tables`` in flight until ``until``. Answers are
    counted, never decoded (a real flooder's decoding happens on its own device, not on the host's
    cores)."""
    ask = msgpack.packb({"type": EVENT, "nsp": NAMESPACE, "data": ["list_tables", {}], "id": 1})
    for _ in range(FLOOD_CALLS):
        await ws.send_bytes(ask)
    async for message in ws:
        if message.type == aiohttp.WSMsgType.TEXT and message.data == EIO_PING:
            await ws.send_str(EIO_PONG)
        elif message.type == aiohttp.WSMsgType.BINARY and b"list_tables" not in message.data:
            if b"tables" in message.data:
                counts["ok"] += 1
            elif b"busy" in message.data:
                counts["busy"] += 1
            else:
                continue  # the connect's answer, the issued device token
            if time.monotonic() >= until:
                break
            await ws.send_bytes(ask)


async def _flood(url: str, seconds: float) -> tuple[int, int]:
    """Connect every flooding address, say ``ready`` on stdout, then send ``list_tables`` from each for
    ``seconds``; (answered, refused as busy)."""
    counts = {"ok": 0, "busy": 0}
    opened = [await _flooder(url, source) for source in FLOODERS]
    try:
        print("ready", flush=True)
        until = time.monotonic() + seconds
        await asyncio.gather(*(_flood_from(ws, until, counts) for _, ws in opened))
    finally:
        for session, ws in opened:
            await ws.close()
            await session.close()
    return counts["ok"], counts["busy"]


async def _flooded(url: str, seconds: float, latencies: list[float]) -> tuple[int, int, int]:
    """One flooded phase: the flooding subprocess connects, then the players play while it floods for
    ``seconds``; (list_tables answered, refused as busy, the players' throttled acts)."""
    flooder = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.tools.fairbench", "--flood-url", url, "--flood-seconds", str(seconds),
        stdout=asyncio.subprocess.PIPE)
    assert flooder.stdout is not None
    await asyncio.wait_for(flooder.stdout.readline(), CALL_WAIT)  # "ready": every flooder is connected
    _, throttled = await _play_for(url, time.monotonic() + seconds, latencies)
    out, _ = await flooder.communicate()
    ok, busy = json.loads(out.decode().strip().splitlines()[-1])
    return ok, busy, throttled


async def run_flood(seconds: float, rounds: int) -> dict[str, Any]:
    """The listing flood: act→ack round trips quiet, then flooded, ``rounds`` times in turn (so the
    machine's other load weighs on both alike), ``seconds`` in all for each."""
    with tempfile.TemporaryDirectory(prefix="wt-fairbench-") as data:
        app = create_app(data, config=HostConfig(trust_loopback=False))
        for n in range(30):  # a host with tables to list
            await app[TABLES].create("classic", seats=7, creator=f"192.168.1.{n % 10}")
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, LOOPBACK, 0)
        await site.start()
        url = f"http://{LOOPBACK}:{runner.addresses[0][1]}"
        quiet: list[float] = []
        flooded: list[float] = []
        quiet_cpu = flooded_cpu = 0.0
        answered, refused, throttled = 0, 0, [0, 0]
        phase = seconds / rounds
        try:
            for _ in range(rounds):
                cpu = time.process_time()
                throttled[0] += (await _play_for(url, time.monotonic() + phase, quiet))[1]
                quiet_cpu += time.process_time() - cpu
                cpu = time.process_time()
                ok, busy, slowed = await _flooded(url, phase, flooded)
                flooded_cpu += time.process_time() - cpu
                answered, refused, throttled[1] = answered + ok, refused + busy, throttled[1] + slowed
        finally:
            await runner.cleanup()
    return {"quiet": quiet, "flooded": flooded, "answered": (answered, refused), "quiet_cpu": quiet_cpu,
            "flooded_cpu": flooded_cpu, "throttled": tuple(throttled)}


def _round_trips(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (f"{name}: n={len(values)} p50 {statistics.median(values) * 1000:.1f} ms, "
            f"p99 {p99(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m host.tools.fairbench")
    parser.add_argument("--seconds", type=float, default=35.0, help="how long the loads play (default 35)")
    parser.add_argument("--workers", type=int, default=default_bot_workers(), help="bot worker processes")
    parser.add_argument("--clock", type=float, default=10.0, help="the clock table's seconds per decision")
    parser.add_argument("--attackers", type=int, choices=range(1, len(ATTACKERS) + 1), default=1,
                        metavar="N", help="attacking devices, each with its full quota (default 1)")
    parser.add_argument("--flood-seconds", type=float, default=15.0,
                        help="each phase of the listing flood (default 15; 0 skips it)")
    parser.add_argument("--flood-rounds", type=int, default=3,
                        help="quiet and flooded phases played in turn this many times (default 3)")
    parser.add_argument("--flood-url", help=argparse.SUPPRESS)  # the flooding subprocess's own run
    args = parser.parse_args(argv)
    if args.flood_url:
        print(json.dumps(asyncio.run(_flood(args.flood_url, args.flood_seconds))))
        return 0
    figures = asyncio.run(run(args.seconds, max(1, args.workers), args.clock, args.attackers))
    print(f"fairbench: {args.attackers} attacking device(s), {figures['attacker_tables']} watched tables "
          f"of 7 hard bots running, {args.workers} worker(s), {figures['seconds']:g} s; they played "
          f"{figures['attacker_moves']} moves")
    late_bot = f"easy-bot move late after its {PACE:g} s pace (target < 1 s)"
    print("  " + _figures(late_bot, figures["bot_late"]))
    print("  " + _figures(f"{args.clock:g} s clock late (target < 1 s)", figures["clock_late"]))
    print(f"  host process CPU time: {figures['cpu']:.2f} s over {figures['seconds']:g} s")
    if args.flood_seconds > 0:
        flood = asyncio.run(run_flood(args.flood_seconds, max(1, args.flood_rounds)))
        ok, busy = flood["answered"]
        print(f"listing flood: {len(FLOODERS)} addresses, {ok} list_tables answered, {busy} refused as busy "
              f"({args.flood_rounds} rounds of quiet then flooded play)")
        print("  " + _round_trips("act->ack quiet", flood["quiet"]))
        print("  " + _round_trips("act->ack flooded", flood["flooded"]))
        print("  acts refused as rate_limited and sent again (the players' own per-address limit): quiet "
              f"{flood['throttled'][0]}, flooded {flood['throttled'][1]}")
        per_act = flood["quiet_cpu"] / max(1, len(flood["quiet"]))  # the players' and host's, per act
        listing = flood["flooded_cpu"] - per_act * len(flood["flooded"])
        print(f"  this process's CPU time (host and players): quiet {flood['quiet_cpu']:.2f} s, flooded "
              f"{flood['flooded_cpu']:.2f} s over {args.flood_seconds:g} s each; the flood's share "
              f"{listing:.2f} s, {listing / max(1, ok) * 1000:.2f} ms per list_tables answered")
        if flood["quiet"] and flood["flooded"]:
            ratio = p99(flood["flooded"]) / p99(flood["quiet"])
            print(f"  flooded p99 / quiet p99: {ratio:.2f} (target < 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
