"""The ``replay`` event: a finished table's replay driven by its board and its seated phones, heard by the
whole table; a history game's replay for one socket; refusals that change nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import host.replays
from host.app import TABLES
from host.historyweb import HISTORY
from tests.host.conftest import Client, until


def listen(client: Client) -> Client:
    client.sio.on("replay", client._keeper("replay"))
    return client


async def finished_table(server: Any, clients: Any) -> tuple[str, Client, Client, Client]:
    """A Duel played to its end by two seated phones, watched by its board: (code, board, ann, bob)."""
    board = listen(await clients())
    made = await board.call("create_table", {"game": "duel"})
    code = made["code"]
    await board.call("watch", {"code": code, "board_key": made["board_key"]})
    ann, bob = listen(await clients()), listen(await clients())
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["ok"]
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["ok"]
    tables = server.app[TABLES]
    table = tables.get(code)
    await tables.start(table)
    pick = random.Random(4)
    while not table.engine_game.is_over():
        seat = table.engine_game.to_act()[0]
        await tables.act(table, table.seats[seat], pick.choice(table.engine_game.legal_actions(seat)))
    return code, board, ann, bob


async def test_a_seated_phone_drives_the_replay_the_whole_table_sees(server, clients):
    code, board, ann, bob = await finished_table(server, clients)
    opened = await ann.call("replay", {"code": code, "command": "open"})
    assert opened == {"ok": True, "at": 0, "playing": False, "speed": 1.0, "hands": False}
    frame = await board.wait("replay", lambda m: "timeline" in m)
    assert frame["code"] == code and frame["step"] == 0 and frame["view"]["phase"] != "over"
    timeline = frame["timeline"]
    table = server.app[TABLES].get(code)
    assert len(timeline["entries"]) == table.step and timeline["names"] == ["Ann", "Bob"]
    assert timeline["points"][-1]["scores"] == table.engine_game.result()["scores"]
    await bob.wait("replay", lambda m: "timeline" in m)
    assert (await bob.call("replay", {"code": code, "command": "next"}))["at"] == 1
    shown = await board.wait("replay", lambda m: m.get("at") == 1)
    assert shown["step"] == timeline["stops"][1] and shown["last"]["seat"] in (0, 1)
    assert "seat_views" not in shown and shown["hands"] is False
    await ann.call("replay", {"code": code, "command": "hands", "hands": True})
    revealed = await board.wait("replay", lambda m: m.get("hands") is True)
    assert [v["seat"] for v in revealed["seat_views"]] == [0, 1]
    age_two = (await board.call("replay", {"code": code, "command": "age", "age": 2}))["at"]
    assert timeline["stops"][age_two] >= timeline["ages"]["2"] > timeline["stops"][age_two - 1]
    last = len(timeline["stops"]) - 1
    end = await board.call("replay", {"code": code, "command": "seek", "at": last})
    assert end["at"] == last
    final = await board.wait("replay", lambda m: m.get("at") == last)
    assert final["view"] == table.engine_game.view(None)
    assert (await ann.call("replay", {"code": code, "command": "back"}))["at"] == last - 1
    again = listen(await clients())  # the TV reloads in the middle of the replay: it gets where it is
    await again.call("watch", {"code": code})
    back = await again.wait("replay")
    assert back["at"] == last - 1 and back["timeline"]["stops"] == timeline["stops"]
    assert (await bob.call("replay", {"code": code, "command": "toggle"}))["playing"] is True
    assert (await bob.call("replay", {"code": code, "command": "toggle"}))["playing"] is False
    for _ in range(3):
        slower = await bob.call("replay", {"code": code, "command": "slower"})
    assert slower["speed"] == 0.5
    assert (await bob.call("replay", {"code": code, "command": "faster"}))["speed"] == 1.0
    assert (await bob.call("replay", {"code": code, "command": "hands"}))["hands"] is False  # it was on
    await ann.call("replay", {"code": code, "command": "close"})
    await bob.wait("replay", lambda m: m.get("closed") is True)


async def test_auto_play_walks_to_the_end_and_stops(server, clients, monkeypatch):
    monkeypatch.setattr(host.replays, "STEP_SECONDS", 0.001)
    code, board, ann, _ = await finished_table(server, clients)
    await ann.call("replay", {"code": code, "command": "open"})
    stops = (await board.wait("replay", lambda m: "timeline" in m))["timeline"]["stops"]
    await ann.call("replay", {"code": code, "command": "seek", "at": len(stops) - 4})
    assert (await ann.call("replay", {"code": code, "command": "speed", "speed": 8}))["speed"] == 8.0
    assert (await ann.call("replay", {"code": code, "command": "play"}))["playing"] is True
    end = await board.wait("replay", lambda m: m.get("at") == len(stops) - 1)
    assert end["playing"] is False
    seen = [m["at"] for name, m in board.got if name == "replay" and m.get("playing") is not None]
    assert seen[-3:] == [len(stops) - 3, len(stops) - 2, len(stops) - 1]


@pytest.mark.parametrize(("payload", "error"), [
    ({"command": "dance"}, "bad_request"), ({"command": "seek", "at": 10**6}, "bad_request"),
    ({"command": "seek", "at": True}, "bad_request"), ({"command": "speed", "speed": 3}, "bad_request"),
    ({"command": "age", "age": 9}, "bad_request"), ({"command": "hands", "hands": "yes"}, "bad_request")])
async def test_bad_commands_are_refused_and_change_nothing(server, clients, payload, error):
    code, board, ann, _ = await finished_table(server, clients)
    await ann.call("replay", {"code": code, "command": "open"})
    await ann.call("replay", {"code": code, "command": "next"})
    reply = await ann.call("replay", {"code": code, **payload})
    assert reply["ok"] is False and reply["error"] == error
    again = await ann.call("replay", {"code": code, "command": "open"})
    assert again["at"] == 1 and again["speed"] == 1.0 and again["hands"] is False


async def test_a_stranger_cannot_drive_a_replay_and_a_game_in_play_has_none(server, clients):
    code, board, _, _ = await finished_table(server, clients)
    stranger = listen(await clients())
    reply = await stranger.call("replay", {"code": code, "command": "open"})
    assert reply["error"] == "forbidden"
    made = await board.call("create_table", {"game": "duel"})
    open_it = {"code": made["code"], "command": "open", "board_key": made["board_key"]}
    reply = await board.call("replay", open_it)
    assert reply["error"] == "not_over"
    assert stranger.last("replay") is None


async def test_a_history_game_replays_for_the_socket_that_opened_it_only(server, clients):
    code, board, ann, _ = await finished_table(server, clients)
    await until(lambda: bool(server.app[HISTORY].newest()))
    game_id = server.app[HISTORY].newest()[0].id
    tv = listen(await clients())
    assert (await tv.call("replay", {"game": game_id, "command": "open"}))["at"] == 0
    frame = await tv.wait("replay", lambda m: "timeline" in m)
    assert frame["game"] == game_id and frame["timeline"]["names"] == ["Ann", "Bob"]
    assert (await tv.call("replay", {"game": game_id, "command": "next"}))["at"] == 1
    assert (await tv.call("replay", {"game": 999, "command": "open"}))["error"] == "bad_request"
    assert (await tv.call("replay", {"game": "1", "command": "open"}))["error"] == "bad_request"
    assert ann.last("replay") is None and board.last("replay") is None
