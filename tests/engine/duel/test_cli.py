"""`python -m engine catalog duel`, `python -m engine simulate duel` and the bench figures."""

from __future__ import annotations

import json

import pytest

from engine import bench
from engine.__main__ import main


def test_catalog_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalog", "duel"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["cards"]) == 73 and len(data["wonders"]) == 12 and len(data["progress"]) == 10
    aqueduct = next(c for c in data["cards"] if c["id"] == "aqueduct")
    assert aqueduct == {"id": "aqueduct", "name": "Aqueduct", "type": "card", "age": 2, "color": "blue",
                        "cost": {"coins": 0, "resources": {"stone": 3}}, "chain": None,
                        "free_via_chain": "drop", "free_via_card": "baths", "vp": 5, "text": "5 VP"}


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "duel", "--games", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "duel (2 seats): 20 games" in out and "games per CPU second" in out and "moves/game" in out


def test_simulate_figures_are_reproducible() -> None:
    a = bench.simulate("duel", 2, 30, seed=9)
    b = bench.simulate("duel", 2, 30, seed=9)
    assert a["moves_per_game"] == b["moves_per_game"] and a["victories"] == b["victories"]
    assert abs(sum(a["victories"].values()) - 1) < 1e-9 and a["moves_per_game"] > 60


def test_unknown_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown game kind"):
        main(["simulate", "chess", "--games", "1"])


def test_bench_rows_name_duel() -> None:
    assert ("duel", 2) in [(k, s) for k, s, _ in bench.BENCHMARKS]
