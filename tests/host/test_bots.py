"""Bot seats at the table: the board seats bots of every level in every game, bots-only tables play to
the end, a bot sees only its seat's view and legal actions, bots are paced, and a failing bot never
stops a table. Whole games use ``random`` and ``easy``; ``medium`` and ``hard`` decide through the
test-only stand-ins of ``tests.host.botpolicies`` (and once for real, see the last test)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

import pytest

import engine
from engine.bots import LEVELS, derive_seed
from host.app import HUB, TABLES
from host.config import BotSettings, HostConfig
from host.tools.phone import Phone

from .conftest import WAIT, Client, host_state, wrong_key

GAME_WAIT = 20 * WAIT  # a hang guard for a whole game, never a timing assertion
STAND_INS = "tests.host.botpolicies:stand_ins"


def bot_config(*, trust_loopback: bool = True, **settings: Any) -> HostConfig:
    """A host whose bots play at once (no pacing) in one worker, with the test-only stand-ins."""
    chosen: dict[str, Any] = {"pace_seconds": 0.0, "workers": 1, "policies": STAND_INS}
    chosen.update(settings)
    return HostConfig(trust_loopback=trust_loopback, bots=BotSettings(**chosen))


async def board_of(connect: Any, server: Any, **create: Any) -> tuple[Client, str, str]:
    """A new table and its board (watching it with the key)."""
    board = await connect(server)
    made = await board.call("create_table", create)
    assert made["ok"], made
    code, key = made["code"], made["board_key"]
    assert (await board.call("watch", {"code": code, "board_key": key}))["board"]
    return board, code, key


def over(table: dict[str, Any]) -> bool:
    return table["state"] == "over"


def check_replay(server: Any, code: str) -> dict[str, Any]:
    """The table's game equals the replay of its action log; its result."""
    table = server.app[TABLES].tables[code]
    game = table.engine_game
    replayed = engine.replay(table.game, seats=len(table.seats), seed=table.seed, options=table.options,
                             log=game.action_log)
    assert replayed.to_dict() == game.to_dict() and replayed.is_over()
    return json.loads(json.dumps(replayed.result()))


async def test_the_board_seats_bots_in_the_lobby_and_frees_them_again(start_host, connect):
    server = await start_host(bot_config())
    board, code, key = await board_of(connect, server, game="classic", seats=3)
    for seat, level in enumerate(LEVELS[:3]):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": level})) == {"ok": True}
    table = await board.wait("table", lambda t: t["seats"][2]["bot"] == "medium")
    assert [(s["bot"], s["taken"], s["name"], s["takeover"]) for s in table["seats"]] == [
        ("random", True, None, False), ("easy", True, None, False), ("medium", True, None, False)]
    assert table["free_seats"] == 0 and table["state"] == "lobby" and table["clock"] is None
    assert all(s["takeover_in"] is None for s in table["seats"])
    phone = await connect(server)
    assert (await phone.call("join", {"code": code, "name": "Ann"}))["error"] == "table_full"
    assert (await board.call("set_bot", {"code": code, "seat": 1, "level": "hard"}))["ok"]  # another level
    assert (await board.call("set_bot", {"code": code, "seat": 1, "level": None}))["ok"]  # a free seat again
    table = await board.wait("table", lambda t: t["seats"][1]["bot"] is None)
    assert not table["seats"][1]["taken"] and table["free_seats"] == 1
    assert (await phone.call("join", {"code": code, "name": "Ann"}))["seat"] == 1
    # A seat a phone holds is not the board's to give to a bot: release it first.
    refused = await board.call("set_bot", {"code": code, "seat": 1, "level": "easy"})
    assert refused["error"] == "seat_taken"
    # Releasing a bot's seat frees it too.
    assert (await board.call("release_seat", {"code": code, "seat": 0}))["ok"]
    table = await board.wait("table", lambda t: t["seats"][0]["bot"] is None)
    assert not table["seats"][0]["taken"]
    listed = (await phone.call("table_info", {"code": code}))["table"]
    assert [s["bot"] for s in listed["seats"]] == [None, None, "medium"]


