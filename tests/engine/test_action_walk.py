"""One action, one walk (issue 33): a game's ``apply`` enters each other module once.

A profile hook over one ``apply`` records every Python call that the game module (``engine/<kind>/game.py``)
makes into another module: the walk of the action. The classic game decodes the action in one call
(``engine.classic.actions.decode``: parse, legality, the reason of a refusal, the payment plan) and
resolves it in one more (``engine.classic.resolve``): game → actions → game → resolve, never back and forth
(game → actions → game → actions). Duel validates and applies in one call into ``engine.duel.actions``.

Compiled modules run without Python frames, so the walks are recorded in a plain-Python child process
(``WT_PLAIN_ENGINE=1``), whichever path this process runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any, cast

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = {"game": "engine.classic.game", "actions": "engine.classic.actions",
           "resolve": "engine.classic.resolve"}
DUEL = {"game": "engine.duel.game", "actions": "engine.duel.actions"}

# The situations whose walk is recorded: a label -> the game module, whether the action is refused, and
# the modules its walk may enter (in this order).
SITUATIONS: dict[str, tuple[dict[str, str], bool, tuple[str, ...]]] = {
    "classic: a turn's choice, others still to choose": (CLASSIC, False, ("actions", "resolve")),
    "classic: the last choice, which resolves the turn": (CLASSIC, False, ("actions", "resolve")),
    "classic: a choice for the Free City": (CLASSIC, False, ("actions", "resolve")),
    "classic: a payment of a coin loss (Cities)": (CLASSIC, False, ("actions", "resolve")),
    "classic: a pending step (Halicarnassus, Babylon, copy)": (CLASSIC, False, ("actions", "resolve")),
    "classic: an action known legal (apply_known)": (CLASSIC, False, ("actions", "resolve")),
    "classic: a payment not offered, refused": (CLASSIC, True, ("actions",)),
    "classic: a card not in the hand, refused": (CLASSIC, True, ("actions",)),
    "duel: a draft pick": (DUEL, False, ("actions",)),
    "duel: a turn's action": (DUEL, False, ("actions",)),
    "duel: a card not accessible, refused": (DUEL, True, ("actions",)),
}


def walk_of(game_module: str, apply: Callable[[Any, Any], object], seat: int,
            action: Any) -> tuple[list[str], str | None]:
    """The modules the game module enters (each call from one of its frames into another module, in
    order) while ``apply(seat, action)`` runs, and the IllegalAction message if it refused."""
    entered: list[str] = []

    def hook(frame: FrameType, event: str, _: Any) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee = frame.f_globals.get("__name__")
        if frame.f_back.f_globals.get("__name__") == game_module and callee != game_module:
            entered.append(str(callee))

    from engine.api import IllegalAction

    refused = None
    sys.setprofile(hook)
    try:
        apply(seat, action)
    except IllegalAction as err:
        refused = str(err)
    finally:
        sys.setprofile(None)
    return entered, refused


def twice(walk: list[str]) -> list[str]:
    """The modules a walk enters more than once."""
    return sorted(module for module, times in Counter(walk).items() if times > 1)


def _wrong_payment(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A build of a listed card with a payment that is not listed (None if the hand has no build)."""
    for action in legal:
        if action["type"] == "build":
            wrong = {**action, "left": 40, "right": 40}
            if wrong not in legal:
                return wrong
    return None


