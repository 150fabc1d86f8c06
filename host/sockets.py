"""The Socket.IO side of the host: one handler per event of docs/protocol.md, rights, limits, broadcasts.

Every handler is wrapped: a malformed, refused or rate-limited request gets an error ack and changes
nothing; no exception escapes into python-socketio. The changes of one table are ordered by the table's
lock (a change and its commit end before the next starts). Messages are computed right after each change
and sent by one ordered chain of tasks, so acks go out before the broadcasts they cause and no client sees
states out of order.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from typing import Any, NamedTuple

import engine
from engine.api import Action, GameSpec
from engine.bots.seeds import derive_seed
from host.autoplay import Autoplay
from host.botpool import SUGGEST, BotFailed, Question, Ticket
from host.config import HostConfig
from host.connections import SEAT, WATCH, Client, Connections, Handler, Message, room_all, room_watch
from host.errors import HostError
from host.limits import RateLimiter
from host.model import DAMAGED, LOBBY, OVER, PLAYER, PLAYING, BotReason, Seat, Table
from host.pairing import Claimed, Pairing, PairingSecret
from host.replays import Replays
from host.sentviews import SentViews
from host.tables import UNSET, Played, Tables

log = logging.getLogger("host.sockets")

BOT_REASON = "bot_reason"  # the notice telling why a bot played its move (a table with the coach on)


class ListingCache(NamedTuple):
    """The last ``list_tables`` answer: the tables' version it shows, when it was made, the payloads."""

    version: int
    made: float
    tables: list[dict[str, Any]]


def _same_key(given: Any, key: str) -> bool:
    return isinstance(given, str) and bool(key) and hmac.compare_digest(given.encode(), key.encode())


