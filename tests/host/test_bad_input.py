"""Every kind of bad input gets its error code and changes nothing."""

from __future__ import annotations

import pytest

from host.app import HUB, STORE, TABLES

from .conftest import host_state, until


@pytest.fixture
async def playing(clients, server):
    """A Duel table in play (board, Ann at seat 0, Bob at seat 1) and a table in the lobby (Cy)."""
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    await board.call("watch", {"code": code})
    ann, bob = await clients(), await clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    await board.call("start", {"code": code})
    created = await board.call("create_table", {"game": "duel"})
    lobby, lobby_key = created["code"], created["board_key"]
    cy = await clients()
    await cy.call("join", {"code": lobby, "name": "Cy"})
    game = server.app[TABLES].tables[code].engine_game
    seat = game.to_act()[0]
    actor, other = (ann, bob) if seat == 0 else (bob, ann)
    legal = game.legal_actions(seat)
    return {"board": board, "code": code, "lobby": lobby, "actor": actor, "other": other, "cy": cy,
            "legal": legal, "ann": ann, "lobby_key": lobby_key}


def _cases(p):
    code, lobby, legal = p["code"], p["lobby"], p["legal"]
    board, actor, other, cy = p["board"], p["actor"], p["other"], p["cy"]
    return [
        (actor, "act", ("a string",), "bad_request"),
        (actor, "act", ([1, 2],), "bad_request"),
        (actor, "act", (42,), "bad_request"),
        (actor, "act", (None,), "bad_request"),
        (actor, "act", ({"action": legal[0]}, {"x": 1}), "bad_request"),
        (actor, "act", ({},), "bad_request"),
        (actor, "act", ({"action": "build"},), "bad_request"),
        (actor, "act", ({"action": {"type": 5}},), "bad_request"),
        (actor, "act", ({"action": {"card": "x"}},), "bad_request"),
        (actor, "act", ({"action": {"type": "build", "card": "no_such_card"}},), "illegal_action"),
        (actor, "act", ({"action": {"type": "build", "card": ["x", {"y": None}]}},), "illegal_action"),
        (actor, "act", ({"action": {"type": "teleport"}},), "illegal_action"),
        (actor, "act", ({"action": {**legal[0], "extra": 1}},), "illegal_action"),
        (actor, "act", ({"action": {"type": "build", "card": "x" * 20000}},), "too_large"),
        (other, "act", ({"action": legal[0]},), "not_your_turn"),
        (board, "act", ({"action": legal[0]},), "not_seated"),
        (cy, "act", ({"action": legal[0]},), "not_started"),
        (board, "fly_away", ({},), "unknown_event"),
        (board, "view", ({"code": code},), "unknown_event"),
        (board, "join", ({"code": 5, "name": "Dee"},), "bad_request"),
        (board, "join", ({"code": code, "name": ""},), "bad_request"),
        (board, "join", ({"code": code, "name": "   "},), "bad_request"),
        (board, "join", ({"code": code, "name": "D" * 25},), "bad_request"),
        (board, "join", ({"code": code, "name": 7},), "bad_request"),
        (board, "join", ({"code": code, "name": "Dee", "seat": "0"},), "bad_request"),
        (board, "join", ({"code": code, "name": "Dee", "seat": True},), "bad_request"),
        (board, "join", ({"code": "ZZZZ", "name": "Dee"},), "no_table"),
        (board, "join", ({"code": code, "name": "Dee"},), "table_full"),
        (board, "join", ({"code": code, "name": "Dee", "seat": 1},), "seat_taken"),
        (board, "join", ({"code": code, "name": "Dee", "seat": 7},), "seat_taken"),
        (board, "watch", ({"code": None},), "bad_request"),
        (board, "watch", ({"code": "QQQQ"},), "no_table"),
        (board, "create_table", ({"game": "chess"},), "bad_request"),
        (board, "create_table", ({"game": "duel", "options": [1]},), "bad_request"),
        (board, "create_table", ({"game": "duel", "options": {"bogus": 1}},), "bad_request"),
        (board, "create_table", ({"game": "duel", "autostart": "yes"},), "bad_request"),
        (board, "create_table", ({"game": "duel", "seats": 3},), "bad_request"),
        (board, "create_table", ({"game": "duel", "seats": "2"},), "bad_request"),
        (board, "start", ({"code": code},), "already_started"),
        (board, "start", ({"code": lobby},), "forbidden"),  # not watching it, no key
        (board, "start", ({"code": lobby, "board_key": p["lobby_key"]},), "not_ready"),
        (board, "start", ({"code": 12},), "bad_request"),
        (board, "play_again", ({"code": code},), "not_over"),
        (board, "release_seat", ({"code": code, "seat": 9},), "bad_request"),
        (board, "release_seat", ({"code": code, "seat": "1"},), "bad_request"),
        (board, "release_seat", ({"code": lobby, "seat": 0},), "forbidden"),
        (actor, "release_seat", ({"code": code, "seat": 0},), "forbidden"),
        (board, "list_tables", ("x",), "bad_request"),
    ]


