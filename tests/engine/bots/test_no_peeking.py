"""Bots never see the game: they decide from a seat's view and legal actions alone.

- every policy's ``decide`` takes exactly (view, legal, seed, budget);
- the bots' modules import nothing of the games but the public interface;
- two real games that differ only in what a seat cannot see get the same decisions, position by position.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import engine
from engine.bots import LEVELS, make_policy
from engine.bots.seeds import derive_seed

ROOT = Path(__file__).resolve().parents[3]
BOT_MODULES = sorted((ROOT / "engine" / "bots").glob("*.py")) + [
    ROOT / "engine" / "duel" / "bots.py", ROOT / "engine" / "classic" / "bots.py"]
ALLOWED_ENGINE_IMPORTS = {"engine.api"}


@pytest.mark.parametrize("kind", ["duel", "classic"])
@pytest.mark.parametrize("level", LEVELS)
def test_decide_takes_a_view_and_legal_actions_only(kind: str, level: str) -> None:
    policy = make_policy(level, kind)
    parameters = inspect.signature(policy.decide).parameters
    assert list(parameters) == ["view", "legal", "seed", "budget"]
    assert parameters["seed"].kind is inspect.Parameter.KEYWORD_ONLY


def test_bot_modules_reach_the_games_only_through_the_public_interface() -> None:
    assert len(BOT_MODULES) >= 10
    for path in BOT_MODULES:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "engine" or name.startswith("engine."):
                    assert name in ALLOWED_ENGINE_IMPORTS or name.startswith("engine.bots"), \
                        f"{path.name} imports {name}"
        # Knowledge modules are found by name, never by importing game internals.
        assert "import_module(" not in path.read_text() or path.name == "knowledge.py"


def _age3_ids() -> list[str]:
    return [c["id"] for c in engine.catalog("duel")["cards"] if c["age"] == 3 and c["color"] != "purple"]


def _twins(seed: int) -> tuple[engine.Game, engine.Game]:
    """Two Duel games alike in everything but the Age III cards removed at setup (never seen)."""
    age3 = _age3_ids()
    options = [{"setup": {"removed": {"3": ids}}} for ids in (age3[:3], age3[3:6])]
    return (engine.new_game("duel", seats=2, seed=seed, options=options[0]),
            engine.new_game("duel", seats=2, seed=seed, options=options[1]))


@pytest.mark.parametrize("level", ["random", "easy"])
def test_games_that_look_the_same_get_the_same_decisions(level: str) -> None:
    compared = diverged = 0
    for seed in range(6):
        first, second = _twins(seed)
        policy = make_policy(level, "duel")
        step = 0
        while first.waiting():
            seat = first.waiting()[0]
            view = first.view(seat)
            if second.waiting() != first.waiting() or second.view(seat) != view:
                assert view["age"] == 3  # the hidden difference comes into sight with Age III
                diverged += 1
                break
            decision_seed = derive_seed(seed, step)
            mine = policy.decide(view, first.legal_actions(seat), seed=decision_seed)
            twin = policy.decide(second.view(seat), second.legal_actions(seat), seed=decision_seed)
            assert mine == twin
            first.apply(seat, mine)
            second.apply(seat, twin)
            compared += 1
            step += 1
    assert compared >= 200 and diverged >= 3
