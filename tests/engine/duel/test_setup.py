"""Setup from the seed and the fixed `setup` option (duel.md §2, docs/duel.md options)."""

from __future__ import annotations

import pytest

import engine
from engine.duel.game import DuelGame
from engine.duel.material import CARDS, PURPLE
from engine.duel.serial import describe
from tests.engine.duel.helpers import coins, deck_for, new, pawn


def test_same_seed_same_game_other_seed_other_game() -> None:
    a = engine.new_game("duel", seats=2, seed=42).to_dict()
    b = engine.new_game("duel", seats=2, seed=42).to_dict()
    c = engine.new_game("duel", seats=2, seed=43).to_dict()
    assert a == b and a["digest"] != c["digest"]


@pytest.mark.parametrize("seed", range(20))
def test_setup_composition(seed: int) -> None:
    game = engine.new_game("duel", seats=2, seed=seed)
    assert isinstance(game, DuelGame)
    s = game.state.setup
    assert sorted(s.progress_board + s.progress_removed) == list(range(10))
    assert len(set(s.wonders)) == 8
    for age in (1, 2, 3):
        deck, removed = s.decks[age], s.removed[age]
        assert len(deck) == 20 and len(removed) == 3 and not set(deck) & set(removed)
        assert all(CARDS[c].age == age for c in deck + removed)
    assert sum(CARDS[c].color == PURPLE for c in s.decks[3]) == 3 and len(s.guilds) == 3
    assert sum(CARDS[c].color == PURPLE for c in s.removed[3]) == 0
    assert coins(game) == [7, 7] and pawn(game) == 0


def test_fixed_setup_is_honoured() -> None:
    ages = {"1": deck_for(1, []), "2": deck_for(2, [])}
    age3 = deck_for(3, [])[:17] + ["merchants_guild", "builders_guild", "moneylenders_guild"]
    game = new(first_game=False, first_player=1, ages={**ages, "3": age3},
               progress_board=["law", "urbanism", "economy", "theology", "strategy"],
               wonders=["the_pyramids", "the_sphinx", "piraeus", "the_colossus", "the_great_library",
                        "the_mausoleum", "circus_maximus", "the_appian_way"])
    view = game.view(None)
    assert view["first_player"] == 1 and view["draft"]["available"] == [
        "the_pyramids", "the_sphinx", "piraeus", "the_colossus"]
    assert view["progress_board"] == ["law", "urbanism", "economy", "theology", "strategy"]
    state = describe(game.state)
    assert state["decks"]["1"] == ages["1"] and state["decks"]["3"] == age3
    assert sorted(state["progress_removed"]) == ["agriculture", "architecture", "masonry", "mathematics",
                                                 "philosophy"]


def test_fixed_removed_and_guilds() -> None:
    game = new(removed={"2": ["sawmill", "walls", "forum"]},
               guilds=["tacticians_guild", "builders_guild", "merchants_guild"])
    s = describe(game.state)["decks"]
    assert not {"sawmill", "walls", "forum"} & set(s["2"]) and len(s["2"]) == 20
    assert sorted(c for c in s["3"] if c.endswith("_guild")) == ["builders_guild", "merchants_guild",
                                                                   "tacticians_guild"]


@pytest.mark.parametrize("setup", [
    {"first_player": 2}, {"wonders": ["the_pyramids"]}, {"wonders": ["the_pyramids"] * 8},
    {"progress_board": ["law", "law", "economy", "theology", "strategy"]},
    {"progress_board": ["law", "urbanism", "economy", "theology", "strategy"],
     "progress_removed": ["law", "agriculture", "architecture", "masonry", "mathematics"]},
    {"ages": {"1": deck_for(2, [])}}, {"ages": {"4": []}}, {"removed": {"1": ["sawmill", "walls", "forum"]}},
    {"guilds": ["tavern", "builders_guild", "merchants_guild"]}, {"colour": 1},
    {"ages": {"1": deck_for(1, [])}, "removed": {"1": ["tavern", "press", "altar"]}},
])
def test_bad_setup_raises_value_error(setup: dict) -> None:
    with pytest.raises(ValueError):
        engine.new_game("duel", seats=2, seed=1, options={"setup": setup})


@pytest.mark.parametrize(("seats", "seed", "options"), [(3, 1, None), (2, "1", None), (2, 1.5, None),
                                                        (2, 1, {"first_game_wonders": "yes"}),
                                                        (2, 1, {"fast": True}), (2, 1, [])])
def test_bad_new_game_arguments(seats: int, seed: object, options: object) -> None:
    with pytest.raises(ValueError):
        engine.new_game("duel", seats=seats, seed=seed, options=options)  # type: ignore[arg-type]
