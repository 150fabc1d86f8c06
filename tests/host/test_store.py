"""Damaged saves, an unwritable folder, a full disk, stopping at a bad moment, crashes, and packets a
browser never sends (reserved event names, binary packets)."""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import random
import resource
import signal
import socket
import sqlite3
import sys
from pathlib import Path

import msgpack
from socketio import packet

from host.__main__ import SHUTDOWN_TIMEOUT
from host.app import HUB, STORE, TABLES, create_app
from host.store import DB_NAME
from host.tools import phone
from host.wire import JsMsgPackPacket

from .conftest import WAIT, Client

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


async def _three_tables(data_dir):
    """Three Duel tables, each 4 moves in, saved in ``data_dir``; their codes."""
    app = create_app(data_dir, seed_source=itertools.count(3).__next__)
    tables = app[TABLES]
    codes = []
    for _ in range(3):
        t = await tables.create("duel")
        for name in ("Ann", "Bob"):
            await tables.join(t, name)
        await tables.start(t)
        for _ in range(4):
            seat = t.engine_game.to_act()[0]
            await tables.act(t, t.seats[seat], t.engine_game.legal_actions(seat)[0])
        codes.append(t.code)
    app[STORE].close()
    return codes


async def test_a_row_with_undecodable_text_is_shown_as_damaged_and_the_others_served(data_dir, caplog):
    bad_name, bad_action, good = await _three_tables(data_dir)
    with sqlite3.connect(data_dir / DB_NAME) as db:  # bytes that are not UTF-8, stored as TEXT
        db.execute("UPDATE seats SET name = CAST(x'41ff6e6e' AS TEXT) WHERE code = ? AND seat = 0",
                   (bad_name,))
        db.execute("UPDATE actions SET action = CAST(x'7b22c3' AS TEXT) WHERE code = ? AND step = 2",
                   (bad_action,))
    with caplog.at_level(logging.ERROR, logger="host.tables"):
        app = create_app(data_dir)
    live = app[TABLES].tables
    assert set(live) == {good, bad_name, bad_action} and live[good].step == 4
    for code, what in ((bad_name, "name"), (bad_action, "action")):
        assert live[code].state == "damaged" and what in (live[code].damage or "")
        assert any(code in r.getMessage() and "damaged_table" in r.getMessage() and what in r.getMessage()
                   for r in caplog.records), code
    app[STORE].close()


