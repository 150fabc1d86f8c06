"""The coach at the table: the ``coach`` option, and ``suggest`` from a seated phone (docs/protocol.md)."""

from __future__ import annotations

import itertools
from typing import Any

from host.app import HUB, TABLES, create_app
from host.botpool import SUGGEST, Question
from host.config import BotSettings, HostConfig, Limits

from .conftest import FIRST_SEED, Client
from .test_bots import STAND_INS, board_of

COACH_SECONDS = 0.2  # CPU seconds per hint: enough for the search to rank a few moves


def coach_config(**limits: Any) -> HostConfig:
    """A host whose coach thinks briefly in one worker (bots are the test stand-ins)."""
    return HostConfig(limits=Limits(**limits), bots=BotSettings(
        pace_seconds=0.0, workers=1, policies=STAND_INS, coach_seconds=COACH_SECONDS))


async def duel_table(start_host: Any, connect: Any, *, coach: bool = True,
                     **limits: Any) -> tuple[Any, Client, str, Client, Client]:
    """A started Duel with its board, Ann at seat 0 and Bo at seat 1."""
    server = await start_host(coach_config(**limits))
    board, code, _ = await board_of(connect, server, game="duel", coach=coach)
    ann, bo = await connect(server), await connect(server)
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await bo.call("join", {"code": code, "name": "Bo"}))["seat"] == 1
    assert (await board.call("start", {"code": code}))["ok"]
    return server, board, code, ann, bo


async def deciding(ann: Client, bo: Client) -> tuple[Client, Client, dict[str, Any]]:
    """The phone that must decide now, the other one, and the deciding phone's view payload."""
    for each in (ann, bo):
        await each.wait("view")
    for phone, other in ((ann, bo), (bo, ann)):
        view = phone.last("view")
        if view["legal_actions"]:
            return phone, other, view
    raise AssertionError("no seat must decide")


async def test_the_coach_is_off_by_default_and_then_refused(start_host, connect):
    server, board, code, ann, bo = await duel_table(start_host, connect, coach=False)
    table = await board.wait("table", lambda t: t["state"] == "playing")
    assert table["coach"] is False
    phone, _, _ = await deciding(ann, bo)
    ack = await phone.call("suggest", {})
    assert ack["ok"] is False and ack["error"] == "coach_off"
    assert board.last("notice") is None


async def test_the_setting_is_shown_to_all_checked_and_kept_by_play_again(start_host, connect, fake_game):
    server = await start_host(coach_config())
    board, code, key = await board_of(connect, server, game="fake")
    assert (await board.wait("table"))["coach"] is False
    refused = await board.call("configure", {"code": code, "coach": "yes"})
    assert refused["error"] == "bad_request" and server.app[TABLES].tables[code].coach is False
    bad = await board.call("create_table", {"game": "duel", "coach": 1})
    assert bad["error"] == "bad_request"
    mark = len(board.got)
    assert (await board.call("configure", {"code": code, "coach": True})) == {"ok": True}
    assert (await board.wait("table", since=mark))["coach"] is True
    # a configure without 'coach' keeps it
    assert (await board.call("configure", {"code": code, "autostart": True})) == {"ok": True}
    assert server.app[TABLES].tables[code].coach is True
    for seat in (0, 1):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": "easy"}))["ok"]
    await board.wait("table", lambda t: t["state"] == "over")
    again = await board.call("play_again", {"code": code})
    assert again["ok"], again
    assert (await board.wait("table", lambda t: t["code"] == again["code"]))["coach"] is True


