"""A host restart resumes every unfinished table exactly; a corrupted table is skipped, not fatal."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sqlite3

import engine
from host.app import STORE, TABLES, create_app
from host.config import HostConfig, Limits
from host.store import DB_NAME
from host.tools import phone

from .conftest import Client

STEPS_BEFORE_RESTART = 12


def _unversioned(message: dict) -> dict:
    return {k: v for k, v in message.items() if k != "version"}


async def test_restart_mid_game_resumes_exactly(aiohttp_server, data_dir):
    first = await aiohttp_server(create_app(data_dir, seed_source=itertools.count(7).__next__),
                                 host="127.0.0.1", port=0, shutdown_timeout=0.5)
    port = first.port
    url = f"http://127.0.0.1:{port}"
    code = await phone.create_table(url, "duel")
    ann, bob = phone.Phone(url, code, "Ann", seed=1), phone.Phone(url, code, "Bob", seed=2)
    board = Client(url)
    try:
        await ann.join()
        await bob.join()
        await asyncio.gather(*(p.play(until_step=STEPS_BEFORE_RESTART) for p in (ann, bob)))
        step = ann.view["step"]
        assert step == bob.view["step"] >= STEPS_BEFORE_RESTART
        await board.connect()
        await board.call("watch", {"code": code})
        public = await board.wait("view")
        last = {0: ann.view, 1: bob.view}
        before = first.app[TABLES].tables[code].engine_game.to_dict()
        seen = {p: len(p.received) for p in (ann, bob)}

        await first.close()  # the phones lose the host...
        assert not board.sio.connected and not ann.sio.connected
        second = await aiohttp_server(create_app(data_dir), host="127.0.0.1", port=port)
        restored = second.app[TABLES].tables[code]
        assert restored.engine_game.to_dict() == before and restored.state == "playing"
        board2 = Client(url)
        await board2.connect()
        await board2.call("watch", {"code": code})
        assert await board2.wait("view") == public
        await board2.close()

        results = await asyncio.gather(ann.play(), bob.play())  # ...reconnect with their tokens, play on
        for p in (ann, bob):
            after = [(e, d) for e, d in p.received[seen[p]:] if e in ("table", "view")]
            assert after[0][0] == "table" and after[0][1]["code"] == code
            assert [s["name"] for s in after[0][1]["seats"]] == ["Ann", "Bob"]
            first_view = next(d for e, d in after if e == "view")
            # The view at once, exactly as before the restart (its patch version starts again).
            assert _unversioned(first_view) == _unversioned(last[p.seat])
        game = second.app[TABLES].tables[code].engine_game
        replayed = engine.replay("duel", seats=2, seed=7, options={}, log=game.action_log)
        assert results[0] == results[1] == json.loads(json.dumps(replayed.result()))
        assert game.is_over() and len(game.action_log) > step
    finally:
        for c in (ann, bob, board):
            await c.close()


def _corrupt(data_dir, sql, *params):
    with sqlite3.connect(data_dir / DB_NAME) as db:
        db.execute(sql, params)


async def test_corrupted_tables_are_shown_damaged_and_the_others_restored(aiohttp_server, data_dir, caplog):
    app = create_app(data_dir, seed_source=itertools.count(3).__next__)
    tables = app[TABLES]
    made = []
    for _ in range(4):
        t = await tables.create("duel")
        for name in ("Ann", "Bob"):
            await tables.join(t, name)
        await tables.start(t)
        for _ in range(3):
            seat = t.engine_game.to_act()[0]
            await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
        made.append(t.code)
    lobby = (await tables.create("duel")).code
    app[STORE].close()
    bad_json, bad_action, bad_snapshot, good = made
    _corrupt(data_dir, "UPDATE tables SET options = '{not json' WHERE code = ?", bad_json)
    _corrupt(data_dir, "UPDATE actions SET action = '{\"type\": \"build\", \"card\": \"nope\"}' "
             "WHERE code = ? AND step = 1", bad_action)
    _corrupt(data_dir, "UPDATE tables SET snapshot = '{\"kind\": \"duel\", \"junk\": 1}' WHERE code = ?",
             bad_snapshot)
    with caplog.at_level(logging.ERROR, logger="host.tables"):
        again = create_app(data_dir)
    live = again[TABLES].tables
    assert set(live) == {good, lobby, bad_json, bad_action, bad_snapshot}
    assert live[good].step == 3 and live[lobby].state == "lobby"
    for code in (bad_json, bad_action, bad_snapshot):  # reported, never reset to step 0
        assert live[code].state == "damaged" and live[code].engine_game is None
        assert any(code in r.getMessage() and "damaged" in r.getMessage() for r in caplog.records), code
    again[STORE].close()


async def _finish(tables, code):
    t = tables.tables[code]
    while not t.engine_game.is_over():
        seat = t.engine_game.to_act()[0]
        await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
    return t


async def test_a_recently_finished_table_survives_a_restart_with_its_result(data_dir):
    app = create_app(data_dir, seed_source=itertools.count(11).__next__)
    tables = app[TABLES]
    t = await tables.create("duel")
    for name in ("Ann", "Bob"):
        await tables.join(t, name)
    await tables.start(t)
    finished = await _finish(tables, t.code)
    result, tokens = finished.engine_game.result(), [s.token for s in finished.seats]
    app[STORE].close()

    again = create_app(data_dir, seed_source=itertools.count(12).__next__)
    back = again[TABLES].tables[t.code]
    assert back.state == "over" and back.engine_game.result() == result
    assert [s.token for s in back.seats] == tokens  # the phones still find their seats
    new = await again[TABLES].play_again(back)
    assert [s.name for s in new.seats] == ["Ann", "Bob"]
    again[STORE].close()

    past_grace = HostConfig(limits=Limits(finished_grace_seconds=-1.0))  # now it counts as old
    later = create_app(data_dir, config=past_grace)
    assert t.code not in later[TABLES].tables and new.code in later[TABLES].tables
    later[STORE].close()
