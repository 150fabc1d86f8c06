"""Whole classic games through the host with headless phones: the 2-player variant (the Free City's
controller answers its second prompt) and 3 players, checking what every client was sent."""

from __future__ import annotations

import asyncio
from typing import Any

from host.tools.phone import Phone, create_table
from tests.host.conftest import WAIT, until

GAME_WAIT = 20 * WAIT  # a hang guard for a whole game, never a timing assertion


async def play(url: str, code: str, names: list[str]) -> tuple[list[Phone], list[dict[str, Any]]]:
    """Join every phone, play to the end together; the phones and their results."""
    phones = [Phone(url, code, name, seed=n) for n, name in enumerate(names)]
    for phone in phones:
        await phone.join()
    try:
        results = await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), GAME_WAIT)
    finally:
        for phone in phones:
            await phone.close()
    return phones, results


def views(phone: Phone) -> list[dict[str, Any]]:
    return [data["view"] for event, data in phone.received if event == "view" and data.get("view")]


def check_own_view_only(phone: Phone) -> None:
    """Every view of a phone is its own seat's: its hand only, the discard pile only for Halicarnassus."""
    for view in views(phone):
        assert view["seat"] == phone.seat
        me = next(c for c in view["cities"] if c["seat"] == phone.seat)
        if view["phase"] == "over":
            continue
        assert len(view["hand"]) == me["hand_count"]
        pending = view["pending"]
        mine = pending is not None and pending["seat"] == phone.seat and pending["kind"] == "halicarnassus"
        assert (view["discard"] is not None) == mine


async def test_two_player_variant_with_headless_phones(server: Any) -> None:
    code = await create_table(server.url, "classic", {"sides": "B"}, seats=2)
    phones, results = await play(server.url, code, ["Ann", "Bo"])
    assert results[0] == results[1]
    result = results[0]
    assert set(result["winners"]) <= {0, 1} and result["winners"]
    assert len(result["scores"]) == 2
    assert isinstance(result["free_city"], dict)  # the Free City is scored but never wins
    for phone in phones:
        check_own_view_only(phone)
        fc_prompts = [v for v in views(phone) if (v.get("my_turn") or {}).get("city") == 2]
        assert fc_prompts, f"seat {phone.seat} never chose for the Free City"
        assert all(v["free_city"]["controller"] == phone.seat for v in fc_prompts)
        acted = [data for event, data in phone.received if event == "events" and any(
            ev.get("city") == 2 and ev["type"] in ("build", "wonder", "discard") for ev in data["events"])]
        assert acted  # the Free City built something every turn, revealed to everyone


async def test_three_players_each_see_their_own_hand(server: Any, clients: Any) -> None:
    code = await create_table(server.url, "classic", {"sides": "A"}, seats=3)
    board = await clients()
    assert (await board.call("watch", {"code": code}))["ok"]
    phones, results = await play(server.url, code, ["Ann", "Bo", "Cy"])
    assert results[0] == results[1] == results[2]
    assert len(results[0]["scores"]) == 3 and results[0]["free_city"] is None
    for phone in phones:
        check_own_view_only(phone)
    await until(lambda: board.last(
        "view", lambda d: (d.get("view") or {}).get("phase") == "over") is not None
    )
    board_views = [data for event, data in board.got if event == "view" and data.get("view")]
    assert board_views
    for data in board_views:
        assert data["seat"] is None and data["legal_actions"] == []
        view = data["view"]
        assert view["hand"] is None and view["my_turn"] is None and view["discard"] is None
