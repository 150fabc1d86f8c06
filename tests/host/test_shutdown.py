"""Stopping the host never waits on a client that went quiet in the middle of connecting."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from host.app import create_app

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
