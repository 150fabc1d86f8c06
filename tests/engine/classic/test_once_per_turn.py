"""readings.ONCE_PER_TURN_PER_CARD (cities.md §9.2): the Clandestine Wharves, the Secret Warehouse and the
Black Market serve at most once per turn per card, also when Babylon B plays its last card in the turn of its
seventh (both values of the switch)."""

from __future__ import annotations

import pytest

from engine.classic import readings as R
from engine.classic.game import ClassicGame
from tests.engine.classic.cities_helpers import build_action, cities_game, play_turn
from tests.engine.classic.helpers import arrange, builds


def _babylon_last_turn(age: int, hand: list[str], built: list[str], coins: int = 5,
                       left: list[str] | None = None) -> ClassicGame:
    """Cities, 3 seats, the last turn of ``age``: seat 0 is Babylon B (clay) with both stages that let it
    play its last card, holding ``hand`` and the structures ``built``; its left neighbour Rhodes (ore) has
    built ``left``, its right neighbour Ephesus (papyrus) nothing."""
    game = cities_game(["babylon", "rhodes", "ephesus"], sides=["B", "A", "A"])
    arrange(game, hands=[hand, [], []], built={0: built, 1: left or [], 2: []},
            stages={0: 2}, coins=[coins, 0, 0], age=age, turn=7)
    return game


@pytest.mark.parametrize("per_turn", [True, False])
def test_once_per_turn_per_card_wharf(monkeypatch: pytest.MonkeyPatch, per_turn: bool) -> None:
    """The West Clandestine Wharf takes 1 coin off the turn's first purchase from the left; Babylon's last
    card bought from the left the same turn pays the full price (True) or gets the rebate again (False)."""
    monkeypatch.setattr(R, "ONCE_PER_TURN_PER_CARD", per_turn)
    game = _babylon_last_turn(1, ["a1_baths", "a1_stockade"], ["a1_west_clandestine_wharf"],
                              left=["a1_stone_pit", "a1_lumber_yard"])
    assert builds(game, 0, "a1_baths") == [(1, 0)]
    events = play_turn(game, {0: ("build", "a1_baths")})
    built = next(e for e in events if e["type"] == "build" and e["city"] == 0)
    assert built["rebates"] == [{"card": "a1_west_clandestine_wharf", "neighbour": "left", "coins": 1}]
    assert game.view(None)["phase"] == "babylon"
    assert builds(game, 0, "a1_stockade") == [(2, 0) if per_turn else (1, 0)]
    events = game.apply(0, build_action(game, 0, "a1_stockade"))
    last = next(e for e in events if e["type"] == "build")
    assert ("rebates" in last) == (not per_turn)
    assert game.view(None)["cities"][0]["coins"] == 5 - 1 - (2 if per_turn else 1)


@pytest.mark.parametrize("per_turn", [True, False])
def test_once_per_turn_per_card_secret_warehouse(monkeypatch: pytest.MonkeyPatch, per_turn: bool) -> None:
    """The Secret Warehouse's extra clay pays the Forum (CC, one clay produced); Babylon's last card, the
    Caravansery (WW, one wood produced, nothing for sale), then lacks its extra wood (True) or not (False)."""
    monkeypatch.setattr(R, "ONCE_PER_TURN_PER_CARD", per_turn)
    game = _babylon_last_turn(2, ["a2_forum", "a2_caravansery"], ["a1_secret_warehouse", "a1_lumber_yard"])
    events = play_turn(game, {0: ("build", "a2_forum")})
    forum = next(e for e in events if e["type"] == "build" and e["city"] == 0)
    assert forum["extra_units"] == ["a1_secret_warehouse"]
    assert builds(game, 0, "a2_caravansery") == ([] if per_turn else [(0, 0)])


def test_an_unused_effect_stays_for_the_last_card() -> None:
    """readings.ONCE_PER_TURN_PER_CARD: a first purchase that did not need the Secret Warehouse (its own
    stone sufficed) leaves its unit for Babylon's last card."""
    assert R.ONCE_PER_TURN_PER_CARD is True
    built = ["a1_secret_warehouse", "a1_lumber_yard", "a1_stone_pit", "a2_quarry"]
    game = _babylon_last_turn(2, ["a2_walls", "a2_caravansery"], built)
    events = play_turn(game, {0: ("build", "a2_walls")})  # SSS: the Stone Pit's and the Quarry's
    assert "extra_units" not in next(e for e in events if e["type"] == "build" and e["city"] == 0)
    assert builds(game, 0, "a2_caravansery") == [(0, 0)]
    events = game.apply(0, build_action(game, 0, "a2_caravansery"))
    assert next(e for e in events if e["type"] == "build")["extra_units"] == ["a1_secret_warehouse"]


@pytest.mark.parametrize("floor", [0, 1])
def test_purchase_price_floor_with_the_wharf(monkeypatch: pytest.MonkeyPatch, floor: int) -> None:
    """readings.PURCHASE_PRICE_FLOOR: a unit at 1 coin (a Trading Post) is lowered to 0 by the wharf (floor
    0); with floor 1 the wharf finds no unit above the floor and the unit costs 1."""
    monkeypatch.setattr(R, "PURCHASE_PRICE_FLOOR", floor)
    built = ["a1_west_clandestine_wharf", "a1_west_trading_post"]
    game = _babylon_last_turn(1, ["a1_stockade", "a1_baths"], built, left=["a1_lumber_yard"])
    assert builds(game, 0, "a1_stockade") == [(floor, 0)]
