"""Nothing a stranger sends floods the log or slows others (issue 36): requests with a header line over
aiohttp's limit, sent for seconds from one address, are answered 400 and logged as one line a second at
most with no traceback; past the address's budget of bad requests its connections are refused at accept;
meanwhile another address's requests are all served."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import statistics
import sys
import time
from pathlib import Path

import aiohttp

from .conftest import WAIT

ROOT = Path(__file__).resolve().parents[2]
FLOOD_SECONDS = 3.0
IN_FLIGHT = 8  # the flooder's requests at once
FLOODER, OTHER = "127.0.3.1", "127.0.3.2"  # loopback, but not trusted by this host: strangers on the LAN
HOST_PROGRAM = """
import asyncio, logging, sys
from host.app import create_app
from host.config import HostConfig
from host.serve import ConnectionGate, serve
logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
config = HostConfig(trust_loopback=False)
gate = ConnectionGate.for_limits(config.limits, config.trusts)
app = create_app(sys.argv[2], config=config)
asyncio.run(serve(app, "127.0.0.1", int(sys.argv[1]), gate, shutdown_timeout=0.5,
                  on_listening=lambda: print("listening", flush=True)))
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _bad_request(port: int) -> str:
    """One request whose header line is over 8,190 bytes: "400", "refused" (closed unanswered) or "error"."""
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, local_addr=(FLOODER, 0)), WAIT)
    except OSError:
        return "error"
    try:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n")
        await writer.drain()
        head = await asyncio.wait_for(reader.read(12), WAIT)
        return "400" if head.startswith(b"HTTP/1.0 400") or head.startswith(b"HTTP/1.1 400") else "refused"
    except (OSError, TimeoutError):
        return "refused"
    finally:
        writer.close()


async def test_oversized_headers_for_seconds_neither_flood_the_log_nor_stop_others(tmp_path: Path) -> None:
    port = _free_port()
    log = tmp_path / "host.log"
    with log.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", HOST_PROGRAM, str(port), str(tmp_path / "data"), cwd=ROOT,
            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=asyncio.subprocess.PIPE, stderr=err)
        try:
            assert proc.stdout is not None
            assert (await asyncio.wait_for(proc.stdout.readline(), WAIT)).startswith(b"listening"), \
                log.read_text()
            before = log.stat().st_size
            outcomes: list[str] = []
            latencies: list[float] = []
            statuses: list[int] = []
            stop = time.monotonic() + FLOOD_SECONDS

            async def flood() -> None:
                while time.monotonic() < stop:
                    outcomes.extend(await asyncio.gather(*(_bad_request(port) for _ in range(IN_FLIGHT))))

            async def other() -> None:
                connector = aiohttp.TCPConnector(local_addr=(OTHER, 0), force_close=True)
                async with aiohttp.ClientSession(connector=connector) as http:
                    while time.monotonic() < stop:
                        start = time.monotonic()
                        async with http.get(f"http://127.0.0.1:{port}/") as resp:
                            await resp.read()
                            statuses.append(resp.status)
                        latencies.append(time.monotonic() - start)
                        await asyncio.sleep(0.05)

            await asyncio.gather(flood(), other())
            await asyncio.sleep(0.3)
        finally:
            proc.send_signal(signal.SIGINT)
            await asyncio.wait_for(proc.wait(), WAIT)
    text = log.read_text(errors="replace")
    grown = len(text.encode()) - before
    lines = [line for line in text.splitlines() if "bad HTTP requests" in line]
    print(f"flood: {len(outcomes)} requests, {outcomes.count('400')} answered 400, "
          f"{outcomes.count('refused')} refused; log grew {grown} bytes; the other address: "
          f"{len(statuses)} requests, latency median {statistics.median(latencies) * 1000:.1f} ms, "
          f"max {max(latencies) * 1000:.1f} ms")
    assert "Traceback" not in text and "LineTooLong:" not in text, text[:2000]
    assert 1 <= len(lines) <= FLOOD_SECONDS + 2, lines  # one line a second at most
    assert grown < 600 * (FLOOD_SECONDS + 2), text  # a few short lines a second, whatever the flood
    # Past the budget (a burst of 20, then 1 a second) the flooder's connections are refused unparsed: at
    # most the ones it has in flight get in each time the budget holds one again.
    assert outcomes.count("400") <= 20 + (FLOOD_SECONDS + 1) * IN_FLIGHT
    assert outcomes.count("refused") > outcomes.count("400")
    # The other address was served throughout.
    assert statuses and set(statuses) == {200}
