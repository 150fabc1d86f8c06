"""A policy wrapper for tests: checks what a policy is given and what it answers, and counts decisions."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.api import Action, Game
from engine.bots import Budget, Policy


def decision_kind(view: dict[str, Any], legal: Sequence[Action]) -> str:
    """What kind of decision this is: Duel's pending kind, classic's phase (or the Free City's turn)."""
    if view["kind"] == "duel":
        return str(view["pending"]["kind"])
    if legal[0].get("free_city"):
        return f"free_city_{view['phase']}"
    return str(view["phase"])


class CheckedPolicy:
    """Wraps a policy: it must get a seat's plain-data view and legal actions and answer one of them."""

    def __init__(self, inner: Policy, kinds: Counter[str] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.default_seconds = inner.default_seconds
        self.kinds: Counter[str] = kinds if kinds is not None else Counter()

    def decide(self, view: dict[str, Any], legal: Sequence[Action], *, seed: int,
               budget: Budget | None = None) -> Action:
        assert isinstance(view, dict) and isinstance(view["seat"], int)
        assert view["kind"] in ("duel", "classic")
        assert legal and all(isinstance(a, dict) for a in legal)
        assert not any(isinstance(x, Game) for x in (view, *legal))
        json.dumps([view, list(legal)])  # plain data only: nothing a bot could reach the game through
        action = self.inner.decide(view, legal, seed=seed, budget=budget)
        assert any(action is a for a in legal), f"{self.name} answered {action!r}, not a legal action"
        self.kinds[decision_kind(view, legal)] += 1
        return action
