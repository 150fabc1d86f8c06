"""The two commands as a user runs them: ``python -m host`` and ``python -m host.tools.phone``."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sqlite3
import sys
from pathlib import Path

import aiohttp
import pytest

from host.store import DB_NAME
from host.tools import phone

from .conftest import WAIT, Client

ROOT = Path(__file__).resolve().parents[2]


async def _run(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *args, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await asyncio.wait_for(proc.communicate(), WAIT * 2)
    return proc.returncode, out.decode(), err.decode()


async def test_headless_phones_from_the_command_line(server):
    rc, out, err = await _run("-m", "host.tools.phone", "--url", server.url, "--new", "duel")
    assert rc == 0, err
    code = out.splitlines()[0]
    assert len(code) == 4 and code.isupper()
    runs = await asyncio.gather(*(
        _run("-m", "host.tools.phone", "--url", server.url, "--table", code, "--name", name,
             "--policy", policy, "--seed", str(seed), "--delay", "0")
        for name, seed, policy in (("Ann", 1, "easy"), ("Bob", 2, "random"))
    ))
    results = []
    for rc, out, err in runs:
        assert rc == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert results[0] == results[1] and results[0]["winners"]


async def test_headless_phones_play_with_every_bot_level(server):
    """``--policy`` takes every bot level: the phone decides from its own view and legal actions."""
    rc, out, err = await _run("-m", "host.tools.phone", "--url", server.url, "--table", "ZZZZ",
                              "--policy", "expert")
    assert rc == 2 and "invalid choice: 'expert'" in err
    code = await phone.create_table(server.url, "classic", seats=3)
    phones = [phone.Phone(server.url, code, name, seed=n, policy="easy") for n, name in enumerate("ABC")]
    duel = await phone.create_table(server.url, "duel")
    searching = [phone.Phone(server.url, duel, name, seed=9, policy=level)
                 for name, level in (("Med", "medium"), ("Hard", "hard"))]
    try:
        for p in phones + searching:
            await p.join()
        # Each phone's policy moves only when its own view asks it to; a refused move would raise.
        results = await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), WAIT * 4)
        await asyncio.wait_for(asyncio.gather(*(p.play(until_step=4) for p in searching)), WAIT * 2)
    finally:
        for p in phones + searching:
            await p.close()
    assert results[0] == results[1] == results[2] and results[0]["winners"]
    assert all(p.view["step"] >= 4 for p in searching)
    with pytest.raises(ValueError, match="unknown policy"):
        phone.Phone(server.url, code, "Ann", policy="expert")


async def test_phone_reports_a_refusal_and_exits_nonzero(server):
    rc, out, err = await _run("-m", "host.tools.phone", "--url", server.url, "--table", "ZZZZ",
                              "--name", "Ann")
    assert rc == 1 and "no_table" in err and out == ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_host_prints_its_address_and_stops_on_ctrl_c_with_everything_saved(tmp_path):
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port),
        "--data", str(tmp_path / "d"), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    lines = []
    try:
        while not lines or not lines[-1].startswith("Main address"):
            lines.append((await asyncio.wait_for(proc.stdout.readline(), WAIT)).decode().rstrip("\n"))
        text = "\n".join(lines)
        assert f"board: http://127.0.0.1:{port}/" in text and "█" in text
        client = Client(f"http://127.0.0.1:{port}")
        for _ in range(100):  # the port may open a moment after the banner
            try:
                await client.connect()
                break
            except Exception:
                await asyncio.sleep(0.05)
        code = (await client.call("create_table", {"game": "duel"}))["code"]
        assert (await client.call("join", {"code": code, "name": "Ann"}))["ok"]
        proc.send_signal(signal.SIGINT)  # with a socket still open
        assert await asyncio.wait_for(proc.wait(), WAIT) == 0
        await client.close()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    with sqlite3.connect(tmp_path / "d" / DB_NAME) as db:
        row = db.execute("SELECT name FROM seats WHERE code = ? AND seat = 0", (code,)).fetchone()
    assert row == ("Ann",)


async def _start_host(port: int, data: Path) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port), "--data", str(data),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )
    while not (await asyncio.wait_for(proc.stdout.readline(), WAIT)).startswith(b"Main address"):
        pass
    return proc


async def _stop(proc: asyncio.subprocess.Process) -> None:
    proc.send_signal(signal.SIGINT)
    await asyncio.wait_for(proc.wait(), WAIT)


async def test_ctrl_c_mid_game_then_start_again_and_the_phones_play_on(tmp_path):
    """The real command stopped with Ctrl-C while both phones play; the next start resumes the table
    and the same phones reconnect with their tokens and finish the game."""
    port, data = _free_port(), tmp_path / "d"
    url = f"http://127.0.0.1:{port}"
    proc = await _start_host(port, data)
    try:
        code = await phone.create_table(url, "duel")
        ann, bob = phone.Phone(url, code, "Ann", seed=1), phone.Phone(url, code, "Bob", seed=2)
        await ann.join()
        await bob.join()
        await asyncio.gather(*(p.play(until_step=10) for p in (ann, bob)))
        playing = asyncio.gather(*(p.play() for p in (ann, bob)))  # still playing when Ctrl-C comes
        await asyncio.sleep(0)
        await _stop(proc)
        proc = await _start_host(port, data)
        ann_result, bob_result = await asyncio.wait_for(playing, WAIT * 2)
        assert ann_result == bob_result and ann_result["winners"]
        await ann.close()
        await bob.close()
    finally:
        if proc.returncode is None:
            await _stop(proc)
    with sqlite3.connect(data / DB_NAME) as db:
        assert db.execute("SELECT state FROM tables WHERE code = ?", (code,)).fetchone() == ("over",)


async def test_allow_host_and_testing_flags_reach_the_running_host(tmp_path):
    port = _free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(port),
        "--data", str(tmp_path / "d"), "--allow-host", "laptop.local", "--testing", cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        while not (await asyncio.wait_for(proc.stdout.readline(), WAIT)).startswith(b"Main address"):
            pass
        async with aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{port}/catalog/duel.json"
            async with http.get(url, headers={"Host": f"laptop.local:{port}"}) as resp:
                assert resp.status == 200
            async with http.get(url, headers={"Host": f"evil.example:{port}"}) as resp:
                assert resp.status == 403
        client = Client(f"http://127.0.0.1:{port}")
        await client.connect()
        made = await client.call("create_table", {"game": "duel", "options": {"setup": {"first_player": 1}}})
        assert made["ok"], made  # --testing: a fixed layout is accepted
        await client.close()
    finally:
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), WAIT) == 0


def test_the_bot_settings_from_the_command_line(capsys):
    from host.__main__ import parse_args

    args = parse_args(["--bot-pace", "0", "--takeover-after", "5", "--bot-workers", "2"])
    assert (args.bot_pace, args.takeover_after, args.bot_workers) == (0.0, 5.0, 2)
    defaults = parse_args([])
    assert (defaults.bot_pace, defaults.takeover_after) == (1.0, 30.0) and defaults.bot_workers >= 1
    for bad in (["--bot-pace", "-1"], ["--bot-workers", "0"], ["--takeover-after", "-2"]):
        with pytest.raises(SystemExit):
            parse_args(bad)
        assert "must be 0 or more" in capsys.readouterr().err
