"""In game: the board hands an away phone's seat to a bot and the seat returns to its player when the
phone comes back; the table clock makes an ``easy`` move for a seat whose time ran out."""

from __future__ import annotations

import asyncio
from typing import Any

from host.app import TABLES

from .conftest import WAIT, Client
from .test_bots import board_of, bot_config

TAKEOVER_AFTER = 0.2  # seconds a phone must be away before the board may hand its seat to a bot
TARGET = {"target": 40}  # the test game lasts long enough for every step below


async def fake_table(start_host, connect, **settings: Any) -> tuple[Any, Client, str, str, Client, Client]:
    """A started game of the test game with its board, Ann at seat 0 and Bob at seat 1."""
    chosen: dict[str, Any] = {"takeover_after_seconds": TAKEOVER_AFTER, **settings}
    server = await start_host(bot_config(**chosen))
    board, code, key = await board_of(connect, server, game="fake", options=TARGET)
    ann, bob = await connect(server), await connect(server)
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    return server, board, code, key, ann, bob


async def move(phone: Client, step: int) -> dict[str, Any]:
    """The phone plays its first legal action once its view at ``step`` asks it to."""
    view = await phone.wait("view", lambda v: v["step"] == step and v["legal_actions"])
    ack = await phone.call("act", {"action": view["legal_actions"][0]})
    assert ack["ok"] and ack["step"] == step + 1, ack
    return ack


def seat_of(table: dict[str, Any], n: int) -> dict[str, Any]:
    return table["seats"][n]


async def test_a_phone_away_long_enough_is_replaced_by_a_bot_until_it_comes_back(start_host, connect,
                                                                                  fake_game):
    server, board, code, key, ann, bob = await fake_table(start_host, connect)
    ann_token = (await ann.call("join", {"code": code, "name": "Ann"}))["token"]
    assert (await board.call("start", {"code": code}))["ok"]
    await move(ann, 0)  # the test game: seat 0 moves at even steps, seat 1 at odd ones
    mark = len(board.got)
    await ann.close()
    table = await board.wait("table", lambda t: not seat_of(t, 0)["connected"], since=mark)
    assert 0 < seat_of(table, 0)["takeover_in"] <= TAKEOVER_AFTER
    assert seat_of(table, 1)["takeover_in"] is None  # Bob is connected
    # The host tells the board when the seat may be handed over; the board does so.
    await board.wait("table", lambda t: seat_of(t, 0)["takeover_in"] == 0)
    mark = len(board.got)
    assert (await board.call("set_bot", {"code": code, "seat": 0, "level": "easy"})) == {"ok": True}
    notice = await board.wait("notice", since=mark)
    assert notice == {"code": code, "seat": 0, "notice": "bot_took_over", "name": "Ann", "bot": "easy"}
    table = await board.wait("table", lambda t: seat_of(t, 0)["bot"] == "easy", since=mark)
    assert seat_of(table, 0) == {"seat": 0, "name": "Ann", "taken": True, "connected": False, "bot": "easy",
                                 "takeover": True, "takeover_in": None}
    # The bot plays for Ann (Bob's moves are his own).
    await move(bob, 1)
    played = await board.wait("events", lambda e: e["step"] == 3)
    assert played["seat"] == 0 and played["by"] == "bot"
    await move(bob, 3)
    await board.wait("events", lambda e: e["step"] == 5 and e["by"] == "bot")
    # Ann's phone comes back: her seat is hers again at once, and everyone is told.
    mark = len(board.got)
    ann = await connect(server, ann_token)
    notice = await board.wait("notice", since=mark)
    assert notice == {"code": code, "seat": 0, "notice": "player_back", "name": "Ann", "bot": None}
    table = await board.wait("table", lambda t: seat_of(t, 0)["connected"], since=mark)
    assert seat_of(table, 0)["bot"] is None and not seat_of(table, 0)["takeover"]
    await move(bob, 5)
    await move(ann, 6)  # had a bot still played for her, this act would be refused
    history = server.app[TABLES].tables[code].history
    assert [(e.seat, e.by) for e in history] == [(0, "player"), (1, "player"), (0, "bot"), (1, "player"),
                                                (0, "bot"), (1, "player"), (0, "player")]
    assert [e["by"] for e in (await board.call("history", {"code": code}))["entries"]] == [
        e.by for e in history]


