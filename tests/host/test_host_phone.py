"""The host phone: the TV's pairing code makes the phone that scanned it the table's remote, with the
board's rights; the rights can be handed on and taken back, and a stranger on the Wi-Fi who never saw the
TV gains nothing. Every client here is a phone on the Wi-Fi (a host that trusts no loopback peer)."""

from __future__ import annotations

from typing import Any

import pytest

from host.app import HUB
from host.errors import HostError
from host.pairing import GRANT_SECONDS, GRANTS_MAX, SECRET_SECONDS, Pairing

from .conftest import Client, host_state, until, wrong_key

PAIRING_EVENTS = ("pairing", "follow", "host_rights")


async def _phone(lan_clients: Any) -> Client:
    client: Client = await lan_clients()
    for event in PAIRING_EVENTS:
        client.sio.on(event, client._keeper(event))
    return client


async def _set_up(lan_clients: Any) -> tuple[Client, Client, str, str]:
    """The TV asks for a set-up code, the phone claims it and creates a Duel table (several seats per
    address: the test clients share one); returns the TV, the phone, the code and the host key."""
    tv, phone = await _phone(lan_clients), await _phone(lan_clients)
    shown = await tv.call("pairing", {})
    assert shown["ok"] and shown["code"] is None and shown["expires_in"] > 0
    assert shown["setup_url"].endswith(f"/setup/{shown['secret']}")
    claimed = await phone.call("claim", {"secret": shown["secret"]})
    assert claimed["ok"] and claimed["code"] is None
    made = await phone.call("create_table",
                            {"game": "duel", "multi_seat": True, "host_key": claimed["host_key"]})
    assert made["ok"]
    follow = await tv.wait("follow")  # the TV follows the new table as its board, at once
    assert follow["code"] == made["code"] and follow["board_key"] == made["board_key"]
    return tv, phone, made["code"], claimed["host_key"]


async def test_the_phone_that_scanned_the_tv_gets_the_boards_rights(lan_clients, lan_server):
    tv, phone, code, key = await _set_up(lan_clients)
    fresh = await tv.wait("pairing", lambda p: p.get("claimed"))  # single use: a new code at once
    assert fresh["secret"] and fresh["code"] is None
    assert (await phone.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await phone.call("prove_host", {"code": code, "host_key": key})) == {"ok": True, "host": True}
    table = await phone.wait("table", lambda t: t["host_seat"] == 0)
    assert table["host_phone"] is True
    # The board's rights: the clock, a bot seat, start with options.
    assert (await phone.call("configure", {"code": code, "clock": 60, "host_key": key}))["ok"]
    assert (await phone.call("set_bot", {"code": code, "seat": 1, "level": "easy", "host_key": key}))["ok"]
    options = {"first_game_wonders": True}
    assert (await phone.call("start", {"code": code, "options": options, "host_key": key})) == {"ok": True}
    # A stranger who never saw the TV: a guessed key, or none, gives nothing.
    stranger = await _phone(lan_clients)
    assert (await stranger.call("watch", {"code": code})) == {"ok": True, "board": False}
    for ask in ({"host_key": wrong_key(key)}, {"host_key": None}, {}):
        ack = await stranger.call("release_seat", {"code": code, "seat": 0, **ask})
        assert ack["error"] == "forbidden", ack
        assert (await stranger.call("prove_host", {"code": code, **ask}))["host"] is False


async def test_no_pairing_secret_reaches_anyone_but_the_tv(lan_clients, lan_server):
    tv, phone, code, key = await _set_up(lan_clients)
    stranger = await _phone(lan_clients)
    assert (await stranger.call("watch", {"code": code}))["ok"]
    assert (await stranger.call("list_tables", {}))["ok"]
    assert (await phone.call("join", {"code": code, "name": "Ann"}))["ok"]
    await stranger.wait("table", lambda t: t["seats"][0]["taken"])
    live = lan_server.app[HUB].pairing.secrets
    assert live  # the TV's fresh code
    for other in (phone, stranger):
        text = repr(other.got)
        assert not any(secret in text for secret in live)
        assert all(event not in {"pairing", "follow"} for event, _ in other.got)
    assert key not in repr(stranger.got)
    assert any(event == "pairing" for event, _ in tv.got)


