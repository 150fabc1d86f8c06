"""The classic bots play Cities games (black cards, debt decisions, teams) to the end."""

from __future__ import annotations

import time

import pytest

from engine.bots.levels import make_policy
from engine.bots.match import ThinkingLimit, play_game


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bots_finish_a_team_game_with_cities(level: str) -> None:
    policies = [make_policy(level, "classic") for _ in range(4)]
    record = play_game("classic", policies, seed=3, options={"cities": True, "teams": True},
                       limit=ThinkingLimit(seconds=0.01, clock=time.perf_counter))
    assert sum(record.shares) == pytest.approx(1.0)
    assert record.shares[0] == record.shares[1] and record.shares[2] == record.shares[3]  # teams win together