async def test_a_file_that_is_not_a_database_is_moved_aside_with_one_line(data_dir, caplog):
    data_dir.mkdir(parents=True)
    (data_dir / DB_NAME).write_bytes(b"this is not an SQLite database, just text\n" * 100)
    with caplog.at_level(logging.ERROR, logger="host.store"):
        app = create_app(data_dir)
    aside = [p for p in data_dir.iterdir() if p.name.startswith(f"{DB_NAME}.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"this is not")
    lines = [r for r in caplog.records if r.name == "host.store"]
    assert len(lines) == 1 and aside[0].name in lines[0].getMessage() and not lines[0].exc_info
    assert app[TABLES].tables == {}
    assert (await app[TABLES].create("duel")).code  # a fresh store works
    app[STORE].close()


async def test_a_database_that_fails_its_quick_check_is_moved_aside(data_dir, caplog):
    await _three_tables(data_dir)
    path = data_dir / DB_NAME
    raw = bytearray(path.read_bytes())
    page = 4096
    assert len(raw) > 3 * page
    for at in range(page, len(raw), page):  # scribble over the b-tree header of every page but the first
        raw[at:at + 8] = b"\xde\xad\xbe\xef" * 2
    path.write_bytes(bytes(raw))
    with caplog.at_level(logging.ERROR):
        app = create_app(data_dir)
    assert any(p.name.startswith(f"{DB_NAME}.damaged-") for p in data_dir.iterdir())
    assert any("damaged" in r.getMessage() for r in caplog.records)
    assert not any(r.exc_info for r in caplog.records)
    app[STORE].close()


async def test_an_unwritable_data_folder_stops_the_host_at_start_with_one_line(tmp_path):
    folder = tmp_path / "readonly"
    folder.mkdir()
    folder.chmod(0o555)
    # root writes anywhere: without the capabilities that override file modes, it is held by them too
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
    proc = await asyncio.create_subprocess_exec(
        *prefix, sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", "0", "--data", str(folder),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), WAIT * 2)
    text = err.decode()
    assert proc.returncode == 2, text
    assert "cannot write the data folder" in text and str(folder) in text and "--data" in text
    assert "Traceback" not in text and b"Main address" not in out
    assert list(folder.iterdir()) == []


def _small_files(limit: int) -> None:
    """In the host subprocess: files may not grow past ``limit`` bytes (a full disk), and the signal that
    would kill the process for it is ignored, so writes fail the way they do on a full disk."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))


async def test_a_full_disk_refuses_the_move_changes_nothing_and_loses_nothing(tmp_path):
    port, data = _free_port(), tmp_path / "d"
    url = f"http://127.0.0.1:{port}"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        preexec_fn=lambda: _small_files(300 * 1024),
    )
    made: list[Client] = []
    try:
        while not (await asyncio.wait_for(proc.stdout.readline(), WAIT)).startswith(b"Main address"):
            pass
        board = Client(url)
        made.append(await board.connect())
        code = (await board.call("create_table", {"game": "duel", "autostart": True}))["code"]
        await board.call("watch", {"code": code})
        phones = [Client(url) for _ in range(2)]
        for n, p in enumerate(phones):
            made.append(await p.connect())
            await p.call("join", {"code": code, "name": f"P{n}"})
        acked, refused = 0, None
        for _ in range(200):  # until the disk is full
            view = await board.wait("view", lambda v, s=acked: v["step"] == s and v["view"] is not None)
            seat = view["view"]["pending"]["seat"] if view["view"].get("pending") else 0
            mine = await phones[seat].wait("view", lambda v, s=acked: v["step"] == s)
            ack = await phones[seat].call("act", {"action": mine["legal_actions"][0]})
            if not ack["ok"]:
                refused = (seat, mine, ack)
                break
            acked = ack["step"]
        assert refused is not None and refused[2]["error"] == "internal", refused
        assert proc.returncode is None  # the host still runs and answers
        assert (await board.call("table_info", {"code": code}))["ok"]
        resource.prlimit(proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        seat, mine, _ = refused
        again = await phones[seat].call("act", {"action": mine["legal_actions"][0]})  # space again
        assert again["ok"] and again["step"] == acked + 1
        acked += 1
    finally:
        for c in made:
            await c.close()
        if proc.returncode is None:
            proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(proc.wait(), WAIT)
    log = (await proc.stderr.read()).decode()
    assert "disk I/O error" in log or "disk is full" in log
    assert "Traceback" not in log  # one line for a disk error, not a traceback
    restarted = create_app(data)
    assert restarted[TABLES].tables[code].step == acked  # every acknowledged move, nothing more
    restarted[STORE].close()


async def test_shutdown_while_sockets_go_away_never_crashes_and_folds_the_wal(aiohttp_server, data_dir):
    app = create_app(data_dir)
    # The host's own bound on connections that are still open at shutdown (the test server's default is a
    # minute: the two sockets the host no longer lists would hold it until their pings time out).
    srv = await aiohttp_server(app, host="127.0.0.1", port=0, shutdown_timeout=SHUTDOWN_TIMEOUT)
    url = f"http://127.0.0.1:{srv.port}"
    clients = [await Client(url).connect() for _ in range(3)]
    code = (await clients[0].call("create_table", {"game": "duel"}))["code"]
    await clients[1].call("join", {"code": code, "name": "Ann"})
    store = app[STORE]
    await clients[1].close()  # a phone goes away just before Ctrl-C...
    # ...and its socket leaves the host's list right after the host looked at it (the race of the report).
    asyncio.get_running_loop().call_soon(app[HUB].sio.eio.sockets.clear)
    await srv.close()  # shutdown + cleanup: must not raise
    wal = Path(f"{store.path}-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # the WAL was folded into the file
    assert store.closed
    for c in clients:
        await c.close()


async def test_client_sent_reserved_events_are_ignored(clients, server):
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    await board.call("watch", {"code": code})
    ann = await clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    await board.wait("table", lambda t: t["seats"][0]["connected"])
    for name in ("disconnect", "connect"):
        await ann.sio.eio.send(JsMsgPackPacket(packet.EVENT, data=[name, {"x": 1}], namespace="/").encode())
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0  # still seated
    table = server.app[TABLES].tables[code]
    assert table.seats[0].connected and board.last("table")["seats"][0]["connected"]


async def test_a_binary_packet_gets_an_error_not_a_wedged_socket(clients):
    client = await clients()
    binary = msgpack.packb({"type": packet.BINARY_EVENT, "nsp": "/", "id": 77, "data": ["list_tables", {}]})
    replies: asyncio.Queue = asyncio.Queue()
    plain = client.sio._handle_ack

    async def keep(namespace, id, data):
        if id == 77:
            await replies.put(data)
        else:
            await plain(namespace, id, data)

    client.sio._handle_ack = keep
    await client.sio.eio.send(binary)
    reply = await asyncio.wait_for(replies.get(), WAIT)
    assert reply[0]["error"] == "bad_request"
    # No ack id: an error event. Either way the socket keeps working.
    await client.sio.eio.send(msgpack.packb({"type": packet.BINARY_EVENT, "nsp": "/", "data": ["x", {}]}))
    assert (await client.wait("error"))["error"] == "bad_request"
    assert (await asyncio.wait_for(client.call("list_tables", {}), 5))["ok"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _start(port: int, data: Path) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )
    while not (await asyncio.wait_for(proc.stdout.readline(), WAIT)).startswith(b"Main address"):
        pass
    return proc


async def test_killed_mid_game_no_acknowledged_move_is_lost(tmp_path):
    """SIGKILL the real host at random moments while two phones play; every move a phone saw
    acknowledged is in the restarted host's game."""
    port, data = _free_port(), tmp_path / "d"
    url = f"http://127.0.0.1:{port}"
    rng = random.Random(4)
    proc = await _start(port, data)
    try:
        code = await phone.create_table(url, "duel")
        phones = [phone.Phone(url, code, name, seed=n) for n, name in enumerate(("Ann", "Bob"))]
        for p in phones:
            await p.join()
        acked: list[int] = []
        for p in phones:
            plain = p.sio.call

            async def call(event, data=None, _plain=plain, **kw):
                ack = await _plain(event, data, **kw)
                if event == "act" and isinstance(ack, dict) and ack.get("ok"):
                    acked.append(ack["step"])
                return ack

            p.sio.call = call
        playing = asyncio.gather(*(p.play() for p in phones))
        for _ in range(4):
            await asyncio.sleep(rng.uniform(0.05, 0.3))
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            seen = max(acked, default=0)
            probe = create_app(data)
            restored = probe[TABLES].tables[code]
            assert restored.step >= seen  # nothing acknowledged is missing
            probe[STORE].close()
            proc = await _start(port, data)
        results = await asyncio.wait_for(playing, WAIT * 4)
        assert results[0] == results[1] and results[0]["winners"]
        for p in phones:
            await p.close()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    with sqlite3.connect(data / DB_NAME) as db:
        steps = [s for (s,) in db.execute("SELECT step FROM actions WHERE code = ? ORDER BY step", (code,))]
    assert steps == list(range(len(steps))) and len(steps) >= max(acked)