async def test_bad_bot_requests_change_nothing(start_host, connect):
    server = await start_host(bot_config(trust_loopback=False))
    board, code, key = await board_of(connect, server, game="duel", multi_seat=True)
    stranger = await connect(server)
    await stranger.call("watch", {"code": code})
    before = host_state(server.app)
    asks = [
        (stranger, {"code": code, "seat": 0, "level": "easy"}, "forbidden"),
        (stranger, {"code": code, "seat": 0, "level": "easy", "board_key": wrong_key(key)}, "forbidden"),
        (board, {"code": code, "seat": 0, "level": "expert"}, "bad_request"),
        (board, {"code": code, "seat": 0, "level": "hard:candidate_limit=16"}, "bad_request"),  # arena only
        (board, {"code": code, "seat": 0, "level": "hard-2026-11"}, "bad_request"),
        (board, {"code": code, "seat": 0, "level": 3}, "bad_request"),
        (board, {"code": code, "seat": 0}, "bad_request"),
        (board, {"code": code, "seat": 2, "level": "easy"}, "bad_request"),
        (board, {"code": code, "seat": True, "level": "easy"}, "bad_request"),
        (board, {"code": code, "seat": "0", "level": "easy"}, "bad_request"),
        (board, {"code": "ZZZZ", "seat": 0, "level": "easy"}, "no_table"),
    ]
    for client, payload, error in asks:
        ack = await client.call("set_bot", payload)
        assert ack["error"] == error, (payload, ack)
        assert ack["message"]
    assert host_state(server.app) == before
    # A started game takes bots only through a take-over of an away phone's seat.
    ann, bob = await connect(server), await connect(server)
    await ann.call("join", {"code": code, "name": "Ann"})
    await bob.call("join", {"code": code, "name": "Bob"})
    assert (await board.call("start", {"code": code}))["ok"]
    await ann.wait("view", lambda v: v["view"] is not None)
    before = host_state(server.app)
    ack = await board.call("set_bot", {"code": code, "seat": 0, "level": "easy"})
    assert ack["error"] == "not_away" and "connected" in ack["message"]
    ack = await stranger.call("set_bot", {"code": code, "seat": 0, "level": "easy"})
    assert ack["error"] == "forbidden"
    assert host_state(server.app) == before


@pytest.mark.parametrize("game,seats,levels,autostart", [
    ("duel", 2, ["random", "easy"], True),
    ("duel", 2, ["medium", "hard"], False),
    ("classic", 2, ["easy", "random"], False),  # the Free City's controller is a bot, turn by turn
    ("classic", 3, ["easy", "random", "easy"], True),
    ("classic", 7, ["random"] * 7, False),
])
async def test_a_table_of_bots_only_plays_to_the_end(start_host, connect, game, seats, levels, autostart):
    server = await start_host(bot_config())
    board, code, key = await board_of(connect, server, game=game, seats=seats, autostart=autostart)
    for seat, level in enumerate(levels):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": level}))["ok"]
    if not autostart:
        assert (await board.call("start", {"code": code}))["ok"]
    table = await asyncio.wait_for(board.wait("table", over), GAME_WAIT)
    assert [s["bot"] for s in table["seats"]] == levels
    result = check_replay(server, code)
    history = (await board.call("history", {"code": code}))
    assert history["entries"] and all(e["by"] == "bot" for e in history["entries"])
    events = [p for e, p in board.got if e == "events"]
    assert len(events) == len(history["entries"]) and all(p["by"] == "bot" for p in events)
    final = board.last("view", lambda v: v["view"] is not None)
    assert final["view"]["result"] == result


@pytest.mark.parametrize("game,seats,options", [("duel", 2, {}), ("classic", 3, {"sides": "B"}),
                                                ("classic", 2, {})])
async def test_phones_and_bots_at_one_table(start_host, connect, game, seats, options):
    """One phone, the other seats bots (in the 2-player variant the bot controls the Free City in turn)."""
    server = await start_host(bot_config())
    board, code, key = await board_of(connect, server, game=game, seats=seats, options=options)
    for seat in range(1, seats):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": "easy"}))["ok"]
    ann = Phone(server.url, code, "Ann", seed=5)
    try:
        assert await ann.join() == 0
        assert (await board.call("start", {"code": code}))["ok"]
        result = await asyncio.wait_for(ann.play(), GAME_WAIT)
    finally:
        await ann.close()
    assert result == check_replay(server, code)
    history = server.app[TABLES].tables[code].history
    assert {e.by for e in history if e.seat == 0} == {"player"}
    assert {e.by for e in history if e.seat != 0} == {"bot"}
    # The phone saw only its own seat's views.
    assert all(d["seat"] == 0 for e, d in ann.received if e == "view")


