"""The 12 Wonders, the tucked card and the 7-Wonder limit (duel.md §5.3, §10, §14)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import IllegalAction
from engine.duel.game import DuelGame
from engine.duel.material import RED
from engine.duel.scoring import score_pad
from tests.engine.duel.helpers import (
    coins,
    deck_for,
    events_of,
    give_turn,
    new,
    pawn,
    ready,
    set_coins,
    set_wonders,
)

VP = {"the_appian_way": 3, "circus_maximus": 3, "the_colossus": 3, "the_great_library": 4,
      "the_great_lighthouse": 4, "the_hanging_gardens": 3, "the_mausoleum": 2, "piraeus": 2,
      "the_pyramids": 9, "the_sphinx": 6, "the_statue_of_zeus": 3, "the_temple_of_artemis": 0}
AGAIN = {"the_appian_way", "the_hanging_gardens", "piraeus", "the_sphinx", "the_temple_of_artemis"}
SHIELDS = {"the_colossus": 2, "circus_maximus": 1, "the_statue_of_zeus": 1}
COST = {"the_appian_way": 5, "circus_maximus": 4, "the_colossus": 4, "the_great_library": 5,
        "the_great_lighthouse": 4, "the_hanging_gardens": 4, "the_mausoleum": 5, "piraeus": 4,
        "the_pyramids": 4, "the_sphinx": 4, "the_statue_of_zeus": 5, "the_temple_of_artemis": 4}


def four_wonders(*mine: str) -> list[str]:
    """A city's 4 Wonders for a position: ``mine`` first, then others."""
    others = [w for w in ("the_pyramids", "the_sphinx", "the_colossus", "piraeus") if w not in mine]
    return [*mine, *others][:4]


def wonder(game: DuelGame, w: str, card: str = "guard_tower", seat: int = 0) -> list[dict[str, Any]]:
    return game.apply(seat, {"type": "wonder", "card": card, "wonder": w})


@pytest.mark.parametrize("w", sorted(VP))
def test_wonder_vp_cost_replay_and_tucked_card(w: str) -> None:
    game = ready(["guard_tower", "theater"], coins=40)
    set_wonders(game, 0, w)
    events = wonder(game, w)
    ev = events_of(events, "wonder")[0]
    assert ev["cost"] == 2 * COST[w]  # resources only, 2 coins per unit from an empty opponent
    assert ev["card_age"] == 1 and ev["card"] == "guard_tower"
    assert score_pad(game.state, 0)["wonders"] == VP[w]
    assert "guard_tower" not in game.view(None)["players"][0]["cards"] and game.view(None)["discard"] == []
    assert game.state.cities[0].colors[RED] == 0 and pawn(game) == SHIELDS.get(w, 0)
    view = game.view(None)
    assert view["players"][0]["wonders"][0] == {"id": w, "built": True, "age_card_age": 1,
                                               "tucked_card": "guard_tower"}
    if game.view(None)["pending"]["kind"] == "turn":  # a plain turn is next
        assert game.to_act() == [0 if w in AGAIN else 1]
        assert bool(events_of(events, "replay")) == (w in AGAIN)


def test_appian_way_coins() -> None:
    game = ready(["guard_tower"], coins=40)
    set_coins(game, None, 2)
    set_wonders(game, 0, "the_appian_way")
    events = wonder(game, "the_appian_way")
    assert coins(game) == [40 - 10 + 3, 0]
    assert {"type": "coins", "seat": 1, "delta": -2, "why": "the_appian_way"} in events


@pytest.mark.parametrize(("w", "gained"), [("the_hanging_gardens", 6), ("the_temple_of_artemis", 12)])
def test_coin_wonders(w: str, gained: int) -> None:
    game = ready(["guard_tower"], coins=8)
    set_wonders(game, 0, w)
    wonder(game, w)
    assert coins(game)[0] == gained


