"""Tables: creation with a fresh seed, seats and tokens, start, actions, play again, restore from disk.

Every change is written to the store before the method returns; a refused request raises
:class:`HostError` and changes nothing. Sockets are not handled here (see ``host.sockets``).
"""

from __future__ import annotations

import copy
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import engine
from engine.api import Event, Game, IllegalAction
from host.errors import HostError
from host.model import LOBBY, OVER, PLAYING, Seat, Table
from host.store import Store

log = logging.getLogger("host.tables")

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L, O
CODE_LENGTH = 4
KEEP_FINISHED_SECONDS = 24 * 3600  # finished tables shown again after a host restart
NAME_MAX = 24


def normalize_code(code: Any) -> str:
    """Upper-case a table code received from a client, or refuse it."""
    if not isinstance(code, str) or not code.strip() or len(code) > 16:
        raise HostError("bad_request", "'code' must be a table code such as 'ABCD'")
    return code.strip().upper()


def _json_copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


class Tables:
    """Every live table of this host, backed by a :class:`Store`."""

    def __init__(self, store: Store, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.tables: dict[str, Table] = {}
        self.used_codes: set[str] = store.codes()

    # -- lookup -----------------------------------------------------------------------------------

    def get(self, code: Any) -> Table:
        """The table with ``code``, or ``no_table``."""
        key = normalize_code(code)
        table = self.tables.get(key)
        if table is None:
            raise HostError("no_table", f"no table {key}")
        return table

    def by_token(self, token: str) -> tuple[Table, Seat] | None:
        """The seat holding ``token`` at the newest table that has it."""
        best: tuple[Table, Seat] | None = None
        for table in self.tables.values():
            for seat in table.seats:
                if seat.token == token and (best is None or table.created >= best[0].created):
                    best = (table, seat)
        return best

    def listing(self) -> list[Table]:
        """Tables in lobby or playing, newest first."""
        live = [t for t in self.tables.values() if t.state != OVER]
        return sorted(live, key=lambda t: t.created, reverse=True)

    # -- lifecycle --------------------------------------------------------------------------------

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.used_codes:
                self.used_codes.add(code)
                return code

    def _now(self) -> float:
        # Strictly increasing, so "newest table" is well defined even within one clock tick.
        latest = max((t.created for t in self.tables.values()), default=0.0)
        return max(time.time(), latest + 1e-6)

    def create(self, game: Any, options: Any = None, autostart: Any = False, seats: Any = None) -> Table:
        """A new table in the lobby with a seed drawn from the OS."""
        if not isinstance(game, str) or game not in engine.kinds():
            raise HostError("bad_request", f"unknown game {game!r}; known: {engine.kinds()}")
        options = self._plain(options)
        if not isinstance(autostart, bool):
            raise HostError("bad_request", "'autostart' must be true or false")
        declared = engine.spec(game)
        seats = declared.default_seats if seats is None else seats
        if not declared.accepts_seats(seats):
            raise HostError("bad_request",
                            f"'seats' of {game} must be from {declared.min_seats} to {declared.max_seats}")
        seed = self.seed_source()
        self._check_setup(game, seats, seed, options)
        table = Table(
            code=self._new_code(), game=game, seed=seed, options=options, autostart=autostart,
            seats=[Seat(i) for i in range(seats)], created=self._now(),
        )
        self.store.save_table(table)
        self.tables[table.code] = table
        log.info("table %s created (%s)", table.code, game)
        return table

    def _plain(self, data: Any, what: str = "options") -> dict[str, Any]:
        """A deep copy of a map of plain JSON data received from a client, or ``bad_request``."""
        if data is None:
            return {}
        if not isinstance(data, dict):
            raise HostError("bad_request", f"'{what}' must be a map")
        try:
            return _json_copy(data)
        except (TypeError, ValueError) as exc:
            raise HostError("bad_request", f"'{what}' must be plain data: {exc}") from None

    @contextmanager
    def _saving(self, table: Table) -> Iterator[None]:
        """Undo every change of ``table`` made inside the block if the block (or its save) fails."""
        kept = (table.state, table.options, table.engine_game, table.next_code,
                [(s.name, s.token) for s in table.seats])
        try:
            yield
            self.store.save_table(table)
        except BaseException:
            table.state, table.options, table.engine_game, table.next_code, seats = kept
            for seat, (name, token) in zip(table.seats, seats, strict=True):
                seat.name, seat.token = name, token
            raise

    def _check_setup(self, game: str, seats: int, seed: int, options: dict[str, Any]) -> Game:
        try:
            return engine.new_game(game, seats=seats, seed=seed, options=copy.deepcopy(options))
        except Exception as exc:  # the engine refuses bad options in its own words
            raise HostError("bad_request", f"the {game} engine refused the options: {exc}") from None

    def join(self, table: Table, name: Any, seat_no: Any = None, token: str | None = None) -> Seat:
        """Seat a player: the seat ``token`` already holds, else ``seat_no``, else the first free one."""
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_MAX:
            raise HostError("bad_request", f"'name' must be 1 to {NAME_MAX} characters")
        if seat_no is not None and (not isinstance(seat_no, int) or isinstance(seat_no, bool)):
            raise HostError("bad_request", "'seat' must be a seat number")
        own = next((s for s in table.seats if token is not None and s.token == token), None)
        if own is not None and seat_no in (None, own.seat):
            with self._saving(table):
                own.name = name.strip()
            return own
        if seat_no is not None:
            if not 0 <= seat_no < len(table.seats) or table.seats[seat_no].taken:
                raise HostError("seat_taken", f"seat {seat_no} is not free at table {table.code}")
            seat = table.seats[seat_no]
        else:
            free = table.free_seats()
            if not free:
                raise HostError("table_full", f"every seat of table {table.code} is taken")
            seat = free[0]
        with self._saving(table):
            if own is not None:  # moving to another seat of the same table frees the old one
                own.token = None
                if table.state == LOBBY:
                    own.name = None
            seat.name = name.strip()
            seat.token = secrets.token_urlsafe(16)
        return seat

    def start(self, table: Table, options: Any = None) -> None:
        """Set up the game once every seat is taken."""
        if table.state != LOBBY:
            raise HostError("already_started", f"table {table.code} has already started")
        if table.free_seats():
            raise HostError("not_ready", f"table {table.code} still has a free seat")
        new_options = table.options if options is None else self._plain(options)
        game = self._check_setup(table.game, len(table.seats), table.seed, new_options)
        with self._saving(table):
            table.options, table.engine_game, table.state = new_options, game, PLAYING
            if game.is_over():
                table.state = OVER
        log.info("table %s started", table.code)

    def release(self, table: Table, seat_no: Any) -> Seat:
        """Make a seat's token stale so another device may join it."""
        if not isinstance(seat_no, int) or isinstance(seat_no, bool) or not 0 <= seat_no < len(table.seats):
            raise HostError("bad_request", "'seat' must be a seat number of the table")
        seat = table.seats[seat_no]
        with self._saving(table):
            seat.token = None
            if table.state == LOBBY:
                seat.name = None
        return seat

    def act(self, table: Table, seat: Seat, action: Any) -> list[Event]:
        """Apply one action of ``seat``; it is on disk when this returns."""
        if table.state == LOBBY or table.engine_game is None:
            raise HostError("not_started", f"table {table.code} has not started")
        if table.state == OVER:
            raise HostError("game_over", f"the game at table {table.code} is over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise HostError("bad_request", "'action' must be a map with a 'type'")
        game = table.engine_game
        if seat.seat not in game.to_act():
            raise HostError("not_your_turn", f"seat {seat.seat} need not act now")
        action = self._plain(action, "action")
        if action not in game.legal_actions(seat.seat):
            self._explain_illegal(game, seat.seat, action)
        step = len(game.action_log)
        try:
            events = game.apply(seat.seat, copy.deepcopy(action))
            table.state = OVER if game.is_over() else PLAYING
            self.store.append_action(table, step, seat.seat, action)
        except IllegalAction as exc:  # the engine leaves the game untouched
            raise HostError("illegal_action", str(exc) or "illegal action") from None
        except Exception:
            # Not on disk, so not played: rebuild the game as it was (rare; no snapshot per move).
            table.engine_game = engine.replay(table.game, seats=len(table.seats), seed=table.seed,
                                              options=table.options, log=game.action_log[:step])
            table.state = PLAYING
            raise
        return events

    def _explain_illegal(self, game: Game, seat: int, action: dict[str, Any]) -> NoReturn:
        """Raise ``illegal_action``, with the engine's reason when it has one (tried on a copy only)."""
        trial = engine.restore(game.to_dict())
        try:
            trial.apply(seat, copy.deepcopy(action))
        except IllegalAction as exc:
            raise HostError("illegal_action", str(exc) or "illegal action") from None
        except Exception as exc:
            raise HostError("illegal_action", f"not a legal action: {exc!r}") from None
        raise HostError("illegal_action", "send one of the legal_actions of your view, unchanged")

    def play_again(self, table: Table) -> Table:
        """A new lobby table with the same game, options, players, seats and tokens."""
        if table.state != OVER:
            raise HostError("not_over", f"the game at table {table.code} is not over")
        if table.next_code is not None and table.next_code in self.tables:
            return self.tables[table.next_code]
        new = Table(
            code=self._new_code(), game=table.game, seed=self.seed_source(),
            options=copy.deepcopy(table.options), autostart=table.autostart, created=self._now(),
            seats=[Seat(s.seat, s.name, s.token) for s in table.seats],
        )
        self.store.save_table(new)
        with self._saving(table):
            table.next_code = new.code
        self.tables[new.code] = new
        log.info("table %s: play again at %s", table.code, new.code)
        return new

    # -- restore ----------------------------------------------------------------------------------

    def restore_all(self) -> list[str]:
        """Load every unfinished table from disk, and the finished ones of the last
        :data:`KEEP_FINISHED_SECONDS` (their boards keep the score table and "play again");
        a table that cannot be rebuilt is logged and skipped."""
        loaded = []
        for row in self.store.resumable(finished_since=time.time() - KEEP_FINISHED_SECONDS):
            try:
                table = self._rebuild(row)
            except Exception as exc:
                log.error("table %s could not be restored and is skipped: %s", row.get("code"), exc)
                continue
            self.tables[table.code] = table
            loaded.append(table.code)
        return loaded

    def _rebuild(self, row: dict[str, Any]) -> Table:
        options = json.loads(row["options"])
        seats = [Seat(int(n), name, token) for n, name, token in row["seats"]]
        if [s.seat for s in seats] != list(range(row["seat_count"])):
            raise ValueError("its seats are incomplete")
        table = Table(
            code=row["code"], game=row["game"], seed=int(row["seed"]), options=options, seats=seats,
            autostart=bool(row["autostart"]), state=row["state"], created=float(row["created"]),
            next_code=row["next_code"],
        )
        if table.state in (PLAYING, OVER):
            actions = [[int(seat), json.loads(action)] for _, seat, action in row["actions"]]
            if [int(step) for step, _, _ in row["actions"]] != list(range(len(actions))):
                raise ValueError("its action log has gaps")
            game = engine.replay(table.game, seats=len(seats), seed=table.seed, options=options, log=actions)
            if row["snapshot"] is not None:
                saved = engine.restore(json.loads(row["snapshot"]))
                if _json_copy(saved.to_dict()) != _json_copy(game.to_dict()):
                    raise ValueError("its saved snapshot disagrees with the replay of its action log")
            table.engine_game = game
            if game.is_over():
                table.state = OVER
        elif row["actions"]:
            raise ValueError("a lobby table has actions")
        return table
