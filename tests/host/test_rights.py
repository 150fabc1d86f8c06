"""Who may do what at a table: the board key, a seat's own rights, strangers, testing-only options,
one seat per phone. The attackers are sockets of a host that trusts no loopback peer (a phone on the
same Wi-Fi), so nothing here passes because the tests run on the host's own machine."""

from __future__ import annotations

import json

import engine
from host.app import HUB, TABLES

from .conftest import host_state, until, wrong_key

DUEL_SETUP = "setup"  # the testing-only option of engine.spec("duel")


async def _seated(lan_clients, **create):
    """A Duel table with its board (watching with the key), Ann at seat 0 and Bob at seat 1 (the test
    clients share one address, so the table lets one address hold several seats)."""
    board = await lan_clients()
    made = await board.call("create_table", {"game": "duel", "multi_seat": True, **create})
    code, key = made["code"], made["board_key"]
    assert isinstance(key, str) and len(key) >= 16
    watched = await board.call("watch", {"code": code, "board_key": key})
    assert watched == {"ok": True, "board": True, "board_key": key}
    ann, bob = await lan_clients(), await lan_clients()
    a = await ann.call("join", {"code": code, "name": "Ann"})
    b = await bob.call("join", {"code": code, "name": "Bob"})
    return board, code, key, (ann, a), (bob, b)


async def test_the_seat_takeover_sequence_is_refused(lan_clients, lan_server):
    """watch, release_seat, join: the old way into another player's hand."""
    made = await (await lan_clients()).call("create_table", {"game": "duel", "multi_seat": True})
    code = made["code"]
    ann, bob, mallory = await lan_clients(), await lan_clients(), await lan_clients()
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["seat"] == 1
    assert (await ann.call("start", {"code": code}))["ok"]
    await ann.wait("view", lambda v: v["view"] is not None)
    before = host_state(lan_server.app)
    assert (await mallory.call("watch", {"code": code})) == {"ok": True, "board": False}
    for seat in (0, 1):
        ack = await mallory.call("release_seat", {"code": code, "seat": seat})
        assert ack["error"] == "forbidden", ack
        taken = await mallory.call("join", {"code": code, "name": "Mal", "seat": seat})
        assert taken["error"] == "seat_taken"
    assert (await mallory.call("release_seat", {"code": code, "seat": 0, "board_key": "guess"}))["error"] == (
        "forbidden")
    assert host_state(lan_server.app) == before  # same seats, same tokens, nothing released
    assert ann.sio.connected and bob.sio.connected and ann.last("error") is None
    views = [p for e, p in mallory.got if e == "view"]
    assert views and all(p["seat"] is None and p["legal_actions"] == [] for p in views)  # public only


async def test_the_board_key_gives_the_boards_rights_and_survives_a_reload(lan_clients, lan_server):
    board, code, key, (ann, a), (bob, b) = await _seated(lan_clients)
    await ann.close()
    await board.wait("table", lambda t: not t["seats"][0]["connected"])
    await board.close()
    tv = await lan_clients()  # the TV reloaded: a new socket, the key from localStorage
    assert (await tv.call("watch", {"code": code, "board_key": key}))["board"] is True
    assert (await tv.call("release_seat", {"code": code, "seat": 0})) == {"ok": True}
    table = await tv.wait("table", lambda t: not t["seats"][0]["taken"])
    assert table["seats"][0]["name"] is None
    assert "board_key" not in table  # never broadcast
    # Without the key a watcher is a spectator; the key in a payload is enough for a headless tool.
    spectator = await lan_clients()
    assert (await spectator.call("watch", {"code": code, "board_key": wrong_key(key)}))["board"] is False
    assert (await spectator.call("release_seat", {"code": code, "seat": 1}))["error"] == "forbidden"
    headless = await lan_clients()
    assert (await headless.call("release_seat", {"code": code, "seat": 1, "board_key": key}))["ok"]


