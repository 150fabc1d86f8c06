"""The official 2-player variant (digest §12): the Free City, its card, its rules, control alternation."""

from __future__ import annotations

import random

import pytest

import engine
from engine.api import IllegalAction
from engine.classic import compiled as C
from tests.engine.classic.helpers import act, arrange, dealt, make


def _ids(cards: list[int]) -> list[str]:
    return [C.CARD_ID[c] for c in cards]


def test_setup_uses_three_player_decks_and_a_free_city() -> None:
    game = engine.new_game("classic", seats=2, seed=9)
    s = game.state
    assert s.n == 3 and game.seats == 2
    assert [len(dealt(s, age)) for age in (1, 2, 3)] == [21, 21, 21]
    assert sum(1 for c in dealt(s, 3) if C.IS_GUILD[c]) == 5
    assert s.coins == [3, 3, 3]
    assert len(s.pile) == 6 and len(s.hands[0]) == 8 and len(s.hands[1]) == 7  # seat 0 drew the top card
    assert [s.left(c) for c in range(3)] == [1, 2, 0] and [s.right(c) for c in range(3)] == [2, 0, 1]
    view = game.view(0)
    assert view["variant"] == "two_player" and view["free_city"] == {"city": 2, "controller": 0, "pile": 6}
    assert view["cities"][2]["seat"] is None and len(view["cities"]) == 3
    assert game.view(1)["hand"] == _ids(s.hands[1]) and "hand" in game.view(1)


# Turn 5 of Age I: seat 0 holds the Free City card and draws the pile's top card (the Marketplace)
PILE = ["a1_marketplace", "a1_guard_tower", "a1_east_trading_post"]


def test_controller_chooses_own_card_then_the_free_citys() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    arrange(game, hands=[["a1_altar", "a1_theater", "a1_clay_pool"], ["a1_baths", "a1_loom", "a1_press"]],
            pile=PILE, turn=5)
    assert all("free_city" not in a for a in game.legal_actions(0))
    with pytest.raises(IllegalAction, match="own city first"):
        act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    with pytest.raises(IllegalAction, match="do not control"):
        act(game, 1, type="build", card="a1_baths", left=0, right=0, free_city=True)
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    assert game.waiting() == [0, 1]
    fc = game.legal_actions(0)
    assert fc and all(a.get("free_city") for a in fc)
    assert {a["card"] for a in fc} == {"a1_theater", "a1_clay_pool", "a1_marketplace"}
    assert game.view(0)["my_turn"]["city"] == 2
    act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    assert game.view(0)["my_free_city_choice"]["card"] == "a1_theater"
    act(game, 0, type="build", card="a1_clay_pool", left=0, right=0)  # replacing the own card...
    assert game.view(0)["my_free_city_choice"] is None  # ...clears the Free City's choice
    act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    events = act(game, 1, type="discard", card="a1_baths")
    assert events[1] == {"type": "build", "seat": 0, "city": 2, "card": "a1_theater", "left": 0, "right": 0,
                         "coins": 0, "how": "paid"}  # the Free City is revealed first
    view = game.view(None)
    assert view["cities"][2]["cards"] == ["a1_theater"] and view["cities"][0]["cards"] == ["a1_clay_pool"]
    assert view["free_city"]["controller"] == 1 and game.view(0)["hand"] == ["a1_loom", "a1_press"]
    # seat 1 holds seat 0's last two cards and the pile's new top card
    assert "a1_altar" in game.view(1)["hand"] and len(game.view(1)["hand"]) == 3


def test_free_city_discards_only_when_it_cannot_play() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    hand = ["a1_baths", "a1_loom", "a1_press"]
    arrange(game, hands=[["a1_altar", "a1_stockade", "a1_clay_pool"], hand], pile=PILE, turn=5)
    act(game, 0, type="discard", card="a1_altar")
    types = {(a["type"], a["card"]) for a in game.legal_actions(0)}
    assert ("discard", "a1_clay_pool") not in types and ("build", "a1_clay_pool") in types
    assert not any(a["card"] == "a1_stockade" for a in game.legal_actions(0))  # no wood: not playable
    with pytest.raises(IllegalAction, match="Free City"):
        act(game, 0, type="discard", card="a1_stockade", free_city=True)
    # the Free City without coins: no ore bought for the Barracks, no wood or clay anywhere
    pile = ["a1_guard_tower", "a1_marketplace", "a1_east_trading_post"]
    arrange(game, hands=[["a1_altar", "a1_stockade", "a1_barracks"], hand], pile=pile, coins={2: 0})
    act(game, 0, type="discard", card="a1_altar")
    assert {a["type"] for a in game.legal_actions(0)} == {"discard"}


