"""Saves of the previous format (version 1, written before the state rewrite) still load."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import engine

FIXTURE = Path(__file__).parent / "fixtures" / "saves_v1.json"
CASES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())["cases"]
# View fields added since version 1 (for engine.sample); the rest of the view is unchanged.
ADDED = {"play_again", "access_order", "library_seen"}


def without_added(view: dict[str, Any]) -> dict[str, Any]:
    view = {k: v for k, v in view.items() if k not in ADDED}
    if view["result"] is not None:  # the sources of the points, added since
        view["result"] = {k: v for k, v in view["result"].items() if k != "sources"}
    view["players"] = [{**p, "wonders": [{k: v for k, v in w.items() if k != "tucked_card"}
                                         for w in p["wonders"]]} for p in view["players"]]
    return view


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_version_1_save_loads_as_the_same_game(case: dict[str, Any]) -> None:
    save = case["save"]
    assert save["version"] == 1 and "state" in save
    game = engine.restore(copy.deepcopy(save))
    assert without_added(json.loads(json.dumps(game.view(None)))) == case["view"]
    again = game.to_dict()
    assert again["version"] == 2 and "state" not in again and again["log"] == save["log"]
    assert engine.restore(again).to_dict() == again
    if not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])


def test_the_fixture_covers_the_draft_play_the_end_and_a_hidden_choice() -> None:
    phases = {c["view"]["phase"] for c in CASES}
    pending = {c["view"]["pending"]["kind"] for c in CASES if c["view"]["pending"]}
    assert phases == {"draft", "play", "over"} and "great_library" in pending


@pytest.mark.parametrize(("path", "value"), [
    (["state", "coins", 0], 99), (["state", "decks", "1", 0], "press"), (["state", "pending", 1], 2)])
def test_a_version_1_save_whose_state_differs_from_its_log_is_refused(path: list[Any], value: Any) -> None:
    save = copy.deepcopy(next(c["save"] for c in CASES if c["name"] == "mid_game"))
    node = save
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ValueError, match="does not match"):
        engine.restore(save)


def test_a_version_1_save_without_its_state_is_refused() -> None:
    save = copy.deepcopy(CASES[0]["save"])
    del save["state"]
    with pytest.raises(ValueError, match="state"):
        engine.restore(save)
