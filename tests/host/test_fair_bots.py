"""Fair to every table (issue 18, finding 1): one device's bot tables cannot stall another table's bots
or clocks. The bot workers serve tables (and the devices that created them) in turn, watched tables
first; an easy bot's move and a clock's timed-out move need no worker; a device seats a bounded number of
bots."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.api import new_game
from host.app import HUB, TABLES
from host.botpool import BotPool, Question, Ticket
from host.config import BotSettings, HostConfig, Limits

from .conftest import until
from .test_bots import GAME_WAIT, board_of, bot_config
from .test_bots_resilience import SLOW, two_phones
from .test_costly_limits import Alias


@pytest.fixture
def gate(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The folder the ``slow`` test bots wait on (``go`` opens it)."""
    folder = tmp_path / "gate"
    folder.mkdir()
    monkeypatch.setenv("WT_TEST_BOT_GATE", str(folder))
    return folder


def _question(level: str, seed: int) -> Question:
    game = new_game("fake", seats=2, seed=seed, options={})
    return Question("fake", level, game.view(0), game.legal_actions(0), seed)


async def _served_in_order(pool: BotPool, asks: list[tuple[str, Ticket]]) -> list[str]:
    """Queue ``asks`` (a name and a ticket each, all ``easy``) behind a busy worker; the names in the
    order the pool answered them."""
    served: list[str] = []

    async def ask(name: str, ticket: Ticket) -> None:
        await pool.decide(_question("easy", 1), ticket)
        served.append(name)

    tasks = []
    for name, ticket in asks:
        tasks.append(asyncio.ensure_future(ask(name, ticket)))
        await asyncio.sleep(0)  # each question is queued in this order
    await until(lambda: len(pool.waiting) == len(asks))
    return await _finish(tasks, served)


async def _finish(tasks: list[Any], served: list[str]) -> list[str]:
    await asyncio.wait_for(asyncio.gather(*tasks), 15)
    return served


async def test_the_workers_serve_tables_and_devices_in_turn_not_in_arrival_order(fake_game, gate):
    pool = BotPool(BotSettings(workers=1, policies=SLOW))
    try:
        hog = asyncio.ensure_future(pool.decide(_question("hard", 1), Ticket("A1", "attacker")))
        await until((gate / "thinking").exists)  # the only worker thinks for the attacker's table
        queued = [(f"A{n}-{k}", Ticket(f"A{n}", "attacker")) for n in (1, 2, 3) for k in range(3)]
        queued.append(("victim", Ticket("V", "guest")))
        order = asyncio.ensure_future(_served_in_order(pool, queued))
        await until(lambda: len(pool.waiting) == len(queued))
        (gate / "go").write_text("")
        served = await order
        await hog
    finally:
        await pool.close()
    assert served[0] == "victim"  # the other device first, though it asked last
    # Then the attacker's tables take turns: each table's first question before any table's second.
    assert [name.split("-")[0] for name in served[1:4]] == ["A2", "A3", "A1"]
    assert sorted(served[1:]) == sorted(name for name, _ in queued[:-1])


async def test_tables_someone_watches_go_before_tables_nobody_watches(fake_game, gate):
    pool = BotPool(BotSettings(workers=1, policies=SLOW))
    seen = {"watched": True, "abandoned": False}
    try:
        hog = asyncio.ensure_future(pool.decide(_question("hard", 1), Ticket("X", "one")))
        await until((gate / "thinking").exists)
        queued = [(f"abandoned-{k}", Ticket("abandoned", f"d{k}", lambda: seen["abandoned"]))
                  for k in range(3)]
        queued.append(("watched", Ticket("watched", "d9", lambda: seen["watched"])))
        order = asyncio.ensure_future(_served_in_order(pool, queued))
        await until(lambda: len(pool.waiting) == len(queued))
        (gate / "go").write_text("")
        served = await order
        await hog
    finally:
        await pool.close()
    assert served[0] == "watched" and len(served) == 4


async def test_a_clock_fires_while_every_worker_thinks_for_another_device(start_host, connect, fake_game,
                                                                          gate):
    server = await start_host(bot_config(policies=SLOW, clock_min_seconds=0.1, trust_loopback=False))
    busy_board, busy, _ = await board_of(connect, server, game="fake")
    await busy_board.call("set_bot", {"code": busy, "seat": 0, "level": "hard"})
    await busy_board.call("set_bot", {"code": busy, "seat": 1, "level": "hard"})
    assert (await busy_board.call("start", {"code": busy}))["ok"]
    await until((gate / "thinking").exists)  # the only worker is taken, and stays taken
    board, code, _ = await board_of(connect, server, game="fake", clock=0.3, multi_seat=True)
    await two_phones(connect, server, code)
    assert (await board.call("start", {"code": code}))["ok"]
    played = await board.wait("events", lambda e: e["step"] == 1)
    assert played["by"] == "clock" and played["seat"] == 0
    assert not (gate / "go").exists() and server.app[TABLES].tables[busy].step == 0


