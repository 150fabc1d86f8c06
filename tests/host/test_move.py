"""The cheaper move: an append-only log with rare small checkpoints, the commit off the event loop but
before the ack, illegal actions explained without rebuilding the game, "choosing" updates, the public
game log, table lookups."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from typing import Any

import engine
from host.app import STORE, TABLES, create_app
from host.store import DB_NAME, Writer
from host.tables import CHECKPOINT_EVERY

from .conftest import WAIT, host_state, until


async def _playing(clients, game="duel", seats=2, **create):
    board = await clients()
    made = await board.call("create_table", {"game": game, "seats": seats, **create})
    code = made["code"]
    await board.call("watch", {"code": code, "board_key": made["board_key"]})
    phones = [await clients() for _ in range(seats)]
    for n, phone in enumerate(phones):
        assert (await phone.call("join", {"code": code, "name": f"P{n}"}))["seat"] == n
    assert (await board.call("start", {"code": code}))["ok"]
    return board, code, phones


async def _play_steps(server, code, phones, steps):
    """Play ``steps`` actions (each seat to act plays its first legal action), through the sockets."""
    table = server.app[TABLES].tables[code]
    for _ in range(steps):
        game = table.engine_game
        seat = game.waiting()[0] if game.waiting() else game.to_act()[0]
        ack = await phones[seat].call("act", {"action": game.legal_actions(seat)[0]})
        assert ack["ok"], ack


def _rows(data_dir, sql, *params):
    with sqlite3.connect(data_dir / DB_NAME) as db:
        return db.execute(sql, params).fetchall()


async def test_the_log_only_grows_and_checkpoints_are_rare_and_small(clients, server, data_dir):
    board, code, phones = await _playing(clients)
    table_row = _rows(data_dir, "SELECT * FROM tables WHERE code = ?", code)
    await _play_steps(server, code, phones, CHECKPOINT_EVERY - 1)
    # Between checkpoints a move writes its log row only: the table's row is untouched.
    assert _rows(data_dir, "SELECT * FROM tables WHERE code = ?", code) == table_row
    steps = _rows(data_dir, "SELECT step FROM actions WHERE code = ? ORDER BY step", code)
    assert [s for (s,) in steps] == list(range(CHECKPOINT_EVERY - 1))
    await _play_steps(server, code, phones, 1)
    (checkpoint,) = _rows(data_dir, "SELECT snapshot FROM tables WHERE code = ?", code)[0]
    mark = json.loads(checkpoint)
    assert set(mark) == {"step", "sha256"} and mark["step"] == CHECKPOINT_EVERY
    assert len(checkpoint) < 120  # a digest, never the game nor its log


async def test_the_commit_runs_off_the_event_loop_and_before_the_ack(clients, server, monkeypatch):
    """While a move's commit waits on the disk, the host keeps answering everyone else; the move's ack
    comes only once the row is on disk."""
    board, code, phones = await _playing(clients)
    table = server.app[TABLES].tables[code]
    seat = table.engine_game.to_act()[0]
    gate, entered = threading.Event(), threading.Event()
    plain = Writer._transaction

    def slow_disk(self, statements):
        if any("INSERT INTO actions" in sql for sql, _ in statements):
            entered.set()
            gate.wait(WAIT)
        plain(self, statements)

    monkeypatch.setattr(Writer, "_transaction", slow_disk)
    action = table.engine_game.legal_actions(seat)[0]
    move = asyncio.ensure_future(phones[seat].call("act", {"action": action}))
    await until(entered.is_set)
    other = await clients()
    assert (await other.call("list_tables", {}))["ok"]  # the loop is free while the disk works
    assert (await other.call("table_info", {"code": code}))["ok"]
    assert not move.done()  # ...but the move is not acknowledged before its commit
    assert board.last("events") is None  # nor broadcast
    gate.set()
    ack = await move
    assert ack["ok"] and ack["step"] == 1
    with sqlite3.connect(server.app[STORE].path) as db:
        assert db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone() == (1,)


async def test_an_illegal_action_is_explained_without_rebuilding_the_game(clients, server, monkeypatch):
    board, code, phones = await _playing(clients)
    table = server.app[TABLES].tables[code]
    seat = table.engine_game.to_act()[0]
    legal = table.engine_game.legal_actions(seat)
    calls = []
    for name in ("restore", "replay", "new_game"):
        plain = getattr(engine, name)

        def counted(*args: Any, _plain: Any = plain, _name: str = name, **kw: Any) -> Any:
            calls.append(_name)
            return _plain(*args, **kw)

        monkeypatch.setattr(engine, name, counted)
    game_before = table.engine_game
    before = host_state(server.app)
    field = next(k for k, v in legal[0].items() if k != "type" and isinstance(v, str))
    shaped = {**legal[0], field: "no_such_thing"}  # the shape of a legal action: the engine explains
    for action, words in (({"type": "teleport"}, "possible"), ({**legal[0], "extra": 1}, "fields"),
                          (shaped, "")):
        ack = await phones[seat].call("act", {"action": action})
        assert ack["error"] == "illegal_action" and ack["message"], (action, ack)
        assert words in ack["message"]
    assert calls == []  # no copy, no restore, no replay
    assert table.engine_game is game_before
    assert host_state(server.app) == before


async def test_choosing_updates_stand_for_full_views_during_simultaneous_turns(clients, server):
    """A whole 3-player classic game: after a choice that does not end the turn, the other seats and the
    board get ``choosing`` (never a full view); their last view patched with it is exactly the engine's
    view at that step."""
    board, code, phones = await _playing(clients, game="classic", seats=3)
    table = server.app[TABLES].tables[code]
    watchers = [(None, board)] + list(enumerate(phones))
    patched = 0
    while not table.engine_game.is_over():
        game = table.engine_game
        seat = game.waiting()[0]
        marks = {who: len(c.got) for who, c in watchers}
        step = table.step
        ack = await phones[seat].call("act", {"action": game.legal_actions(seat)[0]})
        assert ack["ok"], ack
        if len(game.to_act()) > 1 and seat not in game.waiting() and game.waiting():
            for who, client in watchers:
                if who == seat:
                    continue
                note = await client.wait("choosing", lambda m, s=step: m["step"] == s + 1, since=marks[who])
                assert note == {"code": code, "step": step + 1, "waiting": game.waiting()}
                assert client.last("view", lambda v, s=step: v["step"] == s + 1, since=marks[who]) is None
                last = client.last("view")["view"]
                view = {**last, "waiting": note["waiting"],
                        "chosen": [s not in note["waiting"] for s in range(3)]}
                assert view == json.loads(json.dumps(game.view(who)))
                patched += 1
    assert patched > 20


async def test_the_public_log_is_sent_on_watch_join_and_reconnect_and_survives_a_restart(
        clients, server, aiohttp_server, data_dir):
    board, code, phones = await _playing(clients)
    await _play_steps(server, code, phones, 8)
    events = [(e["step"], e["seat"], e["events"]) for n, e in board.got if n == "events"]
    assert len(events) == 8
    late = await clients()
    await late.call("watch", {"code": code})
    history = await late.wait("history")
    assert history["code"] == code and history["step"] == 8
    assert [(h["step"], h["seat"], h["events"]) for h in history["entries"]] == events
    asked = await late.call("history", {"code": code})
    assert asked == {"ok": True, **history}
    table = server.app[TABLES].tables[code]
    again = await clients(table.seats[0].token)  # a reloaded phone gets it too
    assert (await again.wait("history"))["entries"] == history["entries"]
    server.app[STORE].close()
    restarted = create_app(data_dir)
    assert [e.payload() for e in restarted[TABLES].tables[code].history] == history["entries"]
    restarted[STORE].close()


async def test_table_info_for_the_join_page(clients, server):
    board = await clients()
    code = (await board.call("create_table", {"game": "classic", "seats": 4}))["code"]
    await (await clients()).call("join", {"code": code, "name": "Ann"})
    phone = await clients()
    info = await phone.call("table_info", {"code": code.lower()})
    table = info["table"]
    assert table["code"] == code and table["title"] == engine.spec("classic").title
    assert table["state"] == "lobby" and table["free_seats"] == 3
    assert [s["name"] for s in table["seats"]] == ["Ann", None, None, None]
    assert phone.last("table") is None  # a lookup, not a watch
    assert (await phone.call("table_info", {"code": "ZZZZ"}))["error"] == "no_table"
    listed = (await phone.call("list_tables", {}))["tables"]
    assert listed[0]["title"] == "7 Wonders" and "board_key" not in json.dumps(listed)


async def test_many_tables_share_commits(clients, server, monkeypatch):
    """Moves of several tables waiting together are committed in one transaction."""
    seats = []
    for _ in range(4):
        board, code, phones = await _playing(clients)
        seats.append((code, phones))
    sizes = []
    plain = Writer._commit

    def counted(self, batch):
        sizes.append(len(batch))
        plain(self, batch)

    monkeypatch.setattr(Writer, "_commit", counted)

    async def one_move(code, phones):
        table = server.app[TABLES].tables[code]
        seat = table.engine_game.to_act()[0]
        return await phones[seat].call("act", {"action": table.engine_game.legal_actions(seat)[0]})

    for _ in range(5):
        acks = await asyncio.gather(*(one_move(code, phones) for code, phones in seats))
        assert all(a["ok"] for a in acks)
    assert sum(sizes) == 20 and max(sizes) > 1
