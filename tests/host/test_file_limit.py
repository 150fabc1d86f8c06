"""Sockets within the file limit (issue 18, finding 5): the host raises its soft open-file limit toward the
hard one, caps connections below it with room for the store and the bot workers, refuses the rest
cleanly and says so in a few throttled lines, never a traceback per connection; afterwards a phone is
served."""

from __future__ import annotations

import asyncio
import resource
import socket
import sys
from pathlib import Path

from .conftest import WAIT, Client

ROOT = Path(__file__).resolve().parents[2]
SOFT, HARD = 150, 260  # the host's open-file limits for this test (the hard one is what it may reach)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _low_limits() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (SOFT, HARD))


async def _flood(port: int, addresses: int, each: int) -> list[asyncio.StreamWriter]:
    """Open ``each`` connections from each of ``addresses`` loopback addresses; the ones that opened."""
    opened = []
    for a in range(addresses):
        for _ in range(each):
            try:
                _, writer = await asyncio.wait_for(asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(f"127.0.2.{a + 1}", 0)), WAIT)
            except OSError:
                continue
            writer.write(b"GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            opened.append(writer)
    return opened


async def test_a_connection_flood_is_refused_in_a_few_lines_and_a_phone_is_served_after(tmp_path):
    port = _free_port()
    log = tmp_path / "host.log"
    with log.open("wb") as out:
        host = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port), "--data",
            str(tmp_path / "data"), "--bot-workers", "1", cwd=ROOT, stdout=asyncio.subprocess.PIPE,
            stderr=out, preexec_fn=_low_limits)
        try:
            assert host.stdout is not None
            while not (await asyncio.wait_for(host.stdout.readline(), WAIT)).startswith(b"Main address"):
                pass
            opened = await _flood(port, addresses=12, each=33)  # over the 260 files the host may have
            await asyncio.sleep(1.5)
            for writer in opened:
                writer.close()
            await asyncio.sleep(0.5)
            phone = Client(f"http://127.0.0.1:{port}")
            await phone.connect()
            assert (await phone.call("list_tables", {}))["ok"]
            await phone.close()
        finally:
            host.terminate()
            await asyncio.wait_for(host.wait(), WAIT)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and "Too many open files" not in text, text[-3000:]
    assert f"open files: at most {HARD}" in text  # the soft limit was raised to the hard one
    refusals = [line for line in text.splitlines() if "connections refused" in line]
    assert 1 <= len(refusals) <= 10, refusals
    assert len(text.splitlines()) < 60
