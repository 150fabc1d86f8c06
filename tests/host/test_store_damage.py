"""No silent data loss (issue 18, finding 6): a damaged, truncated or foreign store is never "repaired"
by forgetting games. The host refuses to start, naming the file and what to do, and leaves the file as it
is; a table that cannot be restored is shown as ``damaged`` (``damaged_table``), never reset to step 0."""

from __future__ import annotations

import itertools
import math
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from host.app import STORE, TABLES, create_app
from host.config import HostConfig, Limits
from host.store import DB_NAME, STORE_VERSION, Store, StoreError, wal_problem


async def _played(data_dir: Path, games: int = 2, moves: int = 3) -> list[str]:
    """``games`` Duel tables with ``moves`` moves each, the store closed; their codes."""
    app = create_app(data_dir, seed_source=itertools.count(5).__next__)
    tables = app[TABLES]
    codes = []
    for _ in range(games):
        t = await tables.create("duel")
        for name in ("Ann", "Bob"):
            await tables.join(t, name)
        await tables.start(t)
        for _ in range(moves):
            seat = t.engine_game.to_act()[0]
            await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
        codes.append(t.code)
    app[STORE].close()
    return codes


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith("-shm")}


def _refused(data_dir: Path, *words: str) -> None:
    """Starting on ``data_dir`` is refused with a message naming the file, ``words`` and ``--data``;
    nothing in the folder changed."""
    before = _files(data_dir)
    with pytest.raises(StoreError) as refused:
        create_app(data_dir)
    message = str(refused.value)
    assert str(data_dir / DB_NAME) in message and "--data" in message and "aside" in message, message
    assert all(word in message for word in words), message
    assert _files(data_dir) == before


async def test_a_store_that_lost_its_actions_table_is_refused_not_reset_to_step_0(data_dir):
    await _played(data_dir)
    with sqlite3.connect(data_dir / DB_NAME) as db:
        db.execute("DROP TABLE actions")
    _refused(data_dir, "'actions'")


async def test_a_zero_byte_store_is_refused(data_dir):
    await _played(data_dir)
    (data_dir / DB_NAME).write_bytes(b"")
    _refused(data_dir, "empty")


async def test_a_foreign_database_is_refused(data_dir):
    data_dir.mkdir(parents=True)
    with sqlite3.connect(data_dir / DB_NAME) as db:
        db.execute("CREATE TABLE photos (id INTEGER, path TEXT)")
        db.execute("INSERT INTO photos VALUES (1, 'a.jpg')")
    _refused(data_dir, "another program", "photos")


async def _with_live_wal(data_dir: Path, copy: Path) -> list[str]:
    """Tables played on ``data_dir``, then its files copied to ``copy`` while the store is open (as if
    the host were killed): the copy's write-ahead log holds committed transactions."""
    app = create_app(data_dir, seed_source=itertools.count(5).__next__)
    tables = app[TABLES]
    codes = []
    for _ in range(3):
        t = await tables.create("duel")
        for name in ("Ann", "Bob"):
            await tables.join(t, name)
        await tables.start(t)
        seat = t.engine_game.to_act()[0]
        await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
        codes.append(t.code)
    copy.mkdir(parents=True)
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{data_dir / DB_NAME}{suffix}", f"{copy / DB_NAME}{suffix}")
    app[STORE].close()
    return codes


async def test_a_damaged_write_ahead_log_is_refused(data_dir, tmp_path):
    copy = tmp_path / "killed"
    codes = await _with_live_wal(data_dir, copy)
    wal = copy / f"{DB_NAME}-wal"
    raw = bytearray(wal.read_bytes())
    assert wal_problem(bytes(raw)) is None and len(raw) > 20_000
    sound = create_app(copy)  # the log as the kill left it: every table comes back
    assert set(sound[TABLES].tables) == set(codes)
    sound[STORE].close()
    shutil.rmtree(copy)
    await _with_live_wal(tmp_path / "again", copy)
    raw = bytearray(wal.read_bytes())
    raw[32 + 24 + 100] ^= 0xFF  # one byte of the first frame's page
    wal.write_bytes(bytes(raw))
    assert "committed" in (wal_problem(bytes(raw)) or "")
    _refused(copy, "write-ahead log", f"{DB_NAME}-wal")


