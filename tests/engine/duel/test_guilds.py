"""Guilds and the yellow 'coins per card' cards (duel.md §13.5, §14.8-11)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.duel.scoring import score_pad
from tests.engine.duel.helpers import build, coins, give, ready, set_coins

WONDERS = (["the_pyramids", "the_sphinx", "piraeus", "the_colossus"],
           ["the_appian_way", "circus_maximus", "the_mausoleum", "the_great_lighthouse"])


def built_wonders(seat: int, n: int) -> dict[str, Any]:
    """A city's part of a position: its 4 Wonders, the first ``n`` of them built."""
    return {"wonders": [{"id": w, "built": True} if i < n else w for i, w in enumerate(WONDERS[seat])]}


@pytest.mark.parametrize(("guild", "mine", "theirs", "gained", "vp"), [
    ("merchants_guild", ["tavern"], ["stone_reserve", "brewery", "forum"], 3, 3),
    ("magistrates_guild", ["theater", "altar"], ["baths"], 2, 2),
    ("scientists_guild", ["workshop"], ["apothecary", "library"], 2, 2),
    ("tacticians_guild", ["guard_tower", "walls", "stable"], ["garrison"], 3, 3),
    ("shipowners_guild", ["lumber_yard", "glassworks", "press"], ["sawmill", "brickyard"], 3, 3),
])
def test_colour_guilds(guild: str, mine: list[str], theirs: list[str], gained: int, vp: int) -> None:
    game = ready([guild], age=3, coins=40, cities=({"cards": mine}, {"cards": theirs}))
    before = coins(game)[0]
    events = build(game, guild)
    paid = next(e["cost"] for e in events if e["type"] == "build")
    assert coins(game)[0] - before + paid == gained
    assert score_pad(game.state, 0)["purple"] == vp


def test_shipowners_uses_one_city_for_both_colours() -> None:
    """Brown best in one city, grey best in the other: the guild takes one city only."""
    game = ready(["shipowners_guild"], age=3, coins=40)
    give(game, 0, "sawmill", "brickyard", "quarry")          # 3 brown, 0 grey
    give(game, 1, "lumber_yard", "glassworks", "press", "drying_room")  # 1 brown, 3 grey -> 4
    assert score_pad(game.state, 0)["purple"] == 0
    build(game, "shipowners_guild")
    assert score_pad(game.state, 0)["purple"] == 4


def test_guild_vp_use_end_counts_coins_use_build_counts() -> None:
    game = ready(["magistrates_guild"], age=3, coins=40)
    give(game, 1, "theater")
    before = coins(game)[0]
    build(game, "magistrates_guild")
    paid = before - coins(game)[0]
    give(game, 1, "altar", "baths")
    assert score_pad(game.state, 0)["purple"] == 3
    assert paid == 8 - 1  # 4 units at 2 coins, +1 coin for the one blue card at build time


def test_builders_guild() -> None:
    game = ready(["builders_guild"], age=3, coins=40, cities=(built_wonders(0, 1), built_wonders(1, 3)))
    before = coins(game)[0]
    build(game, "builders_guild")
    assert before - coins(game)[0] == 10  # no coins when built
    assert score_pad(game.state, 0)["purple"] == 6


def test_moneylenders_guild() -> None:
    game = ready(["moneylenders_guild"], age=3, coins=40)
    build(game, "moneylenders_guild")
    set_coins(game, 5, 17)
    assert score_pad(game.state, 0)["purple"] == 5
    assert score_pad(game.state, 0)["coins"] == 1 and score_pad(game.state, 1)["coins"] == 5


@pytest.mark.parametrize(("card", "city", "theirs", "gained"), [
    ("chamber_of_commerce", ["glassworks", "press", "lumber_yard"], ["glassblower", "drying_room"], 6),
    ("port", ["lumber_yard", "sawmill", "glassworks"], ["logging_camp", "brickyard", "clay_pool"], 4),
    ("armory", ["guard_tower", "walls"], ["stable", "garrison", "barracks"], 2),
    ("lighthouse", ["tavern", "forum"], ["brewery", "caravansery", "stone_reserve"], 3),
])
def test_yellow_coins_per_own_card(card: str, city: list[str], theirs: list[str], gained: int) -> None:
    """Only the builder's own cards count (the opponent holds more of the colour)."""
    game = ready([card], age=3, coins=40, cities=({"cards": city}, {"cards": theirs}))
    before = coins(game)[0]
    events = build(game, card)
    paid = next(e["cost"] for e in events if e["type"] == "build")
    assert coins(game)[0] - before + paid == gained
    assert score_pad(game.state, 0)["yellow"] == 3


def test_arena_counts_own_wonders() -> None:
    game = ready(["arena"], age=3, coins=40, cities=(built_wonders(0, 2), built_wonders(1, 4)))
    before = coins(game)[0]
    events = build(game, "arena")
    paid = next(e["cost"] for e in events if e["type"] == "build")
    assert coins(game)[0] - before + paid == 4