async def test_a_bot_is_asked_only_its_seats_view_and_legal_actions(start_host, connect, tmp_path,
                                                                    monkeypatch):
    record = tmp_path / "questions.jsonl"
    monkeypatch.setenv("WT_TEST_BOT_RECORD", str(record))
    server = await start_host(bot_config())
    board, code, key = await board_of(connect, server, game="classic", seats=3)
    for seat, level in enumerate(["hard", "medium", "easy"]):
        await board.call("set_bot", {"code": code, "seat": seat, "level": level})
    await board.call("start", {"code": code})
    await asyncio.wait_for(board.wait("table", over), GAME_WAIT)
    table = server.app[TABLES].tables[code]
    questions = [json.loads(line) for line in record.read_text().splitlines()]
    assert {q["level"] for q in questions} == {"hard", "medium"}
    # Each question names a (seat, step) by its seed; the replay at that step gives what it must hold.
    asked: dict[int, tuple[int, int]] = {}
    for step in range(table.step + 1):
        for seat in (0, 1):
            asked[derive_seed(table.seed, seat, step)] = (seat, step)
    game = engine.replay("classic", seats=3, seed=table.seed, options=table.options, log=[])
    log = table.engine_game.action_log
    by_step: dict[int, Any] = {}
    for step in range(len(log) + 1):
        by_step[step] = {s: (game.view(s), game.legal_actions(s)) for s in (0, 1)}
        if step < len(log):
            game.apply(*log[step])
    played = 0
    for question in questions:
        seat, step = asked[question["seed"]]
        view, legal = json.loads(json.dumps(by_step[step][seat]))
        assert question["view"] == view and question["legal"] == legal
        assert question["level"] == ("hard" if seat == 0 else "medium")
        played += 1
    assert played >= 2 * 18  # at least one decision a turn, for each of the two seats


async def test_bots_let_each_move_be_seen_before_the_next(start_host, connect, fake_game, monkeypatch):
    pace = 0.25
    server = await start_host(bot_config(pace_seconds=pace))
    hub = server.app[HUB]
    applied: list[float] = []
    play = hub.play

    async def timed_play(*args: Any, **kw: Any) -> Any:
        applied.append(time.monotonic())
        return await play(*args, **kw)

    monkeypatch.setattr(hub, "play", timed_play)
    board, code, key = await board_of(connect, server, game="fake", options={"target": 5})
    started = time.monotonic()
    for seat in (0, 1):
        await board.call("set_bot", {"code": code, "seat": seat, "level": "random"})
    await board.call("start", {"code": code})
    await asyncio.wait_for(board.wait("table", over), GAME_WAIT)
    assert len(applied) >= 2
    gaps = [b - a for a, b in zip([started, *applied], applied, strict=False)]
    assert all(gap >= pace for gap in gaps), gaps  # the pacing is a floor; a loaded machine only adds


@pytest.mark.parametrize("policies,failing", [("tests.host.botpolicies:crashing", "hard"),
                                              ("tests.host.botpolicies:crashing", "medium"),
                                              ("tests.host.botpolicies:broken", "easy")])
async def test_a_failing_bot_never_stops_the_table(start_host, connect, fake_game, caplog, policies,
                                                   failing):
    server = await start_host(bot_config(policies=policies))
    board, code, key = await board_of(connect, server, game="fake", options={"target": 6})
    await board.call("set_bot", {"code": code, "seat": 0, "level": failing})
    await board.call("set_bot", {"code": code, "seat": 1, "level": "random"})
    with caplog.at_level(logging.WARNING, logger="host.bots"):
        await board.call("start", {"code": code})
        await asyncio.wait_for(board.wait("table", over), GAME_WAIT)
    check_replay(server, code)
    failures = [r.getMessage() for r in caplog.records if f"the {failing} bot failed" in r.getMessage()]
    assert failures
    instead = "random" if failing == "easy" else "easy"
    assert all(f"{instead} plays this move instead" in m for m in failures)
    if failing == "hard":  # its worker died each time: a new one started for each next question
        assert all("worker process stopped" in m for m in failures)
        assert server.app[HUB].autoplay.pool.started == len(failures)  # easy decided in the host


@pytest.mark.parametrize("game, seats", [("duel", 2), ("classic", 3)])
async def test_medium_and_hard_play_with_the_engines_own_policies(start_host, connect, caplog, game, seats):
    """The real ``medium`` and ``hard`` (not the stand-ins) make moves through the host, in Duel and in
    7 Wonders: they search on worlds sampled from the seat's view, in a worker, and none falls back to
    ``easy``."""
    server = await start_host(bot_config(policies="engine.bots:make_policy"))
    board, code, key = await board_of(connect, server, game=game, seats=seats)
    levels = ["medium", "hard", "hard"][:seats]
    for seat, level in enumerate(levels):
        assert (await board.call("set_bot", {"code": code, "seat": seat, "level": level}))["ok"]
    with caplog.at_level(logging.WARNING, logger="host.bots"):
        await board.call("start", {"code": code})
        await asyncio.wait_for(board.wait("events", lambda e: e["step"] >= seats), GAME_WAIT)
    table = server.app[TABLES].tables[code]
    assert {e.seat for e in table.history[:seats]} == set(range(seats))
    assert all(e.by == "bot" for e in table.history)
    assert not [r.getMessage() for r in caplog.records if "bot failed" in r.getMessage()]
