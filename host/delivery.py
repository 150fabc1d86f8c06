"""What each change sends: the public payloads (a table, its clock, its log, notices) and each socket's
view, sent whole or as a patch against what that socket holds (:mod:`host.sentviews`).

The messages are built here, right after a change and under the table's lock; they go out through
:meth:`host.connections.Connections.send`, in order.
"""

from __future__ import annotations

import time
from typing import Any

import engine
from engine.api import GameSpec
from host.connections import Message, room_all, room_watch
from host.model import DAMAGED, OVER, PLAYING, Seat, Table
from host.pairing import Pairing
from host.replays import Replays
from host.sentviews import SentViews
from host.tables import Played, Tables


class Delivery:
    """The payloads and view updates of the tables of a :class:`Tables`."""

    def __init__(self, tables: Tables, watchers: dict[str, set[str]], pairing: Pairing, replays: Replays,
                 base_urls: list[str]) -> None:
        self.tables = tables
        self.watchers = watchers  # table code -> sockets watching it (host.connections)
        self.pairing = pairing
        self.replays = replays
        self.base_urls = base_urls  # the host's addresses, main one first (shared with the hub)
        self.specs: dict[str, GameSpec] = {}
        self.sent_views = SentViews()  # what each client holds of its view: the base of its next patch
        self.list_version = 0  # moves whenever a table's public data may have changed

    def table_payload(self, table: Table) -> dict[str, Any]:
        """The ``table`` event payload (public data only: public options, no board key)."""
        if table.state == DAMAGED:
            return self.damaged_payload(table)
        bases = self.base_urls or [""]
        declared = self._spec(table.game)
        now = time.monotonic()
        return {
            "code": table.code, "game": table.game, "title": declared.title, "state": table.state,
            "seats": [self._seat_payload(table, s, now) for s in table.seats],
            "free_seats": sum(1 for s in table.seats if not s.taken),
            "options": declared.public_options(table.options), "autostart": table.autostart,
            "multi_seat": table.multi_seat, "clock": table.clock, "coach": table.coach,
            "join_url": f"{bases[0]}/t/{table.code}",
            "join_urls": [f"{b}/t/{table.code}" for b in bases],
            "board_url": f"{bases[0]}/board/{table.code}", "qr_url": f"/qr/{table.code}.svg",
            "next_code": table.next_code, **self._host_phone_fields(table),
        }

    @staticmethod
    def damaged_payload(table: Table) -> dict[str, Any]:
        """The ``table`` payload of a table that could not be restored: its state ``damaged`` and the
        error code ``damaged_table`` with the reason (nothing else of it can be trusted)."""
        return {"code": table.code, "game": table.game, "title": table.game, "state": table.state,
                "seats": [], "free_seats": 0, "options": {}, "autostart": False, "multi_seat": False,
                "clock": None, "coach": False, "join_url": "", "join_urls": [], "board_url": "", "qr_url": "",
                "next_code": None, "error": "damaged_table", "message": table.damage}

    def _seat_payload(self, table: Table, seat: Seat, now: float) -> dict[str, Any]:
        wait = self.tables.takeover_wait(table, seat, now)
        return {"seat": seat.seat, "name": seat.name, "taken": seat.taken, "connected": seat.connected,
                "bot": seat.bot, "takeover": seat.takeover,
                "takeover_in": None if wait is None else round(wait, 1)}

    def clock_payload(self, table: Table) -> dict[str, Any]:
        """The ``clock`` event payload: the time left to each seat the table's clock runs for."""
        now = time.monotonic()
        running = sorted(table.autoplay.deadlines.items())
        return {"code": table.code, "step": table.step, "seconds": table.clock,
                "clocks": [{"seat": s, "remaining": round(max(0.0, d - now), 1)} for s, d in running]}

    def _spec(self, kind: str) -> GameSpec:
        """The declared facts of a game kind (kept once read: they never change while running)."""
        declared = self.specs.get(kind)
        if declared is None:
            declared = self.specs[kind] = engine.spec(kind)
        return declared

    def view_payload(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The ``view`` event payload of ``seat`` (None: the board's public view)."""
        game = table.engine_game
        view = None if game is None else game.view(seat)
        legal: list[Any] = []
        if game is not None and seat is not None and table.state != OVER and seat in game.to_act():
            legal = game.legal_actions(seat)
        return {"code": table.code, "seat": seat, "step": table.step, "view": view, "legal_actions": legal}

    @staticmethod
    def history_payload(table: Table) -> dict[str, Any]:
        """The table's public game log (``history``)."""
        return {"code": table.code, "step": table.step, "entries": [e.payload() for e in table.history]}

    def table_messages(self, table: Table) -> list[Message]:
        """``table`` to everyone at the table."""
        self.list_version += 1
        return [Message("table", self.table_payload(table), room_all(table.code))]

    def view_messages(self, table: Table, actor: str | None = None) -> list[Message]:
        """Each seated socket's view and the watchers' public view, as patches against what each holds;
        a seat whose view did not change gets nothing (but ``actor``, the socket that just acted)."""
        out = [m for s in table.seats if s.sid is not None
               for m in self._view_update(table, s.seat, s.sid, s.sid, quiet=s.sid != actor)]
        if self.watchers.get(table.code):
            room = room_watch(table.code)
            out += self._view_update(table, None, room, room, quiet=False)
        return out

    def _view_update(self, table: Table, seat: int | None, to: str, recipient: str, *, quiet: bool,
                     skip: str | None = None) -> list[Message]:
        """``view_patch`` (or ``view``, when a patch would not be smaller or ``recipient`` holds nothing)
        bringing ``recipient`` to ``seat``'s current view; nothing when ``quiet`` and it is unchanged."""
        payload = self.view_payload(table, seat)
        doc = {"view": payload["view"], "legal_actions": payload["legal_actions"]}
        update = self.sent_views.update(recipient, doc)
        if update.ops is None:
            return [Message("view", {**payload, "version": update.version}, to, skip)]
        if quiet and update.unchanged:
            return []
        return [Message("view_patch", {"code": table.code, "seat": seat, "step": payload["step"],
                                       "base": update.base, "version": update.version, "ops": update.ops},
                        to, skip)]

    def full_view(self, table: Table, seat: int | None, sid: str) -> list[Message]:
        """The whole ``view`` of ``seat`` to socket ``sid``, the base of its next patches. A watcher shares
        its table's watch room baseline: when the public view moved on since the room's last update, the
        other watchers get that update first, so that every watcher holds the same version."""
        payload = self.view_payload(table, seat)
        doc = {"view": payload["view"], "legal_actions": payload["legal_actions"]}
        if seat is not None or sid not in self.watchers.get(table.code, ()):
            return [Message("view", {**payload, "version": self.sent_views.full(sid, doc)}, sid)]
        room = room_watch(table.code)
        out: list[Message] = []
        held = self.sent_views.current(room)
        if held is None or len(self.watchers[table.code]) == 1:
            self.sent_views.full(room, doc)
        elif held.doc != doc:
            out = self._view_update(table, None, room, room, quiet=True, skip=sid)
        version = self.sent_views.sent[room].version
        return [*out, Message("view", {**payload, "version": version}, sid)]

    def played_messages(self, table: Table, seat: Seat, played: Played) -> list[Message]:
        """What one action sends: ``events`` to everyone; then every view, or, for a choice that did not
        end a simultaneous turn, the actor's view and ``choosing`` to everyone else."""
        out = [Message("events", {"code": table.code, "seat": seat.seat, "step": played.step,
                                  "events": played.events, "by": played.by}, room_all(table.code))]
        if played.choosing is None:
            out += self.view_messages(table, actor=seat.sid)
        else:
            if seat.sid is not None:
                out += self._view_update(table, seat.seat, seat.sid, seat.sid, quiet=False)
            out.append(Message("choosing", {"code": table.code, "step": played.step,
                                            "waiting": played.choosing}, room_all(table.code), seat.sid))
            self._chose(table, seat, played.choosing)
        if table.state == OVER:
            out += self.table_messages(table)
        return out

    def _chose(self, table: Table, actor: Seat, waiting: list[int]) -> None:
        """Every client but ``actor``'s got ``choosing``: their baselines change as their documents do."""
        for other in table.seats:
            if other.sid is not None and other.sid != actor.sid:
                self.sent_views.chose(other.sid, waiting)
        self.sent_views.chose(room_watch(table.code), waiting)

    def welcome(self, table: Table, sid: str, seat: int | None) -> list[Message]:
        """What a socket gets when it starts watching, joins or rebinds: ``table``, its ``view``,
        ``history`` (and ``clock`` when the table's clock runs, ``replay`` when its replay runs)."""
        running = self.replays.running(table.code)
        return [Message("table", self.table_payload(table), sid), *self.full_view(table, seat, sid),
                Message("history", self.history_payload(table), sid), *self.clock_for(table, sid),
                *([Message("replay", running, sid)] if running is not None else [])]

    def clock_for(self, table: Table, to: str) -> list[Message]:
        """``clock`` to ``to`` when the table's clock runs."""
        if table.clock is None or table.state != PLAYING:
            return []
        return [Message("clock", self.clock_payload(table), to)]

    def notice(self, table: Table, seat: Seat, what: str, reason: dict[str, Any] | None = None) -> Message:
        """A ``notice`` to everyone at the table: a bot took over a seat, or its player is back, or (with
        ``reason``) why a bot played its move."""
        payload = {"code": table.code, "seat": seat.seat, "notice": what, "name": seat.name, "bot": seat.bot}
        if reason is not None:
            payload["reason"] = reason
        return Message("notice", payload, room_all(table.code))

    def _host_phone_fields(self, table: Table) -> dict[str, Any]:
        """``host_phone``: a phone holds the table's host key; ``host_seat``: the seat of that phone."""
        holders = self.pairing.holders(table.code)
        seat = next((s.seat for s in table.seats if s.sid is not None and s.sid in holders), None)
        return {"host_phone": table.code in self.pairing.hosts, "host_seat": seat}
