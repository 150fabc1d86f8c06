"""Serving the app: a cap on open connections per address and in all (below the file limit), checked the
moment a connection is accepted, and a clean stop on Ctrl-C / SIGTERM.

A refused connection is closed at once, before any HTTP exchange, and refusals are logged as one line a
second at most, never a traceback each. The cap leaves room below the file limit for the store, the bot
workers' pipes and the connections accepted in one burst before the refused ones are closed (at most
``ACCEPT_BACKLOG`` a turn of the event loop, closed within two turns); should the process run out of
files anyway, the event loop's "accept failed" reports are throttled the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from host.config import Limits
from host.limits import Throttled
from host.oscompat import file_limit

log = logging.getLogger("host.serve")

FILES_RESERVED = 64  # file descriptors kept for the database, logs, static files and the bots' pipes
ACCEPT_BACKLOG = 32  # connections the listening socket queues, and accepts in one turn of the loop
ACCEPT_TURNS = 3  # turns of the loop a refused connection may hold its descriptor


def connection_cap(limits: Limits, files: int) -> int:
    """The most connections open at once for a process allowed ``files`` descriptors."""
    return max(8, min(limits.connections_total, files - FILES_RESERVED - ACCEPT_BACKLOG * ACCEPT_TURNS))


class AcceptErrors:
    """An event-loop exception handler that turns "socket.accept() out of system resource" reports into
    one throttled line (no traceback) and passes every other report on."""

    def __init__(self) -> None:
        self.throttled = Throttled(log, "connections the system could not accept (out of open files)")

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            self.throttled.note(str(context.get("exception", "")))
            return
        loop.default_exception_handler(context)


class ConnectionGate:
    """Counts open connections per address; admits one only below both caps. ``trusts(address)``
    exempts an address (the host's own machine) from the per-address cap, never from the total."""

    def __init__(self, per_address: int, total: int, trusts: Callable[[str | None], bool]) -> None:
        self.per_address, self.total, self.trusts = per_address, total, trusts
        self.open: Counter[str | None] = Counter()
        self.holders: dict[Any, str | None] = {}
        self.refused = Throttled(log, "connections refused (too many open)")

    @classmethod
    def for_limits(cls, limits: Limits, trusts: Callable[[str | None], bool]) -> ConnectionGate:
        """A gate with the limits' caps, the total kept below this process's file limit (raised first)."""
        files = file_limit()
        total = connection_cap(limits, files)
        # Said aloud only when the system's file limit, not the host's own cap, bounds the connections.
        level = logging.WARNING if total < limits.connections_total else logging.DEBUG
        log.log(level, "open files: at most %d; connections: at most %d (%d per address)", files, total,
                limits.connections_per_address)
        return cls(limits.connections_per_address, total, trusts)

    def admit(self, holder: Any, address: str | None) -> bool:
        """Count ``holder``'s connection from ``address``, or refuse it (False)."""
        if sum(self.open.values()) >= self.total:
            self.refused.note(f"{self.total} in all")
            return False
        if not self.trusts(address) and self.open[address] >= self.per_address:
            self.refused.note(f"{address}: over {self.per_address} per address")
            return False
        self.open[address] += 1
        self.holders[holder] = address
        return True

    def release(self, holder: Any) -> None:
        """``holder``'s connection closed."""
        if holder in self.holders:
            address = self.holders.pop(holder)
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]


class GatedRunner(web.AppRunner):
    """An AppRunner whose server asks a :class:`ConnectionGate` before serving a connection."""

    def __init__(self, app: web.Application, gate: ConnectionGate, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.gate = gate

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        plain_made, plain_lost = server.connection_made, server.connection_lost
        gate = self.gate

        def connection_made(handler: RequestHandler, transport: asyncio.Transport) -> None:
            plain_made(handler, transport)
            peer = transport.get_extra_info("peername")
            address = peer[0] if isinstance(peer, tuple) and peer else None
            if not gate.admit(handler, address):
                # Closed on the next turn of the loop, before any byte is read: the handler's own
                # start-up (which runs next) must not find it closed already.
                asyncio.get_running_loop().call_soon(transport.abort)

        def connection_lost(handler: RequestHandler, exc: BaseException | None = None) -> None:
            gate.release(handler)
            plain_lost(handler, exc)

        server.connection_made = connection_made  # type: ignore[method-assign]
        server.connection_lost = connection_lost  # type: ignore[method-assign]
        return server


async def serve(app: web.Application, host: str, port: int, gate: ConnectionGate, *,
                shutdown_timeout: float, on_listening: Callable[[], None]) -> None:
    """Serve ``app`` on ``host:port`` until SIGINT or SIGTERM, then stop cleanly (everything saved)."""
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(AcceptErrors())
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    runner = GatedRunner(app, gate, handle_signals=False, shutdown_timeout=shutdown_timeout,
                         access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port, backlog=ACCEPT_BACKLOG)
        await site.start()
        on_listening()
        await stop.wait()
    finally:
        await runner.cleanup()