def test_a_torn_last_transaction_is_no_damage(data_dir):
    """A crash in the middle of writing a transaction leaves a partial frame: never acknowledged, so it
    is no loss (the log is read up to it)."""
    store = Store(data_dir)
    store.write_now([("INSERT INTO tables (code, game, seat_count, seed, options, autostart, state, "
                      "created) VALUES ('ABCD', 'duel', 2, 1, '{}', 0, 'lobby', 1.0)", ())])
    raw = bytearray((data_dir / f"{DB_NAME}-wal").read_bytes())
    store.close()
    raw[-10] ^= 0xFF  # the last (commit) frame, torn
    assert wal_problem(bytes(raw)) is None
    assert wal_problem(b"garbage" * 10) is not None


async def test_a_table_in_an_unknown_state_is_shown_as_damaged_and_changes_nothing(data_dir, clients_of):
    bad, good = await _played(data_dir)
    with sqlite3.connect(data_dir / DB_NAME) as db:
        db.execute("UPDATE tables SET state = 'paused' WHERE code = ?", (bad,))
        before = db.execute("SELECT * FROM tables ORDER BY code").fetchall()
    app = create_app(data_dir)
    live = app[TABLES].tables
    assert live[good].step == 3 and live[bad].state == "damaged" and "state" in live[bad].damage
    client = await clients_of(app)
    listed = {t["code"]: t for t in (await client.call("list_tables", {}))["tables"]}
    assert listed[bad]["state"] == "damaged" and listed[bad]["error"] == "damaged_table"
    assert listed[good]["state"] == "playing"
    watched = await client.call("watch", {"code": bad})
    assert watched["ok"] and (await client.wait("table"))["error"] == "damaged_table"
    for event, payload in (("join", {"code": bad, "name": "Eve"}), ("start", {"code": bad}),
                           ("set_bot", {"code": bad, "seat": 0, "level": "easy"})):
        ack = await client.call(event, payload)
        assert ack["error"] in ("damaged_table", "forbidden"), (event, ack)
    assert (await client.call("join", {"code": bad, "name": "Eve"}))["error"] == "damaged_table"
    await client.close()
    app[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:
        assert db.execute("SELECT * FROM tables ORDER BY code").fetchall() == before


async def test_a_game_whose_log_cannot_be_replayed_is_damaged_never_at_step_0(data_dir, caplog):
    bad, good = await _played(data_dir)
    with sqlite3.connect(data_dir / DB_NAME) as db:
        db.execute("DELETE FROM actions WHERE code = ? AND step = 1", (bad,))  # a gap in its log
    app = create_app(data_dir)
    live = app[TABLES].tables
    assert live[bad].state == "damaged" and live[bad].engine_game is None and "gaps" in live[bad].damage
    assert any(bad in r.getMessage() and "damaged_table" in r.getMessage() for r in caplog.records)
    assert live[good].step == 3
    app[STORE].close()


@pytest.fixture
async def clients_of(aiohttp_server):
    """``clients_of(app)``: a connected client of a server running ``app``."""
    from .conftest import Client

    made = []

    async def make(app):
        srv = await aiohttp_server(app, host="127.0.0.1", port=0)
        client = Client(f"http://127.0.0.1:{srv.port}")
        made.append(client)
        return await client.connect()

    yield make
    for client in made:
        await client.close()


async def test_a_zero_byte_main_file_beside_a_write_ahead_log_is_refused(data_dir, tmp_path):
    """After a crash and a bad copy the main file may be empty while the log holds the tables: SQLite
    would start afresh and replace the log. Refused, nothing changed."""
    copy = tmp_path / "killed"
    await _with_live_wal(data_dir, copy)
    (copy / DB_NAME).write_bytes(b"")
    assert (copy / f"{DB_NAME}-wal").stat().st_size > 0
    _refused(copy, "empty", f"{DB_NAME}-wal")


FIXTURE = Path(__file__).resolve().parent / "fixtures" / "store-v0"
# What the fixture holds: written by the host of 2026-12-07 (store version 0, before versions were kept).
FIXTURE_TABLES = {"HMSF": ("duel", "playing", 12, ["Ann", "Bob"]),
                  "ZRHQ": ("classic", "playing", 3, ["Cy", "Dee", "Eli"]),
                  "ANKA": ("duel", "lobby", 0, ["Fay", None])}


async def test_a_store_of_the_previous_format_restores_and_plays_on(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(FIXTURE, folder)
    with sqlite3.connect(folder / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (0,)
    # The fixture's lobby was written at a fixed time; the lobby limits (which would expire it hours
    # later, as they should) are lifted so the test reads the same on any day.
    forever = HostConfig(limits=replace(Limits(), lobby_idle_seconds=math.inf,
                                         lobby_unseated_seconds=math.inf))
    app = create_app(folder, config=forever)
    tables = app[TABLES]
    try:
        found = {code: (t.game, t.state, t.step, [s.name for s in t.seats])
                 for code, t in tables.tables.items()}
        assert found == FIXTURE_TABLES
        duel = tables.tables["HMSF"]
        seat = duel.engine_game.to_act()[0]
        await tables.act(duel, duel.seats[seat], duel.engine_game.legal_actions(seat)[0])
        assert duel.step == 13
    finally:
        app[STORE].close()
    with sqlite3.connect(folder / DB_NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (STORE_VERSION,)


async def test_a_store_of_a_newer_version_is_refused_and_kept(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(FIXTURE, folder)
    with sqlite3.connect(folder / DB_NAME) as db:
        db.execute(f"PRAGMA user_version = {STORE_VERSION + 1}")
    _refused(folder, "newer", "update Wonders Table")


async def test_a_write_ahead_log_cut_short_names_every_table_and_action_it_lost(data_dir, tmp_path, caplog,
                                                                               clients_of):
    """SQLite reads a log cut in half up to its last whole commit and says nothing of the rest: the
    ledger beside the store names each lost table and action, in the log, in a file beside the store and
    in the board's list of tables."""
    app = create_app(data_dir, seed_source=itertools.count(5).__next__)
    tables = app[TABLES]
    steps = {}
    for _ in range(6):
        t = await tables.create("duel")
        for name in ("Ann", "Bob"):
            await tables.join(t, name)
        await tables.start(t)
        for _ in range(3):
            seat = t.engine_game.to_act()[0]
            await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
        steps[t.code] = t.step
    app[STORE].ledger.flush()  # a moment after the last commit
    copy = tmp_path / "copied"
    copy.mkdir()
    for name in (DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}.ledger"):  # copied while the host ran
        shutil.copyfile(data_dir / name, copy / name)
    app[STORE].close()
    wal = copy / f"{DB_NAME}-wal"
    raw = wal.read_bytes()
    wal.write_bytes(raw[: len(raw) // 2])
    assert wal_problem(wal.read_bytes()) is None  # the cut is invisible in the log itself
    with caplog.at_level("ERROR", logger="host.store"):
        cut = create_app(copy)
    try:
        restored = {code: t.step for code, t in cut[TABLES].tables.items()}
        lost = cut[STORE].losses
        assert lost and len(restored) < len(steps)
        for code, step in steps.items():
            named = [line for line in lost if line.startswith(f"table {code}:")]
            if restored.get(code) == step:
                assert not named
            elif code not in restored:
                assert named == [f"table {code}: missing from the store (it had {step} actions saved)"]
            else:
                assert named and f"to {step} missing" in named[0]
        assert all(any(line in r.getMessage() for r in caplog.records) for line in lost)
        report = next(copy.glob(f"{DB_NAME}.lost-*.txt")).read_text()
        assert all(line in report for line in lost)
        board = await clients_of(cut)
        listing = await board.call("list_tables", {})
        assert listing["lost"] == lost
        await board.close()
    finally:
        cut[STORE].close()
    again = create_app(copy)  # said once: the next start compares with what this one found
    try:
        assert again[STORE].losses == []
    finally:
        again[STORE].close()
