"""The official 2-player variant (digest §12): the Free City, its card, its rules, control alternation."""

from __future__ import annotations

import random

import pytest

import engine
from engine.api import IllegalAction
from engine.classic import compiled as C
from tests.engine.classic import state_edits as edit
from tests.engine.classic.helpers import act, dealt, force_production, make


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


def test_controller_chooses_own_card_then_the_free_citys() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    edit.arrange(game, hands=[["a1_altar", "a1_theater", "a1_pawnshop"], ["a1_baths", "a1_loom"]])
    assert all("free_city" not in a for a in game.legal_actions(0))
    with pytest.raises(IllegalAction, match="own city first"):
        act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    with pytest.raises(IllegalAction, match="do not control"):
        act(game, 1, type="build", card="a1_baths", left=0, right=0, free_city=True)
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    assert game.waiting() == [0, 1]
    fc = game.legal_actions(0)
    assert fc and all(a.get("free_city") for a in fc)
    assert {a["card"] for a in fc} == {"a1_theater", "a1_pawnshop"}
    assert game.view(0)["my_turn"]["city"] == 2
    act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    assert game.view(0)["my_free_city_choice"]["card"] == "a1_theater"
    act(game, 0, type="build", card="a1_pawnshop", left=0, right=0)  # replacing the own card...
    assert game.view(0)["my_free_city_choice"] is None  # ...clears the Free City's choice
    act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    events = act(game, 1, type="discard", card="a1_baths")
    assert events[1] == {"type": "build", "seat": 0, "city": 2, "card": "a1_theater", "left": 0, "right": 0,
                         "coins": 0, "how": "paid"}  # the Free City is revealed first
    s = game.state
    assert _ids(s.built[2]) == ["a1_theater"] and _ids(s.built[0]) == ["a1_pawnshop"]
    assert s.controller == 1 and _ids(s.hands[0]) == ["a1_loom"]
    assert "a1_altar" in _ids(s.hands[1]) and len(s.hands[1]) == 2  # + the pile's top card


def test_free_city_discards_only_when_it_cannot_play() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    edit.arrange(game, hands=[["a1_altar", "a1_stockade", "a1_pawnshop"], ["a1_baths", "a1_loom"]])
    act(game, 0, type="discard", card="a1_altar")
    types = {(a["type"], a["card"]) for a in game.legal_actions(0)}
    assert ("discard", "a1_pawnshop") not in types and ("build", "a1_pawnshop") in types
    assert not any(a["card"] == "a1_stockade" for a in game.legal_actions(0))  # no wood: not playable
    with pytest.raises(IllegalAction, match="Free City"):
        act(game, 0, type="discard", card="a1_stockade", free_city=True)
    edit.arrange(game,
                 hands=[["a1_altar", "a1_stockade", "a1_barracks"], ["a1_baths", "a1_loom"]], coins={2: 0})
    act(game, 0, type="discard", card="a1_altar")
    assert {a["type"] for a in game.legal_actions(0)} == {"discard"}


def test_free_city_must_build_a_chain_card_for_free() -> None:
    game = make(["giza", "rhodes", "ephesus"], seats=2)
    edit.arrange(game, age=2, hands=[["a2_aqueduct", "a2_temple", "a2_loom"], ["a2_press", "a2_walls"]],
            built={2: ["a1_baths"]})
    force_production(game, 2, "SS")
    act(game, 0, type="discard", card="a2_loom")
    offers = [a for a in game.legal_actions(0) if a["card"] == "a2_aqueduct"]
    assert offers == [{"type": "build", "card": "a2_aqueduct", "left": 0, "right": 0, "free_city": True}]


def test_free_city_buys_from_the_controller_if_he_wishes() -> None:
    game = make(["olympia", "giza", "rhodes"], seats=2)
    edit.arrange(game, hands=[["a1_altar", "a1_stockade"], ["a1_baths", "a1_loom"]],
            built={1: ["a1_lumber_yard"]})
    act(game, 0, type="discard", card="a1_altar")
    offers = sorted((a["left"], a["right"]) for a in game.legal_actions(0) if a["card"] == "a1_stockade")
    assert offers == [(0, 2), (2, 0)]  # from Olympia (seat 0, left of the Free City) or seat 1
    act(game, 0, type="build", card="a1_stockade", left=2, right=0, free_city=True)
    act(game, 1, type="discard", card="a1_baths")
    assert game.state.coins == [8, 6, 1]  # seat 0: +3 discard +2 sale


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
    game = make(["giza", "rhodes", "halicarnassus"], seats=2)
    edit.arrange(game, hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_loom"]], stages={2: 1},
            discard=["a1_tavern"])
    force_production(game, 2, "OOO")
    act(game, 0, type="discard", card="a1_altar")
    act(game, 0, type="wonder", card="a1_theater", left=0, right=0, free_city=True)
    act(game, 1, type="discard", card="a1_baths")
    assert game.state.phase == "halicarnassus" and game.to_act() == [0]
    assert game.view(0)["discard"] is not None and game.view(1)["discard"] is None
    assert game.legal_actions(0)[0]["free_city"] is True
    act(game, 0, type="halicarnassus", card="a1_tavern", free_city=True)
    assert C.CARD_INDEX["a1_tavern"] in game.state.built[2]


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
