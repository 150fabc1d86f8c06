"""SQLite persistence: tables, seats and the append-only action log (one file in the data dir, WAL mode).

The action log is the truth: a table is restored by replaying it (``engine.replay``). Writes go to one
writer thread that commits the jobs it finds waiting together (one fsync for several tables); a caller
awaits its job, so an acknowledged change is on disk. Reads happen only at start, before the writer has
anything to do. Rows come back as raw bytes and are decoded here, so one damaged row cannot stop the
others from loading.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import queue
import sqlite3
import struct
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.ledger import LIMIT as LEDGER_LIMIT
from host.ledger import Ledger, losses
from host.model import EXPIRED, LOBBY, OVER, PLAYER, PLAYING, Table

log = logging.getLogger("host.store")

DB_NAME = "tables.sqlite3"
# The store's format, kept in SQLite's user_version: a host reads every version up to its own (older
# files get the columns added since) and refuses a file written by a newer host, never overwriting it.
# 0: every store before versions were kept; 1: since the installable host (issue 36).
STORE_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, seat_count INTEGER NOT NULL, seed INTEGER NOT NULL,
    options TEXT NOT NULL, autostart INTEGER NOT NULL, state TEXT NOT NULL, created REAL NOT NULL,
    next_code TEXT, snapshot TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, token TEXT, PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, step INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (code, step)
);
"""
# Columns added after the first version; a file written by an older host gets them at start.
ADDED_COLUMNS = {
    "tables": [("board_key", "TEXT"), ("creator", "TEXT"), ("multi_seat", "INTEGER NOT NULL DEFAULT 0"),
               ("updated", "REAL"), ("ended", "REAL"), ("clock", "REAL"),
               ("coach", "INTEGER NOT NULL DEFAULT 0")],
    "seats": [("address", "TEXT"), ("bot", "TEXT"), ("takeover", "INTEGER NOT NULL DEFAULT 0"),
              ("device", "TEXT")],
    "actions": [("chosen_by", "TEXT")],
}
TABLE_COLUMNS = ("code", "game", "seat_count", "seed", "options", "autostart", "state", "created",
                 "next_code", "snapshot", "board_key", "creator", "multi_seat", "updated", "ended", "clock",
                 "coach")
MAX_BATCH = 256  # jobs committed together at most

Statement = tuple[str, Sequence[Any]]


class StoreError(Exception):
    """The data folder or its file cannot be used; the message says what to do, in one line."""


@dataclass
class SavedTable:
    """One table as read from disk, every text field still raw bytes (decoded by the restorer)."""

    fields: dict[str, Any]
    seats: list[tuple[Any, ...]] = field(default_factory=list)
    actions: list[tuple[Any, ...]] = field(default_factory=list)


def text(raw: Any, what: str) -> str | None:
    """A TEXT column read as bytes, decoded; ``ValueError`` naming the column if it is not UTF-8."""
    if raw is None or isinstance(raw, str):
        return raw
    if isinstance(raw, bytes):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"undecodable text in its {what!r}") from None
    return str(raw)


WAL_MAGIC = (0x377F0682, 0x377F0683)  # SQLite's write-ahead log header magic (little/big-endian sums)
WAL_HEADER, FRAME_HEADER = 32, 24


