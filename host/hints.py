"""The coach: a seat's two best moves, thought of in a bot worker from that seat's view and legal actions
only, never played. Hints are rate-limited per table and seat, one at a time."""

from __future__ import annotations

import logging
from typing import Any

from engine.bots.seeds import derive_seed
from host.botpool import SUGGEST, BotFailed, BotPool, Question, Ticket
from host.config import BotSettings, Limits
from host.connections import SEAT, Connections
from host.delivery import Delivery
from host.errors import HostError
from host.limits import RateLimiter
from host.model import OVER, PLAYING
from host.rights import Rights
from host.tables import Tables

log = logging.getLogger("host.hints")


class Coach:
    """The ``suggest`` event of the tables of a :class:`Tables`, answered by a :class:`BotPool`."""

    def __init__(self, tables: Tables, connections: Connections, delivery: Delivery, rights: Rights,
                 pool: BotPool, settings: BotSettings, limits: Limits) -> None:
        self.tables = tables
        self.connections = connections
        self.delivery = delivery
        self.rights = rights
        self.pool = pool
        self.settings = settings
        self.rate = RateLimiter(limits.coach_burst, limits.coach_rate)  # per table and seat
        self.thinking: set[str] = set()  # the table and seat of every hint being thought of now

    async def suggest(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The coach's two best moves for the socket's seat, thought of in a bot worker from that seat's
        view and legal actions only; never played. Everyone at the table hears that the seat asked."""
        client = self.connections.clients.get(sid)
        if client is None or client.role != SEAT or client.code is None or client.seat is None:
            raise HostError("not_seated", "this socket holds no seat; join a table first")
        table = self.tables.get(client.code)
        async with table.lock:
            seat = self.rights.seat_of(sid, table)
            if seat is None:
                raise HostError("not_seated", "this socket holds no seat any more")
            if not table.coach:
                raise HostError("coach_off", f"the coach is off at table {table.code}")
            game = table.engine_game
            if table.state == OVER:
                raise HostError("game_over", f"the game at table {table.code} is over")
            if table.state != PLAYING or game is None:
                raise HostError("not_started", f"table {table.code} has not started")
            if seat.seat not in game.to_act():
                raise HostError("not_your_turn", f"seat {seat.seat} need not act now")
            key = f"{table.code}/{seat.seat}"
            if key in self.thinking:
                raise HostError("rate_limited", "the coach is still thinking of this seat's last hint",
                                retry_after=1.0)
            wait = self.rate.take(key)
            if wait:
                raise HostError("rate_limited", "too many hints; the coach needs a moment",
                                retry_after=max(0.001, round(wait, 3)))
            step, generation = table.step, seat.generation
            legal = game.legal_actions(seat.seat)
            question = Question(table.game, "hard", game.view(seat.seat), legal,
                                derive_seed(table.seed, seat.seat, step), SUGGEST,
                                self.settings.coach_seconds)
            self.thinking.add(key)
            self.connections.send([self.delivery.notice(table, seat, "asked_coach")])
        try:
            hints = await self.pool.suggest(
                question, Ticket(table.code, table.creator, lambda: self.connections.in_use(table)))
        except BotFailed as exc:
            log.warning("table %s seat %d: the coach failed (%s)", table.code, seat.seat, exc)
            raise HostError("internal", "the coach could not think of a hint; try again") from None
        finally:
            self.thinking.discard(key)
        async with table.lock:
            game = table.engine_game
            # Stale once the seat decided (or changed hands) or its choice changed; other seats' choices in
            # a simultaneous turn leave it valid.
            if (seat.generation != generation or self.rights.seat_of(sid, table) is not seat or game is None
                    or seat.seat not in game.to_act() or game.legal_actions(seat.seat) != legal):
                raise HostError("stale", "the game moved on while the coach thought; ask again")
        return {"step": step, "suggestions": [{"action": legal[h.index], "reason": h.reason,
                                               "reasons": h.reasons} for h in hints]}
