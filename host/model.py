"""The host's records: tables and their seats (plain data plus the live engine game)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from engine.api import Event, Game

LOBBY, PLAYING, OVER = "lobby", "playing", "over"
EXPIRED = "expired"  # on disk only: a lobby nobody used, gone from memory
DAMAGED = "damaged"  # in memory only: a saved table that could not be restored (its rows stay untouched)


PLAYER, BOT, CLOCK = "player", "bot", "clock"  # who chose an action: the phone, a bot, the clock's bot


@dataclass
class Seat:
    """One seat of a table: its player, its seat token, the device token and the address of the phone
    that took it, its socket now.

    ``bot`` is the level of the bot that plays the seat (``None``: a phone plays it). A bot set in the
    lobby fills a seat without a player; a bot set in game is a *take-over* (``takeover``): it plays for
    the seat's player until that player's phone comes back. ``away_since`` (``time.monotonic``) is when
    the seat last lost its socket; ``generation`` counts the seat's decisions and changes of who plays it,
    so that a bot's answer to an older question is recognised as stale.
    """

    seat: int
    name: str | None = None
    token: str | None = None
    address: str | None = None
    sid: str | None = None
    bot: str | None = None
    takeover: bool = False
    device: str | None = None
    away_since: float = field(default_factory=time.monotonic, compare=False)
    generation: int = field(default=0, compare=False)

    @property
    def taken(self) -> bool:
        """No phone may join this seat: a device holds it (a live token), or a bot fills it. A bot that
        keeps a released seat warm (a take-over without token) leaves it free for a new phone."""
        return self.token is not None or (self.bot is not None and not self.takeover)

    @property
    def connected(self) -> bool:
        """A socket is bound to this seat right now."""
        return self.sid is not None

    def bind(self, sid: str) -> None:
        """A socket now plays this seat."""
        self.sid = sid

    def unbind(self) -> None:
        """The seat's socket left: the seat is away from now on."""
        if self.sid is not None:
            self.sid = None
            self.away_since = time.monotonic()

    def changed_hands(self) -> None:
        """Whoever plays the seat changed, or the seat decided: earlier questions to a bot are stale."""
        self.generation += 1


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action's public record: the table's step after it, the acting seat, the engine's events,
    who chose it (:data:`PLAYER`, :data:`BOT` or :data:`CLOCK`)."""

    step: int
    seat: int
    events: list[Event]
    by: str = PLAYER

    def payload(self) -> dict[str, Any]:
        """As sent in ``history``."""
        return {"step": self.step, "seat": self.seat, "events": self.events, "by": self.by}


@dataclass(frozen=True, slots=True)
class BotReason:
    """Why a bot seat played its move (a coach reason code with parameters), for the table's log."""

    seat: int
    reason: dict[str, Any]


@dataclass
class TableAutoplay:
    """A table's moves in the making, in memory only: the bot or clock task of each seat (with the seat's
    generation it answers), each seat's clock deadline (``time.monotonic``), when the board last showed
    a visible change (bots pace themselves from it), the timer of the next deadline or take-over, the
    clocks last announced, and the bots' reasons waiting for their moves to be revealed."""

    jobs: dict[int, tuple[int, asyncio.Task[None]]] = field(default_factory=dict)
    deadlines: dict[int, float] = field(default_factory=dict)
    shown_at: float = field(default_factory=time.monotonic)
    timer: asyncio.TimerHandle | None = None
    takeover_due: float | None = None  # when the next away phone's seat may be handed to a bot
    announced: tuple[tuple[int, float], ...] = ()
    untold: list[BotReason] = field(default_factory=list)
    """Bots' reasons for moves still hidden (a simultaneous turn's choices): told when it resolves."""



@dataclass
class Table:
    """A table: a game kind, its options and seed, the seats and, once started, the engine game.

    ``history`` is the public game log (one entry per action of the current game); ``turn_actions``
    counts each seat's actions in the current simultaneous turn; ``updated`` is the time of the last
    change (lobby expiry), ``ended`` the time the game ended (finished tables leave memory after a grace
    period). ``lock`` orders the changes of one table: a change and its commit finish before the next
    change of that table starts. ``clock`` is the table's time per decision in seconds (``None``: no
    clock); ``coach`` lets its phones ask for hints. The bots' and clocks' bookkeeping lives in
    ``autoplay`` (see :mod:`host.autoplay`). A table in state :data:`DAMAGED` could not be restored:
    it is shown with ``damage`` (the reason) and refuses every change, so that its saved rows are never
    overwritten.
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
    clock: float | None = None
    coach: bool = False  # a seated phone may ask the coach for a hint (``suggest``)
    damage: str | None = None  # why a DAMAGED table could not be restored
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False, compare=False)
    autoplay: TableAutoplay = field(default_factory=TableAutoplay, repr=False, compare=False)

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
