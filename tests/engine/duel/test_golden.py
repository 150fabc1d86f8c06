"""Whole games compared with the engine before the state rewrite (main at 4b1ec0d).

Each digest covers a whole seeded game: the public view (without the fields added since, for
``engine.sample``), both seats' legal actions in order, every event list, the result. The digests were
recorded with the old code; change them only with a rule change meant to change games.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import engine

ADDED = ("play_again", "access_order", "library_seen")
RESULT_ADDED = ("sources",)  # fields the result gained since (where the points came from)


def old_result(result: Any) -> Any:
    """A result (or None) as version 1 gave it."""
    return {k: v for k, v in result.items() if k not in RESULT_ADDED} if isinstance(result, dict) else result


def old_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events as version 1 gave them (game_over's result without the added fields)."""
    return [{**e, "result": old_result(e["result"])} if e["type"] == "game_over" else e for e in events]

EXPECTED = {
    "0-uniform-draft": "db76058f163702cb", "1-uniform-draft": "5b6eeb717e2bcf1d",
    "2-uniform-draft": "c7f2e237f93dfa8d", "3-uniform-draft": "b45555da8cb9a186",
    "4-uniform-draft": "19fa0fd7b106cca0", "5-uniform-draft": "fa1e320cb0ef8f88",
    "6-uniform-draft": "b27c1bb6b9157934", "7-uniform-draft": "56f914d0e9530d2d",
    "8-uniform-draft": "ff2fc924f87d7303", "9-uniform-draft": "48d7563b2a2ecba5",
    "10-uniform-draft": "ba6d0d0c19da4f79", "11-uniform-draft": "abc9ff396e55660b",
    "100-builder-draft": "14c33aa41833209f", "101-builder-draft": "27f69d9a3b17197c",
    "102-builder-draft": "e57c2cb39b2ceeb7", "103-builder-draft": "9ba0720ee3b46c2e",
    "104-builder-draft": "bd938cfaaa901fe4", "105-builder-draft": "e1955d9ee2fe1cd5",
    "106-builder-draft": "13f84b7a1aed3ce2", "107-builder-draft": "d81c7d7ca4ec65eb",
    "108-builder-draft": "3a3a8b75d4c3c306", "109-builder-draft": "204d866cce3fa0c8",
    "110-builder-draft": "b09487304681452f", "111-builder-draft": "84c2b5ce81b078b4",
    "200-uniform-first": "0722fb6cb67379b3", "201-uniform-first": "6e526f05cb760216",
    "202-uniform-first": "9d68880aabf73ac3", "203-uniform-first": "fe4365e64702cc8b",
    "204-uniform-first": "514bbf257cb36abe", "205-uniform-first": "df37163cf3aac044",
}


def public(view: dict[str, Any]) -> dict[str, Any]:
    """The view as version 1 showed it."""
    view = {k: v for k, v in view.items() if k not in ADDED}
    view["result"] = old_result(view["result"])
    view["players"] = [{**p, "wonders": [{k: v for k, v in w.items() if k != "tucked_card"}
                                         for w in p["wonders"]]} for p in view["players"]]
    return view


def trajectory(seed: int, policy: str, options: dict[str, Any] | None) -> str:
    game = engine.new_game("duel", seats=2, seed=seed, options=options)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while True:
        digest.update(json.dumps([public(game.view(None)), game.legal_actions(0), game.legal_actions(1)],
                                 sort_keys=True).encode())
        if game.is_over():
            break
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if policy == "builder":
            wonders = [a for a in legal if a["type"] == "wonder"]
            pref = wonders or [a for a in legal if a["type"] == "build"] or legal
            action = rng.choice(pref if rng.random() < 0.8 else legal)
        else:
            action = rng.choice(legal)
        digest.update(json.dumps(old_events(game.apply(seat, action)), sort_keys=True).encode())
    digest.update(json.dumps(old_result(game.result()), sort_keys=True).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_the_game_is_the_one_the_old_engine_played(case: str) -> None:
    seed, policy, start = case.split("-")
    options = {"first_game_wonders": True} if start == "first" else None
    assert trajectory(int(seed), policy, options) == EXPECTED[case]
