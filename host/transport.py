"""Socket.IO and Engine.IO servers that a hostile client cannot wedge or make grow.

- :class:`CappedQueue`: each socket's outgoing queue knows how many messages and bytes wait in it; past
  the cap it takes no more and reports the overflow, so a client that does not read is dropped instead
  of buffered.
- :class:`CappedEngineServer`: creates those queues and drops an overflowing socket (its TCP connection
  is aborted).
- :class:`HostServer`: the Socket.IO server; a packet that cannot be decoded is ignored, a binary packet
  is answered with ``bad_request``, client-sent reserved events (``connect``, ``disconnect``) are
  ignored. Nothing a client sends reaches python-socketio's own dispatch unchecked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import engineio
import socketio
from socketio import packet

from host.limits import Throttled

log = logging.getLogger("host.transport")

RESERVED_EVENTS = frozenset({"connect", "disconnect", "connect_error"})
PACKET_TYPES = range(7)  # CONNECT .. BINARY_ACK


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def non_string_key(value: Any) -> Any:
    """The first map key in ``value`` (searched through nested maps and lists) that is not a string,
    else ``None``; iterative, so a deeply nested payload cannot exhaust the stack."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str):
                    return repr(key)[:20]
                pending.append(inner)
        elif isinstance(item, list | tuple):
            pending.extend(item)
    return None


def frame_problem(pkt: Any) -> str | None:
    """What is wrong with a decoded packet's fields (a JSON-like type check: a number is never a
    boolean, map keys are strings), or ``None``."""
    if not _whole(pkt.packet_type) or pkt.packet_type not in PACKET_TYPES:
        return "a packet's 'type' must be a Socket.IO packet number"
    if pkt.id is not None and (not _whole(pkt.id) or pkt.id < 0):
        return "a packet's 'id' must be a whole number"
    if pkt.namespace is not None and not isinstance(pkt.namespace, str):
        return "a packet's 'nsp' must be a string"
    if pkt.packet_type == packet.EVENT:
        key = non_string_key(pkt.data)
        if key is not None:
            return f"map keys must be strings, not {key}"
    return None


def _size(item: Any) -> int:
    data = getattr(item, "data", None)
    return len(data) if isinstance(data, (bytes, str)) else 0


class CappedQueue(asyncio.Queue[Any]):
    """An unbounded-looking queue that refuses items past ``max_items`` or ``max_bytes`` waiting
    (``None``, the writer's stop signal, always passes) and remembers that it overflowed."""

    def __init__(self, max_items: int, max_bytes: int) -> None:
        super().__init__()
        self.max_items, self.max_bytes = max_items, max_bytes
        self.bytes = 0
        self.overflowed = False

    def put_nowait(self, item: Any) -> None:
        if item is not None:
            if self.overflowed or self.qsize() >= self.max_items or self.bytes + _size(item) > self.max_bytes:
                self.overflowed = True
                return
            self.bytes += _size(item)
        super().put_nowait(item)

    def _get(self) -> Any:
        item = super()._get()
        self.bytes -= _size(item)
        return item


class CappedEngineServer(engineio.AsyncServer):
    """Engine.IO server whose sockets have :class:`CappedQueue` queues; an overflowing socket is
    closed and ``on_overflow(eio_sid)`` is called (the host aborts its connection)."""

    max_items = 256
    max_bytes = 4 * 1024 * 1024
    on_overflow: Callable[[str], None] | None = None

    def create_queue(self, *args: Any, **kwargs: Any) -> CappedQueue:
        return CappedQueue(self.max_items, self.max_bytes)

    async def send_packet(self, sid: str, pkt: Any) -> None:
        await super().send_packet(sid, pkt)
        socket = self.sockets.get(sid)
        queue = getattr(socket, "queue", None)
        if socket is None or not isinstance(queue, CappedQueue) or not queue.overflowed or socket.closing:
            return
        if self.on_overflow is not None:
            self.on_overflow(sid)
        await socket.close(wait=False, abort=True, reason=self.reason.TRANSPORT_CLOSE)


