"""Serving the app: a cap on open connections per address and in all (below the file limit), checked the
moment a connection is accepted, and a clean stop on Ctrl-C / SIGTERM.

A refused connection is closed at once, before any HTTP exchange, and refusals are logged as one line a
second at most, never a traceback each. Requests the server cannot parse (a header line over aiohttp's
limit, a malformed request line) are logged the same way, counted per kind and address
(:class:`BadRequestLog`), and each spends the sender's budget of bad requests: an address that spent it
has its connections refused at accept until it refills, so a flood costs the host no parsing and other
clients no time. The cap leaves room below the file limit for the store, the bot
workers' pipes and the connections accepted in one burst before the refused ones are closed (at most
``ACCEPT_BACKLOG`` a turn of the event loop, closed within two turns); should the process run out of
files anyway, the event loop's "accept failed" reports are throttled the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler

from host.config import Limits
from host.limits import Clock, RateLimiter, Throttled
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

    BLOCKED_LIMIT = 4096  # addresses remembered as over their bad-request budget (older ones forgotten)

    def __init__(self, per_address: int, total: int, trusts: Callable[[str | None], bool], *,
                 bad_burst: float = Limits.bad_requests_burst, bad_rate: float = Limits.bad_requests_rate,
                 clock: Clock = time.monotonic) -> None:
        self.per_address, self.total, self.trusts = per_address, total, trusts
        self.open: Counter[str | None] = Counter()
        self.holders: dict[Any, str | None] = {}
        self.refused = Throttled(log, "connections refused (too many open)")
        self.bad_requests = RateLimiter(bad_burst, bad_rate, clock)
        self.blocked: dict[str, float] = {}  # address -> when its bad-request budget holds one again
        self.clock = clock
        self.refused_bad = Throttled(log, "connections refused (too many bad requests from the address)")

    @classmethod
    def for_limits(cls, limits: Limits, trusts: Callable[[str | None], bool]) -> ConnectionGate:
        """A gate with the limits' caps, the total kept below this process's file limit (raised first)."""
        files = file_limit()
        total = connection_cap(limits, files)
        # Said aloud only when the system's file limit, not the host's own cap, bounds the connections.
        level = logging.WARNING if total < limits.connections_total else logging.DEBUG
        log.log(level, "open files: at most %d; connections: at most %d (%d per address)", files, total,
                limits.connections_per_address)
        return cls(limits.connections_per_address, total, trusts, bad_burst=limits.bad_requests_burst,
                   bad_rate=limits.bad_requests_rate)

    def bad_request(self, address: str | None) -> None:
        """``address`` sent a request the server could not parse: it spends one of the address's budget
        (the host's own machine is exempt); once spent, its connections are refused until it refills."""
        if address is None or self.trusts(address):
            return
        wait = self.bad_requests.take(address)
        if wait > 0:
            if len(self.blocked) >= self.BLOCKED_LIMIT:
                now = self.clock()
                self.blocked = {a: t for a, t in self.blocked.items() if t > now}
                for old in list(self.blocked)[: max(0, len(self.blocked) - self.BLOCKED_LIMIT // 2)]:
                    del self.blocked[old]
            self.blocked[address] = self.clock() + wait
        if len(self.bad_requests.buckets) > self.BLOCKED_LIMIT:
            self.bad_requests.prune()

    def admit(self, holder: Any, address: str | None) -> bool:
        """Count ``holder``'s connection from ``address``, or refuse it (False)."""
        if address is not None and address in self.blocked:
            if self.clock() < self.blocked[address]:
                self.refused_bad.note(address)
                return False
            del self.blocked[address]
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


class BadRequestLog(logging.Logger):
    """The logger of aiohttp's request handlers: a request it could not parse (an
    :class:`HttpProcessingError`: a header line too long, a malformed request line or header) is counted
    per kind and address, logged as one line a second at most with no traceback, and charged to the
    sender (:meth:`ConnectionGate.bad_request`); every other record goes on to ``aiohttp.server``."""

    KINDS_LIMIT = 32  # kinds and addresses counted between two lines; the rest are summed as "others"

    def __init__(self, gate: ConnectionGate, every: float = 1.0, clock: Clock = time.monotonic) -> None:
        super().__init__("aiohttp.server.bad_requests")
        self.gate, self.every, self.clock = gate, every, clock
        self.target = logging.getLogger("aiohttp.server")
        self.counts: Counter[str] = Counter()
        self.last = -float("inf")

    def handle(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, HttpProcessingError):
            if self.target.isEnabledFor(record.levelno):
                self.target.handle(record)
            return
        address = record.args[0] if isinstance(record.args, tuple) and record.args else None
        address = address if isinstance(address, str) else None
        self.gate.bad_request(address)
        key = f"{type(exc).__name__} from {address or 'an unknown address'}"
        if key in self.counts or len(self.counts) < self.KINDS_LIMIT:
            self.counts[key] += 1
        else:
            self.counts["others"] += 1
        now = self.clock()
        if now - self.last >= self.every:
            summary = ", ".join(f"{what}: {n}" for what, n in self.counts.most_common(5))
            more = len(self.counts) - 5
            log.warning("bad HTTP requests answered 400 in the last %.0f s: %s%s", self.every, summary,
                        f" (and {more} more kinds or addresses)" if more > 0 else "")
            self.counts.clear()
            self.last = now


class GatedRunner(web.AppRunner):
    """An AppRunner whose server asks a :class:`ConnectionGate` before serving a connection, and whose
    request handlers report unparsable requests through a :class:`BadRequestLog`."""

    def __init__(self, app: web.Application, gate: ConnectionGate, **kwargs: Any) -> None:
        kwargs.setdefault("logger", BadRequestLog(gate))
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
