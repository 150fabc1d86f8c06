"""A bot's worker process: ``python -m host.botworker --policies MODULE:FUNCTION``, started by
:class:`host.botpool.BotPool`, never by hand.

It reads one question per line on stdin (JSON: ``{"id", "kind", "level", "view", "legal", "seed"}``),
decides with the policy ``FUNCTION(level, kind)`` gives (``engine.bots.make_policy`` unless a test
registers another), and writes one answer per line on stdout: ``{"id", "index"}`` (the chosen action's
index in ``legal``) or ``{"id", "error"}``. A question with ``"task": "suggest"`` asks the coach
(:func:`engine.bots.coach.suggest`) instead, searching ``seconds`` of this process's CPU time; its answer
is ``{"id", "suggestions": [{"index", "reason", "reasons"}, ...]}``. A searching policy gets a
:class:`engine.bots.Budget` of its level's default seconds on this process's ``time.perf_counter``.
The worker sees only what a phone of that seat would: its view and its legal actions. It runs in its own
session at a lower priority (Ctrl-C in the host's terminal is the host's to handle; the host stops it)
and ends when stdin closes.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from engine.bots import Budget, Policy
from engine.bots.coach import suggest
from host.oscompat import lower_priority

PolicyFactory = Callable[[str, str], Policy]


def load_factory(spec: str) -> PolicyFactory:
    """The function named ``module:function``."""
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ValueError(f"--policies must be MODULE:FUNCTION, got {spec!r}")
    factory: PolicyFactory = getattr(importlib.import_module(module), name)
    return factory


def index_of(action: Any, legal: list[Any]) -> int:
    """The index of the policy's choice in ``legal`` (the very object, else an equal one)."""
    for i, candidate in enumerate(legal):
        if candidate is action:
            return i
    return legal.index(action)  # ValueError: the policy answered something that is not legal


def answer(question: dict[str, Any], factory: PolicyFactory, policies: dict[tuple[str, str], Policy]
           ) -> dict[str, Any]:
    """Decide one question; the answer to send back."""
    asked = question.get("id")
    try:
        if question.get("task") == "suggest":
            return {"id": asked, "suggestions": hints(question)}
        key = (str(question["level"]), str(question["kind"]))
        policy = policies.get(key)
        if policy is None:
            policy = policies[key] = factory(*key)
        legal = question["legal"]
        budget = None
        if policy.default_seconds is not None:
            budget = Budget(seconds=policy.default_seconds, clock=time.perf_counter)
        action = policy.decide(question["view"], legal, seed=int(question["seed"]), budget=budget)
        return {"id": asked, "index": index_of(action, legal)}
    except Exception as exc:
        detail = traceback.format_exc(limit=-3)
        return {"id": asked, "error": f"{type(exc).__name__}: {exc}"[:300], "detail": detail[-2000:]}


def hints(question: dict[str, Any]) -> list[dict[str, Any]]:
    """The coach's suggestions for a ``suggest`` question: each one's index in ``legal`` and reasons."""
    legal = question["legal"]
    seconds = float(question["seconds"])
    budget = Budget(seconds=seconds, clock=time.process_time)
    found = suggest(question["view"], legal, seed=int(question["seed"]), budget=budget)
    return [{"index": index_of(s.action, legal), "reason": s.reason, "reasons": s.reasons} for s in found]


def serve(questions: BinaryIO, answers: BinaryIO, factory: PolicyFactory) -> None:
    """Answer every question line until ``questions`` ends."""
    policies: dict[tuple[str, str], Policy] = {}
    for line in questions:
        try:
            question = json.loads(line)
        except ValueError as exc:
            reply = {"id": None, "error": f"an unreadable question: {exc}"}
        else:
            reply = answer(question, factory, policies)
        try:
            answers.write(json.dumps(reply).encode() + b"\n")
            answers.flush()
        except BrokenPipeError:  # the host is gone
            return


def main(argv: list[str] | None = None) -> int:
    """Entry point of a worker process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lower_priority()
    parser = argparse.ArgumentParser(prog="python -m host.botworker")
    parser.add_argument("--policies", default="engine.bots:make_policy")
    args = parser.parse_args(argv)
    # The answers get their own copy of stdout; anything a library prints goes to stderr (the host's
    # log), never into the answers.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        factory = load_factory(args.policies)
    except Exception as exc:
        print(f"host.botworker: cannot load the policies {args.policies!r}: {exc}", file=sys.stderr)
        return 2
    serve(sys.stdin.buffer, answers, factory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
