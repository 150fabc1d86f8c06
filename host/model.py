"""The host's records: tables and their seats (plain data plus the live engine game)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.api import Game

LOBBY, PLAYING, OVER = "lobby", "playing", "over"


@dataclass
class Seat:
    """One seat of a table: its player, the device token and the socket bound to it now."""

    seat: int
    name: str | None = None
    token: str | None = None
    sid: str | None = None

    @property
    def taken(self) -> bool:
        """A device holds this seat (it has a live token)."""
        return self.token is not None

    @property
    def connected(self) -> bool:
        """A socket is bound to this seat right now."""
        return self.sid is not None


@dataclass
class Table:
    """A table: a game kind, its options and seed, the seats and, once started, the engine game."""

    code: str
    game: str
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    autostart: bool = False
    state: str = LOBBY
    created: float = 0.0
    next_code: str | None = None
    engine_game: Game | None = field(default=None, repr=False)

    @property
    def step(self) -> int:
        """How many actions the game has applied (0 in the lobby)."""
        return 0 if self.engine_game is None else len(self.engine_game.action_log)

    def free_seats(self) -> list[Seat]:
        """Seats no device holds, lowest first."""
        return [s for s in self.seats if not s.taken]
