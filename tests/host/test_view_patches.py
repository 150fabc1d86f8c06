"""Views as patches: the operations rebuild exactly each client's view, over whole seeded games through the
host (Duel, 7 Wonders at 7 seats, Cities at 7 seats), never carry another seat's data, and keep a 7-seat
move under 5 KB to all clients together."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import engine
from host.app import TABLES
from host.tools.phone import Phone, create_table
from host.tools.viewkeeper import ViewKeeper
from host.viewpatch import PatchError, apply_ops, diff, packed_size, with_choosing
from tests.host.conftest import WAIT

GAME_WAIT = 30 * WAIT  # a hang guard for a whole game, never a timing assertion
MOVE_BYTES = 5 * 1024  # issue 16: what one 7-seat move may cost, to all clients together
TRAFFIC = ("view", "view_patch", "choosing", "events")


def _norm(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _strings(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {s for v in data.values() for s in _strings(v)}
    if isinstance(data, list):
        return {s for v in data for s in _strings(v)}
    return {data} if isinstance(data, str) else set()


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.4:
        return rng.choice([None, True, False, rng.randint(-3, 3), rng.choice("abc"), 1.5])
    if roll < 0.7:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice("pqrs"): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_a_diff_rebuilds_the_new_document_and_leaves_the_old_one_untouched() -> None:
    rng = random.Random(16)
    for _ in range(400):
        old, new = _random_json(rng), _random_json(rng)
        before = json.dumps(old)
        assert apply_ops(old, diff(old, new)) == new
        assert json.dumps(old) == before
    assert diff({"a": [1, 2]}, {"a": [1, 2]}) == []


def test_operations_set_delete_and_cut_and_share_what_they_do_not_touch() -> None:
    hand = [{"card": f"card number {n}"} for n in range(20)]  # large: cheaper to patch around than to resend
    doc = {"view": {"hand": hand, "coins": 3, "log": [1, 2, 3]}, "legal_actions": []}
    ops = diff(doc, {"view": {"hand": hand, "log": [1], "age": 2}, "legal_actions": [{"type": "x"}]})
    assert ["del", ["view", "coins"]] in ops and ["cut", ["view", "log"], 1] in ops
    assert ["set", ["view", "age"], 2] in ops and ["set", ["legal_actions", 0], {"type": "x"}] in ops
    after = apply_ops(doc, ops)
    assert after["view"]["hand"] is hand  # untouched parts keep their identity (pages skip them)
    assert after == {"view": {"hand": hand, "log": [1], "age": 2}, "legal_actions": [{"type": "x"}]}
    assert doc["view"]["coins"] == 3
    small = {"a": [1, 2, 3], "b": 1}
    assert diff({"x": small}, {"x": {"a": [4], "b": 2}}) == [["set", ["x"], {"a": [4], "b": 2}]]


@pytest.mark.parametrize("doc, ops", [
    ({"a": 1}, [["del", ["b"]]]),
    ({"a": [1]}, [["set", ["a", 3], 0]]),
    ({"a": [1]}, [["cut", ["a"], 4]]),
    ({"a": 1}, [["set", ["a", "b"], 0]]),
    ({"a": 1}, [["set", ["b", "c"], 0]]),
    ({"a": 1}, ["set"]),
])
def test_an_operation_that_does_not_fit_is_refused(doc: Any, ops: list[Any]) -> None:
    with pytest.raises(PatchError):
        apply_ops(doc, ops)


def test_the_keeper_asks_for_the_whole_view_when_a_patch_is_not_against_its_version() -> None:
    keeper = ViewKeeper()
    assert keeper.receive("view_patch", {"code": "ABCD", "base": 1, "version": 2, "ops": []}) is None
    assert keeper.stale
    whole = {"code": "ABCD", "seat": 0, "step": 3, "version": 4, "view": {"waiting": [0, 1]},
             "legal_actions": []}
    assert keeper.receive("view", whole) == whole and not keeper.stale
    assert keeper.receive("view_patch", {"code": "ABCD", "base": 3, "version": 5, "ops": []}) is None
    assert keeper.stale and keeper.message == whole
    assert keeper.receive("choosing", {"code": "ABCD", "step": 4, "waiting": [1]})["view"]["waiting"] == [1]


def _recipients(seats: int) -> list[int | None]:
    return [*range(seats), None]


def _engine_docs(kind: str, table: Any) -> list[dict[int | None, dict[str, Any]]]:
    """Per step, every recipient's document as the engine gives it (legal actions only to those to act)."""
    g = engine.new_game(kind, seats=len(table.seats), seed=table.seed, options=table.options)
    log = table.engine_game.action_log
    out = []
    for k in range(len(log) + 1):
        to_act = [] if g.is_over() else g.to_act()
        out.append({r: _norm({"view": g.view(r),
                              "legal_actions": g.legal_actions(r) if r is not None and r in to_act else []})
                    for r in _recipients(len(table.seats))})
        if k < len(log):
            g.apply(*log[k])
    return out


