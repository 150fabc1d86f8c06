"""Seats and tokens: reload and rejoin, latest device wins, release, stale tokens, play again."""

from __future__ import annotations

from .conftest import until


async def _full_table(clients, game="duel", **create):
    board = await clients()
    code = (await board.call("create_table", {"game": game, **create}))["code"]
    await board.call("watch", {"code": code})
    ann, bob = await clients(), await clients()
    a = await ann.call("join", {"code": code, "name": "Ann"})
    b = await bob.call("join", {"code": code, "name": "Bob"})
    return board, code, (ann, a), (bob, b)


async def test_reload_rejoins_the_same_seat_with_the_view_at_once(clients):
    board, code, (ann, a), (bob, b) = await _full_table(clients)
    await board.call("start", {"code": code})
    before = await ann.wait("view", lambda v: v["view"] is not None)
    await ann.close()
    away = await board.wait("table", lambda t: t["state"] == "playing" and not t["seats"][0]["connected"])
    assert away["seats"][0]["name"] == "Ann" and away["seats"][0]["taken"]
    again = await clients(a["token"])  # a new socket, as after a page reload
    table = await again.wait("table")
    view = await again.wait("view")
    assert table["code"] == code and table["seats"][0]["connected"]
    assert view["seat"] == 0 and view["view"] == before["view"] and view["step"] == before["step"]
    assert view["legal_actions"] == before["legal_actions"]
    mover, legal = (again, view["legal_actions"]) if view["legal_actions"] else (bob, None)
    if legal is None:
        legal = (await bob.wait("view", lambda v: v["view"] is not None))["legal_actions"]
    ack = await mover.call("act", {"action": legal[0]})
    assert ack["ok"] and ack["step"] == 1


async def test_latest_device_wins_and_the_old_socket_is_disconnected(clients):
    board, code, (ann, a), _ = await _full_table(clients)
    second = await clients(a["token"])
    await second.wait("view", lambda v: v["seat"] == 0)
    await until(lambda: not ann.sio.connected)
    assert ann.last("error")["error"] == "replaced"
    again = await second.call("join", {"code": code, "name": "Annie"})
    assert again["ok"] and again["seat"] == 0 and again["token"] == a["token"]
    table = await board.wait("table", lambda t: t["seats"][0]["name"] == "Annie")
    assert table["seats"][0]["connected"]


async def test_an_occupied_seat_needs_a_release_by_the_board(clients):
    board, code, (ann, a), _ = await _full_table(clients)
    newcomer = await clients()
    assert (await newcomer.call("join", {"code": code, "name": "Cy", "seat": 0}))["error"] == "seat_taken"
    assert (await newcomer.call("join", {"code": code, "name": "Cy"}))["error"] == "table_full"
    assert (await ann.call("release_seat", {"code": code, "seat": 1}))["error"] == "forbidden"
    assert (await board.call("release_seat", {"code": code, "seat": 0})) == {"ok": True}
    await until(lambda: not ann.sio.connected)
    assert ann.last("error")["error"] == "replaced"
    c = await newcomer.call("join", {"code": code, "name": "Cy"})
    assert c["seat"] == 0 and c["token"] != a["token"]
    stale = await clients(a["token"])
    err = await stale.wait("error")
    assert err["error"] == "bad_token"
    assert (await stale.call("act", {"action": {"type": "build", "card": "x"}}))["error"] == "not_seated"
    table = await board.wait("table", lambda t: t["seats"][0]["name"] == "Cy")
    assert table["seats"][0]["connected"]


async def test_forged_token_gets_bad_token_and_stays_a_plain_client(clients):
    forged = await clients("not-a-real-token")
    assert (await forged.wait("error"))["error"] == "bad_token"
    assert forged.last("view") is None and forged.last("table") is None
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    assert (await forged.call("join", {"code": code, "name": "Dee"}))["seat"] == 0


async def test_autostart_starts_when_the_last_seat_is_taken(clients):
    board, code, (ann, a), (bob, b) = await _full_table(clients, autostart=True)
    table = await board.wait("table", lambda t: t["state"] == "playing")
    assert table["autostart"] is True
    view = await board.wait("view", lambda v: v["view"] is not None)
    assert view["view"]["game"] == "duel" and view["seat"] is None


async def test_play_again_keeps_players_seats_and_tokens(clients, fake_game):
    board, code, (ann, a), (bob, b) = await _full_table(clients, game=fake_game, autostart=True)
    assert (await board.call("play_again", {"code": code}))["error"] == "not_over"
    phones = {0: ann, 1: bob}
    step = 0
    while True:
        view = await board.wait("view", lambda v, s=step: v["step"] == s and v["view"] is not None)
        if view["view"]["result"] is not None:
            break
        seat = view["view"]["to_act"][0]
        mine = await phones[seat].wait("view", lambda v, s=step: v["step"] == s)
        assert (await phones[seat].call("act", {"action": mine["legal_actions"][-1]}))["ok"]
        step += 1
    new = (await bob.call("play_again", {"code": code}))["code"]
    assert new != code and (await board.call("play_again", {"code": code}))["code"] == new
    for client in (board, ann, bob):
        moved = await client.wait("new_table")
        assert moved == {"old_code": code, "code": new}
        table = await client.wait("table", lambda t: t["code"] == new)
        assert [s["name"] for s in table["seats"]] == ["Ann", "Bob"]
        assert table["state"] == "playing"  # the old table had autostart
    view = await ann.wait("view", lambda v: v["code"] == new)
    assert view["seat"] == 0 and view["step"] == 0
    await bob.close()
    back = await clients(b["token"])  # the old token binds to the new table
    assert (await back.wait("view"))["code"] == new