async def test_a_hint_is_two_of_the_seats_own_legal_actions_and_everyone_hears_of_it(start_host, connect):
    server, board, code, ann, bo = await duel_table(start_host, connect)
    hub = server.app[HUB]
    asked: list[Question] = []
    original = hub.autoplay.pool.suggest

    async def recording(question: Question, ticket: Any = None) -> Any:
        asked.append(question)
        return await original(question, ticket)

    hub.autoplay.pool.suggest = recording  # type: ignore[method-assign]
    phone, other, view = await deciding(ann, bo)
    seat, name = view["seat"], ("Ann", "Bo")[view["seat"]]
    marks = {c: len(c.got) for c in (board, phone, other)}
    ack = await phone.call("suggest", {"code": code})
    assert ack["ok"] is True, ack
    suggestions = ack["suggestions"]
    assert 1 <= len(suggestions) <= 2
    assert len(suggestions) == 2  # the wonder draft offers several wonders
    assert len({repr(s["action"]) for s in suggestions}) == len(suggestions)
    for suggestion in suggestions:
        assert suggestion["action"] in view["legal_actions"]
        assert suggestion["reason"] == suggestion["reasons"][0]
        assert isinstance(suggestion["reason"]["code"], str)
    # The coach saw exactly what the phone gets: its own view and legal actions, nothing else.
    assert len(asked) == 1 and asked[0].task == SUGGEST and asked[0].seconds == COACH_SECONDS
    assert asked[0].view == view["view"] and asked[0].legal == view["legal_actions"]
    assert asked[0].view != other.last("view")["view"]
    for client in (board, phone, other):
        notice = await client.wait("notice", since=marks[client])
        assert notice == {"code": code, "seat": seat, "notice": "asked_coach", "name": name, "bot": None}
    # Nothing was played: the step did not move.
    assert server.app[TABLES].tables[code].step == view["step"]
    # The other seat has no decision now.
    refused = await other.call("suggest", {})
    assert refused["ok"] is False and refused["error"] == "not_your_turn"
    # A watcher holds no seat.
    refused = await board.call("suggest", {})
    assert refused["error"] == "not_seated"


async def test_hints_are_rate_limited_per_seat(start_host, connect):
    server, board, code, ann, bo = await duel_table(start_host, connect, coach_burst=1.0, coach_rate=1e-6)
    phone, _, _ = await deciding(ann, bo)
    assert (await phone.call("suggest", {}))["ok"] is True
    mark = len(board.got)
    again = await phone.call("suggest", {})
    assert again["ok"] is False and again["error"] == "rate_limited" and again["retry_after"] > 0
    assert board.last("notice", since=mark) is None  # a refused request tells nobody


async def test_an_answer_the_game_outran_is_refused_as_stale(start_host, connect):
    server, board, code, ann, bo = await duel_table(start_host, connect)
    hub = server.app[HUB]
    table = server.app[TABLES].tables[code]
    original = hub.autoplay.pool.suggest
    phone, _, view = await deciding(ann, bo)
    seat = table.seats[view["seat"]]

    async def decided_meanwhile(question: Question, ticket: Any = None) -> Any:
        hints = await original(question, ticket)
        async with table.lock:  # the seat decides (its player did not wait) while the coach answers
            await hub.play(table, seat, question.legal[0])
        return hints

    hub.autoplay.pool.suggest = decided_meanwhile  # type: ignore[method-assign]
    ack = await phone.call("suggest", {})
    assert ack["ok"] is False and ack["error"] == "stale" and "suggestions" not in ack
    assert table.step == view["step"] + 1


async def test_the_coach_setting_persists_over_a_restart(aiohttp_server, data_dir):
    first = await aiohttp_server(create_app(data_dir, seed_source=itertools.count(FIRST_SEED).__next__),
                                 host="127.0.0.1", port=0, shutdown_timeout=0.5)
    url = f"http://127.0.0.1:{first.port}"
    board = Client(url)
    await board.connect()
    on = (await board.call("create_table", {"game": "duel", "coach": True}))["code"]
    off = (await board.call("create_table", {"game": "classic", "seats": 3}))["code"]
    await board.close()
    await first.close()
    second = await aiohttp_server(create_app(data_dir), host="127.0.0.1", port=0)
    tables = second.app[TABLES].tables
    assert tables[on].coach is True and tables[off].coach is False