async def test_a_loopback_board_is_given_the_key(clients):
    """On the host's own machine (trusted loopback) a board page gets the key without sending it."""
    creator = await clients()
    made = await creator.call("create_table", {"game": "duel"})
    laptop = await clients()
    watched = await laptop.call("watch", {"code": made["code"]})
    assert watched == {"ok": True, "board": True, "board_key": made["board_key"]}


async def test_a_phone_may_leave_its_seat_and_start_but_not_more(lan_clients, lan_server):
    board, code, key, (ann, a), (bob, b) = await _seated(lan_clients)
    assert (await ann.call("release_seat", {"code": code, "seat": 1}))["error"] == "forbidden"
    assert (await ann.call("start", {"code": code, "options": {"first_game_wonders": True}}))["error"] == (
        "forbidden")
    settings = {"code": code, "options": {"first_game_wonders": True}}
    assert (await ann.call("configure", settings))["error"] == "forbidden"
    # Ann leaves: her seat is free and she is a plain client, still connected, not "replaced".
    assert (await ann.call("release_seat", {"code": code, "seat": 0})) == {"ok": True}
    table = await board.wait("table", lambda t: not t["seats"][0]["taken"])
    assert table["free_seats"] == 1
    assert ann.sio.connected and ann.last("error") is None
    assert (await ann.call("act", {"action": {"type": "x"}}))["error"] == "not_seated"
    again = await ann.call("join", {"code": code, "name": "Ann"})
    assert again["seat"] == 0 and again["token"] != a["token"]
    assert (await bob.call("start", {"code": code})) == {"ok": True}  # a player, every seat taken
    await board.wait("table", lambda t: t["state"] == "playing")


async def test_strangers_cannot_start_configure_or_play_again(lan_clients, lan_server):
    board, code, key, (ann, a), (bob, b) = await _seated(lan_clients)
    stranger = await lan_clients()
    await stranger.call("watch", {"code": code})
    before = host_state(lan_server.app)
    for event, payload in (("start", {"code": code}), ("configure", {"code": code, "seats": 2}),
                           ("play_again", {"code": code})):
        assert (await stranger.call(event, payload))["error"] == "forbidden", event
    assert host_state(lan_server.app) == before


async def test_a_strangers_start_with_a_duel_setup_is_refused(lan_clients, lan_server):
    """The rigged layout: a fixed Duel setup sent with start (or create_table) by anyone."""
    assert engine.spec("duel").option(DUEL_SETUP).testing
    board, code, key, (ann, a), (bob, b) = await _seated(lan_clients)
    rigged = {DUEL_SETUP: {"first_player": 0}}
    before = host_state(lan_server.app)
    assert (await ann.call("start", {"code": code, "options": rigged}))["error"] == "forbidden"
    stranger = await lan_clients()
    assert (await stranger.call("start", {"code": code, "options": rigged}))["error"] == "forbidden"
    # Not even the board may use a testing option on a host started without --testing.
    refused = await board.call("start", {"code": code, "options": rigged})
    assert refused["error"] == "forbidden" and "--testing" in refused["message"]
    assert (await stranger.call("create_table", {"game": "duel", "options": rigged}))["error"] == "forbidden"
    assert (await board.call("configure", {"code": code, "options": rigged}))["error"] == "forbidden"
    assert host_state(lan_server.app) == before
    assert (await board.call("start", {"code": code, "options": {"first_game_wonders": True}}))["ok"]


