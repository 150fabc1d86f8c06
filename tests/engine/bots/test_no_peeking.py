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
from engine.bots import Budget, make_policy
from engine.bots.levels import ARENA_LEVELS
from engine.bots.seeds import derive_seed

ROOT = Path(__file__).resolve().parents[3]
BOT_MODULES = sorted((ROOT / "engine" / "bots").glob("*.py")) + [
    ROOT / "engine" / "duel" / "bots.py", ROOT / "engine" / "classic" / "bots.py"]
ALLOWED_ENGINE_IMPORTS = {"engine.api"}


@pytest.mark.parametrize("kind", ["duel", "classic"])
@pytest.mark.parametrize("level", ARENA_LEVELS)
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


SEARCH_BUDGET = Budget(iterations=3)
"""A small iteration cap: searching decisions are exactly reproducible from their seed, and quick."""


def _age3_ids() -> list[str]:
    return [c["id"] for c in engine.catalog("duel")["cards"] if c["age"] == 3 and c["color"] != "purple"]


def _removal_twins(seed: int) -> tuple[engine.Game, engine.Game]:
    """Two Duel games alike in everything but the Age III cards removed at setup (never seen)."""
    age3 = _age3_ids()
    options = [{"setup": {"removed": {"3": ids}}} for ids in (age3[:3], age3[3:6])]
    return (engine.new_game("duel", seats=2, seed=seed, options=options[0]),
            engine.new_game("duel", seats=2, seed=seed, options=options[1]))


def _decide_alike(first: engine.Game, second: engine.Game, seat: int, decision_seed: int) -> int:
    """Every level decides for ``seat`` in both games from each game's own view and legal actions; the
    decisions must be the same. Returns the index (in the legal actions) the first level that searches
    chose, to move both games on alike."""
    legal_first, legal_second = first.legal_actions(seat), second.legal_actions(seat)
    assert legal_first == legal_second
    chosen = 0
    for level in ARENA_LEVELS:
        policy = make_policy(level, first.kind)
        mine = policy.decide(first.view(seat), legal_first, seed=decision_seed, budget=SEARCH_BUDGET)
        twin = policy.decide(second.view(seat), legal_second, seed=decision_seed, budget=SEARCH_BUDGET)
        assert mine == twin, f"{level} told apart two games that look the same to seat {seat}"
        if level == "medium":
            chosen = next(i for i, a in enumerate(legal_first) if a is mine)
    return chosen


def _walk_while_alike(first: engine.Game, second: engine.Game, seed: int) -> tuple[int, bool]:
    """Decide on both games alike for as long as the acting seat sees the same in both.

    Returns the positions compared and whether the games came apart in someone's sight (rather than
    ending alike)."""
    compared = 0
    while first.waiting():
        if second.waiting() != first.waiting():
            return compared, True
        seat = first.waiting()[0]
        if first.view(seat) != second.view(seat):
            return compared, True
        index = _decide_alike(first, second, seat, derive_seed(seed, compared))
        first.apply(seat, first.legal_actions(seat)[index])
        second.apply(seat, second.legal_actions(seat)[index])
        compared += 1
    return compared, False


def test_duel_games_with_different_removed_cards_get_the_same_decisions() -> None:
    compared = diverged = 0
    for seed in range(4):
        first, second = _removal_twins(seed)
        steps, came_apart = _walk_while_alike(first, second, seed)
        if came_apart:
            assert first.view(0)["age"] == 3  # the hidden difference comes into sight with Age III
        compared += steps
        diverged += came_apart
    assert compared >= 180 and diverged >= 3


def _positions(kind: str, seats: int, seed: int, every: int) -> list[engine.Game]:
    """Every ``every``-th position of a game ``easy`` plays against itself (copies of the real game)."""
    game = engine.new_game(kind, seats=seats, seed=seed)
    easy = make_policy("easy", kind)
    found = []
    step = 0
    while game.waiting():
        seat = game.waiting()[0]
        if step % every == 0:
            found.append(game.clone())
        game.apply(seat, easy.decide(game.view(seat), game.legal_actions(seat), seed=derive_seed(seed, step)))
        step += 1
    return found


@pytest.mark.parametrize("kind,seats,every", [("duel", 2, 3), ("classic", 2, 4), ("classic", 3, 5),
                                              ("classic", 4, 7), ("classic", 7, 12)])
def test_two_worlds_sampled_from_one_view_get_the_same_decisions(kind: str, seats: int, every: int) -> None:
    """Two real games drawn from what one seat sees (hidden hands, decks and piles differ) look the
    same to it: every level decides the same in both, position after position while they stay alike."""
    compared = positions = 0
    for seed in range(2):
        for n, position in enumerate(_positions(kind, seats, seed, every)):
            seat = position.waiting()[0]
            view = position.view(seat)
            first = engine.sample(view, seed=derive_seed(seed, n, 0))
            second = engine.sample(view, seed=derive_seed(seed, n, 1))
            assert first.view(seat) == view == second.view(seat)
            assert first.to_dict() != second.to_dict()  # two different real games
            steps, _ = _walk_while_alike(first, second, derive_seed(seed, n))
            assert steps >= 1
            compared += steps
            positions += 1
    assert positions >= 20 and compared >= positions


@pytest.mark.parametrize("seats", [3, 4, 5, 7])
def test_classic_games_with_other_hands_swapped_get_the_same_decisions(seats: int) -> None:
    """At each turn's first decision, a twin game has the hands of two other seats swapped (the seat
    sees neither): every level decides the same in both (the searching ones at every sixth position)."""
    compared = 0
    for seed in range(3):
        game = engine.new_game("classic", seats=seats, seed=seed)
        easy = make_policy("easy", "classic")
        step = 0
        while game.waiting():
            seat = game.waiting()[0]
            view, legal = game.view(seat), game.legal_actions(seat)
            if view["phase"] == "turn" and view["chosen"] == [False] * seats:
                twin = engine.restore(game.to_dict())
                others = [s for s in range(seats) if s != seat]
                hands = twin.state.hands  # test-only: the hidden cards of two other seats trade places
                hands[others[0]], hands[others[1]] = hands[others[1]], hands[others[0]]
                assert twin.view(seat) == view and twin.view(others[0]) != game.view(others[0])
                searching = compared % 6 == 0  # the searching levels too, at every sixth position
                for level in ARENA_LEVELS if searching else ("random", "easy"):
                    policy = make_policy(level, "classic")
                    decision_seed = derive_seed(seed, step)
                    assert policy.decide(view, legal, seed=decision_seed, budget=SEARCH_BUDGET) == \
                        policy.decide(twin.view(seat), twin.legal_actions(seat), seed=decision_seed,
                                      budget=SEARCH_BUDGET), f"{level} told the twins apart"
                compared += 1
            game.apply(seat, easy.decide(view, legal, seed=derive_seed(seed, step, 1)))
            step += 1
    assert compared >= 3 * 18
