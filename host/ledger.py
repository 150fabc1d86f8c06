"""What the store has committed, kept apart from it, so a store that comes back with less is never a
silent loss (issue 36).

SQLite reads a write-ahead log up to its last whole commit: a log cut short (a bad copy, a disk that
lost its tail) gives back a sound database that simply lacks the later tables and actions, and nothing in
the files tells. The ledger (``tables.sqlite3.ledger`` beside the store) holds each recent table's code
and how many actions it has saved; it is written after the store's commits (a moment later, several
together, with no fsync of its own), so it may lag behind the store but never runs ahead of it. At start
every table or action the ledger knows and the store lacks is named (:func:`losses`): in the log, in a
``tables.sqlite3.lost-<time>.txt`` beside the store, and on the board's home.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger("host.store")

LEDGER_VERSION = 1
LIMIT = 1000  # tables remembered (the most recently written); older ones are long finished
FLUSH_DELAY = 0.25  # seconds: the commits of this long are written to the ledger together


def losses(known: dict[str, int], found: dict[str, int]) -> list[str]:
    """What the ledger ``known`` (code -> actions saved) has that the store ``found`` lacks, one line each."""
    out = []
    for code, count in known.items():
        have = found.get(code)
        if have is None:
            out.append(f"table {code}: missing from the store (it had {count} actions saved)")
        elif have < count:
            out.append(f"table {code}: actions {have + 1} to {count} missing "
                       f"(the store has {have} of {count})")
    return out


class Ledger:
    """The ledger file and its counts; :meth:`note` after each committed write, :meth:`flush` at close."""

    def __init__(self, path: Path, counts: dict[str, int]) -> None:
        self.path = path
        self.counts = dict(counts)
        self.dirty = False
        self.pending: asyncio.TimerHandle | None = None

    @staticmethod
    def read(path: Path) -> dict[str, int] | None:
        """The counts a ledger file holds; None when there is none or it cannot be read (said in the log:
        the store is then compared with nothing)."""
        if not path.exists():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            tables = data["tables"]
            if data.get("version") != LEDGER_VERSION or not isinstance(tables, dict):
                raise ValueError("not a ledger of this version")
            return {str(code): int(count) for code, count in tables.items()}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("the ledger %s cannot be read (%s): the saved tables are not compared with it",
                        path.name, exc)
            return None

    def note(self, code: str, actions: int | None = None) -> None:
        """Table ``code`` was written with ``actions`` saved (None: its count stays, 0 if new); the code
        moves last, the oldest beyond :data:`LIMIT` are forgotten."""
        count = self.counts.pop(code, 0) if actions is None else actions
        self.counts[code] = count
        while len(self.counts) > LIMIT:
            del self.counts[next(iter(self.counts))]
        self.dirty = True
        self._schedule()

    def _schedule(self) -> None:
        if self.pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # start-up, before the loop: written at once
            self.flush()
            return
        self.pending = loop.call_later(FLUSH_DELAY, self.flush)

    def flush(self) -> None:
        """Write the ledger if it changed (a new file moved over the old one: never half written)."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if not self.dirty:
            return
        self.dirty = False
        spare = self.path.with_name(self.path.name + ".new")
        try:
            spare.write_text(json.dumps({"version": LEDGER_VERSION, "tables": self.counts}), encoding="utf-8")
            os.replace(spare, self.path)
        except OSError as exc:
            log.warning("could not write the ledger %s: %s", self.path.name, exc)
            with contextlib.suppress(OSError):
                spare.unlink()