async def test_testing_options_need_the_flag_and_never_reach_a_client(aiohttp_server, data_dir):
    from host.app import create_app
    from host.config import HostConfig

    from .conftest import Client

    app = create_app(data_dir, config=HostConfig(testing=True))
    srv = await aiohttp_server(app, host="127.0.0.1", port=0)
    client = Client(f"http://127.0.0.1:{srv.port}")
    await client.connect()
    try:
        layout = {"first_player": 1}
        options = {DUEL_SETUP: layout, "first_game_wonders": False}
        made = await client.call("create_table", {"game": "duel", "options": options})
        assert made["ok"], made
        await client.call("watch", {"code": made["code"]})
        table = await client.wait("table")
        listed = (await client.call("list_tables", {}))["tables"]
        info = (await client.call("table_info", {"code": made["code"]}))["table"]
        for payload in (table, listed[0], info):
            assert DUEL_SETUP not in payload["options"]
            assert payload["options"] == {"first_game_wonders": False}
        assert DUEL_SETUP not in json.dumps(client.got)
        assert app[TABLES].tables[made["code"]].options[DUEL_SETUP] == layout  # accepted, kept, not shown
    finally:
        await client.close()


async def test_one_phone_one_seat_unless_the_table_allows_several(lan_clients, lan_server):
    board = await lan_clients()
    made = await board.call("create_table", {"game": "classic", "seats": 3})
    code, key = made["code"], made["board_key"]
    await board.call("watch", {"code": code})  # a spectator: the key goes with the configure below
    ann = await lan_clients()
    first = await ann.call("join", {"code": code, "name": "Ann"})
    before = host_state(lan_server.app)
    # The same socket, another seat; a second socket of the same device (its device token, or its seat
    # token; the address alone does not say: phones behind one router share it).
    assert (await ann.call("join", {"code": code, "name": "Ann2", "seat": 1}))["error"] == "already_seated"
    device = lan_server.app[HUB].clients[ann.sio.get_sid()].device
    tab = await lan_clients(auth={"device": device})
    assert (await tab.call("join", {"code": code, "name": "Ann3", "seat": 1}))["error"] == "already_seated"
    assert host_state(lan_server.app) == before
    # The board allows one phone to play several seats.
    assert (await board.call("configure", {"code": code, "multi_seat": True, "board_key": key}))["ok"]
    second = await tab.call("join", {"code": code, "name": "Ann3", "seat": 1})
    assert second["seat"] == 1 and second["token"] != first["token"]
    table = await board.wait("table", lambda t: t["multi_seat"] and t["seats"][1]["taken"])
    assert table["seats"][0]["name"] == "Ann"


async def test_a_token_holder_cannot_take_a_second_seat_from_another_socket(clients, server):
    """On the host's own machine too: a device that holds a seat (it sends its token) gets no second."""
    board = await clients()
    code = (await board.call("create_table", {"game": "classic", "seats": 3}))["code"]
    ann = await clients()
    token = (await ann.call("join", {"code": code, "name": "Ann"}))["token"]
    other_tab = await clients(token)  # binds seat 0; the first tab is replaced
    await other_tab.wait("view")
    await until(lambda: not ann.sio.connected)
    ack = await other_tab.call("join", {"code": code, "name": "Ann", "seat": 2})
    assert ack["error"] == "already_seated"


async def test_configure_changes_a_lobby_and_only_a_lobby(lan_clients, lan_server):
    board = await lan_clients()
    made = await board.call("create_table", {"game": "classic", "seats": 3})
    code, key = made["code"], made["board_key"]
    await board.call("watch", {"code": code, "board_key": key})
    ann = await lan_clients()
    await ann.call("join", {"code": code, "name": "Ann"})
    changed = await board.call("configure", {"code": code, "seats": 4, "options": {"sides": "B"}})
    assert changed == {"ok": True}
    table = await board.wait("table", lambda t: len(t["seats"]) == 4)
    assert table["options"] == {"sides": "B"} and table["seats"][0]["name"] == "Ann"
    assert (await board.call("configure", {"code": code, "seats": 8}))["error"] == "bad_request"
    unknown_side = {"code": code, "options": {"sides": "C"}}
    assert (await board.call("configure", unknown_side))["error"] == "bad_request"
    assert (await board.call("configure", {"code": code, "autostart": "yes"}))["error"] == "bad_request"
    assert lan_server.app[TABLES].tables[code].options == {"sides": "B"}
