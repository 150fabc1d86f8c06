"""The installable app (issue 36 part 1): the wheel, installed into a fresh virtual environment, serves the
board, phone and join pages with its ``wonders-table`` command from any folder, the checkout out of its path.

Built as ``make dist`` builds it: an sdist of a copy of the sources (``engine``, ``host``, the built pages
``web/dist`` and the build's files), then the wheel from that sdist, both by the project's build backend
with the project venv's setuptools (nothing downloaded; the hooks are called directly, which spares the
seconds ``pip wheel`` takes to start). The copy keeps the build's leftovers out of the work tree.

Installed without the network, fast and with nothing of the checkout: a venv made with ``--without-pip``
(a second, not the many a venv with pip takes), the wheel put in with ``--no-deps`` by the project venv's
pip run for that venv's interpreter (``pip --python``, so the command's launcher names the new venv's
Python). The dependencies are the ones the project venv installed from the hashed lock, and only those the
wheel names: a folder of links to exactly the distributions of the wheel's ``Requires-Dist`` and theirs,
put on the new venv's path by a ``.pth`` file. The checkout, the project venv's other packages (the dev
tools, the editable install of this project) stay out of sight, so a dependency missing from
``pyproject.toml`` fails here as it would for a user; installing the dependencies from the registry instead
would make the test slow and hang on the network.
"""

from __future__ import annotations

import asyncio
import email
import importlib.metadata
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import aiohttp
import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from host.__main__ import board_here
from host.store import DB_NAME
from host.tools.phone import Phone, create_table

