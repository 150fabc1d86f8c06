"""The learned evaluation: each seat's share of the win from features of a position, by a linear model.

Each seat's score is the dot product of its features (:attr:`Playout.FEATURES`) with the weights of the
position's stage (its Age); the seats' shares are a softmax of their scores (in Duel: a logistic of the
difference). The weights come from :mod:`engine.bots.train` (self-play) and live in a small JSON file per
game, ``engine/bots/models/<kind>.json``, read once per process as package data::

    {"kind": "duel", "features": [names...], "stages": {"1": [weights...], "2": [...], "3": [...]},
     "trained": {"seed": 1, "games": ..., ...}}
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from operator import mul
from typing import Any

from engine.api import Game
from engine.bots.knowledge import Playout, playout_for


@dataclass(frozen=True, slots=True)
class LinearModel:
    """Weights per stage over one seat's features; :meth:`values` turns them into shares of the win."""

    kind: str
    features: tuple[str, ...]
    stages: dict[int, tuple[float, ...]]
    trained: dict[str, Any]
    """How the weights were made (seed, games, ...), for the record."""

    def __post_init__(self) -> None:
        for stage, weights in self.stages.items():
            if len(weights) != len(self.features):
                raise ValueError(f"{self.kind} model stage {stage}: {len(weights)} weights for "
                                 f"{len(self.features)} features")

    def score(self, row: Sequence[float], stage: int) -> float:
        """One seat's score (higher is better) from its features at ``stage``."""
        weights = self.weights(stage)
        if len(row) != len(weights):
            raise ValueError(f"{len(row)} features for {len(weights)} weights")
        return sum(map(mul, weights, row))

    def weights(self, stage: int) -> tuple[float, ...]:
        """The weights of ``stage`` (the nearest stage the model has if it lacks this one)."""
        found = self.stages.get(stage)
        if found is None:
            found = self.stages[min(self.stages, key=lambda s: abs(s - stage))]
        return found

    def shares(self, rows: Sequence[Sequence[float]], stage: int) -> list[float]:
        """Each seat's share of the win (sums to 1): a softmax of the seats' scores."""
        scores = [self.score(row, stage) for row in rows]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form :func:`model_from_dict` reads."""
        return {"kind": self.kind, "features": list(self.features),
                "stages": {str(s): [round(w, 6) for w in ws] for s, ws in sorted(self.stages.items())},
                "trained": self.trained}


def model_from_dict(data: Any) -> LinearModel:
    """A model from its JSON form; ``ValueError`` if the data is not one."""
    if not isinstance(data, dict) or not {"kind", "features", "stages"} <= set(data):
        raise ValueError("a model needs 'kind', 'features' and 'stages'")
    features = data["features"]
    stages = data["stages"]
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        raise ValueError("'features' must be a list of names")
    if not isinstance(stages, dict) or not stages:
        raise ValueError("'stages' must map each stage to its weights")
    parsed: dict[int, tuple[float, ...]] = {}
    for key, weights in stages.items():
        if not str(key).isdigit() or not isinstance(weights, list) \
                or not all(isinstance(w, int | float) and not isinstance(w, bool) for w in weights):
            raise ValueError(f"stage {key!r}: weights must be a list of numbers")
        parsed[int(key)] = tuple(float(w) for w in weights)
    return LinearModel(str(data["kind"]), tuple(features), parsed, dict(data.get("trained") or {}))


MODEL_PACKAGE = "engine.bots.models"
_MODELS: dict[str, LinearModel] = {}


def model_for(kind: str) -> LinearModel:
    """The shipped model of game ``kind`` (read once per process); it must name the game's features."""
    found = _MODELS.get(kind)
    if found is None:
        playout = playout_for(kind)
        text = resources.files(MODEL_PACKAGE).joinpath(f"{kind}.json").read_text(encoding="utf-8")
        found = model_from_dict(json.loads(text))
        if found.features != playout.FEATURES:
            raise ValueError(f"the {kind} model's features {found.features} are not the game's "
                             f"{playout.FEATURES}: retrain it (python -m engine.bots.train --game {kind})")
        _MODELS[kind] = found
    return found


@dataclass(frozen=True, slots=True)
class Evaluator:
    """A game's fast path and model together: the value of a sampled world for every seat."""

    playout: Playout
    model: LinearModel

    def values(self, world: Game) -> list[float]:
        """Each seat's value of ``world``: its share of the win once over, else the model's estimate."""
        finished = self.playout.finished_values(world)
        if finished is not None:
            return finished
        features = self.playout.features
        rows = [features(world, seat) for seat in range(world.seats)]
        return self.model.shares(rows, self.playout.stage(world))


def evaluator_for(kind: str) -> Evaluator:
    """The evaluator of game ``kind`` with its shipped model."""
    return Evaluator(playout_for(kind), model_for(kind))
