"""Commerce with the two neighbours: prices, discounts, limited stock, unsellable production."""

from __future__ import annotations

import engine
from tests.engine.classic import state_edits as edit
from tests.engine.classic.helpers import act, builds, make, stage_offers

HANDS = [["a1_stockade", "a1_baths", "a1_workshop", "a2_aqueduct"], ["a1_altar", "a1_theater"],
         ["a1_pawnshop", "a1_stockade"]]


def _game(boards: list[str], built: dict[int, list[str]], coins: int = 10, sides: str | list[str] = "A"):
    game = make(boards, sides=sides)
    hands = HANDS + [["a1_loom"]] * (len(boards) - 3)
    return edit.arrange(game, hands=hands, built=built, coins=[coins] * len(boards))


def _option(game, seat: int, card: str) -> dict:
    """The options of ``card`` in ``seat``'s view."""
    return next(c for c in game.view(seat)["my_turn"]["cards"] if c["card"] == card)


def test_two_neighbours_sell_the_same_resource_at_different_prices() -> None:
    # Giza needs wood: Olympia (left) sells at 1 thanks to the West Trading Post, the right neighbour at 2
    game = _game(["giza", "olympia", "babylon"], {0: ["a1_west_trading_post"], 2: ["a1_lumber_yard"]})
    assert builds(game, 0, "a1_stockade") == [(1, 0), (0, 2)]


def test_both_trading_posts() -> None:
    game = _game(["giza", "olympia", "babylon"],
                 {0: ["a1_west_trading_post", "a1_east_trading_post"], 2: ["a1_lumber_yard"]})
    assert sorted(builds(game, 0, "a1_stockade")) == [(0, 1), (1, 0)]


def test_east_trading_post_is_the_right_neighbour() -> None:
    game = _game(["giza", "olympia", "babylon"], {0: ["a1_east_trading_post"], 2: ["a1_lumber_yard"]})
    assert builds(game, 0, "a1_stockade") == [(0, 1), (2, 0)]


def test_marketplace_discounts_manufactured_goods_from_both_neighbours() -> None:
    game = _game(["rhodes", "alexandria", "giza"], {0: ["a1_marketplace"], 2: ["a1_glassworks"]})
    assert sorted(builds(game, 0, "a1_workshop")) == [(0, 1), (1, 0)]
    game = _game(["rhodes", "alexandria", "giza"], {0: ["a1_marketplace"]})
    assert builds(game, 0, "a1_stockade") == []  # no wood around
    assert game.view(0)["cities"][0]["prices"]["left"]["wood"] == 2


def test_olympia_b_buys_raw_materials_at_one_from_both_and_is_not_cumulative() -> None:
    game = _game(["olympia", "giza", "babylon"], {2: ["a1_stone_pit"]}, sides=["B", "A", "A"])
    edit.arrange(game, stages={0: 1})
    assert sorted(builds(game, 0, "a1_baths")) == [(0, 1), (1, 0)]
    edit.arrange(game, built={0: ["a1_west_trading_post", "a1_east_trading_post"], 2: ["a1_stone_pit"]})
    assert sorted(builds(game, 0, "a1_baths")) == [(0, 1), (1, 0)]
    assert game.view(0)["cities"][0]["prices"]["right"]["glass"] == 2


def test_yellow_and_wonder_one_of_production_cannot_be_sold() -> None:
    game = _game(["giza", "babylon", "alexandria"], {1: ["a2_caravansery"]})
    edit.arrange(game, stages={2: 2})  # Alexandria A stage 2: one of W/S/C/O, not sellable
    assert builds(game, 0, "a1_stockade") == []
    assert _option(game, 0, "a1_stockade")["build_reason"] == "the resources cannot be produced or bought"
    edit.arrange(game, built={0: ["a2_caravansery"]})  # but a city uses its own Caravansery
    assert builds(game, 0, "a1_stockade") == [(0, 0)]


def test_either_or_brown_card_sells_either_type() -> None:
    game = _game(["rhodes", "ephesus", "halicarnassus"], {1: ["a1_timber_yard"]})
    assert builds(game, 0, "a1_baths") == [(2, 0)]
    assert builds(game, 0, "a1_stockade") == [(2, 0)]


