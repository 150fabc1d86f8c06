"""Commerce with the two neighbours: prices, discounts, limited stock, unsellable production."""

from __future__ import annotations

import engine
from engine.classic.game import ClassicGame
from tests.engine.classic.helpers import act, arrange, builds, make, stage_offers

HAND = ["a1_stockade", "a1_baths", "a1_workshop"]


def _game(boards: list[str], built: dict[int, list[str]], coins: int = 10, sides: str | list[str] = "A",
          age: int = 1, hands: list[list[str]] | None = None) -> ClassicGame:
    """Turn 3 of ``age``: seat 0 holds ``HAND`` in Age I (or ``hands``), every city has ``coins``."""
    game = make(boards, sides=sides)
    hands = hands or [HAND if age == 1 else []] + [[]] * (len(boards) - 1)
    return arrange(game, age=age, turn=3, hands=hands, built=built, coins=[coins] * len(boards))


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
    arrange(game, stages={0: 1})
    assert sorted(builds(game, 0, "a1_baths")) == [(0, 1), (1, 0)]
    arrange(game, hands=[HAND, [], []],
            built={0: ["a1_west_trading_post", "a1_east_trading_post"], 2: ["a1_stone_pit"]})
    assert sorted(builds(game, 0, "a1_baths")) == [(0, 1), (1, 0)]
    assert game.view(0)["cities"][0]["prices"]["right"]["glass"] == 2


def test_yellow_and_wonder_one_of_production_cannot_be_sold() -> None:
    # Giza has papyrus from its Press; the School also needs wood
    game = _game(["giza", "babylon", "alexandria"], {0: ["a1_press"], 1: ["a2_caravansery"]}, age=2,
                 hands=[["a2_school"], [], []])
    arrange(game, stages={2: 2})  # Alexandria A stage 2: one of W/S/C/O, not sellable
    assert builds(game, 0, "a2_school") == []
    assert _option(game, 0, "a2_school")["build_reason"] == "the resources cannot be produced or bought"
    arrange(game, built={0: ["a1_press", "a2_caravansery"], 1: []})  # but a city uses its own Caravansery
    assert builds(game, 0, "a2_school") == [(0, 0)]


def test_either_or_brown_card_sells_either_type() -> None:
    game = _game(["rhodes", "ephesus", "halicarnassus"], {1: ["a1_timber_yard"]})
    assert builds(game, 0, "a1_baths") == [(2, 0)]
    assert builds(game, 0, "a1_stockade") == [(2, 0)]


def test_a_neighbour_sells_at_most_its_production() -> None:
    game = _game(["rhodes", "giza", "babylon"], {1: ["a1_stone_pit"], 2: ["a1_timber_yard"]}, age=2,
                 hands=[["a2_aqueduct"], [], []])
    assert builds(game, 0, "a2_aqueduct") == [(4, 2)]
    arrange(game, built={1: [], 2: ["a1_timber_yard"]})
    assert builds(game, 0, "a2_aqueduct") == []


def test_only_the_two_neighbours_trade() -> None:
    game = _game(["giza", "rhodes", "olympia", "babylon"], {})
    assert builds(game, 0, "a1_stockade") == []


def test_both_buyers_get_the_same_unit_and_seller_is_paid_after_the_turn() -> None:
    # 7 seats: two Stockades; Olympia (city 1) is the left neighbour of Giza and the right one of Babylon
    boards = ["giza", "olympia", "babylon", "rhodes", "ephesus", "alexandria", "halicarnassus"]
    game = _game(boards, {}, coins=3, hands=[["a1_stockade"], ["a1_altar"], ["a1_stockade"]] + [[]] * 4)
    assert builds(game, 0, "a1_stockade") == [(2, 0)]
    assert builds(game, 2, "a1_stockade") == [(0, 2)]
    act(game, 0, type="build", card="a1_stockade", left=2, right=0)
    act(game, 1, type="build", card="a1_altar", left=0, right=0)
    act(game, 2, type="build", card="a1_stockade", left=0, right=2)
    for seat in range(3, 7):
        events = act(game, seat, type="discard", card=game.view(seat)["hand"][0])
    assert [c["coins"] for c in game.view(None)["cities"][:3]] == [1, 7, 1]
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
                 {0: ["a1_west_trading_post"], 1: ["a1_lumber_yard"], 2: ["a1_glassworks"]}, age=2,
                 hands=[["a2_temple"], ["a2_school"], ["a2_walls"]])
    # (2, 2): wood from the dearer right, glass from the left; (1, 2) is cheaper for both, yet legal too.
    assert builds(game, 0, "a2_temple") == [(1, 2), (3, 0), (0, 4), (2, 2)]
    view = next(c for c in game.view(0)["my_turn"]["cards"] if c["card"] == "a2_temple")
    assert [(o["left"], o["right"], o["dominated"]) for o in view["build"]] == [
        (1, 2, False), (3, 0, False), (0, 4, False), (2, 2, True)]
    act(game, 0, type="build", card="a2_temple", left=2, right=2)
    act(game, 1, type="discard", card="a2_school")
    act(game, 2, type="discard", card="a2_walls")
    assert [c["coins"] for c in game.view(None)["cities"]] == [6, 15, 15]
