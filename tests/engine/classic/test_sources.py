"""Where the points came from (classic and Cities): the result's sources per seat add up to its score-pad
rows exactly, and chosen cases name the right source (a guild, a spy's copy, a Raider's token, a wonder
stage, Olympia B's copied guild, a rebate, a Secret Warehouse unit)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.classic.game import ClassicGame
from engine.classic.scoring import CITIES_ROWS, ROWS, score_city, score_sources, sources_view, spy_story
from tests.engine.classic.cities_helpers import cities_game, play_turn
from tests.engine.classic.helpers import act, arrange, make

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    *((n, {}) for n in range(2, 8)),
    *((n, {"cities": True}) for n in range(3, 8)),
    (4, {"cities": True, "teams": True}), (6, {"cities": True, "teams": True}),
]
GAMES = 3


def random_game(seats: int, seed: int, options: dict[str, Any]) -> ClassicGame:
    """A seeded random game played to its end (builds preferred)."""
    game = engine.new_game("classic", seats=seats, seed=seed, options=options)
    assert isinstance(game, ClassicGame)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.waiting()[0] if game.waiting() else game.to_act()[0]
        legal = game.legal_actions(seat)
        built = [a for a in legal if a["type"] in ("build", "wonder")]
        game.apply(seat, rng.choice(built if built and rng.random() < 0.9 else legal))
    return game


def _rows_of(pad: dict[str, int]) -> list[str]:
    return [r for r in (*ROWS, *CITIES_ROWS) if r in pad]


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_sources_add_up_to_the_rows(seats: int, options: dict[str, Any]) -> None:
    for seed in range(GAMES):
        game = random_game(seats, seed, options)
        result = game.result()
        assert result is not None
        pads = [*zip(result["scores"], result["sources"], strict=True)]
        if seats == 2:
            pads.append((result["free_city"], result["free_city_sources"]))
        for pad, sources in pads:
            for row in _rows_of(pad):
                assert pad[row] == sum(s["points"] for s in sources if s["row"] == row), (seed, row)
            assert pad["total"] == sum(s["points"] for s in sources)
            assert all(s["points"] for s in sources)
        if options.get("cities"):
            assert len(result["spies"]) == seats


def _source(sources: list[dict[str, Any]], source: str) -> dict[str, Any]:
    return next(s for s in sources if s["source"] == source)


def test_a_guild_names_its_points() -> None:
    """The Magistrates Guild scores 1 VP per blue card of the neighbours, under its own id."""
    game = make(["giza", "rhodes", "ephesus"])
    arrange(game, age=3, turn=2, built={0: ["a3_magistrates_guild", "a1_baths"],
                                        1: ["a1_altar", "a1_theater"], 2: ["a2_statue"]})
    sources = sources_view(game.state, 0)
    assert _source(sources, "a3_magistrates_guild") == {"source": "a3_magistrates_guild", "row": "guilds",
                                                         "points": 3}
    assert _source(sources, "a1_baths") == {"source": "a1_baths", "row": "civilian", "points": 3}
    assert score_city(game.state, 0)["guilds"] == 3


def test_wonder_stages_and_coins_name_their_points() -> None:
    game = make(["giza", "rhodes", "ephesus"])
    arrange(game, turn=2, stages={0: 2}, coins=[7, 3, 3])
    sources = sources_view(game.state, 0)
    assert [s for s in sources if s["row"] == "wonder"] == [
        {"source": "giza_A_1", "row": "wonder", "points": 3},
        {"source": "giza_A_2", "row": "wonder", "points": 5}]
    assert _source(sources, "coins") == {"source": "coins", "row": "treasury", "points": 2}


def test_olympia_b_copied_guild_is_marked() -> None:
    game = make(["olympia", "rhodes", "ephesus"], sides=["B", "A", "A"])
    arrange(game, age=3, turn=6, built={1: ["a3_builders_guild"]}, stages={0: 3, 1: 2, 2: 1})
    for seat in range(3):  # the last turn; then Olympia B copies the guild
        act(game, seat, type="discard", card=game.view(seat)["hand"][0])
    act(game, 0, type="copy_guild", card="a3_builders_guild")
    result = game.result()
    assert result is not None
    copied = _source(result["sources"][0], "a3_builders_guild")
    assert copied == {"source": "a3_builders_guild", "row": "guilds", "points": 6, "copied": True}


def test_a_spy_says_what_it_copied() -> None:
    """Pigeonhole copies the neighbour's tablet (two tablets of its own: 9 points with the copy)."""
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, age=2, turn=2, built={0: ["a1_pigeonhole", "a1_scriptorium", "a2_library"],
                                        1: ["a1_workshop"], 2: ["a2_school"]})
    _, science = score_sources(game.state, 0)
    assert science.points == 9
    assert spy_story(game.state, 0, science.copied) == [
        {"spy": "a1_pigeonhole", "copied": "a2_school", "city": 2, "symbol": "tablet"}]
    entry = _source(sources_view(game.state, 0), "science")
    assert entry == {"source": "science", "row": "science", "points": 9,
                     "symbols": {"compass": 0, "gear": 0, "tablet": 3}}


def test_a_raider_token_is_the_raiders() -> None:
    """A Raider Camp's victory token counts under the card, the conflicts' tokens under "conflicts"."""
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, turn=2, built={0: ["a1_raider_camp"]}, tokens={0: [1, 3, -1, 1]})
    sources = sources_view(game.state, 0)
    assert _source(sources, "a1_raider_camp") == {"source": "a1_raider_camp", "row": "military", "points": 1}
    assert _source(sources, "conflicts") == {"source": "conflicts", "row": "military", "points": 3}


def test_a_debt_and_a_black_card_name_their_points() -> None:
    game = cities_game(["giza", "rhodes", "ephesus"])
    arrange(game, turn=2, built={0: ["a1_city_gates", "a1_hideout"]}, debt={0: 2})
    sources = sources_view(game.state, 0)
    assert _source(sources, "a1_city_gates") == {"source": "a1_city_gates", "row": "black", "points": 4}
    assert _source(sources, "a1_hideout") == {"source": "a1_hideout", "row": "black", "points": 2}
    assert _source(sources, "debt") == {"source": "debt", "row": "debt", "points": -2}


def test_smugglers_cache_rebate_is_told() -> None:
    """A purchase of the left neighbour's starting resource tells Smuggler's Cache's rebate."""
    game = cities_game(["ephesus", "giza", "rhodes"])  # seat 0's left neighbour, Giza, starts with stone
    # Ephesus makes papyrus, its right neighbour Rhodes sells ore: the stone comes from Giza
    arrange(game, turn=2, hands=[["a1_baths"], [], []], coins=[3, 0, 0], built={0: ["a1_smugglers_cache"]})
    events = play_turn(game, {0: ("build", "a1_baths")})
    built = next(e for e in events if e["type"] == "build" and e["city"] == 0)
    assert (built["left"], built["right"]) == (1, 0)
    assert built["rebates"] == [{"card": "a1_smugglers_cache", "neighbour": "left", "coins": 1}]
    assert "extra_units" not in built
