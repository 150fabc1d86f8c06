"""The bots' bench: the issue's bars, whole rotations of the seats, time checks, and its command line."""

from __future__ import annotations

import json

import pytest

from engine.bots.bench import (
    BARS,
    THROUGHPUT,
    Bar,
    BarResult,
    ThroughputCase,
    format_sample_costs,
    format_throughput,
    iterations_per_cpu_second,
    main,
    position,
    rounded_games,
    sample_microseconds,
    time_checks,
)


def test_the_bars_are_the_issues() -> None:
    bars = {bar.name: bar for bar in BARS}
    assert (bars["duel easy>random"].threshold, bars["duel easy>random"].full_games) == (0.85, 400)
    assert bars["duel hard>medium"].threshold == 0.70 and bars["duel hard>easy"].threshold == 0.95
    yardstick = bars["duel hard>hard-2026-11"]
    assert (yardstick.threshold, yardstick.full_games) == (0.75, 200)
    assert bars["classic4 hard+3 hard-2026-11"].lineup == ("hard",) + ("hard-2026-11",) * 3
    assert bars["classic4 hard+3 hard-2026-11"].threshold == 0.40
    assert bars["duel medium>easy"].threshold == 0.85
    assert bars["classic4 hard+3 easy"].lineup == ("hard", "easy", "easy", "easy")
    assert bars["classic7 hard+6 easy"].threshold == 0.35 and len(bars["classic7 hard+6 easy"].lineup) == 7
    assert bars["classic2 hard>easy"].threshold == 0.80
    assert all(bar.quick_games <= bar.full_games for bar in BARS)


def test_games_are_whole_rotations_of_the_seats() -> None:
    assert rounded_games(40, 7) == 42 and rounded_games(40, 4) == 40 and rounded_games(1, 3) == 3


def summary(by_bot: dict[str, tuple[float, float, float]]) -> dict:
    return {"games": 10, "by_bot": {name: {"share": share, "interval95": [0.0, 1.0],
                                           "decision_ms": {"median": median, "p95": p95, "max": p95}}
                                    for name, (share, median, p95) in by_bot.items()}}


def test_time_checks_read_hard_p95_against_its_budget_and_easy_median() -> None:
    bar = Bar("x", "duel", ("hard", "easy"), "hard", 0.5, 2, 2)
    results = [BarResult(bar, summary({"hard": (0.6, 90.0, 109.0), "easy": (0.4, 2.0, 5.0)}), 1.0),
               BarResult(bar, summary({"hard": (0.7, 95.0, 112.0), "easy": (0.3, 31.0, 40.0)}), 1.0)]
    assert results[0].passed and results[0].share == 0.6
    checks = {what: (measured, limit, passed) for what, measured, limit, passed in time_checks(results, 0.1)}
    assert checks["hard p95 decision (worst run)"] == (112.0, pytest.approx(110.0), False)
    assert checks["easy median decision (worst run)"] == (31.0, 30.0, False)


def test_the_command_prints_each_bar_and_a_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "duel easy>random", "--games-scale", "0.01", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "searching bots: 0.05 s per decision" in lines[0]
    assert "the bars hold at the bots' own times, medium 0.3 s and hard 1 s" in lines[1]  # quick: said so
    assert "duel easy>random" in lines[2] and (" PASS " in lines[2] or " FAIL " in lines[2])
    data = json.loads(lines[-1])
    assert data["budget"] == 0.05 and [bar["name"] for bar in data["bars"]] == ["duel easy>random"]
    assert data["bars"][0]["summary"]["games"] == 4
    assert main(["--jobs", "0"]) == 2


def test_an_iteration_cap_replaces_the_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "duel medium>easy", "--games-scale", "0.05", "--iterations", "1", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "1 iterations, no time limit" in lines[0]
    assert not any("p95 decision" in line for line in lines)  # no time bars without a time limit
    data = json.loads(lines[-1])
    assert data["budget"] is None and data["iterations"] == 1
    assert data["bars"][0]["summary"]["iterations"] == 1


def test_a_bar_whose_game_cannot_be_sampled_is_reported_not_run(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots.bench as bench

    assert bench.unsampled_reason("duel") is None

    def no_sample(view: dict, *, seed: int) -> None:
        raise NotImplementedError("no sampling here")

    monkeypatch.setattr(bench, "sample", no_sample)
    assert "NotImplementedError: no sampling here" in str(bench.unsampled_reason("duel"))
    assert main(["--only", "duel medium>easy,duel easy>random", "--games-scale", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "duel medium>easy       NOT RUN" in out and "duel easy>random       PASS" in out


def test_throughput_is_measured_on_fixed_seeded_positions_against_the_issues_targets() -> None:
    targets = {case.name: case.target for case in THROUGHPUT}
    assert targets["duel mid-game"] == 5000 and targets["classic 7 seats"] == 1000
    case = ThroughputCase("tiny", "duel", 2, 30, 10.0)
    first, again = position(case, 1), position(case, 1)
    assert first.action_log == again.action_log and len(first.action_log) >= 30
    assert len(first.legal_actions(first.waiting()[0])) >= 2
    assert iterations_per_cpu_second(case, 1, 20) > 0
    line = format_throughput(case, [30.0, 8.0, 12.0])
    assert "min 8 / median 12 / max 30" in line and "PASS" in line
    assert "FAIL" in format_throughput(case, [3.0, 8.0, 30.0])
    assert "PASS" not in format_throughput(ThroughputCase("x", "duel", 2, 1, None), [1.0])


def test_sample_costs_are_measured_on_the_same_positions_against_the_issues_targets() -> None:
    targets = {case.name: case.sample_target_us for case in THROUGHPUT}
    assert targets["duel mid-game"] == 50 and targets["classic 7 seats"] == 300
    assert sample_microseconds(ThroughputCase("tiny", "classic", 3, 12, None), 1, draws=5) > 0
    case = ThroughputCase("tiny", "duel", 2, 30, None, 40.0)
    line = format_sample_costs(case, [30.0, 50.0, 20.0])
    assert "min 20 / median 30 / max 50" in line and "PASS" in line
    assert "FAIL" in format_sample_costs(case, [45.0, 50.0, 20.0])
    assert "PASS" not in format_sample_costs(ThroughputCase("x", "duel", 2, 1, None), [1.0])
