"""One test per (?) reading of the rules digest, each naming its constant or function in readings.py."""

from __future__ import annotations

import engine
from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.scoring import score_city
from tests.engine.classic import state_edits as edit
from tests.engine.classic.helpers import act, arrange, builds, force_production, make


def test_commerce_from_turn_start() -> None:
    """Reading without a switch (readings module doc, digest §6.2): a neighbour's card built this turn
    does not sell yet."""
    game = make(["giza", "rhodes", "ephesus"])
    hands = [["a1_stockade", "a1_baths", "a1_altar"], ["a1_lumber_yard", "a1_stockade", "a1_loom"],
             ["a1_press", "a1_loom", "a1_theater"]]
    edit.arrange(game, hands=hands)
    act(game, 1, type="build", card="a1_lumber_yard", left=0, right=0)
    assert builds(game, 0, "a1_stockade") == []
    act(game, 0, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    edit.arrange(game,
                 hands=[["a1_stockade", "a1_altar"], ["a1_loom", "a1_theater"], ["a1_loom", "a1_pawnshop"]])
    assert builds(game, 0, "a1_stockade") == [(2, 0)]


def test_discount_from_build_turn_reaches_babylons_seventh_card() -> None:
    """readings.DISCOUNT_FROM_BUILD_TURN / late_discounts: a Trading Post built on turn 6 already applies
    to Babylon B's 7th card."""
    assert R.DISCOUNT_FROM_BUILD_TURN
    assert R.late_discounts([15, 0], [0, 0]) == [15, 0]
    game = make(["babylon", "olympia", "giza"], sides=["B", "A", "A"])
    arrange(game, hands=[["a1_west_trading_post", "a1_stockade"], ["a1_baths", "a1_guard_tower"],
                         ["a1_press", "a1_loom"]], stages={0: 2}, turn=6)
    act(game, 0, type="build", card="a1_west_trading_post", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    assert game.state.phase == "babylon"
    assert builds(game, 0, "a1_stockade") == [(1, 0)]


def test_halicarnassus_in_city_order_and_post_turn_order() -> None:
    """readings.HALICARNASSUS_IN_CITY_ORDER and readings.POST_TURN_ORDER: Halicarnassus builds are queued
    in city order, before Babylon B's 7th card."""
    assert R.HALICARNASSUS_IN_CITY_ORDER
    assert R.POST_TURN_ORDER == ("halicarnassus", "babylon")
    game = make(["babylon", "halicarnassus", "giza"], sides=["B", "A", "A"])
    edit.arrange(game,
                 hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop"], ["a1_press", "a1_loom"]],
            stages={0: 2, 1: 1}, turn=6)
    force_production(game, 1, "OOO")
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 1, type="wonder", card="a1_baths", left=0, right=0)
    act(game, 2, type="discard", card="a1_press")
    assert game.state.queue == [("halicarnassus", 1), ("babylon", 0)]
    assert game.to_act() == [1]
    act(game, 1, type="halicarnassus", card="a1_press")
    assert game.to_act() == [0] and game.state.phase == "babylon"


def test_military_after_pending_counts_a_halicarnassus_red_card() -> None:
    """Reading without a switch (readings module doc, digest §11): a red card taken by Halicarnassus on
    turn 6 fights this age."""
    game = make(["halicarnassus", "giza", "rhodes"])
    edit.arrange(game,
                 hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop"], ["a1_press", "a1_loom"]],
            stages={0: 1}, turn=6, discard=["a1_barracks"])
    force_production(game, 0, "OOO")
    act(game, 0, type="wonder", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    act(game, 0, type="halicarnassus", card="a1_barracks")
    assert game.state.tokens[0] == [1, 1]


def test_shipowners_copy_counts_itself() -> None:
    """readings.SHIPOWNERS_COPY_COUNTS_ITSELF: a copied Shipowners Guild adds +1 for itself."""
    assert R.SHIPOWNERS_COPY_COUNTS_ITSELF
    game = make(["olympia", "giza", "rhodes"], sides=["B", "A", "A"])
    edit.arrange(game, built={0: ["a1_lumber_yard", "a1_loom"], 1: ["a3_shipowners_guild"]}, stages={0: 3})
    game.state.copies[0] = C.CARD_INDEX["a3_shipowners_guild"]
    assert score_city(game.state, 0)["guilds"] == 3


def test_first_controller_and_free_city_board_dealt() -> None:
    """readings.first_controller (left of the Free City = seat 0 in ages I and III, seat 1 in age II) and
    the reading without a switch (readings module doc, digest §12.1): the Free City gets a board and side
    like the players."""
    assert [R.first_controller(age) for age in (1, 2, 3)] == [0, 1, 0]
    game = engine.new_game("classic", seats=2, seed=4, options={"sides": "B"})
    s = game.state
    assert len(s.boards) == 3 and len({b // 2 for b in s.boards}) == 3 and all(b % 2 for b in s.boards)
    assert s.controller == 0 and len(s.hands[0]) == 8 and len(s.hands[1]) == 7


def test_free_city_cannot_win() -> None:
    """readings.FREE_CITY_CAN_WIN: winners are seats only, the Free City's score is reported apart."""
    assert not R.FREE_CITY_CAN_WIN
    from engine.classic.scoring import finish

    game = engine.new_game("classic", seats=2, seed=4)
    edit.arrange(game, built={2: ["a3_palace", "a3_pantheon"]})
    result = finish(game.state)
    assert result["winners"] in ([0], [1], [0, 1]) and len(result["scores"]) == 2
    assert result["free_city"]["civilian"] == 15


def test_free_city_abilities_and_no_seventh_card() -> None:
    """readings.FREE_CITY_ABILITIES / FREE_CITY_PLAYS_LAST_CARD: the controller uses Olympia's free build
    for the Free City; a Free City with Babylon B stage 2 has no 7th card to play."""
    assert R.FREE_CITY_ABILITIES and not R.FREE_CITY_PLAYS_LAST_CARD
    game = make(["giza", "rhodes", "olympia"], seats=2)
    edit.arrange(game, hands=[["a1_scriptorium", "a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop"]],
            stages={2: 2})
    act(game, 0, type="discard", card="a1_theater")
    assert {"type": "olympia", "card": "a1_scriptorium", "free_city": True} in game.legal_actions(0)
    game = make(["giza", "rhodes", "babylon"], sides=["A", "A", "B"], seats=2)
    edit.arrange(game, hands=[["a1_altar", "a1_theater", "a1_loom"], ["a1_baths", "a1_pawnshop"]],
            stages={2: 2}, turn=6)
    game.state.pile = [C.CARD_INDEX["a1_press"]]
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 0, type="build", card="a1_theater", left=0, right=0, free_city=True)
    act(game, 1, type="discard", card="a1_baths")
    assert game.state.phase == "turn" and game.state.age == 2
    assert C.CARD_INDEX["a1_press"] in game.state.discard


def test_babylon_mini_turn_uses_the_updated_state() -> None:
    """readings.POST_TURN_ORDER (digest §10 step 7): Babylon B's 7th card is played after the turn with the
    coins received during it and the neighbours' new production."""
    game = make(["babylon", "giza", "rhodes"], sides=["B", "A", "A"])
    hands = [["a1_altar", "a1_stockade"], ["a1_lumber_yard", "a1_guard_tower"], ["a1_press", "a1_loom"]]
    arrange(game, hands=hands, stages={0: 2}, turn=6, coins={0: 0})
    act(game, 0, type="discard", card="a1_altar")
    act(game, 1, type="build", card="a1_lumber_yard", left=0, right=0)
    act(game, 2, type="discard", card="a1_press")
    assert game.state.phase == "babylon" and game.state.coins[0] == 3
    assert builds(game, 0, "a1_stockade") == [(2, 0)]  # Giza's new Lumber Yard sells, paid with new coins
