"""Tables: creation with a fresh seed, seats and tokens, start, actions, play again, expiry, restore.

Every change is committed to the store before the method returns; a refused request raises
:class:`HostError` and changes nothing. Sockets and rights are not handled here (see ``host.sockets``):
the methods take what the caller knows (the device and address that ask, whether a seat is already held).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import logging
import math
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, NoReturn

import engine
from engine.api import Event, Game, IllegalAction
from engine.bots import LEVELS
from host.config import HostConfig
from host.errors import HostError
from host.model import DAMAGED, EXPIRED, LOBBY, OVER, PLAYER, PLAYING, LogEntry, Seat, Table
from host.names import clean_name
from host.store import SavedTable, Statement, Store, text

log = logging.getLogger("host.tables")

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L, O
CODE_LENGTH = 4
RANDOM_CODE_TRIES = 32  # random draws before the code book is searched in order
CHECKPOINT_EVERY = 50  # actions between two checkpoints (and one when the game ends)
UNLISTED = "send one of the legal_actions of your view, unchanged"
UNSET: Any = object()  # a setting the request did not mention (``None`` may mean "off")


def normalize_code(code: Any) -> str:
    """Upper-case a table code received from a client, or refuse it."""
    if not isinstance(code, str) or not code.strip() or len(code) > 16:
        raise HostError("bad_request", "'code' must be a table code such as 'ABCD'")
    return code.strip().upper()


def state_digest(game: Game) -> str:
    """SHA-256 of the game's saved state (``to_dict``), for checkpoints."""
    data = json.dumps(game.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()


def _is_checkpoint(mark: Any) -> bool:
    return (isinstance(mark, dict) and isinstance(mark.get("step"), int)
            and isinstance(mark.get("sha256"), str))


def _plain_json(data: Any, what: str) -> str:
    """``data`` (a map from a client) as JSON text, or ``bad_request``."""
    if not isinstance(data, dict):
        raise HostError("bad_request", f"'{what}' must be a map")
    try:
        return json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise HostError("bad_request", f"'{what}' must be plain data: {exc}") from None


def seated(table: Table) -> bool:
    """True if a phone holds a seat of ``table`` (a live seat token)."""
    return any(s.token is not None for s in table.seats)


def refuse_damaged(table: Table) -> None:
    """``damaged_table`` for a table that could not be restored: nothing may change it."""
    if table.state == DAMAGED:
        raise HostError("damaged_table", f"table {table.code} could not be restored from the saved games "
                                         f"({table.damage}); the host's log says more")


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values, types included: ``1``, ``1.0`` and ``true`` are three different values
    (Python's ``==`` says they are one)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):  # both are a JSON array
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    return bool(a == b)


@dataclass(frozen=True, slots=True)
class Played:
    """What one accepted action did: its public events, the table's new step and, when it was a choice
    in a simultaneous turn that did not end the turn, the seats the turn still waits for; who chose it."""

    events: list[Event]
    step: int
    choosing: list[int] | None
    by: str = PLAYER


class CodeBook:
    """The table codes in use, each held until a time (``inf`` while its table is live); draws a free
    one, never looping forever: random draws first, then one pass over every code."""

    def __init__(self, held: dict[str, float], clock: Callable[[], float],
                 letters: str | None = None, length: int | None = None) -> None:
        self.letters = letters or CODE_LETTERS
        self.length = length or CODE_LENGTH
        self.held = dict(held)
        self.clock = clock

    @property
    def capacity(self) -> int:
        """How many codes there are."""
        return len(self.letters) ** self.length

    def _make(self, number: int) -> str:
        out = []
        for _ in range(self.length):
            number, digit = divmod(number, len(self.letters))
            out.append(self.letters[digit])
        return "".join(out)

    def _take(self, code: str, now: float) -> bool:
        if self.held.get(code, -math.inf) > now:
            return False
        self.held[code] = math.inf
        return True

    def draw(self) -> str:
        """A free code (now held for a live table), or ``no_free_code``."""
        now = self.clock()
        for _ in range(RANDOM_CODE_TRIES):
            code = self._make(secrets.randbelow(self.capacity))
            if self._take(code, now):
                return code
        start = secrets.randbelow(self.capacity)
        for offset in range(self.capacity):
            code = self._make((start + offset) % self.capacity)
            if self._take(code, now):
                return code
        raise HostError("no_free_code", "every table code is in use; finish or wait for some tables to end")

    def hold(self, code: str, until: float) -> None:
        """``code`` may be drawn again after ``until`` (``inf``: not while its table lives)."""
        self.held[code] = until

    def release(self, code: str) -> None:
        """``code`` may be drawn again at once (its table was never written)."""
        self.held.pop(code, None)


class Tables:
    """Every live table of this host, backed by a :class:`Store`."""

    def __init__(self, store: Store, seed_source: Callable[[], int] | None = None,
                 config: HostConfig | None = None, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.config = config or HostConfig()
        self.limits = self.config.limits
        self.seed_source = seed_source or (lambda: secrets.randbits(62))
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.on_finished: Callable[[Table], Awaitable[object]] | None = None  # e.g. the history's keeper
        self.on_gave_way: Callable[[list[Table]], Awaitable[object]] | None = None  # tables left for room
        reuse = self.limits.code_reuse_seconds
        self.codes = CodeBook({code: last + reuse for code, last in store.codes_in_use().items()}, clock)

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
        """Tables in lobby or playing, newest first, at most ``limits.list_tables`` of them."""
        live = [t for t in self.tables.values() if t.state != OVER]
        live.sort(key=lambda t: t.created, reverse=True)
        return live[: self.limits.list_tables]

    def _now(self) -> float:
        # Strictly increasing, so "newest table" is well defined even within one clock tick.
        latest = max((t.created for t in self.tables.values()), default=0.0)
        return max(self.clock(), latest + 1e-6)

    # -- options ----------------------------------------------------------------------------------

    def _options(self, game: str, options: Any) -> dict[str, Any]:
        """A copy of client-sent ``options``; testing-only ones are ``forbidden`` unless testing."""
        if options is None:
            return {}
        plain: dict[str, Any] = json.loads(_plain_json(options, "options"))
        declared = engine.spec(game)
        for name in plain:
            option = declared.option(name)
            if option is not None and option.testing and not self.config.testing:
                raise HostError("forbidden", f"the option {name!r} is for tests only (start the host with "
                                             f"--testing to accept it)")
        return plain

    def _check_setup(self, game: str, seats: int, seed: int, options: dict[str, Any]) -> Game:
        try:
            return engine.new_game(game, seats=seats, seed=seed, options=copy.deepcopy(options))
        except Exception as exc:  # the engine refuses bad options in its own words
            raise HostError("bad_request", f"the {game} engine refused the options: {exc}") from None

    def _clock(self, value: Any) -> float | None:
        """A table clock from a client: seconds per decision within the allowed range, or ``None`` (off)."""
        if value is None:
            return None
        settings = self.config.bots
        low, high = settings.clock_min_seconds, settings.clock_max_seconds
        if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
                or not low <= value <= high):
            raise HostError("bad_request", f"'clock' must be null (no clock) or seconds per decision from "
                                           f"{low:g} to {high:g}")
        return float(value)

    @staticmethod
    def _flag(value: Any, name: str, default: bool) -> bool:
        if value is None:
            return default
        if not isinstance(value, bool):
            raise HostError("bad_request", f"'{name}' must be true or false")
        return value

    # -- lifecycle --------------------------------------------------------------------------------

    @asynccontextmanager
    async def _saving(self, table: Table) -> AsyncIterator[None]:
        """Undo every change of ``table`` made inside the block if the block (or its save) fails."""
        kept = (table.state, table.options, table.engine_game, table.next_code, table.autostart,
                table.multi_seat, table.clock, table.coach, table.updated, table.ended,
                [dataclasses.replace(s) for s in table.seats])
        try:
            yield
            table.updated = max(table.updated, self.clock())
            await self.store.save_table(table)
        except BaseException:
            (table.state, table.options, table.engine_game, table.next_code, table.autostart,
             table.multi_seat, table.clock, table.coach, table.updated, table.ended, table.seats) = kept
            raise

    async def _room_for(self, creator: str | None) -> None:
        """Refuse a new table over the per-address or total limit. A full host first forgets finished
        tables nobody is connected to (oldest first), then lets a guest's lobby no phone sits at give way
        (:meth:`_lobby_giving_way`). The host's own machine then has ``limits.host_tables`` more room
        beyond the total (guests never fill it, so they cannot lock it out), and past that its own oldest
        empty lobby gives way."""
        limits = self.limits
        trusted = self.config.trusts(creator)
        held = Counter(t.creator for t in self.tables.values() if t.state != OVER)
        if not trusted and held[creator] >= limits.tables_per_address:
            raise HostError("too_many_tables", f"at most {limits.tables_per_address} open tables per "
                                               f"device; finish or leave one first")
        gone: list[Table] = []
        if len(self.tables) >= limits.tables_total:
            finished = sorted((t for t in self.tables.values() if t.state == OVER and not t.connected()),
                              key=lambda t: t.ended or t.created)
            gone += finished[: len(self.tables) - limits.tables_total + 1]
            for table in gone:
                self._forget(table)
        room = limits.tables_total
        lobby = self._lobby_giving_way(creator, trusted, held) if len(self.tables) >= room else None
        if lobby is None and trusted:  # the host's own room beyond the total, then its own oldest lobby
            room += limits.host_tables
            if len(self.tables) >= room:
                empty = [t for t in self.tables.values() if t.state == LOBBY and not seated(t)]
                lobby = min(empty, key=lambda t: t.updated, default=None)
        if lobby is not None:
            await self.store.expire([lobby.code], self.clock())
            self._forget(lobby)
            log.info("table %s: a lobby nobody sat at gave way to a new table", lobby.code)
            gone.append(lobby)
        if gone and self.on_gave_way is not None:
            await self.on_gave_way(gone)
        if len(self.tables) >= room:
            raise HostError("too_many_tables", f"this host holds {limits.tables_total} tables already")

    def _lobby_giving_way(self, creator: str | None, trusted: bool, held: Counter[str | None]
                          ) -> Table | None:
        """A guest's lobby no phone sits at that expires to make room for ``creator``'s new table, if
        any: for the host's own machine the oldest; for a guest the oldest of the address that holds the
        most open tables, when that is at least two more than ``creator`` holds (nobody loses its fair
        share, and a flood of empty lobbies from many addresses locks nobody out)."""
        empty = [t for t in self.tables.values()
                 if t.state == LOBBY and not seated(t) and not self.config.trusts(t.creator)]
        if trusted:
            return min(empty, key=lambda t: t.updated, default=None)
        mine = held[creator]
        fair = [t for t in empty if held[t.creator] >= mine + 2]
        return min(fair, key=lambda t: (-held[t.creator], t.updated), default=None)

    async def create(self, game: Any, options: Any = None, autostart: Any = False, seats: Any = None,
                     multi_seat: Any = False, creator: str | None = None, clock: Any = None,
                     coach: Any = False) -> Table:
        """A new table in the lobby with a seed drawn from the OS."""
        if not isinstance(game, str) or game not in engine.kinds():
            raise HostError("bad_request", f"unknown game {game!r}; known: {engine.kinds()}")
        options = self._options(game, options)
        autostart = self._flag(autostart, "autostart", False)
        multi_seat = self._flag(multi_seat, "multi_seat", False)
        turn_clock = self._clock(clock)
        coached = self._flag(coach, "coach", False)
        declared = engine.spec(game)
        seats = declared.default_seats if seats is None else seats
        if not declared.accepts_seats(seats):
            raise HostError("bad_request",
                            f"'seats' of {game} must be from {declared.min_seats} to {declared.max_seats}")
        await self._room_for(creator)
        seed = self.seed_source()
        self._check_setup(game, seats, seed, options)
        now = self._now()
        table = Table(
            code=self.codes.draw(), game=game, seed=seed, options=options, autostart=autostart,
            multi_seat=multi_seat, seats=[Seat(i) for i in range(seats)], created=now, updated=now,
            board_key=secrets.token_urlsafe(18), creator=creator, clock=turn_clock, coach=coached,
        )
        try:
            await self.store.create_table(table)
        except BaseException:
            self.codes.release(table.code)
            raise
        self.tables[table.code] = table
        log.info("table %s created (%s)", table.code, game)
        return table

    async def configure(self, table: Table, options: Any = None, seats: Any = None, autostart: Any = None,
                        multi_seat: Any = None, clock: Any = UNSET, coach: Any = None) -> None:
        """Change a lobby table's settings (the board's right); ``clock`` only when given (``None``: off),
        ``coach`` only when not ``None``."""
        refuse_damaged(table)
        if table.state != LOBBY:
            raise HostError("already_started", f"table {table.code} has already started")
        turn_clock = table.clock if clock is UNSET else self._clock(clock)
        coached = self._flag(coach, "coach", table.coach)
        new_options = table.options if options is None else self._options(table.game, options)
        declared = engine.spec(table.game)
        count = len(table.seats) if seats is None else seats
        if not declared.accepts_seats(count):
            raise HostError("bad_request", f"'seats' of {table.game} must be from {declared.min_seats} "
                                           f"to {declared.max_seats}")
        if any(s.taken for s in table.seats[count:]):
            raise HostError("bad_request", f"seat {count + 1} or higher is taken; release it first")
        self._check_setup(table.game, count, table.seed, new_options)
        async with self._saving(table):
            table.options = new_options
            table.seats = table.seats[:count] + [Seat(i) for i in range(len(table.seats), count)]
            table.autostart = self._flag(autostart, "autostart", table.autostart)
            table.multi_seat = self._flag(multi_seat, "multi_seat", table.multi_seat)
            table.clock = turn_clock
            table.coach = coached

    async def join(self, table: Table, name: Any, seat_no: Any = None, *, holding: Seat | None = None,
                   token: str | None = None, address: str | None = None, device: str | None = None) -> Seat:
        """Seat a player: the seat the asking socket already holds (``holding``), else the seat this
        ``device`` already holds (its join was saved but its ack may have been lost), else ``seat_no``,
        else the first free one. Without the table's ``multi_seat``, a second seat is refused to a socket
        holding one, to a phone whose seat ``token`` holds one and to a ``device`` that holds one; the
        network ``address`` is recorded only (phones behind one address each take a seat)."""
        refuse_damaged(table)
        clean = clean_name(name)
        if seat_no is not None and (not isinstance(seat_no, int) or isinstance(seat_no, bool)):
            raise HostError("bad_request", "'seat' must be a seat number")
        if holding is not None and seat_no in (None, holding.seat):
            async with self._saving(table):
                holding.name = clean
            return holding
        mine = self._seat_of_device(table, device) if holding is None and not table.multi_seat else None
        if mine is not None and seat_no in (None, mine.seat):
            async with self._saving(table):
                mine.name = clean
            return mine
        if seat_no is not None:
            if not 0 <= seat_no < len(table.seats) or table.seats[seat_no].taken:
                raise HostError("seat_taken", f"seat {seat_no} is not free at table {table.code}")
            seat = table.seats[seat_no]
        else:
            free = table.free_seats()
            if not free:
                raise HostError("table_full", f"every seat of table {table.code} is taken")
            seat = free[0]
        if not table.multi_seat:
            self._one_seat(table, holding, token, device)
        async with self._saving(table):
            seat.name = clean
            seat.token = secrets.token_urlsafe(16)
            seat.address, seat.device = address, device
            if seat.takeover:  # a bot kept this released seat warm: the new phone plays it from now on
                seat.bot, seat.takeover = None, False
                seat.changed_hands()
            if table.autostart and table.state == LOBBY and not table.free_seats():
                self._set_up(table, table.options)  # saved with the seat: no full table stuck in the lobby
        return seat

    @staticmethod
    def _seat_of_device(table: Table, device: str | None) -> Seat | None:
        """The seat of ``table`` a phone of ``device`` holds (a live seat token), if any."""
        if device is None:
            return None
        return next((s for s in table.seats if s.token is not None and s.device == device), None)

    def _one_seat(self, table: Table, holding: Seat | None, token: str | None, device: str | None) -> None:
        message = f"this phone already holds a seat at table {table.code}; one phone, one seat"
        if holding is not None or (token is not None and any(s.token == token for s in table.seats)):
            raise HostError("already_seated", message)
        if self._seat_of_device(table, device) is not None:
            raise HostError("already_seated", message)

    async def start(self, table: Table, options: Any = None) -> None:
        """Set up the game once every seat is taken."""
        refuse_damaged(table)
        if table.state != LOBBY:
            raise HostError("already_started", f"table {table.code} has already started")
        if table.free_seats():
            raise HostError("not_ready", f"table {table.code} still has a free seat")
        new_options = table.options if options is None else self._options(table.game, options)
        async with self._saving(table):
            self._set_up(table, new_options)

    def _set_up(self, table: Table, options: dict[str, Any]) -> None:
        """Set up the game of a full lobby table (inside the caller's :meth:`_saving`)."""
        game = self._check_setup(table.game, len(table.seats), table.seed, options)
        table.options, table.engine_game, table.state = options, game, PLAYING
        table.history, table.turn_actions = [], {}
        if game.is_over():
            table.state, table.ended = OVER, self.clock()
        log.info("table %s started", table.code)

    async def start_due(self) -> list[Table]:
        """Start every autostart lobby table whose seats are all taken (a host stopped between a join and
        its start, or restored from an older host, left it so); the tables started."""
        due = [t for t in self.tables.values() if t.state == LOBBY and t.autostart and not t.free_seats()]
        started = []
        for table in due:
            try:
                async with table.lock:
                    await self.start(table)
            except Exception as exc:
                log.error("table %s: its autostart at restore failed (%s); it waits in the lobby",
                          table.code, exc)
                continue
            started.append(table)
        return started

    def _seat_number(self, table: Table, seat_no: Any) -> Seat:
        if not isinstance(seat_no, int) or isinstance(seat_no, bool) or not 0 <= seat_no < len(table.seats):
            raise HostError("bad_request", "'seat' must be a seat number of the table")
        return table.seats[seat_no]

    async def release(self, table: Table, seat_no: Any) -> Seat:
        """Make a seat's token stale so another device may join it. A bot filling the seat leaves too,
        except a take-over's bot: it keeps the seat warm until a new phone joins it."""
        refuse_damaged(table)
        seat = self._seat_number(table, seat_no)
        async with self._saving(table):
            seat.token = seat.address = seat.device = None
            if seat.bot is not None and not seat.takeover:
                seat.bot = None
                seat.changed_hands()
            if table.state == LOBBY:
                seat.name = None
        return table.seats[seat_no]

    def takeover_wait(self, table: Table, seat: Seat, now: float) -> float | None:
        """Seconds until the board may hand ``seat`` to a bot (0: now), ``None`` if it cannot be: the
        table is not playing, a bot plays the seat already, or its phone is connected. ``now`` is
        ``time.monotonic()``; a released seat (no token) may be handed over at once."""
        if table.state != PLAYING or seat.bot is not None or seat.connected:
            return None
        if seat.token is None:
            return 0.0
        return max(0.0, seat.away_since + self.config.bots.takeover_after_seconds - now)

    async def set_bot(self, table: Table, seat_no: Any, level: Any) -> Seat:
        """The board makes a seat a bot of ``level`` or (``None``) no bot.

        In the lobby: a free seat (or a bot's) becomes a bot seat, or a free seat again. In game: a seat
        whose phone has been away for the take-over delay (or that was released) is handed to a bot, a
        bot's level changes, or ``None`` ends a take-over (the seat waits for its phone) or frees a bot's
        seat for a new phone."""
        refuse_damaged(table)
        seat = self._seat_number(table, seat_no)
        if level is not None and (not isinstance(level, str) or level not in LEVELS):
            raise HostError("bad_request", f"'level' must be one of {', '.join(LEVELS)}, or null for no bot")
        if table.state == OVER:
            raise HostError("game_over", f"the game at table {table.code} is over")
        if seat.bot == level:
            return seat
        if level is not None and seat.bot is None:
            self._room_for_bot(table)
        if table.state == LOBBY:
            if seat.token is not None:
                raise HostError("seat_taken", f"a phone holds seat {seat.seat}; release it first")
            async with self._saving(table):
                seat.bot, seat.takeover, seat.name = level, False, None
                seat.changed_hands()
            return seat
        if level is not None and seat.bot is None:
            wait = self.takeover_wait(table, seat, time.monotonic())
            if wait is None:
                raise HostError("not_away", f"the phone of seat {seat.seat} is connected; a bot may take "
                                            f"over only a phone that is away")
            if wait > 0:
                raise HostError("not_away", f"the phone of seat {seat.seat} has been away only a moment; "
                                            f"a bot may take over in {math.ceil(wait)} s",
                                retry_after=round(wait, 3))
        async with self._saving(table):
            if seat.bot is None:
                seat.takeover = True
            seat.bot = level
            if level is None:
                seat.takeover = False
            seat.changed_hands()
        return seat

    def _room_for_bot(self, table: Table) -> None:
        """Refuse one more bot over the bound of bots at the live tables of the table's creator (the
        host's own machine is not bound): bots cost the workers every table shares."""
        bound = self.limits.bot_seats_per_device
        if self.config.trusts(table.creator):
            return
        bots = sum(1 for t in self.tables.values() if t.creator == table.creator and t.state != OVER
                   for s in t.seats if s.bot is not None)
        if bots >= bound:
            raise HostError("too_many_bots", f"the tables of one device seat at most {bound} bots; free a "
                                             f"bot seat or finish a table first")

    async def hand_back(self, table: Table, seat: Seat) -> bool:
        """The seat's phone is back: a take-over ends (True) and the player plays again."""
        if not seat.takeover:
            return False
        async with self._saving(table):
            seat.bot, seat.takeover = None, False
            seat.changed_hands()
        return True

    async def act(self, table: Table, seat: Seat, action: Any, by: str = PLAYER) -> Played:
        """Apply one action of ``seat`` (chosen ``by`` its phone, a bot or the clock); it is on disk when
        this returns."""
        refuse_damaged(table)
        if table.state == LOBBY or table.engine_game is None:
            raise HostError("not_started", f"table {table.code} has not started")
        if table.state == OVER:
            raise HostError("game_over", f"the game at table {table.code} is over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise HostError("bad_request", "'action' must be a map with a 'type'")
        game = table.engine_game
        to_act = game.to_act()
        if seat.seat not in to_act:
            raise HostError("not_your_turn", f"seat {seat.seat} need not act now")
        action = json.loads(_plain_json(action, "action"))
        legal = game.legal_actions(seat.seat)
        listed = next((a for a in legal if same_json(a, action)), None)
        if listed is None:
            self._explain_illegal(table, seat.seat, action, legal)
        action = listed  # the engine's own entry: exact types
        simultaneous = len(to_act) > 1
        if simultaneous and table.turn_actions.get(seat.seat, 0) >= self.limits.changes_per_turn:
            raise HostError("too_many_changes", f"seat {seat.seat} changed its choice "
                                                f"{self.limits.changes_per_turn} times this turn; "
                                                f"wait for the others")
        waiting_before = game.waiting() if simultaneous else []
        step = table.step
        try:
            events = game.apply(seat.seat, copy.deepcopy(action))
        except IllegalAction as exc:  # the engine leaves the game untouched
            raise HostError("illegal_action", str(exc) or "illegal action") from None
        except Exception:
            self._rebuild_game(table, step)
            raise
        kept = (table.state, table.ended, table.updated, table.checkpoint, dict(table.turn_actions))
        over = game.is_over()
        now = self.clock()
        table.updated = now
        if over:
            table.state, table.ended = OVER, now
        checkpoint = None
        if over or (step + 1) % CHECKPOINT_EVERY == 0:
            checkpoint = json.dumps({"step": step + 1, "sha256": state_digest(game)})
            table.checkpoint = checkpoint
        choosing = self._count_turn(table, seat.seat, game, to_act, waiting_before) if simultaneous else None
        if not simultaneous:
            table.turn_actions.clear()
        table.history.append(LogEntry(step + 1, seat.seat, events, by))
        seat.changed_hands()
        try:
            await self.store.append_action(table, step, seat.seat, action, ended=over, checkpoint=checkpoint,
                                           by=by)
        except BaseException:
            # Not on disk, so not played: rebuild the game as it was (rare; no copy before every move).
            del table.history[step:]
            table.state, table.ended, table.updated, table.checkpoint, table.turn_actions = kept
            self._rebuild_game(table, step)
            raise
        if over:
            await self._finished(table)
        return Played(events, step + 1, choosing, by)

    async def _finished(self, table: Table) -> None:
        """Tell ``on_finished`` that the game of ``table`` ended; its failure is logged, the move stands."""
        if self.on_finished is None:
            return
        try:
            await self.on_finished(table)
        except Exception:
            log.exception("table %s: keeping its finished game in the history failed", table.code)

    @staticmethod
    def _count_turn(table: Table, seat: int, game: Game, to_act: list[int],
                    waiting_before: list[int]) -> list[int] | None:
        """Count ``seat``'s action in its simultaneous turn; the seats still waited for when the turn
        goes on, None when the action ended it (another seat must choose again, or the turn's seats
        changed)."""
        waiting = game.waiting()
        before = set(waiting_before)
        ended = game.to_act() != to_act or any(s != seat and s not in before for s in waiting)
        if ended:
            table.turn_actions.clear()
            return None
        table.turn_actions[seat] = table.turn_actions.get(seat, 0) + 1
        return waiting

    def _rebuild_game(self, table: Table, step: int) -> None:
        """Replace the table's game by the replay of its first ``step`` logged actions."""
        assert table.engine_game is not None
        played = table.engine_game.action_log[:step]
        table.engine_game = engine.replay(table.game, seats=len(table.seats), seed=table.seed,
                                          options=table.options, log=played)
        table.state = OVER if table.engine_game.is_over() else PLAYING

    def _explain_illegal(self, table: Table, seat: int, action: dict[str, Any],
                         legal: list[dict[str, Any]]) -> NoReturn:
        """Raise ``illegal_action`` with a reason, never copying or rebuilding the game: the host says
        what is wrong with the action's type or fields; an action shaped like a legal one is given to the
        engine, whose refusal (the game untouched) gives the rules' reason."""
        kind = action["type"]
        same = [a for a in legal if a.get("type") == kind]
        if not same:
            possible = ", ".join(sorted({str(a.get("type")) for a in legal})) or "none"
            raise HostError("illegal_action", f"no {kind!r} action now (possible: {possible})")

        def shape(a: dict[str, Any]) -> tuple[tuple[str, str], ...]:
            return tuple(sorted((k, type(v).__name__) for k, v in a.items()))

        if shape(action) not in {shape(a) for a in same}:
            fields = ", ".join(sorted(same[0]))
            raise HostError("illegal_action", f"a {kind!r} action has the fields {fields}; send one of "
                                              f"your legal_actions unchanged")
        game = table.engine_game
        assert game is not None
        step = table.step
        try:
            game.apply(seat, copy.deepcopy(action))
        except IllegalAction as exc:
            raise HostError("illegal_action", str(exc) or "illegal action") from None
        except Exception as exc:
            log.error("table %s: the engine failed on an unlisted action of seat %s: %r",
                      table.code, seat, exc)
            self._rebuild_game(table, step)
            raise HostError("illegal_action", UNLISTED) from None
        log.error("table %s: the engine accepted an action it does not list; undone", table.code)
        self._rebuild_game(table, step)
        raise HostError("illegal_action", UNLISTED)

    async def play_again(self, table: Table) -> Table:
        """A new lobby table with the same game, options, settings, players, seats and tokens."""
        refuse_damaged(table)
        if table.state != OVER:
            raise HostError("not_over", f"the game at table {table.code} is not over")
        if table.next_code is not None and table.next_code in self.tables:
            return self.tables[table.next_code]
        await self._room_for(table.creator)
        now = self._now()
        new = Table(
            code=self.codes.draw(), game=table.game, seed=self.seed_source(),
            options=copy.deepcopy(table.options), autostart=table.autostart, multi_seat=table.multi_seat,
            created=now, updated=now, board_key=table.board_key, creator=table.creator, clock=table.clock,
            coach=table.coach,
            seats=[Seat(s.seat, s.name, s.token, s.address, device=s.device) if s.bot is None or s.takeover
                   else Seat(s.seat, bot=s.bot) for s in table.seats],
        )
        try:
            await self.store.create_table(new)
            async with self._saving(table):
                table.next_code = new.code
        except BaseException:
            self.codes.release(new.code)
            raise
        self.tables[new.code] = new
        log.info("table %s: play again at %s", table.code, new.code)
        return new

    # -- leaving memory ---------------------------------------------------------------------------

    def _forget(self, table: Table) -> None:
        """Drop ``table`` from memory (its rows stay on disk; its code is held until reusable)."""
        self.tables.pop(table.code, None)
        last = max(table.ended or 0.0, table.updated, self.clock() if table.state == LOBBY else 0.0)
        self.codes.hold(table.code, last + self.limits.code_reuse_seconds)
        log.info("table %s left memory (%s)", table.code, table.state)

    def _lobby_expired(self, table: Table, now: float, in_use: bool) -> bool:
        """True for a lobby no phone has sat at for ``limits.lobby_unseated_seconds`` since its last
        change (watched or not), or idle for ``limits.lobby_idle_seconds`` and not ``in_use``."""
        if table.state != LOBBY:
            return False
        idle = now - table.updated
        return (idle > self.limits.lobby_unseated_seconds and not seated(table)) or (
            idle > self.limits.lobby_idle_seconds and not in_use)

    async def sweep(self, in_use: Callable[[Table], bool]) -> list[Table]:
        """Expire lobbies nobody sits at or uses (see :meth:`_lobby_expired`), drop finished tables
        ``limits.finished_grace_seconds`` after their game ended; the tables dropped."""
        now = self.clock()
        limits = self.limits
        idle = [t for t in self.tables.values() if self._lobby_expired(t, now, in_use(t))]
        done = [t for t in self.tables.values()
                if t.state == OVER and now - (t.ended or t.created) > limits.finished_grace_seconds]
        if idle:
            await self.store.expire([t.code for t in idle], now)
        for table in idle + done:
            self._forget(table)
        return idle + done

    # -- restore ----------------------------------------------------------------------------------

    def restore_all(self) -> list[str]:
        """Load every unfinished table from disk, and the finished ones within their grace period
        (their boards keep the score table and "play again"); a table that cannot be rebuilt is logged
        and skipped, the others are served."""
        loaded = []
        since = self.clock() - self.limits.finished_grace_seconds
        keys: list[Statement] = []
        for saved in self.store.resumable(finished_since=since):
            try:
                table = self._rebuild(saved)
            except Exception as exc:
                table = self._damaged(saved, str(exc) or type(exc).__name__)
                if table.code in self.tables:
                    continue
                log.error("table %s could not be restored (%s): it is shown as damaged (error code "
                          "damaged_table) and its saved rows are kept as they are", table.code, table.damage)
                self.tables[table.code] = table
                self.codes.hold(table.code, math.inf)
                loaded.append(table.code)
                continue
            if self._lobby_expired(table, self.clock(), in_use=False):  # expired while the host was down
                keys.append(("UPDATE tables SET state = ?, updated = ? WHERE code = ? AND state = ?",
                             (EXPIRED, self.clock(), table.code, LOBBY)))
                self.codes.hold(table.code, self.clock() + self.limits.code_reuse_seconds)
                log.info("table %s: a lobby nobody sat at, expired while the host was stopped", table.code)
                continue
            if not table.board_key:  # saved by a host without board keys
                table.board_key = secrets.token_urlsafe(18)
                keys.append(("UPDATE tables SET board_key = ? WHERE code = ?", (table.board_key, table.code)))
            self.tables[table.code] = table
            self.codes.hold(table.code, math.inf)
            loaded.append(table.code)
        if keys:
            self.store.write_now(keys)
        return loaded

    def _damaged(self, saved: SavedTable, reason: str) -> Table:
        """The stand-in of a saved table that could not be rebuilt: its code, what can be read of its
        game kind and creation time, state :data:`DAMAGED` with the reason; no seats, no game."""
        def readable(name: str) -> str:
            raw = saved.fields.get(name)
            return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw or "")

        try:
            created = float(saved.fields.get("created") or 0.0)
        except (TypeError, ValueError):
            created = 0.0
        return Table(code=readable("code") or "?", game=readable("game") or "?", seed=0, options={},
                     seats=[], board_key="", creator=None, state=DAMAGED, created=created, updated=created,
                     damage=reason[:200])

    def _rebuild(self, saved: SavedTable) -> Table:
        f = saved.fields
        code, game_kind, state = text(f["code"], "code"), text(f["game"], "game"), text(f["state"], "state")
        if not code or not game_kind or state not in (LOBBY, PLAYING, OVER):
            raise ValueError("its code, game or state is missing or unknown")
        options = json.loads(text(f["options"], "options") or "")
        if not isinstance(options, dict):
            raise ValueError("its options are not a map")
        seats = [Seat(int(n), text(name, "name"), text(token, "token"), text(address, "address"),
                      bot=_saved_level(text(bot, "bot")), takeover=bool(takeover),
                      device=text(device, "device"))
                 for n, name, token, address, bot, takeover, device in saved.seats]
        if [s.seat for s in seats] != list(range(int(f["seat_count"]))):
            raise ValueError("its seats are incomplete")
        created = float(f["created"])
        table = Table(
            code=code, game=game_kind, seed=int(f["seed"]), options=options, seats=seats,
            board_key=text(f["board_key"], "board_key") or "", autostart=bool(f["autostart"]),
            multi_seat=bool(f["multi_seat"]), creator=text(f["creator"], "creator"), state=state,
            created=created, updated=float(f["updated"] or created),
            ended=None if f["ended"] is None else float(f["ended"]),
            next_code=text(f["next_code"], "next_code"), checkpoint=text(f["snapshot"], "snapshot"),
            clock=None if f["clock"] is None else float(f["clock"]), coach=bool(f["coach"]),
        )
        if table.state in (PLAYING, OVER):
            self._replay_into(table, saved.actions)
        elif saved.actions:
            raise ValueError("a lobby table has actions")
        return table

    def _replay_into(self, table: Table, rows: list[tuple[Any, ...]]) -> None:
        """Rebuild the game and its public log from the action log, checking the checkpoint."""
        played = [[int(seat), json.loads(text(action, "action") or "")] for _, seat, action, _ in rows]
        chosen_by = [text(by, "chosen_by") or PLAYER for *_, by in rows]
        if [int(step) for step, *_ in rows] != list(range(len(played))):
            raise ValueError("its action log has gaps")
        mark = json.loads(table.checkpoint) if table.checkpoint is not None else None
        legacy = isinstance(mark, dict) and "kind" in mark  # a full snapshot written by an older host
        if mark is not None and not legacy and not _is_checkpoint(mark):
            raise ValueError("its checkpoint is damaged")
        check_at, expected = (mark["step"], mark["sha256"]) if mark is not None and not legacy else (-1, "")
        game = engine.replay(table.game, seats=len(table.seats), seed=table.seed, options=table.options,
                             log=[])
        for step, (seat, action) in enumerate(played, start=1):
            events = game.apply(seat, action)
            table.history.append(LogEntry(step, seat, events, chosen_by[step - 1]))
            if step == check_at and state_digest(game) != expected:
                log.warning("table %s: its replay disagrees with its checkpoint at step %d (the engine "
                            "changed, or the file was edited); the action log wins", table.code, step)
        if legacy:
            assert mark is not None
            saved = engine.restore(mark)
            if json.loads(json.dumps(saved.to_dict())) != json.loads(json.dumps(game.to_dict())):
                raise ValueError("its saved snapshot disagrees with the replay of its action log")
        table.engine_game = game
        if game.is_over():
            table.state = OVER
            table.ended = table.ended or table.updated


def _saved_level(level: str | None) -> str | None:
    """A bot level read from disk; an unknown one (a level since renamed) becomes ``easy``."""
    if level is None or level in LEVELS:
        return level
    log.warning("a saved bot of unknown level %r plays as easy", level)
    return "easy"
