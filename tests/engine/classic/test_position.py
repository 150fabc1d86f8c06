"""The testing-only ``position`` option: a mid-Age classic or Cities position as data, completed from the
deal and checked as a whole (docs/classic.md, "The position option")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine


def game_at(position: Any, seats: int = 3, seed: int = 5, **options: Any) -> engine.Game:
    return engine.new_game("classic", seats=seats, seed=seed, options={"position": position, **options})


def refused(position: Any, reason: str, seats: int = 3, **options: Any) -> None:
    with pytest.raises(ValueError, match=reason):
        game_at(position, seats, **options)


AGE_2_TURN_3: dict[str, Any] = {
    "age": 2, "turn": 3,
    "cities": [{"board": "giza", "side": "A", "built": ["a1_lumber_yard", "a2_sawmill"], "stages": 1,
                "coins": 7, "military": [1]},
               {"board": "rhodes", "side": "B", "military": [-1]}, {"board": "ephesus", "side": "A"}],
    "hands": [{"with": ["a2_forum"]}, {"with": []},
              ["a2_library", "a2_school", "a2_courthouse", "a2_dispensary", "a2_brickyard"]],
}


def test_an_empty_position_is_the_dealt_game() -> None:
    for seats, options in ((3, {}), (2, {}), (4, {"cities": True})):
        dealt = engine.new_game("classic", seats=seats, seed=5, options=options)
        game = game_at({}, seats, **options)
        assert [game.view(s) for s in range(seats)] == [dealt.view(s) for s in range(seats)]
        assert [game.legal_actions(s) for s in range(seats)] == [dealt.legal_actions(s) for s in range(seats)]


def test_the_position_is_what_the_views_show() -> None:
    game = game_at(AGE_2_TURN_3)
    view = game.view(0)
    assert (view["age"], view["turn"], view["phase"]) == (2, 3, "turn")
    assert len(view["hand"]) == 5 and "a2_forum" in view["hand"]
    giza, rhodes, _ = view["cities"]
    assert giza["board"] == "giza" and giza["cards"] == ["a1_lumber_yard", "a2_sawmill"]
    assert giza["stages_built"] == 1 and giza["coins"] == 7 and giza["military"] == [1]
    assert giza["production"]["wood"] == 3 and rhodes["military"] == [-1] and rhodes["side"] == "B"
    assert sorted(game.view(2)["hand"]) == sorted(AGE_2_TURN_3["hands"][2])
    # Age I is over (21 cards: Giza's Lumber Yard, the card under its stage, 19 discarded); Age II's first
    # two turns played 6 cards: the Sawmill and 5 discarded.
    assert view["discard_count"] == 19 + 5
    assert view["seen"] == [{"age": 2, "turn": 3, "hand": view["hand"], "drawn": None}]
    assert view["history"] == []


def test_the_game_plays_on_saves_and_replays_from_the_position() -> None:
    game = game_at(AGE_2_TURN_3)
    for _ in range(3):
        for seat in game.waiting():
            game.apply(seat, game.legal_actions(seat)[0])
    assert game.view(None)["turn"] == 6
    data = json.loads(json.dumps(game.to_dict()))
    assert data["options"]["position"] == AGE_2_TURN_3
    again = engine.restore(data)
    assert [again.view(s) for s in range(3)] == [game.view(s) for s in range(3)]
    while not game.is_over():
        for seat in game.waiting():
            game.apply(seat, game.legal_actions(seat)[0])
    assert game.result() is not None


def test_two_seats_free_city_pile_and_controller() -> None:
    game = game_at({"age": 2, "turn": 2, "pile": {"with": ["a2_sawmill"]},
                    "hands": [{"with": []}, {"with": ["a2_forum"]}]}, seats=2)
    view = game.view(None)
    assert view["free_city"]["pile"] == 7 - 2  # one card drawn at turn 1, one at the start of turn 2
    controller = view["free_city"]["controller"]
    assert controller == 0  # seat 1 holds the Free City card first in Age II, then it alternates
    assert len(game.view(controller)["hand"]) == 6 + 1 and len(game.view(1 - controller)["hand"]) == 6
    assert "a2_forum" in game.view(1)["hand"]


def test_a_discard_pile_with_given_cards_is_filled_up() -> None:
    """``{"with": [...]}``: the pile holds these cards, and the turns' other cards as without a discard."""
    hali = {"board": "halicarnassus", "side": "B", "built": ["a1_ore_vein", "a1_clay_pit"]}
    cities = [hali, {"board": "giza"}, {"board": "rhodes"}]
    game = game_at({"turn": 3, "cities": cities, "discard": {"with": ["a1_baths"]}})
    assert game.view(None)["discard_count"] == 6 - 2  # two turns of 3 cards: 2 built, 4 discarded
    wonder = next(a for a in game.legal_actions(0) if a["type"] == "wonder")  # stage 1: OO
    game.apply(0, wonder)
    for seat in (1, 2):
        game.apply(seat, {"type": "discard", "card": game.view(seat)["hand"][0]})
    pile = game.view(0)["discard"]  # Halicarnassus chooses from the pile
    assert "a1_baths" in pile and len(pile) == 6


