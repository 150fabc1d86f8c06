"""Replays of the history's games from a phone (issue 33 part 3): a phone replays a game on its own screen
(one such replay per socket, so a phone cannot take the host's replay places; opening one spends the
costly requests' budget, stepping does not), and a table's board or host phone shows a game of the
history as the table's shared replay, which a seated phone may drive but not open."""

from __future__ import annotations

import random
from typing import Any

from host.app import HUB, TABLES
from host.config import HostConfig, Limits
from host.historyweb import HISTORY
from tests.host.conftest import Client, until
from tests.host.test_replays import finished_table, listen


async def play_duel(app: Any, names: tuple[str, str], seed: int) -> int:
    """A Duel played to its end through the host's tables; the id of its game in the history."""
    tables, history = app[TABLES], app[HISTORY]
    before = {game.id for game in history.newest()}
    table = await tables.create("duel", seats=2)
    for seat, name in enumerate(names):
        await tables.join(table, name, seat)
    await tables.start(table)
    pick = random.Random(seed)
    while not table.engine_game.is_over():
        seat = table.engine_game.to_act()[0]
        await tables.act(table, table.seats[seat], pick.choice(table.engine_game.legal_actions(seat)))
    await until(lambda: bool({game.id for game in history.newest()} - before))
    return max({game.id for game in history.newest()} - before)


def sessions_of(app: Any, client: Client) -> list[str]:
    sid = client.sio.get_sid("/")
    return [key for key in app[HUB].replays.sessions if key.startswith(f"s:{sid}:")]


async def test_a_phone_replays_a_history_game_for_itself_one_at_a_time(server, clients):
    code, board, ann, bob = await finished_table(server, clients)
    other = await play_duel(server.app, ("Cy", "Di"), 7)
    await until(lambda: len(server.app[HISTORY].newest()) >= 2)
    first = next(game.id for game in server.app[HISTORY].newest() if game.id != other)
    await board.call("replay", {"code": code, "command": "open"})  # the TV's own replay runs meanwhile
    assert (await ann.call("replay", {"game": first, "command": "open"}))["at"] == 0
    frame = await ann.wait("replay", lambda m: m.get("game") == first and "timeline" in m)
    assert frame["timeline"]["names"] == ["Ann", "Bob"] and "code" not in frame and "seat_views" not in frame
    assert (await ann.call("replay", {"game": first, "command": "next"}))["at"] == 1
    stepped = await ann.wait("replay", lambda m: m.get("game") == first and m.get("at") == 1)
    assert stepped["view"]["phase"] != "over"
    assert (await ann.call("replay", {"game": other, "command": "open"}))["at"] == 0  # the first one ends
    shown = await ann.wait("replay", lambda m: m.get("game") == other and "timeline" in m)
    assert shown["timeline"]["names"] == ["Cy", "Di"]
    assert sessions_of(server.app, ann) == [f"s:{ann.sio.get_sid('/')}:{other}"]
    assert f"t:{code}" in server.app[HUB].replays.sessions  # the table's replay was not pushed out
    assert bob.last("replay", lambda m: "game" in m) is None  # nobody else hears the phone's replay
    assert board.last("replay", lambda m: "game" in m) is None
    await ann.call("replay", {"game": other, "command": "close"})
    assert sessions_of(server.app, ann) == []


async def test_opening_history_replays_spends_the_costly_budget_and_stepping_does_not(start_host, connect):
    limits = Limits(costly_rate=0.01, costly_burst=3.0, address_burst=1000, address_rate=1000)
    srv = await start_host(HostConfig(trust_loopback=False, limits=limits))
    games = [await play_duel(srv.app, ("Ann", "Bob"), seed) for seed in range(2)]
    phone = listen(await connect(srv))
    assert (await phone.call("replay", {"game": games[0], "command": "open"}))["ok"]
    for _ in range(12):  # steps of the replay it holds: no budget spent
        assert (await phone.call("replay", {"game": games[0], "command": "next"}))["ok"]
    assert (await phone.call("replay", {"game": games[1], "command": "open"}))["ok"]
    assert (await phone.call("replay", {"game": games[0], "command": "next"}))["ok"]  # not held: opened
    refused = await phone.call("replay", {"game": games[1], "command": "open"})
    assert refused["ok"] is False and refused["error"] == "busy" and refused["retry_after"] > 0
    assert sessions_of(srv.app, phone) == [f"s:{phone.sio.get_sid('/')}:{games[0]}"]  # nothing changed


async def test_the_board_shows_a_history_game_as_its_tables_replay(server, clients):
    code, board, ann, bob = await finished_table(server, clients)
    other = await play_duel(server.app, ("Cy", "Di"), 7)
    refused = await ann.call("replay", {"code": code, "game": other, "command": "open"})
    assert refused["error"] == "forbidden"  # a seated phone drives a table's replay, it cannot choose it
    assert (await board.call("replay", {"code": code, "game": other, "command": "open"}))["at"] == 0
    for client in (board, ann, bob):
        frame = await client.wait("replay", lambda m: m.get("history_game") == other and "timeline" in m)
        assert frame["code"] == code and frame["timeline"]["names"] == ["Cy", "Di"]
    assert (await bob.call("replay", {"code": code, "command": "next"}))["at"] == 1  # a player steps it
    await board.wait("replay", lambda m: m.get("history_game") == other and m.get("at") == 1)
    assert list(server.app[HUB].replays.sessions) == [f"t:{code}"]
    assert (await board.call("replay", {"code": code, "game": 10**6, "command": "open"}))["error"] \
        == "bad_request"
    assert (await board.call("replay", {"code": code, "command": "open"}))["at"] == 1  # still that game
    await board.call("replay", {"code": code, "command": "close"})
    await ann.wait("replay", lambda m: m.get("closed") is True)
    made = await board.call("create_table", {"game": "duel"})
    in_lobby = {"code": made["code"], "game": other, "command": "open", "board_key": made["board_key"]}
    assert (await board.call("replay", in_lobby))["error"] == "not_over"
