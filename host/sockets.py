"""The Socket.IO side of the host: one handler per event of docs/protocol.md, and the broadcasts.

Every handler is wrapped: a malformed or refused request gets an error ack and changes nothing; no
exception escapes into python-socketio. Messages are computed right after each change and sent by
one ordered chain of tasks, so acks go out before the broadcasts they cause and no client sees
states out of order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import msgpack
import socketio

from host.errors import HostError
from host.model import LOBBY, OVER, Seat, Table
from host.tables import Tables
from host.wire import JsMsgPackPacket

log = logging.getLogger("host.sockets")

MAX_PAYLOAD = 8 * 1024  # an event's payload, msgpack-encoded: larger gets "too_large"
MAX_TRANSPORT = 64 * 1024  # Engine.IO maxPayload: larger closes the connection
PING_INTERVAL, PING_TIMEOUT = 10, 20

Message = tuple[str, Any, str]  # event, payload, sid or room
Handler = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any] | None]]


@dataclass
class Client:
    """What one socket is: seated at a table, watching one, or neither."""

    role: str | None = None  # "seat" | "watch" | None
    code: str | None = None
    seat: int | None = None


def room_all(code: str) -> str:
    """Everyone at a table (seated phones and watchers)."""
    return f"t:{code}"


def room_watch(code: str) -> str:
    """The board and spectators of a table."""
    return f"w:{code}"


class Hub:
    """The Socket.IO server bound to a :class:`Tables`."""

    def __init__(self, tables: Tables, base_urls: list[str] | None = None) -> None:
        self.tables = tables
        self.base_urls = list(base_urls or [])
        self.clients: dict[str, Client] = {}
        self._chain: asyncio.Task[None] | None = None
        self.sio = socketio.AsyncServer(
            async_mode="aiohttp", serializer=JsMsgPackPacket, always_connect=True,
            ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, max_http_buffer_size=MAX_TRANSPORT,
            logger=False, engineio_logger=False,
        )
        self.sio.on("connect", self._on_connect)
        self.sio.on("disconnect", self._on_disconnect)
        self.sio.on("*", self._on_unknown)
        for name, handler in {
            "list_tables": self.list_tables, "create_table": self.create_table, "watch": self.watch,
            "join": self.join, "start": self.start, "act": self.act, "play_again": self.play_again,
            "release_seat": self.release_seat,
        }.items():
            self.sio.on(name, self._guard(name, handler))

    # -- plumbing ---------------------------------------------------------------------------------

    def note_host(self, host: str | None) -> None:
        """Remember the first Host header seen when no LAN address was configured."""
        if not self.base_urls and host:
            self.base_urls.append(f"http://{host}")

    def _guard(self, name: str, handler: Handler) -> Callable[..., Awaitable[dict[str, Any]]]:
        async def guarded(sid: str, *args: Any) -> dict[str, Any]:
            try:
                if len(args) != 1 or not isinstance(args[0], dict):
                    raise HostError("bad_request", f"'{name}' takes exactly one map as its payload")
                if len(msgpack.packb(args[0])) > MAX_PAYLOAD:
                    raise HostError("too_large", f"payloads are limited to {MAX_PAYLOAD} bytes")
                return {"ok": True, **(await handler(sid, args[0]) or {})}
            except HostError as exc:
                return exc.ack()
            except Exception:
                log.exception("event %r from %s failed", name, sid)
                return {"ok": False, "error": "internal", "message": "the host failed; nothing changed"}

        return guarded

    async def _on_unknown(self, event: str, sid: str, *args: Any) -> dict[str, Any]:
        return HostError("unknown_event", f"unknown event {str(event)[:40]!r}").ack()

    def send(self, messages: list[Message], then: Callable[[], Awaitable[Any]] | None = None) -> None:
        """Queue ``messages`` (and then an optional coroutine) behind every earlier send."""
        prev = self._chain

        async def run() -> None:
            if prev is not None:
                await prev
            for event, payload, to in messages:
                try:
                    await self.sio.emit(event, payload, to=to)
                except Exception:
                    log.exception("sending %r to %s failed", event, to)
            if then is not None:
                try:
                    await then()
                except Exception:
                    log.exception("a follow-up after sending failed")

        self._chain = asyncio.ensure_future(run())

    async def drain(self) -> None:
        """Wait until every queued message was handed to the transport."""
        while self._chain is not None and not self._chain.done():
            await self._chain

    # -- payloads ---------------------------------------------------------------------------------

    def table_payload(self, table: Table) -> dict[str, Any]:
        """The ``table`` event payload."""
        bases = self.base_urls or [""]
        return {
            "code": table.code, "game": table.game, "state": table.state,
            "seats": [
                {"seat": s.seat, "name": s.name, "taken": s.taken, "connected": s.connected}
                for s in table.seats
            ],
            "options": table.options, "autostart": table.autostart,
            "join_url": f"{bases[0]}/t/{table.code}",
            "join_urls": [f"{b}/t/{table.code}" for b in bases],
            "board_url": f"{bases[0]}/board/{table.code}", "qr_url": f"/qr/{table.code}.svg",
            "next_code": table.next_code,
        }

    def view_payload(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The ``view`` event payload of ``seat`` (None: the board's public view)."""
        game = table.engine_game
        view = None if game is None else game.view(seat)
        legal: list[Any] = []
        if game is not None and seat is not None and table.state != OVER and seat in game.to_act():
            legal = game.legal_actions(seat)
        return {"code": table.code, "seat": seat, "step": table.step, "view": view, "legal_actions": legal}

    def table_messages(self, table: Table) -> list[Message]:
        """``table`` to everyone at the table."""
        return [("table", self.table_payload(table), room_all(table.code))]

    def view_messages(self, table: Table) -> list[Message]:
        """``view`` to each seated socket (its own) and the public view to the watchers."""
        out: list[Message] = [
            ("view", self.view_payload(table, s.seat), s.sid) for s in table.seats if s.sid is not None
        ]
        if any(c.role == "watch" and c.code == table.code for c in self.clients.values()):
            out.append(("view", self.view_payload(table, None), room_watch(table.code)))
        return out

    # -- roles ------------------------------------------------------------------------------------

    async def _leave(self, sid: str) -> list[Message]:
        """Drop the socket's current role; returns the ``table`` update its old table needs."""
        client = self.clients.get(sid)
        if client is None or client.code is None:
            return []
        out: list[Message] = []
        await self.sio.leave_room(sid, room_all(client.code))
        await self.sio.leave_room(sid, room_watch(client.code))
        table = self.tables.tables.get(client.code)
        if client.role == "seat" and table is not None and client.seat is not None:
            seat = table.seats[client.seat]
            if seat.sid == sid:
                seat.sid = None
                out = self.table_messages(table)
        client.role = client.code = client.seat = None
        return out

    async def _bind_seat(self, sid: str, table: Table, seat: Seat) -> list[Message]:
        """Bind ``sid`` to ``seat`` (latest device wins) and return the messages it causes."""
        client = self.clients.setdefault(sid, Client())
        out: list[Message] = []
        if not (client.role == "seat" and client.code == table.code and client.seat == seat.seat):
            out += await self._leave(sid)
        old = seat.sid
        seat.sid = sid
        client.role, client.code, client.seat = "seat", table.code, seat.seat
        await self.sio.enter_room(sid, room_all(table.code))
        if old is not None and old != sid:
            await self._evict(old)
        return out

    async def _evict(self, sid: str) -> None:
        """Take any role away from ``sid`` and disconnect it once earlier messages are out."""
        client = self.clients.get(sid)
        if client is not None:
            await self.sio.leave_room(sid, room_all(client.code or ""))
            await self.sio.leave_room(sid, room_watch(client.code or ""))
            client.role = client.code = client.seat = None

        async def kick() -> None:
            await self.sio.disconnect(sid)

        notice = {"error": "replaced", "message": "this seat is now held by another device, or was released"}
        self.send([("error", notice, sid)], then=kick)

    # -- connection -------------------------------------------------------------------------------

    async def _on_connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        try:
            self.clients[sid] = Client()
            self.note_host(environ.get("HTTP_HOST"))
            token = auth.get("token") if isinstance(auth, dict) else None
            if token is None:
                return
            found = self.tables.by_token(token) if isinstance(token, str) else None
            if found is None:
                self.send([("error", {"error": "bad_token", "message": "this seat token is not valid "
                                      "(released, or from another host); join the table again"}, sid)])
                return
            table, seat = found
            out = await self._bind_seat(sid, table, seat)
            self.send(out + self.table_messages(table) + [("view", self.view_payload(table, seat.seat), sid)])
        except Exception:
            log.exception("connect of %s failed", sid)

    async def _on_disconnect(self, sid: str, reason: Any = None) -> None:
        try:
            out = await self._leave(sid)
            self.clients.pop(sid, None)
            if out:
                self.send(out)
        except Exception:
            log.exception("disconnect of %s failed", sid)

    # -- events -----------------------------------------------------------------------------------

    async def list_tables(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Every table in lobby or playing."""
        return {"tables": [self.table_payload(t) for t in self.tables.listing()]}

    async def create_table(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table in the lobby."""
        table = self.tables.create(
            data.get("game"), data.get("options"), data.get("autostart", False), data.get("seats")
        )
        return {"code": table.code}

    async def watch(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Watch a table as the board or a spectator."""
        table = self.tables.get(data.get("code"))
        out = await self._leave(sid)
        client = self.clients.setdefault(sid, Client())
        client.role, client.code = "watch", table.code
        await self.sio.enter_room(sid, room_all(table.code))
        await self.sio.enter_room(sid, room_watch(table.code))
        self.send(out + [("table", self.table_payload(table), sid),
                         ("view", self.view_payload(table, None), sid)])
        return {}

    async def join(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Take a seat (or get one's own seat back)."""
        table = self.tables.get(data.get("code"))
        client = self.clients.setdefault(sid, Client())
        token = None
        if client.role == "seat" and client.code == table.code and client.seat is not None:
            token = table.seats[client.seat].token
        seat = self.tables.join(table, data.get("name"), data.get("seat"), token)
        out = await self._bind_seat(sid, table, seat)
        if table.autostart and table.state == LOBBY and not table.free_seats():
            self.tables.start(table)
        self.send(out + self.table_messages(table) + self.view_messages(table))
        return {"seat": seat.seat, "token": seat.token}

    async def start(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Set up the game of a full table."""
        table = self.tables.get(data.get("code"))
        self.tables.start(table, data.get("options"))
        self.send(self.table_messages(table) + self.view_messages(table))
        return {}

    async def act(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Play one action for the socket's seat."""
        client = self.clients.get(sid)
        if client is None or client.role != "seat" or client.code is None or client.seat is None:
            raise HostError("not_seated", "this socket holds no seat; join a table first")
        table = self.tables.get(client.code)
        seat = table.seats[client.seat]
        if "action" not in data:
            raise HostError("bad_request", "'act' needs an 'action'")
        events = self.tables.act(table, seat, data["action"])
        out: list[Message] = [
            ("events", {"code": table.code, "seat": seat.seat, "step": table.step, "events": events},
             room_all(table.code))
        ]
        out += self.view_messages(table)
        if table.state == OVER:
            out += self.table_messages(table)
        self.send(out)
        return {"events": events, "step": table.step}

    async def play_again(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table with the same players; everyone of the old table moves there."""
        old = self.tables.get(data.get("code"))
        new = self.tables.play_again(old)
        out: list[Message] = []
        for csid, client in list(self.clients.items()):
            if client.code != old.code:
                continue
            out.append(("new_table", {"old_code": old.code, "code": new.code}, csid))
            await self.sio.leave_room(csid, room_all(old.code))
            await self.sio.leave_room(csid, room_watch(old.code))
            await self.sio.enter_room(csid, room_all(new.code))
            if client.role == "watch":
                await self.sio.enter_room(csid, room_watch(new.code))
            elif client.seat is not None:
                old.seats[client.seat].sid = None
                new.seats[client.seat].sid = csid
            client.code = new.code
        if new.autostart and new.state == LOBBY:
            self.tables.start(new)
        self.send(out + self.table_messages(new) + self.view_messages(new))
        return {"code": new.code}

    async def release_seat(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Free a seat so that another device may join it (the board only)."""
        table = self.tables.get(data.get("code"))
        client = self.clients.get(sid)
        if client is None or client.role != "watch" or client.code != table.code:
            raise HostError("forbidden", f"only a socket watching table {table.code} may release a seat")
        seat = self.tables.release(table, data.get("seat"))
        held = seat.sid
        seat.sid = None
        if held is not None:
            await self._evict(held)
        self.send(self.table_messages(table))
        return {}
