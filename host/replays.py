"""Replays on the TV: a finished game walked turn by turn, driven by the ``replay`` event (docs/protocol.md).

A replay of a finished table is shared by everyone at the table: its board and its seated phones may
send commands, and every change goes to the whole table (the TV shows it, the phones show where it is).
A replay of a game of the history belongs to the one socket that opened it (a TV on its home screen,
driven by its remote's keys, or a phone replaying it on its own screen); a socket holds one such replay at
a time (opening another ends it), so no phone can take many of the ``limit`` places. A board (or its host
phone) may also show a game of the history as its table's shared replay (:meth:`Replays.table_game_session`).
Who may command a table's replay is decided in one place,
:meth:`Replays.may_command`, so it can later be narrowed (e.g. to a host phone). Auto-play runs on the
host, one step every ``STEP_SECONDS / speed``.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.records import Record, Replay, make_record, read_record
from host.errors import HostError
from host.history import History
from host.model import OVER, Table

STEP_SECONDS = 2.5  # one turn on screen at speed 1 (the moment banners last 2.4 s)
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
COMMANDS = frozenset({"open", "play", "pause", "toggle", "next", "back", "seek", "age", "speed", "faster",
                      "slower", "hands", "close"})

Send = Callable[[str, dict[str, Any]], None]  # (room or socket id, payload of a ``replay`` message)


@dataclass
class Session:
    """One replay: the game's steps, the stops it walks (the setup and every turn's end), where it is."""

    key: str
    to: str  # the room or socket that hears it
    replay: Replay
    label: dict[str, Any]  # {"code": ...} or {"game": id}: what the messages name
    stops: list[int]
    at: int = 0  # index in ``stops``
    playing: bool = False
    speed: float = 1.0
    hands: bool = False
    used: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def timeline(self) -> dict[str, Any]:
        """What a client needs once: every step's public events, the chart, the Ages, who sat where."""
        record = self.replay.record
        return {
            "entries": [{"step": n, "seat": record.log[n - 1][0], "action": record.log[n - 1][1],
                         "events": self.replay.events(n)}
                        for n in range(1, self.replay.steps + 1)],
            "points": [p.to_dict() for p in self.replay.chart()],
            "ages": {str(age): step for age, step in self.replay.ages().items()},
            "stops": self.stops, "names": record.names, "bots": record.bots, "kind": record.kind,
        }

    def frame(self) -> dict[str, Any]:
        """Where the replay is: the public view at its step (with each seat's own view in hands mode)."""
        shown = self.replay.frame(self.stops[self.at], hands=self.hands)
        return {**self.label, "at": self.at, "stops_count": len(self.stops), "playing": self.playing,
                "speed": self.speed, "hands": self.hands, **shown}


