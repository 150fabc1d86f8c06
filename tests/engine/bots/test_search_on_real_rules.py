"""``medium`` and ``hard`` search worlds drawn by ``engine.sample`` on the real rules of every game: they
answer legal actions, reproducibly from the seed, in every kind of decision they meet."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
import engine.bots.knowledge
from engine.bots import Budget, make_policy
from engine.bots.ismcts import InformationSetTreePolicy
from engine.bots.levels import HARD_2026_11
from engine.bots.montecarlo import MonteCarloPolicy
from engine.bots.search import PlayoutSearchPolicy
from engine.bots.seeds import derive_seed
from tests.engine.bots.checked import decision_kind

GAMES = [("duel", 2, None), ("duel", 2, {"first_game_wonders": True}), ("classic", 2, None),
         ("classic", 4, {"sides": "B"})]


class CountingSampler:
    """``engine.sample``, counting its calls and checking each world looks like the view it came from."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view: dict[str, Any], *, seed: int) -> engine.Game:
        self.calls += 1
        world = engine.sample(view, seed=seed)
        assert world.view(view["seat"]) == view
        return world


@pytest.mark.parametrize("kind,seats,options", GAMES)
def test_searches_answer_legal_actions_through_a_whole_game(kind: str, seats: int,
                                                            options: dict[str, Any] | None) -> None:
    game = engine.new_game(kind, seats=seats, seed=7, options=options)
    sampler = CountingSampler()
    knowledge = engine.bots.knowledge.knowledge_for(kind)
    searchers = [MonteCarloPolicy(knowledge, sampler=sampler),
                 PlayoutSearchPolicy(knowledge, sampler=sampler),
                 InformationSetTreePolicy(knowledge, sampler=sampler, name=HARD_2026_11)]
    easy = make_policy("easy", kind)
    kinds: Counter[str] = Counter()
    step = 0
    while game.waiting():
        seat = game.waiting()[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if step % 5 == 0 and len(legal) > 1:  # search every fifth decision, easy plays the others
            for policy in searchers:
                budget = Budget(iterations=3)
                action = policy.decide(view, legal, seed=step, budget=budget)
                assert any(action is a for a in legal)
                assert policy.decide(view, legal, seed=step, budget=budget) is action
                kinds[f"{policy.name} {decision_kind(view, legal)}"] += 1
        game.apply(seat, easy.decide(view, legal, seed=derive_seed(step)))
        step += 1
    assert kinds["medium turn"] >= 5 and kinds["hard turn"] >= 5, kinds
    assert kinds[f"{HARD_2026_11} turn"] >= 5, kinds
    assert sampler.calls >= 10


def test_the_level_registry_builds_searches_on_engine_sample() -> None:
    medium, hard = make_policy("medium", "duel"), make_policy("hard", "classic")
    old = make_policy(HARD_2026_11, "duel")
    assert isinstance(medium, MonteCarloPolicy) and medium.sampler is engine.sample
    assert isinstance(hard, PlayoutSearchPolicy) and hard.sampler is engine.sample
    assert isinstance(old, InformationSetTreePolicy) and old.sampler is engine.sample
    assert (medium.default_seconds, hard.default_seconds, old.default_seconds) == (0.3, 1.0, 1.0)

