"""Searching bots think in worker processes, never on the host's event loop; the levels that do not
search decide in the host's own process (:class:`InProcess`: cheaper than asking a worker).

:class:`BotPool` keeps at most ``workers`` processes (``python -m host.botworker``), started the first
time a bot must think and reused afterwards. Each answers one question at a time. Questions waiting for a
worker are served fairly, never in plain arrival order (one device's many bot tables must not stall
another table): tables someone watches before tables nobody watches, then the device (the table's
creator) served least recently, then that device's table served least recently, then arrival order.
A worker that dies, answers nonsense or thinks longer than the timeout is killed (a new
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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.api import Action
from engine.bots import Policy
from host.botworker import index_of, load_factory
from host.config import BotSettings
from host.oscompat import detached_process_options

log = logging.getLogger("host.bots")

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ANSWER_LIMIT = 64 * 1024  # an answer line is tiny; anything longer is nonsense
STOP_WAIT = 0.5  # seconds a killed worker gets to be reaped when the host stops


class BotFailed(Exception):
    """A question got no usable answer: the policy failed, or its worker died or took too long."""


@dataclass(frozen=True, slots=True)
class Question:
    """What a bot is asked: one seat's view and legal actions (never the game), its level and seed.
    ``task`` is :data:`DECIDE` (one move) or :data:`SUGGEST` (the coach's hints, searching for
    ``seconds`` of the worker's CPU time; ``level`` is then unused)."""

    kind: str
    level: str
    view: dict[str, Any]
    legal: list[Action]
    seed: int
    task: str = "decide"
    seconds: float | None = None


DECIDE, SUGGEST = "decide", "suggest"


@dataclass(frozen=True, slots=True)
class Hint:
    """One of the coach's suggestions as a worker answers it: the index of the move in the question's
    legal actions and its reasons (codes with parameters; ``reason`` is the most telling)."""

    index: int
    reason: dict[str, Any]
    reasons: list[dict[str, Any]]


def _always() -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Ticket:
    """Whose question it is: the table's code, the device that created the table (``owner``) and whether
    someone watches the table now (asked when a worker frees up)."""

    table: str
    owner: str | None = None
    watched: Callable[[], bool] = _always


@dataclass(slots=True)
class _Waiter:
    ticket: Ticket
    arrival: int
    granted: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class FairSlots:
    """``capacity`` slots handed to waiting :class:`Ticket` s in the fair order of the module's docstring.

    Each grant stamps the ticket's owner and table with a rising number ("served last at"); the waiter
    with the lowest stamps goes next. The stamp books forget names nobody waits for once they grow large."""

    BOOK_LIMIT = 4096

    def __init__(self, capacity: int) -> None:
        self.capacity = max(1, capacity)
        self.busy = 0
        self.waiting: list[_Waiter] = []
        self.arrivals = itertools.count()
        self.grants = itertools.count(1)
        self.owner_served: dict[str | None, int] = {}
        self.table_served: dict[str, int] = {}

    async def acquire(self, ticket: Ticket) -> None:
        """Wait for a slot (release it with :meth:`release`)."""
        if self.busy < self.capacity and not self.waiting:
            self._grant(ticket)
            return
        waiter = _Waiter(ticket, next(self.arrivals))
        self.waiting.append(waiter)
        try:
            await waiter.granted
        except asyncio.CancelledError:
            if waiter.granted.done() and not waiter.granted.cancelled():
                self.release()  # granted just before the cancel: hand the slot on
            elif waiter in self.waiting:
                self.waiting.remove(waiter)
            raise

    def release(self) -> None:
        """A slot is free again: grant it to the next fair waiter."""
        self.busy -= 1
        while self.waiting and self.busy < self.capacity:
            waiter = min(self.waiting, key=self._rank)
            self.waiting.remove(waiter)
            if waiter.granted.done():
                continue
            self._grant(waiter.ticket)
            waiter.granted.set_result(None)

    def _rank(self, waiter: _Waiter) -> tuple[int, int, int, int]:
        ticket = waiter.ticket
        try:
            watched = bool(ticket.watched())
        except Exception:
            watched = True
        return (0 if watched else 1, self.owner_served.get(ticket.owner, 0),
                self.table_served.get(ticket.table, 0), waiter.arrival)

    def _grant(self, ticket: Ticket) -> None:
        self.busy += 1
        stamp = next(self.grants)
        _stamp(self.owner_served, ticket.owner, stamp, lambda: {w.ticket.owner for w in self.waiting})
        _stamp(self.table_served, ticket.table, stamp, lambda: {w.ticket.table for w in self.waiting})


def _stamp(book: dict[Any, int], key: Any, stamp: int, wanted: Callable[[], set[Any]]) -> None:
    """``book[key] = stamp``, the key moved last (the oldest entries stay first); past
    :attr:`FairSlots.BOOK_LIMIT` entries the older half nobody waits for (``wanted()``) is forgotten."""
    book.pop(key, None)
    book[key] = stamp
    if len(book) > FairSlots.BOOK_LIMIT:
        keep = wanted()
        for old in [k for k in itertools.islice(book, len(book) // 2) if k not in keep]:
            del book[old]


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
            limit=ANSWER_LIMIT, **detached_process_options(),
        )
        return cls(process)

    async def ask(self, number: int, question: Question, timeout: float) -> dict[str, Any]:
        """Send ``question`` and read its answer; :class:`BotFailed` if the worker died or took longer
        than ``timeout`` seconds (it must then be killed: its state is unknown)."""
        line = json.dumps({"id": number, "kind": question.kind, "level": question.level,
                           "view": question.view, "legal": question.legal, "seed": question.seed,
                           "task": question.task, "seconds": question.seconds})
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
        self.slots = FairSlots(settings.workers)
        self.idle: list[Worker] = []
        self.workers: set[Worker] = set()
        self.numbers = itertools.count(1)
        self.closed = False
        self.started = 0  # worker processes started so far (tests and logs read it)

    @property
    def waiting(self) -> list[_Waiter]:
        """The questions waiting for a worker now."""
        return self.slots.waiting

    async def decide(self, question: Question, ticket: Ticket | None = None) -> int:
        """The index in ``question.legal`` of the bot's choice; :class:`BotFailed` if none came. The
        ``ticket`` says whose question it is (its turn among the waiting ones)."""
        reply = await self._ask(question, ticket)
        index = reply.get("index")
        if not isinstance(index, int) or not _is_index(index, question.legal):
            raise BotFailed(f"its answer {index!r} is not one of the {len(question.legal)} legal actions")
        return index

    async def suggest(self, question: Question, ticket: Ticket | None = None) -> list[Hint]:
        """The coach's hints for ``question`` (a :data:`SUGGEST` question), best first; waits its turn
        among the bots' questions like any other (the same fair order)."""
        reply = await self._ask(question, ticket)
        hints = reply.get("suggestions")
        if not isinstance(hints, list) or not hints:
            raise BotFailed("its answer holds no suggestions")
        out = []
        for hint in hints:
            if not (isinstance(hint, dict) and _is_index(hint.get("index"), question.legal)
                    and isinstance(hint.get("reason"), dict) and isinstance(hint.get("reasons"), list)):
                raise BotFailed("its answer holds a suggestion that is not one of the legal actions")
            out.append(Hint(hint["index"], hint["reason"], hint["reasons"]))
        return out

    async def _ask(self, question: Question, ticket: Ticket | None) -> dict[str, Any]:
        """The worker's answer to ``question`` once a slot is granted; :class:`BotFailed` on an error."""
        await self.slots.acquire(ticket or Ticket(""))
        try:
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
        finally:
            self.slots.release()
        if "error" in reply:
            raise BotFailed(str(reply["error"]))
        return reply

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


def _is_index(index: Any, legal: list[Action]) -> bool:
    return isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(legal)


QUICK_LEVELS = frozenset({"random", "easy"})  # the levels that never search: decided in the host's process


class InProcess:
    """Levels that do not search (``random``, ``easy``: about 0.1 ms a move, less than encoding the
    question for a worker), decided on the host's own loop with the pool's policies: their moves and a
    table clock's timed-out moves never wait for a worker, whatever the searching bots of other tables
    keep the workers doing. A searching level is refused (:class:`BotFailed`): it only ever thinks in a
    worker."""

    def __init__(self, policies: str) -> None:
        self.spec = policies
        self.policies: dict[tuple[str, str], Policy] = {}

    def _policy(self, question: Question) -> Policy:
        key = (question.level, question.kind)
        policy = self.policies.get(key)
        if policy is None:
            try:
                policy = self.policies[key] = load_factory(self.spec)(*key)
            except Exception as exc:
                raise BotFailed(f"{type(exc).__name__}: {exc}"[:200]) from None
        return policy

    def searches(self, question: Question) -> bool:
        """True if ``question``'s level is not one of :data:`QUICK_LEVELS` or its policy asks for a
        search budget: a worker must think it. :class:`BotFailed` if its policy cannot be made."""
        return question.level not in QUICK_LEVELS or self._policy(question).default_seconds is not None

    def decide(self, question: Question) -> int:
        """The index in ``question.legal`` of the level's choice; :class:`BotFailed` if it has none."""
        if self.searches(question):
            raise BotFailed(f"the {question.level} bot searches: it thinks only in a worker")
        policy = self._policy(question)
        try:
            action = policy.decide(question.view, question.legal, seed=question.seed, budget=None)
            return index_of(action, question.legal)
        except Exception as exc:
            raise BotFailed(f"{type(exc).__name__}: {exc}"[:200]) from None
