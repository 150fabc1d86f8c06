"""Edge cases of the rules digest (§5, §7, §11) not covered by the card, stage and ability tests."""

from __future__ import annotations

from engine.classic import compiled as C
from engine.classic.scoring import score_city
from tests.engine.classic.helpers import act, arrange, builds, make


def test_chain_needs_the_named_structure_in_the_city() -> None:
    game = make(["rhodes", "ephesus", "alexandria"])
    hands = [["a2_aqueduct", "a2_temple"], ["a2_loom", "a2_press"], ["a2_walls", "a2_statue"]]
    arrange(game, age=2, hands=hands, built={0: ["a1_baths"]}, coins={0: 0})
    assert builds(game, 0, "a2_aqueduct") == [(0, 0)]
    assert next(c for c in game.view(0)["my_turn"]["cards"] if c["card"] == "a2_aqueduct")["chain"] is True
    arrange(game, built={0: [], 1: ["a1_baths"]})  # a neighbour's Baths do not help
    assert builds(game, 0, "a2_aqueduct") == []


def test_chain_build_pays_nothing_and_is_reported() -> None:
    game = make(["rhodes", "ephesus", "alexandria"])
    hands = [["a2_forum", "a2_temple"], ["a2_loom", "a2_press"], ["a2_walls", "a2_statue"]]
    arrange(game, age=2, hands=hands, built={0: ["a1_west_trading_post"]}, coins={0: 0})
    events = act(game, 0, type="build", card="a2_forum", left=0, right=0)
    act(game, 1, type="discard", card="a2_loom")
    events = act(game, 2, type="discard", card="a2_walls")
    assert {"type": "build", "seat": 0, "city": 0, "card": "a2_forum", "left": 0, "right": 0, "coins": 0,
            "how": "chain"} in events


def test_a_card_under_a_wonder_stage_is_not_a_structure() -> None:
    game = make(["giza", "ephesus", "alexandria"])
    hands = [["a1_baths", "a1_altar"], ["a1_loom", "a1_press"], ["a1_clay_pool", "a1_theater"]]
    arrange(game, turn=2, hands=hands, built={0: ["a1_stone_pit"]})  # SS: its own stone and the pit's
    act(game, 0, type="wonder", card="a1_baths", left=0, right=0)
    act(game, 1, type="discard", card="a1_loom")
    act(game, 2, type="discard", card="a1_clay_pool")
    city = game.view(None)["cities"][0]
    assert city["stages_built"] == 1 and city["cards"] == ["a1_stone_pit"]
    # Age II with the Baths under Giza's stage: Giza's one stone cannot pay the Aqueduct's SSS
    hands = [["a2_aqueduct", "a2_temple"], ["a2_loom", "a2_press"], ["a2_walls", "a2_statue"]]
    arrange(game, age=2, hands=hands, built={0: []}, stages={0: 1}, tucked={0: ["a1_baths"]})
    assert builds(game, 0, "a2_aqueduct") == []  # no chain from a tucked card
    assert "a1_baths" not in str(game.view(1))  # the tucked card stays hidden


def test_a_chain_never_makes_a_wonder_stage_free() -> None:
    game = make(["giza", "ephesus", "alexandria"])
    hands = [["a2_aqueduct", "a2_temple"], ["a2_loom", "a2_press"], ["a2_walls", "a2_statue"]]
    # Giza's one stone, and no stone for sale, cannot pay the stage's SS; the Baths chain must not help
    arrange(game, age=2, hands=hands, built={0: ["a1_baths"]})
    assert [a for a in game.legal_actions(0) if a["type"] == "wonder"] == []


def test_selling_does_not_stop_the_seller_from_using_its_resource() -> None:
    game = make(["giza", "olympia", "babylon", "rhodes", "ephesus", "alexandria", "halicarnassus"])
    hands = [["a1_stockade", "a1_altar"], ["a1_stockade", "a1_theater"]] + [[]] * 5  # two Stockades: 7 seats
    arrange(game, hands=hands)
    act(game, 0, type="build", card="a1_stockade", left=2, right=0)
    act(game, 1, type="build", card="a1_stockade", left=0, right=0)
    for seat in range(2, 7):
        act(game, seat, type="discard", card=game.view(seat)["hand"][0])
    cities = game.view(None)["cities"]
    assert [c["shields"] for c in cities[:3]] == [1, 1, 0] and [c["coins"] for c in cities[:3]] == [1, 5, 6]


def test_vineyard_counts_same_turn_brown_cards_of_neighbours_not_boards() -> None:
    game = make(["giza", "olympia", "babylon"])
    hands = [["a2_vineyard", "a2_press"], ["a2_sawmill", "a2_loom"], ["a2_quarry", "a2_walls"]]
    arrange(game, age=2, hands=hands, built={0: ["a1_lumber_yard"]}, coins=[0, 3, 3])
    act(game, 0, type="build", card="a2_vineyard", left=0, right=0)
    act(game, 1, type="build", card="a2_sawmill", left=0, right=0)
    act(game, 2, type="build", card="a2_quarry", left=0, right=0)
    assert game.view(None)["cities"][0]["coins"] == 3  # own Lumber Yard + two neighbours' new brown cards


def test_arena_counts_stages_and_haven_own_brown_cards_only() -> None:
    game = make(["giza", "olympia", "babylon"])
    hands = [["a3_arena", "a3_haven"], ["a3_gardens", "a3_palace"], ["a3_senate", "a3_study"]]
    # Giza's stone, the Stone Pit's and the Ore Vein's: the Arena's SSO
    arrange(game, age=3, hands=hands, stages={0: 2}, built={0: ["a1_stone_pit", "a1_ore_vein"],
                                                           1: ["a1_lumber_yard"]}, coins=[0, 3, 3])
    act(game, 0, type="build", card="a3_arena", left=0, right=0)
    act(game, 1, type="discard", card="a3_gardens")
    act(game, 2, type="discard", card="a3_senate")
    assert game.view(None)["cities"][0]["coins"] == 6
    assert score_city(game.state, 0)["commercial"] == 2


def test_copied_strategists_counts_the_copiers_neighbours() -> None:
    game = make(["olympia", "giza", "rhodes"], sides=["B", "A", "A"])
    arrange(game, age=3, turn=2, built={1: ["a3_strategists_guild"]}, stages={0: 3},
            tokens={1: [-1, -1, -1], 2: [-1], 0: [-1, -1]})
    strategists = C.CARD_INDEX["a3_strategists_guild"]
    assert score_city(game.state, 0, copy=strategists)["guilds"] == 4  # Olympia's neighbours' defeats (3 + 1)