def _classic_walks(found: dict[str, Any]) -> None:
    """Random classic games (3 and 7 seats with Cities, 2 seats) until every classic situation has a walk."""
    from engine import new_game
    from engine.classic.game import ClassicGame
    from engine.classic.state import BABYLON, COPY_GUILD, DEBT, HALICARNASSUS, TURN

    def record(label: str, apply: Callable[[Any, Any], object], seat: int, action: Any) -> None:
        """Apply ``action``, recording its walk if ``label`` has none yet (a refused action: no change)."""
        if label not in found:
            entered, refused = walk_of(CLASSIC["game"], apply, seat, action)
            found[label] = {"walk": entered, "refused": refused}
        elif label.endswith("refused"):
            return
        else:
            apply(seat, action)

    games = [(3, {}), (2, {}), (7, {"cities": True, "sides": "B"}), (5, {"cities": True, "sides": "B"})]
    for seed in range(40):
        for seats, options in games:
            game = cast(ClassicGame, new_game("classic", seats=seats, seed=seed, options=options))
            # its twin plays the same moves, with apply_known where it can
            twin = cast(ClassicGame, new_game("classic", seats=seats, seed=seed, options=options))
            rng = random.Random(seed)
            while game.to_act():
                for seat in game.to_act():
                    legal = game.legal_actions(seat)
                    if not legal:
                        continue
                    action = rng.choice(legal)
                    s = game.state
                    wrong = _wrong_payment(legal)
                    if wrong is not None:
                        record("classic: a payment not offered, refused", game.apply, seat, wrong)
                    refusal = "classic: a card not in the hand, refused"
                    if s.phase == TURN and seats > 2 and refusal not in found:
                        absent = next((c for c in ("a1_lumber_yard", "a1_stone_pit", "a1_baths")
                                       if not any(a.get("card") == c for a in legal)), None)
                        if absent is not None:
                            record(refusal, game.apply, seat, {"type": "discard", "card": absent})
                    label = None
                    if s.phase == TURN:
                        if action.get("free_city"):
                            label = "classic: a choice for the Free City"
                        elif seats > 2:
                            last = s.choices.count(None) == 1 and s.choices[seat] is None
                            label = ("classic: the last choice, which resolves the turn" if last
                                     else "classic: a turn's choice, others still to choose")
                    elif s.phase == DEBT:
                        label = "classic: a payment of a coin loss (Cities)"
                    elif s.phase in (HALICARNASSUS, BABYLON, COPY_GUILD):
                        label = "classic: a pending step (Halicarnassus, Babylon, copy)"
                    if label is None:
                        game.apply(seat, action)
                    else:
                        record(label, game.apply, seat, action)
                    if seats > 2 and twin.state.phase == TURN and twin.state.choices[seat] is None:
                        record("classic: an action known legal (apply_known)", twin.apply_known, seat,
                               dict(action))
                    else:
                        twin.apply(seat, dict(action))
            if all(label in found for label in SITUATIONS if label.startswith("classic")):
                return


def _duel_walks(found: dict[str, Any]) -> None:
    """One random Duel: a draft pick, a turn's action and a refused one."""
    from engine import new_game
    from engine.duel.material import CARD_IDS

    game = new_game("duel", seats=2, seed=3)
    rng = random.Random(3)
    duel = [label for label in SITUATIONS if label.startswith("duel")]
    while game.to_act() and not all(label in found for label in duel):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = rng.choice(legal)
        refusal = "duel: a card not accessible, refused"
        if action["type"] == "build" and refusal not in found:
            listed = {a.get("card") for a in legal}
            hidden = next(card for card in CARD_IDS if card not in listed)
            entered, refused = walk_of(DUEL["game"], game.apply, seat, {"type": "build", "card": hidden})
            found[refusal] = {"walk": entered, "refused": refused}
        label = {"draft_wonder": "duel: a draft pick", "build": "duel: a turn's action",
                 "discard": "duel: a turn's action", "wonder": "duel: a turn's action"}.get(action["type"])
        if label is not None and label not in found:
            entered, refused = walk_of(DUEL["game"], game.apply, seat, action)
            found[label] = {"walk": entered, "refused": refused}
        else:
            game.apply(seat, action)


def record_walks() -> dict[str, Any]:
    """Every situation's walk (run in the plain-Python child), and whether the engine ran compiled."""
    from engine.native import ENGINE_PATH

    found: dict[str, Any] = {}
    _classic_walks(found)
    _duel_walks(found)
    return {"compiled": ENGINE_PATH.compiled, "walks": found}


@pytest.fixture(scope="module")
def walks() -> dict[str, Any]:
    """The walks, recorded in a child process running plain Python."""
    env = {**os.environ, "WT_PLAIN_ENGINE": "1"}
    code = "import json, tests.engine.test_action_walk as t; print(json.dumps(t.record_walks()))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    recorded: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    assert recorded["compiled"] is False  # profile hooks see plain Python only
    return recorded["walks"]


def test_every_situation_was_reached(walks: dict[str, Any]) -> None:
    assert sorted(walks) == sorted(SITUATIONS)


@pytest.mark.parametrize("label", sorted(SITUATIONS))
def test_one_action_enters_each_module_once(walks: dict[str, Any], label: str) -> None:
    modules, refused, allowed = SITUATIONS[label]
    entered, refusal = walks[label]["walk"], walks[label]["refused"]
    assert (refusal is not None) == refused, refusal
    assert twice(entered) == [], f"{label}: {' -> '.join(entered)}"
    assert entered, label
    assert entered[0] == modules["actions"], f"{label}: the action is decoded first, not {entered[0]}"
    assert set(entered) <= {modules[name] for name in allowed}, f"{label}: {' -> '.join(entered)}"


def test_a_refusal_keeps_its_reason(walks: dict[str, Any]) -> None:
    assert walks["classic: a payment not offered, refused"]["refused"].startswith("that payment (left 40 /")
    assert walks["classic: a card not in the hand, refused"]["refused"].endswith("is not in your hand")


def test_a_walk_back_and_forth_is_seen() -> None:
    assert twice(["engine.classic.actions", "engine.classic.resolve"]) == []
    assert twice(["engine.classic.actions", "engine.classic.actions", "engine.classic.resolve"]) == [
        "engine.classic.actions"]
