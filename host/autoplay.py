"""The moves no phone makes: bot seats, take-overs and the table clock's timed-out moves.

After every change of a table the host calls :meth:`Autoplay.refresh`. It looks at the seats the game
waits for: a seat a bot plays gets a *job* (one task per seat and decision) that asks the bot pool for a
move and plays it; a seat a phone plays gets a deadline when the table has a clock, and a job with the
``easy`` bot once that deadline passes. A job:

1. reads the seat's view and legal actions under the table's lock (a bot sees nothing else), with the
   seed ``derive_seed(table seed, seat, step)``;
2. a searching level (``medium``, ``hard``) asks the pool (worker processes, shared fairly between
   tables and the devices that created them, watched tables first: see :mod:`host.botpool`); ``easy`` and
   ``random`` decide in the host's own process (about 0.1 ms, less than asking a worker), so their moves
   never wait behind other tables' searching bots. If that bot fails, ``easy`` decides (here), and if that
   fails too the ``random`` policy plays in place (instant) — a failing bot never stops the table, it is
   logged. A clock's timed-out move is an ``easy`` move decided here, ``random`` if that fails;
3. waits until the last visible change has been on the board for ``pace_seconds`` (people must follow;
   hidden choices of a simultaneous turn do not count as visible);
4. under the lock, plays the move through the host's one path for every action (committed, then
   broadcast) unless the question went stale meanwhile: the seat's generation moved (it decided, or who
   plays it changed), the game no longer waits for it, or its legal actions changed. At a table with the
   coach on, a bot's move carries its reason (:func:`engine.bots.coach.explain`, from the bot's own
   view), which the table's log shows once the move is revealed.

The same timer of a table also announces when an away phone's seat may be handed to a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from typing import Any, Protocol

from engine.api import Action
from engine.bots.coach import Reason, explain
from engine.bots.policy import RandomPolicy
from engine.bots.seeds import derive_seed
from host.botpool import BotFailed, BotPool, InProcess, Question, Ticket
from host.config import BotSettings
from host.model import BOT, CLOCK, PLAYING, Seat, Table
from host.tables import Tables

log = logging.getLogger("host.bots")

CLOCK_LEVEL = "easy"  # the bot that plays a move whose time ran out
FALLBACK_LEVEL = "easy"  # asked when a bot of another level fails
STOP_WAIT = 0.5  # seconds the jobs get to end when the host stops
RETRY_SECONDS = 5.0  # after a move failed to be played (e.g. the disk refused it)


class Stage(Protocol):
    """What autoplay needs of the host's socket side (:class:`host.sockets.Hub`)."""

    closing: bool

    async def play(self, table: Table, seat: Seat, action: Action, by: str,
                   reason: Reason | None = None) -> Any:
        """Apply ``action`` for ``seat`` (the table's lock is held) and broadcast it, and the bot's
        ``reason`` once the move is revealed."""
        ...

    def announce_table(self, table: Table) -> None:
        """Send the table's ``table`` payload to everyone at the table."""
        ...

    def announce_clock(self, table: Table) -> None:
        """Send the table's ``clock`` payload to everyone at the table."""
        ...

    def in_use(self, table: Table) -> bool:
        """True if a socket watches ``table`` or plays one of its seats (its bots go first)."""
        ...


def fallbacks(level: str) -> list[str]:
    """The levels asked in turn for one move: the seat's, then ``easy`` (the random policy follows in
    place when every one failed)."""
    return [level] if level in (FALLBACK_LEVEL, "random") else [level, FALLBACK_LEVEL]


