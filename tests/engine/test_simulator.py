"""The generic simulator plays every game kind to the end through the public interface."""

from __future__ import annotations

import pytest

import engine
from engine import bench
from engine.__main__ import main


@pytest.mark.parametrize("seats", [2, 3, 7])
def test_classic_games_run_to_the_end(seats: int) -> None:
    stats = bench.simulate("classic", seats, 3, seed=5)
    assert stats["games"] == 3
    assert stats["moves_per_game"] >= 18 * (2 if seats == 2 else seats)  # + the Free City's, pending steps
    assert sum(stats["victories"].values()) == pytest.approx(1.0)
    assert "unknown" not in stats["victories"]


def test_simulate_classic_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "classic", "--seats", "3", "--games", "2", "--seed", "1"]) == 0
    assert "classic (3 seats): 2 games" in capsys.readouterr().out


def test_bench_covers_classic_three_and_seven_seats() -> None:
    rows = {(kind, seats) for kind, seats, _ in bench.BENCHMARKS}
    assert {("classic", 3), ("classic", 7)} <= rows


def test_copy_costs_of_a_mid_game_classic_position() -> None:
    costs = bench.copy_costs("classic", 3)
    assert costs["moves"] > 0
    assert costs["restore"] > 0 and costs["clone"] > 0 and costs["sample"] > 0
    assert "clone" in bench.format_costs(costs) and "sample" in bench.format_costs(costs)
    assert {kind for kind, _ in bench.COPY_COSTS} == set(engine.kinds())
    assert {("duel", 2), ("classic", 7)} <= set(bench.COPY_COSTS)


def test_the_bench_prints_the_targets_beside_the_figures() -> None:
    """Issues 17 and 20: random games per CPU second and sample costs, each with its target."""
    fast = {"kind": "classic", "seats": 7, "options": {}, "games": 1, "seconds": 0.001,
            "games_per_second": 1000.0, "moves_per_game": 60.0, "victories": {"civilian": 1.0}}
    slow = {**fast, "games_per_second": 10.0}
    assert "(target >= 400: met)" in bench.format_stats(fast)
    assert "(target >= 400: NOT met)" in bench.format_stats(slow)
    assert "target" not in bench.format_stats({**fast, "seats": 4})
    costs = {"kind": "duel", "seats": 2, "moves": 10, "restore": 1e-3, "clone": 1e-5, "sample": 4e-5,
             "sample_first": 2e-4}
    line = bench.format_costs(costs)
    assert "sample 40 us (target <= 50: met)" in line and "first sample of a view 200 us" in line
    assert "NOT met" in bench.format_costs({**costs, "sample": 6e-5})
    rows = {(kind, seats, bool(options.get("cities"))) for kind, seats, _, options in bench.OPTION_BENCHMARKS}
    assert set(bench.TARGETS) <= {(k, s, False) for k, s, _ in bench.BENCHMARKS} | rows


def test_a_repeated_row_gives_the_median_run_with_the_slowest_and_fastest() -> None:
    stats = bench.simulate_repeated("duel", 2, 3, repeats=3)
    rates = stats["rates"]
    assert len(rates) == 3 and rates == sorted(rates) and stats["games_per_second"] == rates[1]
    line = bench.format_stats(stats)
    assert f"min / median / max of 3 runs: {rates[0]:.0f} / {rates[1]:.0f} / {rates[2]:.0f}" in line
