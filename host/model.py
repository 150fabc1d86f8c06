"""The host's records: tables and their seats (plain data plus the live engine game)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from engine.api import Event, Game

LOBBY, PLAYING, OVER = "lobby", "playing", "over"
EXPIRED = "expired"  # on disk only: a lobby nobody used, gone from memory


@dataclass
class Seat:
    """One seat of a table: its player, the device token, the address that took it, its socket now."""

    seat: int
    name: str | None = None
    token: str | None = None
    address: str | None = None
    sid: str | None = None

    @property
    def taken(self) -> bool:
        """A device holds this seat (it has a live token)."""
        return self.token is not None

    @property
    def connected(self) -> bool:
        """A socket is bound to this seat right now."""
        return self.sid is not None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action's public record: the table's step after it, the acting seat, the engine's events."""

    step: int
    seat: int
    events: list[Event]

    def payload(self) -> dict[str, Any]:
        """As sent in ``history``."""
        return {"step": self.step, "seat": self.seat, "events": self.events}


@dataclass
class Table:
    """A table: a game kind, its options and seed, the seats and, once started, the engine game.

    ``history`` is the public game log (one entry per action of the current game); ``turn_actions``
    counts each seat's actions in the current simultaneous turn; ``updated`` is the time of the last
    change (lobby expiry), ``ended`` the time the game ended (finished tables leave memory after a grace
    period). ``lock`` orders the changes of one table: a change and its commit finish before the next
    change of that table starts.
    """

    code: str
    game: str
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    board_key: str
    autostart: bool = False
    multi_seat: bool = False
    creator: str | None = None
    state: str = LOBBY
    created: float = 0.0
    updated: float = 0.0
    ended: float | None = None
    next_code: str | None = None
    checkpoint: str | None = None  # JSON of the latest checkpoint written (see host.store)
    engine_game: Game | None = field(default=None, repr=False)
    history: list[LogEntry] = field(default_factory=list, repr=False)
    turn_actions: dict[int, int] = field(default_factory=dict, repr=False)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)

    @property
    def step(self) -> int:
        """How many actions the game has applied (0 in the lobby)."""
        return 0 if self.engine_game is None else len(self.history)

    def free_seats(self) -> list[Seat]:
        """Seats no device holds, lowest first."""
        return [s for s in self.seats if not s.taken]

    def connected(self) -> bool:
        """True if any seat has a socket bound to it."""
        return any(s.sid is not None for s in self.seats)
