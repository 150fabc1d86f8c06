"""Strict types (issue 18, finding 8): a JSON integer is never a float or a boolean (``pay_debt``'s coins
among them), and every malformed frame gets an error ack, never silence or a disconnect."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
from socketio import packet

from host.app import TABLES
from host.config import HostConfig

from .conftest import WAIT, Client, host_state


async def _fake_table(clients: Any, server: Any) -> tuple[Client, Client, str]:
    """A fake-game table in play; the seat to act and its code."""
    board = await clients()
    code = (await board.call("create_table", {"game": "fake"}))["code"]
    ann, bob = await clients(), await clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    await ann.call("start", {"code": code})
    return ann, bob, code


async def test_an_integer_field_refuses_floats_and_booleans(clients, server, fake_game):
    ann, _, code = await _fake_table(clients, server)
    for wrong in (1.0, True, False, 2.0):
        before = host_state(server.app)
        ack = await ann.call("act", {"action": {"type": "add", "n": wrong}})
        assert ack["ok"] is False and ack["error"] == "illegal_action", (wrong, ack)
        assert host_state(server.app) == before
    ok = await ann.call("act", {"action": {"type": "add", "n": 1}})
    assert ok["ok"] and ok["step"] == 1
    logged = server.app[TABLES].tables[code].engine_game.action_log
    assert logged == [[0, {"type": "add", "n": 1}]] and type(logged[0][1]["n"]) is int


DEBT = {"cities": True, "position": {"age": 1, "turn": 1, "hands": [{"with": ["a1_hideout"]}, {"with": []},
                                                                  {"with": []}],
                                     "cities": [{}, {"coins": 0}, {"coins": 5}]}}


async def test_pay_debt_refuses_coins_sent_as_a_float_or_a_boolean(start_host, connect):
    """The finding's own case: a Cities coin loss, where ``pay_debt`` took ``1.0`` and ``true`` as 1 and
    ``false`` as 0. Seat 0 builds the Hideout (every other city loses a coin); seat 1 owes 1."""
    server = await start_host(HostConfig(testing=True))
    board = await connect(server)
    code = (await board.call("create_table", {"game": "classic", "seats": 3, "options": DEBT}))["code"]
    phones = [await connect(server) for _ in range(3)]
    for seat, phone in enumerate(phones):
        assert (await phone.call("join", {"code": code, "name": f"P{seat}", "seat": seat}))["ok"]
    assert (await phones[0].call("start", {"code": code}))["ok"]
    for seat, phone in enumerate(phones):
        legal = (await phone.wait("view", lambda v: bool(v["legal_actions"])))["legal_actions"]
        chosen = next(a for a in legal if a["type"] == ("build" if seat == 0 else "discard")
                      and (seat or a["card"] == "a1_hideout"))
        assert (await phone.call("act", {"action": chosen}))["ok"]
    debtor = phones[1]
    view = await debtor.wait("view", lambda v: any(a["type"] == "pay_debt" for a in v["legal_actions"]))
    assert view["legal_actions"] == [{"type": "pay_debt", "coins": 1}, {"type": "pay_debt", "coins": 0}]
    for wrong in (1.0, True, False, 0.0):
        before = host_state(server.app)
        ack = await debtor.call("act", {"action": {"type": "pay_debt", "coins": wrong}})
        assert ack["ok"] is False and ack["error"] == "illegal_action", (wrong, ack)
        assert host_state(server.app) == before
    assert (await debtor.call("act", {"action": {"type": "pay_debt", "coins": 1}}))["ok"]
    seat, paid = server.app[TABLES].tables[code].engine_game.action_log[-1]
    assert (seat, paid) == (1, {"type": "pay_debt", "coins": 1}) and type(paid["coins"]) is int


async def _raw_reply(client: Client, frame: dict[str, Any], ack_id: int) -> Any:
    """Send ``frame`` as a raw msgpack Socket.IO packet; the data of the ack numbered ``ack_id``."""
    replies: asyncio.Queue[Any] = asyncio.Queue()
    plain = client.sio._handle_ack

    async def keep(namespace: str, id: int, data: Any) -> None:
        if id == ack_id:
            await replies.put(data)
        else:
            await plain(namespace, id, data)

    client.sio._handle_ack = keep
    try:
        await client.sio.eio.send(msgpack.packb(frame, strict_types=False))
        return await asyncio.wait_for(replies.get(), WAIT)
    finally:
        client.sio._handle_ack = plain


async def test_a_boolean_packet_type_gets_an_error_ack_not_a_disconnect(clients):
    client = await clients()
    reply = await _raw_reply(client, {"type": True, "nsp": "/", "id": 41, "data": ["list_tables", {}]}, 41)
    assert reply[0]["ok"] is False and reply[0]["error"] == "bad_request"
    assert client.sio.connected
    assert (await client.call("list_tables", {}))["ok"]


async def test_a_payload_with_an_integer_key_gets_an_error_ack(clients):
    client = await clients()
    frame = {"type": packet.EVENT, "nsp": "/", "id": 42, "data": ["list_tables", {1: "x"}]}
    reply = await _raw_reply(client, frame, 42)
    assert reply[0]["ok"] is False and reply[0]["error"] == "bad_request"
    nested = {"type": packet.EVENT, "nsp": "/", "id": 43,
              "data": ["join", {"code": "ABCD", "name": "Ann", "extra": {2: [1]}}]}
    reply = await _raw_reply(client, nested, 43)
    assert reply[0]["error"] == "bad_request"
    assert (await client.call("list_tables", {}))["ok"]


async def test_a_boolean_ack_id_is_answered_as_malformed(clients):
    client = await clients()
    frame = {"type": packet.EVENT, "nsp": "/", "id": True, "data": ["list_tables", {}]}
    await client.sio.eio.send(msgpack.packb(frame))
    assert (await client.wait("error"))["error"] == "bad_request"
    assert (await client.call("list_tables", {}))["ok"]