async def _play(server: Any, clients: Any, kind: str, seats: int, options: dict[str, Any]) -> Any:
    code = await create_table(server.url, kind, options, seats=seats)
    board = await clients()
    await board.call("watch", {"code": code})
    phones = [Phone(server.url, code, f"P{n}", seed=n) for n in range(seats)]
    for phone in phones:
        await phone.join()
    try:
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), GAME_WAIT)
        await asyncio.wait_for(board.wait("view", lambda v: (v.get("view") or {}).get("result") is not None),
                               WAIT)
    finally:
        for phone in phones:
            await phone.close()
    return code, board, phones


@pytest.mark.parametrize("kind, seats, options", [
    ("duel", 2, {}),
    ("classic", 7, {}),
    ("classic", 7, {"cities": True}),
])
async def test_patches_rebuild_every_view_of_a_whole_game(server: Any, clients: Any, kind: str, seats: int,
                                                          options: dict[str, Any]) -> None:
    code, board, phones = await _play(server, clients, kind, seats, options)
    table = server.app[TABLES].tables[code]
    docs = _engine_docs(kind, table)
    steps = len(docs) - 1
    received: list[tuple[int | None, list[tuple[str, Any]]]] = [
        *((p.seat, p.received) for p in phones), (None, board.got)]
    patches = wholes = 0
    total_bytes = 0
    last_event = ""
    for seat, got in received:
        previous: dict[str, Any] | None = None
        for event, payload in got:
            rebuilt = event == "view" and last_event == "view_patch"  # the clients' record, not the wire's
            if event in TRAFFIC and not rebuilt:
                total_bytes += packed_size([event, payload])
            if event == "view_patch":
                patches += 1
                # A patch carries only what this seat's own views hold (before or after it).
                after = docs[payload["step"]][seat]
                own = _strings(after) | _strings(previous or {})
                assert _strings(payload["ops"]) <= own | {"set", "del", "cut"}, (seat, payload["step"])
            if event == "view" and payload.get("view") is not None:
                doc = {"view": payload["view"], "legal_actions": payload["legal_actions"]}
                assert payload["seat"] == seat and doc == docs[payload["step"]][seat], (seat, payload["step"])
                previous = doc
                wholes += not rebuilt
            last_event = event
    # Views travel as patches (a whole view when a client starts, or when a patch would not be smaller),
    # and every client ends on the final view.
    assert patches > steps and wholes < patches / 4, (patches, wholes)
    for phone in phones:
        assert phone.view is not None
        final = {"view": phone.view["view"], "legal_actions": phone.view["legal_actions"]}
        assert final == docs[-1][phone.seat]
    final_board = board.views.message
    assert final_board is not None and final_board["view"] == docs[-1][None]["view"]
    if seats == 7:
        assert total_bytes / steps <= MOVE_BYTES, f"{total_bytes / steps:.0f} bytes per move"


def test_a_choosing_message_changes_only_who_is_waiting() -> None:
    """The rule the host keeps its baselines by is the clients' rule (web/src/lib/connection.js)."""
    g = engine.new_game("classic", seats=3, seed=7)
    before = {1: {"view": g.view(1), "legal_actions": g.legal_actions(1)},
              None: {"view": g.view(None), "legal_actions": []}}
    g.apply(0, g.legal_actions(0)[0])
    waiting = g.waiting()
    assert waiting == [1, 2]
    after = {"view": g.view(1), "legal_actions": g.legal_actions(1)}
    assert _norm(with_choosing(before[1], waiting)) == _norm(after) != _norm(before[1])
    assert _norm(with_choosing(before[None], waiting)["view"]) == _norm(g.view(None))


async def test_resend_view_sends_the_whole_view_at_the_version_held(server: Any, clients: Any) -> None:
    code = (await (await clients()).call("create_table", {"game": "duel"}))["code"]
    phone = await clients()
    await phone.call("join", {"code": code, "name": "Ann"})
    board = await clients()
    await board.call("watch", {"code": code})
    await (await clients()).call("join", {"code": code, "name": "Bob"})
    await board.call("start", {"code": code})
    started = await phone.wait("view", lambda v: v["view"] is not None)
    since = len(phone.got)
    assert (await phone.call("resend_view", {}))["ok"]
    again = await phone.wait("view", since=since)
    assert again["view"] == started["view"] and again["version"] == phone.views.message["version"]
    assert (await board.call("resend_view", {}))["ok"]
    assert (await board.wait("view", since=0))["view"] is not None
    stranger = await clients()
    refused = await stranger.call("resend_view", {})
    assert refused["error"] == "not_seated" and not [e for e, _ in stranger.got if e == "view"]
