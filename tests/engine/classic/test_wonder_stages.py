"""Every wonder stage on both sides of the 7 boards: its cost and its effect, built through the engine."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.scoring import score_city
from tests.engine.classic.helpers import act, arrange, make, stage_offers

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


# The cards that produce n units of a letter (Age I and Age II brown and grey cards of 3 players)
PRODUCERS = {
    "W": ["a1_lumber_yard", "a2_sawmill"], "S": ["a1_stone_pit", "a2_quarry"],
    "C": ["a1_clay_pool", "a2_brickyard"], "O": ["a1_ore_vein", "a2_foundry"],
    "G": ["a1_glassworks"], "P": ["a1_press"], "T": ["a1_loom"],
}
LETTER = {"ore": "O", "glass": "G", "papyrus": "P", "clay": "C", "wood": "W", "textile": "T", "stone": "S"}


def _producers(letters: Counter[str]) -> list[str]:
    """Built cards producing exactly ``letters`` (no one-of cards)."""
    cards = []
    for letter, n in letters.items():
        single, *double = PRODUCERS[letter]
        picks = {0: [], 1: [single], 2: double, 3: [single, *double]}[n]
        assert n <= 3 and len(picks) * 2 >= n, f"no cards make {n} {letter}"
        cards += picks
    return cards


def _needed(bs: str, k: int, short: bool) -> Counter[str]:
    """What the cards of city 0 must make for stage ``k`` of ``bs`` besides the board's resource;
    ``short``: too little (a unit less, two when an earlier stage's one-of production could replace it)."""
    board = bs.split("_")[0]
    need = Counter(STAGES[bs][k].split()[0]) - Counter(LETTER[RESOURCE[board]])
    if short:
        letter = next(iter(need))
        earlier = [e for stage in STAGES[bs][:k] for e in stage.split()[1:]]
        one_of = ("raw" in earlier and letter in "WSCO") + ("goods" in earlier and letter in "GPT")
        need[letter] -= 1 + one_of
    return +need


def _game(bs: str, k: int, short: bool = False) -> ClassicGame:
    """Age II, turn 3: city 0 has ``k`` stages of ``bs``, no coins (it buys nothing), and cards making the
    next stage's resources (``short``: all but one unit)."""
    board, side = bs.split("_")
    others = [b for b in sorted(RESOURCE) if b != board][:2]
    game = make([board, *others], sides=[side, "A", "A"])
    return arrange(game, age=2, turn=3, hands=[[], [], []], stages={0: k}, coins={0: 0},
                   built={0: _producers(_needed(bs, k, short)), 1: [], 2: []})


@pytest.mark.parametrize(("bs", "k"), CASES)
def test_stage_cost(bs: str, k: int) -> None:
    assert stage_offers(_game(bs, k), 0) == [(0, 0)]
    assert stage_offers(_game(bs, k, short=True), 0) == []


@pytest.mark.parametrize(("bs", "k"), CASES)
def test_stage_effect(bs: str, k: int) -> None:
    effects = STAGES[bs][k].split()[1:]
    game = _game(bs, k)
    s = game.state
    before = game.view(0)["cities"][0]
    card = game.view(0)["hand"][0]
    act(game, 0, type="wonder", card=card, left=0, right=0)
    act(game, 1, type="discard", card=game.view(1)["hand"][0])
    events = act(game, 2, type="discard", card=game.view(2)["hand"][0])
    after = game.view(0)["cities"][0]
    assert after["stages_built"] == k + 1
    assert card not in after["cards"] and card not in game.view(0)["hand"]
    built = [e for stage in STAGES[bs][: k + 1] for e in stage.split()[1:]]
    wonder_vp = sum(int(e[2:]) for e in built if e.startswith("vp"))
    assert score_city(s, 0)["wonder"] == wonder_vp
    gained = sum(int(e[5:]) for e in effects if e.startswith("coins"))
    assert after["coins"] == before["coins"] + gained
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
        assert game.view(None)["phase"] == "halicarnassus" and game.to_act() == [0]
        assert {"type": "pending", "seat": 0, "city": 0, "kind": "halicarnassus"} in events
        taken = game.legal_actions(0)[0]
        assert taken["type"] == "halicarnassus"
        game.apply(0, taken)
        assert taken["card"] in game.view(None)["cities"][0]["cards"]
    else:
        assert game.view(None)["phase"] == "turn"
