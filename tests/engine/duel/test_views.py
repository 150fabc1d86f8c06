"""Views and events follow docs/duel.md; hidden identities never appear."""

from __future__ import annotations

import json

import pytest

from tests.engine.duel.helpers import give, jump, new, ready, set_coins

VIEW_KEYS = {"game", "kind", "seat", "phase", "age", "to_act", "first_player", "pending", "draft",
             "structure", "military", "progress_board", "discard", "boxed_wonder", "players", "my_turn",
             "result", "play_again", "access_order", "library_seen"}
PLAYER_KEYS = {"seat", "coins", "cards", "wonders", "progress", "science", "production", "choices",
               "trade_prices", "shields", "points"}


@pytest.mark.parametrize("seat", [0, 1, None])
def test_view_keys(seat: int | None) -> None:
    game = new(first_game=False)
    view = game.view(seat)
    assert set(view) == VIEW_KEYS and view["game"] == "duel" and view["seat"] == seat
    assert view["phase"] == "draft" and view["age"] == 0 and view["structure"] == []
    assert view["pending"]["kind"] == "draft_wonder" and len(view["pending"]["options"]) == 4
    for p in view["players"]:
        assert set(p) == PLAYER_KEYS and p["coins"] == 7
    json.dumps(view)


def test_my_turn_only_for_the_acting_seat() -> None:
    game = ready(["aqueduct", "brewery"], age=2, coins=5, cities=({}, {"cards": ["shelf_quarry"]}))
    assert game.view(1)["my_turn"] is None and game.view(None)["my_turn"] is None
    mine = game.view(0)["my_turn"]
    cards = {c["card"]: c for c in mine["cards"]}
    assert set(cards) == {"aqueduct", "brewery"}
    aq = cards["aqueduct"]
    assert aq["build"] == {"legal": False, "cost": 12, "reason": "costs 12 coins, you have 5",
                           "breakdown": {"card_coins": 0, "trade": {"stone": 12}, "chain": False,
                                         "discount": {}, "to_opponent": 0}}
    slots = {s["card"]: s["slot"] for s in game.view(None)["structure"] if s["accessible"]}
    assert aq["discard"] == 2 and aq["slot"] == slots["aqueduct"]
    assert cards["brewery"]["build"]["legal"] is True
    wonders = {w["wonder"]: w for w in aq["wonders"]}
    assert set(wonders) == {w["id"] for w in game.view(0)["players"][0]["wonders"]}
    for w in wonders.values():
        assert w["legal"] == (w["cost"] <= 5) and (w["reason"] is None) == w["legal"]


def test_my_turn_chain_and_legal_actions_agree() -> None:
    game = ready(["statue", "courthouse"], age=2, coins=0)
    give(game, 0, "theater")
    mine = {c["card"]: c for c in game.view(0)["my_turn"]["cards"]}
    assert mine["statue"]["build"]["breakdown"]["chain"] is True and mine["statue"]["build"]["cost"] == 0
    legal = {(a["type"], a["card"]) for a in game.legal_actions(0) if a["type"] == "build"}
    assert legal == {("build", c) for c, e in mine.items() if e["build"]["legal"]}


def test_view_rejects_bad_seats() -> None:
    game = new()
    for bad in (2, "0", True):
        with pytest.raises(ValueError):
            game.view(bad)


def test_pawn_sign_is_seat_relative() -> None:
    """Positive pawn = toward seat 1's capital, whoever began the game."""
    game = new(first_player=1)
    set_coins(game, 40, 40)
    jump(game, 1, ["guard_tower"], seat=1)
    game.apply(1, {"type": "build", "card": "guard_tower"})
    assert game.view(None)["military"]["pawn"] == -1
