"""Nothing a client sends grows the host without bound: rate limits, a slow reader, table and code limits,
lobby expiry, finished tables leaving memory, connections per address, choice changes per turn."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import signal
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from aiohttp import web

from host.app import HUB, STORE, TABLES, create_app
from host.config import HostConfig, Limits
from host.serve import ConnectionGate, GatedRunner
from host.store import DB_NAME

from .conftest import WAIT, Client, until


@contextlib.contextmanager
def fails_after(seconds: float) -> Iterator[None]:
    """Turn a hang (even a busy loop that never yields) into a failure: SIGALRM interrupts the test."""
    def alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


async def _app_server(aiohttp_server: Any, data_dir: Any, config: HostConfig, **kw: Any) -> Any:
    app = create_app(data_dir, seed_source=itertools.count(1).__next__, config=config, **kw)
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    srv.url = f"http://127.0.0.1:{srv.port}"
    return srv


async def _client(srv: Any, made: list[Client]) -> Client:
    client = Client(srv.url)
    made.append(client)
    return await client.connect()


@pytest.fixture
async def made() -> Any:
    clients: list[Client] = []
    yield clients
    for client in clients:
        await client.close()


async def test_a_flood_from_one_socket_is_rate_limited(clients, server):
    """With the default limits: a socket that sends far more than a person could gets ``rate_limited``."""
    flooder = await clients()
    acks = await asyncio.gather(*(flooder.call("list_tables", {}) for _ in range(250)))
    limited = [a for a in acks if a.get("error") == "rate_limited"]
    assert limited and len(limited) >= 100
    assert all(a["retry_after"] > 0 and a["message"] for a in limited)
    other = await clients()  # another socket is not slowed down
    assert (await other.call("list_tables", {}))["ok"]


async def test_rate_limits_per_socket_and_per_address(aiohttp_server, data_dir, made):
    limits = Limits(socket_burst=5, socket_rate=2, address_burst=8, address_rate=2)
    srv = await _app_server(aiohttp_server, data_dir, HostConfig(trust_loopback=False, limits=limits))
    first, second = await _client(srv, made), await _client(srv, made)
    answers = [await first.call("list_tables", {}) for _ in range(6)]
    assert [a["ok"] for a in answers] == [True] * 5 + [False] and answers[5]["error"] == "rate_limited"
    assert (await first.call("no_such_event", {}))["error"] == "rate_limited"  # every event counts
    # The second socket has its own bucket, but the address has only 8 - 5 = 3 left (two were refused
    # by the socket limit and did not reach the address's bucket).
    answers = [await second.call("list_tables", {}) for _ in range(4)]
    assert [a["ok"] for a in answers] == [True, True, True, False]
    await asyncio.sleep(0.6)  # a token comes back after 0.5 s
    assert (await first.call("list_tables", {}))["ok"]


async def test_a_client_that_does_not_read_is_dropped_not_buffered(aiohttp_server, data_dir, made, caplog):
    limits = Limits(socket_burst=1e6, socket_rate=1e6, queued_messages=64, queued_bytes=1 << 20)
    srv = await _app_server(aiohttp_server, data_dir, HostConfig(limits=limits))
    hub = srv.app[HUB]
    board = await _client(srv, made)
    code = (await board.call("create_table", {"game": "duel", "autostart": True}))["code"]
    for name in ("Ann", "Bob"):  # a game in play: every watch is answered with a full board view
        await (await _client(srv, made)).call("join", {"code": code, "name": name})
    slow = await _client(srv, made)
    sid = slow.sio.get_sid()
    assert (await slow.call("watch", {"code": code}))["ok"]
    ws = slow.sio.eio.ws
    ws._conn.transport.pause_reading()  # the client stops reading; the kernel buffers fill up
    with caplog.at_level(logging.WARNING, logger="host.sockets"):
        for _ in range(20000):
            await slow.sio.emit("watch", {"code": code})  # each answered with table, view and history
            if sid not in hub.clients:
                break
        await until(lambda: sid not in hub.clients)
    socket = hub.sio.eio.sockets.get(slow.sio.eio.sid)
    assert socket is None or socket.closed
    assert queued(socket) <= limits.queued_messages
    dropped = [r for r in caplog.records if "not reading" in r.getMessage()]
    assert len(dropped) == 1 and "127.0.0.1" in dropped[0].getMessage()
    assert (await board.call("list_tables", {}))["ok"]  # everyone else is served


def queued(socket: Any) -> int:
    """Messages waiting in an Engine.IO socket's outgoing queue (0 once it is gone)."""
    return 0 if socket is None else socket.queue.qsize()


