"""Cost-aware limits (issue 18, finding 3): listing and watching requests share one budget for every
address together, in fair shares, and an unchanged ``list_tables`` answer is reused: many (alias)
addresses cannot multiply the host's work, and a quiet address is still served during a flood."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import aiohttp
import socketio

from host.app import TABLES, create_app
from host.config import HostConfig, Limits
from host.limits import FairShare
from host.wire import JsMsgPackPacket

from .conftest import WAIT


class Alias:
    """A socket connected from its own loopback address (127.0.0.N): another device of the Wi-Fi."""

    def __init__(self, url: str, source: str) -> None:
        self.url, self.source = url, source
        self.session: aiohttp.ClientSession | None = None
        self.sio: socketio.AsyncClient | None = None

    async def connect(self) -> Alias:
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(self.source, 0)))
        self.sio = socketio.AsyncClient(serializer=JsMsgPackPacket, reconnection=False,
                                        http_session=self.session)
        await self.sio.connect(self.url, transports=["websocket"])
        return self

    async def call(self, event: str, payload: dict[str, Any]) -> Any:
        assert self.sio is not None
        return await self.sio.call(event, payload, timeout=WAIT)

    async def close(self) -> None:
        if self.sio is not None:
            await self.sio.disconnect()
        if self.session is not None:
            await self.session.close()


async def _host(aiohttp_server: Any, data_dir: Any, limits: Limits) -> Any:
    app = create_app(data_dir, seed_source=itertools.count(1).__next__,
                     config=HostConfig(trust_loopback=False, limits=limits))
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    srv.url = f"http://127.0.0.1:{srv.port}"
    return srv


def test_a_fair_share_divides_one_budget_between_the_keys_that_ask():
    now = [0.0]
    share = FairShare(rate=10.0, burst=5.0, window=2.0, clock=lambda: now[0])
    flooders = [f"10.0.0.{n}" for n in range(10)]
    served = {key: 0 for key in flooders}
    for _ in range(40):  # four seconds of ten addresses asking 20 times a second each
        for _ in range(2):
            for key in flooders:
                served[key] += share.take(key) == 0.0
        now[0] += 0.1
    total = sum(served.values())
    assert total <= 10 * 5 + 10.0 * 4 + 10  # the bursts, then the one budget (a tick of slack)
    assert min(served.values()) >= 5  # every address got its share
    assert share.take("10.0.0.99") == 0.0  # a quiet address is served at once


async def test_a_flood_from_ten_addresses_cannot_multiply_the_listing_work(aiohttp_server, data_dir,
                                                                         monkeypatch):
    limits = Limits(costly_rate=20.0, costly_burst=5.0, list_cache_seconds=30.0,
                    address_burst=1000, address_rate=1000)
    srv = await _host(aiohttp_server, data_dir, limits)
    tables = srv.app[TABLES]
    for n in range(5):
        await tables.create("duel", creator=f"192.168.0.{n}")
    built = []
    plain = tables.listing
    monkeypatch.setattr(tables, "listing", lambda: built.append(1) or plain())
    flood = [await Alias(srv.url, f"127.0.0.{n}").connect() for n in range(2, 12)]
    quiet = await Alias(srv.url, "127.0.0.40").connect()
    try:
        acks = await asyncio.gather(*(a.call("list_tables", {}) for a in flood for _ in range(20)))
        served = [a for a in acks if a["ok"]]
        refused = [a for a in acks if not a["ok"]]
        assert refused and {a["error"] for a in refused} == {"busy"}
        assert all(a["retry_after"] > 0 and a["message"] for a in refused)
        assert len(built) == 1  # nothing changed: every served answer is the one listing
        assert all(len(a["tables"]) == 5 for a in served)
        answer = await quiet.call("list_tables", {})  # the quiet address is not refused
        assert answer["ok"] and len(answer["tables"]) == 5
        fresh = await Alias(srv.url, "127.0.0.41").connect()
        flood.append(fresh)
        assert (await fresh.call("create_table", {"game": "duel"}))["ok"]  # a change the list must show
        assert len((await fresh.call("list_tables", {}))["tables"]) == 6 and len(built) == 2
    finally:
        for alias in flood + [quiet]:
            await alias.close()


async def test_resend_view_shares_the_budget_so_many_addresses_cannot_multiply_whole_views(
        aiohttp_server, data_dir, monkeypatch):
    """``resend_view`` sends a whole view: a flood of it from ten watching addresses gets ``busy`` within
    the one budget, and a quiet address's resend is still served."""
    from host.app import HUB

    limits = Limits(costly_rate=20.0, costly_burst=5.0, address_burst=1000, address_rate=1000)
    srv = await _host(aiohttp_server, data_dir, limits)
    table = await srv.app[TABLES].create("classic", seats=7, creator="192.168.0.1")
    hub = srv.app[HUB]
    whole = []
    plain = hub.delivery.full_view
    monkeypatch.setattr(hub.delivery, "full_view", lambda *a: whole.append(1) or plain(*a))
    flood = [await Alias(srv.url, f"127.0.0.{n}").connect() for n in range(2, 12)]
    quiet = await Alias(srv.url, "127.0.0.40").connect()
    try:
        for alias in flood + [quiet]:
            assert (await alias.call("watch", {"code": table.code}))["ok"]
        watched = len(whole)
        acks = await asyncio.gather(*(a.call("resend_view", {}) for a in flood for _ in range(20)))
        refused = [a for a in acks if not a["ok"]]
        assert refused and {a["error"] for a in refused} == {"busy"}
        assert len(whole) - watched == len(acks) - len(refused)  # a refused resend builds no view
        assert (await quiet.call("resend_view", {}))["ok"]
    finally:
        for alias in flood + [quiet]:
            await alias.close()
