"""The host load benchmark run tiny: its figures agree with each other and with what the host stored.

No timing assertions: only counts and consistency."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from host.config import HostConfig, Limits
from host.tools.bench import format_summary, parse_args, run_bench
from host.tools.benchphone import LeanPhone
from host.tools.phone import PhoneError, create_table

from .conftest import WAIT

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 20 * WAIT  # the bench's own stop, only a hang guard here


def check_consistent(summary: dict[str, Any], tables: int) -> None:
    assert summary["games"] == tables and summary["games_with_result"] == tables
    assert summary["stored_over"] == tables  # every game ended, on disk too
    assert summary["actions"] > 0
    assert summary["actions"] == summary["stored_actions"] == summary["steps"]  # one row per accepted act
    assert not summary["timed_out"] and summary["errors"] == []
    assert 0 < summary["latency_median"] <= summary["latency_p99"]
    assert 0 < summary["game_median"] <= summary["game_max"] <= summary["seconds"]
    assert summary["actions_per_second"] > 0


async def test_two_duel_tables_with_phones_in_a_client_subprocess() -> None:
    summary = await run_bench(parse_args(["--tables", "2", "--seconds", str(LIMIT)]))
    assert summary["game"] == "duel" and summary["seats"] == 2 and summary["clients"] == "subprocess"
    check_consistent(summary, 2)
    text = format_summary(summary)
    assert "games finished: 2 of 2" in text and f"actions: {summary['actions']} accepted" in text
    assert "STOPPED" not in text


async def test_one_classic_three_seat_table_with_inline_phones() -> None:
    args = parse_args(["--tables", "1", "--game", "classic", "--seats", "3", "--inline",
                       "--seconds", str(LIMIT)])
    summary = await run_bench(args)
    assert summary["seats"] == 3 and summary["clients"] == "inline"
    check_consistent(summary, 1)
    # Each phone moves once per decision: a view that crossed its own move's ack is not a new turn.
    assert summary["refused"] == 0


async def test_the_command_prints_one_summary_and_exits_zero() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.tools.bench", "--tables", "1", "--seconds", str(LIMIT), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), LIMIT + WAIT)
    assert proc.returncode == 0, err.decode()
    text = out.decode()
    assert text.startswith("host bench: 1 duel tables x 2 seats") and "games finished: 1 of 1" in text
    assert "act -> ack latency: median" in text and "actions/s through the host" in text


async def test_a_stopped_run_reports_unfinished_games() -> None:
    summary = await run_bench(parse_args(["--tables", "2", "--inline", "--seconds", "0.001"]))
    assert summary["timed_out"] and summary["games"] < 2
    assert f"STOPPED at the time limit: {2 - summary['games']} games unfinished" in format_summary(summary)


@pytest.mark.parametrize("argv", [
    ["--tables", "0"], ["--tables", "201"], ["--game", "classic", "--seats", "8"], ["--seats", "3"],
    ["--seconds", "0"], ["--clients-of", "http://192.168.1.20:8765"], ["--game", "chess"],
])
def test_out_of_bounds_runs_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        parse_args(argv)
    assert stop.value.code == 2


def test_the_side_by_side_table_reports_both_hosts_and_the_targets(tmp_path: Path) -> None:
    from host.tools.benchcompare import Figures, baseline_tree, cpu_seconds, format_comparison

    def figures(latency_ms: float, cpu_us: float, actions: int) -> Figures:
        f = Figures(latencies=[latency_ms / 1000] * actions, actions=actions, seconds=2.0, games=1)
        f.cpu = cpu_us * actions / 1e6
        return f

    old = {"one": figures(4.0, 1000.0, 70), "many": figures(200.0, 1200.0, 3500)}
    new = {"one": figures(3.0, 800.0, 70), "many": figures(40.0, 600.0, 3500)}
    text = format_comparison({"old": old, "new": new}, "abc1234", 2)
    assert "old = abc1234" in text and "2 rounds" in text
    assert "act -> ack p99" in text and "target <= 50 ms: met" in text and "target <= 10 ms: met" in text
    assert "50% lower; target >= 30%: met" in text  # 1200 us -> 600 us per action
    assert new["many"].cpu_us() == 600.0 and old["one"].p99_ms() == 4.0
    assert cpu_seconds(os.getpid()) > 0
    tree = baseline_tree("HEAD", tmp_path / "tree")  # what the comparison builds its old host from
    assert (tree / "host" / "app.py").is_file() and (tree / "engine" / "api.py").is_file()


async def test_a_lean_phone_reports_a_refused_join_and_plays_a_whole_game(server: Any) -> None:
    url = server.url
    heard: list[tuple[float, bool]] = []

    def note(seconds: float, accepted: bool) -> None:
        heard.append((seconds, accepted))

    async with aiohttp.ClientSession() as session:
        stranger = LeanPhone(session, url, "ZZZZ", "Eve", seed=1, on_ack=note)
        with pytest.raises(PhoneError, match="join"):
            await stranger.join()
        await stranger.close()
        code = await create_table(url, "duel")
        phones = [LeanPhone(session, url, code, name, seed=n, on_ack=note) for n, name in enumerate("AB")]
        for phone in phones:
            await phone.join()
        results = await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), LIMIT)
        for phone in phones:
            await phone.close()
    assert results[0] is not None and results[0] == results[1]
    assert {p.seat for p in phones} == {0, 1} and heard and all(accepted for _, accepted in heard)
    assert len(heard) == phones[0].step()  # one accepted act per step of the game


async def test_a_lean_phone_waits_out_a_rate_limit_and_plays_on(start_host: Any) -> None:
    """A phone faster than its rate limit (here 20 events a second, after a burst of 3) is told
    ``rate_limited``; the bench phone waits the ``retry_after`` and sends its move again, as a phone does,
    instead of stopping the bench."""
    limits = Limits(socket_burst=3, socket_rate=20)
    server = await start_host(HostConfig(limits=limits))
    heard: list[bool] = []
    async with aiohttp.ClientSession() as session:
        code = await create_table(server.url, "duel")
        phones = [LeanPhone(session, server.url, code, name, seed=n, on_ack=lambda _, ok: heard.append(ok))
                  for n, name in enumerate("AB")]
        for phone in phones:
            await phone.join()
        results = await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), LIMIT)
        for phone in phones:
            await phone.close()
    assert results[0] is not None and results[0] == results[1]
    throttled = sum(p.throttled for p in phones)
    assert throttled > 0 and heard.count(False) == throttled and heard.count(True) == phones[0].step()


async def test_the_fairness_bench_prints_every_figure_and_exits_zero() -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "host.tools.fairbench", "--seconds", "3", "--flood-seconds", "2",
        "--flood-rounds", "2", cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), LIMIT + WAIT)
    assert proc.returncode == 0, err.decode()[-2000:]
    text = out.decode()
    for figure in ("tables of 7 hard bots running", "easy-bot move late", "clock late", "act->ack quiet: n=",
                   "act->ack flooded: n=", "list_tables answered", "flooded p99 / quiet p99"):
        assert figure in text, text
