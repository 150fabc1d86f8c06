"""No client ever receives what its seat may not know.

The test plays a whole Duel through the host, then replays it on the side with the engine and
reads the engine's state (test-only) to know, at every step, which ids are hidden from whom:
face-down cards, later ages' decks, the removed cards, the unused guilds, the wonders not yet
revealed or never drafted, the removed progress tokens (the Great Library's three drawn tokens are
visible to the choosing seat only). Every payload each client received is scanned for them, and
every view must be exactly the engine's view for that client at that step.
"""

from __future__ import annotations

import json
import random
from typing import Any

import engine
from engine.duel.material import CARD_IDS, GUILDS, TOKEN_IDS, WONDER_IDS
from engine.duel.state import GREAT_LIBRARY
from host.app import TABLES

LIBRARY_ID = "the_great_library"


def _norm(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _strings(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {s for v in data.values() for s in _strings(v)}
    if isinstance(data, list):
        return {s for v in data for s in _strings(v)}
    return {data} if isinstance(data, str) else set()


def _secrets(g: Any, seat: int | None) -> set[str]:
    """Ids hidden from ``seat`` (None: the board) in game ``g``, from the engine's state."""
    s = g.state
    cards = {c for age in (1, 2, 3) for c in s.setup.removed[age]}
    cards |= set(GUILDS) - set(s.setup.guilds)
    for age in (1, 2, 3):
        if s.phase == "draft" or age > s.age:
            cards |= set(s.setup.decks[age])
    st = s.structure
    cards |= {st.cards[i] for i in range(len(st.cards)) if not st.face_up[i] and not st.taken[i]}
    wonders = set(range(len(WONDER_IDS))) - set(s.setup.wonders)
    if s.phase == "draft" and s.draft_picks < 4 and not s.options.get("first_game_wonders"):
        wonders |= set(s.setup.wonders[4:])
    tokens = set(s.progress_removed)
    if s.pending is GREAT_LIBRARY and s.pending_seat == seat:
        tokens -= set(s.pending_options)
    if s.library_seat == seat:
        tokens -= set(s.library_returned)
    return ({CARD_IDS[c] for c in cards} | {WONDER_IDS[w] for w in wonders} | {TOKEN_IDS[t] for t in tokens})


def _policy(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Random, except that it drafts and builds the Great Library whenever it can (and saves coins for it)."""
    for action in legal:
        if LIBRARY_ID in (action.get("wonder"), action.get("card")) and action["type"] in (
                "draft_wonder", "wonder"):
            return action
    discards = [a for a in legal if a["type"] == "discard"]
    if discards and rng.random() < 0.5:
        return rng.choice(discards)
    return rng.choice(legal)


async def test_no_payload_carries_what_its_client_may_not_see(clients, server):
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    await board.call("watch", {"code": code})
    phones = {0: await clients(), 1: await clients()}
    for seat, name in ((0, "Ann"), (1, "Bob")):
        assert (await phones[seat].call("join", {"code": code, "name": name}))["seat"] == seat
    await board.call("start", {"code": code})
    rng = random.Random(5)
    acks: dict[int, list[Any]] = {0: [], 1: []}
    step = 0
    while True:
        public = await board.wait("view", lambda v, s=step: v["step"] == s and v["view"] is not None)
        if public["view"]["result"] is not None:
            break
        seat = public["view"]["to_act"][0]
        mine = await phones[seat].wait("view", lambda v, s=step: v["step"] == s)
        ack = await phones[seat].call("act", {"action": _policy(rng, mine["legal_actions"])})
        assert ack["ok"], ack
        acks[seat].append(ack)
        step += 1

    table = server.app[TABLES].tables[code]
    g = engine.new_game("duel", seats=2, seed=table.seed, options=table.options)
    steps = []  # per step: {recipient: (view, legal, secrets)}
    for k in range(len(table.engine_game.action_log) + 1):
        steps.append({r: (_norm(g.view(r)), _norm(g.legal_actions(r) if r is not None else []),
                          _secrets(g, r)) for r in (0, 1, None)})
        if k < len(table.engine_game.action_log):
            g.apply(*table.engine_game.action_log[k])
    assert g.is_over() and _norm(g.result()) == public["view"]["result"]

    library_steps = [k for k, per in enumerate(steps)
                     if per[0][0]["pending"] and per[0][0]["pending"]["kind"] == "great_library"]
    assert library_steps, "the policy is meant to build the Great Library; the scan would miss its draw"

    recipients = [(0, phones[0].got + [("ack", a) for a in acks[0]]),
                  (1, phones[1].got + [("ack", a) for a in acks[1]]), (None, board.got)]
    views_checked = 0
    for r, got in recipients:
        for event, payload in got:
            k = payload.get("step", len(steps) - 1) if isinstance(payload, dict) else len(steps) - 1
            if event == "view" and payload["view"] is not None:
                view, legal, _ = steps[k][r]
                assert payload["seat"] == r and payload["view"] == view
                assert payload["legal_actions"] == (legal if r is not None and r in view["to_act"] else [])
                views_checked += 1
            leaked = _strings(payload) & steps[k][r][2]
            assert not leaked, (r, event, k, sorted(leaked))
    assert views_checked >= 3 * (len(steps) - 1)
    assert all(len(steps[k][r][2]) >= 9 for k in range(len(steps)) for r in (0, 1, None))  # never vacuous

    k = library_steps[0]
    chooser = steps[k][0][0]["pending"]["seat"]
    drawn = set(steps[k][chooser][0]["pending"]["options"])
    assert len(drawn) == 3 and drawn <= steps[k][1 - chooser][2] and drawn <= steps[k][None][2]
    seen = [p for e, p in phones[chooser].got if e == "view" and p["step"] == k]
    assert seen and drawn <= _strings(seen[-1])
