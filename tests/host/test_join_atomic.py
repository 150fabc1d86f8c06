"""A join's save and its ack are one step (issue 18, finding 7): a join that fills an autostart table
saves the seat and the game's start together, and an autostart table restored with every seat taken
starts at once instead of staying in the lobby."""

from __future__ import annotations

import itertools
import sqlite3

from host.app import STORE, TABLES, create_app
from host.model import PLAYING
from host.store import DB_NAME

from .conftest import host_state


async def test_a_join_that_fills_an_autostart_table_is_saved_with_its_start_or_not_at_all(
        clients, server, monkeypatch):
    board = await clients()
    code = (await board.call("create_table", {"game": "duel", "autostart": True}))["code"]
    ann, bob = await clients(), await clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    store = server.app[STORE]
    plain = store.save_table

    async def no_start(table):  # the disk refuses the write that would start the game
        if table.state == PLAYING:
            raise OSError("disk full")
        await plain(table)

    monkeypatch.setattr(store, "save_table", no_start)
    before = host_state(server.app)
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["error"] == "internal"
    assert host_state(server.app) == before  # no ghost seat: Bob's seat was not saved without the start
    monkeypatch.undo()
    joined = await bob.call("join", {"code": code, "name": "Bob"})
    assert joined["ok"] and joined["seat"] == 1
    view = await bob.wait("view", lambda v: v["view"] is not None)
    assert view["step"] == 0 and server.app[TABLES].tables[code].state == PLAYING


async def test_an_autostart_table_restored_full_starts_at_once(aiohttp_server, data_dir):
    app = create_app(data_dir, seed_source=itertools.count(3).__next__)
    tables = app[TABLES]
    table = await tables.create("duel")
    for name in ("Ann", "Bob"):
        await tables.join(table, name)
    app[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:  # as a kill between a join and its start left it
        db.execute("UPDATE tables SET autostart = 1 WHERE code = ?", (table.code,))
    again = create_app(data_dir)
    server = await aiohttp_server(again, host="127.0.0.1", port=0)
    restored = again[TABLES].tables[table.code]
    assert restored.state == PLAYING and restored.engine_game is not None
    with sqlite3.connect(data_dir / DB_NAME) as db:
        assert db.execute("SELECT state FROM tables WHERE code = ?", (table.code,)).fetchone() == (PLAYING,)
    await server.close()


async def test_a_join_saved_before_a_kill_is_given_back_to_its_device_after_the_restart(data_dir):
    """The host saved Ann's join and died before its ack: after the restart her phone (its device token
    saved with the seat) joins again and gets that seat and token, not a second seat."""
    app = create_app(data_dir, seed_source=itertools.count(3).__next__)
    table = await app[TABLES].create("classic", seats=3)
    saved = await app[TABLES].join(table, "Ann", device="ann-device-token-0001")
    app[STORE].close()
    again = create_app(data_dir)
    restored = again[TABLES].tables[table.code]
    seat = await again[TABLES].join(restored, "Ann", device="ann-device-token-0001")
    assert (seat.seat, seat.token) == (saved.seat, saved.token)
    assert [s.taken for s in restored.seats] == [True, False, False]
    other = await again[TABLES].join(restored, "Bob", device="bob-device-token-0002")
    assert other.seat == 1
    again[STORE].close()