async def test_the_board_ends_a_takeover_and_a_released_seat_is_kept_warm(start_host, connect, fake_game):
    server, board, code, key, ann, bob = await fake_table(start_host, connect)
    await board.call("start", {"code": code})
    await ann.close()
    await board.wait("table", lambda t: seat_of(t, 0)["takeover_in"] == 0)
    assert (await board.call("set_bot", {"code": code, "seat": 0, "level": "hard"}))["ok"]
    await board.wait("events", lambda e: e["step"] == 1 and e["by"] == "bot")
    # Another level for the same take-over, then the board stops it: the seat waits for its phone.
    assert (await board.call("set_bot", {"code": code, "seat": 0, "level": "random"}))["ok"]
    mark = len(board.got)
    assert (await board.call("set_bot", {"code": code, "seat": 0, "level": None}))["ok"]
    notice = await board.wait("notice", since=mark)
    assert notice["notice"] == "bot_left" and notice["seat"] == 0 and notice["bot"] is None
    table = await board.wait("table", lambda t: seat_of(t, 0)["bot"] is None, since=mark)
    assert seat_of(table, 0)["name"] == "Ann" and seat_of(table, 0)["taken"]
    assert seat_of(table, 0)["takeover_in"] == 0  # away long enough already
    # A take-over again, then the board releases the seat: the bot keeps it warm for a new phone.
    assert (await board.call("set_bot", {"code": code, "seat": 0, "level": "easy"}))["ok"]
    await move(bob, 1)
    await board.wait("events", lambda e: e["step"] == 3 and e["by"] == "bot")
    assert (await board.call("release_seat", {"code": code, "seat": 0}))["ok"]
    table = await board.wait("table", lambda t: not seat_of(t, 0)["taken"])
    assert seat_of(table, 0)["bot"] == "easy" and seat_of(table, 0)["takeover"]
    await move(bob, 3)
    await board.wait("events", lambda e: e["step"] == 5 and e["by"] == "bot")
    mark = len(board.got)
    cy = await connect(server)
    assert (await cy.call("join", {"code": code, "name": "Cy"}))["seat"] == 0
    notice = await board.wait("notice", since=mark)
    assert notice == {"code": code, "seat": 0, "notice": "player_back", "name": "Cy", "bot": None}
    await move(bob, 5)
    await move(cy, 6)


async def test_a_takeover_waits_for_the_delay(start_host, connect, fake_game):
    server, board, code, key, ann, bob = await fake_table(start_host, connect, takeover_after_seconds=600.0)
    await board.call("start", {"code": code})
    mark = len(board.got)
    await ann.close()
    await board.wait("table", lambda t: not seat_of(t, 0)["connected"], since=mark)
    ack = await board.call("set_bot", {"code": code, "seat": 0, "level": "easy"})
    assert ack["error"] == "not_away" and 0 < ack["retry_after"] <= 600
    assert server.app[TABLES].tables[code].seats[0].bot is None


async def test_the_clock_plays_an_easy_move_when_time_runs_out(start_host, connect, fake_game):
    server, board, code, key, ann, bob = await fake_table(start_host, connect, clock_min_seconds=0.1)
    for bad in (0.05, 10_000, "30", True, [30]):
        ack = await board.call("configure", {"code": code, "clock": bad})
        assert ack["error"] == "bad_request", bad
    assert server.app[TABLES].tables[code].clock is None  # off by default
    assert (await board.call("configure", {"code": code, "clock": 0.4}))["ok"]
    await board.wait("table", lambda t: t["clock"] == 0.4)
    assert (await board.call("start", {"code": code}))["ok"]
    clock = await board.wait("clock", lambda c: c["step"] == 0)
    assert clock["code"] == code and clock["seconds"] == 0.4
    assert [c["seat"] for c in clock["clocks"]] == [0] and 0 < clock["clocks"][0]["remaining"] <= 0.4
    # Ann lets her time run out: the easy bot moves for her (the test game's easy adds the most).
    played = await board.wait("events", lambda e: e["step"] == 1)
    assert played["seat"] == 0 and played["by"] == "clock"
    assert played["events"][0]["n"] == 3
    nxt = await board.wait("clock", lambda c: c["step"] == 1)
    assert [c["seat"] for c in nxt["clocks"]] == [1]
    await move(bob, 1)  # Bob is in time
    assert (await board.wait("events", lambda e: e["step"] == 2))["by"] == "player"
    # A spectator arriving now is told the running clock with the rest.
    late = await connect(server)
    await late.call("watch", {"code": code})
    seen = await late.wait("clock")
    assert seen["clocks"] and seen["clocks"][0]["seat"] == 0
    # A seat a bot plays has no clock.
    assert (await board.call("configure", {"code": code, "clock": None}))["error"] == "already_started"
    await ann.close()
    await board.wait("table", lambda t: seat_of(t, 0)["takeover_in"] == 0)
    mark = len(board.got)
    await board.call("set_bot", {"code": code, "seat": 0, "level": "easy"})
    await board.wait("events", lambda e: e["seat"] == 0 and e["by"] == "bot", since=mark)
    clocks = [c for e, c in board.got[mark:] if e == "clock"]
    assert clocks and all(0 not in [x["seat"] for x in c["clocks"]] for c in clocks[1:])


async def test_a_bot_seat_in_a_classic_turn_gets_no_clock_but_the_phones_do(start_host, connect):
    server = await start_host(bot_config(clock_min_seconds=0.1))
    board, code, key = await board_of(connect, server, game="classic", seats=3, clock=30)
    await board.call("set_bot", {"code": code, "seat": 2, "level": "hard"})
    ann, bob = await connect(server), await connect(server)
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    await board.call("start", {"code": code})
    clock = await board.wait("clock")
    assert clock["seconds"] == 30 and [c["seat"] for c in clock["clocks"]] == [0, 1]
    # Ann chooses: her clock stops, Bob's runs on unchanged.
    view = await ann.wait("view", lambda v: v["legal_actions"])
    await ann.call("act", {"action": view["legal_actions"][0]})
    after = await board.wait("clock", lambda c: [x["seat"] for x in c["clocks"]] == [1])
    assert after["clocks"][0]["remaining"] <= clock["clocks"][1]["remaining"]
    await asyncio.wait_for(board.wait("choosing", lambda c: c["waiting"] == [1]), WAIT)  # the bot chose
