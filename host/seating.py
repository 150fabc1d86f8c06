"""Who sits where: a socket's role at a table (holding a seat, or watching it), taking, leaving and
releasing seats, a phone coming back with its seat token, everyone moving on to the next table ("play
again"), and the sockets of tables that leave memory."""

from __future__ import annotations

from typing import Any

from host.autoplay import Autoplay
from host.connections import SEAT, WATCH, Client, Connections, Message, room_all, room_watch
from host.delivery import Delivery
from host.errors import HostError
from host.model import LOBBY, Seat, Table
from host.pairing import Pairing
from host.rights import Rights, same_key
from host.tables import Tables
from host.turns import Turns

BAD_TOKEN = {"error": "bad_token",
             "message": "this seat token is not valid (released, or from another host); join the table again"}


class Seating:
    """The roles of the sockets at the tables of a :class:`Tables`."""

    def __init__(self, tables: Tables, connections: Connections, delivery: Delivery, rights: Rights,
                 turns: Turns, autoplay: Autoplay, pairing: Pairing) -> None:
        self.tables = tables
        self.connections = connections
        self.delivery = delivery
        self.rights = rights
        self.turns = turns
        self.autoplay = autoplay
        self.pairing = pairing

    # -- roles ------------------------------------------------------------------------------------

    async def leave(self, sid: str) -> list[Message]:
        """Drop the socket's current role; returns the ``table`` update its old table needs."""
        client = self.connections.clients.get(sid)
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
                out = self.delivery.table_messages(table)
                self.autoplay.refresh(table)  # the take-over delay of an away phone starts
        client.role = client.code = client.seat = None
        return out

    async def bind_seat(self, sid: str, table: Table, seat: Seat) -> list[Message]:
        """Bind ``sid`` to ``seat`` (latest device wins) and return the messages it causes."""
        client = self.connections.clients.setdefault(sid, Client())
        out: list[Message] = []
        if not (client.role == SEAT and client.code == table.code and client.seat == seat.seat):
            out += await self.leave(sid)
        old = seat.sid
        self.delivery.sent_views.forget(sid)  # its next view goes out whole
        seat.bind(sid)
        client.role, client.code, client.seat, client.token = SEAT, table.code, seat.seat, seat.token
        await self.connections.enter(sid, room_all(table.code))
        if old is not None and old != sid:
            await self.evict(old)
        return out

    async def evict(self, sid: str) -> None:
        """Take any role away from ``sid`` and disconnect it once earlier messages are out."""
        client = self.connections.clients.get(sid)
        if client is not None:
            await self.connections.leave_rooms(sid)
            if client.code is not None:
                self.connections.unwatch(client.code, sid)
            client.role = client.code = client.seat = None

        async def kick() -> None:
            await self.connections.sio.disconnect(sid)

        notice = {"error": "replaced", "message": "this seat is now held by another device, or was released"}
        self.connections.send([Message("error", notice, sid)], then=kick)

    async def come_back(self, sid: str, auth: Any) -> None:
        """A socket connected with the seat token of its ``auth``: it gets that seat back (latest device
        wins), or ``bad_token``."""
        token = auth.get("token") if isinstance(auth, dict) else None
        if token is None:
            return
        found = self.tables.by_token(token) if isinstance(token, str) else None
        if found is None:
            self.connections.send([Message("error", BAD_TOKEN, sid)])
            return
        table, seat = found
        async with table.lock:
            if seat.token != token:  # released while we waited
                return
            out = await self.bind_seat(sid, table, seat)
            if await self.tables.hand_back(table, seat):  # the player is back: the bot leaves
                out.append(self.delivery.notice(table, seat, "player_back"))
            views = self.delivery
            self.connections.send(out + views.table_messages(table) + views.full_view(table, seat.seat, sid)
                                  + [Message("history", views.history_payload(table), sid)]
                                  + views.clock_for(table, sid))
            self.autoplay.refresh(table)

    # -- events -----------------------------------------------------------------------------------

    async def watch(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Watch a table as a spectator, or as its board with the board key (or from the host itself)."""
        table = self.tables.get(data.get("code"))
        client = self.connections.clients.setdefault(sid, Client())
        board = same_key(data.get("board_key"), table.board_key) or client.trusted
        async with table.lock:
            out = await self.leave(sid)
            client.role, client.code = WATCH, table.code
            client.board_key = table.board_key if board else None
            await self.connections.enter(sid, room_all(table.code))
            await self.connections.enter(sid, room_watch(table.code))
            self.connections.watchers.setdefault(table.code, set()).add(sid)
            self.connections.send(out + self.delivery.welcome(table, sid, None))
        return {"board": True, "board_key": table.board_key} if board else {"board": False}

    async def resend_view(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """The whole view again, for a client that could not apply a patch (its version did not match)."""
        client = self.connections.clients.get(sid)
        table = self.tables.tables.get(client.code) if client is not None and client.code else None
        if client is None or table is None or client.role not in (SEAT, WATCH):
            raise HostError("not_seated", "this socket neither holds a seat nor watches a table")
        async with table.lock:
            seat = client.seat if client.role == SEAT else None
            self.connections.send(self.delivery.full_view(table, seat, sid))
        return {}

    async def join(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Take a seat (or get one's own seat back)."""
        table = self.tables.get(data.get("code"))
        client = self.connections.clients.setdefault(sid, Client())
        async with table.lock:
            holding = self.rights.seat_of(sid, table)
            kept_warm = {s.seat for s in table.seats if s.takeover}
            in_lobby = table.state == LOBBY
            seat = await self.tables.join(table, data.get("name"), data.get("seat"), holding=holding,
                                          token=client.token, address=client.address, device=client.device)
            out = await self.bind_seat(sid, table, seat)
            if seat.seat in kept_warm and not seat.takeover:
                out.append(self.delivery.notice(table, seat, "player_back"))
            started = (in_lobby and table.state != LOBBY) or await self.turns.autostart(table)
            out += self.delivery.table_messages(table)
            if started:
                out += self.delivery.view_messages(table)
            else:
                out += self.delivery.full_view(table, seat.seat, sid)
            out.append(Message("history", self.delivery.history_payload(table), sid))
            self.connections.send(out + self.delivery.clock_for(table, sid))
            if started:
                self.turns.began(table)
            else:
                self.autoplay.refresh(table)
        return {"seat": seat.seat, "token": seat.token}

    async def play_again(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """A new table with the same players; everyone of the old table moves there."""
        old = self.tables.get(data.get("code"))
        if not self.rights.is_board(sid, old, data) and self.rights.seat_of(sid, old) is None:
            raise HostError("forbidden", f"only the board or a player of table {old.code} may play again")
        async with old.lock:
            new = await self.tables.play_again(old)
        self.pairing.carry(old.code, new.code)
        out: list[Message] = []
        async with new.lock:
            for csid, client in list(self.connections.clients.items()):
                if client.code != old.code:
                    continue
                out.append(Message("new_table", {"old_code": old.code, "code": new.code}, csid))
                self.delivery.sent_views.forget(csid)  # the new table's views go out whole
                await self.connections.leave_rooms(csid)
                self.connections.unwatch(old.code, csid)
                await self.connections.enter(csid, room_all(new.code))
                if client.role == WATCH:
                    await self.connections.enter(csid, room_watch(new.code))
                    self.connections.watchers.setdefault(new.code, set()).add(csid)
                elif client.seat is not None and client.seat < len(new.seats):
                    old.seats[client.seat].unbind()
                    new.seats[client.seat].bind(csid)
                client.code = new.code
            started = await self.turns.autostart(new)
            out += self.delivery.table_messages(new) + self.delivery.view_messages(new)
            out += [Message("history", self.delivery.history_payload(new), room_all(new.code))]
            self.connections.send(out)
            if started:
                self.turns.began(new)
        return {"code": new.code}

    async def release_seat(self, sid: str, data: dict[str, Any]) -> dict[str, Any]:
        """Free a seat so that another device may join it: any seat for the board, its own for a phone."""
        table = self.tables.get(data.get("code"))
        board = self.rights.is_board(sid, table, data)
        own = self.rights.seat_of(sid, table)
        number = data.get("seat")
        if not board and (own is None or number != own.seat or isinstance(number, bool)):
            raise HostError("forbidden", f"only the board of table {table.code} may release another's seat")
        async with table.lock:
            seat = await self.tables.release(table, number)
            held = seat.sid
            seat.unbind()
            if held == sid:  # the phone left its own seat: it stays connected, as a plain client
                await self.leave(sid)
                client = self.connections.clients.get(sid)
                if client is not None:
                    client.token = None
            elif held is not None:
                await self.evict(held)
            self.connections.send(self.delivery.table_messages(table))
            self.autoplay.refresh(table)
        return {}

    # -- tables that leave memory ----------------------------------------------------------------

    async def sweep(self) -> None:
        """Expire idle lobbies, drop finished tables after their grace period, forget refilled buckets."""
        await self.tables_left(await self.tables.sweep(self.connections.in_use))
        self.connections.address_rate.prune()

    async def tables_left(self, removed: list[Table]) -> None:
        """Tables left memory (expired lobbies, finished tables): the sockets still on an expired lobby
        hear ``no_table``, and every socket on them loses its role."""
        self.delivery.list_version += bool(removed)
        gone = {t.code for t in removed}
        expired = {t.code for t in removed if t.state == LOBBY}
        clients = self.connections.clients
        self.connections.send([Message("error", {"error": "no_table", "message": f"table {client.code} "
                                                 "expired: no phone sat at it; create a new one"}, sid)
                               for sid, client in clients.items() if client.code in expired])
        for sid, client in list(clients.items()):
            if client.code in gone:
                await self.connections.leave_rooms(sid)
                client.role = client.code = client.seat = None
        for code in gone:
            self.connections.watchers.pop(code, None)
            self.delivery.sent_views.forget(room_watch(code))
        self.pairing.forget_tables(gone)
