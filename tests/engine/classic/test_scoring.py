"""Score pad: military, treasury, wonder, civilian, science (with 0, 1, 2 wildcards), guilds, winners."""

from __future__ import annotations

import pytest

from engine.classic.scoring import best_science, science_points, score_city, winners
from tests.engine.classic.helpers import arrange, make


def test_rulebook_science_examples() -> None:
    assert science_points(3, 2, 1) == 21
    assert science_points(3, 2, 2) == 31
    assert science_points(0, 0, 0) == 0
    assert science_points(6, 0, 0) == 36


@pytest.mark.parametrize(("counts", "wild", "expected"), [
    ([3, 2, 1], 0, 21),
    ([3, 2, 1], 1, 31),       # the wildcard completes a second set
    ([0, 0, 0], 1, 1),
    ([4, 0, 0], 1, 25),       # extending a single symbol beats everything else
    ([0, 0, 0], 2, 4),
    ([1, 1, 0], 2, 13),       # 2/1/1 or 1/1/2: one set
    ([2, 2, 2], 2, 38),       # 4/2/2 = 16+4+4+14 = 38 beats 3/3/2 = 9+9+4+14 = 36
])
def test_science_wildcards_maximise(counts: list[int], wild: int, expected: int) -> None:
    assert best_science(counts, wild) == expected


def test_score_city_with_babylon_and_scientists_wildcards() -> None:
    game = make(["babylon", "giza", "rhodes"])
    arrange(game, age=3, turn=2, stages={0: 2},
            built={0: ["a1_workshop", "a1_apothecary", "a3_scientists_guild"]})
    assert game.view(None)["cities"][0]["science"]["wild"] == 2
    assert score_city(game.state, 0)["science"] == 13


def test_score_pad_rows() -> None:
    game = make(["giza", "rhodes", "ephesus"])
    arrange(game, age=3, turn=3, stages={0: 2}, coins={0: 11}, tokens={0: [1, -1, 5]},
            built={0: ["a1_altar", "a2_aqueduct", "a3_lighthouse", "a1_marketplace", "a3_workers_guild"],
                   1: ["a1_lumber_yard", "a2_quarry"], 2: ["a1_clay_pool"]})
    rows = score_city(game.state, 0)
    assert rows == {"military": 5, "treasury": 3, "wonder": 8, "civilian": 7, "science": 0, "commercial": 2,
                    "guilds": 3, "total": 28, "coins": 11}
    assert list(rows)[:7] == ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]


def test_winners_tie_broken_by_coins_then_shared() -> None:
    def pad(total: int, coins: int) -> dict[str, int]:
        return {"total": total, "coins": coins}

    assert winners([pad(40, 2), pad(41, 0), pad(39, 9)]) == [1]
    assert winners([pad(40, 2), pad(40, 5), pad(39, 9)]) == [1]
    assert winners([pad(40, 5), pad(40, 5), pad(39, 9)]) == [0, 1]


def test_guilds_count_neighbours_only_except_builders_and_shipowners() -> None:
    game = make(["giza", "rhodes", "ephesus", "babylon"])
    arrange(game, age=3, turn=2, built={0: ["a3_magistrates_guild", "a1_altar"], 1: ["a1_theater"],
                                        2: ["a1_baths", "a2_temple"], 3: ["a1_pawnshop"]})
    assert score_city(game.state, 0)["guilds"] == 2  # city 2 is not a neighbour with 4 players
