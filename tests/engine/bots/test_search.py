"""``hard``'s search (engine/bots/search.py) on real rules: legal, reproducible, and it sees a win."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine.bots import Budget, make_policy
from engine.bots.levels import ARENA_LEVELS, HARD_2026_11, LEVELS
from engine.bots.search import SETTINGS, UNTIL_AGE_END, PlayoutSearchPolicy


def _advanced(kind: str, seats: int, seed: int, decisions: int) -> engine.Game:
    game = engine.new_game(kind, seats=seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def test_hard_is_the_playout_search_and_the_old_hard_is_kept_for_the_arena() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard")
    assert HARD_2026_11 in ARENA_LEVELS and HARD_2026_11 not in LEVELS
    assert isinstance(make_policy("hard", "duel"), PlayoutSearchPolicy)
    old = make_policy(HARD_2026_11, "classic")
    assert old.name == HARD_2026_11 and not isinstance(old, PlayoutSearchPolicy)


def test_hard_takes_an_immediate_military_win() -> None:
    # Found by random play: seat 0 can end the game at once by building the Arsenal.
    game = _advanced("duel", 2, 19, 56)
    seat = game.waiting()[0]
    legal = game.legal_actions(seat)
    winning = []
    for action in legal:
        trial = game.clone()
        trial.apply(seat, action)
        if trial.is_over() and trial.result()["winners"] == [seat]:
            winning.append(action)
    assert winning and len(winning) < len(legal)
    choice = make_policy("hard", "duel").decide(game.view(seat), legal, seed=1, budget=Budget(iterations=60))
    assert choice in winning


@pytest.mark.parametrize(("kind", "seats", "decisions"), [("duel", 2, 30), ("classic", 4, 30),
                                                          ("classic", 2, 12), ("classic", 7, 60)])
def test_a_search_is_legal_reproducible_and_reports_its_work(kind: str, seats: int, decisions: int) -> None:
    game = _advanced(kind, seats, 4, decisions)
    seat = game.waiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    policy = make_policy("hard", kind)
    assert isinstance(policy, PlayoutSearchPolicy)
    report = policy.analyse(view, legal, seed=9, budget=Budget(iterations=80))
    again = policy.analyse(view, legal, seed=9, budget=Budget(iterations=80))
    assert report.iterations == 80 and report.choice == again.choice
    assert report.worlds == -(-80 // SETTINGS[kind].world_reuse)  # a sampled world per world_reuse
    assert sum(edge.visits for _, edge in report.ranking()) == 80
    assert 0 <= report.choice < len(legal)
    ranking = report.ranking()
    assert [e.visits for _, e in ranking] == sorted((e.visits for _, e in ranking), reverse=True)
    assert all(0.0 <= edge.mean <= 1.0 for _, edge in ranking)


def test_a_search_under_a_time_limit_stops_on_the_callers_clock() -> None:
    game = _advanced("duel", 2, 2, 24)
    seat = game.waiting()[0]
    ticks = iter(range(10_000))
    report = make_policy("hard", "duel").analyse(  # type: ignore[attr-defined]
        game.view(seat), game.legal_actions(seat), seed=1,
        budget=Budget(seconds=40, clock=lambda: float(next(ticks))))
    assert 1 <= report.iterations < 40


class SlowRanking:
    """A game's knowledge whose one-move values take ``cost`` seconds of a fake clock."""

    def __init__(self, kind: str, now: list[float], cost: float) -> None:
        self.inner = make_policy("hard", kind).knowledge  # type: ignore[attr-defined]
        self.now, self.cost = now, cost

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def action_values(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> list[float]:
        self.now[0] += self.cost
        return self.inner.action_values(view, legal)  # type: ignore[no-any-return]


def ticking_clock(now: list[float], tick: float) -> Callable[[], float]:
    """A fake clock over ``now[0]`` that moves on by ``tick`` each time it is read."""

    def clock() -> float:
        now[0] += tick
        return now[0]

    return clock


def test_the_time_budget_covers_ranking_the_candidates() -> None:
    game = _advanced("duel", 2, 2, 24)
    seat = game.waiting()[0]
    now = [0.0]
    clock = ticking_clock(now, 0.001)
    policy = PlayoutSearchPolicy(SlowRanking("duel", now, 0.9))  # type: ignore[arg-type]
    report = policy.analyse(game.view(seat), game.legal_actions(seat), seed=1,
                            budget=Budget(seconds=1.0, clock=clock))
    assert report.iterations < 10  # with only 0.1 s left after the ranking (about 100 without it)


@pytest.mark.parametrize("collecting", [True, False])
def test_the_search_pauses_the_garbage_collector_and_restores_it(collecting: bool) -> None:
    game = _advanced("duel", 2, 2, 24)
    seat = game.waiting()[0]
    seen: list[bool] = []

    def sampler(view: dict[str, Any], *, seed: int) -> engine.Game:
        seen.append(gc.isenabled())
        return engine.sample(view, seed=seed)

    policy = PlayoutSearchPolicy(make_policy("hard", "duel").knowledge,  # type: ignore[attr-defined]
                                 sampler=sampler)
    (gc.enable if collecting else gc.disable)()
    try:
        policy.analyse(game.view(seat), game.legal_actions(seat), seed=1, budget=Budget(iterations=40))
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert seen and not any(seen)


def test_a_timed_search_leaves_the_time_reserve_for_what_follows_it() -> None:
    game = _advanced("duel", 2, 2, 24)
    seat = game.waiting()[0]
    now = [0.0]
    clock = ticking_clock(now, 0.01)
    report = make_policy("hard", "duel").analyse(  # type: ignore[attr-defined]
        game.view(seat), game.legal_actions(seat), seed=1, budget=Budget(seconds=1.0, clock=clock))
    reserve = SETTINGS["duel"].time_reserve
    assert 0.01 <= reserve <= 0.05
    assert report.iterations > 50 and now[0] <= 1.0 - reserve + 0.005


def test_classic_playouts_grow_shorter_at_bigger_tables() -> None:
    classic = SETTINGS["classic"]
    assert classic.turns(4) == classic.playout_turns
    assert 1 <= classic.turns(7) < classic.turns(3)
    assert SETTINGS["duel"].playout_turns is None and SETTINGS["duel"].turns(2) == UNTIL_AGE_END
