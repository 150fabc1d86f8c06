"""Where the points came from (Duel): the result's sources per seat add up to its score-pad rows exactly,
whatever the victory, and chosen cases name the right source (a guild, Progress tokens, a Wonder, the
pawn)."""

from __future__ import annotations

import random
from typing import Any

import engine
from engine.duel.scoring import ROWS, score_pad, score_sources
from tests.engine.duel.helpers import ready

GAMES = 40


def test_sources_add_up_to_the_rows() -> None:
    victories = set()
    for seed in range(GAMES):
        game = engine.new_game("duel", seats=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        result = game.result()
        assert result is not None
        victories.add(result["victory"])
        for pad, sources in zip(result["scores"], result["sources"], strict=True):
            for row in ROWS:
                assert pad[row] == sum(s["points"] for s in sources if s["row"] == row), (seed, row)
            assert pad["total"] == sum(s["points"] for s in sources)
    assert "civilian" in victories and len(victories) >= 2


def _points(game: Any, seat: int) -> dict[str, tuple[str, int]]:
    return {s.source: (s.row, s.points) for s in score_sources(game.state, seat)}


def test_a_guild_names_its_points() -> None:
    """The Magistrates Guild counts the blue cards of the city with the most (here the opponent's, 3)."""
    game = ready([], age=3, cities=({"cards": ["magistrates_guild", "theater"]},
                                    {"cards": ["baths", "altar", "temple"]}))
    points = _points(game, 0)
    assert points["magistrates_guild"] == ("purple", 3)
    assert points["theater"] == ("blue", 3)
    assert score_pad(game.state, 0)["purple"] == 3


def test_progress_tokens_wonders_coins_and_the_pawn_name_their_points() -> None:
    game = ready([], age=2, pawn=4, cities=(
        {"coins": 10, "progress": ["agriculture", "mathematics"],
         "wonders": [{"id": "the_pyramids", "built": True}, "the_sphinx", "the_colossus", "piraeus"]},
        {"coins": 0}))
    points = _points(game, 0)
    assert points["agriculture"] == ("progress", 4)
    assert points["mathematics"] == ("progress", 6)  # 3 per token held, itself included
    assert points["the_pyramids"] == ("wonders", 9)
    assert "the_sphinx" not in points
    assert points["coins"] == ("coins", 3)
    assert points["military"] == ("military", 5)
    assert _points(game, 1)["military"] == ("military", 0)
