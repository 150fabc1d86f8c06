"""Where the saved tables go (issue 36 part 3): this user's data folder unless ``--data`` says, ``./data``
for ``make run`` in a checkout, and the banner names the folder by its absolute path."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from pathlib import Path

import platformdirs
import pytest

from host.__main__ import default_data_dir, parse_args
from host.store import DB_NAME

from .conftest import WAIT

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_is_this_users_data_folder_and_data_still_chooses():
    assert default_data_dir() == platformdirs.user_data_path("wonders-table", appauthor=False)
    assert parse_args([]).data == str(default_data_dir())
    assert parse_args(["--data", "elsewhere"]).data == "elsewhere"
    assert parse_args(["--data", "x"], prog="wonders-table").data == "x"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is Linux's")
def test_the_default_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert parse_args([]).data == str(tmp_path / "wonders-table")


def test_make_run_keeps_the_checkouts_data_folder():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe and re.search(r"-m host .*--data data\b", recipe.group(1)), recipe


async def test_the_banner_shows_the_data_folder_by_its_absolute_path(tmp_path):
    """Started elsewhere with a relative ``--data``: the banner says where that is, and it is used."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", "0", "--data", "saved",
        "--bot-workers", "1", cwd=tmp_path, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Main address"):
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, lines
            lines.append(line.decode().rstrip("\n"))
        assert f"Saved tables: {tmp_path / 'saved'}" in lines
        proc.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(proc.wait(), WAIT) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert (tmp_path / "saved" / DB_NAME).is_file()
