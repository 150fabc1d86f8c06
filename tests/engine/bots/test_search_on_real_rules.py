"""``medium`` and ``hard`` run on the real rules of every game (with a stand-in for ``engine.sample``,
see stand_in.py): they answer legal actions, reproducibly, in every kind of decision they meet."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine.bots import Budget, make_policy
from engine.bots.ismcts import InformationSetTreePolicy
from engine.bots.knowledge import knowledge_for
from engine.bots.montecarlo import MonteCarloPolicy
from engine.bots.seeds import derive_seed
from tests.engine.bots.checked import decision_kind
from tests.engine.bots.stand_in import RealGameStandIn

GAMES = [("duel", 2, None), ("duel", 2, {"first_game_wonders": True}), ("classic", 2, None),
         ("classic", 4, {"sides": "B"})]


def searchers(kind: str, game: engine.Game) -> list[Any]:
    knowledge = knowledge_for(kind)
    sampler = RealGameStandIn(game)
    return [MonteCarloPolicy(knowledge, sampler=sampler),
            InformationSetTreePolicy(knowledge, sampler=sampler)]


@pytest.mark.parametrize("kind,seats,options", GAMES)
def test_searches_answer_legal_actions_through_a_whole_game(kind: str, seats: int,
                                                            options: dict[str, Any] | None) -> None:
    game = engine.new_game(kind, seats=seats, seed=7, options=options)
    easy = make_policy("easy", kind)
    kinds: Counter[str] = Counter()
    step = 0
    while game.waiting():
        seat = game.waiting()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if step % 4 == 0 and len(legal) > 1:  # search every fourth decision, easy plays the others
            for policy in searchers(kind, game):
                budget = Budget(iterations=6)
                action = policy.decide(view, legal, seed=step, budget=budget)
                assert any(action is a for a in legal)
                assert policy.decide(view, legal, seed=step, budget=budget) is action
                kinds[f"{policy.name} {decision_kind(view, legal)}"] += 1
        game.apply(seat, easy.decide(view, legal, seed=derive_seed(step)))
        step += 1
    assert kinds["medium turn"] >= 5 and kinds["hard turn"] >= 5, kinds


def test_the_level_registry_builds_searches_on_engine_sample() -> None:
    medium, hard = make_policy("medium", "duel"), make_policy("hard", "classic")
    assert isinstance(medium, MonteCarloPolicy) and medium.sampler is engine.sample
    assert isinstance(hard, InformationSetTreePolicy) and hard.sampler is engine.sample
    assert (medium.default_seconds, hard.default_seconds) == (0.3, 1.0)
