"""``medium`` and ``hard`` run on the real rules of every game, searching on ``engine.sample`` (worlds
drawn from the seat's view, never the real game): they answer legal actions, reproducibly, in every kind
of decision they meet."""

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

GAMES = [("duel", 2, None), ("duel", 2, {"first_game_wonders": True}), ("classic", 2, None),
         ("classic", 4, {"sides": "B"})]


class SeatSampler:
    """engine.sample, counting its calls and checking that it is only ever given ``game``'s seat views."""

    def __init__(self, game: engine.Game) -> None:
        self.game = game
        self.calls = 0

    def __call__(self, view: dict[str, Any], *, seed: int) -> engine.Game:
        assert view == self.game.view(view["seat"])
        self.calls += 1
        return engine.sample(view, seed=seed)


def searchers(kind: str, game: engine.Game, sampler: SeatSampler) -> list[Any]:
    knowledge = knowledge_for(kind)
    return [MonteCarloPolicy(knowledge, sampler=sampler),
            InformationSetTreePolicy(knowledge, sampler=sampler)]


@pytest.mark.parametrize("kind,seats,options", GAMES)
def test_searches_answer_legal_actions_through_a_whole_game(kind: str, seats: int,
                                                            options: dict[str, Any] | None) -> None:
    game = engine.new_game(kind, seats=seats, seed=7, options=options)
    easy = make_policy("easy", kind)
    kinds: Counter[str] = Counter()
    sampler = SeatSampler(game)
    step = 0
    while game.waiting():
        seat = game.waiting()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if step % 4 == 0 and len(legal) > 1:  # search every fourth decision, easy plays the others
            for policy in searchers(kind, game, sampler):
                budget = Budget(iterations=6)
                action = policy.decide(view, legal, seed=step, budget=budget)
                assert any(action is a for a in legal)
                assert policy.decide(view, legal, seed=step, budget=budget) is action
                kinds[f"{policy.name} {decision_kind(view, legal)}"] += 1
        game.apply(seat, easy.decide(view, legal, seed=derive_seed(step)))
        step += 1
    assert kinds["medium turn"] >= 5 and kinds["hard turn"] >= 5, kinds
    assert sampler.calls >= sum(kinds.values())


def test_the_level_registry_builds_searches_on_engine_sample() -> None:
    medium, hard = make_policy("medium", "duel"), make_policy("hard", "classic")
    assert isinstance(medium, MonteCarloPolicy) and medium.sampler is engine.sample
    assert isinstance(hard, InformationSetTreePolicy) and hard.sampler is engine.sample
    assert (medium.default_seconds, hard.default_seconds) == (0.3, 1.0)
