"""The history of finished games on this host: kept in the store's SQLite file, bounded, served as JSON.

A game enters the history when it ends (its record, :mod:`engine.records`, written by the store's
writer) or when a record is imported (checked by replaying it first). Each game's seats are rows of
their own (name, bot level, and a hash of the seat's token, so a phone can later remove its name);
the seat tokens themselves are never stored here nor sent. The summaries of every game stay in memory
(a few thousand small maps); a game's record is read from the file when asked for.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import hashlib
import json
import logging
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.records import Record, check_record, make_record, seat_wonders
from host.config import Limits
from host.errors import HostError
from host.model import OVER, Table
from host.stats import name_key
from host.store import Statement, Store

log = logging.getLogger("host.history")

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS history (id INTEGER PRIMARY KEY, code TEXT, created REAL, "
    "ended REAL NOT NULL, kind TEXT NOT NULL, imported INTEGER NOT NULL DEFAULT 0, digest TEXT NOT NULL, "
    "summary TEXT NOT NULL, record TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS history_seats (id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT, "
    "bot TEXT, device TEXT, PRIMARY KEY (id, seat))",
    "CREATE INDEX IF NOT EXISTS history_devices ON history_seats (device)",
)


def device_of(token: str) -> str:
    """What the history keeps of a seat token: its SHA-256 (the token itself never is)."""
    return hashlib.sha256(token.encode()).hexdigest()


def when_text(ended: float) -> str:
    """A game's end as an ISO 8601 UTC time."""
    return datetime.datetime.fromtimestamp(ended, datetime.UTC).isoformat(timespec="seconds")


@dataclass
class Entry:
    """One finished game in memory: its id, summary (what ``/api/history`` lists) and seats' devices."""

    id: int
    summary: dict[str, Any]
    devices: list[str | None] = field(default_factory=list)
    table: tuple[str, float] | None = None  # (code, created) of a game played here


def summarize(game_id: int, record: Record, wonders: list[list[str]], *, imported: bool,
              code: str | None) -> dict[str, Any]:
    """The listing of one game: when, kind, public options, seats, winners, victory type, totals."""
    scores = record.result.get("scores") or []
    ended = record.ended or 0.0
    return {
        "id": game_id, "ended": ended, "when": when_text(ended), "kind": record.kind,
        "title": engine.spec(record.kind).title, "code": code, "imported": imported,
        "options": engine.spec(record.kind).public_options(record.options), "steps": len(record.log),
        "seats": [{"seat": seat, "name": record.names[seat], "bot": record.bots[seat],
                   "wonders": wonders[seat],
                   "score": scores[seat].get("total") if seat < len(scores) else None}
                  for seat in range(record.seats)],
        "winners": list(record.result.get("winners") or []), "victory": record.result.get("victory"),
    }


