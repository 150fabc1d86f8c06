"""Table creation nobody can lock (issue 18, finding 2): lobbies no phone sits at expire in minutes (and
leave the list of tables), the laptop's own board can always create, and expired lobbies do not come back
after a restart."""

from __future__ import annotations

import itertools
import sqlite3
from typing import Any

from host.app import HUB, STORE, TABLES, create_app
from host.config import HostConfig, Limits
from host.errors import HostError
from host.store import DB_NAME

from .conftest import Client
from .test_limits import Clock


async def _host(aiohttp_server: Any, data_dir: Any, limits: Limits, trust_loopback: bool) -> Any:
    app = create_app(data_dir, seed_source=itertools.count(1).__next__,
                     config=HostConfig(trust_loopback=trust_loopback, limits=limits))
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    srv.url = f"http://127.0.0.1:{srv.port}"
    return srv


async def _client(srv: Any, made: list[Client]) -> Client:
    client = Client(srv.url)
    made.append(client)
    return await client.connect()


async def test_lobbies_nobody_sits_at_expire_in_minutes_even_when_watched(aiohttp_server, data_dir):
    limits = Limits(tables_per_address=4, lobby_unseated_seconds=600)
    srv = await _host(aiohttp_server, data_dir, limits, trust_loopback=False)
    tables, hub = srv.app[TABLES], srv.app[HUB]
    clock = Clock(tables.clock())
    tables.clock = clock
    made: list[Client] = []
    try:
        flooder = await _client(srv, made)
        empty = [(await flooder.call("create_table", {"game": "duel"}))["code"] for _ in range(4)]
        await flooder.call("watch", {"code": empty[0]})  # a board keeps showing one of them
        assert (await flooder.call("create_table", {"game": "duel"}))["error"] == "too_many_tables"
        host = await _client(srv, made)
        kept = (await tables.create("duel", creator="192.168.1.20")).code  # another phone's table
        ann = await _client(srv, made)
        await ann.call("join", {"code": kept, "name": "Ann"})
        clock.now += 300
        await hub.sweep()
        assert set(empty) <= set(tables.tables)  # five minutes: nothing goes yet
        clock.now += 301
        await hub.sweep()
        assert not set(empty) & set(tables.tables) and kept in tables.tables
        listed = [t["code"] for t in (await host.call("list_tables", {}))["tables"]]
        assert listed == [kept]
        notice = await flooder.wait("error", lambda e: e["error"] == "no_table")
        assert empty[0] in notice["message"]
        assert (await flooder.call("create_table", {"game": "duel"}))["ok"]  # its quota is free again
        with sqlite3.connect(data_dir / DB_NAME) as db:
            states = dict(db.execute("SELECT code, state FROM tables").fetchall())
        assert {states[c] for c in empty} == {"expired"} and states[kept] == "lobby"
    finally:
        for client in made:
            await client.close()


async def test_the_laptops_own_board_can_always_create(aiohttp_server, data_dir):
    """Alias addresses fill the host with empty lobbies; loopback still creates (the oldest empty lobby
    of a guest gives way), and a guest gets ``too_many_tables``."""
    limits = Limits(tables_per_address=50, tables_total=6)
    srv = await _host(aiohttp_server, data_dir, limits, trust_loopback=True)
    tables = srv.app[TABLES]
    guests = [await tables.create("duel", creator=f"192.168.1.{n}") for n in range(6)]
    made: list[Client] = []
    try:
        laptop = await _client(srv, made)
        for _ in range(3):
            assert (await laptop.call("create_table", {"game": "duel"}))["ok"]
        assert len(tables.tables) == 6
        assert [g.code in tables.tables for g in guests] == [False] * 3 + [True] * 3  # oldest first
        refused = await tables.create("duel", creator="192.168.1.99")
    except Exception as exc:
        refused = exc
    finally:
        for client in made:
            await client.close()
    assert getattr(refused, "code", None) == "too_many_tables"