def _wal_sums(data: bytes, big: bool, s1: int, s2: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from ``s1, s2``."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s1 = (s1 + words[i] + s2) & 0xFFFFFFFF
        s2 = (s2 + words[i + 1] + s1) & 0xFFFFFFFF
    return s1, s2


def wal_problem(raw: bytes) -> str | None:
    """What makes a write-ahead log lose committed transactions, else ``None``.

    SQLite reads a WAL's frames up to the first one whose checksum fails and silently ignores the rest:
    harmless for a transaction torn by a crash (it was never committed, so never acknowledged), a loss
    when a committed transaction (a frame of the same salts marked as a commit) follows the damage. A
    header that fails its checksum drops the whole log."""
    if not raw:
        return None
    if len(raw) < WAL_HEADER:
        return "its header is truncated"
    magic, _, page_size, _, salt1, salt2, c1, c2 = struct.unpack(">8I", raw[:WAL_HEADER])
    if magic not in WAL_MAGIC or page_size < 512 or page_size & (page_size - 1):
        return "its header is not a write-ahead log's"
    big = magic & 1 == 1
    sums = _wal_sums(raw[:24], big, 0, 0)
    if sums != (c1, c2):
        return "its header fails its checksum"
    frame = FRAME_HEADER + page_size
    at, broken = WAL_HEADER, False
    while at + frame <= len(raw):
        _, commit, fsalt1, fsalt2, f1, f2 = struct.unpack(">6I", raw[at:at + FRAME_HEADER])
        if (fsalt1, fsalt2) != (salt1, salt2):
            break  # frames of an earlier round of the log: its end
        if not broken:
            sums = _wal_sums(raw[at:at + 8] + raw[at + FRAME_HEADER:at + frame], big, *sums)
            broken = sums != (f1, f2)
        elif commit:
            return f"a committed transaction after byte {at} cannot be read"
        at += frame
    return None


@dataclass
class _Job:
    statements: list[Statement]
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop
    finished: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


def _settle(jobs: list[_Job]) -> None:
    """Resolve the futures of committed (or failed) jobs, on their event loop."""
    for job in jobs:
        if job.future.done():
            continue
        if job.error is None:
            job.future.set_result(None)
        else:
            job.future.set_exception(job.error)


class Writer:
    """One thread that runs every write; the jobs waiting when it wakes up share one transaction."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self.db, self.lock = db, lock
        self.jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="host-store-writer", daemon=True)
        self.thread.start()

    def submit(self, statements: list[Statement]) -> _Job:
        """Queue ``statements`` (one transaction with whatever else waits); the job's future ends once
        they are committed (or failed)."""
        loop = asyncio.get_running_loop()
        job = _Job(statements, loop.create_future(), loop)
        self.jobs.put(job)
        return job

    def stop(self, timeout: float) -> bool:
        """Finish the queued jobs and stop; False if the thread is still busy after ``timeout`` s."""
        self.jobs.put(None)
        self.thread.join(timeout)
        return not self.thread.is_alive()

    def _run(self) -> None:
        stopping = False
        while not stopping:
            first = self.jobs.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    job = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stopping = True
                    break
                batch.append(job)
            self._commit(batch)

    def _commit(self, batch: list[_Job]) -> None:
        errors: list[BaseException | None]
        try:
            self._transaction([s for job in batch for s in job.statements])
            errors = [None] * len(batch)
        except Exception as exc:
            if len(batch) == 1:
                errors = [exc]
            else:  # find the job that failed: the others still get their own commit
                errors = []
                for job in batch:
                    try:
                        self._transaction(job.statements)
                        errors.append(None)
                    except Exception as one:
                        errors.append(one)
        by_loop: dict[asyncio.AbstractEventLoop, list[_Job]] = {}
        for job, error in zip(batch, errors, strict=True):
            job.error = error
            job.finished.set()
            by_loop.setdefault(job.loop, []).append(job)
        for loop, jobs in by_loop.items():  # one wake-up of the loop for the whole batch
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
                loop.call_soon_threadsafe(_settle, jobs)

    def _transaction(self, statements: list[Statement]) -> None:
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    self.db.execute(sql, params)
                self.db.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
                raise


class Store:
    """Durable record of every table; an awaited write is committed when it returns."""

    def __init__(self, data_dir: str | Path) -> None:
        self.folder = Path(data_dir)
        self.path = self.folder / DB_NAME
        self.moved_aside: Path | None = None
        self._prepare_folder()
        self.db = self._open()
        self.lock = threading.Lock()
        self.losses: list[str] = []  # tables and actions the ledger knew that the store came back without
        self.ledger = self._open_ledger()
        self.writer = Writer(self.db, self.lock)
        self.closed = False

    # -- opening ----------------------------------------------------------------------------------

    def _prepare_folder(self) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            probe = self.folder / f".write-check-{os.getpid()}"
            probe.write_bytes(b"ok")
            probe.unlink()
            if self.path.exists() and not os.access(self.path, os.W_OK):
                raise PermissionError(f"{self.path} is read-only")
        except OSError as exc:
            raise StoreError(f"cannot write the data folder {self.folder}: {exc.strerror or exc}; "
                             f"make it writable or choose another with --data") from None

    def _open(self) -> sqlite3.Connection:
        self._refuse_lossy_start()
        problem = self._check_file()
        if problem is not None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside = self.path.with_name(f"{DB_NAME}.damaged-{stamp}")
            for suffix in ("", "-wal", "-shm"):
                source = Path(f"{self.path}{suffix}")
                if source.exists():
                    source.rename(Path(f"{aside}{suffix}"))
            self.moved_aside = aside
            log.error("the saved tables in %s are damaged (%s): moved aside as %s; starting with no saved "
                      "tables", self.path, problem, aside.name)
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            self._add_columns(db)
            db.execute(f"PRAGMA user_version = {STORE_VERSION}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use {self.path}: {exc}; make the folder writable or choose another "
                             f"with --data") from None
        return db

    def _refuse_lossy_start(self) -> None:
        """Raise :class:`StoreError` (the file left as it is) when opening would silently forget saved
        games: a zero-byte main file, a write-ahead log whose committed transactions cannot all be read,
        a store missing one of its tables, or a database of something else."""
        if not self.path.exists():
            return
        wal = Path(f"{self.path}-wal")
        if self.path.stat().st_size == 0:
            if wal.exists() and wal.stat().st_size > 0:
                # SQLite would open the empty file as a new database and replace the log that holds
                # the tables: never silently.
                self._refuse(f"is empty (0 bytes) beside a write-ahead log {wal.name} of "
                             f"{wal.stat().st_size} bytes that may hold the saved tables (a crash and a bad "
                             f"copy?): the tables cannot be read from the log alone")
            self._refuse("is empty (0 bytes): the saved tables were lost or truncated")
        if wal.exists():
            problem = wal_problem(wal.read_bytes())
            if problem is not None:
                self._refuse(f"has a damaged write-ahead log {wal.name} ({problem})")
        try:
            with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
                names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.DatabaseError:
            return  # not a database at all: moved aside by _open, the damaged copy kept
        ours = {"tables", "seats", "actions"}
        if version > STORE_VERSION:
            self._refuse(f"was written by a newer Wonders Table (store version {version}; this one reads up "
                         f"to {STORE_VERSION}): update Wonders Table to play its saved tables")
        if names and not names & ours:
            self._refuse(f"is another program's database (its tables: {', '.join(sorted(names)[:5])})")
        if names & ours and ours - names:
            self._refuse(f"has lost its {', '.join(repr(n) for n in sorted(ours - names))} table: "
                         f"its games cannot be restored as they were")

    def _refuse(self, what: str) -> None:
        raise StoreError(f"{self.path} {what}. Nothing was changed. Move it (with any -wal and -shm files) "
                         f"aside to keep it for recovery and start again, or start with --data "
                         f"ANOTHER_FOLDER")

    def _check_file(self) -> str | None:
        """None if the file is absent or a sound database, else what is wrong with it."""
        if not self.path.exists():
            return None
        try:
            with contextlib.closing(sqlite3.connect(self.path)) as db:
                rows = db.execute("PRAGMA quick_check").fetchall()
        except sqlite3.DatabaseError as exc:
            return str(exc)
        if rows != [("ok",)]:
            return "; ".join(str(r[0]) for r in rows[:3])
        return None

    def _open_ledger(self) -> Ledger:
        """Compare the store with its ledger (naming every loss in the log and in a ``lost-<time>.txt``
        file beside the store) and start the ledger again from what the store holds now."""
        path = self.path.with_name(f"{DB_NAME}.ledger")
        known = Ledger.read(path)
        rows = self.db.execute(
            "SELECT t.code, (SELECT COUNT(*) FROM actions a WHERE a.code = t.code) FROM tables t "
            "ORDER BY COALESCE(t.updated, t.created) DESC LIMIT ?", (LEDGER_LIMIT,)).fetchall()
        found = {str(code): int(count) for code, count in reversed(rows)}
        if known:
            missing = [code for code in known if code not in found]
            if missing:  # older than the recent rows read above, or truly gone
                marks = ",".join("?" * len(missing))
                found.update((str(code), int(count)) for code, count in self.db.execute(
                    f"SELECT t.code, (SELECT COUNT(*) FROM actions a WHERE a.code = t.code) FROM tables t "
                    f"WHERE t.code IN ({marks})", missing).fetchall())
            self.losses = losses(known, found)
        if self.losses:
            moved = self.moved_aside
            aside = f" (the damaged file was moved aside as {moved.name})" if moved else ""
            for line in self.losses:
                log.error("saved tables lost%s: %s", aside, line)
            report = self.path.with_name(f"{DB_NAME}.lost-{time.strftime('%Y%m%d-%H%M%S')}.txt")
            with contextlib.suppress(OSError):
                heading = f"{self.path} came back without what its ledger had saved{aside}:"
                report.write_text("\n".join([heading, *self.losses, ""]), encoding="utf-8")
        ledger = Ledger(path, found)
        ledger.dirty = True
        ledger.flush()
        return ledger

    @staticmethod
    def _add_columns(db: sqlite3.Connection) -> None:
        for table, columns in ADDED_COLUMNS.items():
            have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            for name, kind in columns:
                if name not in have:
                    db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")

    def close(self, timeout: float = 5.0) -> None:
        """Finish the queued writes, fold the WAL into the main file and close (safe to call twice)."""
        if self.closed:
            return
        self.closed = True
        if not self.writer.stop(timeout):
            log.error("the store writer did not finish in %.0f s; closing anyway", timeout)
        self.ledger.flush()
        with self.lock:
            try:
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                log.warning("could not fold the write-ahead log into %s: %s", self.path, exc)
            self.db.close()

    # -- writes -----------------------------------------------------------------------------------

    async def write(self, statements: list[Statement]) -> None:
        """Commit ``statements`` in one transaction (with other waiting jobs); raise if it failed.

        Once submitted a write is seen through: a cancelled caller still waits for the outcome (so
        memory and disk never disagree) and then goes on as if it had not been cancelled."""
        if self.closed:
            raise OSError("the store is closed")
        job = self.writer.submit(statements)
        try:
            await job.future
            return
        except asyncio.CancelledError:
            pass
        loop = asyncio.get_running_loop()
        while not job.finished.is_set():
            with contextlib.suppress(asyncio.CancelledError):
                await loop.run_in_executor(None, job.finished.wait, 1.0)
        task = asyncio.current_task()
        if task is not None:
            task.uncancel()
        if job.error is not None:
            raise job.error

    @staticmethod
    def table_statements(table: Table) -> list[Statement]:
        """Write the table row and all its seats."""
        row = (table.code, table.game, len(table.seats), table.seed, json.dumps(table.options),
               int(table.autostart), table.state, table.created, table.next_code, table.checkpoint,
               table.board_key, table.creator, int(table.multi_seat), table.updated, table.ended, table.clock,
               int(table.coach))
        out: list[Statement] = [(f"INSERT OR REPLACE INTO tables ({', '.join(TABLE_COLUMNS)}) "
                                 f"VALUES ({', '.join('?' * len(TABLE_COLUMNS))})", row),
                                ("DELETE FROM seats WHERE code = ?", (table.code,))]
        out += [("INSERT INTO seats (code, seat, name, token, address, bot, takeover, device) "
                 "VALUES (?,?,?,?,?,?,?,?)",
                 (table.code, s.seat, s.name, s.token, s.address, s.bot, int(s.takeover), s.device))
                for s in table.seats]
        return out

    async def save_table(self, table: Table) -> None:
        """Write the table row and all its seats in one transaction."""
        await self.write(self.table_statements(table))
        self.ledger.note(table.code)

    async def create_table(self, table: Table) -> None:
        """Write a new table, replacing every row of an old table that had the same code (codes of
        tables long over are reused)."""
        await self.write([(f"DELETE FROM {name} WHERE code = ?", (table.code,))
                          for name in ("tables", "seats", "actions")] + self.table_statements(table))
        self.ledger.note(table.code, 0)

    async def append_action(self, table: Table, step: int, seat: int, action: dict[str, Any],
                            *, ended: bool = False, checkpoint: str | None = None, by: str = PLAYER) -> None:
        """Record action number ``step`` of ``table`` (chosen ``by`` the phone, a bot or the clock); with
        the new state when the game ``ended`` and a ``checkpoint`` when one is due. The game's rows are
        never rewritten: the log only grows."""
        statements: list[Statement] = [
            ("INSERT INTO actions (code, step, seat, action, chosen_by) VALUES (?,?,?,?,?)",
             (table.code, step, seat, json.dumps(action), None if by == PLAYER else by)),
        ]
        if ended or checkpoint is not None:
            statements.append(("UPDATE tables SET state = ?, ended = ?, updated = ?, snapshot = ? "
                               "WHERE code = ?",
                               (table.state, table.ended, table.updated, checkpoint, table.code)))
        await self.write(statements)
        self.ledger.note(table.code, step + 1)

    async def expire(self, codes: list[str], when: float) -> None:
        """Mark lobby tables as expired (they leave memory; their codes may be reused later)."""
        await self.write([("UPDATE tables SET state = ?, updated = ? WHERE code = ? AND state = ?",
                           (EXPIRED, when, code, LOBBY)) for code in codes])

    def write_now(self, statements: list[Statement]) -> None:
        """A synchronous write, for start-up only (before the event loop serves anyone)."""
        self.writer._transaction(statements)

    # -- reads (at start) -------------------------------------------------------------------------

    def _reader(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path)
        db.text_factory = bytes
        return db

    def codes_in_use(self) -> dict[str, float]:
        """Every saved table's code and the time it was last used: ``inf`` for a table in lobby or
        playing, else when its game ended or it expired."""
        with contextlib.closing(self._reader()) as db:
            rows = db.execute("SELECT code, state, COALESCE(ended, updated, created) FROM tables").fetchall()
        out: dict[str, float] = {}
        for raw, state, last in rows:
            with contextlib.suppress(ValueError, TypeError):
                code = text(raw, "code")
                if code:
                    live = text(state, "state") in (LOBBY, PLAYING)
                    out[code] = float("inf") if live else float(last)
        return out

    def resumable(self, finished_since: float) -> list[SavedTable]:
        """Every table in lobby or playing (or in a state this host does not know: the restorer reports
        it), and the tables whose game ended at ``finished_since`` or later (their score table stays on
        show), oldest first, with seats and log, undecoded."""
        with contextlib.closing(self._reader()) as db:
            rows = db.execute(
                f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables WHERE state IS NULL "
                f"OR CAST(state AS TEXT) NOT IN (?, ?) "
                f"OR (state = ? AND COALESCE(ended, created) >= ?) ORDER BY created",
                (EXPIRED, OVER, OVER, finished_since),
            ).fetchall()
            out = []
            for row in rows:
                saved = SavedTable(dict(zip(TABLE_COLUMNS, row, strict=True)))
                code = saved.fields["code"]
                saved.seats = db.execute(
                    "SELECT seat, name, token, address, bot, takeover, device FROM seats "
                    "WHERE CAST(code AS BLOB) = ? ORDER BY seat", (code,)
                ).fetchall()
                saved.actions = db.execute(
                    "SELECT step, seat, action, chosen_by FROM actions WHERE CAST(code AS BLOB) = ? "
                    "ORDER BY step",
                    (code,)
                ).fetchall()
                out.append(saved)
        return out