class History:
    """Every finished game this host keeps, newest first, at most ``limits.history_games`` of them."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store, self.limits = store, limits
        store.write_now([(sql, ()) for sql in SCHEMA])
        self.entries: dict[int, Entry] = {}
        self.next_id = 1
        self._load()

    def _load(self) -> None:
        with contextlib.closing(sqlite3.connect(self.store.path)) as db:
            rows = db.execute("SELECT id, code, created, summary FROM history ORDER BY ended, id").fetchall()
            seats = db.execute("SELECT id, seat, name, bot, device FROM history_seats "
                               "ORDER BY id, seat").fetchall()
        by_game: dict[int, list[tuple[Any, ...]]] = {}
        for row in seats:
            by_game.setdefault(row[0], []).append(row)
        for game_id, code, created, raw in rows:
            if isinstance(game_id, int):  # a damaged game's id is never given to another
                self.next_id = max(self.next_id, game_id + 1)
            try:
                summary = json.loads(raw)
                entry = Entry(game_id, summary, table=None if code is None else (code, created))
                for _, seat, name, bot, device in by_game.get(game_id, []):
                    summary["seats"][seat].update(name=name, bot=bot)
                    entry.devices.append(device)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                log.error("history game %s is damaged and left out (its row is kept as it is): %s", game_id,
                          exc)
                continue
            self.entries[game_id] = entry

    # -- adding -----------------------------------------------------------------------------------

    def has_table(self, table: Table) -> bool:
        """True if the game of ``table`` is in the history already."""
        return any(e.table == (table.code, table.created) for e in self.entries.values())

    async def add_table(self, table: Table) -> int | None:
        """Keep the finished game of ``table`` (once); its id, or ``None`` if it is not over."""
        game = table.engine_game
        if table.state != OVER or game is None or not game.is_over() or self.has_table(table):
            return None
        names = [s.name for s in table.seats]
        bots = [s.bot if not s.takeover else None for s in table.seats]
        record = make_record(game, seed=table.seed, options=table.options, names=names, bots=bots,
                             ended=table.ended or table.updated)
        devices = [None if s.token is None else device_of(s.token) for s in table.seats]
        return await self._add(record, game, devices, imported=False, table=(table.code, table.created))

    async def import_record(self, data: Any, now: float) -> int:
        """Keep a record from another host, once it replays to its own result and digest; ``bad_request``
        naming what is wrong otherwise (nothing is kept)."""
        try:
            record, game = check_record(data)
        except ValueError as exc:
            raise HostError("bad_request", f"the record was refused: {exc}") from None
        if any(e.summary.get("digest") == record.digest for e in self.entries.values()):
            raise HostError("bad_request", "the record was refused: this game is in the history already")
        if record.ended is None:
            record = dataclasses.replace(record, ended=now)
        return await self._add(record, game, [None] * record.seats, imported=True, table=None)

    async def _add(self, record: Record, game: engine.Game, devices: list[str | None], *, imported: bool,
                   table: tuple[str, float] | None) -> int:
        game_id = self.next_id
        self.next_id += 1
        summary = summarize(game_id, record, seat_wonders(game.view(None), record.seats), imported=imported,
                            code=None if table is None else table[0])
        summary["digest"] = record.digest
        stored = record.to_dict()
        stored["names"] = [None] * record.seats  # the seats' rows hold the names (a player may remove theirs)
        statements: list[Statement] = [(
            "INSERT INTO history (id, code, created, ended, kind, imported, digest, summary, record) "
            "VALUES (?,?,?,?,?,?,?,?,?)",
            (game_id, None if table is None else table[0], None if table is None else table[1],
             record.ended, record.kind, int(imported), record.digest, json.dumps(summary),
             json.dumps(stored)),
        )]
        statements += [("INSERT INTO history_seats (id, seat, name, bot, device) VALUES (?,?,?,?,?)",
                        (game_id, seat, record.names[seat], record.bots[seat], devices[seat]))
                       for seat in range(record.seats)]
        dropped = self._beyond_limit(extra=1, imported=imported)
        statements += self._drop_statements(dropped)
        await self.store.write(statements)
        for old in dropped:
            self.entries.pop(old, None)
        self.entries[game_id] = Entry(game_id, summary, devices, table)
        return game_id

    def _beyond_limit(self, extra: int, imported: bool) -> list[int]:
        """The oldest games to prune so that ``extra`` more fit within the limits: an imported game first
        makes room among the imported ones (at most ``limits.history_imports``), so imports never push
        out the games played here."""
        def oldest(entries: Iterable[Entry]) -> list[Entry]:
            return sorted(entries, key=lambda e: (e.summary["ended"], e.id))

        out: list[int] = []
        if imported:
            kept = oldest(e for e in self.entries.values() if e.summary.get("imported"))
            over = len(kept) + extra - self.limits.history_imports
            out = [e.id for e in kept[:max(0, over)]]
        over = len(self.entries) - len(out) + extra - self.limits.history_games
        if over > 0:
            rest = oldest(e for e in self.entries.values() if e.id not in out)
            out += [e.id for e in rest[:over]]
        return out

    @staticmethod
    def _drop_statements(ids: Iterable[int]) -> list[Statement]:
        out: list[Statement] = []
        for game_id in ids:
            out += [("DELETE FROM history WHERE id = ?", (game_id,)),
                    ("DELETE FROM history_seats WHERE id = ?", (game_id,))]
        return out

    # -- reading ----------------------------------------------------------------------------------

    def newest(self) -> list[Entry]:
        """Every kept game, newest first."""
        return sorted(self.entries.values(), key=lambda e: (e.summary["ended"], e.id), reverse=True)

    def page(self, number: int, code: str | None = None, name: str | None = None) -> dict[str, Any]:
        """Page ``number`` (1 first) of the games, newest first: only those of table ``code``, if given, and
        only those played here by a player of ``name`` (as in the statistics, :mod:`host.stats`)."""
        size = self.limits.history_page
        games = [e for e in self.newest() if (code is None or e.summary.get("code") == code)
                 and (name is None or self._played_by(e, name_key(name)))]
        pages = max(1, -(-len(games) // size))
        chosen = games[(number - 1) * size: number * size]
        return {"page": number, "pages": pages, "total": len(games),
                "games": [self.public(e) for e in chosen]}

    @staticmethod
    def _played_by(entry: Entry, key: str) -> bool:
        """True if a player (not a bot) of name ``key`` (:func:`host.stats.name_key`) played it here."""
        return not entry.summary.get("imported") and any(
            s.get("name") and not s.get("bot") and name_key(s["name"]) == key for s in entry.summary["seats"])

    @staticmethod
    def public(entry: Entry) -> dict[str, Any]:
        """A game's summary as served (its digest is in the record)."""
        return {k: v for k, v in entry.summary.items() if k != "digest"}

    def record(self, game_id: int) -> dict[str, Any] | None:
        """The record of game ``game_id`` with its seats' names as they are now, or ``None``."""
        entry = self.entries.get(game_id)
        if entry is None:
            return None
        with contextlib.closing(sqlite3.connect(self.store.path)) as db:
            row = db.execute("SELECT record FROM history WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        data: dict[str, Any] = json.loads(row[0])
        data["names"] = [s["name"] for s in entry.summary["seats"]]
        return data

    # -- removing a name --------------------------------------------------------------------------

    async def forget(self, tokens: Iterable[str]) -> int:
        """Remove the player's name from every game a seat of these tokens played; how many seats."""
        wanted = {device_of(t) for t in tokens}
        hits = [(e, seat) for e in self.entries.values() for seat, d in enumerate(e.devices)
                if d is not None and d in wanted and e.summary["seats"][seat]["name"] is not None]
        if not hits:
            return 0
        await self.store.write([("UPDATE history_seats SET name = NULL WHERE id = ? AND seat = ?",
                                 (e.id, seat)) for e, seat in hits])
        for entry, seat in hits:
            entry.summary["seats"][seat]["name"] = None
        return len(hits)

    def seated(self, game_id: int, tokens: Iterable[str]) -> bool:
        """True if one of ``tokens`` held a seat in game ``game_id``."""
        entry = self.entries.get(game_id)
        wanted = {device_of(t) for t in tokens}
        return entry is not None and any(d in wanted for d in entry.devices if d is not None)


async def keep_finished(history: History, tables: Iterable[Table]) -> None:
    """Keep the finished games of restored tables that the history misses (the host stopped between the
    game's last move and its history row)."""
    for table in tables:
        if table.state == OVER and not history.has_table(table):
            try:
                await history.add_table(table)
            except Exception:
                log.exception("table %s: its finished game could not be kept in the history", table.code)
