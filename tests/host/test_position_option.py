"""The testing-only ``position`` option of both games over the network: a normal host refuses it, a host
started with ``--testing`` plays from it and never sends it to a client."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from host.app import TABLES
from host.config import HostConfig

from .conftest import host_state

POSITIONS: dict[str, tuple[int, dict[str, Any]]] = {
    "duel": (2, {"age": 2, "to_play": 0, "cities": [{"coins": 33}, {"coins": 1}]}),
    "classic": (3, {"age": 2, "turn": 3, "cities": [{"coins": 33}, {}, {"coins": 1}]}),
}


@pytest.mark.parametrize("game", sorted(POSITIONS))
async def test_position_is_a_testing_option_of_both_games(game: str) -> None:
    declared = engine.spec(game).option("position")
    assert declared is not None and declared.testing and not declared.public


@pytest.mark.parametrize("game", sorted(POSITIONS))
async def test_a_normal_host_refuses_a_position(game: str, start_host: Any, connect: Any) -> None:
    server = await start_host(HostConfig())
    board = await connect(server)
    seats, position = POSITIONS[game]
    before = host_state(server.app)
    made = await board.call("create_table", {"game": game, "seats": seats, "options": {"position": position}})
    assert made["error"] == "forbidden" and "--testing" in made["message"]
    table = await board.call("create_table", {"game": game, "seats": seats, "multi_seat": True})
    refused = await board.call("start", {"code": table["code"], "options": {"position": position}})
    assert refused["error"] == "forbidden"
    assert host_state(server.app)[0].keys() == {table["code"]} and before[0] == {}


@pytest.mark.parametrize("game", sorted(POSITIONS))
async def test_a_testing_host_plays_from_the_position_and_never_shows_it(game: str, start_host: Any,
                                                                           connect: Any) -> None:
    server = await start_host(HostConfig(testing=True))
    board = await connect(server)
    seats, position = POSITIONS[game]
    made = await board.call("create_table", {"game": game, "seats": seats, "multi_seat": True,
                                             "options": {"position": position}})
    assert made["ok"], made
    code = made["code"]
    for seat in range(seats):
        assert (await board.call("join", {"code": code, "name": f"P{seat}", "seat": seat}))["ok"]
    started = await board.call("start", {"code": code})
    assert started["ok"], started
    view = (await board.wait("view", lambda v: v["view"] is not None))["view"]
    cities = view["players"] if game == "duel" else view["cities"]
    assert view["age"] == 2 and cities[0]["coins"] == 33
    assert server.app[TABLES].tables[code].options["position"] == position  # kept, for replays
    info = (await board.call("table_info", {"code": code}))["table"]
    assert "position" not in info["options"] and "position" not in json.dumps(board.got)