class Replays:
    """Every running replay (at most ``limit``; opening one more closes the least recently used)."""

    def __init__(self, history: History, send: Send, limit: int) -> None:
        self.history, self.send, self.limit = history, send, limit
        self.sessions: dict[str, Session] = {}
        self.uses = itertools.count(1)

    @staticmethod
    def may_command(is_board: bool, seated: bool) -> bool:
        """Who may command a finished table's replay: its board and any phone seated at it."""
        return is_board or seated

    def table_session(self, table: Table) -> Session:
        """The replay of a finished table (opened if needed)."""
        if table.state != OVER or table.engine_game is None or not table.engine_game.is_over():
            raise HostError("not_over", f"the game at table {table.code} is not over")
        key = f"t:{table.code}"
        if key not in self.sessions:
            record = make_record(table.engine_game, seed=table.seed, options=table.options,
                                 names=[s.name for s in table.seats], bots=[s.bot for s in table.seats])
            self._open(Session(key, f"t:{table.code}", Replay(record), {"code": table.code}, []))
        return self.sessions[key]

    def table_game_session(self, table: Table, game_id: Any) -> Session:
        """History game ``game_id`` as the shared replay of finished table ``table`` (its TV shows it, its
        phones drive it); it takes the place of the table's replay (of its own game or of another one). The
        frames name the game as ``history_game`` beside the table's code."""
        if table.state != OVER:
            raise HostError("not_over", f"the game at table {table.code} is not over")
        _check_game_id(game_id)
        key = f"t:{table.code}"
        running = self.sessions.get(key)
        if running is None or running.label.get("history_game") != game_id:
            record = self._history_record(game_id)
            self.close(key)
            self._open(Session(key, key, Replay(record), {"code": table.code, "history_game": game_id}, []))
        return self.sessions[key]

    def _history_record(self, game_id: int) -> Record:
        data = self.history.record(game_id)
        if data is None:
            raise HostError("bad_request", f"no game {game_id} in the history")
        return read_record(data)

    def running(self, code: str) -> dict[str, Any] | None:
        """The frame (with its timeline) of table ``code``'s replay, if one runs: for a TV or phone that
        comes back in the middle of it."""
        session = self.sessions.get(f"t:{code}")
        return None if session is None else {**session.frame(), "timeline": session.timeline()}

    def game_session(self, sid: str, game_id: Any) -> Session:
        """The replay of history game ``game_id`` that socket ``sid`` opened (opened if needed: its other
        replay of a history game, if any, ends first)."""
        _check_game_id(game_id)
        key = f"s:{sid}:{game_id}"
        if key not in self.sessions:
            record = self._history_record(game_id)
            self.close_socket(sid)
            self._open(Session(key, sid, Replay(record), {"game": game_id}, []))
        return self.sessions[key]

    def opens(self, sid: str, game_id: Any, data: dict[str, Any]) -> bool:
        """Whether this command of socket ``sid`` would read history game ``game_id`` anew or send its
        timeline (an ``open``, or any command of a replay it does not hold): the costly part."""
        return data.get("command") == "open" or f"s:{sid}:{game_id}" not in self.sessions

    def _open(self, session: Session) -> None:
        session.stops = [0] + [p.step for p in session.replay.chart()]
        while len(self.sessions) >= self.limit:
            oldest = min(self.sessions.values(), key=lambda s: s.used)
            self.close(oldest.key)
        self.sessions[session.key] = session

    def close(self, key: str) -> None:
        """Stop and forget a replay."""
        session = self.sessions.pop(key, None)
        if session is not None and session.task is not None:
            session.task.cancel()

    def close_socket(self, sid: str) -> None:
        """The socket left: its own replays end."""
        for key in [k for k in self.sessions if k.startswith(f"s:{sid}:")]:
            self.close(key)

    def command(self, session: Session, data: dict[str, Any]) -> dict[str, Any]:
        """Apply one command to ``session``; the frame every listener gets (``bad_request`` for a bad
        command or value, changing nothing)."""
        name = data.get("command")
        if name not in COMMANDS:
            raise HostError("bad_request", f"'command' must be one of {sorted(COMMANDS)}")
        session.used = next(self.uses)
        last = len(session.stops) - 1
        if name == "close":
            self.close(session.key)
            out = {**session.label, "closed": True}
            self.send(session.to, out)
            return out
        if name in ("play", "pause", "toggle"):
            wanted = not session.playing if name == "toggle" else name == "play"
            session.playing = wanted and session.at < last
        elif name in ("next", "back"):
            session.at = min(last, max(0, session.at + (1 if name == "next" else -1)))
            session.playing = session.playing and session.at < last
        elif name == "seek":
            at = data.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= last:
                raise HostError("bad_request", f"'at' must be a stop of this replay, 0 to {last}")
            session.at = at
        elif name == "age":
            session.at = self._age_stop(session, data.get("age"))
        elif name == "speed":
            if data.get("speed") not in SPEEDS:
                raise HostError("bad_request", f"'speed' must be one of {list(SPEEDS)}")
            session.speed = float(data["speed"])
        elif name in ("faster", "slower"):
            at = SPEEDS.index(session.speed) + (1 if name == "faster" else -1)
            session.speed = SPEEDS[min(len(SPEEDS) - 1, max(0, at))]
        elif name == "hands":
            hands = data.get("hands", not session.hands)
            if not isinstance(hands, bool):
                raise HostError("bad_request", "'hands' must be true or false (or left out: it switches)")
            session.hands = hands
        self._run(session)
        frame = session.frame()
        if name == "open":
            frame["timeline"] = session.timeline()
        self.send(session.to, frame)
        return frame

    @staticmethod
    def _age_stop(session: Session, age: Any) -> int:
        ages = session.replay.ages()
        if not isinstance(age, int) or isinstance(age, bool) or age not in ages:
            raise HostError("bad_request", f"'age' must be one of {sorted(ages)}")
        first = ages[age]
        return next(i for i, step in enumerate(session.stops) if step >= first)

    def _run(self, session: Session) -> None:
        """Start or stop the auto-play task to match ``session.playing``."""
        if session.playing and (session.task is None or session.task.done()):
            session.task = asyncio.ensure_future(self._play(session))
        elif not session.playing and session.task is not None:
            session.task.cancel()
            session.task = None

    async def _play(self, session: Session) -> None:
        with contextlib.suppress(asyncio.CancelledError):
            while session.playing and session.key in self.sessions:
                await asyncio.sleep(STEP_SECONDS / session.speed)
                session.at = min(len(session.stops) - 1, session.at + 1)
                session.playing = session.at < len(session.stops) - 1
                self.send(session.to, session.frame())
        if session.task is asyncio.current_task():
            session.task = None


def _check_game_id(game_id: Any) -> None:
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        raise HostError("bad_request", "'game' must be the id of a game of the history")
