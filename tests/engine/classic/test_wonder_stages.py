"""Every wonder stage on both sides of the 7 boards: its cost and its effect, built through the engine."""

from __future__ import annotations

import pytest

from engine.classic import compiled as C
from engine.classic.scoring import score_city
from tests.engine.classic import state_edits as edit
from tests.engine.classic.helpers import act, force_production, make, no_sales, stage_offers

# Transcribed from the cards digest: board side -> stages "COST effect..."
STAGES: dict[str, list[str]] = {
    "rhodes_A": ["WW vp3", "CCC sh2", "OOOO vp7"],
    "rhodes_B": ["SSS vp3 sh1 coins3", "OOOO vp4 sh1 coins4"],
    "alexandria_A": ["SS vp3", "OO raw", "GG vp7"],
    "alexandria_B": ["CC raw", "WW goods", "SSS vp7"],
    "ephesus_A": ["SS vp3", "WW coins9", "PP vp7"],
    "ephesus_B": ["SS vp2 coins4", "WW vp3 coins4", "GPT vp5 coins4"],
    "babylon_A": ["CC vp3", "WWW wild", "CCCC vp7"],
    "babylon_B": ["CT vp3", "WWG babylon", "CCCP wild"],
    "olympia_A": ["WW vp3", "SS olympia", "OO vp7"],
    "olympia_B": ["WW trade", "SS vp5", "OOT copy"],
    "halicarnassus_A": ["CC vp3", "OOO hali", "TT vp7"],
    "halicarnassus_B": ["OO vp2 hali", "CCC vp1 hali", "GPT hali"],
    "giza_A": ["SS vp3", "WWW vp5", "SSSS vp7"],
    "giza_B": ["WW vp3", "SSS vp5", "CCC vp5", "SSSSP vp7"],
}
RESOURCE = {"rhodes": "ore", "alexandria": "glass", "ephesus": "papyrus", "babylon": "clay",
            "olympia": "wood", "halicarnassus": "textile", "giza": "stone"}
CASES = [(bs, k) for bs, stages in STAGES.items() for k in range(len(stages))]
RAW = ["clay", "ore", "stone", "wood"]
GOODS = ["glass", "papyrus", "textile"]


def test_every_board_side_is_covered() -> None:
    assert sorted(STAGES) == sorted(C.BS_ID[: 2 * C.N_BASE_BOARDS])
    for bs, stages in STAGES.items():
        assert C.BS_STAGES[C.BS_ID.index(bs)] == len(stages)


@pytest.mark.parametrize("board", sorted(RESOURCE))
def test_starting_resource_is_produced_and_sold(board: str) -> None:
    others = [b for b in sorted(RESOURCE) if b != board][:2]
    game = make([board, *others])
    view = game.view(None)["cities"][0]
    assert view["production"] == {RESOURCE[board]: 1}
    assert game.state.for_sale[0][C.RESOURCES.index(RESOURCE[board])] == 1


def _game(bs: str, k: int):
    board, side = bs.split("_")
    others = [b for b in sorted(RESOURCE) if b != board][:2]
    game = make([board, *others], sides=[side, "A", "A"])
    edit.arrange(game,
                 hands=[["a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop"], ["a1_press", "a1_loom"]],
            stages={0: k}, coins={0: 5}, discard=["a1_tavern"], age=1, turn=2)
    no_sales(game, 1, 2)
    return game


@pytest.mark.parametrize(("bs", "k"), CASES)
def test_stage_cost(bs: str, k: int) -> None:
    cost = STAGES[bs][k].split()[0]
    game = _game(bs, k)
    force_production(game, 0, cost)
    assert stage_offers(game, 0) == [(0, 0)]
    force_production(game, 0, cost[1:])
    assert stage_offers(game, 0) == []


@pytest.mark.parametrize(("bs", "k"), CASES)
def test_stage_effect(bs: str, k: int) -> None:
    cost, *effects = STAGES[bs][k].split()
    game = _game(bs, k)
    s = game.state
    force_production(game, 0, cost)
    coins = s.coins[0]
    before = game.view(0)["cities"][0]
    act(game, 0, type="wonder", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="discard", card="a1_press")
    assert s.stages[0] == k + 1
    assert C.CARD_INDEX["a1_altar"] in s.stage_cards[0]
    assert C.CARD_INDEX["a1_altar"] not in s.built[0]
    after = game.view(0)["cities"][0]
    built = [e for stage in STAGES[bs][: k + 1] for e in stage.split()[1:]]
    wonder_vp = sum(int(e[2:]) for e in built if e.startswith("vp"))
    assert score_city(s, 0)["wonder"] == wonder_vp
    gained = sum(int(e[5:]) for e in effects if e.startswith("coins"))
    assert s.coins[0] == coins + gained
    shields = sum(int(e[2:]) for e in effects if e.startswith("sh"))
    assert after["shields"] - before["shields"] == shields
    if "raw" in effects:
        assert RAW in [sorted(c) for c in after["choices"]]
        assert s.sale_choices[0] == []
    if "goods" in effects:
        assert GOODS in [sorted(c) for c in after["choices"]]
        assert s.sale_choices[0] == []
    if "wild" in effects:
        assert after["science"]["wild"] == 1
    if "trade" in effects:
        for side in ("left", "right"):
            assert {r for r, p in after["prices"][side].items() if p == 1} == set(RAW)
    if "olympia" in effects:
        assert after["olympia_free"] is True
    if "babylon" in effects:
        assert s.has_ability(0, "babylon_last_card")
    if "copy" in effects:
        assert s.has_ability(0, "copy_guild")
    if "hali" in effects:
        assert s.phase == "halicarnassus" and game.to_act() == [0]
        assert {"type": "pending", "seat": 0, "city": 0, "kind": "halicarnassus"} in events
        act(game, 0, type="halicarnassus", card="a1_tavern")
        assert C.CARD_INDEX["a1_tavern"] in s.built[0]
    else:
        assert s.phase == "turn"
