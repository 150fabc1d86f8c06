"""Tables as anyone sees them before taking a role: the listing (one cached answer while no table
changed), one table's summary and public log, a new table, and replays (:mod:`host.replays`)."""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from host.connections import Connections
from host.delivery import Delivery
from host.errors import HostError
from host.hostphone import HostPhone
from host.pairing import Pairing
from host.replays import Replays
from host.rights import Rights
from host.tables import Tables


class ListingCache(NamedTuple):
    """The last ``list_tables`` answer: the tables' version it shows, when it was made, the payloads."""

    version: int
    made: float
    tables: list[dict[str, Any]]


class Listing:
    """The listing, creating and replaying of the tables of a :class:`Tables`."""

    def __init__(self, tables: Tables, connections: Connections, delivery: Delivery, rights: Rights,
                 pairing: Pairing, host_phone: HostPhone, replays: Replays, cache_seconds: float) -> None:
        self.tables = tables
        self.connections = connections
        self.delivery = delivery
        self.rights = rights
        self.pairing = pairing
        self.host_phone = host_phone
        self.replays = replays
        self.cache_seconds = cache_seconds  # how long one listing is reused at most
        self.listed: ListingCache | None = None

    async def list_tables(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Tables in lobby or playing (bounded), public data only; the answer is reused while no table
        changed, for ``limits.list_cache_seconds`` at most (the seats' take-over countdowns move). When the
        store came back without tables or actions its ledger knew, ``lost`` names them (the board's home
        shows them)."""
        now = time.monotonic()
        cached = self.listed
        if (cached is None or cached.version != self.delivery.list_version
                or now - cached.made > self.cache_seconds):
            payloads = [self.delivery.table_payload(t) for t in self.tables.listing()]
            cached = self.listed = ListingCache(self.delivery.list_version, now, payloads)
        lost = self.tables.store.losses
        return {"tables": cached.tables, "lost": lost} if lost else {"tables": cached.tables}

    async def table_info(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """One table's public summary, without watching it."""
        return {"table": self.delivery.table_payload(self.tables.get(data.get("code")))}

    async def create_table(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table in the lobby; the answer's board key gives the board's rights."""
        client = self.connections.clients.get(sid)
        host_key = data.get("host_key")
        if host_key is not None:
            self.pairing.grant_for(host_key)  # a set-up code's key: checked before anything is made
        table = await self.tables.create(
            data.get("game"), data.get("options"), data.get("autostart", False), data.get("seats"),
            data.get("multi_seat", False), creator=client.address if client is not None else None,
            clock=data.get("clock"), coach=data.get("coach", False),
        )
        self.delivery.list_version += 1
        if host_key is not None:
            self.host_phone.host_created(sid, table, host_key)
        return {"code": table.code, "board_key": table.board_key}

    async def history(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The table's public game log."""
        return self.delivery.history_payload(self.tables.get(data.get("code")))

    async def replay(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A replay command (host.replays): of a finished table (its board or a seated phone), every
        change heard by the whole table; of a game of the history (``game``), for this socket only (its
        opening spends the costly requests' budget: it reads and sends a whole game); or, with both
        ``code`` and ``game``, a game of the history shown as a finished table's replay, opened by its
        board or host phone only."""
        if "game" in data and "code" not in data:
            if self.replays.opens(sid, data["game"], data):
                self.connections.spend_costly(sid)
            session = self.replays.game_session(sid, data["game"])
        else:
            table = self.tables.get(data.get("code"))
            board = self.rights.is_board(sid, table, data)
            seated = self.rights.seat_of(sid, table) is not None
            if "game" in data:
                if not board:
                    raise HostError("forbidden", f"only the board or the host phone of table {table.code} "
                                                 f"may show a game of the history on it")
                self.connections.spend_costly(sid)
                session = self.replays.table_game_session(table, data["game"])
            elif self.replays.may_command(board, seated):
                session = self.replays.table_session(table)
            else:
                raise HostError("forbidden", f"only the board or a player of table {table.code} may "
                                             f"replay it")
        frame = self.replays.command(session, data)
        return {k: frame[k] for k in ("at", "playing", "speed", "hands", "closed") if k in frame}