async def test_expired_lobbies_do_not_come_back_after_a_restart(data_dir):
    limits = Limits(lobby_unseated_seconds=600)
    config = HostConfig(limits=limits)
    app = create_app(data_dir, config=config)
    tables = app[TABLES]
    empty = await tables.create("duel")
    sat = await tables.create("duel")
    await tables.join(sat, "Ann")
    young = await tables.create("duel")
    app[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:  # the host was stopped for a quarter of an hour
        db.execute("UPDATE tables SET updated = updated - 900 WHERE code IN (?, ?)", (empty.code, sat.code))
    again = create_app(data_dir, config=config)
    assert set(again[TABLES].tables) == {sat.code, young.code}
    again[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:
        assert db.execute("SELECT state FROM tables WHERE code = ?", (empty.code,)).fetchone() == ("expired",)
    third = create_app(data_dir, config=config)
    assert empty.code not in third[TABLES].tables
    third[STORE].close()


async def test_a_flood_of_empty_lobbies_from_many_addresses_locks_no_guest_out(aiohttp_server, data_dir):
    """Alias addresses fill the host with empty lobbies (finding 2): a fresh board on the Wi-Fi still
    creates, an empty lobby of the address holding the most tables giving way each time (never one a
    phone sits at, never an address's last fair share); the lobby's watchers hear ``no_table`` and it
    stays expired on disk."""
    limits = Limits(tables_per_address=4, tables_total=12)
    srv = await _host(aiohttp_server, data_dir, limits, trust_loopback=False)
    tables = srv.app[TABLES]
    sat = await tables.create("duel", creator="192.168.1.20")
    await tables.join(sat, "Ann", device="ann-phone-device-0001")
    flood = {n: [(await tables.create("duel", creator=f"10.0.0.{n}")).code for _ in range(4)] for n in (1, 2)}
    flood[3] = [(await tables.create("duel", creator="10.0.0.3")).code for _ in range(3)]
    assert len(tables.tables) == 12
    made: list[Client] = []
    try:
        watcher = await _client(srv, made)
        await watcher.call("watch", {"code": flood[1][0]})
        board = await _client(srv, made)  # from 127.0.0.1, which this host does not trust: a guest
        mine = []
        for _ in range(2):
            ack = await board.call("create_table", {"game": "duel"})
            assert ack["ok"], ack
            mine.append(ack["code"])
        gone = await watcher.wait("error", lambda e: e["error"] == "no_table")
        assert flood[1][0] in gone["message"]
        # The oldest lobby of the biggest holder each time: 10.0.0.1 (4 tables), then 10.0.0.2 (4).
        assert [c in tables.tables for c in flood[1]] == [False, True, True, True]
        assert [c in tables.tables for c in flood[2]] == [False, True, True, True]
        assert sat.code in tables.tables and len(tables.tables) == 12
        # Now every address holds at most one table more than the board (3 and 2): nobody's share is taken.
        refused = await board.call("create_table", {"game": "duel"})
        assert refused["error"] == "too_many_tables"
    finally:
        for client in made:
            await client.close()
    with sqlite3.connect(data_dir / DB_NAME) as db:
        states = dict(db.execute("SELECT code, state FROM tables").fetchall())
    assert [states[c] for c in (flood[1][0], flood[2][0])] == ["expired"] * 2
    assert {states[c] for c in mine} == {"lobby"}


async def test_the_laptops_own_board_creates_even_when_guests_fill_the_host_with_seated_tables(
        aiohttp_server, data_dir):
    """No empty lobby to give way (a phone sits at every guest's table): the laptop still has its own
    room beyond the total (``host_tables``), which guests never fill."""
    limits = Limits(tables_per_address=50, tables_total=4)
    room = getattr(limits, "host_tables", 8)  # 8 by default
    srv = await _host(aiohttp_server, data_dir, limits, trust_loopback=True)
    tables = srv.app[TABLES]
    for n in range(4):
        guest = await tables.create("duel", creator=f"192.168.1.{n}")
        await tables.join(guest, "Eve", device=f"eve-phone-device-000{n}")
    try:
        await tables.create("duel", creator="192.168.1.9")
    except HostError as exc:
        assert exc.code == "too_many_tables"
    else:
        raise AssertionError("a guest found room in a full host")
    made: list[Client] = []
    try:
        laptop = await _client(srv, made)
        own = [(await laptop.call("create_table", {"game": "duel"})).get("code") for _ in range(room)]
        assert set(own) <= set(tables.tables) and len(tables.tables) == 4 + room
        again = await laptop.call("create_table", {"game": "duel"})  # its own room is bounded too:
        assert again["ok"] and own[0] not in tables.tables  # its own oldest empty lobby gives way
        assert len(tables.tables) == 4 + room
    finally:
        for client in made:
            await client.close()
