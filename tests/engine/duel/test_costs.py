"""Costs: production, trading prices, fixed prices, discounts, Economy (duel.md §6, seed examples)."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from tests.engine.duel.helpers import build, coins, events_of, give, give_token, give_turn, ready, set_wonders


def test_seed_000_fortifications_cost_5() -> None:
    """Vasilis (2 stone) buys clay at 3 (Giannis has 1 clay) and papyrus at 2: 5 coins."""
    game = ready(["fortifications"], age=3, coins=5)
    give(game, 0, "shelf_quarry")
    give(game, 1, "clay_pool")
    ev = events_of(build(game, "fortifications"), "build")[0]
    assert ev["cost"] == 5
    assert ev["breakdown"]["trade"] == {"clay": 3, "papyrus": 2}
    assert coins(game)[0] == 0


def test_seed_000_caravansery_cost_7() -> None:
    """2 coins + glass at 3 (the opponent produces 1 glass) + papyrus at 2."""
    game = ready(["caravansery"], age=2, coins=7)
    give(game, 1, "glassworks")
    ev = events_of(build(game, "caravansery"), "build")[0]
    assert ev["cost"] == 7
    assert ev["breakdown"] == {"card_coins": 2, "trade": {"glass": 3, "papyrus": 2}, "chain": False,
                               "discount": {}, "to_opponent": 0}


def test_seed_000_aqueduct_cost_12() -> None:
    """Giannis has no stone; Vasilis's one brown card produces 2 stone: 3 x 4 = 12."""
    game = ready(["aqueduct"], age=2, seat=1, coins=12)
    give(game, 0, "shelf_quarry")
    assert events_of(build(game, "aqueduct"), "build")[0]["cost"] == 12


def test_cannot_build_without_the_coins_and_game_is_untouched() -> None:
    game = ready(["aqueduct"], age=2, seat=1, coins=11)
    give(game, 0, "shelf_quarry")
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="costs 12 coins"):
        build(game, "aqueduct")
    assert game.to_dict() == before
    assert {"type": "build", "card": "aqueduct"} not in game.legal_actions(1)


def test_own_production_is_not_consumed() -> None:
    game = ready(["walls", "aqueduct"], age=2, coins=2)
    give(game, 0, "shelf_quarry")
    assert events_of(build(game, "aqueduct"), "build")[0]["cost"] == 2
    give_turn(game, 0)
    assert events_of(build(game, "walls"), "build")[0]["cost"] == 0


def test_yellow_and_wonder_production_not_in_opponent_price() -> None:
    game = ready([], age=2, coins=10, cities=({"cards": ["forum", "caravansery"]}, {}))
    assert game.view(1)["players"][1]["trade_prices"] == dict.fromkeys(
        ["wood", "clay", "stone", "glass", "papyrus"], 2)


def test_choice_production_covers_one_unit() -> None:
    game = ready(["temple", "brewery"], age=2, coins=0, cities=({"cards": ["lumber_yard", "forum"]}, {}))
    ev = events_of(build(game, "temple"), "build")[0]  # wood from the Lumber Yard, papyrus from the Forum
    assert ev["cost"] == 0 and ev["breakdown"]["trade"] == {}


@pytest.mark.parametrize(("reserve", "resource"), [("stone_reserve", "stone"), ("clay_reserve", "clay"),
                                                    ("wood_reserve", "wood"), ("customs_house", "glass"),
                                                    ("customs_house", "papyrus")])
def test_fixed_price_one(reserve: str, resource: str) -> None:
    game = ready([], age=2, coins=10, cities=(
        {"cards": [reserve]}, {"cards": ["shelf_quarry", "sawmill", "brickyard", "glassworks", "press"]}))
    assert game.view(0)["players"][0]["trade_prices"][resource] == 1


def test_masonry_baths_cost_nothing() -> None:
    game = ready(["baths"], coins=0)
    give_token(game, 0, "masonry")
    ev = events_of(build(game, "baths"), "build")[0]
    assert ev["cost"] == 0 and ev["breakdown"]["discount"] == {"stone": 1}


def test_masonry_waives_the_two_most_expensive_units_blue_only() -> None:
    game = ready(["courthouse", "walls"], age=2, coins=20)
    give(game, 1, "sawmill")  # wood costs 4, glass 2
    give_token(game, 0, "masonry")
    ev = events_of(build(game, "courthouse"), "build")[0]  # 2 wood + 1 glass -> pay the glass only
    assert ev["cost"] == 2 and ev["breakdown"]["discount"] == {"wood": 2}
    give_turn(game, 0)
    assert events_of(build(game, "walls"), "build")[0]["cost"] == 4  # red: no discount


def test_architecture_discounts_wonders_only() -> None:
    game = ready(["guard_tower", "baths"], coins=20)
    set_wonders(game, 0, "the_pyramids")
    give_token(game, 0, "architecture")
    events = game.apply(0, {"type": "wonder", "card": "guard_tower", "wonder": "the_pyramids"})
    ev = events_of(events, "wonder")[0]
    assert ev["cost"] == 4 and ev["breakdown"]["discount"] == {"stone": 2}
    give_turn(game, 0)
    assert events_of(build(game, "baths"), "build")[0]["cost"] == 2


def test_economy_gets_trade_coins_not_card_coins() -> None:
    game = ready(["caravansery"], age=2, coins=7)
    give_token(game, 1, "economy")
    opp = coins(game)[1]
    events = build(game, "caravansery")
    assert events_of(events, "build")[0]["breakdown"]["to_opponent"] == 4
    assert coins(game)[1] - opp == 4
    assert events_of(events, "coins")[0] == {"type": "coins", "seat": 1, "delta": 4, "why": "economy"}


def test_economy_with_reserve_gets_what_is_paid() -> None:
    game = ready(["walls"], age=2, coins=7)
    give(game, 1, "quarry")
    give(game, 0, "stone_reserve")
    give_token(game, 1, "economy")
    opp = coins(game)[1]
    build(game, "walls")
    assert coins(game)[1] - opp == 2