def test_free_city_must_build_a_chain_card_for_free() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    # turn 4 of Age II: seat 0 holds the Free City card
    arrange(game, age=2, turn=4, hands=[["a2_aqueduct", "a2_temple", "a2_loom"], ["a2_press", "a2_walls"]],
            built={2: ["a1_baths"]})
    act(game, 0, type="discard", card="a2_loom")
    offers = [a for a in game.legal_actions(0) if a["card"] == "a2_aqueduct"]
    assert offers == [{"type": "build", "card": "a2_aqueduct", "left": 0, "right": 0, "free_city": True}]


def test_free_city_buys_from_the_controller_if_he_wishes() -> None:
    game = make(["olympia", "giza", "rhodes"], seats=2)
    arrange(game, hands=[["a1_altar", "a1_stockade"], ["a1_baths", "a1_loom"]], turn=5,
            built={1: ["a1_lumber_yard"]})
    act(game, 0, type="discard", card="a1_altar")
    offers = sorted((a["left"], a["right"]) for a in game.legal_actions(0) if a["card"] == "a1_stockade")
    assert offers == [(0, 2), (2, 0)]  # from Olympia (seat 0, left of the Free City) or seat 1
    act(game, 0, type="build", card="a1_stockade", left=2, right=0, free_city=True)
    act(game, 1, type="discard", card="a1_baths")
    assert [c["coins"] for c in game.view(None)["cities"]] == [8, 6, 1]  # seat 0: +3 discard +2 sale


def test_control_alternates_and_ages_start_with_the_right_holder() -> None:
    game = engine.new_game("classic", seats=2, seed=2)
    s = game.state
    holders = []
    for _ in range(18):
        holders.append((s.age, s.controller))
        ctrl = s.controller
        for seat in (0, 1):
            own = C.CARD_ID[s.hands[seat][0]]
            act(game, seat, type="discard", card=own)
            if seat == ctrl:
                acts = game.legal_actions(seat)
                game.apply(seat, next(a for a in acts if a.get("free_city")))
        while s.phase not in ("turn", "over"):
            game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
    assert [h for age, h in holders if age == 1] == [0, 1, 0, 1, 0, 1]
    assert [h for age, h in holders if age == 2] == [1, 0, 1, 0, 1, 0]
    assert [h for age, h in holders if age == 3][:2] == [0, 1]


def test_each_age_uses_exactly_twenty_one_cards() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    s = game.state
    while s.age == 1:
        ctrl = s.controller
        for seat in (0, 1):
            act(game, seat, type="discard", card=C.CARD_ID[s.hands[seat][0]])
            if seat == ctrl:
                fc = [a for a in game.legal_actions(seat) if a.get("free_city")]
                game.apply(seat, fc[0])
    placed = len(s.discard) + sum(len(b) for b in s.built) + sum(len(c) for c in s.stage_cards)
    assert placed == 21 and s.pile != []  # the new age's pile (7 minus the drawn card)
    assert sorted(s.discard + [c for b in s.built for c in b] + [c for c in s.stage_cards for c in c]) == \
        sorted(dealt(s, 1))


def test_free_city_halicarnassus_is_chosen_by_the_controller() -> None:
    game = make(["giza", "rhodes", "halicarnassus"], sides=["A", "A", "B"], seats=2)
    # Halicarnassus B's first stage costs OO: the Ore Vein's and the Clay Pit's
    arrange(game, hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_loom"]], turn=5,
            built={2: ["a1_ore_vein", "a1_clay_pit"]})
    act(game, 0, type="discard", card="a1_altar")
    act(game, 0, type="wonder", card="a1_theater", left=0, right=0, free_city=True)
    act(game, 1, type="discard", card="a1_baths")
    assert game.view(None)["phase"] == "halicarnassus" and game.to_act() == [0]
    assert game.view(0)["discard"] is not None and game.view(1)["discard"] is None
    taken = game.legal_actions(0)[0]
    assert taken["free_city"] is True and taken["type"] == "halicarnassus"
    game.apply(0, taken)
    assert taken["card"] in game.view(None)["cities"][2]["cards"]


def test_result_has_two_seats_and_the_free_city_score() -> None:
    game = engine.new_game("classic", seats=2, seed=1)

    from engine.bench import play_random  # noqa: F401  (the generic simulator is exercised elsewhere)

    rng = random.Random(1)
    while not game.is_over():
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    result = game.result()
    assert len(result["scores"]) == 2 and result["free_city"]["total"] >= -18
    assert set(result["winners"]) <= {0, 1}