from .conftest import WAIT

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("engine", "host", "web/dist", "pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
# The pages, and the notices of the packages bundled into them (their licences ask to be shipped along).
PAGES = ("board.html", "board.js", "board.css", "phone.html", "phone.js", "phone.css",
         "THIRD-PARTY-NOTICES.txt")
LINKED = re.compile(r'(?:href|src)="(/[^"]*)"')  # what a page loads from the host
BUILD_TIMEOUT = 120  # seconds; a guard against a hang only
# A build hook of the project's backend (pyproject.toml [build-system]), run as a build frontend runs it in
# the source folder, with the project venv's setuptools: no download, and no pip to start.
BUILD = "import sys; from setuptools import build_meta; build_meta.{hook}(sys.argv[1])"


def clean_env() -> dict[str, str]:
    """This environment without what would put the checkout or another Python on a command's path."""
    unset = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV")
    return {k: v for k, v in os.environ.items() if k not in unset and not k.startswith("WT_")}


def _run(*command: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env or clean_env(),
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def build_wheel(work: Path) -> Path:
    """The sdist of a copy of the sources, then the wheel built from it; returns the wheel."""
    if not all((ROOT / "web" / "dist" / name).is_file() for name in PAGES):
        pytest.fail("the web pages are not built (web/dist): run `make web` or `make test`")
    src = work / "src"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", ".*", "pages"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    _run(sys.executable, "-c", BUILD.format(hook="build_sdist"), work / "sdist", cwd=src)
    (sdist,) = (work / "sdist").glob("wonders_table-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
        tar.extractall(work / "unpacked", filter="data")
    assert {f"{sdist.name[:-len('.tar.gz')]}/web/dist/{page}" for page in PAGES} <= set(names)
    (unpacked,) = (work / "unpacked").iterdir()
    _run(sys.executable, "-c", BUILD.format(hook="build_wheel"), work / "wheels", cwd=unpacked)
    (wheel,) = (work / "wheels").glob("wonders_table-*.whl")
    return wheel


def runtime_closure(requires: list[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions that ``requires`` (Requires-Dist lines) need, and theirs, extras
    followed; the requirements of the ``dev`` extra and of other platforms are left out."""
    found: dict[str, importlib.metadata.Distribution] = {}
    todo = [(Requirement(line), frozenset({""})) for line in requires]
    while todo:
        req, extras = todo.pop()
        if req.marker is not None and not any(req.marker.evaluate({"extra": extra}) for extra in extras):
            continue
        name = canonicalize_name(req.name)
        if name in found:
            continue
        dist = found[name] = importlib.metadata.distribution(req.name)
        wanted = frozenset({"", *req.extras})
        todo += [(Requirement(line), wanted) for line in dist.requires or []]
    return list(found.values())


def link_dependencies(dists: list[importlib.metadata.Distribution], into: Path) -> None:
    """Links in ``into`` to each top-level module, package and metadata folder of ``dists``."""
    into.mkdir()
    for dist in dists:
        for top in {file.parts[0] for file in dist.files or [] if file.parts}:
            if top in ("..", "__pycache__") or (into / top).exists():
                continue
            target = Path(dist.locate_file(top))
            if target.exists():
                (into / top).symlink_to(target, target_is_directory=target.is_dir())


def install(wheel: Path, work: Path) -> Path:
    """A fresh venv holding the wheel, with only its dependencies in sight; returns the venv."""
    venv = work / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    with zipfile.ZipFile(wheel) as whl:
        listed = whl.namelist()
        info = next(name.split("/")[0] for name in listed if name.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(whl.read(f"{info}/METADATA"))
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
        tag = email.message_from_bytes(whl.read(f"{info}/WHEEL"))["Tag"]
    assert {f"host/pages/{page}" for page in PAGES} <= set(listed)
    assert not [name for name in listed if name.endswith((".so", ".pyd"))] and tag == "py3-none-any"
    assert re.search(r"^wonders-table = host\.__main__:", entry_points, re.MULTILINE)
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip())
    link_dependencies(runtime_closure(metadata.get_all("Requires-Dist") or []), work / "deps")
    (site / "wonders-table-deps.pth").write_text(f"{work / 'deps'}\n", encoding="utf-8")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--disable-pip-version-check",
         "--no-deps", "--no-index", "--no-compile", wheel)
    return venv


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _get(session: aiohttp.ClientSession, url: str) -> bytes:
    async with session.get(url) as resp:
        body = await resp.read()
        assert resp.status == 200 and body, (url, resp.status)
        return body


async def _page_and_links(session: aiohttp.ClientSession, base: str, path: str) -> None:
    """The page at ``path`` and each script, stylesheet, icon and manifest it names: found, not empty."""
    page = (await _get(session, base + path)).decode()
    linked = LINKED.findall(page)
    assert {"js", "css"} <= {link.rsplit(".", 1)[-1] for link in linked}, page
    for link in linked:
        await _get(session, base + link)


@pytest.mark.skipif(sys.platform == "win32", reason="the venv's layout (bin/) and the signal are POSIX's")
async def test_the_wheel_serves_the_pages_from_any_folder(tmp_path):
    wheel = build_wheel(tmp_path)
    venv = install(wheel, tmp_path)
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    env = clean_env()
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")  # where this user's data folder is on Linux
    browser = tmp_path / "browser"  # --open's browser (webbrowser runs $BROWSER): notes the address
    browser.write_text(f'#!/bin/sh\necho "$1" > {tmp_path / "opened"}\n', encoding="utf-8")
    browser.chmod(0o755)
    env["BROWSER"] = f"{browser} %s"
    where_from = "import sys, host, engine; print(host.__file__, engine.__file__, *sys.path, sep='\\n')"
    where = _run(venv / "bin" / "python", "-c", where_from, cwd=empty, env=env).splitlines()
    assert all(Path(p).is_relative_to(venv) for p in where[:2]), where
    assert not [p for p in where[2:] if p and Path(p).resolve().is_relative_to(ROOT)], where

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with (tmp_path / "host.log").open("wb") as log:
        proc = await asyncio.create_subprocess_exec(
            venv / "bin" / "wonders-table", "--host", "127.0.0.1", "--port", str(port), "--open", cwd=empty,
            env=env,
            stdout=asyncio.subprocess.PIPE, stderr=log)
    phones: list[Phone] = []
    try:
        assert proc.stdout is not None
        banner: list[str] = []
        while not banner or not banner[-1].startswith("Main address"):
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, (tmp_path / "host.log").read_text(errors="replace")
            banner.append(line.decode().rstrip("\n"))
        data = tmp_path / "xdg" / "wonders-table"
        assert f"Saved tables: {data}" in banner and "Engine: plain Python" in "\n".join(banner)
        for _ in range(int(WAIT / 0.05)):
            if (tmp_path / "opened").is_file():
                break
            await asyncio.sleep(0.05)
        assert (tmp_path / "opened").read_text().strip() == f"{url}/"  # --open: the board, here
        async with aiohttp.ClientSession() as session:
            await _page_and_links(session, url, "/")  # the board
            code = await create_table(url, "duel")
            await _page_and_links(session, url, f"/t/{code}")  # the phone's page: the join link
            assert b"<svg" in await _get(session, f"{url}/qr/{code}.svg")  # the join link's QR code
        phones = [Phone(url, code, name, seed=n) for n, name in enumerate(("Ann", "Bob"))]
        for phone in phones:
            await phone.join()
        await asyncio.wait_for(asyncio.gather(*(p.play(until_step=1) for p in phones)), WAIT)
        assert all(p.view and p.view["step"] >= 1 for p in phones)
        proc.send_signal(signal.SIGINT)  # with the phones still connected
        assert await asyncio.wait_for(proc.wait(), WAIT) == 0
    finally:
        for phone in phones:
            await phone.close()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert (data / DB_NAME).is_file()
    assert not list(empty.iterdir())  # nothing written where the command was started


def test_open_takes_this_computers_own_address_to_the_board():
    """``--open``: by loopback wherever the host listens there (the board is then this machine's, trusted)."""
    lan = ["http://192.168.1.20:8765"]
    assert board_here("0.0.0.0", 8765, lan) == "http://127.0.0.1:8765/"
    assert board_here("::", 8765, lan) == "http://[::1]:8765/"
    assert board_here("127.0.0.1", 8765, ["http://127.0.0.1:8765"]) == "http://127.0.0.1:8765/"
    assert board_here("192.168.1.20", 8765, lan) == "http://192.168.1.20:8765/"
