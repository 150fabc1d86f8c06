"""The host's lifecycle on the test-only fake game: create, join, start, act, broadcast."""

from __future__ import annotations

import asyncio

from host.tools import phone


async def test_two_headless_phones_play_a_fake_game(server, fake_game):
    code = await phone.create_table(server.url, fake_game)
    results = await asyncio.gather(
        phone.play_game(server.url, code, "Ann", seed=1), phone.play_game(server.url, code, "Bob", seed=2)
    )
    assert results[0] == results[1]
    assert results[0]["winners"][0] in (0, 1)


async def test_create_join_start_act_broadcast(clients, fake_game):
    board = await clients()
    ack = await board.call("create_table", {"game": fake_game})
    assert ack["ok"] is True
    code = ack["code"]
    assert (await board.call("watch", {"code": code}))["ok"]
    ann, bob = await clients(), await clients()
    a = await ann.call("join", {"code": code, "name": "Ann"})
    b = await bob.call("join", {"code": code, "name": "Bob"})
    assert (a["seat"], b["seat"]) == (0, 1)
    assert (await board.call("start", {"code": code}))["ok"]
    view = await ann.wait("view", lambda v: v["view"] is not None)
    assert view["seat"] == 0 and view["legal_actions"]
    ack = await ann.call("act", {"action": view["legal_actions"][0]})
    assert ack["ok"] and ack["step"] == 1
    ev = await board.wait("events", lambda e: e["step"] == 1)
    assert ev["seat"] == 0 and ev["events"][0]["type"] == "add"
    bview = await bob.wait("view", lambda v: v["step"] == 1)
    assert bview["legal_actions"] and bview["view"]["secret"] is not None
    public = await board.wait("view", lambda v: v["step"] == 1)
    assert public["seat"] is None and public["view"]["secret"] is None and public["legal_actions"] == []
