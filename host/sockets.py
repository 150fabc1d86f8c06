"""The Socket.IO side of the host: the table of events of docs/protocol.md and who answers each.

The :class:`Hub` builds the parts and wires them; each part holds one concern:

- :mod:`host.connections`: the sockets and their rooms, the limits every event passes, the ordered outbox;
- :mod:`host.delivery`: the payloads and views each change sends;
- :mod:`host.rights`: the board's and a seat's rights;
- :mod:`host.turns`: the one path of every move, starting a game, settings and bot seats;
- :mod:`host.hints`: the coach's hints;
- :mod:`host.seating`: taking, leaving and releasing seats, watching, play again, tables leaving memory;
- :mod:`host.hostphone`: the host phone's pairing and rights;
- :mod:`host.listing`: listing, creating and replaying tables.

The changes of one table are ordered by the table's lock (a change and its commit end before the next
starts); messages are computed right after each change and sent in order (see :mod:`host.connections`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from engine.api import Action
from host.autoplay import Autoplay
from host.config import HostConfig
from host.connections import Client, Connections, Handler, Message
from host.delivery import Delivery
from host.hints import Coach
from host.history import History
from host.hostphone import HostPhone
from host.listing import Listing
from host.model import PLAYER, Seat, Table
from host.pairing import Pairing
from host.replays import Replays
from host.rights import Rights
from host.seating import Seating
from host.tables import Played, Tables
from host.transport import HostServer
from host.turns import Turns

log = logging.getLogger("host.sockets")


class Hub:
    """The Socket.IO server bound to a :class:`Tables`: the event table, the parts that answer it, and
    the host's side of :class:`host.autoplay.Autoplay` (its :class:`host.autoplay.Stage`)."""

    def __init__(self, tables: Tables, history: History, base_urls: list[str] | None = None,
                 config: HostConfig | None = None) -> None:
        self.tables = tables
        config = self.config = config or HostConfig()
        limits, bots = config.limits, config.bots
        self.base_urls = list(base_urls or [])  # shared by every part: note_host may add the first one
        connections = self.connections = Connections(config)
        pairing = self.pairing = Pairing()
        replays = self.replays = Replays(history, self._send_replay, limits.replays_total)
        delivery = self.delivery = Delivery(tables, connections.watchers, pairing, replays, self.base_urls)
        rights = self.rights = Rights(connections.clients, pairing)
        self.autoplay = Autoplay(tables, bots, self)
        self.turns = Turns(tables, connections, delivery, rights, self.autoplay)
        self.coach = Coach(tables, connections, delivery, rights, self.autoplay.pool, bots, limits)
        self.seating = Seating(tables, connections, delivery, rights, self.turns, self.autoplay, pairing)
        self.host_phone = HostPhone(tables, connections, delivery, rights, pairing, self.base_urls)
        self.listing = Listing(tables, connections, delivery, rights, pairing, self.host_phone, replays,
                               limits.list_cache_seconds)
        tables.on_gave_way = self.seating.tables_left
        self.sweeper: asyncio.Task[None] | None = None
        self.sio.on("connect", self._on_connect)
        self.sio.on("disconnect", self._on_disconnect)
        for name, handler in self.events().items():
            self.connections.on(name, handler)

    def events(self) -> dict[str, Handler]:
        """Every event of docs/protocol.md a client may send, and its handler."""
        listing, seating, turns, host_phone = self.listing, self.seating, self.turns, self.host_phone
        return {
            "list_tables": listing.list_tables, "table_info": listing.table_info,
            "create_table": listing.create_table, "history": listing.history, "replay": listing.replay,
            "watch": seating.watch, "join": seating.join, "resend_view": seating.resend_view,
            "release_seat": seating.release_seat, "play_again": seating.play_again,
            "configure": turns.configure, "start": turns.start, "act": turns.act, "set_bot": turns.set_bot,
            "suggest": self.coach.suggest,
            "pairing": host_phone.pairing_secret, "claim": host_phone.claim,
            "prove_host": host_phone.prove_host, "hand_host": host_phone.hand_host,
            "drop_host": host_phone.drop_host,
        }

    # -- connecting and leaving -------------------------------------------------------------------

    async def _on_connect(self, sid: str, environ: dict[str, Any], auth: Any = None) -> None:
        try:
            request = environ.get("aiohttp.request")
            self.connections.admit(sid, getattr(request, "remote", None), auth)
            self.note_host(environ.get("HTTP_HOST"))
            await self.seating.come_back(sid, auth)
        except Exception:
            log.exception("connect of %s failed", sid)

    async def _on_disconnect(self, sid: str, reason: Any = None) -> None:
        try:
            out = await self.seating.leave(sid)
            self.connections.forget(sid)
            self.delivery.sent_views.forget(sid)
            self.pairing.forget_socket(sid)
            self.replays.close_socket(sid)
            if out:
                self.connections.send(out)
        except Exception:
            log.exception("disconnect of %s failed", sid)

    def _send_replay(self, to: str, payload: dict[str, Any]) -> None:
        self.connections.send([Message("replay", payload, to)])

    def note_host(self, host: str | None) -> None:
        """Remember the first Host header seen when no LAN address was configured."""
        if not self.base_urls and host:
            self.base_urls.append(f"http://{host}")

    # -- the host's side of autoplay (host.autoplay.Stage) ----------------------------------------

    @property
    def closing(self) -> bool:
        """The host is stopping: every event is refused, bots play no more."""
        return self.connections.closing

    @closing.setter
    def closing(self, value: bool) -> None:
        self.connections.closing = value

    async def play(self, table: Table, seat: Seat, action: Action, by: str = PLAYER,
                   reason: dict[str, Any] | None = None) -> Played:
        """Play one action for ``seat`` (the table's lock is held): see :meth:`Turns.play`."""
        return await self.turns.play(table, seat, action, by, reason)

    def announce_table(self, table: Table) -> None:
        """``table`` to everyone at the table."""
        self.turns.announce_table(table)

    def announce_clock(self, table: Table) -> None:
        """``clock`` to everyone at the table."""
        self.turns.announce_clock(table)

    def in_use(self, table: Table) -> bool:
        """True if a socket watches ``table`` or is bound to one of its seats."""
        return self.connections.in_use(table)

    # -- upkeep and what host.app uses ------------------------------------------------------------

    @property
    def sio(self) -> HostServer:
        """The Socket.IO server (host.app attaches it to the web application)."""
        return self.connections.sio

    @property
    def clients(self) -> dict[str, Client]:
        """Every connected socket's :class:`Client`, by socket id."""
        return self.connections.clients

    def table_payload(self, table: Table) -> dict[str, Any]:
        """The ``table`` event payload (public data only)."""
        return self.delivery.table_payload(table)

    async def drain(self) -> None:
        """Wait until every queued message was handed to the transport."""
        await self.connections.drain()

    async def sweep(self) -> None:
        """Expire idle lobbies, drop finished tables after their grace period, forget refilled buckets."""
        await self.seating.sweep()

    async def run_sweeper(self) -> None:
        """Sweep every ``limits.sweep_seconds`` until cancelled."""
        while True:
            await asyncio.sleep(self.config.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping tables failed")
