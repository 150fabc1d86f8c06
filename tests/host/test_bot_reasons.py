"""Bots say why they play (a table with the coach on): a ``bot_reason`` notice after the move is revealed."""

from __future__ import annotations

from typing import Any

from engine.bots.coach import REASON_PRIORITY, RESTATING

from .conftest import Client
from .test_bots import board_of, bot_config, over


def reasons_in(client: Client, since: int = 0) -> list[tuple[int, dict[str, Any]]]:
    """Each ``bot_reason`` notice the client got (from index ``since``), with its index among its messages."""
    return [(i, data) for i, (event, data) in enumerate(client.got) if i >= since and event == "notice"
            and data["notice"] == "bot_reason"]


async def all_bot_duel(start_host: Any, connect: Any, *, coach: bool) -> Client:
    """A Duel of two ``easy`` bots played to its end, and its board."""
    server = await start_host(bot_config())
    board, code, _ = await board_of(connect, server, game="duel", coach=coach)
    for seat in (0, 1):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": "easy"}))["ok"]
    assert (await board.call("start", {"code": code}))["ok"]
    await board.wait("table", over)
    return board


async def test_with_the_coach_on_each_bot_tells_why_after_its_move(start_host, connect):
    board = await all_bot_duel(start_host, connect, coach=True)
    told = reasons_in(board)
    moves = [(i, data) for i, (event, data) in enumerate(board.got)
             if event == "events" and data["by"] == "bot"]
    assert len(told) >= len(moves) // 2 > 5  # most moves say something more than the move itself
    for index, notice in told:
        assert notice["reason"]["code"] in REASON_PRIORITY and notice["reason"]["code"] not in RESTATING
        assert notice["bot"] == "easy" and notice["seat"] in (0, 1)
        # right after the events of that seat's move (and its views), never before it
        move = max(i for i, data in moves if i < index)
        assert board.got[move][1]["seat"] == notice["seat"]


async def test_with_the_coach_off_bots_say_nothing(start_host, connect):
    board = await all_bot_duel(start_host, connect, coach=False)
    assert reasons_in(board) == []


async def test_a_simultaneous_turn_tells_the_bots_reasons_only_once_it_is_revealed(start_host, connect):
    server = await start_host(bot_config())
    board, code, _ = await board_of(connect, server, game="classic", seats=3, coach=True)
    for seat in (1, 2):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": "easy"}))["ok"]
    ann = await connect(server)
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await board.call("start", {"code": code}))["ok"]
    view = await ann.wait("view", lambda v: bool(v["legal_actions"]))
    await board.wait("choosing", lambda c: c["waiting"] == [0])  # both bots chose, face down
    assert reasons_in(board) == [] and reasons_in(ann) == []
    mark = len(board.got)
    assert (await ann.call("act", {"code": code, "action": view["legal_actions"][0]}))["ok"]
    await board.wait("notice", lambda n: n["notice"] == "bot_reason" and n["seat"] == 2, since=mark)
    told = reasons_in(board, mark)
    assert sorted(notice["seat"] for _, notice in told) == [1, 2]
    revealed = next(i for i, (event, data) in enumerate(board.got) if i >= mark and event == "events")
    assert all(index > revealed for index, _ in told)
    await ann.wait("notice", lambda n: n["notice"] == "bot_reason" and n["seat"] == 2)
