"""Identity by device (issue 18, finding 4): a seat is tied to the phone's device token, not to its
network address. Two phones behind one address each take a seat; one device still gets one seat unless
the table allows more; a join whose ack was lost is given back to its device; every refusal a phone can
get has a code that every phone language says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from host.app import TABLES
from host.errors import CODES

from .conftest import Client

ROOT = Path(__file__).resolve().parents[2]
STRINGS = ROOT / "web" / "src" / "lib" / "strings"
LANGUAGES = ("en", "el", "fa", "ro", "pl")


async def _phone(server: Any, made: list[Client], device: str | None = None) -> Client:
    client = Client(server.url)
    for event in ("device",):
        client.sio.on(event, client._keeper(event))
    made.append(client)
    return await client.connect(auth={"device": device} if device else {})


async def _lobby(board: Client, **create: Any) -> str:
    return (await board.call("create_table", {"game": "classic", "seats": 3, **create}))["code"]


async def test_two_phones_behind_one_address_each_take_a_seat(lan_server, lan_clients):
    """Every test client connects from 127.0.0.1, which this host does not trust: one address."""
    made: list[Client] = []
    try:
        board = await lan_clients()
        code = await _lobby(board)
        ann = await _phone(lan_server, made, "ann-phone-device-0001")
        bob = await _phone(lan_server, made, "bob-phone-device-0002")
        assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
        assert (await bob.call("join", {"code": code, "name": "Bob"}))["seat"] == 1
        seats = lan_server.app[TABLES].tables[code].seats
        assert [s.device for s in seats[:2]] == ["ann-phone-device-0001", "bob-phone-device-0002"]
    finally:
        for client in made:
            await client.close()


async def test_one_device_gets_one_seat_unless_the_table_allows_more(lan_server, lan_clients):
    made: list[Client] = []
    try:
        board = await lan_clients()
        code = await _lobby(board)
        first = await _phone(lan_server, made, "one-device-token-0001")
        taken = await first.call("join", {"code": code, "name": "Ann"})
        second = await _phone(lan_server, made, "one-device-token-0001")  # another tab of that phone
        refused = await second.call("join", {"code": code, "name": "Ann", "seat": 2})
        assert refused["error"] == "already_seated" and refused["message"]
        many = await _lobby(board, multi_seat=True)
        assert (await first.call("join", {"code": many, "name": "Ann"}))["seat"] == 0
        assert (await second.call("join", {"code": many, "name": "Ann", "seat": 1}))["seat"] == 1
        assert taken["seat"] == 0
    finally:
        for client in made:
            await client.close()


async def test_a_join_whose_ack_was_lost_is_given_back_to_its_device(lan_server, lan_clients):
    """The join was saved but its ack never reached the phone (the host was killed, the Wi-Fi dropped):
    the phone joins again and gets that very seat, not a second one (no ghost seat)."""
    made: list[Client] = []
    try:
        board = await lan_clients()
        code = await _lobby(board)
        lost = await _phone(lan_server, made, "a-phone-that-lost-its-ack")
        first = await lost.call("join", {"code": code, "name": "Ann"})
        await lost.close()
        again = await _phone(lan_server, made, "a-phone-that-lost-its-ack")
        second = await again.call("join", {"code": code, "name": "Annie"})
        assert (second["seat"], second["token"]) == (first["seat"], first["token"])
        table = lan_server.app[TABLES].tables[code]
        assert [s.name for s in table.seats] == ["Annie", None, None] and table.seats[0].connected
    finally:
        for client in made:
            await client.close()


async def test_the_host_issues_a_device_token_to_a_phone_without_one(lan_server):
    made: list[Client] = []
    try:
        bare = await _phone(lan_server, made)
        issued = (await bare.wait("device"))["device"]
        assert isinstance(issued, str) and len(issued) >= 16
        other = await _phone(lan_server, made)
        assert (await other.wait("device"))["device"] != issued
        kept = await _phone(lan_server, made, issued)  # a phone sending its token is not given another
        assert (await kept.call("list_tables", {}))["ok"] and kept.last("device") is None
    finally:
        for client in made:
            await client.close()


def test_every_refusal_code_is_said_in_every_phone_language():
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    table = doc.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    assert set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE)) == CODES  # documented, all of them
    for lang in LANGUAGES:
        catalog = json.loads((STRINGS / f"{lang}.json").read_text(encoding="utf-8"))
        missing = sorted(code for code in CODES if f"err.{code}" not in catalog)
        assert missing == [], (lang, missing)
        assert all(isinstance(catalog[f"err.{code}"], str) and catalog[f"err.{code}"] for code in CODES)