class Hub:
    """The Socket.IO server bound to a :class:`Tables`."""

    def __init__(self, tables: Tables, base_urls: list[str] | None = None,
                 config: HostConfig | None = None) -> None:
        self.tables = tables
        self.config = config or HostConfig()
        limits = self.config.limits
        self.base_urls = list(base_urls or [])
        self.connections = Connections(self.config)
        self.clients = self.connections.clients
        self.watchers = self.connections.watchers
        self.sio = self.connections.sio
        self.send = self.connections.send
        self.specs: dict[str, GameSpec] = {}
        self.sent_views = SentViews()  # what each client holds of its view: the base of its next patch
        self.listed: ListingCache | None = None
        self.list_version = 0  # moves whenever a table's public data may have changed
        self.coach_rate = RateLimiter(limits.coach_burst, limits.coach_rate)  # per table and seat
        self.coaching: set[str] = set()  # the table and seat of every hint being thought of now
        self.sio.on("connect", self._on_connect)
        self.sio.on("disconnect", self._on_disconnect)
        for name, handler in {
            "list_tables": self.list_tables, "table_info": self.table_info, "create_table": self.create_table,
            "watch": self.watch, "history": self.history, "join": self.join, "configure": self.configure,
            "start": self.start, "act": self.act, "play_again": self.play_again,
            "release_seat": self.release_seat, "set_bot": self.set_bot, "resend_view": self.resend_view,
            "replay": self.replay, "suggest": self.suggest, **self._host_phone_events(),
        }.items():
            self.connections.on(name, handler)
        self.sweeper: asyncio.Task[None] | None = None
        self.autoplay = Autoplay(tables, self.config.bots, self)
        tables.on_gave_way = self.tables_left
        self.replays: Replays | None = None  # set by host.app once the history is open
        self.pairing = Pairing()

    # -- plumbing ---------------------------------------------------------------------------------

    def note_host(self, host: str | None) -> None:
        """Remember the first Host header seen when no LAN address was configured."""
        if not self.base_urls and host:
            self.base_urls.append(f"http://{host}")

    @property
    def closing(self) -> bool:
        """The host is stopping: every event is refused, bots play no more."""
        return self.connections.closing

    @closing.setter
    def closing(self, value: bool) -> None:
        self.connections.closing = value

    async def drain(self) -> None:
        """Wait until every queued message was handed to the transport."""
        await self.connections.drain()

    # -- payloads ---------------------------------------------------------------------------------

    def table_payload(self, table: Table) -> dict[str, Any]:
        """The ``table`` event payload (public data only: public options, no board key)."""
        if table.state == DAMAGED:
            return self.damaged_payload(table)
        bases = self.base_urls or [""]
        declared = self._spec(table.game)
        now = time.monotonic()
        return {
            "code": table.code, "game": table.game, "title": declared.title, "state": table.state,
            "seats": [self._seat_payload(table, s, now) for s in table.seats],
            "free_seats": sum(1 for s in table.seats if not s.taken),
            "options": declared.public_options(table.options), "autostart": table.autostart,
            "multi_seat": table.multi_seat, "clock": table.clock, "coach": table.coach,
            "join_url": f"{bases[0]}/t/{table.code}",
            "join_urls": [f"{b}/t/{table.code}" for b in bases],
            "board_url": f"{bases[0]}/board/{table.code}", "qr_url": f"/qr/{table.code}.svg",
            "next_code": table.next_code, **self._host_phone_fields(table),
        }

    @staticmethod
    def damaged_payload(table: Table) -> dict[str, Any]:
        """The ``table`` payload of a table that could not be restored: its state ``damaged`` and the
        error code ``damaged_table`` with the reason (nothing else of it can be trusted)."""
        return {"code": table.code, "game": table.game, "title": table.game, "state": table.state,
                "seats": [], "free_seats": 0, "options": {}, "autostart": False, "multi_seat": False,
                "clock": None, "coach": False, "join_url": "", "join_urls": [], "board_url": "", "qr_url": "",
                "next_code": None, "error": "damaged_table", "message": table.damage}

    def _seat_payload(self, table: Table, seat: Seat, now: float) -> dict[str, Any]:
        wait = self.tables.takeover_wait(table, seat, now)
        return {"seat": seat.seat, "name": seat.name, "taken": seat.taken, "connected": seat.connected,
                "bot": seat.bot, "takeover": seat.takeover,
                "takeover_in": None if wait is None else round(wait, 1)}

    def clock_payload(self, table: Table) -> dict[str, Any]:
        """The ``clock`` event payload: the time left to each seat the table's clock runs for."""
        now = time.monotonic()
        running = sorted(table.autoplay.deadlines.items())
        return {"code": table.code, "step": table.step, "seconds": table.clock,
                "clocks": [{"seat": s, "remaining": round(max(0.0, d - now), 1)} for s, d in running]}

    def _spec(self, kind: str) -> GameSpec:
        """The declared facts of a game kind (kept once read: they never change while running)."""
        declared = self.specs.get(kind)
        if declared is None:
            declared = self.specs[kind] = engine.spec(kind)
        return declared

    def view_payload(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The ``view`` event payload of ``seat`` (None: the board's public view)."""
        game = table.engine_game
        view = None if game is None else game.view(seat)
        legal: list[Any] = []
        if game is not None and seat is not None and table.state != OVER and seat in game.to_act():
            legal = game.legal_actions(seat)
        return {"code": table.code, "seat": seat, "step": table.step, "view": view, "legal_actions": legal}

    @staticmethod
    def history_payload(table: Table) -> dict[str, Any]:
        """The table's public game log (``history``)."""
        return {"code": table.code, "step": table.step, "entries": [e.payload() for e in table.history]}

    def table_messages(self, table: Table) -> list[Message]:
        """``table`` to everyone at the table."""
        self.list_version += 1
        return [Message("table", self.table_payload(table), room_all(table.code))]

    def view_messages(self, table: Table, actor: str | None = None) -> list[Message]:
        """Each seated socket's view and the watchers' public view, as patches against what each holds;
        a seat whose view did not change gets nothing (but ``actor``, the socket that just acted)."""
        out = [m for s in table.seats if s.sid is not None
               for m in self._view_update(table, s.seat, s.sid, s.sid, quiet=s.sid != actor)]
        if self.watchers.get(table.code):
            room = room_watch(table.code)
            out += self._view_update(table, None, room, room, quiet=False)
        return out

    def _view_update(self, table: Table, seat: int | None, to: str, recipient: str, *, quiet: bool,
                     skip: str | None = None) -> list[Message]:
        """``view_patch`` (or ``view``, when a patch would not be smaller or ``recipient`` holds nothing)
        bringing ``recipient`` to ``seat``'s current view; nothing when ``quiet`` and it is unchanged."""
        payload = self.view_payload(table, seat)
        doc = {"view": payload["view"], "legal_actions": payload["legal_actions"]}
        update = self.sent_views.update(recipient, doc)
        if update.ops is None:
            return [Message("view", {**payload, "version": update.version}, to, skip)]
        if quiet and update.unchanged:
            return []
        return [Message("view_patch", {"code": table.code, "seat": seat, "step": payload["step"],
                                       "base": update.base, "version": update.version, "ops": update.ops},
                        to, skip)]

    def full_view(self, table: Table, seat: int | None, sid: str) -> list[Message]:
        """The whole ``view`` of ``seat`` to socket ``sid``, the base of its next patches. A watcher shares
        its table's watch room baseline: when the public view moved on since the room's last update, the
        other watchers get that update first, so that every watcher holds the same version."""
        payload = self.view_payload(table, seat)
        doc = {"view": payload["view"], "legal_actions": payload["legal_actions"]}
        if seat is not None or sid not in self.watchers.get(table.code, ()):
            return [Message("view", {**payload, "version": self.sent_views.full(sid, doc)}, sid)]
        room = room_watch(table.code)
        out: list[Message] = []
        held = self.sent_views.current(room)
        if held is None or len(self.watchers[table.code]) == 1:
            self.sent_views.full(room, doc)
        elif held.doc != doc:
            out = self._view_update(table, None, room, room, quiet=True, skip=sid)
        version = self.sent_views.sent[room].version
        return [*out, Message("view", {**payload, "version": version}, sid)]

    def played_messages(self, table: Table, seat: Seat, played: Played) -> list[Message]:
        """What one action sends: ``events`` to everyone; then every view, or, for a choice that did not
        end a simultaneous turn, the actor's view and ``choosing`` to everyone else."""
        out = [Message("events", {"code": table.code, "seat": seat.seat, "step": played.step,
                                  "events": played.events, "by": played.by}, room_all(table.code))]
        if played.choosing is None:
            out += self.view_messages(table, actor=seat.sid)
        else:
            if seat.sid is not None:
                out += self._view_update(table, seat.seat, seat.sid, seat.sid, quiet=False)
            out.append(Message("choosing", {"code": table.code, "step": played.step,
                                            "waiting": played.choosing}, room_all(table.code), seat.sid))
            self._chose(table, seat, played.choosing)
        if table.state == OVER:
            out += self.table_messages(table)
        return out

    def _chose(self, table: Table, actor: Seat, waiting: list[int]) -> None:
        """Every client but ``actor``'s got ``choosing``: their baselines change as their documents do."""
        for other in table.seats:
            if other.sid is not None and other.sid != actor.sid:
                self.sent_views.chose(other.sid, waiting)
        self.sent_views.chose(room_watch(table.code), waiting)

    def welcome(self, table: Table, sid: str, seat: int | None) -> list[Message]:
        """What a socket gets when it starts watching, joins or rebinds: ``table``, its ``view``,
        ``history`` (and ``clock`` when the table's clock runs, ``replay`` when its replay runs)."""
        running = self.replays.running(table.code) if self.replays is not None else None
        return [Message("table", self.table_payload(table), sid), *self.full_view(table, seat, sid),
                Message("history", self.history_payload(table), sid), *self._clock_for(table, sid),
                *([Message("replay", running, sid)] if running is not None else [])]

    def _clock_for(self, table: Table, to: str) -> list[Message]:
        if table.clock is None or table.state != PLAYING:
            return []
        return [Message("clock", self.clock_payload(table), to)]

    def notice(self, table: Table, seat: Seat, what: str, reason: dict[str, Any] | None = None) -> Message:
        """A ``notice`` to everyone at the table: a bot took over a seat, or its player is back, or (with
        ``reason``) why a bot played its move."""
        payload = {"code": table.code, "seat": seat.seat, "notice": what, "name": seat.name, "bot": seat.bot}
        if reason is not None:
            payload["reason"] = reason
        return Message("notice", payload, room_all(table.code))

    # -- the host's side of autoplay (host.autoplay.Stage) ------------------------------------------

    async def play(self, table: Table, seat: Seat, action: Action, by: str = PLAYER,
                   reason: dict[str, Any] | None = None) -> Played:
        """Apply one action for ``seat`` (a phone's, a bot's or the clock's; the table's lock is held):
        committed, then broadcast, then the bots and clocks look at the table again. A bot's ``reason``
        is told (a ``bot_reason`` notice) once everyone sees the move: at once, or when its
        simultaneous turn resolves."""
        played = await self.tables.act(table, seat, action, by)
        auto = table.autoplay
        auto.deadlines.pop(seat.seat, None)  # its next decision gets a fresh clock
        if reason is not None:
            auto.untold.append(BotReason(seat.seat, reason))
        out = self.played_messages(table, seat, played)
        if played.choosing is None:  # everyone sees this move: bots let it be seen before the next
            auto.shown_at = time.monotonic()
            out += [self.notice(table, table.seats[told.seat], BOT_REASON, told.reason)
                    for told in auto.untold if told.seat < len(table.seats)]
            auto.untold.clear()
        self.send(out)
        self.autoplay.refresh(table)
        return played

    def announce_table(self, table: Table) -> None:
        """``table`` to everyone at the table."""
        self.send(self.table_messages(table))

    def announce_clock(self, table: Table) -> None:
        """``clock`` to everyone at the table."""
        self.send([Message("clock", self.clock_payload(table), room_all(table.code))])

    def _began(self, table: Table) -> None:
        """A game was set up: the board shows it from now on, and bots and clocks may start."""
        table.autoplay.shown_at = time.monotonic()
        self.autoplay.refresh(table)

    # -- rights -----------------------------------------------------------------------------------

    def _is_board(self, sid: str, table: Table, data: dict[str, Any]) -> bool:
        client = self.clients.get(sid)
        if client is not None and _same_key(client.board_key, table.board_key):
            return True
        if self.pairing.is_host(table.code, data.get("host_key"), sid):
            return True
        return _same_key(data.get("board_key"), table.board_key)

    def _seat_of(self, sid: str, table: Table) -> Seat | None:
        client = self.clients.get(sid)
        if client is None or client.role != SEAT or client.code != table.code or client.seat is None:
            return None
        seat = table.seats[client.seat] if client.seat < len(table.seats) else None
        return seat if seat is not None and seat.sid == sid else None

    # -- roles ------------------------------------------------------------------------------------

    async def _leave(self, sid: str) -> list[Message]:
        """Drop the socket's current role; returns the ``table`` update its old table needs."""
        client = self.clients.get(sid)
        if client is None or client.code is None:
            return []
        out: list[Message] = []
        await self.connections.leave_rooms(sid)
        self.connections.unwatch(client.code, sid)
        table = self.tables.tables.get(client.code)
        if client.role == SEAT and table is not None and client.seat is not None:
            seat = table.seats[client.seat] if client.seat < len(table.seats) else None
            if seat is not None and seat.sid == sid:
                seat.unbind()
                out = self.table_messages(table)
                self.autoplay.refresh(table)  # the take-over delay of an away phone starts
        client.role = client.code = client.seat = None
        return out

    async def _bind_seat(self, sid: str, table: Table, seat: Seat) -> list[Message]:
        """Bind ``sid`` to ``seat`` (latest device wins) and return the messages it causes."""
        client = self.clients.setdefault(sid, Client())
        out: list[Message] = []
        if not (client.role == SEAT and client.code == table.code and client.seat == seat.seat):
            out += await self._leave(sid)
        old = seat.sid
        self.sent_views.forget(sid)  # its next view goes out whole
        seat.bind(sid)
        client.role, client.code, client.seat, client.token = SEAT, table.code, seat.seat, seat.token
        await self.connections.enter(sid, room_all(table.code))
        if old is not None and old != sid:
            await self._evict(old)
        return out

    async def _evict(self, sid: str) -> None:
        """Take any role away from ``sid`` and disconnect it once earlier messages are out."""
        client = self.clients.get(sid)
        if client is not None:
            await self.connections.leave_rooms(sid)
            if client.code is not None:
                self.connections.unwatch(client.code, sid)
            client.role = client.code = client.seat = None

        async def kick() -> None:
            await self.sio.disconnect(sid)

        notice = {"error": "replaced", "message": "this seat is now held by another device, or was released"}
        self.send([Message("error", notice, sid)], then=kick)

    # -- connection -------------------------------------------------------------------------------

    async def _on_connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        try:
            request = environ.get("aiohttp.request")
            self.connections.admit(sid, getattr(request, "remote", None), auth)
            self.note_host(environ.get("HTTP_HOST"))
            token = auth.get("token") if isinstance(auth, dict) else None
            if token is None:
                return
            found = self.tables.by_token(token) if isinstance(token, str) else None
            if found is None:
                self.send([Message("error", {"error": "bad_token", "message": "this seat token is not valid "
                                             "(released, or from another host); join the table again"}, sid)])
                return
            table, seat = found
            async with table.lock:
                if seat.token != token:  # released while we waited
                    return
                out = await self._bind_seat(sid, table, seat)
                if await self.tables.hand_back(table, seat):  # the player is back: the bot leaves
                    out.append(self.notice(table, seat, "player_back"))
                self.send(out + self.table_messages(table) + self.full_view(table, seat.seat, sid)
                          + [Message("history", self.history_payload(table), sid)]
                          + self._clock_for(table, sid))
                self.autoplay.refresh(table)
        except Exception:
            log.exception("connect of %s failed", sid)

    async def _on_disconnect(self, sid: str, reason: Any = None) -> None:
        try:
            out = await self._leave(sid)
            self.connections.forget(sid)
            self.sent_views.forget(sid)
            self.pairing.forget_socket(sid)
            if self.replays is not None:
                self.replays.close_socket(sid)
            if out:
                self.send(out)
        except Exception:
            log.exception("disconnect of %s failed", sid)

    # -- events -----------------------------------------------------------------------------------

    async def list_tables(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Tables in lobby or playing (bounded), public data only; the answer is reused while no table
        changed, for ``limits.list_cache_seconds`` at most (the seats' take-over countdowns move). When the
        store came back without tables or actions its ledger knew, ``lost`` names them (the board's home
        shows them)."""
        now = time.monotonic()
        cached = self.listed
        if (cached is None or cached.version != self.list_version
                or now - cached.made > self.config.limits.list_cache_seconds):
            cached = self.listed = ListingCache(self.list_version, now,
                                                [self.table_payload(t) for t in self.tables.listing()])
        lost = self.tables.store.losses
        return {"tables": cached.tables, "lost": lost} if lost else {"tables": cached.tables}

    async def table_info(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """One table's public summary, without watching it."""
        return {"table": self.table_payload(self.tables.get(data.get("code")))}

    async def create_table(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table in the lobby; the answer's board key gives the board's rights."""
        client = self.clients.get(sid)
        host_key = data.get("host_key")
        if host_key is not None:
            self.pairing.grant_for(host_key)  # a set-up code's key: checked before anything is made
        table = await self.tables.create(
            data.get("game"), data.get("options"), data.get("autostart", False), data.get("seats"),
            data.get("multi_seat", False), creator=client.address if client is not None else None,
            clock=data.get("clock"), coach=data.get("coach", False),
        )
        self.list_version += 1
        if host_key is not None:
            self._host_created(sid, table, host_key)
        return {"code": table.code, "board_key": table.board_key}

    async def watch(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Watch a table as a spectator, or as its board with the board key (or from the host itself)."""
        table = self.tables.get(data.get("code"))
        client = self.clients.setdefault(sid, Client())
        board = _same_key(data.get("board_key"), table.board_key) or client.trusted
        async with table.lock:
            out = await self._leave(sid)
            client.role, client.code = WATCH, table.code
            client.board_key = table.board_key if board else None
            await self.connections.enter(sid, room_all(table.code))
            await self.connections.enter(sid, room_watch(table.code))
            self.watchers.setdefault(table.code, set()).add(sid)
            self.send(out + self.welcome(table, sid, None))
        return {"board": True, "board_key": table.board_key} if board else {"board": False}

    async def history(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The table's public game log."""
        return self.history_payload(self.tables.get(data.get("code")))

    async def resend_view(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The whole view again, for a client that could not apply a patch (its version did not match)."""
        client = self.clients.get(sid)
        table = self.tables.tables.get(client.code) if client is not None and client.code else None
        if client is None or table is None or client.role not in (SEAT, WATCH):
            raise HostError("not_seated", "this socket neither holds a seat nor watches a table")
        async with table.lock:
            self.send(self.full_view(table, client.seat if client.role == SEAT else None, sid))
        return {}

    async def join(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Take a seat (or get one's own seat back)."""
        table = self.tables.get(data.get("code"))
        client = self.clients.setdefault(sid, Client())
        async with table.lock:
            holding = self._seat_of(sid, table)
            kept_warm = {s.seat for s in table.seats if s.takeover}
            in_lobby = table.state == LOBBY
            seat = await self.tables.join(table, data.get("name"), data.get("seat"), holding=holding,
                                          token=client.token, address=client.address, device=client.device)
            out = await self._bind_seat(sid, table, seat)
            if seat.seat in kept_warm and not seat.takeover:
                out.append(self.notice(table, seat, "player_back"))
            started = (in_lobby and table.state != LOBBY) or await self._autostart(table)
            out += self.table_messages(table)
            out += self.view_messages(table) if started else self.full_view(table, seat.seat, sid)
            out.append(Message("history", self.history_payload(table), sid))
            self.send(out + self._clock_for(table, sid))
            if started:
                self._began(table)
            else:
                self.autoplay.refresh(table)
        return {"seat": seat.seat, "token": seat.token}

    async def _autostart(self, table: Table) -> bool:
        """Start a table with ``autostart`` once no seat is free; True if it started."""
        if table.autostart and table.state == LOBBY and not table.free_seats():
            await self.tables.start(table)
            return True
        return False

    async def configure(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Change a lobby table's settings (the board only)."""
        table = self.tables.get(data.get("code"))
        if not self._is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may change its settings")
        async with table.lock:
            await self.tables.configure(table, data.get("options"), data.get("seats"), data.get("autostart"),
                                        data.get("multi_seat"), data.get("clock", UNSET), data.get("coach"))
            self.send(self.table_messages(table))
        return {}

    async def start(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Set up the game of a full table: the board (options allowed) or one of its players."""
        table = self.tables.get(data.get("code"))
        if not self._is_board(sid, table, data):
            if self._seat_of(sid, table) is None:
                raise HostError("forbidden", f"only the board or a player of table {table.code} may start it")
            if data.get("options") is not None:
                raise HostError("forbidden", "only the board may start with options")
        async with table.lock:
            await self.tables.start(table, data.get("options"))
            self.send(self.table_messages(table) + self.view_messages(table))
            self._began(table)
        return {}

    async def act(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Play one action for the socket's seat."""
        client = self.clients.get(sid)
        if client is None or client.role != SEAT or client.code is None or client.seat is None:
            raise HostError("not_seated", "this socket holds no seat; join a table first")
        table = self.tables.get(client.code)
        if "action" not in data:
            raise HostError("bad_request", "'act' needs an 'action'")
        async with table.lock:
            seat = self._seat_of(sid, table)
            if seat is None:
                raise HostError("not_seated", "this socket holds no seat any more")
            played = await self.play(table, seat, data["action"])
        return {"events": played.events, "step": played.step}

    async def suggest(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The coach's two best moves for the socket's seat, thought of in a bot worker from that seat's
        view and legal actions only; never played. Everyone at the table hears that the seat asked."""
        client = self.clients.get(sid)
        if client is None or client.role != SEAT or client.code is None or client.seat is None:
            raise HostError("not_seated", "this socket holds no seat; join a table first")
        table = self.tables.get(client.code)
        async with table.lock:
            seat = self._seat_of(sid, table)
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
            if key in self.coaching:
                raise HostError("rate_limited", "the coach is still thinking of this seat's last hint",
                                retry_after=1.0)
            wait = self.coach_rate.take(key)
            if wait:
                raise HostError("rate_limited", "too many hints; the coach needs a moment",
                                retry_after=max(0.001, round(wait, 3)))
            step, generation = table.step, seat.generation
            legal = game.legal_actions(seat.seat)
            question = Question(table.game, "hard", game.view(seat.seat), legal,
                                derive_seed(table.seed, seat.seat, step), SUGGEST,
                                self.config.bots.coach_seconds)
            self.coaching.add(key)
            self.send([self.notice(table, seat, "asked_coach")])
        try:
            hints = await self.autoplay.pool.suggest(
                question, Ticket(table.code, table.creator, lambda: self.in_use(table)))
        except BotFailed as exc:
            log.warning("table %s seat %d: the coach failed (%s)", table.code, seat.seat, exc)
            raise HostError("internal", "the coach could not think of a hint; try again") from None
        finally:
            self.coaching.discard(key)
        async with table.lock:
            game = table.engine_game
            # Stale once the seat decided (or changed hands) or its choice changed; other seats' choices in
            # a simultaneous turn leave it valid.
            if (seat.generation != generation or self._seat_of(sid, table) is not seat or game is None
                    or seat.seat not in game.to_act() or game.legal_actions(seat.seat) != legal):
                raise HostError("stale", "the game moved on while the coach thought; ask again")
        return {"step": step, "suggestions": [{"action": legal[h.index], "reason": h.reason,
                                               "reasons": h.reasons} for h in hints]}

    async def replay(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A replay command (host.replays): of a finished table (its board or a seated phone), every
        change heard by the whole table; or of a game of the history (``game``), for this socket only."""
        if self.replays is None:
            raise HostError("internal", "replays are not available on this host")
        if "game" in data:
            session = self.replays.game_session(sid, data["game"])
        else:
            table = self.tables.get(data.get("code"))
            seated = self._seat_of(sid, table) is not None
            if not self.replays.may_command(self._is_board(sid, table, data), seated):
                raise HostError("forbidden", f"only the board or a player of table {table.code} may "
                                             f"replay it")
            session = self.replays.table_session(table)
        frame = self.replays.command(session, data)
        return {k: frame[k] for k in ("at", "playing", "speed", "hands", "closed") if k in frame}

    async def play_again(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table with the same players; everyone of the old table moves there."""
        old = self.tables.get(data.get("code"))
        if not self._is_board(sid, old, data) and self._seat_of(sid, old) is None:
            raise HostError("forbidden", f"only the board or a player of table {old.code} may play again")
        async with old.lock:
            new = await self.tables.play_again(old)
        self.pairing.carry(old.code, new.code)
        out: list[Message] = []
        async with new.lock:
            for csid, client in list(self.clients.items()):
                if client.code != old.code:
                    continue
                out.append(Message("new_table", {"old_code": old.code, "code": new.code}, csid))
                self.sent_views.forget(csid)  # the new table's views go out whole
                await self.connections.leave_rooms(csid)
                self.connections.unwatch(old.code, csid)
                await self.connections.enter(csid, room_all(new.code))
                if client.role == WATCH:
                    await self.connections.enter(csid, room_watch(new.code))
                    self.watchers.setdefault(new.code, set()).add(csid)
                elif client.seat is not None and client.seat < len(new.seats):
                    old.seats[client.seat].unbind()
                    new.seats[client.seat].bind(csid)
                client.code = new.code
            started = await self._autostart(new)
            out += self.table_messages(new) + self.view_messages(new)
            out += [Message("history", self.history_payload(new), room_all(new.code))]
            self.send(out)
            if started:
                self._began(new)
        return {"code": new.code}

    async def release_seat(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Free a seat so that another device may join it: any seat for the board, its own for a phone."""
        table = self.tables.get(data.get("code"))
        board = self._is_board(sid, table, data)
        own = self._seat_of(sid, table)
        number = data.get("seat")
        if not board and (own is None or number != own.seat or isinstance(number, bool)):
            raise HostError("forbidden", f"only the board of table {table.code} may release another's seat")
        async with table.lock:
            seat = await self.tables.release(table, number)
            held = seat.sid
            seat.unbind()
            if held == sid:  # the phone left its own seat: it stays connected, as a plain client
                await self._leave(sid)
                client = self.clients.get(sid)
                if client is not None:
                    client.token = None
            elif held is not None:
                await self._evict(held)
            self.send(self.table_messages(table))
            self.autoplay.refresh(table)
        return {}

    async def set_bot(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The board makes a seat a bot (of a level) or no bot: in the lobby any free seat, in game a
        take-over of an away phone's seat (see ``Tables.set_bot``)."""
        table = self.tables.get(data.get("code"))
        if not self._is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may seat bots")
        if "level" not in data:
            raise HostError("bad_request", "'set_bot' needs a 'level' (null for no bot)")
        async with table.lock:
            number = data.get("seat")
            was_takeover = (isinstance(number, int) and 0 <= number < len(table.seats)
                            and table.seats[number].takeover)
            seat = await self.tables.set_bot(table, number, data["level"])
            out = []
            if seat.takeover and not was_takeover:
                out.append(self.notice(table, seat, "bot_took_over"))
            elif was_takeover and not seat.takeover:
                out.append(self.notice(table, seat, "bot_left"))
            started = await self._autostart(table)
            out += self.table_messages(table)
            if started:
                out += self.view_messages(table)
            self.send(out)
            if started:
                self._began(table)
            else:
                self.autoplay.refresh(table)
        return {}

    # -- upkeep -----------------------------------------------------------------------------------

    def in_use(self, table: Table) -> bool:
        """True if a socket watches ``table`` or is bound to one of its seats."""
        return self.connections.in_use(table)

    async def sweep(self) -> None:
        """Expire idle lobbies, drop finished tables after their grace period, forget refilled buckets."""
        await self.tables_left(await self.tables.sweep(self.in_use))
        self.connections.address_rate.prune()

    async def tables_left(self, removed: list[Table]) -> None:
        """Tables left memory (expired lobbies, finished tables): the sockets still on an expired lobby
        hear ``no_table``, and every socket on them loses its role."""
        self.list_version += bool(removed)
        gone = {t.code for t in removed}
        expired = {t.code for t in removed if t.state == LOBBY}
        self.send([Message("error", {"error": "no_table", "message": f"table {client.code} expired: no "
                                     f"phone sat at it; create a new one"}, sid)
                   for sid, client in self.clients.items() if client.code in expired])
        for sid, client in list(self.clients.items()):
            if client.code in gone:
                await self.connections.leave_rooms(sid)
                client.role = client.code = client.seat = None
        for code in gone:
            self.watchers.pop(code, None)
            self.sent_views.forget(room_watch(code))
        self.pairing.forget_tables(gone)

    async def run_sweeper(self) -> None:
        """Sweep every ``limits.sweep_seconds`` until cancelled."""
        while True:
            await asyncio.sleep(self.config.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping tables failed")

    # -- the host phone (host/pairing.py) ---------------------------------------------------------

    def _host_phone_events(self) -> dict[str, Handler]:
        return {"pairing": self.pairing_secret, "claim": self.claim, "prove_host": self.prove_host,
                "hand_host": self.hand_host, "drop_host": self.drop_host}

    def _host_phone_fields(self, table: Table) -> dict[str, Any]:
        """``host_phone``: a phone holds the table's host key; ``host_seat``: the seat of that phone."""
        holders = self.pairing.holders(table.code)
        seat = next((s.seat for s in table.seats if s.sid is not None and s.sid in holders), None)
        return {"host_phone": table.code in self.pairing.hosts, "host_seat": seat}

    def _holds_board_key(self, sid: str, table: Table, data: dict[str, Any]) -> bool:
        """The board itself (its key, or a loopback board): not a host phone."""
        client = self.clients.get(sid)
        if client is not None and (client.trusted or _same_key(client.board_key, table.board_key)):
            return True
        return _same_key(data.get("board_key"), table.board_key)

    def _pairing_payload(self, secret: PairingSecret, **extra: Any) -> dict[str, Any]:
        base = (self.base_urls or [""])[0]
        return {"secret": secret.value, "code": secret.code, "setup_url": f"{base}/setup/{secret.value}",
                "qr_url": f"/qr/setup/{secret.value}.svg",
                "expires_in": round(max(0.0, secret.expires - self.pairing.clock()), 1), **extra}

    def _rights_ended(self, code: str, sockets: frozenset[str], keep: str | None = None) -> list[Message]:
        return [Message("host_rights", {"code": code, "host_key": None}, s) for s in sockets if s != keep]

    async def pairing_secret(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A pairing secret for this TV socket to show (its older one is void): without ``code`` it sets
        up a new table; with ``code`` (the board only) it takes over that table's host rights."""
        code = data.get("code")
        if code is not None:
            table = self.tables.get(code)
            if not self._holds_board_key(sid, table, data):
                raise HostError("forbidden", f"only the board of table {table.code} may show a take-over "
                                             "code")
            code = table.code
        return self._pairing_payload(self.pairing.issue(sid, code))

    async def claim(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A phone opened the TV's code: it gets a host key (for a table to create, or of the code's
        table); the TV gets a fresh secret at once (single use)."""
        claimed: Claimed = self.pairing.claim(data.get("secret"), sid)
        out: list[Message] = []
        if claimed.tv in self.clients:
            fresh = self.pairing.issue(claimed.tv, claimed.code)
            out.append(Message("pairing", self._pairing_payload(fresh, claimed=True), claimed.tv))
        if claimed.code is not None:
            out += self._rights_ended(claimed.code, claimed.dropped, keep=sid)
            table = self.tables.tables.get(claimed.code)
            if table is not None:
                out += self.table_messages(table)
        self.send(out)
        return {"host_key": claimed.key, "code": claimed.code}

    def _host_created(self, sid: str, table: Table, host_key: str) -> None:
        """A set-up code's table exists: the phone is its host phone, the TV that showed the code follows
        it as its board."""
        grant = self.pairing.bind(host_key, table.code, sid)
        if grant.tv in self.clients:
            self.send([Message("follow", {"code": table.code, "board_key": table.board_key}, grant.tv)])

    async def prove_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Does this phone's host key still hold for the table? (The host then tells this socket when the
        rights end.)"""
        table = self.tables.get(data.get("code"))
        held = self.pairing.is_host(table.code, data.get("host_key"), sid)
        if held:
            self.send(self.table_messages(table))  # host_seat may now name this phone's seat
        return {"host": held}

    async def hand_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The host phone (or the board) hands the host rights to the phone at ``seat``; the old key
        ends at once."""
        table = self.tables.get(data.get("code"))
        if not self._is_board(sid, table, data):
            raise HostError("forbidden", f"only the host phone or the board of table {table.code} may hand "
                                         "its rights on")
        number = data.get("seat")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(table.seats):
            raise HostError("bad_request", "'hand_host' needs the number of a seat of the table")
        target = table.seats[number].sid
        if target is None:
            raise HostError("not_seated", f"no phone is connected at seat {number + 1}")
        key, dropped = self.pairing.hand(table.code, target)
        self.send(self._rights_ended(table.code, dropped, keep=target)
                  + [Message("host_rights", {"code": table.code, "host_key": key}, target)]
                  + self.table_messages(table))
        return {}

    async def drop_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The board takes the host rights back (or the host phone gives them up)."""
        table = self.tables.get(data.get("code"))
        if not self._is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may take its rights back")
        self.send(self._rights_ended(table.code, self.pairing.drop(table.code)) + self.table_messages(table))
        return {}
