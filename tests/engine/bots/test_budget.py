"""Budgets: iteration caps, time limits on the caller's clock, and the derived seeds."""

from __future__ import annotations

import pytest

from engine.bots import Budget, derive_seed
from engine.bots.seeds import SEED_LIMIT


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_an_iteration_cap_stops_after_exactly_that_many() -> None:
    meter = Budget(iterations=3).start(default_iterations=50)
    done = 0
    while not meter.exhausted():
        meter.spend()
        done += 1
    assert done == 3


def test_without_limits_the_policy_default_applies() -> None:
    meter = Budget().start(default_iterations=7)
    done = 0
    while not meter.exhausted():
        meter.spend()
        done += 1
    assert done == 7


def test_a_time_limit_reads_the_injected_clock() -> None:
    clock = FakeClock()
    meter = Budget(seconds=0.5, clock=clock).start(default_iterations=1)
    assert not meter.exhausted()  # never before one iteration
    clock.now += 10  # time is up, but nothing was done yet: one iteration is still allowed
    assert not meter.exhausted()
    meter.spend()
    assert meter.exhausted()


def test_time_allows_more_than_the_default_cap() -> None:
    clock = FakeClock()
    meter = Budget(seconds=1.0, clock=clock).start(default_iterations=2)
    for _ in range(10):
        assert not meter.exhausted()
        meter.spend()
        clock.now += 0.05
    clock.now += 1.0
    assert meter.exhausted() and meter.used == 10


def test_a_time_limit_stops_when_another_average_iteration_would_not_fit() -> None:
    clock = FakeClock()
    meter = Budget(seconds=1.0, clock=clock).start(default_iterations=1)
    for _ in range(3):  # three iterations of 0.3 s: 0.1 s is left, less than one more
        assert not meter.exhausted()
        meter.spend()
        clock.now += 0.3
    assert meter.exhausted() and meter.used == 3
    meter = Budget(seconds=1.0, clock=clock).start(default_iterations=1)
    meter.spend()
    clock.now += 0.45  # 0.55 s left, more than the 0.45 s an iteration took
    assert not meter.exhausted()


def test_whichever_limit_comes_first_stops() -> None:
    clock = FakeClock()
    meter = Budget(iterations=4, seconds=60.0, clock=clock).start(default_iterations=1)
    for _ in range(4):
        meter.spend()
    assert meter.exhausted()
    meter = Budget(iterations=1000, seconds=0.2, clock=clock).start(default_iterations=1)
    meter.spend()
    clock.now += 0.3
    assert meter.exhausted() and meter.used == 1


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": True}, {"iterations": 2.5},
                                    {"seconds": 0}, {"seconds": -1.0}, {"seconds": 1.0},
                                    {"seconds": "1", "clock": FakeClock()}])
def test_bad_budgets_are_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        Budget(**kwargs)


def test_derived_seeds_are_stable_spread_and_in_range() -> None:
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3)
    seeds = {derive_seed(7, seat, n) for seat in range(7) for n in range(200)}
    assert len(seeds) == 1400
    assert all(0 <= s < SEED_LIMIT for s in seeds)
    assert derive_seed(1, 2) != derive_seed(2, 1) and derive_seed(-1) != derive_seed(1)
    assert derive_seed(2**70) != derive_seed(2**70 + 2**64)
    # Fixed values: a change of the derivation would silently change every recorded decision seed.
    assert derive_seed(0) == 4762464554298704208
    assert derive_seed(1, 2, 3) == 2280110212526224464


def test_a_playout_in_progress_stops_when_the_time_is_up() -> None:
    clock = FakeClock()
    meter = Budget(seconds=1.0, clock=clock).start(default_iterations=1)
    assert not meter.out_of_time()
    clock.now += 1.0
    assert meter.out_of_time()
    assert not Budget(iterations=3).start(default_iterations=1).out_of_time()  # no clock: never


def test_play_out_stops_at_the_deadline_and_runs_on_without_one() -> None:
    import random

    from engine.bots.rollout import play_out
    from tests.engine.bots.toys import TicTacToe, ToyKnowledge

    clock = FakeClock()
    meter = Budget(seconds=0.5, clock=clock).start(default_iterations=1)
    game = TicTacToe()
    assert play_out(game, ToyKnowledge(), random.Random(1), meter=meter) >= 5 and game.is_over()
    clock.now += 0.5
    game = TicTacToe()
    assert play_out(game, ToyKnowledge(), random.Random(1), meter=meter) == 0 and not game.is_over()
