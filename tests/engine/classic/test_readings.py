"""One test per (?) reading of the rules digest, each naming its constant or function in readings.py."""

from __future__ import annotations

import engine
from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.scoring import score_city
from tests.engine.classic.helpers import act, arrange, builds, make


def test_commerce_from_turn_start() -> None:
    """Reading without a switch (readings module doc, digest §6.2): a neighbour's card built this turn
    does not sell yet."""
    game = make(["giza", "rhodes", "ephesus"])
    hands = [["a1_stockade", "a1_baths"], ["a1_lumber_yard"], ["a1_press"]]
    arrange(game, hands=hands)
    act(game, 1, type="build", card="a1_lumber_yard", left=0, right=0)
    assert builds(game, 0, "a1_stockade") == []
    act(game, 0, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    arrange(game, hands=[["a1_stockade"], [], []])  # the next turn, the Stockade back in seat 0's hand
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
    assert game.view(None)["phase"] == "babylon"
    assert builds(game, 0, "a1_stockade") == [(1, 0)]


def test_halicarnassus_in_city_order_and_post_turn_order() -> None:
    """readings.HALICARNASSUS_IN_CITY_ORDER and readings.POST_TURN_ORDER: Halicarnassus builds are queued
    in city order, before Babylon B's 7th card."""
    assert R.HALICARNASSUS_IN_CITY_ORDER
    assert R.POST_TURN_ORDER == ("halicarnassus", "babylon")
    game = make(["babylon", "halicarnassus", "giza"], sides=["B", "B", "A"])
    # Halicarnassus B's first stage costs OO: the Ore Vein's and the Clay Pit's
    arrange(game, hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]],
            stages={0: 2}, built={1: ["a1_ore_vein", "a1_clay_pit"]}, turn=6)
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 1, type="wonder", card="a1_baths", left=0, right=0)
    act(game, 2, type="discard", card="a1_press")
    assert game.state.queue == [("halicarnassus", 1), ("babylon", 0)]
    assert game.to_act() == [1]
    act(game, 1, type="halicarnassus", card="a1_press")
    assert game.to_act() == [0] and game.view(None)["phase"] == "babylon"


def test_military_after_pending_counts_a_halicarnassus_red_card() -> None:
    """Reading without a switch (readings module doc, digest §11): a red card taken by Halicarnassus on
    turn 6 fights this age."""
    game = make(["halicarnassus", "giza", "rhodes"], sides=["B", "A", "A"])
    # Halicarnassus B's first stage costs OO: the Ore Vein's and the Clay Pit's; the Barracks are discarded
    hands = [["a1_altar", "a1_theater"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]]
    arrange(game, hands=hands, built={0: ["a1_ore_vein", "a1_clay_pit"]}, turn=6)
    act(game, 0, type="wonder", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    act(game, 0, type="halicarnassus", card="a1_barracks")
    assert game.view(None)["cities"][0]["military"] == [1, 1]


def test_shipowners_copy_counts_itself() -> None:
    """readings.SHIPOWNERS_COPY_COUNTS_ITSELF: a copied Shipowners Guild adds +1 for itself."""
    assert R.SHIPOWNERS_COPY_COUNTS_ITSELF
    game = make(["olympia", "giza", "rhodes"], sides=["B", "A", "A"])
    arrange(game, age=3, turn=2, built={0: ["a1_lumber_yard", "a1_loom"], 1: ["a3_shipowners_guild"]},
            stages={0: 3})
    assert score_city(game.state, 0, copy=C.CARD_INDEX["a3_shipowners_guild"])["guilds"] == 3


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
    arrange(game, age=3, turn=2, built={2: ["a3_palace", "a3_pantheon"]})
    result = finish(game.state)
    assert result["winners"] in ([0], [1], [0, 1]) and len(result["scores"]) == 2
    assert result["free_city"]["civilian"] == 15


def test_free_city_abilities_and_no_seventh_card() -> None:
    """readings.FREE_CITY_ABILITIES / FREE_CITY_PLAYS_LAST_CARD: the controller uses Olympia's free build
    for the Free City; a Free City with Babylon B stage 2 has no 7th card to play."""
    assert R.FREE_CITY_ABILITIES and not R.FREE_CITY_PLAYS_LAST_CARD
    game = make(["giza", "rhodes", "olympia"], seats=2)
    # turn 3 of Age I: seat 0 holds the Free City card; Olympia A's second stage is built
    arrange(game, hands=[["a1_scriptorium", "a1_altar", "a1_theater"], ["a1_baths", "a1_clay_pool"]],
            stages={2: 2}, turn=3)
    act(game, 0, type="discard", card="a1_theater")
    assert {"type": "olympia", "card": "a1_scriptorium", "free_city": True} in game.legal_actions(0)
    # the last turn of Age II (seat 0 holds the Free City card): the pile's last card is discarded
    game = make(["giza", "rhodes", "babylon"], sides=["A", "A", "B"], seats=2)
    arrange(game, age=2, turn=6, hands=[["a2_loom", "a2_glassworks"], ["a2_statue", "a2_walls"]],
            pile=["a2_vineyard", "a2_press"], stages={2: 2})
    discarded = game.view(None)["discard_count"]
    act(game, 0, type="build", card="a2_loom", left=0, right=0)
    act(game, 0, type="build", card="a2_vineyard", left=0, right=0, free_city=True)
    act(game, 1, type="discard", card="a2_statue")
    view = game.view(None)
    assert view["phase"] == "turn" and view["age"] == 3
    # the Statue, each seat's last card and the pile's Press: the Free City plays no last card
    assert view["discard_count"] == discarded + 4 and "a2_press" not in view["cities"][2]["cards"]


def test_babylon_mini_turn_uses_the_updated_state() -> None:
    """readings.POST_TURN_ORDER (digest §10 step 7): Babylon B's 7th card is played after the turn with the
    coins received during it and the neighbours' new production."""
    game = make(["babylon", "giza", "rhodes"], sides=["B", "A", "A"])
    hands = [["a1_altar", "a1_stockade"], ["a1_lumber_yard", "a1_guard_tower"], ["a1_press", "a1_loom"]]
    arrange(game, hands=hands, stages={0: 2}, turn=6, coins={0: 0})
    act(game, 0, type="discard", card="a1_altar")
    act(game, 1, type="build", card="a1_lumber_yard", left=0, right=0)
    act(game, 2, type="discard", card="a1_press")
    assert game.view(None)["phase"] == "babylon" and game.view(None)["cities"][0]["coins"] == 3
    assert builds(game, 0, "a1_stockade") == [(2, 0)]  # Giza's new Lumber Yard sells, paid with new coins
