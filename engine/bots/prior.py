"""The learned policy prior and value of a game (Duel so far), for the PUCT search (:mod:`engine.bots.puct`).

Two linear models over the game's prior features (``engine/<game>/prior.py``, found by name through
:func:`engine.bots.knowledge.prior_features_for`; they read only what the seat to act may see):

- the prior: each legal move's logit is its features dotted with the policy weights; the moves' priors are
  the softmax of their logits;
- the value: the seat to act's chance to win, the logistic of its value features dotted with the value
  weights (the other seat's is the rest).

Trained by ``python -m engine.bots.train duel-prior`` (:mod:`engine.bots.train_prior`) and kept in
``engine/bots/models/duel-prior.json``. Plain Python: a move reads a few nonzero features, a position two
rows of the fast path's features; numpy would not be faster on vectors this short.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from engine.api import Game
from engine.bots.knowledge import PriorFeatures, prior_features_for

PRIOR_KIND = "duel"
"""The game with a learned prior and value."""


@dataclass(frozen=True, slots=True)
class PriorModel:
    """The policy weights (over the game's ``POLICY_FEATURES``) and the value weights (over its
    ``VALUE_FEATURES``), and how they were made."""

    policy: tuple[float, ...]
    value_weights: tuple[float, ...]
    trained: dict[str, Any]
    game: PriorFeatures = field(default_factory=lambda: prior_features_for(PRIOR_KIND))

    def __post_init__(self) -> None:
        policy_width, value_width = len(self.game.POLICY_FEATURES), len(self.game.VALUE_FEATURES)
        if len(self.policy) != policy_width or len(self.value_weights) != value_width:
            raise ValueError(f"a Duel prior has {policy_width} policy and {value_width} value weights, not "
                             f"{len(self.policy)} and {len(self.value_weights)}")

    def policy_logit(self, row: Sequence[float]) -> float:
        """A move's logit from its dense features."""
        return sum(w * x for w, x in zip(self.policy, row, strict=True))

    def priors(self, world: Game, seat: int, moves: Sequence[Hashable]) -> list[float]:
        """The prior probability of each of ``moves`` (``seat``'s legal moves in ``world``)."""
        weights = self.policy
        sparse = self.game.sparse_features
        logits = [sum(weights[i] * v for i, v in sparse(world, seat, m)) for m in moves]
        top = max(logits)
        exps = [math.exp(x - top) for x in logits]
        total = sum(exps)
        return [e / total for e in exps]

    def value(self, row: Sequence[float]) -> float:
        """The chance to win of the seat to act, from its dense :data:`VALUE_FEATURES`."""
        x = sum(w * v for w, v in zip(self.value_weights, row, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    def world_value(self, world: Game, seat: int) -> float:
        """The chance to win of ``seat`` (the seat to act) in ``world``."""
        x = self.game.value_logit(self.value_weights, world, seat)
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form :func:`prior_from_dict` reads."""
        return {"kind": "duel-prior", "policy_features": list(self.game.POLICY_FEATURES),
                "policy": [round(w, 6) for w in self.policy],
                "value_features": list(self.game.VALUE_FEATURES),
                "value": [round(w, 6) for w in self.value_weights], "trained": self.trained}


def prior_from_dict(data: Any) -> PriorModel:
    """A model from its JSON form; ``ValueError`` if its features are not this module's."""
    if not isinstance(data, dict) or data.get("kind") != "duel-prior":
        raise ValueError("not a Duel prior model")
    game = prior_features_for(PRIOR_KIND)
    if tuple(data.get("policy_features", ())) != game.POLICY_FEATURES \
            or tuple(data.get("value_features", ())) != game.VALUE_FEATURES:
        raise ValueError("the prior's features are not the game's: retrain it "
                         "(python -m engine.bots.train duel-prior)")
    return PriorModel(tuple(float(w) for w in data["policy"]), tuple(float(w) for w in data["value"]),
                      dict(data.get("trained") or {}))


PRIOR_FILE = "duel-prior.json"
_LOADED: list[PriorModel] = []


def shipped_prior() -> PriorModel:
    """The committed model (``engine/bots/models/duel-prior.json``), read once per process."""
    if not _LOADED:
        text = resources.files("engine.bots.models").joinpath(PRIOR_FILE).read_text(encoding="utf-8")
        _LOADED.append(prior_from_dict(json.loads(text)))
    return _LOADED[0]
