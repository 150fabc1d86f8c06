"""SQLite persistence of tables, seats, tokens and action logs (one file in the data dir, WAL mode)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from host.model import LOBBY, OVER, PLAYING, Table

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

DB_NAME = "tables.sqlite3"


class Store:
    """Durable record of every table; each write is committed before the call returns."""

    def __init__(self, data_dir: str | Path) -> None:
        self.path = Path(data_dir) / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Close the database (a checkpoint folds the WAL into the main file)."""
        self.db.close()

    def _snapshot(self, table: Table) -> str | None:
        return None if table.engine_game is None else json.dumps(table.engine_game.to_dict())

    def save_table(self, table: Table) -> None:
        """Write the table row and all its seats in one transaction."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO tables VALUES (?,?,?,?,?,?,?,?,?,?)",
                (table.code, table.game, len(table.seats), table.seed, json.dumps(table.options),
                 int(table.autostart), table.state, table.created, table.next_code, self._snapshot(table)),
            )
            self.db.executemany(
                "INSERT OR REPLACE INTO seats VALUES (?,?,?,?)",
                [(table.code, s.seat, s.name, s.token) for s in table.seats],
            )

    def append_action(self, table: Table, step: int, seat: int, action: dict[str, Any]) -> None:
        """Record action number ``step`` of ``table`` with the new snapshot and state, atomically."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO actions VALUES (?,?,?,?)", (table.code, step, seat, json.dumps(action))
            )
            self.db.execute(
                "UPDATE tables SET state = ?, snapshot = ? WHERE code = ?",
                (table.state, self._snapshot(table), table.code),
            )

    def codes(self) -> set[str]:
        """Every table code ever used (codes are never reused)."""
        return {row[0] for row in self.db.execute("SELECT code FROM tables")}

    def resumable(self, finished_since: float) -> list[dict[str, Any]]:
        """Raw rows of every table in lobby or playing, and of the tables finished that were created at
        ``finished_since`` or later (their score table stays on show), oldest first, with seats and log."""
        rows = self.db.execute(
            "SELECT code, game, seat_count, seed, options, autostart, state, created, next_code, snapshot "
            "FROM tables WHERE state IN (?, ?) OR (state = ? AND created >= ?) ORDER BY created",
            (LOBBY, PLAYING, OVER, finished_since),
        ).fetchall()
        out = []
        for code, game, seat_count, seed, options, autostart, state, created, next_code, snapshot in rows:
            seats = self.db.execute(
                "SELECT seat, name, token FROM seats WHERE code = ? ORDER BY seat", (code,)
            ).fetchall()
            actions = self.db.execute(
                "SELECT step, seat, action FROM actions WHERE code = ? ORDER BY step", (code,)
            ).fetchall()
            out.append({
                "code": code, "game": game, "seat_count": seat_count, "seed": seed, "options": options,
                "autostart": autostart, "state": state, "created": created, "next_code": next_code,
                "snapshot": snapshot, "seats": seats, "actions": actions,
            })
        return out
