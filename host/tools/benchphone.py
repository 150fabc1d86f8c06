"""The load benchmark's phones: a lean Socket.IO client, one websocket per phone, random moves.

``make bench`` plays 50 tables flat out on one machine, so the phones share the CPU with the host they
measure. python-socketio's client spends more CPU per message than the host does per action (a task
and a timer per event), and on a small laptop the phones' own queues then set the latency's tail. These
phones speak the same protocol as the browser (Engine.IO 4 over a websocket, Socket.IO packets in
msgpack as binary frames) with nothing else: one reader per socket, acks matched by id. They play like
:class:`host.tools.phone.Phone` with the ``random`` policy (no reconnecting: a bench host never restarts).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import msgpack

from host.tools.phone import CALL_TIMEOUT, STALE_ERRORS, PhoneError
from host.tools.viewkeeper import ViewKeeper
from host.wire import js_ext_hook

# Socket.IO packet types (the msgpack parser's "type" field)
CONNECT, DISCONNECT, EVENT, ACK, CONNECT_ERROR = 0, 1, 2, 3, 4
# Engine.IO text frames: open, close, ping, pong
EIO_OPEN, EIO_CLOSE, EIO_PING, EIO_PONG = "0", "1", "2", "3"
NAMESPACE = "/"
JOIN_RETRIES = 50  # a join refused as rate_limited is sent again at most this many times


def socket_url(url: str) -> str:
    """The websocket address of the host at ``url`` (``http://host:port``)."""
    return url.rstrip("/").replace("http", "ws", 1) + "/socket.io/?EIO=4&transport=websocket"


class LeanPhone:
    """One seat played with random moves over one websocket; ``on_ack`` hears each ``act``'s round trip
    (seconds, and whether it was accepted)."""

    def __init__(self, session: aiohttp.ClientSession, url: str, code: str, name: str, *, seed: int,
                 on_ack: Callable[[float, bool], None]) -> None:
        self.session, self.url, self.code, self.name = session, url, code, name
        self.rng = random.Random(seed)
        self.on_ack = on_ack
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None
        self.connected = asyncio.get_running_loop().create_future()
        self.acks: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.views = ViewKeeper()
        self.resends: set[asyncio.Future[Any]] = set()
        self.changed = asyncio.Event()
        self.closed = False
        self.throttled = 0  # acts refused as rate_limited (sent again after their retry_after)

    # -- the wire ---------------------------------------------------------------------------------

    async def _send(self, packet: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_bytes(msgpack.packb(packet))

    async def connect(self) -> None:
        """Open the websocket and the Socket.IO session (no seat token: a new phone)."""
        self.ws = await self.session.ws_connect(socket_url(self.url), autoping=False, max_msg_size=0)
        opening = await self.ws.receive(timeout=CALL_TIMEOUT)
        if opening.type != aiohttp.WSMsgType.TEXT or not opening.data.startswith(EIO_OPEN):
            raise PhoneError(f"the host did not open an Engine.IO session: {opening.data!r}")
        self.reader = asyncio.create_task(self._read())
        await self._send({"type": CONNECT, "nsp": NAMESPACE, "data": {"token": None}})
        await asyncio.wait_for(self.connected, CALL_TIMEOUT)

    async def call(self, event: str, payload: dict[str, Any]) -> Any:
        """Emit ``event`` and wait for its ack's payload."""
        self.next_id += 1
        ack_id = self.next_id
        future = self.acks[ack_id] = asyncio.get_running_loop().create_future()
        try:
            await self._send({"type": EVENT, "nsp": NAMESPACE, "data": [event, payload], "id": ack_id})
            return await asyncio.wait_for(future, CALL_TIMEOUT)
        finally:
            self.acks.pop(ack_id, None)

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for message in self.ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    self._packet(msgpack.unpackb(message.data, ext_hook=js_ext_hook))
                elif message.type == aiohttp.WSMsgType.TEXT:
                    if message.data == EIO_PING:
                        await self.ws.send_str(EIO_PONG)
                    elif message.data.startswith(EIO_CLOSE):
                        break
        finally:
            self.closed = True
            for future in self.acks.values():
                if not future.done():
                    future.set_exception(PhoneError("the host closed the connection"))
            if not self.connected.done():
                self.connected.set_exception(PhoneError("the host closed the connection"))
            self.changed.set()

    def _packet(self, packet: dict[str, Any]) -> None:
        kind, data = packet.get("type"), packet.get("data")
        if kind == ACK:
            future = self.acks.get(packet.get("id", -1))
            if future is not None and not future.done():
                future.set_result(data[0] if isinstance(data, list) and data else None)
        elif kind == EVENT and isinstance(data, list) and len(data) == 2:
            self._event(data[0], data[1])
        elif kind == CONNECT and not self.connected.done():
            self.connected.set_result(None)
        elif kind == CONNECT_ERROR and not self.connected.done():
            self.connected.set_exception(PhoneError(f"connection refused: {data!r}"))

    def _event(self, event: str, data: Any) -> None:
        if not isinstance(data, dict) or data.get("code") != self.code:
            return
        rebuilt = self.views.receive(event, data, self.code)
        if rebuilt is None:
            if self.views.stale and event == "view_patch":  # a patch that did not fit: ask for the whole view
                self.resends.add(asyncio.ensure_future(self.call("resend_view", {})))
            return
        self.view = rebuilt
        self.changed.set()

    # -- playing ----------------------------------------------------------------------------------

    async def join(self) -> int:
        """Connect and take a seat at the table."""
        await self.connect()
        ack = await self.call("join", {"code": self.code, "name": self.name})
        for _ in range(JOIN_RETRIES):  # as a phone: wait the answer's retry_after, then ask again
            if not (isinstance(ack, dict) and ack.get("error") == "rate_limited"):
                break
            await asyncio.sleep(float(ack.get("retry_after") or 0.0))
            ack = await self.call("join", {"code": self.code, "name": self.name})
        if not isinstance(ack, dict) or not ack.get("ok"):
            raise PhoneError(f"join: {ack!r}")
        self.seat = int(ack["seat"])
        return self.seat

    def result(self) -> dict[str, Any] | None:
        """The game's result once the latest view shows it."""
        return ((self.view or {}).get("view") or {}).get("result")

    def step(self) -> int:
        """The step of the latest view."""
        return int((self.view or {}).get("step", 0))

    async def play(self) -> dict[str, Any] | None:
        """Play random legal moves until the game ends; return its result."""
        acted_step = -1
        while True:
            result = self.result()
            if result is not None:
                return result
            if self.closed:
                raise PhoneError("the host closed the connection")
            current = self.view or {}
            legal = current.get("legal_actions") or []
            waiting = (current.get("view") or {}).get("waiting")
            if legal and current.get("step", 0) > acted_step and (waiting is None or self.seat in waiting):
                before, acted_step = acted_step, current["step"]
                start = time.perf_counter()
                ack = await self.call("act", {"action": self.rng.choice(legal)})
                accepted = isinstance(ack, dict) and bool(ack.get("ok"))
                self.on_ack(time.perf_counter() - start, accepted)
                if accepted:  # views that crossed this ack on the wire are older than our move
                    acted_step = max(acted_step, int(ack.get("step", 0)) - 1)
                elif isinstance(ack, dict) and ack.get("error") == "rate_limited":  # as a phone: wait, resend
                    self.throttled += 1
                    acted_step = before
                    await asyncio.sleep(float(ack.get("retry_after") or 0.0))
                elif not isinstance(ack, dict) or ack.get("error") not in STALE_ERRORS:
                    raise PhoneError(f"act: {ack!r}")
                continue
            self.changed.clear()
            if self.view is current or self.view is None:
                await self.changed.wait()

    async def close(self) -> None:
        """Leave: close the websocket and stop the reader."""
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
