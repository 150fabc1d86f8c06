"""The moves of a game: the one path of every action (a phone's, a bot's, the clock's: committed, then
broadcast, then the bots and clocks look at the table again), starting a game, a lobby's settings and its
bot seats. What :class:`host.autoplay.Autoplay` needs of the host is played here (see
:class:`host.autoplay.Stage`)."""

from __future__ import annotations

import time
from typing import Any

from engine.api import Action
from host.autoplay import Autoplay
from host.connections import SEAT, Connections, Message, room_all
from host.delivery import Delivery
from host.errors import HostError
from host.model import LOBBY, PLAYER, BotReason, Seat, Table
from host.rights import Rights
from host.tables import UNSET, Played, Tables

BOT_REASON = "bot_reason"  # the notice telling why a bot played its move (a table with the coach on)


class Turns:
    """The game-changing events of the tables of a :class:`Tables`."""

    def __init__(self, tables: Tables, connections: Connections, delivery: Delivery, rights: Rights,
                 autoplay: Autoplay) -> None:
        self.tables = tables
        self.connections = connections
        self.delivery = delivery
        self.rights = rights
        self.autoplay = autoplay

    async def play(self, table: Table, seat: Seat, action: Action, by: str = PLAYER,
                   reason: dict[str, Any] | None = None) -> Played:
        """Apply one action for ``seat`` (a phone's, a bot's or the clock's; the table's lock is held):
        committed, then broadcast, then the bots and clocks look at the table again. A bot's ``reason``
        is told (a ``bot_reason`` notice) once everyone sees the move: at once, or when its
        simultaneous turn resolves."""
        played = await self.tables.act(table, seat, action, by)
        auto = table.autoplay
        auto.deadlines.pop(seat.seat, None)  # its next decision gets a fresh clock
        if reason is not None:
            auto.untold.append(BotReason(seat.seat, reason))
        out = self.delivery.played_messages(table, seat, played)
        if played.choosing is None:  # everyone sees this move: bots let it be seen before the next
            auto.shown_at = time.monotonic()
            out += [self.delivery.notice(table, table.seats[told.seat], BOT_REASON, told.reason)
                    for told in auto.untold if told.seat < len(table.seats)]
            auto.untold.clear()
        self.connections.send(out)
        self.autoplay.refresh(table)
        return played

    def announce_table(self, table: Table) -> None:
        """``table`` to everyone at the table."""
        self.connections.send(self.delivery.table_messages(table))

    def announce_clock(self, table: Table) -> None:
        """``clock`` to everyone at the table."""
        self.connections.send([Message("clock", self.delivery.clock_payload(table), room_all(table.code))])

    def began(self, table: Table) -> None:
        """A game was set up: the board shows it from now on, and bots and clocks may start."""
        table.autoplay.shown_at = time.monotonic()
        self.autoplay.refresh(table)

    async def autostart(self, table: Table) -> bool:
        """Start a table with ``autostart`` once no seat is free; True if it started."""
        if table.autostart and table.state == LOBBY and not table.free_seats():
            await self.tables.start(table)
            return True
        return False

    async def configure(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Change a lobby table's settings (the board only)."""
        table = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may change its settings")
        async with table.lock:
            await self.tables.configure(table, data.get("options"), data.get("seats"), data.get("autostart"),
                                        data.get("multi_seat"), data.get("clock", UNSET), data.get("coach"))
            self.connections.send(self.delivery.table_messages(table))
        return {}

    async def start(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Set up the game of a full table: the board (options allowed) or one of its players."""
        table = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, table, data):
            if self.rights.seat_of(sid, table) is None:
                raise HostError("forbidden", f"only the board or a player of table {table.code} may start it")
            if data.get("options") is not None:
                raise HostError("forbidden", "only the board may start with options")
        async with table.lock:
            await self.tables.start(table, data.get("options"))
            self.connections.send(self.delivery.table_messages(table) + self.delivery.view_messages(table))
            self.began(table)
        return {}

    async def act(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Play one action for the socket's seat."""
        client = self.connections.clients.get(sid)
        if client is None or client.role != SEAT or client.code is None or client.seat is None:
            raise HostError("not_seated", "this socket holds no seat; join a table first")
        table = self.tables.get(client.code)
        if "action" not in data:
            raise HostError("bad_request", "'act' needs an 'action'")
        async with table.lock:
            seat = self.rights.seat_of(sid, table)
            if seat is None:
                raise HostError("not_seated", "this socket holds no seat any more")
            played = await self.play(table, seat, data["action"])
        return {"events": played.events, "step": played.step}

    async def set_bot(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The board makes a seat a bot (of a level) or no bot: in the lobby any free seat, in game a
        take-over of an away phone's seat (see ``Tables.set_bot``)."""
        table = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may seat bots")
        if "level" not in data:
            raise HostError("bad_request", "'set_bot' needs a 'level' (null for no bot)")
        async with table.lock:
            number = data.get("seat")
            was_takeover = (isinstance(number, int) and 0 <= number < len(table.seats)
                            and table.seats[number].takeover)
            seat = await self.tables.set_bot(table, number, data["level"])
            out = []
            if seat.takeover and not was_takeover:
                out.append(self.delivery.notice(table, seat, "bot_took_over"))
            elif was_takeover and not seat.takeover:
                out.append(self.delivery.notice(table, seat, "bot_left"))
            started = await self.autostart(table)
            out += self.delivery.table_messages(table)
            if started:
                out += self.delivery.view_messages(table)
            self.connections.send(out)
            if started:
                self.began(table)
            else:
                self.autoplay.refresh(table)
        return {}