def test_a_neighbour_sells_at_most_its_production() -> None:
    game = _game(["rhodes", "giza", "babylon"], {1: ["a1_stone_pit"], 2: ["a1_stone_pit"]})
    assert builds(game, 0, "a2_aqueduct") == [(4, 2)]
    edit.arrange(game, built={1: [], 2: ["a1_stone_pit"]})
    assert builds(game, 0, "a2_aqueduct") == []


def test_only_the_two_neighbours_trade() -> None:
    game = _game(["giza", "rhodes", "olympia", "babylon"], {})
    assert builds(game, 0, "a1_stockade") == []


def test_both_buyers_get_the_same_unit_and_seller_is_paid_after_the_turn() -> None:
    game = _game(["giza", "olympia", "babylon"], {}, coins=3)
    assert builds(game, 0, "a1_stockade") == [(2, 0)]
    assert builds(game, 2, "a1_stockade") == [(0, 2)]
    act(game, 0, type="build", card="a1_stockade", left=2, right=0)
    act(game, 1, type="build", card="a1_altar", left=0, right=0)
    events = act(game, 2, type="build", card="a1_stockade", left=0, right=2)
    assert game.state.coins == [1, 7, 1]
    assert {"type": "build", "seat": 2, "city": 2, "card": "a1_stockade", "left": 0, "right": 2, "coins": 0,
            "how": "paid"} in events


def test_the_expensive_side_is_a_legal_choice() -> None:
    game = _game(["giza", "olympia", "babylon"], {0: ["a1_west_trading_post"], 2: ["a1_lumber_yard"]})
    act(game, 0, type="build", card="a1_stockade", left=0, right=2)
    assert game.view(0)["my_choice"]["right"] == 2


def test_coin_cost_and_purchases_together_must_be_affordable() -> None:
    game = _game(["giza", "olympia", "babylon"], {}, coins=1)
    assert builds(game, 0, "a1_stockade") == []
    assert _option(game, 0, "a1_stockade")["build_reason"] == "not enough coins to buy the resources"


def test_stage_payments_use_the_same_commerce() -> None:
    game = _game(["rhodes", "olympia", "giza"], {0: ["a1_west_trading_post"], 1: ["a1_lumber_yard"]})
    assert stage_offers(game, 0) == [(2, 0)]  # Rhodes A stage 1: 2 wood from Olympia at 1


def test_payment_options_listed_cheapest_first_in_legal_actions() -> None:
    game = engine.new_game("classic", seats=7, seed=11)
    for seat in range(7):
        totals: dict[tuple[str, str], list[int]] = {}
        for a in game.legal_actions(seat):
            if a["type"] in ("build", "wonder"):
                totals.setdefault((a["type"], a["card"]), []).append(a["left"] + a["right"])
        assert all(t == sorted(t) for t in totals.values())


def test_the_buyer_chooses_the_seller_of_each_unit_even_the_dearer_one() -> None:
    # Babylon makes its own clay; Temple needs wood, clay, glass. Both neighbours sell wood and glass;
    # with the West Trading Post, Babylon buys the left's wood at 1.
    game = _game(["babylon", "alexandria", "olympia"],
                 {0: ["a1_west_trading_post"], 1: ["a1_lumber_yard"], 2: ["a1_glassworks"]})
    edit.arrange(game, hands=[["a2_temple", "a1_altar"], ["a1_theater", "a1_baths"], ["a1_loom", "a1_press"]])
    # (2, 2): wood from the dearer right, glass from the left; (1, 2) is cheaper for both, yet legal too.
    assert builds(game, 0, "a2_temple") == [(1, 2), (3, 0), (0, 4), (2, 2)]
    view = next(c for c in game.view(0)["my_turn"]["cards"] if c["card"] == "a2_temple")
    assert [(o["left"], o["right"], o["dominated"]) for o in view["build"]] == [
        (1, 2, False), (3, 0, False), (0, 4, False), (2, 2, True)]
    act(game, 0, type="build", card="a2_temple", left=2, right=2)
    act(game, 1, type="discard", card="a1_theater")
    act(game, 2, type="discard", card="a1_loom")
    assert [c["coins"] for c in game.view(None)["cities"]] == [6, 15, 15]
