"""Fixtures of the host tests: a host on a free loopback port and protocol-speaking clients."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import socketio

import engine.api
from host.app import create_app
from host.config import HostConfig
from host.tools.viewkeeper import ViewKeeper
from host.wire import JsMsgPackPacket

WAIT = 15.0  # guard against a hang only; never a timing assertion
FIRST_SEED = 1000  # tables of the test host get seeds 1000, 1001, ... in creation order


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register the test-only game kind "fake"."""
    monkeypatch.setitem(engine.api.GAME_MODULES, "fake", "tests.host.fakegame")
    return "fake"


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds (polling; WAIT only guards against a hang)."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), WAIT)


class Client:
    """A protocol client that records every event it receives. A ``view_patch`` is recorded as it came,
    followed by the whole ``view`` it rebuilds (through the tools' :class:`ViewKeeper`), so tests read
    views whichever way they travelled; a patch that does not fit is kept in ``patch_failures``."""

    def __init__(self, url: str, *, reconnect: bool = False) -> None:
        self.url = url
        self.sio = socketio.AsyncClient(serializer=JsMsgPackPacket, reconnection=reconnect,
                                        reconnection_delay=0.05, reconnection_delay_max=0.2)
        self.got: list[tuple[str, Any]] = []
        self.views = ViewKeeper()
        self.patch_failures: list[Any] = []
        self._changed = asyncio.Condition()
        for event in ("table", "view", "view_patch", "events", "error", "new_table", "choosing", "history",
                      "notice", "clock"):
            self.sio.on(event, self._keeper(event))

    def _keeper(self, event: str) -> Any:
        async def keep(data: Any) -> None:
            async with self._changed:
                self.got.append((event, data))
                rebuilt = self.views.receive(event, data)
                if event == "view_patch":
                    if rebuilt is None:
                        self.patch_failures.append(data)
                    else:
                        self.got.append(("view", rebuilt))
                self._changed.notify_all()

        return keep

    async def connect(self, token: str | None = None, *, auth: Any = ...) -> Client:
        await self.sio.connect(self.url, transports=["websocket"],
                               auth={"token": token} if auth is ... else auth)
        return self

    async def call(self, event: str, *args: Any) -> Any:
        return await self.sio.call(event, args[0] if len(args) == 1 else tuple(args), timeout=WAIT)

    def last(self, event: str, pred: Callable[[Any], bool] = lambda _: True, since: int = 0) -> Any:
        """The latest ``event`` matching ``pred`` among the messages received from index ``since`` on."""
        for name, data in reversed(self.got[since:]):
            if name == event and pred(data):
                return data
        return None

    async def wait(self, event: str, pred: Callable[[Any], bool] = lambda _: True, since: int = 0) -> Any:
        """The latest ``event`` matching ``pred`` (from index ``since`` on), waiting for it if needed."""
        async def seen() -> Any:
            async with self._changed:
                await self._changed.wait_for(lambda: self.last(event, pred, since) is not None)
                return self.last(event, pred, since)

        return await asyncio.wait_for(seen(), WAIT)

    async def close(self) -> None:
        await self.sio.disconnect()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
async def server(aiohttp_server: Any, data_dir: Path) -> Any:
    """A running host on a free loopback port; ``server.url`` is its base URL."""
    app = create_app(data_dir, seed_source=itertools.count(FIRST_SEED).__next__)
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    srv.url = f"http://127.0.0.1:{srv.port}"
    return srv


# A host that treats loopback peers like any phone on the Wi-Fi: no board key for free, every per-address
# rule and limit applies. The attack tests use it (every test client connects from 127.0.0.1).
LAN = HostConfig(trust_loopback=False)


@pytest.fixture
def host_config() -> HostConfig:
    """The configuration of ``lan_server`` (override in a test module to change limits)."""
    return LAN


@pytest.fixture
async def lan_server(aiohttp_server: Any, data_dir: Path, host_config: HostConfig) -> Any:
    """A running host that does not trust loopback peers (they count as phones on the Wi-Fi)."""
    app = create_app(data_dir, seed_source=itertools.count(FIRST_SEED).__next__, config=host_config)
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    srv.url = f"http://127.0.0.1:{srv.port}"
    return srv


def _client_factory(url: str, made: list[Client]) -> Callable[..., Any]:
    async def make(token: str | None = None, **kw: Any) -> Client:
        client = Client(url)
        made.append(client)
        return await client.connect(token, **kw)

    return make


@pytest.fixture
async def clients(server: Any) -> AsyncIterator[Callable[..., Any]]:
    """A factory of connected clients, all disconnected at teardown."""
    made: list[Client] = []
    yield _client_factory(server.url, made)
    for client in made:
        await client.close()
    assert not [c.patch_failures for c in made if c.patch_failures], "a view patch did not fit its base"


@pytest.fixture
async def lan_clients(lan_server: Any) -> AsyncIterator[Callable[..., Any]]:
    """Connected clients of ``lan_server``, all disconnected at teardown."""
    made: list[Client] = []
    yield _client_factory(lan_server.url, made)
    for client in made:
        await client.close()


def host_state(app: Any) -> Any:
    """Everything a refused request must leave untouched: live tables and every row on disk."""
    from host.app import STORE, TABLES

    live = {
        code: {
            "state": t.state, "options": t.options, "autostart": t.autostart, "next": t.next_code,
            "seats": [(s.name, s.token, s.sid) for s in t.seats],
            "game": None if t.engine_game is None else t.engine_game.to_dict(),
        }
        for code, t in app[TABLES].tables.items()
    }
    with sqlite3.connect(app[STORE].path) as db:
        rows = {name: db.execute(f"SELECT * FROM {name} ORDER BY 1, 2").fetchall()
                for name in ("tables", "seats", "actions")}
    return live, rows


@pytest.fixture
def start_host(aiohttp_server: Any, data_dir: Path) -> Any:
    """Start a host with a configuration (``bot_config``); returns the server (``.url``, ``.app``)."""
    async def start(config: HostConfig, seeds: int = FIRST_SEED) -> Any:
        app = create_app(data_dir, seed_source=itertools.count(seeds).__next__, config=config)
        srv = await aiohttp_server(app, host="127.0.0.1", port=0)
        srv.url = f"http://127.0.0.1:{srv.port}"
        return srv

    return start


@pytest.fixture
async def connect(start_host: Any) -> Any:
    """``connect(server)``: a connected protocol client of that server, closed at teardown."""
    made: list[Client] = []

    async def make(server: Any, token: str | None = None) -> Client:
        client = Client(server.url)
        made.append(client)
        return await client.connect(token)

    yield make
    for client in made:
        await client.close()


def wrong_key(key: str) -> str:
    """``key`` with its last character changed: a near guess that is never the key itself."""
    return key[:-1] + ("y" if key.endswith("x") else "x")
