"""Every black card of Cities (cities-cards.md): its cost, and its effect built through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from engine.classic import compiled as C
from engine.classic.scoring import score_city
from tests.engine.classic.cities_helpers import black_position, play_turn, settle

# Transcribed from cities-cards.md: id -> (coin cost, resource letters)
COSTS: dict[str, tuple[int, str]] = {
    "a1_smugglers_cache": (0, ""), "a1_west_clandestine_wharf": (1, ""), "a1_east_clandestine_wharf": (1, ""),
    "a1_secret_warehouse": (2, ""), "a1_city_gates": (1, "W"), "a1_customs": (0, ""), "a1_dive": (0, ""),
    "a1_opium_stash": (0, ""), "a1_hideout": (0, ""), "a1_raider_camp": (0, ""), "a1_cells": (0, ""),
    "a1_militia": (3, ""), "a1_residence": (0, "C"), "a1_pigeonhole": (1, "O"),
    "a2_black_market": (0, "OT"), "a2_architect_firm": (1, "P"), "a2_tabularium": (2, "WOT"),
    "a2_trade_center": (0, "SCP"), "a2_gambling_den": (1, ""), "a2_opium_den": (0, "P"), "a2_lair": (0, "WG"),
    "a2_sepulcher": (0, "SGT"), "a2_raider_fort": (1, "CO"), "a2_guardhouse": (2, "WO"),
    "a2_mercenaries": (4, "P"), "a2_consulate": (0, "CP"), "a2_band_of_spies": (2, "SC"),
    "a2_forging_agency": (2, ""),
    "a3_capitol": (2, "SSCCGP"), "a3_mint": (0, "WWCGT"), "a3_opium_distillery": (0, "WG"),
    "a3_brotherhood": (0, "WWOT"), "a3_chamber_of_builders": (0, "WCGP"), "a3_cenotaph": (0, "SCCGT"),
    "a3_secret_network": (0, "SP"), "a3_slave_market": (0, "WWOO"), "a3_raider_garrison": (2, "SST"),
    "a3_prison": (2, "COOP"), "a3_contingent": (5, "T"), "a3_embassy": (0, "SPT"), "a3_memorial": (0, "WST"),
    "a3_torture_chamber": (3, "OOG"),
}

# After seat 0 builds the card (10 coins each; seats 1 and 2 discard for 3 and pay every loss in full):
# coins of the three seats, debt, black-card VP, shields, diplomacy tokens, spies, military tokens of seat 0.
EFFECTS: dict[str, dict[str, Any]] = {
    "a1_smugglers_cache": {"coins": [10, 13, 13], "black": 0},
    "a1_west_clandestine_wharf": {"coins": [9, 13, 13]},
    "a1_east_clandestine_wharf": {"coins": [9, 13, 13]},
    "a1_secret_warehouse": {"coins": [8, 13, 13]},
    "a1_city_gates": {"coins": [9, 13, 13], "black": 4},
    "a1_customs": {"coins": [10, 14, 14], "black": 4},
    "a1_dive": {"coins": [16, 14, 14]},
    "a1_opium_stash": {"coins": [13, 12, 12], "debt": [0, 0, 0]},
    "a1_hideout": {"coins": [10, 12, 12], "black": 2},
    "a1_raider_camp": {"coins": [10, 13, 13], "debt": [0, 1, 1], "tokens": [1]},
    "a1_cells": {"coins": [10, 13, 13], "black": 0},
    "a1_militia": {"coins": [7, 13, 13], "shields": 2},
    "a1_residence": {"black": 1, "diplomacy": 1},
    "a1_pigeonhole": {"coins": [9, 13, 13], "spies": 1},
    "a2_black_market": {"coins": [10, 13, 13]},
    "a2_architect_firm": {"coins": [9, 13, 13], "black": 2},
    "a2_tabularium": {"coins": [8, 13, 13], "black": 6},
    "a2_trade_center": {"coins": [10, 15, 15], "black": 6},
    "a2_gambling_den": {"coins": [18, 15, 15]},
    "a2_opium_den": {"coins": [14, 10, 10]},
    "a2_lair": {"coins": [10, 11, 11], "black": 3},
    "a2_sepulcher": {"coins": [10, 11, 13], "black": 4},  # seat 1 holds two victory tokens
    "a2_raider_fort": {"coins": [9, 13, 13], "debt": [0, 1, 1], "tokens": [3]},
    "a2_guardhouse": {"coins": [8, 13, 13], "black": 0},
    "a2_mercenaries": {"coins": [6, 13, 13], "shields": 3},
    "a2_consulate": {"black": 2, "diplomacy": 1},
    "a2_band_of_spies": {"coins": [8, 13, 13], "spies": 1},
    "a2_forging_agency": {"coins": [8, 13, 13]},
    "a3_capitol": {"coins": [8, 13, 13], "black": 8},
    "a3_mint": {"coins": [10, 16, 16], "black": 8},
    "a3_opium_distillery": {"coins": [15, 8, 8]},
    "a3_brotherhood": {"coins": [10, 10, 10], "black": 4},
    "a3_chamber_of_builders": {"coins": [10, 11, 13], "black": 4},  # seat 1 has built two stages
    "a3_cenotaph": {"coins": [10, 11, 13], "black": 5},  # seat 1 holds two victory tokens
    "a3_secret_network": {"coins": [13, 13, 13], "black": 4 + 3, "shields": 2},  # with City Gates, Militia
    "a3_slave_market": {"coins": [12, 13, 13], "black": 2},  # seat 0 holds two victory tokens
    "a3_raider_garrison": {"coins": [8, 13, 13], "debt": [0, 1, 1], "tokens": [5]},
    "a3_prison": {"coins": [8, 13, 13], "black": 0},
    "a3_contingent": {"coins": [5, 13, 13], "shields": 5},
    "a3_embassy": {"black": 2, "diplomacy": 1},
    "a3_memorial": {"coins": [14, 13, 13], "tokens": [1]},  # seat 0 held two defeats and a victory
    "a3_torture_chamber": {"coins": [7, 13, 13], "spies": 1},
}
ARRANGED: dict[str, dict[str, Any]] = {
    "a2_sepulcher": {"tokens": {1: [1, 3]}},
    "a3_cenotaph": {"tokens": {1: [1, 3]}},
    "a3_chamber_of_builders": {"stages": {1: 2}},
    "a3_secret_network": {"built": {0: ["a1_city_gates", "a1_militia"]}},
    "a3_slave_market": {"tokens": {0: [1, 3, -1]}},
    "a3_memorial": {"tokens": {0: [-1, -1, 1]}},
}


def test_the_42_black_cards_are_data_14_per_age() -> None:
    blacks = [i for i in range(C.N_CARDS) if C.IS_BLACK[i]]
    assert sorted(C.CARD_ID[i] for i in blacks) == sorted(COSTS)
    for age in (1, 2, 3):
        assert len(C.BLACK_CARDS[age]) == 14
    for i in blacks:
        coins, letters = COSTS[C.CARD_ID[i]]
        assert (C.CARD_COINS[i], C.CARD_NEED[i]) == (coins, C.parse_cost(letters)), C.CARD_ID[i]
        assert C.CARD_COPIES[i] == () and C.CARD_FREE_WITH[i] == ()
        assert not any(C.CARD_NAME_IDX[i] in C.CARD_FREE_WITH[j] for j in range(C.N_CARDS))
    assert sum(1 for i in blacks if not C.CARD_COINS[i] and not any(C.CARD_NEED[i])) == 7
    assert sorted(EFFECTS) == sorted(COSTS)


@pytest.mark.parametrize("card", sorted(EFFECTS))
def test_each_black_card_does_what_its_row_says(card: str) -> None:
    game = black_position(card, age=C.CARD_AGE[C.CARD_INDEX[card]], **ARRANGED.get(card, {}))
    play_turn(game, {0: ("build", card)})
    settle(game)
    cities = game.view(None)["cities"]
    assert card in cities[0]["cards"]
    want = EFFECTS[card]
    if "coins" in want:
        assert [c["coins"] for c in cities] == want["coins"]
    assert [c["debt"] for c in cities] == want.get("debt", [0, 0, 0])
    if "black" in want:
        assert score_city(game.state, 0)["black"] == want["black"]
    assert cities[0]["shields"] == want.get("shields", 0)
    assert cities[0]["diplomacy"] == want.get("diplomacy", 0)
    assert cities[0]["spies"] == want.get("spies", 0)
    if "tokens" in want:
        assert cities[0]["military"] == want["tokens"]


@pytest.mark.parametrize(("card", "tokens", "vp"), [
    ("a1_cells", [1, 1, 3, -1], 4), ("a2_guardhouse", [1, 3, 3, 5], 6), ("a3_prison", [5, 5, 3], 8),
    ("a3_slave_market", [1, 3, 5, -1], 3),
])
def test_victory_token_cards_score_at_the_end(card: str, tokens: list[int], vp: int) -> None:
    game = black_position(card, age=3, built={0: [card]}, tokens={0: tokens})
    assert score_city(game.state, 0)["black"] == vp


def test_forging_agency_builds_from_the_discard_pile_at_the_end_of_the_turn() -> None:
    game = black_position("a2_forging_agency", age=2, discard_with=["a1_baths", "a2_lair"])
    discarded = game.view(1)["hand"][0]
    play_turn(game, {0: ("build", "a2_forging_agency")})
    assert game.view(None)["phase"] == "halicarnassus" and game.to_act() == [0]
    options = {a["card"] for a in game.legal_actions(0)}
    assert {"a1_baths", "a2_lair", discarded} <= options  # the turn's discards are in the pile
    game.apply(0, {"type": "halicarnassus", "card": "a2_lair"})  # a loss card built for free: losses follow
    assert game.view(None)["phase"] == "debt" and sorted(game.to_act()) == [1, 2]
    settle(game)
    assert game.view(None)["cities"][1]["coins"] == 10 + 3 - 2


def test_raider_debt_is_handed_out_without_a_choice() -> None:
    game = black_position("a1_raider_camp", age=1)
    play_turn(game, {0: ("build", "a1_raider_camp")})
    view = game.view(None)
    assert view["phase"] == "turn" and [c["debt"] for c in view["cities"]] == [0, 1, 1]
