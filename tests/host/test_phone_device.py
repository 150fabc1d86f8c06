"""The headless phone (``host.tools.phone``) keeps its device token as the phone page does (issue 36 part
6): the token the host issues at the first connection is sent again on every later one, so a join whose
answer is lost leaves no ghost seat."""

from __future__ import annotations

import asyncio
from typing import Any

from host.app import HUB, TABLES
from host.tools.phone import Phone

from .conftest import WAIT


async def test_a_join_whose_answer_is_lost_takes_one_seat(lan_server, lan_clients):
    """The host takes and saves the join, then the connection drops before its answer leaves: the phone
    connects again with the device token it was given and joins again, and gets that same seat."""
    board = await lan_clients()
    code = (await board.call("create_table", {"game": "classic", "seats": 3}))["code"]
    hub = lan_server.app[HUB]
    handlers = hub.sio.handlers["/"]
    answer_join = handlers["join"]
    lost: list[dict[str, Any]] = []

    async def join_then_drop(sid: str, *args: Any) -> Any:
        ack = await answer_join(sid, *args)
        if not lost:  # the first join: taken, then the connection drops with its answer unsent
            lost.append(ack)
            await hub.sio.disconnect(sid)
        return ack

    handlers["join"] = join_then_drop
    phone = Phone(lan_server.url, code, "Ann")
    try:
        seat = await asyncio.wait_for(phone.join(), WAIT)
        table = lan_server.app[TABLES].tables[code]
        assert lost and lost[0]["ok"], lost
        assert (seat, phone.auth["token"]) == (lost[0]["seat"], lost[0]["token"])
        assert [s.name for s in table.seats] == ["Ann", None, None]  # one seat taken, not two
        assert table.seats[0].connected and table.seats[0].device == phone.auth["device"]
    finally:
        await phone.close()


async def test_the_phone_sends_its_device_token_on_every_connection(lan_server, lan_clients):
    board = await lan_clients()
    code = (await board.call("create_table", {"game": "classic", "seats": 3}))["code"]
    hub = lan_server.app[HUB]
    phone = Phone(lan_server.url, code, "Ann")
    given = Phone(lan_server.url, code, "Bob", device="bobs-phone-kept-from-before")
    try:
        await phone.join()
        issued = phone.auth["device"]
        assert isinstance(issued, str) and len(issued) >= 16  # the host's, kept
        assert await given.join() == 1 and given.auth["device"] == "bobs-phone-kept-from-before"
        await hub.sio.disconnect(phone.sio.get_sid())  # the Wi-Fi drops: the phone comes back
        await asyncio.wait_for(phone.lost.wait(), WAIT)
        await phone.reconnect()
        sid = phone.sio.get_sid()
        assert hub.clients[sid].device == issued and phone.auth["device"] == issued
        table = lan_server.app[TABLES].tables[code]
        assert [s.device for s in table.seats[:2]] == [issued, "bobs-phone-kept-from-before"]
    finally:
        await phone.close()
        await given.close()
