"""The learned evaluation: its loader, its shares, and the shipped weights."""

from __future__ import annotations

import random

import pytest

import engine
from engine.bots.evaluation import LinearModel, evaluator_for, model_for, model_from_dict
from engine.bots.knowledge import playout_for


def _model(stages: dict[int, tuple[float, ...]]) -> LinearModel:
    return LinearModel("toy", ("points", "coins"), stages, {})


def test_shares_are_a_softmax_of_the_seats_scores() -> None:
    model = _model({1: (1.0, 0.0), 3: (0.5, 0.5)})
    shares = model.shares([[3.0, 0.0], [1.0, 5.0]], 1)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > shares[1]  # stage 1 counts points only
    assert model.shares([[3.0, 0.0], [1.0, 5.0]], 3)[1] > 0.5  # stage 3 counts coins too
    assert model.weights(2) in ((1.0, 0.0), (0.5, 0.5))  # a missing stage borrows the nearest
    assert model.shares([[0.0, 0.0]] * 3, 1) == pytest.approx([1 / 3] * 3)


def test_the_json_form_round_trips_and_bad_data_is_refused() -> None:
    model = _model({1: (0.25, -0.5)})
    assert model_from_dict(model.to_dict()) == model
    for bad in (None, [], {"kind": "duel"}, {"kind": "duel", "features": ["a"], "stages": {}},
                {"kind": "duel", "features": "a", "stages": {"1": [1.0]}},
                {"kind": "duel", "features": ["a"], "stages": {"x": [1.0]}},
                {"kind": "duel", "features": ["a"], "stages": {"1": ["heavy"]}},
                {"kind": "duel", "features": ["a"], "stages": {"1": [True]}}):
        with pytest.raises(ValueError):
            model_from_dict(bad)
    with pytest.raises(ValueError, match="2 weights for 1 features"):
        model_from_dict({"kind": "duel", "features": ["a"], "stages": {"1": [1.0, 2.0]}})


@pytest.mark.parametrize("kind", ["duel", "classic"])
def test_the_shipped_model_names_the_games_features_and_was_trained(kind: str) -> None:
    model = model_for(kind)
    assert model.features == playout_for(kind).FEATURES
    assert set(model.stages) == {1, 2, 3}
    assert model.trained["by"] == "python -m engine.bots.train"
    points = model.features.index("points")
    assert all(weights[points] > 0 for weights in model.stages.values())  # more points, better odds


@pytest.mark.parametrize(("kind", "seats"), [("duel", 2), ("classic", 4)])
def test_the_evaluator_values_positions_and_finished_games(kind: str, seats: int) -> None:
    evaluator = evaluator_for(kind)
    game = engine.new_game(kind, seats=seats, seed=2)
    assert sum(evaluator.values(game)) == pytest.approx(1.0)
    if kind == "duel":  # nothing tells the seats apart before the draft
        assert evaluator.values(game) == pytest.approx([0.5, 0.5])
    playout = playout_for(kind)
    rng = random.Random(2)
    while not game.is_over():
        seat = game.waiting()[0]
        playout.step(game, seat, 0, rng)
    values = evaluator.values(game)
    winners = game.result()["winners"]
    assert values == pytest.approx([1 / len(winners) if s in winners else 0.0 for s in range(seats)])
