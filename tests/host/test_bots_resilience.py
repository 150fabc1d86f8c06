"""Bots never block the host and survive it: another table is served while a ``hard`` bot thinks, and
bot seats (set in the lobby, or taking over in game) come back with the table after a restart, their
pending move thought again."""

from __future__ import annotations

import asyncio
from typing import Any

from host.app import HUB, TABLES

from .conftest import Client, until
from .test_bots import GAME_WAIT, board_of, bot_config

SLOW = "tests.host.botpolicies:slow"  # its ``hard`` thinks until the test opens a gate


async def two_phones(connect: Any, server: Any, code: str) -> tuple[Client, Client, str]:
    """Ann (seat 0) and Bob (seat 1) at table ``code``; Ann's seat token."""
    ann, bob = await connect(server), await connect(server)
    token = (await ann.call("join", {"code": code, "name": "Ann"}))["token"]
    await bob.call("join", {"code": code, "name": "Bob"})
    return ann, bob, token


async def test_another_table_is_served_while_a_hard_bot_thinks(start_host, connect, fake_game, tmp_path,
                                                               monkeypatch):
    gate = tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setenv("WT_TEST_BOT_GATE", str(gate))
    server = await start_host(bot_config(policies=SLOW))
    thinking_board, thinking, _ = await board_of(connect, server, game="fake")
    await thinking_board.call("set_bot", {"code": thinking, "seat": 0, "level": "hard"})
    await thinking_board.call("set_bot", {"code": thinking, "seat": 1, "level": "random"})
    assert (await thinking_board.call("start", {"code": thinking}))["ok"]
    await until((gate / "thinking").exists)  # the hard bot is deciding in its worker now

    busy_board, busy, _ = await board_of(connect, server, game="fake")
    ann, bob, _ = await two_phones(connect, server, busy)
    assert (await busy_board.call("start", {"code": busy}))["ok"]
    for phone, step in ((ann, 0), (bob, 1), (ann, 2)):
        view = await phone.wait("view", lambda v, s=step: v["step"] == s and v["legal_actions"])
        ack = await phone.call("act", {"action": view["legal_actions"][0]})
        assert ack["ok"] and ack["step"] == step + 1
    # Every one of those actions was acknowledged while the bot still thought: its table has not moved.
    assert not (gate / "go").exists() and server.app[TABLES].tables[thinking].step == 0
    (gate / "go").write_text("")
    played = await thinking_board.wait("events", lambda e: e["step"] == 1)
    assert played["seat"] == 0 and played["by"] == "bot"


async def test_the_real_hard_bot_thinks_while_another_table_acknowledges(start_host, connect, fake_game):
    """The engine's own ``hard`` (about a second per Duel decision, in a worker): the other table's action
    is acknowledged before the bot's first move arrives."""
    server = await start_host(bot_config(policies="engine.bots:make_policy"))
    duel_board, duel, _ = await board_of(connect, server, game="duel")
    await duel_board.call("set_bot", {"code": duel, "seat": 0, "level": "hard"})
    await duel_board.call("set_bot", {"code": duel, "seat": 1, "level": "hard"})
    busy_board, busy, _ = await board_of(connect, server, game="fake")
    ann, bob, _ = await two_phones(connect, server, busy)
    await busy_board.call("start", {"code": busy})
    view = await ann.wait("view", lambda v: v["legal_actions"])
    assert (await duel_board.call("start", {"code": duel}))["ok"]
    ack = await ann.call("act", {"action": view["legal_actions"][0]})
    assert ack["ok"]
    assert not [e for e, _ in duel_board.got if e == "events"]  # the bot has not moved yet
    played = await asyncio.wait_for(duel_board.wait("events"), GAME_WAIT)
    assert played["by"] == "bot" and played["step"] == 1


async def test_bots_come_back_after_a_restart_and_think_again(start_host, connect, fake_game, tmp_path,
                                                              monkeypatch):
    gate = tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setenv("WT_TEST_BOT_GATE", str(gate))
    first = await start_host(bot_config(policies=SLOW, takeover_after_seconds=0.0, workers=2))
    # A lobby with bots, and a game where a hard bot is thinking for seat 0 when the host stops.
    lobby_board, lobby, lobby_key = await board_of(connect, first, game="classic", seats=4)
    for seat, level in ((1, "medium"), (3, "hard")):
        await lobby_board.call("set_bot", {"code": lobby, "seat": seat, "level": level})
    game_board, game, game_key = await board_of(connect, first, game="fake", options={"target": 30})
    await game_board.call("set_bot", {"code": game, "seat": 0, "level": "hard"})
    cy = await connect(first)
    await cy.call("join", {"code": game, "name": "Cy"})
    await game_board.call("start", {"code": game})
    await until((gate / "thinking").exists)
    # And a take-over: Ann's phone went away at a third table, a bot plays for her.
    away_board, away, away_key = await board_of(connect, first, game="fake", options={"target": 30})
    ann, bob, ann_token = await two_phones(connect, first, away)
    await away_board.call("start", {"code": away})
    await ann.close()
    await away_board.wait("table", lambda t: t["seats"][0]["takeover_in"] == 0)
    assert (await away_board.call("set_bot", {"code": away, "seat": 0, "level": "easy"}))["ok"]
    await away_board.wait("events", lambda e: e["step"] == 1 and e["by"] == "bot")
    await first.close()
    (gate / "thinking").unlink()

    second = await start_host(bot_config(policies=SLOW))
    restored = second.app[TABLES].tables
    assert [(s.bot, s.takeover) for s in restored[lobby].seats] == [
        (None, False), ("medium", False), (None, False), ("hard", False)]
    watcher = await connect(second)
    info = (await watcher.call("table_info", {"code": lobby}))["table"]
    assert [s["bot"] for s in info["seats"]] == [None, "medium", None, "hard"]
    info = (await watcher.call("table_info", {"code": away}))["table"]
    assert info["seats"][0] == {"seat": 0, "name": "Ann", "taken": True, "connected": False, "bot": "easy",
                                "takeover": True, "takeover_in": None}
    # The hard bot thinks its pending move again on the new host, and plays it once the gate opens.
    await until((gate / "thinking").exists)
    assert restored[game].step == 0
    board = await connect(second)
    await board.call("watch", {"code": game, "board_key": game_key})
    (gate / "go").write_text("")
    played = await board.wait("events", lambda e: e["step"] == 1)
    assert played["seat"] == 0 and played["by"] == "bot"
    # Ann's phone comes back to the new host: her seat is hers again.
    ann = await connect(second, ann_token)
    await until(lambda: restored[away].seats[0].bot is None and restored[away].seats[0].connected)
    assert [e.by for e in restored[away].history] == ["bot"]
    assert second.app[HUB].autoplay.pool.started >= 1
