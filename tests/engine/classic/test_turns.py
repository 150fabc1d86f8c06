"""Simultaneous turns, replacing a choice, passing hands, the 7th card, military, illegal actions."""

from __future__ import annotations

import pytest

import engine
from engine.api import IllegalAction
from engine.classic import compiled as C
from tests.engine.classic.helpers import act, arrange, dealt, discard_all, make


def _hands(game: engine.Game) -> list[list[str]]:
    return [game.view(seat)["hand"] for seat in range(game.seats)]


def test_setup_deals_seven_cards_and_three_coins() -> None:
    game = engine.new_game("classic", seats=5, seed=3)
    s = game.state
    assert [len(h) for h in s.hands] == [7] * 5
    assert s.coins == [3] * 5
    assert len({b // 2 for b in s.boards}) == 5
    assert game.to_act() == [0, 1, 2, 3, 4]
    assert sum(1 for c in dealt(s, 3) if C.IS_GUILD[c]) == 7


def test_sides_options() -> None:
    for side, parity in (("A", 0), ("B", 1)):
        boards = engine.new_game("classic", seats=7, seed=1, options={"sides": side}).state.boards
        assert [b % 2 for b in boards] == [parity] * 7
    chosen = {"wonders": [{"board": "giza", "side": "B"}, {"board": None, "side": "A"}, {}]}
    s = engine.new_game("classic", seats=3, seed=1, options=chosen).state
    assert s.boards[0] == C.BS_ID.index("giza_B") and s.boards[1] % 2 == 0
    with pytest.raises(ValueError):
        engine.new_game("classic", seats=3, seed=1, options={"wonders": [{"board": "giza"}] * 3})
    with pytest.raises(ValueError):
        engine.new_game("classic", seats=8, seed=1)
    with pytest.raises(ValueError):
        engine.new_game("classic", seats=3, seed=1, options={"sides": "C"})


def test_simultaneous_choice_replace_and_reveal() -> None:
    game = make(["giza", "rhodes", "ephesus"])
    arrange(game, hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_guard_tower"], ["a1_press", "a1_loom"]],
            turn=2)
    events = act(game, 0, type="build", card="a1_altar", left=0, right=0)
    assert events == [{"type": "chosen", "seat": 0, "city": 0}]
    assert game.to_act() == [0, 1, 2] and game.waiting() == [1, 2]
    assert game.view(0)["my_choice"]["card"] == "a1_altar"
    assert game.view(1)["my_choice"] is None and game.view(1)["chosen"] == [True, False, False]
    # (seat 1's memory is left out: this position was set up, not played)
    assert "a1_altar" not in str({**game.view(1), "seen": None}) and "a1_altar" not in str(game.view(None))
    act(game, 0, type="build", card="a1_theater", left=0, right=0)  # replaced
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="build", card="a1_press", left=0, right=0)
    assert {"type": "build", "seat": 0, "city": 0, "card": "a1_theater", "left": 0, "right": 0, "coins": 0,
            "how": "paid"} in events
    assert {"type": "discard", "seat": 1, "city": 1, "coins": 3} in events
    view = game.view(None)
    assert [c["coins"] for c in view["cities"]] == [3, 6, 3]
    assert view["turn"] == 3


@pytest.mark.parametrize(("age", "shift"), [(1, 1), (2, -1), (3, 1)])
def test_hands_pass_left_in_ages_one_and_three_right_in_two(age: int, shift: int) -> None:
    game = engine.new_game("classic", seats=4, seed=5)
    arrange(game, age=age)
    before = _hands(game)
    events = discard_all(game)
    after = _hands(game)
    for seat in range(4):
        assert sorted(after[(seat + shift) % 4]) == sorted(before[seat][1:])
    assert events[-1]["direction"] == ("right" if age == 2 else "left")


def test_seventh_card_is_discarded_without_coins_then_military() -> None:
    game = make(["olympia", "rhodes", "ephesus"])
    arrange(game, hands=[["a1_stockade", "a1_altar"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]],
            turn=6, built={1: ["a1_guard_tower", "a1_barracks"]}, coins=[3, 3, 3])
    discarded = game.view(None)["discard_count"]
    act(game, 0, type="build", card="a1_stockade", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="discard", card="a1_press")
    view = game.view(None)
    assert [c["coins"] for c in view["cities"]] == [3, 6, 6]
    assert view["discard_count"] == discarded + 5  # two discarded cards and the three last ones
    # shields: city0 1, city1 2, city2 0
    assert [c["military"] for c in view["cities"]] == [[-1, 1], [1, 1], [-1, -1]]
    assert {"type": "military", "city": 0, "against": 1, "token": -1} in events
    assert view["age"] == 2 and view["turn"] == 1
    assert [c["hand_count"] for c in view["cities"]] == [7, 7, 7]


def test_military_values_per_age() -> None:
    game = make(["giza", "rhodes", "ephesus"])
    for age, win in ((1, 1), (2, 3), (3, 5)):
        arrange(game, age=age, turn=6, built={0: ["a1_stockade"], 1: [], 2: []},
                tokens={0: [], 1: [], 2: []})
        discard_all(game)  # the last turn of the Age
        assert [c["military"] for c in game.view(None)["cities"]] == [[win, win], [-1], [-1]]


def test_illegal_actions_change_nothing() -> None:
    game = make(["giza", "rhodes", "ephesus"])
    # no coins and nothing to buy from Rhodes (ore) or Ephesus (papyrus): no Stockade
    arrange(game, hands=[["a1_altar", "a1_stockade"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]],
            turn=2, built={0: ["a1_theater"]}, coins={0: 0})
    snapshot = game.to_dict()
    bad = [
        ("x", "an action is a dict"),
        ({"type": "fly"}, "unknown action type"),
        ({"type": ["build"]}, "unknown action type"),
        ({"type": "discard", "card": ["a1_altar"]}, "unknown card"),
        ({"type": "discard", "card": "a1_altar", "free_city": 1}, "'free_city'"),
        ({"type": "build", "card": "a1_palace", "left": 0, "right": 0}, "unknown card"),
        ({"type": "build", "card": "a3_palace", "left": 0, "right": 0}, "not in your hand"),
        ({"type": "build", "card": "a1_altar"}, "'left' and 'right'"),
        ({"type": "build", "card": "a1_altar", "left": 0, "right": 0, "x": 1}, "unexpected fields"),
        ({"type": "build", "card": "a1_stockade", "left": 0, "right": 0}, "cannot build a1_stockade"),
        ({"type": "build", "card": "a1_altar", "left": 2, "right": 0}, "not offered"),
        ({"type": "olympia", "card": "a1_altar"}, "Olympia"),
        ({"type": "halicarnassus", "card": "a1_altar"}, "not possible now"),
        ({"type": "discard", "card": "a1_altar", "free_city": True}, "Free City"),
    ]
    for action, reason in bad:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(0, action)
    with pytest.raises(IllegalAction, match="nothing to choose"):
        game.apply(5, {"type": "discard", "card": "a1_altar"})
    assert game.to_dict() == snapshot
    # a structure of the same name built in an earlier Age
    arrange(game, age=2, hands=[["a2_loom"], [], []], built={0: ["a1_loom"]})
    snapshot = game.to_dict()
    with pytest.raises(IllegalAction, match="already built"):
        game.apply(0, {"type": "build", "card": "a2_loom", "left": 0, "right": 0})
    assert game.to_dict() == snapshot


def test_coins_for_discard_and_trade_not_usable_in_the_same_turn() -> None:
    game = make(["giza", "olympia", "ephesus"])
    hands = [["a1_stockade", "a1_altar"], ["a1_baths", "a1_guard_tower"], ["a1_press", "a1_loom"]]
    arrange(game, hands=hands, coins=[0, 3, 3])
    # city 0 (Giza) cannot pay 2 coins for Olympia's wood: its coins come only at the end of the turn
    assert [a for a in game.legal_actions(0) if a["card"] == "a1_stockade" and a["type"] == "build"] == []
    act(game, 0, type="discard", card="a1_altar")
    act(game, 1, type="build", card="a1_baths", left=0, right=2)  # buys stone from Giza
    act(game, 2, type="discard", card="a1_press")
    assert [c["coins"] for c in game.view(None)["cities"]] == [5, 1, 6]
