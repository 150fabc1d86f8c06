"""Serving the app: a cap on open connections per address and in all (below the file limit), checked the
moment a connection is accepted, and a clean stop on Ctrl-C / SIGTERM.

A refused connection is closed at once, before any HTTP exchange, and refusals are logged as one line a
second at most, never a traceback each.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import signal
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from host.config import Limits
from host.limits import Throttled

log = logging.getLogger("host.serve")

FILES_RESERVED = 64  # file descriptors kept for the database, logs, static files


def file_limit() -> int:
    """The process's open-file limit, raised to its hard limit when allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


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
        """A gate with the limits' caps, the total kept below this process's file limit."""
        total = max(8, min(limits.connections_total, file_limit() - FILES_RESERVED))
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
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    runner = GatedRunner(app, gate, handle_signals=False, shutdown_timeout=shutdown_timeout,
                         access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        on_listening()
        await stop.wait()
    finally:
        await runner.cleanup()
