"""What ``easy`` values in Duel, on views shaped by hand: supremacy, denial, exposure, pending choices.

The knowledge reads only views, so each test starts from a real view and edits what the case needs.
"""

from __future__ import annotations

import copy
from typing import Any

import engine
from engine.bots import make_policy
from engine.duel.bots import KNOWLEDGE

FIVE_SYMBOLS = ["armillary", "sundial", "mortar", "quill", "wheel"]  # plumb is the sixth


def turn_view(age: int, slots: list[dict[str, Any]], pawn: int = 0) -> dict[str, Any]:
    """Seat 0's view of a turn with the given structure slots (accessible ones are offered free)."""
    game = engine.new_game("duel", seats=2, seed=1, options={"first_game_wonders": True,
                                                             "setup": {"first_player": 0}})
    view = copy.deepcopy(game.view(0))
    view["age"] = age
    view["military"]["pawn"] = pawn
    view["structure"] = [{"slot": i, "taken": False, "back": None, **s} for i, s in enumerate(slots)]
    view["my_turn"] = {"cards": [
        {"card": s["card"], "slot": i, "discard": 2, "wonders": [],
         "build": {"legal": True, "cost": 0, "reason": None, "breakdown": {"to_opponent": 0}}}
        for i, s in enumerate(slots) if s["accessible"]]}
    return view


def turn_actions(view: dict[str, Any]) -> list[dict[str, Any]]:
    legal = []
    for entry in view["my_turn"]["cards"]:
        legal += [{"type": "build", "card": entry["card"]}, {"type": "discard", "card": entry["card"]}]
    return legal


def choose(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
    return make_policy("easy", "duel").decide(view, legal, seed=1)


def test_the_sixth_science_symbol_is_taken() -> None:
    view = turn_view(2, [{"row": 4, "col": -1, "card": "courthouse", "accessible": True},
                         {"row": 4, "col": 1, "card": "laboratory", "accessible": True}])
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "courthouse"}
    view["players"][0]["science"] = FIVE_SYMBOLS
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "laboratory"}


def test_military_supremacy_is_taken() -> None:
    slots = [{"row": 4, "col": -1, "card": "courthouse", "accessible": True},
             {"row": 4, "col": 1, "card": "walls", "accessible": True}]
    assert choose(turn_view(2, slots, pawn=0), turn_actions(turn_view(2, slots))) == \
        {"type": "build", "card": "courthouse"}
    view = turn_view(2, slots, pawn=7)  # seat 0 pushes toward +9
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "walls"}


def test_the_opponents_winning_card_is_denied() -> None:
    view = turn_view(2, [{"row": 4, "col": -1, "card": "courthouse", "accessible": True},
                         {"row": 4, "col": 1, "card": "laboratory", "accessible": True}])
    view["players"][1]["science"] = FIVE_SYMBOLS
    assert choose(view, turn_actions(view))["card"] == "laboratory"


def test_a_card_that_would_uncover_the_opponents_win_is_left_alone() -> None:
    # Taking the Courthouse (3, 0) uncovers the Laboratory (2, -1) for the opponent; the Brickyard (3, 2)
    # uncovers nothing.
    slots = [{"row": 2, "col": -1, "card": "laboratory", "accessible": False},
             {"row": 3, "col": 0, "card": "courthouse", "accessible": True},
             {"row": 3, "col": 2, "card": "brickyard", "accessible": True}]
    view = turn_view(2, slots)
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "courthouse"}
    view["players"][1]["science"] = FIVE_SYMBOLS
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "brickyard"}
    # Once the other cover is in place the Laboratory stays covered: the Courthouse is safe again.
    view["structure"].append({"slot": 3, "taken": False, "back": None, "row": 3, "col": -2,
                              "card": None, "accessible": False})
    assert choose(view, turn_actions(view)) == {"type": "build", "card": "courthouse"}


def test_pending_choices() -> None:
    view = turn_view(2, [{"row": 4, "col": -1, "card": "courthouse", "accessible": True}])
    view["players"][0]["science"] = ["armillary", "sundial", "mortar", "quill", "plumb"]
    tokens = [{"type": "progress", "token": t} for t in ("philosophy", "law", "agriculture")]
    assert choose(view, tokens) == {"type": "progress", "token": "law"}  # law completes six symbols
    starts = [{"type": "choose_start", "seat": 0}, {"type": "choose_start", "seat": 1}]
    assert choose(view, starts) == {"type": "choose_start", "seat": 0}
    view["players"][1]["cards"] = ["lumber_yard", "sawmill"]
    view["players"][1]["production"]["wood"] = 3
    targets = [{"type": "destroy", "card": "lumber_yard"}, {"type": "destroy", "card": "sawmill"}]
    assert choose(view, targets) == {"type": "destroy", "card": "sawmill"}
    view["discard"] = ["lumber_yard", "palace"]
    picks = [{"type": "mausoleum", "card": "lumber_yard"}, {"type": "mausoleum", "card": "palace"}]
    assert choose(view, picks) == {"type": "mausoleum", "card": "palace"}


def test_evaluation_favours_the_leader_and_sums_to_one() -> None:
    view = turn_view(3, [{"row": 4, "col": -1, "card": "courthouse", "accessible": True}])
    view["players"][0]["points"], view["players"][1]["points"] = 40, 30
    ahead = KNOWLEDGE.evaluate(view)
    assert ahead[0] > 0.8 and abs(sum(ahead) - 1) < 1e-9
    view["military"]["pawn"] = -8  # seat 1 one step from military supremacy
    assert KNOWLEDGE.evaluate(view)[0] < 0.5
    assert KNOWLEDGE.result_values({"winners": [0, 1]}, 2) == [0.5, 0.5]
