"""Test-only bot policies, loaded by the host's worker processes when a test's host is configured with
``BotSettings(policies="tests.host.botpolicies:FACTORY")``. Production code never imports this.

- ``stand_ins``: ``medium`` and ``hard`` are deterministic stand-ins (the legal action at ``seed`` modulo
  their number), so that whole games stay quick; ``random`` and ``easy`` are the engine's (the test
  game "fake" has no bots' knowledge: its ``easy`` takes the largest step). With
  ``WT_TEST_BOT_RECORD`` set to a file, every question a stand-in gets is appended to it as a JSON line.
- ``slow``: ``hard`` writes ``thinking`` in the folder ``WT_TEST_BOT_GATE`` and waits until ``go`` appears
  there (a bot that thinks as long as the test wants).
- ``crashing``: ``hard`` kills its worker process, ``medium`` raises; the others as in ``stand_ins``.
- ``broken``: every level raises.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.bots import Budget, Policy, make_policy
from engine.bots.policy import RandomPolicy

GATE_PATIENCE = 15.0  # a slow bot never waits longer than this for its gate


class StandIn:
    """A searching level's stand-in: any legal action, chosen by the seed alone."""

    default_seconds: float | None = 0.3  # asks for a budget like a searching level

    def __init__(self, name: str) -> None:
        self.name = name

    def decide(self, view: dict[str, Any], legal: Sequence[Any], *, seed: int,
               budget: Budget | None = None) -> Any:
        assert budget is not None and budget.seconds == self.default_seconds and budget.clock is not None
        record = os.environ.get("WT_TEST_BOT_RECORD")
        if record:
            with open(record, "a", encoding="utf-8") as out:
                out.write(json.dumps({"level": self.name, "view": view, "legal": list(legal),
                                      "seed": seed}) + "\n")
        return legal[seed % len(legal)]


class LargestStep:
    """``easy`` of the test game: add as much as allowed."""

    name = "easy"
    default_seconds: float | None = None

    def decide(self, view: dict[str, Any], legal: Sequence[Any], *, seed: int,
               budget: Budget | None = None) -> Any:
        return max(legal, key=lambda a: a.get("n", 0))


class Gated(StandIn):
    """Thinks until the test opens its gate."""

    def decide(self, view: dict[str, Any], legal: Sequence[Any], *, seed: int,
               budget: Budget | None = None) -> Any:
        gate = Path(os.environ["WT_TEST_BOT_GATE"])
        (gate / "thinking").write_text(str(os.getpid()))
        waited = 0.0
        while not (gate / "go").exists() and waited < GATE_PATIENCE:
            time.sleep(0.01)
            waited += 0.01
        return legal[0]


class Failing:
    """A policy that raises (or, with ``crash``, kills its process)."""

    default_seconds: float | None = None

    def __init__(self, name: str, crash: bool = False) -> None:
        self.name, self.crash = name, crash

    def decide(self, view: dict[str, Any], legal: Sequence[Any], *, seed: int,
               budget: Budget | None = None) -> Any:
        if self.crash:
            os._exit(3)
        raise RuntimeError(f"the {self.name} test bot always fails")


def stand_ins(level: str, kind: str) -> Policy:
    if level in ("medium", "hard"):
        return StandIn(level)
    if kind == "fake":
        return RandomPolicy() if level == "random" else LargestStep()
    return make_policy(level, kind)


def slow(level: str, kind: str) -> Policy:
    return Gated(level) if level == "hard" else stand_ins(level, kind)


def crashing(level: str, kind: str) -> Policy:
    if level in ("medium", "hard"):
        return Failing(level, crash=level == "hard")
    return stand_ins(level, kind)


def broken(level: str, kind: str) -> Policy:
    return Failing(level)