async def test_guessed_replayed_and_expired_secrets_are_refused(lan_clients, lan_server):
    tv, phone = await _phone(lan_clients), await _phone(lan_clients)
    stranger = await _phone(lan_clients)
    shown = await tv.call("pairing", {})
    before = host_state(lan_server.app)
    for guess in ("A" * 16, shown["secret"][:-1], "", None, 7):
        ack = await stranger.call("claim", {"secret": guess})
        assert ack["error"] == "bad_secret", ack
    assert (await phone.call("claim", {"secret": shown["secret"]}))["ok"]
    replay = await stranger.call("claim", {"secret": shown["secret"]})
    assert replay["error"] == "bad_secret"
    # A key that was never granted creates nothing.
    forged = await stranger.call("create_table", {"game": "duel", "host_key": "not-a-key"})
    assert forged["error"] == "forbidden"
    assert host_state(lan_server.app) == before
    # An expired code: the host's clock moves past its lifetime.
    pairing = lan_server.app[HUB].pairing
    late = await tv.call("pairing", {})
    now = pairing.clock()
    pairing.clock = lambda: now + SECRET_SECONDS + 1
    assert (await phone.call("claim", {"secret": late["secret"]}))["error"] == "bad_secret"
    # A TV that asks again voids the code it showed before (rotation), and so does leaving.
    pairing.clock = lambda: now
    first = await tv.call("pairing", {})
    second = await tv.call("pairing", {})
    assert (await phone.call("claim", {"secret": first["secret"]}))["error"] == "bad_secret"
    await tv.close()
    await until(lambda: second["secret"] not in pairing.secrets)
    assert (await phone.call("claim", {"secret": second["secret"]}))["error"] == "bad_secret"


async def test_the_rights_can_be_handed_on_and_taken_back(lan_clients, lan_server):
    tv, ann, code, key = await _set_up(lan_clients)
    bob, carl = await _phone(lan_clients), await _phone(lan_clients)
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await ann.call("prove_host", {"code": code, "host_key": key}))["host"]
    assert (await bob.call("join", {"code": code, "name": "Bob"}))["seat"] == 1
    # A player cannot take the rights; the host phone hands them to Bob.
    assert (await bob.call("hand_host", {"code": code, "seat": 1}))["error"] == "forbidden"
    assert (await ann.call("hand_host", {"code": code, "seat": 1, "host_key": key})) == {"ok": True}
    given = await bob.wait("host_rights", lambda p: p["host_key"])
    assert (await ann.wait("host_rights"))["host_key"] is None
    assert (await ann.call("configure", {"code": code, "clock": 30, "host_key": key}))["error"] == "forbidden"
    bobs = given["host_key"]
    assert (await bob.call("configure", {"code": code, "clock": 30, "host_key": bobs}))["ok"]
    board_key = (await tv.wait("follow"))["board_key"]
    assert (await tv.call("watch", {"code": code, "board_key": board_key}))["board"]
    assert (await tv.wait("table"))["host_seat"] == 1
    # Only the board shows a take-over code: not a player, not the host phone.
    assert (await bob.call("pairing", {"code": code, "host_key": bobs}))["error"] == "forbidden"
    takeover = await tv.call("pairing", {"code": code})
    assert takeover["code"] == code
    carls = await carl.call("claim", {"secret": takeover["secret"]})
    assert carls["code"] == code
    assert (await bob.wait("host_rights", lambda p: p["host_key"] is None))["code"] == code
    old = await bob.call("configure", {"code": code, "clock": 45, "host_key": bobs})
    assert old["error"] == "forbidden"
    carl_key = carls["host_key"]
    assert (await carl.call("configure", {"code": code, "clock": 45, "host_key": carl_key}))["ok"]
    # The board takes the rights back outright.
    assert (await tv.call("drop_host", {"code": code})) == {"ok": True}
    ended = await carl.call("configure", {"code": code, "clock": 50, "host_key": carl_key})
    assert ended["error"] == "forbidden"
    assert (await tv.wait("table", lambda t: not t["host_phone"]))["host_seat"] is None


async def test_play_again_keeps_the_host_phone(lan_clients, lan_server, fake_game):
    tv, ann = await _phone(lan_clients), await _phone(lan_clients)
    claimed = await ann.call("claim", {"secret": (await tv.call("pairing", {}))["secret"]})
    key = claimed["host_key"]
    made = await ann.call("create_table", {"game": fake_game, "options": {"target": 1}, "host_key": key})
    code = made["code"]
    assert (await ann.call("join", {"code": code, "name": "Ann"}))["seat"] == 0
    assert (await ann.call("set_bot", {"code": code, "seat": 1, "level": "random", "host_key": key}))["ok"]
    assert (await ann.call("start", {"code": code, "host_key": key}))["ok"]
    assert (await ann.call("act", {"action": {"type": "add", "n": 1}}))["ok"]  # the game is over
    again = await ann.call("play_again", {"code": code, "host_key": key})
    assert again["ok"] and again["code"] != code
    assert (await ann.call("configure", {"code": again["code"], "clock": 60, "host_key": key}))["ok"]


def test_unused_set_up_grants_are_bounded_and_expire():
    """A socket that claims code after code cannot fill the host's memory; a grant ends after its time."""
    now = [0.0]
    pairing = Pairing(clock=lambda: now[0])
    keys = [pairing.claim(pairing.issue("tv", None).value, "phone").key for _ in range(GRANTS_MAX + 5)]
    assert len(pairing.grants) == GRANTS_MAX
    with pytest.raises(HostError) as refused:
        pairing.grant_for(keys[0])  # the oldest went first
    assert refused.value.code == "forbidden"
    assert pairing.grant_for(keys[-1]).tv == "tv"
    now[0] = GRANT_SECONDS + 1
    with pytest.raises(HostError):
        pairing.grant_for(keys[-1])
