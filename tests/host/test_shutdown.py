"""Stopping the host never waits on a client that went quiet in the middle of connecting."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from host.app import HUB, TABLES, create_app
from host.tools import phone

from .conftest import WAIT


async def test_shutdown_with_a_half_open_connection(data_dir):
    runner = web.AppRunner(create_app(data_dir), shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    async with aiohttp.ClientSession() as http:
        # An Engine.IO long-polling handshake, then silence: the phone's Wi-Fi dropped right there.
        async with http.get(f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling") as resp:
            assert resp.status == 200 and b'"sid"' in await resp.read()
        await asyncio.wait_for(runner.cleanup(), WAIT)  # a hang here fails the test


async def test_a_stopping_host_answers_stopping_and_changes_nothing(clients, server):
    """While the host shuts down, every event is refused with ``stopping`` (retryable), not ``internal``."""
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    server.app[HUB].closing = True
    ack = await board.call("join", {"code": code, "name": "Ann"})
    assert ack["ok"] is False and ack["error"] == "stopping"
    server.app[HUB].closing = False
    table = server.app[TABLES].tables[code]
    assert all(seat.name is None for seat in table.seats)  # the refused join took no seat


async def test_the_headless_phone_sends_again_a_move_a_stopping_host_refused(server):
    """Headless phones treat ``stopping`` as a pause, not a failure: refused while the host says it
    stops, they send their moves again and finish the game (the Ctrl-C test's race, made certain)."""
    code = await phone.create_table(server.url, "duel")
    ann, bob = phone.Phone(server.url, code, "Ann", seed=1), phone.Phone(server.url, code, "Bob", seed=2)
    await ann.join()
    await bob.join()
    try:
        await asyncio.gather(*(p.play(until_step=4) for p in (ann, bob)))
        server.app[HUB].closing = True
        playing = asyncio.gather(*(p.play() for p in (ann, bob)))
        await asyncio.sleep(3 * phone.RETRY_PAUSE)
        assert server.app[TABLES].tables[code].step == 4 or not playing.done()
        server.app[HUB].closing = False
        results = await asyncio.wait_for(playing, WAIT * 4)
        assert results[0] == results[1] and results[0]["winners"]
    finally:
        await ann.close()
        await bob.close()