@pytest.mark.parametrize(("w", "color", "mine", "theirs"), [
    ("the_statue_of_zeus", "brown", "lumber_yard", "glassworks"),
    ("circus_maximus", "grey", "glassworks", "lumber_yard")])
def test_destroy_wonders(w: str, color: str, mine: str, theirs: str) -> None:
    game = ready(["brewery", "temple"], age=2, coins=40, cities=(
        {"wonders": four_wonders(w)}, {"cards": ["sawmill", "quarry", "glassworks", "press", "tavern"]}))
    discard = game.view(0)["discard"]
    wonder(game, w, "brewery")
    view = game.view(0)
    targets = {"brown": ["sawmill", "quarry"], "grey": ["glassworks", "press"]}[color]
    assert view["pending"] == {"seat": 0, "kind": "destroy", "options": targets}
    assert pawn(game) == 1
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "destroy", "card": "tavern"})
    price_before = view["players"][0]["trade_prices"]
    events = game.apply(0, {"type": "destroy", "card": targets[0]})
    assert events[0] == {"type": "destroy", "seat": 0, "card": targets[0]}
    assert targets[0] not in game.view(0)["players"][1]["cards"]
    assert game.view(0)["discard"] == [*discard, targets[0]]
    res = {"sawmill": "wood", "glassworks": "glass"}[targets[0]]
    after = game.view(0)["players"][0]["trade_prices"]
    assert after[res] == price_before[res] - (2 if res == "wood" else 1)
    assert game.to_act() == [1]


@pytest.mark.parametrize("w", ["the_statue_of_zeus", "circus_maximus"])
def test_destroy_with_nothing_to_destroy(w: str) -> None:
    game = ready(["guard_tower"], coins=40)
    set_wonders(game, 0, w)
    wonder(game, w)
    assert game.view(0)["pending"]["kind"] == "turn" and game.to_act() == [1] and pawn(game) == 1


def test_mausoleum_builds_from_discard_for_free() -> None:
    game = ready(["guard_tower", "theater", "altar"], coins=40)
    set_wonders(game, 0, "the_mausoleum")
    game.apply(0, {"type": "discard", "card": "theater"})
    game.apply(1, {"type": "discard", "card": "altar"})
    wonder(game, "the_mausoleum")
    assert game.view(0)["pending"] == {"seat": 0, "kind": "mausoleum", "options": ["theater", "altar"]}
    events = game.apply(0, {"type": "mausoleum", "card": "altar"})
    assert events[0] == {"type": "mausoleum", "seat": 0, "card": "altar"}
    assert "altar" in game.view(0)["players"][0]["cards"]
    assert game.view(0)["discard"] == ["theater"]
    assert score_pad(game.state, 0)["blue"] == 3


def test_mausoleum_with_empty_discard() -> None:
    game = ready(["guard_tower"], coins=40)
    set_wonders(game, 0, "the_mausoleum")
    wonder(game, "the_mausoleum")
    assert game.to_act() == [1] and score_pad(game.state, 0)["wonders"] == 2


def test_mausoleum_science_pair_gives_progress_choice() -> None:
    # Seat 0 holds the Laboratory (a plumb); the Workshop (a plumb) is in the discard pile.
    game = ready(["brewery"], age=2, coins=40, discard=deck_for(1, []),
                 cities=({"cards": ["laboratory"], "wonders": four_wonders("the_mausoleum")}, {}))
    assert "workshop" in game.view(0)["discard"]
    wonder(game, "the_mausoleum", "brewery")
    game.apply(0, {"type": "mausoleum", "card": "workshop"})
    assert game.view(0)["pending"]["kind"] == "progress"