async def test_table_limits_per_address_and_in_all(aiohttp_server, data_dir, made):
    limits = Limits(tables_per_address=3, tables_total=5)
    srv = await _app_server(aiohttp_server, data_dir, HostConfig(trust_loopback=False, limits=limits))
    one = await _client(srv, made)
    codes = [(await one.call("create_table", {"game": "duel"}))["code"] for _ in range(3)]
    refused = await one.call("create_table", {"game": "duel"})
    assert refused["error"] == "too_many_tables"
    assert set(srv.app[TABLES].tables) == set(codes)


async def test_the_total_table_limit_and_a_bounded_list(aiohttp_server, data_dir, made):
    limits = Limits(tables_total=58, host_tables=2, list_tables=50)
    srv = await _app_server(aiohttp_server, data_dir, HostConfig(limits=limits))
    laptop = await _client(srv, made)  # loopback: only the total (and its own room beyond it) applies
    codes = [(await laptop.call("create_table", {"game": "duel"}))["code"] for _ in range(60)]
    # The laptop always creates: past its own room, its oldest lobby nobody sits at gives way.
    assert (await laptop.call("create_table", {"game": "duel"}))["ok"]
    assert len(srv.app[TABLES].tables) == 60 and codes[0] not in srv.app[TABLES].tables
    listed = (await laptop.call("list_tables", {}))["tables"]
    newest = sorted(srv.app[TABLES].tables.values(), key=lambda t: t.created, reverse=True)
    assert [t["code"] for t in listed] == [t.code for t in newest[:50]]


async def test_default_limits_bound_what_one_address_creates(lan_clients):
    """With the default limits a phone on the Wi-Fi cannot create tables without end."""
    phone = await lan_clients()
    answers = [await phone.call("create_table", {"game": "duel"}) for _ in range(12)]
    assert [a["ok"] for a in answers].count(True) == 8
    assert answers[-1]["error"] == "too_many_tables"