async def test_every_bad_request_gets_its_code_and_changes_nothing(playing, server):
    for client, event, args, code in _cases(playing):
        before = host_state(server.app)
        ack = await client.sio.call(event, args[0] if len(args) == 1 else args, timeout=15)
        assert ack.get("ok") is False and ack.get("error") == code, (event, args, ack)
        assert isinstance(ack["message"], str) and ack["message"], (event, ack)
        assert host_state(server.app) == before, (event, args)
    ok = await playing["actor"].call("act", {"action": playing["legal"][0]})
    assert ok["ok"] and ok["step"] == 1  # the host still plays after all that


async def test_an_event_without_payload_is_a_bad_request(playing, server):
    before = host_state(server.app)
    ack = await playing["actor"].sio.call("act", timeout=15)
    assert ack["error"] == "bad_request"
    assert host_state(server.app) == before


async def test_a_payload_over_the_transport_limit_closes_only_that_connection(playing, server, clients):
    before = host_state(server.app)
    big = await clients()
    await big.sio.emit("create_table", {"game": "duel", "options": {"x": "y" * 100_000}})
    await until(lambda: not big.sio.connected)
    assert host_state(server.app) == before
    assert (await playing["board"].call("list_tables", {}))["ok"]


async def test_a_disk_error_is_an_internal_error_and_the_action_is_undone(playing, server, monkeypatch):
    before = host_state(server.app)
    store = server.app[STORE]

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_action", broken)
    ack = await playing["actor"].call("act", {"action": playing["legal"][0]})
    assert ack["error"] == "internal"
    assert host_state(server.app) == before
    assert playing["board"].last("events") is None
    monkeypatch.undo()
    assert (await playing["actor"].call("act", {"action": playing["legal"][0]}))["ok"]
    await server.app[HUB].drain()


async def test_acting_at_a_finished_table_is_game_over(clients, server, fake_game):
    board = await clients()
    created = await board.call("create_table", {"game": fake_game, "options": {"target": 1}})
    code = created["code"]
    ann, bob = await clients(), await clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    assert (await board.call("start", {"code": code, "board_key": created["board_key"]}))["ok"]
    assert (await ann.call("act", {"action": {"type": "add", "n": 1}}))["ok"]
    before = host_state(server.app)
    for phone in (ann, bob):
        assert (await phone.call("act", {"action": {"type": "add", "n": 1}}))["error"] == "game_over"
    assert (await board.call("start", {"code": code, "board_key": created["board_key"]}))["error"] == (
        "already_started")
    assert host_state(server.app) == before


async def test_a_disk_error_on_seats_or_start_changes_nothing(clients, server, monkeypatch):
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    await board.call("watch", {"code": code})
    ann, bob = await clients(), await clients()
    await ann.call("join", {"code": code, "name": "Ann"})

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(server.app[STORE], "save_table", broken)
    before = host_state(server.app)
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["error"] == "internal"
    assert (await ann.call("join", {"code": code, "name": "Annie"}))["error"] == "internal"
    assert (await board.call("release_seat", {"code": code, "seat": 0}))["error"] == "internal"
    assert host_state(server.app) == before
    monkeypatch.undo()
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["seat"] == 1
    monkeypatch.setattr(server.app[STORE], "save_table", broken)
    before = host_state(server.app)
    assert (await board.call("start", {"code": code}))["error"] == "internal"
    assert host_state(server.app) == before