def test_great_library_draws_three_removed_tokens() -> None:
    game = new(progress_board=["law", "masonry", "economy", "strategy", "theology"],
               progress_removed=["agriculture", "urbanism", "philosophy", "mathematics", "architecture"])
    set_coins(game, 40, 40)
    set_wonders(game, 0, "the_great_library")
    card = game.legal_actions(0)[0]["card"]
    game.apply(0, {"type": "wonder", "card": card, "wonder": "the_great_library"})
    mine, theirs, board = game.view(0)["pending"], game.view(1)["pending"], game.view(None)["pending"]
    assert mine == {"seat": 0, "kind": "great_library", "options": ["agriculture", "urbanism", "philosophy"],
                    "count": 3}
    assert theirs["options"] is None and board["options"] is None and theirs["count"] == 3
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "progress", "token": "law"})
    events = game.apply(0, {"type": "progress", "token": "urbanism"})
    assert game.view(0)["players"][0]["progress"] == ["urbanism"]
    assert {"type": "coins", "seat": 0, "delta": 6, "why": "urbanism"} in events
    assert game.view(0)["progress_board"] == ["law", "masonry", "economy", "strategy", "theology"]


@pytest.mark.parametrize("w", ["the_great_lighthouse", "piraeus"])
def test_production_wonders(w: str) -> None:
    game = ready(["guard_tower"], coins=40)
    set_wonders(game, 0, w)
    wonder(game, w)
    expected = {"the_great_lighthouse": ["wood", "clay", "stone"], "piraeus": ["glass", "papyrus"]}[w]
    view = game.view(1)
    assert view["players"][0]["choices"] == [expected]
    assert set(view["players"][1]["trade_prices"].values()) == {2}


def test_wonder_not_yours_or_built_is_illegal() -> None:
    game = ready(["guard_tower", "theater"], coins=40)
    set_wonders(game, 0, "the_pyramids")
    set_wonders(game, 1, "the_sphinx")
    with pytest.raises(IllegalAction, match="not one of your wonders"):
        wonder(game, "the_sphinx")
    wonder(game, "the_pyramids")
    give_turn(game, 0)
    with pytest.raises(IllegalAction, match="already built"):
        wonder(game, "the_pyramids", card="theater")


def test_eighth_wonder_returns_to_the_box() -> None:
    """Seed 000: Vasilis has built 4, Giannis builds his 3rd (the Colossus): his Pyramids are boxed."""
    game = ready(["guard_tower", "theater", "altar", "baths", "tavern", "palisade"], coins=90)
    set_wonders(game, 0, "the_sphinx", "piraeus", "the_temple_of_artemis", "the_hanging_gardens")
    set_wonders(game, 1, "the_great_library", "the_great_lighthouse", "the_colossus", "the_pyramids")
    for w in ("the_sphinx", "piraeus", "the_temple_of_artemis", "the_hanging_gardens"):
        card = next(a["card"] for a in game.legal_actions(0) if a["type"] == "wonder")
        give_turn(game, 0)
        wonder(game, w, card=card)
    for i, w in enumerate(("the_great_lighthouse", "the_great_library", "the_colossus")):
        give_turn(game, 1)
        card = next(a["card"] for a in game.legal_actions(1) if a["type"] == "wonder")
        events = wonder(game, w, card=card, seat=1)
        if w == "the_great_library":
            game.apply(1, game.legal_actions(1)[0])
        assert bool(events_of(events, "wonder_boxed")) == (i == 2)
    assert events_of(events, "wonder_boxed")[0]["wonder"] == "the_pyramids"
    view = game.view(None)
    assert view["boxed_wonder"] == "the_pyramids"
    assert [x["id"] for x in view["players"][1]["wonders"]] == [
        "the_great_library", "the_great_lighthouse", "the_colossus"]
    give_turn(game, 1)
    assert not [a for a in game.legal_actions(1) if a["type"] == "wonder"]
    with pytest.raises(IllegalAction):
        wonder(game, "the_pyramids", card=game.legal_actions(1)[0]["card"], seat=1)
    assert score_pad(game.state, 1)["wonders"] == 4 + 4 + 3
