"""The testing-only ``position`` option: a mid-game Duel position as data, completed from the setup and
checked as a whole (docs/duel.md, "The position option")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine

RICH_AGE_2: dict[str, Any] = {
    "age": 2, "to_play": 1, "first_player": 0, "pawn": -4,
    "cities": [{"coins": 9, "cards": ["lumber_yard", "scriptorium"],
                "wonders": [{"id": "the_pyramids", "card": "quarry"}, "the_colossus", "the_appian_way",
                            "circus_maximus"], "progress": ["agriculture"]},
               {"coins": 3, "cards": ["stone_reserve"]}],
}


AGE_1 = [c["id"] for c in engine.catalog("duel")["cards"] if c["age"] == 1]


def game_at(position: dict[str, Any], seed: int = 4, **options: Any) -> engine.Game:
    return engine.new_game("duel", seats=2, seed=seed, options={"position": position, **options})


def refused(position: Any, reason: str, **options: Any) -> None:
    with pytest.raises(ValueError, match=reason):
        game_at(position, **options)


def test_the_position_is_what_the_views_show() -> None:
    game = game_at(RICH_AGE_2)
    view = game.view(None)
    assert view["phase"] == "play" and view["age"] == 2 and view["to_act"] == [1]
    assert view["pending"]["kind"] == "turn" and view["first_player"] == 0
    me, other = view["players"]
    assert me["coins"] == 9 and me["cards"] == ["lumber_yard", "scriptorium"]
    assert me["production"]["wood"] == 1 and me["science"] == ["quill"]
    assert [(w["id"], w["built"], w["tucked_card"]) for w in me["wonders"]][:2] == [
        ("the_pyramids", True, "quarry"), ("the_colossus", False, None)]
    assert me["progress"] == ["agriculture"]
    assert other["coins"] == 3 and other["cards"] == ["stone_reserve"] and len(other["wonders"]) == 4
    assert other["trade_prices"]["stone"] == 1  # Stone Reserve's fixed price is in force
    # Age I is over: its 20 cards are in the cities, under the Pyramids or (the missing ones) discarded.
    assert len(view["discard"]) == 20 - 4
    assert view["military"]["pawn"] == -4
    assert [t["present"] for t in view["military"]["tokens"]] == [False, True, True, True]
    assert sum(not s["taken"] for s in view["structure"]) == 20 and len(view["progress_board"]) == 4


def test_the_game_plays_on_saves_and_replays_from_the_position() -> None:
    game = game_at(RICH_AGE_2)
    for _ in range(6):
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    data = json.loads(json.dumps(game.to_dict()))
    assert data["options"]["position"] == RICH_AGE_2
    again = engine.restore(data)
    assert again.view(0) == game.view(0) and again.legal_actions(game.to_act()[0]) == \
        game.legal_actions(game.to_act()[0])


def test_a_structure_with_taken_slots_holds_the_ages_cards_now_placed() -> None:
    dealt = [s["card"] for s in game_at({"age": 1}).view(None)["structure"]]
    assert None in dealt  # face-down cards are not shown
    structure: list[str | None] = ["lumber_yard", "stone_pit", "clay_pool", "logging_camp", "quarry",
                                   "clay_pit", "glassworks", "press", "guard_tower", "workshop",
                                   "apothecary", "stone_reserve", "clay_reserve", "wood_reserve",
                                   "stable", "garrison", "palisade", "scriptorium", None, None]
    game = game_at({"age": 1, "structure": structure, "to_play": 0,
                    "cities": [{"cards": ["pharmacist"]}, {}], "discard": ["tavern"]})
    slots = game.view(None)["structure"]
    assert [s["slot"] for s in slots if s["taken"]] == [18, 19]
    assert all(s["card"] == structure[s["slot"]] for s in slots if s["accessible"])
    assert slots[13]["accessible"] and slots[13]["card"] == "wood_reserve"  # freed by slot 18: face up
    assert game.to_act() == [0]


def test_defaults_come_from_the_setup_of_the_seed_and_the_other_options() -> None:
    plain = engine.new_game("duel", seats=2, seed=9, options={"first_game_wonders": True})
    game = game_at({}, seed=9, first_game_wonders=True)
    assert game.view(None)["structure"] == plain.view(None)["structure"]
    assert [p["wonders"] for p in game.view(None)["players"]] == [
        p["wonders"] for p in plain.view(None)["players"]]
    assert game.view(None)["progress_board"] == plain.view(None)["progress_board"]


def test_a_built_great_library_took_one_of_the_boxed_tokens() -> None:
    game = game_at({"cities": [{"wonders": [{"id": "the_great_library", "built": True}, "the_colossus",
                                            "the_appian_way", "circus_maximus"],
                                "progress": ["law"]}, {}]})
    view = game.view(0)
    assert len(view["progress_board"]) == 5 and "law" not in view["progress_board"]
    assert view["players"][0]["science"] == ["law"] and len(view["library_seen"]) == 2


@pytest.mark.parametrize(("position", "reason"), [
    ("age 2", "a dict is expected"),
    ({"turn": 3}, "unknown keys"),
    ({"age": 4}, "age must be"),
    ({"pawn": 9}, "pawn"),
    ({"pawn": -12}, "pawn"),
    ({"to_play": 2}, "to_play"),
    ({"cities": [{"coins": -1}, {}]}, "coins must be"),
    ({"cities": [{"cards": ["flying_machine"]}, {}]}, "unknown id 'flying_machine'"),
    ({"cities": [{"cards": ["lumber_yard"]}, {"cards": ["lumber_yard"]}]}, "lumber_yard is in two places"),
    ({"cities": [{"cards": ["arsenal"]}, {}]}, "Age 3 card, not dealt in Age 1"),
    ({"cities": [{"cards": ["merchants_guild"]}, {}], "age": 2}, "Age 3 card"),
    ({"cities": [{}], "age": 2}, "the 2 cities"),
    ({"age": 2, "discard": ["tavern"]}, "Age 1 is over: its 20 cards"),
    ({"cities": [{"wonders": ["the_pyramids"]}, {"wonders": ["the_pyramids"]}]}, "Wonder is in two places"),
    ({"cities": [{"wonders": ["the_pyramids", "the_colossus", "the_appian_way", "circus_maximus",
                              "the_sphinx"]}, {}]}, "city 0 has 5 Wonders"),
    ({"cities": [{"wonders": ["the_pyramids"]}, {"wonders": ["the_colossus"]}]}, "must be the 8 drafted"),
    ({"cities": [{"wonders": [{"id": "the_pyramids", "built": False, "card": "quarry"}]}, {}]},
     "unbuilt Wonder has no card"),
    ({"boxed_wonder": "the_sphinx"}, "must be the 8 drafted, not 9"),
    ({"cities": [{"wonders": ["the_pyramids", "the_colossus", "the_appian_way", "circus_maximus"]},
                 {"wonders": ["the_sphinx", "piraeus", "the_mausoleum"]}],
      "boxed_wonder": "the_great_library"},
     "the boxed Wonder is the unbuilt one left once 7 are built"),
    ({"pawn": 4, "military_tokens": [True, True, True, True]}, "passed seat 1's 2-coin token"),
    ({"military_tokens": [True, True]}, "military_tokens must be 4"),
    ({"structure": ["lumber_yard"] * 20}, "two places"),
    ({"structure": ["arsenal"] + [None] * 19}, "not a card of Age 1"),
    ({"access_order": [0, 1]}, "access_order must list the free slots"),
    ({"access_order": 3}, "access_order must list"),
    ({"structure": [None] + AGE_1[1:20], "cities": [{"cards": ["lumber_yard"]}, {}]},
     "slot 0 is taken but slot 2 still lies on it"),
    ({"cities": [{"progress": ["law", "law"]}, {}]}, "token is in two"),
    ({"cities": [{"progress": ["law"]}, {}], "progress_board": ["law"]}, "token is in two places"),
    ({"progress_board": ["law"]}, "the board holds 1 Progress tokens but 5"),
    ({"cities": [{"cards": ["scriptorium", "pharmacist", "workshop", "apothecary", "academy"],
                  "progress": ["law"]}, {}], "age": 3},
     "6 science symbols"),
])
def test_an_impossible_position_is_refused_with_its_reason(position: Any, reason: str) -> None:
    refused(position, reason)


def test_two_cards_of_one_name_in_a_city_are_refused() -> None:
    refused({"cities": [{"cards": ["lumber_yard", "lumber_yard"]}, {}]}, "two places")


def test_taken_slots_must_match_the_ages_placed_cards() -> None:
    refused({"structure": AGE_1[:18] + [None, None]}, "2 structure slots are taken but 0 Age 1 cards")
    refused({"structure": AGE_1[:19] + [None], "cities": [{"cards": AGE_1[19:21]}, {}]},
            "1 structure slots are taken but 2 Age 1 cards")


def test_a_refused_position_leaves_the_options_it_was_given_untouched() -> None:
    position = {"cities": [{"cards": ["lumber_yard"]}, {"cards": ["lumber_yard"]}]}
    before = json.dumps(position)
    with pytest.raises(ValueError):
        game_at(position)
    assert json.dumps(position) == before


def test_accessible_cards_are_dealt_into_free_slots_around_the_taken_ones() -> None:
    game = game_at({"age": 2, "structure": {"accessible": ["brewery", "aqueduct"]},
                    "cities": [{"cards": ["sawmill"]}, {"cards": ["library"]}]})
    slots = game.view(None)["structure"]
    assert [s["slot"] for s in slots if s["taken"]] == [18, 19]
    assert {"brewery", "aqueduct"} <= {s["card"] for s in slots if s["accessible"]}
    refused({"age": 2, "structure": {"accessible": ["brewery", "aqueduct", "forum"]}},
            "3 cards are to be accessible but 2 slots are free")
    refused({"age": 2, "structure": {"accessible": ["lumber_yard"]}}, "not a card of Age 2")
    refused({"age": 2, "structure": {"cards": []}}, "or {'accessible'")


def _gain_order_free(view: dict[str, Any]) -> dict[str, Any]:
    """A view with each city's one-of productions sorted (a position lists its cards' ones first, then its
    Wonders'; a played game lists them in the order they were gained)."""
    for player in view["players"]:
        player["choices"].sort()
    return view


def test_the_position_of_a_played_game_builds_a_game_that_plays_on_alike() -> None:
    from engine.duel.position import position_of

    checked = 0
    for seed in range(6):
        game = engine.new_game("duel", seats=2, seed=seed)
        for step in range(60):
            if game.is_over():
                break
            seat = game.to_act()[0]
            if step % 7 == 6 and game.view(None)["pending"]["kind"] == "turn":
                other = game_at(position_of(game.state), seed=seed)  # type: ignore[attr-defined]
                assert [_gain_order_free(other.view(s)) for s in (None, 0, 1)] == [
                    _gain_order_free(game.view(s)) for s in (None, 0, 1)]
                assert other.legal_actions(seat) == game.legal_actions(seat)
                checked += 1
            game.apply(seat, game.legal_actions(seat)[step % len(game.legal_actions(seat))])
    assert checked >= 20
