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