class HostServer(socketio.AsyncServer):
    """python-socketio's server with the checks above on every incoming packet."""

    max_event_bytes = 8 * 1024  # an event packet larger than this gets "too_large" and is not handled

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bad_packets = Throttled(log, "ignored undecodable or malformed packets")

    def _engineio_server_class(self) -> type[engineio.AsyncServer]:
        return CappedEngineServer

    async def _handle_eio_message(self, eio_sid: str, data: Any) -> None:
        try:
            pkt = self.packet_class(encoded_packet=data)
        except Exception as exc:
            self.bad_packets.note(f"{type(exc).__name__}")
            return
        kind = pkt.packet_type
        try:
            problem = frame_problem(pkt)
            if problem is not None:
                self.bad_packets.note(problem)
                await self._refuse_malformed(eio_sid, pkt, problem)
            elif kind == packet.CONNECT:
                await self._handle_connect(eio_sid, pkt.namespace, pkt.data)
            elif kind == packet.DISCONNECT:
                await self._handle_disconnect(eio_sid, pkt.namespace, self.reason.CLIENT_DISCONNECT)
            elif kind == packet.EVENT and isinstance(data, (bytes, str)) and len(data) > self.max_event_bytes:
                if isinstance(pkt.id, int):
                    await self._reply(eio_sid, pkt, "too_large",
                                      f"payloads are limited to {self.max_event_bytes} bytes")
            elif kind == packet.EVENT:
                await self._event(eio_sid, pkt)
            elif kind == packet.ACK:
                await self._handle_ack(eio_sid, pkt.namespace, pkt.id, pkt.data)
            elif kind in (packet.BINARY_EVENT, packet.BINARY_ACK):
                await self._refuse_binary(eio_sid, pkt)
            else:
                self.bad_packets.note(f"packet type {kind!r}")
        except Exception:
            log.exception("a packet from %s could not be handled", eio_sid)

    async def _event(self, eio_sid: str, pkt: Any) -> None:
        data = pkt.data
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            self.bad_packets.note("an event without a name")
            if pkt.id is not None and isinstance(pkt.id, int):
                await self._reply(eio_sid, pkt, "bad_request", "an event needs a name")
            return
        if data[0] in RESERVED_EVENTS:
            self.bad_packets.note(f"a client-sent {data[0]!r} event")
            return  # reserved for the library: ignored, as the protocol says
        await self._handle_event(eio_sid, pkt.namespace, pkt.id, data)

    async def _refuse_binary(self, eio_sid: str, pkt: Any) -> None:
        message = "binary Socket.IO packets are not accepted: send msgpack maps"
        if isinstance(pkt.id, int) and pkt.packet_type == packet.BINARY_EVENT:
            await self._reply(eio_sid, pkt, "bad_request", message)
            return
        sid = self.manager.sid_from_eio_sid(eio_sid, pkt.namespace or "/")
        if sid is not None:
            await self.emit("error", {"error": "bad_request", "message": message}, to=sid)

    async def _refuse_malformed(self, eio_sid: str, pkt: Any, message: str) -> None:
        """Answer a malformed packet: an error ack when it carries a usable ack id, else an ``error``
        event (a socket not connected to the namespace yet gets nothing: it has no socket id)."""
        if _whole(pkt.id) and pkt.id >= 0:
            pkt.namespace = pkt.namespace if isinstance(pkt.namespace, str) else "/"
            await self._reply(eio_sid, pkt, "bad_request", message)
            return
        sid = self.manager.sid_from_eio_sid(eio_sid, "/")
        if sid is not None:
            await self.emit("error", {"error": "bad_request", "message": message}, to=sid)

    async def _reply(self, eio_sid: str, pkt: Any, code: str, message: str) -> None:
        await self._send_packet(eio_sid, self.packet_class(
            packet.ACK, namespace=pkt.namespace or "/", id=pkt.id,
            data=[{"ok": False, "error": code, "message": message}]))