async def test_one_device_seats_a_bounded_number_of_bots(start_host, connect):
    config = bot_config(trust_loopback=False)
    config = HostConfig(trust_loopback=False, bots=config.bots, limits=Limits(bot_seats_per_device=4))
    server = await start_host(config)
    first, one, _ = await board_of(connect, server, game="classic", seats=3)
    second, two, _ = await board_of(connect, server, game="classic", seats=3)
    for seat in range(3):
        assert (await first.call("set_bot", {"code": one, "seat": seat, "level": "hard"}))["ok"]
    assert (await second.call("set_bot", {"code": two, "seat": 0, "level": "hard"}))["ok"]
    refused = await second.call("set_bot", {"code": two, "seat": 1, "level": "easy"})
    assert refused["ok"] is False and refused["error"] == "too_many_bots" and "4" in refused["message"]
    assert (await second.call("set_bot", {"code": two, "seat": 0, "level": "easy"}))["ok"]  # a change
    assert (await first.call("set_bot", {"code": one, "seat": 2, "level": None}))["ok"]  # one leaves...
    assert (await second.call("set_bot", {"code": two, "seat": 1, "level": "easy"}))["ok"]  # ...room again


async def test_easy_bots_and_clocks_play_on_while_one_devices_full_quota_of_hard_bots_holds_the_workers(
        start_host, connect, fake_game, gate):
    """The attacker's load of the issue: one device fills its bound of bots with hard ones (two 7-seat
    tables, nobody watching) and they keep every worker busy (the gate stays shut); another table's easy
    bots play a whole game and a third table's clock fires, and the attacker's tables have not moved."""
    config = bot_config(policies=SLOW, clock_min_seconds=0.1, trust_loopback=False, workers=2)
    server = await start_host(config)
    attacker = await connect(server)
    hogs = []
    for _ in range(2):
        made = await attacker.call("create_table", {"game": "classic", "seats": 7})
        for seat in range(7):
            assert (await attacker.call("set_bot", {"code": made["code"], "seat": seat, "level": "hard",
                                                    "board_key": made["board_key"]}))["ok"]
        assert (await attacker.call("start", {"code": made["code"], "board_key": made["board_key"]}))["ok"]
        hogs.append(made["code"])
    pool = server.app[HUB].autoplay.pool
    await until(lambda: pool.slots.busy == 2 and len(pool.waiting) == 12)  # 2 think, 12 wait their turn
    guest = await Alias(server.url, "127.0.0.7").connect()  # another device of the Wi-Fi
    try:
        made = await guest.call("create_table", {"game": "fake", "options": {"target": 12}})
        code, key = made["code"], made["board_key"]
        board = await connect(server)
        assert (await board.call("watch", {"code": code, "board_key": key}))["board"]
        for seat in (0, 1):
            assert (await guest.call("set_bot", {"code": code, "seat": seat, "level": "easy",
                                                 "board_key": key}))["ok"]
        assert (await guest.call("start", {"code": code, "board_key": key}))["ok"]
        await asyncio.wait_for(board.wait("table", lambda t: t["state"] == "over"), GAME_WAIT)
    finally:
        await guest.close()
    timed_board, timed, _ = await board_of(connect, server, game="fake", clock=0.3, multi_seat=True)
    await two_phones(connect, server, timed)
    assert (await timed_board.call("start", {"code": timed}))["ok"]
    played = await timed_board.wait("events", lambda e: e["step"] == 1)
    assert played["by"] == "clock"
    tables = server.app[TABLES].tables
    assert all(e.by == "bot" for e in tables[code].history) and len(tables[code].history) >= 4
    assert not (gate / "go").exists() and [tables[h].step for h in hogs] == [0, 0]
    assert pool.slots.busy == 2  # the workers still think for the attacker


async def test_with_the_default_limits_one_device_cannot_seat_56_hard_bots(lan_clients):
    """The finding: one device filled its 8 tables of 7 seats with hard bots. By default its tables seat
    14 bots at most; the fifteenth is refused with a code, and nothing else changes."""
    board = await lan_clients()
    placed = []
    for _ in range(3):
        made = await board.call("create_table", {"game": "classic", "seats": 7})
        for seat in range(7):
            ack = await board.call("set_bot", {"code": made["code"], "seat": seat, "level": "hard",
                                               "board_key": made["board_key"]})
            placed.append(ack["ok"] or ack["error"])
    assert placed.count(True) == 14 and set(placed[14:]) == {"too_many_bots"}
