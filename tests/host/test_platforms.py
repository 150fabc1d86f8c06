"""A host on a laptop without Unix (issue 36): no Unix-only module is needed to start the host, raise
its file limit, start bot workers, play a game against a searching bot and stop on Ctrl-C; and the
platform seams (``host.oscompat``) answer sensibly where ``resource`` and ``os.nice`` are missing."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from host import oscompat
from host.tools.phone import Phone

from .conftest import WAIT, Client

ROOT = Path(__file__).resolve().parents[2]
UNIX_ONLY = ("resource", "fcntl", "termios", "grp", "pwd", "pty", "tty", "syslog", "posix_ipc")
# Loaded first in the host and in every bot worker it starts (both read PYTHONPATH): each Unix-only
# module raises ImportError, and os.nice is gone, as on Windows.
BLOCKER = f"""
import os, sys
for name in {UNIX_ONLY!r}:
    sys.modules[name] = None
if hasattr(os, "nice"):
    del os.nice
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_blocker_really_blocks(tmp_path: Path) -> None:
    """The stand-in is real: with it, importing ``resource`` fails in a new Python."""
    (tmp_path / "sitecustomize.py").write_text(BLOCKER)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", "import resource"], env=env, capture_output=True, text=True)
    assert done.returncode != 0 and "import of resource halted" in done.stderr


async def test_a_host_without_unix_modules_plays_a_game_against_a_searching_bot(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER)
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]))
    log = tmp_path / "host.log"
    with log.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port), "--data",
            str(tmp_path / "data"), "--bot-pace", "0", "--bot-workers", "1", cwd=ROOT, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=err)
        url = f"http://127.0.0.1:{port}"
        ann = None
        board = Client(url)
        try:
            assert proc.stdout is not None
            while True:
                line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
                assert line, f"the host stopped before listening: {log.read_text(errors='replace')}"
                if line.startswith(b"Main address"):
                    break
            await board.connect()
            made = await board.call("create_table", {"game": "duel"})
            code, key = made["code"], made["board_key"]
            assert (await board.call("watch", {"code": code, "board_key": key}))["board"]
            assert (await board.call("set_bot", {"code": code, "seat": 1, "level": "medium"}))["ok"]
            ann = Phone(url, code, "Ann", seed=3)
            assert await ann.join() == 0
            assert (await board.call("start", {"code": code}))["ok"]
            result = await asyncio.wait_for(ann.play(), 20 * WAIT)
            assert result and result["winners"]
        finally:
            if ann is not None:
                await ann.close()
            await board.close()
            proc.send_signal(signal.SIGINT)
            code_at_exit = await asyncio.wait_for(proc.wait(), WAIT)
    text = log.read_text(errors="replace")
    assert code_at_exit == 0, text
    assert "bot worker 1 started" in text  # medium searched in a worker process, not in the host
    assert "bot failed" not in text and "Traceback" not in text, text


def test_the_seams_without_resource_and_nice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where ``os.nice`` is missing the worker simply keeps its priority; the file limit is a number."""
    monkeypatch.delattr(os, "nice", raising=False)
    assert oscompat.lower_priority() is False
    assert oscompat.file_limit() > 0
    options = oscompat.detached_process_options()
    assert options == ({"creationflags": 0x200} if sys.platform == "win32" else {"start_new_session": True})
