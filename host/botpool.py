"""Bots think in worker processes, never on the host's event loop.

:class:`BotPool` keeps at most ``workers`` processes (``python -m host.botworker``), started the first
time a bot must think and reused afterwards. Each answers one question at a time; questions wait their
turn in order. A worker that dies, answers nonsense or thinks longer than the timeout is killed (a new
one starts for the next question) and the question fails with :class:`BotFailed`; so does a question the
policy could not answer. Workers run in their own session, so Ctrl-C in the host's terminal reaches only
the host, which kills them at once when it stops (:meth:`BotPool.close`); they also end by themselves
when the host vanishes (their stdin closes).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.api import Action
from host.config import BotSettings

log = logging.getLogger("host.bots")

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ANSWER_LIMIT = 64 * 1024  # an answer line is tiny; anything longer is nonsense
STOP_WAIT = 0.5  # seconds a killed worker gets to be reaped when the host stops


class BotFailed(Exception):
    """A question got no usable answer: the policy failed, or its worker died or took too long."""


@dataclass(frozen=True, slots=True)
class Question:
    """What a bot is asked: one seat's view and legal actions (never the game), its level and seed."""

    kind: str
    level: str
    view: dict[str, Any]
    legal: list[Action]
    seed: int


class Worker:
    """One worker process and its pipes."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        assert process.stdin is not None and process.stdout is not None
        self.stdin, self.stdout = process.stdin, process.stdout

    @classmethod
    async def start(cls, policies: str) -> Worker:
        """Start a worker deciding with the policies of ``policies`` (``module:function``)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(PROJECT_ROOT), env.get("PYTHONPATH")) if p)
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "host.botworker", "--policies", policies,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env,
            start_new_session=True, limit=ANSWER_LIMIT,
        )
        return cls(process)

    async def ask(self, number: int, question: Question, timeout: float) -> dict[str, Any]:
        """Send ``question`` and read its answer; :class:`BotFailed` if the worker died or took longer
        than ``timeout`` seconds (it must then be killed: its state is unknown)."""
        line = json.dumps({"id": number, "kind": question.kind, "level": question.level,
                           "view": question.view, "legal": question.legal, "seed": question.seed})
        try:
            self.stdin.write(line.encode() + b"\n")
            await self.stdin.drain()
            raw = await asyncio.wait_for(self.stdout.readline(), timeout)
        except TimeoutError:
            raise BotFailed(f"its worker thought longer than {timeout:g} s") from None
        except (OSError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
            raise BotFailed(f"its worker failed ({type(exc).__name__})") from None
        if not raw:
            code = await self._exit_code()
            raise BotFailed(f"its worker process stopped (exit code {code})")
        try:
            reply = json.loads(raw)
        except ValueError:
            raise BotFailed("its worker answered nonsense") from None
        if not isinstance(reply, dict) or reply.get("id") != number:
            raise BotFailed("its worker answered another question")
        return reply

    async def _exit_code(self) -> int | None:
        with contextlib.suppress(TimeoutError):
            return await asyncio.wait_for(self.process.wait(), STOP_WAIT)
        return None

    def kill(self) -> None:
        """Stop the process now (it is reaped by :meth:`reap`)."""
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    async def reap(self) -> None:
        """Wait (briefly) for the killed process to be gone."""
        await self._exit_code()


class BotPool:
    """At most ``settings.workers`` worker processes, started lazily, answering :class:`Question` s."""

    def __init__(self, settings: BotSettings) -> None:
        self.policies = settings.policies
        self.timeout = settings.decision_timeout_seconds
        self.slots = asyncio.Semaphore(max(1, settings.workers))
        self.idle: list[Worker] = []
        self.workers: set[Worker] = set()
        self.numbers = itertools.count(1)
        self.closed = False
        self.started = 0  # worker processes started so far (tests and logs read it)

    async def decide(self, question: Question) -> int:
        """The index in ``question.legal`` of the bot's choice; :class:`BotFailed` if none came."""
        async with self.slots:
            if self.closed:
                raise BotFailed("the host is stopping")
            worker = self.idle.pop() if self.idle else await self._start()
            try:
                reply = await worker.ask(next(self.numbers), question, self.timeout)
            except BaseException:  # died, hung, or nobody waits for the answer any more: never reused
                self._drop(worker)
                raise
            if self.closed:
                self._drop(worker)
            else:
                self.idle.append(worker)
        if "error" in reply:
            raise BotFailed(str(reply["error"]))
        index = reply.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(question.legal):
            raise BotFailed(f"its answer {index!r} is not one of the {len(question.legal)} legal actions")
        return index

    async def _start(self) -> Worker:
        try:
            worker = await Worker.start(self.policies)
        except OSError as exc:
            raise BotFailed(f"no worker process could start ({exc})") from None
        self.workers.add(worker)
        self.started += 1
        log.info("bot worker %d started (pid %d)", self.started, worker.process.pid)
        return worker

    def _drop(self, worker: Worker) -> None:
        worker.kill()
        self.workers.discard(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        with contextlib.suppress(RuntimeError):  # no running loop: the process is gone with the host
            asyncio.ensure_future(worker.reap())

    async def close(self) -> None:
        """Kill every worker, thinking or not, and reap them (bounded): the host is stopping."""
        self.closed = True
        workers = list(self.workers)
        self.workers.clear()
        self.idle.clear()
        for worker in workers:
            worker.kill()
        if workers:
            await asyncio.gather(*(w.reap() for w in workers), return_exceptions=True)
