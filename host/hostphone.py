"""The host phone (see :mod:`host.pairing` and docs/protocol.md's trust model): the TV shows a pairing
secret, a phone claims it and gets a host key (for a table to create, or of the TV's table), the holder
hands the rights to another seat's phone or the board takes them back; the sockets whose rights ended
hear ``host_rights`` with no key."""

from __future__ import annotations

from typing import Any

from host.connections import Connections, Message
from host.delivery import Delivery
from host.errors import HostError
from host.model import Table
from host.pairing import Claimed, Pairing, PairingSecret
from host.rights import Rights
from host.tables import Tables


class HostPhone:
    """The host phone's events at the tables of a :class:`Tables`."""

    def __init__(self, tables: Tables, connections: Connections, delivery: Delivery, rights: Rights,
                 pairing: Pairing, base_urls: list[str]) -> None:
        self.tables = tables
        self.connections = connections
        self.delivery = delivery
        self.rights = rights
        self.pairing = pairing
        self.base_urls = base_urls  # the host's addresses, main one first (shared with the hub)

    def pairing_payload(self, secret: PairingSecret, **extra: Any) -> dict[str, Any]:
        """The ``pairing`` payload of ``secret``: what the TV shows (its set-up address and QR code)."""
        base = (self.base_urls or [""])[0]
        return {"secret": secret.value, "code": secret.code, "setup_url": f"{base}/setup/{secret.value}",
                "qr_url": f"/qr/setup/{secret.value}.svg",
                "expires_in": round(max(0.0, secret.expires - self.pairing.clock()), 1), **extra}

    def rights_ended(self, code: str, sockets: frozenset[str], keep: str | None = None) -> list[Message]:
        """``host_rights`` without a key to each of ``sockets`` but ``keep``: their host rights ended."""
        return [Message("host_rights", {"code": code, "host_key": None}, s) for s in sockets if s != keep]

    async def pairing_secret(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A pairing secret for this TV socket to show (its older one is void): without ``code`` it sets
        up a new table; with ``code`` (the board only) it takes over that table's host rights."""
        code = data.get("code")
        if code is not None:
            table = self.tables.get(code)
            if not self.rights.holds_board_key(sid, table, data):
                raise HostError("forbidden", f"only the board of table {table.code} may show a take-over "
                                             "code")
            code = table.code
        return self.pairing_payload(self.pairing.issue(sid, code))

    async def claim(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A phone opened the TV's code: it gets a host key (for a table to create, or of the code's
        table); the TV gets a fresh secret at once (single use)."""
        claimed: Claimed = self.pairing.claim(data.get("secret"), sid)
        out: list[Message] = []
        if claimed.tv in self.connections.clients:
            fresh = self.pairing.issue(claimed.tv, claimed.code)
            out.append(Message("pairing", self.pairing_payload(fresh, claimed=True), claimed.tv))
        if claimed.code is not None:
            out += self.rights_ended(claimed.code, claimed.dropped, keep=sid)
            table = self.tables.tables.get(claimed.code)
            if table is not None:
                out += self.delivery.table_messages(table)
        self.connections.send(out)
        return {"host_key": claimed.key, "code": claimed.code}

    def host_created(self, sid: str, table: Table, host_key: str) -> None:
        """A set-up code's table exists: the phone is its host phone, the TV that showed the code follows
        it as its board."""
        grant = self.pairing.bind(host_key, table.code, sid)
        if grant.tv in self.connections.clients:
            follow = {"code": table.code, "board_key": table.board_key}
            self.connections.send([Message("follow", follow, grant.tv)])

    async def prove_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Does this phone's host key still hold for the table? (The host then tells this socket when the
        rights end.)"""
        table = self.tables.get(data.get("code"))
        held = self.pairing.is_host(table.code, data.get("host_key"), sid)
        if held:
            # host_seat may now name this phone's seat
            self.connections.send(self.delivery.table_messages(table))
        return {"host": held}

    async def hand_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The host phone (or the board) hands the host rights to the phone at ``seat``; the old key
        ends at once."""
        table = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, table, data):
            raise HostError("forbidden", f"only the host phone or the board of table {table.code} may hand "
                                         "its rights on")
        number = data.get("seat")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(table.seats):
            raise HostError("bad_request", "'hand_host' needs the number of a seat of the table")
        target = table.seats[number].sid
        if target is None:
            raise HostError("not_seated", f"no phone is connected at seat {number + 1}")
        key, dropped = self.pairing.hand(table.code, target)
        self.connections.send(self.rights_ended(table.code, dropped, keep=target)
                              + [Message("host_rights", {"code": table.code, "host_key": key}, target)]
                              + self.delivery.table_messages(table))
        return {}

    async def drop_host(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The board takes the host rights back (or the host phone gives them up)."""
        table = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, table, data):
            raise HostError("forbidden", f"only the board of table {table.code} may take its rights back")
        ended = self.rights_ended(table.code, self.pairing.drop(table.code))
        self.connections.send(ended + self.delivery.table_messages(table))
        return {}
