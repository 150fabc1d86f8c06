"""Every switch of engine/duel/readings.py, set both ways, keeps the views, the legal actions, the coins
actually paid and the final scores in agreement (seeded random games).

What agrees with what: the view's ``my_turn`` offers exactly the legal builds and wonders; a build costs
what the view showed and the coins move as its events say; the result's score rows are the sums of its
sources, the totals the sums of the rows, and the board's view shows that result.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

import engine
from engine.duel import readings as R
from engine.duel.scoring import ROWS

OTHER: dict[str, Any] = {
    "TIE_LAST_ACTIVE_BEGINS": False,
    "TOKENS_CHECKED_EACH_SPACE": False,
    "MAUSOLEUM_COUNTS_AS_CHAIN": True,
    "DISCOUNT_UNITS": 1,
    "LAST_DRAFT_WONDER_AUTOMATIC": False,
}
GAMES = 6


def switches() -> list[str]:
    """Every switch of the readings module: its upper-case constants and its public functions."""
    return sorted(name for name, value in vars(R).items()
                  if not name.startswith("_") and (name.isupper() or inspect.isfunction(value)))


def test_every_switch_has_its_other_value() -> None:
    """A new reading must say its other value here, so that the agreement test below covers it."""
    assert switches() == sorted(OTHER)


def _offers(view: dict[str, Any]) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for card in view["my_turn"]["cards"]:
        if card["build"]["legal"]:
            out.add(("build", card["card"]))
        out.update(("wonder", card["card"], w["wonder"]) for w in card["wonders"] if w["legal"])
    return out


def _coins(game: engine.Game) -> list[int]:
    return [p["coins"] for p in game.view(None)["players"]]


def _check_result(game: engine.Game) -> None:
    result = game.result()
    assert result is not None and game.view(None)["result"] == result
    for pad, sources in zip(result["scores"], result["sources"], strict=True):
        for row in ROWS:
            assert pad[row] == sum(s["points"] for s in sources if s["row"] == row), row
        assert pad["total"] == sum(pad[r] for r in ROWS)


def play_checked(seed: int) -> None:
    """A seeded random game (builds and wonders preferred), every agreement checked along the way."""
    game = engine.new_game("duel", seats=2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        costs: dict[str, int] = {}
        if view["my_turn"] is not None:
            offered = {(a["type"], a["card"], *((a["wonder"],) if a["type"] == "wonder" else ()))
                       for a in legal if a["type"] in ("build", "wonder")}
            assert _offers(view) == offered
            costs = {card["card"]: card["build"]["cost"] for card in view["my_turn"]["cards"]}
        paid = [a for a in legal if a["type"] in ("build", "wonder")]
        action = rng.choice(paid if paid and rng.random() < 0.8 else legal)
        before = _coins(game)
        events = game.apply(seat, action)
        if action["type"] == "build":
            built = next(e for e in events if e["type"] == "build")
            assert built["cost"] == costs[action["card"]]
            expected = list(before)
            expected[seat] -= built["cost"]
            expected[1 - seat] += built["breakdown"]["to_opponent"]
            for e in events:
                if e["type"] == "coins":
                    expected[e["seat"]] += e["delta"]
                elif e["type"] == "military_token":  # the coins the token's side loses
                    expected[e["side"]] -= e["lost"]
            assert _coins(game) == expected, (action, events)
    _check_result(game)


def test_readings_agree_as_they_are() -> None:
    """With every reading as it is, views, legal actions, coins paid and scores agree."""
    for seed in range(GAMES):
        play_checked(seed)


@pytest.mark.parametrize("name", sorted(OTHER))
def test_readings_agree(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """With readings.<name> set the other way, views, legal actions, coins paid and scores agree."""
    monkeypatch.setattr(R, name, OTHER[name])
    for seed in range(GAMES):
        play_checked(100 + seed)
