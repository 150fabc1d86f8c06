"""Who may do what at a table: its board (the board key, a loopback board, or the host phone's key, see
:mod:`host.pairing`) and the socket that holds one of its seats."""

from __future__ import annotations

import hmac
from typing import Any

from host.connections import SEAT, Client
from host.model import Seat, Table
from host.pairing import Pairing


def same_key(given: Any, key: str) -> bool:
    """``given`` is the (non-empty) ``key``, compared in constant time."""
    return isinstance(given, str) and bool(key) and hmac.compare_digest(given.encode(), key.encode())


class Rights:
    """The rights of the sockets of ``clients`` at any table."""

    def __init__(self, clients: dict[str, Client], pairing: Pairing) -> None:
        self.clients = clients
        self.pairing = pairing

    def is_board(self, sid: str, table: Table, data: dict[str, Any]) -> bool:
        """``sid`` has the board's rights: it proved the board key (now or earlier) or holds the host key."""
        client = self.clients.get(sid)
        if client is not None and same_key(client.board_key, table.board_key):
            return True
        if self.pairing.is_host(table.code, data.get("host_key"), sid):
            return True
        return same_key(data.get("board_key"), table.board_key)

    def holds_board_key(self, sid: str, table: Table, data: dict[str, Any]) -> bool:
        """The board itself (its key, or a loopback board): not a host phone."""
        client = self.clients.get(sid)
        if client is not None and (client.trusted or same_key(client.board_key, table.board_key)):
            return True
        return same_key(data.get("board_key"), table.board_key)

    def seat_of(self, sid: str, table: Table) -> Seat | None:
        """The seat of ``table`` that ``sid`` holds now, if any."""
        client = self.clients.get(sid)
        if client is None or client.role != SEAT or client.code != table.code or client.seat is None:
            return None
        seat = table.seats[client.seat] if client.seat < len(table.seats) else None
        return seat if seat is not None and seat.sid == sid else None