def test_cities_debt_and_diplomacy_tokens() -> None:
    game = game_at({"cities": [{"debt": 2, "diplomacy": 1}, {}, {}], "turn": 2}, cities=True)
    city = game.view(None)["cities"][0]
    assert city["debt"] == 2 and city["diplomacy"] == 1 and city["skips_conflicts"]
    assert len(game.view(0)["hand"]) == 7
    assert game.result() is None and game.view(None)["cities"][1]["debt"] == 0


@pytest.mark.parametrize(("position", "reason"), [
    ([], "a dict is expected"),
    ({"round": 2}, "unknown keys"),
    ({"age": 0}, "age must be"),
    ({"turn": 7}, "turn must be"),
    ({"cities": [{}, {}]}, "the 3 cities"),
    ({"cities": [{"board": "atlantis"}, {}, {}]}, "unknown board 'atlantis'"),
    ({"cities": [{"board": "petra"}, {}, {}]}, "come with Cities"),
    ({"cities": [{"board": "giza"}, {"board": "giza"}, {}]}, "same board"),
    ({"cities": [{"side": "C"}, {}, {}]}, "a side is"),
    ({"cities": [{"board": "giza", "side": "B", "stages": 5}, {}, {}]}, "5 stages built; giza_B has 4"),
    ({"cities": [{"stages": 1, "tucked": []}, {}, {}], "age": 2}, "tucks 0 cards under its 1 stages"),
    ({"cities": [{"coins": -1}, {}, {}]}, "coins must be"),
    ({"cities": [{"military": [2]}, {}, {}]}, "military must list"),
    ({"cities": [{"debt": 1}, {}, {}]}, "debt tokens come with Cities"),
    ({"cities": [{"built": ["a1_flying_machine"]}, {}, {}]}, "unknown card"),
    ({"cities": [{"built": ["a2_sawmill"]}, {}, {}]}, "Age 2 card, not dealt in Age 1"),
    ({"cities": [{"built": ["a1_lumber_yard", "a1_lumber_yard"]}, {}, {}], "age": 2},
     "two cards of the same name"),
    ({"cities": [{"built": ["a1_lumber_yard"]}, {"built": ["a1_lumber_yard"]}, {}], "age": 2},
     "a1_lumber_yard is in play 2 times; the game has 1"),
    ({"age": 3, "cities": [{"built": ["a3_workers_guild"]}, {}, {}],
      "hands": [{"with": ["a3_workers_guild"]}, {"with": []}, {"with": []}]}, "guild is in play twice"),
    ({"cities": [{"built": ["a1_lumber_yard"]}, {}, {}]}, "too few are left to fill the hands"),
    ({"hands": [["a1_lumber_yard"], {"with": []}, {"with": []}]}, "hand 0 holds 1 cards; at turn 1 a hand"),
    ({"hands": [{"with": ["a2_sawmill"]}, {"with": []}, {"with": []}]}, "another Age than Age 1"),
    ({"hands": [{"with": []}]}, "one hand per seat"),
    ({"hands": [{"cards": []}, {}, {}]}, "is a list of card ids"),
    ({"age": 2, "discard": []}, "Age 1 dealt 21 cards but 0 are"),
    ({"turn": 2, "discard": []}, "Age 1 dealt 21 cards but 18 are"),
    ({"pile": []}, "only the 2-player game"),
    ({"discard": {"cards": []}}, "discard is a list of card ids"),
    ({"discard": {"with": ["a3_palace"]}}, "a3_palace .in the discard pile. is an Age 3 card"),
    ({"age": 2, "discard": {"with": ["a1_baths", "a1_baths"]}}, "a1_baths is in play 2 times"),
    ({"age": 2, "discard": {"with": ["a2_sawmill"]}}, "too few are left to fill the hands"),
])
def test_an_impossible_position_is_refused_with_its_reason(position: Any, reason: str) -> None:
    refused(position, reason)


def test_impossible_two_seat_and_cities_positions_are_refused() -> None:
    refused({"pile": ["a1_loom"]}, "the Free City pile holds 1 cards; at turn 1 it holds 7", seats=2)
    refused({"cities": [{}, {}]}, "the 3 cities", seats=2)
    refused({"age": 2, "cities": [{"built": ["a1_hideout", "a1_hideout"]}, {}, {}]}, "same name", cities=True)
    refused({"age": 2, "cities": [{"built": ["a1_hideout"]}, {"built": ["a1_hideout"]}, {}]},
            "black card is in play twice", cities=True)
    refused({"turn": 8}, "turn must be a whole number from 1 to 7", cities=True)
    assert len(game_at({"turn": 7}, cities=True).view(0)["hand"]) == 2
    refused({"hands": [["a1_lumber_yard"] * 7, {"with": []}, {"with": []}]}, "in play 7 times")


def test_a_refused_position_changes_nothing_it_was_given() -> None:
    position = {"age": 2, "cities": [{"built": ["a1_lumber_yard"]}, {"built": ["a1_lumber_yard"]}, {}]}
    before = json.dumps(position)
    with pytest.raises(ValueError):
        game_at(position)
    assert json.dumps(position) == before
