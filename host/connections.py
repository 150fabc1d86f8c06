"""The Socket.IO connection: who is connected (one :class:`Client` per socket, its rooms, the tables it
watches), the limits every event passes, and the one ordered chain that sends messages.

Every event's handler is wrapped (:meth:`Connections.on`): a malformed, refused or rate-limited request
gets an error ack and changes nothing; no exception escapes into python-socketio. Messages are queued by
:meth:`Connections.send` and sent by one chain of tasks, so acks go out before the broadcasts they cause
and no client sees states out of order. A client that stops reading is dropped.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engineio import packet as eio_packet
from socketio import packet

from host.config import HostConfig
from host.errors import HostError
from host.limits import FairShare, RateLimiter, Throttled
from host.model import Table
from host.transport import CappedEngineServer, HostServer
from host.wire import JsMsgPackPacket

log = logging.getLogger("host.connections")

MAX_PAYLOAD = 8 * 1024  # an event's packet, msgpack-encoded: larger gets "too_large"
MAX_TRANSPORT = 64 * 1024  # Engine.IO maxPayload: larger closes the connection
PING_INTERVAL, PING_TIMEOUT = 10, 20
SEAT, WATCH = "seat", "watch"
STALLED = frozenset({"busy"})  # refusals answered only once their retry_after passed
MAX_STALL = 1.0  # seconds
# They send whole tables or views: one shared budget, in fair shares per address.
COSTLY_EVENTS = frozenset({"list_tables", "table_info", "watch", "history", "resend_view"})
DEVICE_BYTES = 16  # a device token the host issues: 22 URL-safe characters
DEVICE_CHARS = re.compile(r"[A-Za-z0-9_-]+")


class Message(NamedTuple):
    """One message to send: an event, its payload, a socket id or room, and a socket id to leave out."""

    event: str
    payload: Any
    to: str
    skip: str | None = None


Handler = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any] | None]]
FollowUp = Callable[[], Awaitable[Any]]


@dataclass
class Client:
    """One socket: where it connects from, what it is (seated at a table, watching one, or neither),
    the board key it proved (a board has the rights of every table with that key: its table and the
    tables "play again" made from it), and the seat token it presented or was given."""

    address: str | None = None
    trusted: bool = False
    role: str | None = None  # SEAT | WATCH | None
    code: str | None = None
    seat: int | None = None
    board_key: str | None = None  # the board key this socket proved (or was given, on loopback)
    token: str | None = None
    device: str | None = None  # the phone's device token (its own, or issued by the host at connect)
    rooms: set[str] = field(default_factory=set)


def room_all(code: str) -> str:
    """Everyone at a table (seated phones and watchers)."""
    return f"t:{code}"


def room_watch(code: str) -> str:
    """The board and spectators of a table."""
    return f"w:{code}"


async def _stall(refusal: HostError) -> None:
    """Before a ``busy`` refusal's ack, wait its ``retry_after`` (at most ``MAX_STALL`` s). The handler
    runs in the socket's reading task, so the socket's next events wait in its TCP buffer meanwhile: a
    listing flood cannot make the host refuse faster than the shared budget refills, and other sockets go
    on at once."""
    if refusal.code in STALLED:
        await asyncio.sleep(min(MAX_STALL, float(refusal.extra.get("retry_after", 0.0))))


def device_token(given: Any) -> str | None:
    """A device token a phone sent in ``auth`` if it is well formed (URL-safe, 16 to 64 characters),
    else ``None`` (the host then issues one)."""
    if isinstance(given, str) and 16 <= len(given) <= 64 and DEVICE_CHARS.fullmatch(given):
        return given
    return None


class Connections:
    """The Socket.IO server, its clients and rooms, the rate limits and the ordered outbox."""

    def __init__(self, config: HostConfig) -> None:
        self.config = config
        limits = config.limits
        self.clients: dict[str, Client] = {}
        self.watchers: dict[str, set[str]] = {}  # table code -> sockets watching it
        self.closing = False  # set when the host stops: every event is refused from then on
        self._outbox: deque[tuple[list[Message], FollowUp | None]] = deque()
        self._sender: asyncio.Future[None] | None = None
        self.socket_rate = RateLimiter(limits.socket_burst, limits.socket_rate)
        self.address_rate = RateLimiter(limits.address_burst, limits.address_rate)
        self.costly = FairShare(limits.costly_rate, limits.costly_burst)
        self.limited = Throttled(log, "events refused by the rate limits")
        self.busy = Throttled(log, "listing and watching requests refused by their shared budget")
        self.dropped = Throttled(log, "clients dropped for not reading their messages")
        self.sio = HostServer(
            async_mode="aiohttp", serializer=JsMsgPackPacket, always_connect=True,
            ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, max_http_buffer_size=MAX_TRANSPORT,
            logger=False, engineio_logger=False,
            async_handlers=False,  # the event's handler runs in Engine.IO's reading task (see below)
        )
        self.sio.max_event_bytes = MAX_PAYLOAD
        eio = self.sio.eio
        assert isinstance(eio, CappedEngineServer)
        # One socket's events are handled one after another, in the task that reads the socket: no task
        # per event (a flood waits in the socket's TCP buffer, not in the host's memory), and one turn of
        # the event loop less before each handler. Different sockets still run at the same time.
        eio.async_handlers = False
        eio.max_items, eio.max_bytes = limits.queued_messages, limits.queued_bytes
        eio.on_overflow = self._overflowed
        self.sio.on("*", self._on_unknown)

    # -- events and their limits ------------------------------------------------------------------

    def on(self, name: str, handler: Handler) -> None:
        """Answer event ``name`` with ``handler``, behind the limits and with an error ack for any refusal
        or failure."""
        self.sio.on(name, self._guard(name, handler))

    def _guard(self, name: str, handler: Handler) -> Callable[..., Awaitable[dict[str, Any]]]:
        async def guarded(sid: str, *args: Any) -> dict[str, Any]:
            try:
                self._rate_check(sid)
                if name in COSTLY_EVENTS:
                    self.spend_costly(sid)
                if self.closing:
                    raise HostError("stopping", "the host is stopping; try again in a moment")
                if len(args) != 1 or not isinstance(args[0], dict):
                    raise HostError("bad_request", f"'{name}' takes exactly one map as its payload")
                return {"ok": True, **(await handler(sid, args[0]) or {})}
            except HostError as exc:
                await _stall(exc)
                return exc.ack()
            except (OSError, sqlite3.Error) as exc:  # the disk: full, gone, read-only
                log.error("event %r from %s: the change could not be saved (%s); it was undone",
                          name, sid, exc)
                return {"ok": False, "error": "internal", "message": "the host could not save that; nothing "
                                                                     "changed"}
            except Exception:
                log.exception("event %r from %s failed", name, sid)
                return {"ok": False, "error": "internal", "message": "the host failed; nothing changed"}

        return guarded

    def _rate_check(self, sid: str) -> None:
        client = self.clients.get(sid)
        wait = self.socket_rate.take(sid)
        if not wait and client is not None and not client.trusted and client.address is not None:
            wait = self.address_rate.take(client.address)
        if wait:
            self.limited.note(client.address if client is not None and client.address else sid)
            raise HostError("rate_limited", "too many requests; slow down",
                            retry_after=max(0.001, round(wait, 3)))

    def spend_costly(self, sid: str) -> None:
        """Spend one of the address's fair share of the costly requests' budget (the host's own machine
        spends none), or ``busy``."""
        client = self.clients.get(sid)
        if client is None or client.trusted:
            return
        wait = self.costly.take(client.address or sid)
        if wait:
            self.busy.note(client.address or sid)
            raise HostError("busy", "the host is busy answering many list and watch requests; try again "
                                    "in a moment", retry_after=max(0.001, round(wait, 3)))

    async def _on_unknown(self, event: str, sid: str, *args: Any) -> dict[str, Any]:
        try:
            self._rate_check(sid)
        except HostError as exc:
            await _stall(exc)
            return exc.ack()
        return HostError("unknown_event", f"unknown event {str(event)[:40]!r}").ack()

    # -- clients ----------------------------------------------------------------------------------

    def admit(self, sid: str, address: str | None, auth: Any) -> Client:
        """A socket connected from ``address``: its client, with the device token its ``auth`` names, or
        one issued now (and sent to it: the phone keeps it and sends it from now on)."""
        device = device_token(auth.get("device") if isinstance(auth, dict) else None)
        client = self.clients[sid] = Client(address=address, trusted=self.config.trusts(address),
                                            device=device or secrets.token_urlsafe(DEVICE_BYTES))
        if device is None:
            self.send([Message("device", {"device": client.device}, sid)])
        return client

    def forget(self, sid: str) -> None:
        """A socket is gone: its client and its rate bucket."""
        self.clients.pop(sid, None)
        self.socket_rate.drop(sid)

    def in_use(self, table: Table) -> bool:
        """True if a socket watches ``table`` or is bound to one of its seats."""
        return bool(self.watchers.get(table.code)) or table.connected()

    async def enter(self, sid: str, room: str) -> None:
        """``sid`` joins ``room`` (its client remembers it, to leave it with the role)."""
        client = self.clients.get(sid)
        if client is not None:
            client.rooms.add(room)
        await self.sio.enter_room(sid, room)

    async def leave_rooms(self, sid: str) -> None:
        """``sid`` leaves every room it entered."""
        client = self.clients.get(sid)
        if client is None:
            return
        for room in list(client.rooms):
            await self.sio.leave_room(sid, room)
        client.rooms.clear()

    def unwatch(self, code: str, sid: str) -> None:
        """``sid`` no longer watches table ``code`` (the map keeps no empty entries)."""
        watching = self.watchers.get(code)
        if watching is not None:
            watching.discard(sid)
            if not watching:
                del self.watchers[code]

    # -- sending ----------------------------------------------------------------------------------

    def send(self, messages: list[Message], then: FollowUp | None = None) -> None:
        """Queue ``messages`` (and then an optional coroutine) behind every earlier send. One sender task
        empties the queue; it starts on the next turn of the event loop, after the ack of the event
        being handled."""
        self._outbox.append((messages, then))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.ensure_future(self._send_all())

    async def _send_all(self) -> None:
        while self._outbox:
            messages, then = self._outbox.popleft()
            for message in messages:
                try:
                    await self._emit(message)
                except Exception:
                    log.exception("sending %r to %s failed", message.event, message.to)
            if then is not None:
                try:
                    await then()
                except Exception:
                    log.exception("a follow-up after sending failed")

    async def _emit(self, message: Message) -> None:
        """Encode ``message`` once and queue it for each recipient (python-socketio's emit, without a
        task per recipient)."""
        encoded = JsMsgPackPacket(packet.EVENT, namespace="/", data=[message.event, message.payload]).encode()
        frame = eio_packet.Packet(eio_packet.MESSAGE, encoded)
        for sid, eio_sid in self.sio.manager.get_participants("/", message.to):
            if sid != message.skip:
                await self.sio.eio.send_packet(eio_sid, frame)

    async def drain(self) -> None:
        """Wait until every queued message was handed to the transport."""
        while self._sender is not None and not self._sender.done():
            await self._sender

    def _overflowed(self, eio_sid: str) -> None:
        """A client stopped reading: abort its connection (its queue already takes nothing more)."""
        environ = self.sio.environ.get(eio_sid) or {}
        request = environ.get("aiohttp.request")
        self.dropped.note(getattr(request, "remote", None) or eio_sid)
        transport = getattr(request, "transport", None)
        if transport is not None:
            transport.abort()