class Clock:
    """A settable clock for the tables (seconds)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def test_idle_lobbies_expire_and_finished_tables_leave_memory(
        aiohttp_server, data_dir, made, fake_game):
    srv = await _app_server(aiohttp_server, data_dir, HostConfig())
    tables, hub = srv.app[TABLES], srv.app[HUB]
    clock = Clock(tables.clock())
    tables.clock = clock
    board = await _client(srv, made)
    idle = (await board.call("create_table", {"game": "duel"}))["code"]
    watched = (await board.call("create_table", {"game": "duel"}))["code"]
    finished_ack = await board.call("create_table", {"game": fake_game, "options": {"target": 1}})
    finished = finished_ack["code"]
    ann, bob = await _client(srv, made), await _client(srv, made)
    await ann.call("join", {"code": finished, "name": "Ann"})
    await bob.call("join", {"code": finished, "name": "Bob"})
    await ann.call("start", {"code": finished})
    assert (await ann.call("act", {"action": {"type": "add", "n": 1}}))["ok"]
    await ann.close()
    await bob.close()
    await board.call("watch", {"code": watched})
    cy = await _client(srv, made)
    await cy.call("join", {"code": watched, "name": "Cy"})  # a phone sits at it and stays

    clock.now += 300  # five minutes: nothing goes yet
    await hub.sweep()
    assert {idle, watched, finished} <= set(tables.tables)
    clock.now += 3 * 3600
    await hub.sweep()
    assert idle not in tables.tables and finished not in tables.tables
    assert watched in tables.tables  # a board shows it and a phone sits at it
    assert (await board.call("table_info", {"code": idle}))["error"] == "no_table"
    with sqlite3.connect(data_dir / DB_NAME) as db:
        states = dict(db.execute("SELECT code, state FROM tables").fetchall())
    assert states[idle] == "expired" and states[finished] == "over" and states[watched] == "lobby"


async def test_table_codes_run_out_with_an_error_and_are_reused_later(
        aiohttp_server, data_dir, made, fake_game, monkeypatch):
    monkeypatch.setattr("host.tables.CODE_LETTERS", "AB")
    monkeypatch.setattr("host.tables.CODE_LENGTH", 1)
    srv = await _app_server(aiohttp_server, data_dir, HostConfig())
    tables = srv.app[TABLES]
    board = await _client(srv, made)
    first = await board.call("create_table", {"game": fake_game, "options": {"target": 1}})
    second = await board.call("create_table", {"game": "duel"})
    assert {first["code"], second["code"]} == {"A", "B"}
    assert (await board.call("watch", {"code": second["code"]}))["ok"]
    cy = await _client(srv, made)  # a seated phone keeps the lobby in use: it does not expire
    assert (await cy.call("join", {"code": second["code"], "name": "Cy"}))["ok"]
    with fails_after(WAIT):  # today: an endless loop that even ignores SIGTERM
        refused = await board.call("create_table", {"game": "duel"})
    assert refused["error"] == "no_free_code" and "code" in refused["message"]

    # The first game ends; long after, its code is free again, and the new table replaces its rows.
    ann, bob = await _client(srv, made), await _client(srv, made)
    await ann.call("join", {"code": first["code"], "name": "Ann"})
    await bob.call("join", {"code": first["code"], "name": "Bob"})
    await ann.call("start", {"code": first["code"]})
    assert (await ann.call("act", {"action": {"type": "add", "n": 1}}))["ok"]
    clock = Clock(tables.clock())
    tables.clock = tables.codes.clock = clock
    clock.now += 3 * 3600
    await srv.app[HUB].sweep()  # the finished table leaves memory; its code is held for a week
    assert (await board.call("create_table", {"game": "duel"}))["error"] == "no_free_code"
    clock.now += 8 * 24 * 3600
    again = await board.call("create_table", {"game": "duel"})
    assert again["code"] == first["code"]
    with sqlite3.connect(data_dir / DB_NAME) as db:
        assert db.execute("SELECT game, state FROM tables WHERE code = ?", (again["code"],)).fetchall() == [
            ("duel", "lobby")]
        assert db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (again["code"],)).fetchone() == (0,)


async def test_a_restart_with_every_code_in_use_answers_at_once(data_dir, monkeypatch):
    monkeypatch.setattr("host.tables.CODE_LETTERS", "AB")
    monkeypatch.setattr("host.tables.CODE_LENGTH", 1)
    app = create_app(data_dir)
    for _ in range(2):
        await app[TABLES].create("duel")
    app[STORE].close()
    with fails_after(WAIT):
        again = create_app(data_dir)
        with pytest.raises(Exception) as refused:
            await again[TABLES].create("duel")
    assert getattr(refused.value, "code", None) == "no_free_code"
    again[STORE].close()


@pytest.fixture
async def gated(data_dir: Any) -> Any:
    """The host served like ``python -m host`` does, with 3 connections per address (loopback counts as
    a phone here) and 20 in all."""
    config = HostConfig(trust_loopback=False)
    app = create_app(data_dir, config=config)
    gate = ConnectionGate(per_address=3, total=20, trusts=config.trusts)
    runner = GatedRunner(app, gate, shutdown_timeout=0.5, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    runner.gate_port = runner.addresses[0][1]
    yield runner
    await runner.cleanup()


async def _closed_at_once(port: int) -> bool:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        data = await asyncio.wait_for(reader.read(1), 0.5)
        return data == b""
    except TimeoutError:
        return False  # still open: admitted
    except ConnectionError:
        return True
    finally:
        writer.close()


async def test_connections_per_address_are_capped_and_refusals_logged_once_a_second(gated, caplog):
    port = gated.gate_port
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
    await until(lambda: sum(gated.gate.open.values()) == 3)
    with caplog.at_level(logging.WARNING):
        assert await _closed_at_once(port)
        for _ in range(200):  # a flood of refused connections
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
    lines = [r for r in caplog.records if "connections refused" in r.getMessage()]
    assert 1 <= len(lines) <= 4  # one line a second, not one per connection
    assert not any(r.exc_info for r in caplog.records)  # and never a traceback
    # An admitted connection is served; closing one lets a new one in.
    reader, writer = held[0]
    writer.write(b"GET /catalog/duel.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert (await asyncio.wait_for(reader.readline(), WAIT)).startswith(b"HTTP/1.1 200")
    writer.close()
    await until(lambda: sum(gated.gate.open.values()) <= 2)
    assert not await _closed_at_once(port)
    for _, w in held[1:]:
        w.close()


async def test_a_seat_may_change_its_choice_only_so_often_in_one_turn(clients, server):
    board = await clients()
    made_table = await board.call("create_table", {"game": "classic", "seats": 3, "autostart": True})
    code = made_table["code"]
    phones = [await clients() for _ in range(3)]
    for n, phone in enumerate(phones):
        await phone.call("join", {"code": code, "name": f"P{n}"})
    ann = phones[0]
    view = await ann.wait("view", lambda v: v["view"] is not None and v["legal_actions"])
    legal = view["legal_actions"]
    limit = server.app[TABLES].limits.changes_per_turn
    for k in range(limit):
        ack = await ann.call("act", {"action": legal[k % len(legal)]})
        assert ack["ok"], (k, ack)
    refused = await ann.call("act", {"action": legal[0]})
    assert refused["error"] == "too_many_changes"
    steps = server.app[TABLES].tables[code].step
    for phone in phones[1:]:  # the others choose: the turn ends, and the count starts again
        mine = await phone.wait("view", lambda v: v["legal_actions"])
        assert (await phone.call("act", {"action": mine["legal_actions"][0]}))["ok"]
    assert server.app[TABLES].tables[code].step == steps + 2
    fresh = await ann.wait("view", lambda v: (v["view"] or {}).get("turn") == 2 and v["legal_actions"])
    assert (await ann.call("act", {"action": fresh["legal_actions"][0]}))["ok"]