class Autoplay:
    """Bots' and clocks' moves for every table of a :class:`Tables`."""

    def __init__(self, tables: Tables, settings: BotSettings, stage: Stage) -> None:
        self.tables = tables
        self.settings = settings
        self.stage = stage
        self.pool = BotPool(settings)
        self.here = InProcess(settings.policies)
        self.closed = False

    # -- looking at a table -------------------------------------------------------------------------

    def refresh(self, table: Table) -> None:
        """Start the moves ``table`` now waits for from bots and clocks, keep its clocks, arm its timer.
        Cheap, and safe to call after any change."""
        auto = table.autoplay
        now = time.monotonic()
        game = table.engine_game
        live = (not self.closed and not self.stage.closing and table.state == PLAYING and game is not None
                and self.tables.tables.get(table.code) is table)
        waiting = game.waiting() if live and game is not None else []
        humans = [s for s in waiting if table.seats[s].bot is None]
        if table.clock is None or not live:
            auto.deadlines.clear()
        else:
            for s in [s for s in auto.deadlines if s not in humans]:
                del auto.deadlines[s]
            for s in humans:
                auto.deadlines.setdefault(s, now + table.clock)
        for s in waiting:
            seat = table.seats[s]
            if seat.bot is not None:
                self._ensure_job(table, seat, seat.bot, BOT)
            elif auto.deadlines.get(s, float("inf")) <= now:
                self._ensure_job(table, seat, CLOCK_LEVEL, CLOCK)
        self._announce_clock(table)
        self._arm(table, now, live)

    def _announce_clock(self, table: Table) -> None:
        auto = table.autoplay
        running = tuple(sorted(auto.deadlines.items()))
        if running != auto.announced:
            auto.announced = running
            if table.clock is not None:
                self.stage.announce_clock(table)

    def _arm(self, table: Table, now: float, live: bool) -> None:
        """Wake up at the next clock deadline or the moment an away phone's seat may be handed over."""
        auto = table.autoplay
        if auto.timer is not None:
            auto.timer.cancel()
            auto.timer = None
        if not live:
            return
        moments = [d for d in auto.deadlines.values() if d > now]
        takeovers = [w for w in (self.tables.takeover_wait(table, s, now) for s in table.seats)
                     if w is not None and w > 0]
        auto.takeover_due = now + min(takeovers) if takeovers else None
        if auto.takeover_due is not None:
            moments.append(auto.takeover_due)
        if moments:
            loop = asyncio.get_running_loop()
            auto.timer = loop.call_later(max(0.0, min(moments) - now), self._wake, table)

    def _wake(self, table: Table) -> None:
        auto = table.autoplay
        auto.timer = None
        if auto.takeover_due is not None and auto.takeover_due <= time.monotonic():
            auto.takeover_due = None
            self.stage.announce_table(table)  # the board may now hand an away phone's seat to a bot
        self.refresh(table)

    # -- jobs ---------------------------------------------------------------------------------------

    def _ensure_job(self, table: Table, seat: Seat, level: str, by: str) -> None:
        """One job per seat and decision: none is started while one answers the seat's current
        generation (a job for an older generation finds itself stale and ends)."""
        jobs = table.autoplay.jobs
        running = jobs.get(seat.seat)
        if running is not None and running[0] == seat.generation and not running[1].done():
            return
        task = asyncio.ensure_future(self._job(table, seat.seat, seat.generation, level, by))
        jobs[seat.seat] = (seat.generation, task)

    def _wanted(self, table: Table, number: int, generation: int, by: str) -> bool:
        """True while the move a job prepares is still the one the table waits for."""
        seat = table.seats[number] if number < len(table.seats) else None
        game = table.engine_game
        if (self.closed or self.stage.closing or seat is None or game is None or table.state != PLAYING
                or self.tables.tables.get(table.code) is not table or seat.generation != generation
                or number not in game.waiting()):
            return False
        if by == BOT:
            return seat.bot is not None
        deadline = table.autoplay.deadlines.get(number)
        return seat.bot is None and deadline is not None and deadline <= time.monotonic()

    async def _job(self, table: Table, number: int, generation: int, level: str, by: str) -> None:
        again = False  # look at the table again afterwards: the seat may still wait for a move
        try:
            async with table.lock:
                if not self._wanted(table, number, generation, by):
                    return
                game = table.engine_game
                assert game is not None
                view, legal = game.view(number), game.legal_actions(number)
                seed = derive_seed(table.seed, number, table.step)
            question = Question(table.game, level, view, legal, seed)
            index = self._decide_here(table, number, question) if by == CLOCK else await self._decide(
                table, number, question)
            reason = _told_reason(table, number, question, index) if by == BOT and table.coach else None
            again = not await self._play(table, number, generation, by, legal, index, reason)
        except asyncio.CancelledError:
            raise
        except Exception:
            if self.closed:
                return
            log.exception("table %s seat %d: the %s move failed; trying again in %g s", table.code, number,
                          by, RETRY_SECONDS)
            await asyncio.sleep(RETRY_SECONDS)
            again = True
        finally:
            jobs = table.autoplay.jobs
            if number in jobs and jobs[number][1] is asyncio.current_task():
                del jobs[number]
        if again and not self.closed:
            self.refresh(table)

    def _decide_here(self, table: Table, number: int, question: Question) -> int:
        """A clock's move, in this process: ``question``'s (non-searching) level, else ``random``'s."""
        try:
            return self.here.decide(question)
        except BotFailed as exc:
            log.warning("table %s seat %d: the clock's %s bot failed (%s); random plays this move instead",
                        table.code, number, question.level, exc)
        choice = RandomPolicy().decide(question.view, question.legal, seed=question.seed)
        return _index(choice, question.legal)

    async def _decide(self, table: Table, number: int, question: Question) -> int:
        """The index of the move in ``question.legal``: the bot's, else ``easy``'s, else ``random``'s. A
        searching level asks a worker (its turn among the waiting questions); the others decide here."""
        ticket = Ticket(table.code, table.creator, lambda: self.stage.in_use(table))
        for level in fallbacks(question.level):
            asked = Question(question.kind, level, question.view, question.legal, question.seed)
            try:
                if self.here.searches(asked):
                    return await self.pool.decide(asked, ticket)
                return self.here.decide(asked)
            except BotFailed as exc:
                if self.closed:
                    raise
                instead = FALLBACK_LEVEL if level not in (FALLBACK_LEVEL, "random") else "random"
                log.warning("table %s seat %d: the %s bot failed (%s); %s plays this move instead",
                            table.code, number, level, exc, instead)
        choice = RandomPolicy().decide(question.view, question.legal, seed=question.seed)
        return _index(choice, question.legal)

    async def _play(self, table: Table, number: int, generation: int, by: str, legal: list[Action],
                    index: int, reason: Reason | None = None) -> bool:
        """Play the chosen move (with the bot's reason for the table's log, if any) once the board has
        shown the last visible change long enough; False if the move went stale meanwhile (it is
        dropped)."""
        pace = self.settings.pace_seconds
        while True:
            wait = table.autoplay.shown_at + pace - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
                continue
            async with table.lock:
                if table.autoplay.shown_at + pace > time.monotonic():
                    continue  # another move was shown while we waited for the lock
                if not self._wanted(table, number, generation, by):
                    return False
                game = table.engine_game
                assert game is not None
                if game.legal_actions(number) != legal:
                    return False
                await self.stage.play(table, table.seats[number], legal[index], by, reason)
                return True

    # -- stopping -----------------------------------------------------------------------------------

    async def close(self) -> None:
        """Stop every job and timer and kill the workers (the host is stopping; Ctrl-C stays quick)."""
        self.closed = True
        tasks = []
        for table in list(self.tables.tables.values()):
            auto = table.autoplay
            if auto.timer is not None:
                auto.timer.cancel()
                auto.timer = None
            tasks += [task for _, task in auto.jobs.values() if not task.done()]
            auto.jobs.clear()
        for task in tasks:
            task.cancel()
        await self.pool.close()
        if tasks:
            with contextlib.suppress(Exception):
                await asyncio.wait(tasks, timeout=STOP_WAIT)


def _told_reason(table: Table, number: int, question: Question, index: int) -> Reason | None:
    """Why the bot plays ``question.legal[index]``, for the table's log (a table with the coach on):
    from the bot's own view, naming no card the move hides; ``None`` if there is nothing to say or the
    explanation failed (the move is played all the same)."""
    try:
        return explain(question.view, question.legal[index])
    except Exception:
        log.exception("table %s seat %d: the bot's move could not be explained", table.code, number)
        return None


def _index(choice: Action, legal: Sequence[Action]) -> int:
    for i, action in enumerate(legal):
        if action is choice:
            return i
    return list(legal).index(choice)
