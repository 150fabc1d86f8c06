"""Turns, the draft, Ages, who begins, replays and the end of the game (duel.md §2, §4, §11-13)."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from engine.duel.game import DuelGame
from tests.engine.duel.helpers import (
    coins,
    deck_for,
    events_of,
    give,
    new,
    pawn,
    ready,
    set_coins,
    set_pawn,
    set_wonders,
)


def discard_until_last(game: DuelGame) -> None:
    """Discard accessible cards until one card of the Age is left."""
    while sum(not s["taken"] for s in game.view(None)["structure"]) > 1:
        seat = game.to_act()[0]
        game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "discard"))


def test_discard_worth_four_with_two_yellow_cards() -> None:
    """Two yellow cards in the city: 2 + 2 = 4; the discarded yellow card does not count itself."""
    game = ready(["guard_tower", "tavern"], coins=0)
    give(game, 0, "stone_reserve", "wood_reserve")
    events = game.apply(0, {"type": "discard", "card": "tavern"})
    assert events[0] == {"type": "discard", "seat": 0, "card": "tavern", "coins": 4}
    assert coins(game)[0] == 4 and game.view(None)["discard"] == ["tavern"]
    assert {a["type"] for a in game.legal_actions(1) if a["card"] == "guard_tower"} >= {"discard"}


def test_draft_order_a1_b2_a1_then_b1_a2_b1() -> None:
    wonders = ["the_pyramids", "the_sphinx", "piraeus", "the_colossus",
               "the_great_library", "the_mausoleum", "circus_maximus", "the_appian_way"]
    game = new(first_game=False, first_player=1, wonders=wonders)
    view = game.view(None)
    assert view["phase"] == "draft" and view["draft"] == {"round": 1, "available": wonders[:4]}
    assert "the_great_library" not in str(view)
    pickers = []
    picks = iter(["the_sphinx", "the_pyramids", "the_colossus", "the_mausoleum", "the_great_library",
                  "the_appian_way"])
    while game.view(None)["phase"] == "draft":
        seat = game.to_act()[0]
        pickers.append(seat)
        events = game.apply(seat, {"type": "draft_wonder", "wonder": next(picks)})
    assert pickers == [1, 0, 0, 0, 1, 1]  # the last wonder of each round is taken automatically
    assert [w["id"] for w in game.view(0)["players"][1]["wonders"]] == [
        "the_sphinx", "piraeus", "the_great_library", "the_appian_way"]
    assert [w["id"] for w in game.view(0)["players"][0]["wonders"]] == [
        "the_pyramids", "the_colossus", "the_mausoleum", "circus_maximus"]
    assert events_of(events, "draft_wonder")[-1] == {"type": "draft_wonder", "seat": 0,
                                                     "wonder": "circus_maximus", "auto": True}
    assert events_of(events, "age_start") == [{"type": "age_start", "seat": 1, "age": 1,
                                               "first_player": 1}]
    assert game.view(None)["phase"] == "play" and game.to_act() == [1]


def test_draft_rejects_unrevealed_and_taken_wonders() -> None:
    wonders = ["the_pyramids", "the_sphinx", "piraeus", "the_colossus",
               "the_great_library", "the_mausoleum", "circus_maximus", "the_appian_way"]
    game = new(first_game=False, wonders=wonders)
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "draft_wonder", "wonder": "the_great_library"})
    game.apply(0, {"type": "draft_wonder", "wonder": "the_pyramids"})
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "draft_wonder", "wonder": "the_pyramids"})
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "draft_wonder", "wonder": "the_sphinx"})


def test_first_game_wonders() -> None:
    game = engine.new_game("duel", seats=2, seed=4, options={"first_game_wonders": True})
    a = game.view(None)["first_player"]
    ids = [[w["id"] for w in p["wonders"]] for p in game.view(None)["players"]]
    assert ids[a] == ["the_pyramids", "the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"]
    assert ids[1 - a] == ["circus_maximus", "piraeus", "the_appian_way", "the_colossus"]
    assert game.view(None)["phase"] == "play" and game.to_act() == [a]


def test_tie_at_end_of_age_last_active_begins() -> None:
    game = new()
    discard_until_last(game)
    last = game.to_act()[0]
    card = game.legal_actions(last)[0]["card"]
    events = game.apply(last, {"type": "discard", "card": card})
    assert events_of(events, "age_start") == [{"type": "age_start", "seat": last, "age": 2,
                                               "first_player": last}]
    assert game.view(None)["age"] == 2 and game.to_act() == [last]


@pytest.mark.parametrize(("position", "weaker"), [(2, 1), (-1, 0)])
def test_weaker_player_chooses_who_begins(position: int, weaker: int) -> None:
    game = new()
    discard_until_last(game)
    set_pawn(game, position)
    seat = game.to_act()[0]
    game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] == "discard"))
    view = game.view(weaker)
    assert view["pending"] == {"seat": weaker, "kind": "choose_start", "options": [0, 1]}
    assert view["age"] == 2 and len(view["structure"]) == 20 and view["my_turn"] is None
    assert game.legal_actions(weaker) == [{"type": "choose_start", "seat": 0},
                                          {"type": "choose_start", "seat": 1}]
    for bad in (2, "0", True, None):
        with pytest.raises(IllegalAction):
            game.apply(weaker, {"type": "choose_start", "seat": bad})
    events = game.apply(weaker, {"type": "choose_start", "seat": 1 - weaker})
    assert events[0] == {"type": "choose_start", "seat": weaker, "chosen": 1 - weaker}
    assert game.to_act() == [1 - weaker]


def test_replay_with_the_last_card_of_an_age_is_lost() -> None:
    game = new()
    set_wonders(game, 0, "the_sphinx")
    set_wonders(game, 1, "the_sphinx")
    set_coins(game, 50, 50)
    discard_until_last(game)
    seat = game.to_act()[0]
    set_wonders(game, seat, "the_sphinx")
    card = game.legal_actions(seat)[0]["card"]
    events = game.apply(seat, {"type": "wonder", "card": card, "wonder": "the_sphinx"})
    assert not events_of(events, "replay")
    assert events_of(events, "age_start")[0]["first_player"] == seat  # tie rule, not a replay
    assert game.view(None)["play_again"] is False


def test_mausoleum_with_the_last_card_of_an_age() -> None:
    game = new()
    set_coins(game, 50, 50)
    discard_until_last(game)
    seat = game.to_act()[0]
    set_wonders(game, seat, "the_mausoleum")
    card = game.legal_actions(seat)[0]["card"]
    game.apply(seat, {"type": "wonder", "card": card, "wonder": "the_mausoleum"})
    assert game.view(None)["pending"]["kind"] == "mausoleum" and game.view(None)["age"] == 1
    pick = game.legal_actions(seat)[0]
    events = game.apply(seat, pick)
    assert events[0]["type"] == "mausoleum" and events_of(events, "age_start")


def test_game_ends_after_age_three_with_civilian_result() -> None:
    game = new()
    rounds = 0
    while not game.is_over():
        seat = game.to_act()[0]
        acts = game.legal_actions(seat)
        game.apply(seat, next((a for a in acts if a["type"] == "discard"), acts[0]))
        rounds += 1
    result = game.result()
    assert result["victory"] == "civilian" and rounds == 60 + _choices(game)
    assert set(result["scores"][0]) == {"blue", "green", "yellow", "purple", "wonders", "progress",
                                        "coins", "military", "total"}
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, {"type": "discard", "card": "tavern"})
    assert game.view(0)["phase"] == "over" and game.view(0)["pending"] is None


def _choices(game: DuelGame) -> int:
    return sum(1 for _, a in game.action_log if a["type"] == "choose_start")


def test_civilian_tie_break_on_blue_then_shared() -> None:
    from engine.duel.scoring import civilian_result

    game = ready(["guard_tower"])
    give(game, 0, "theater")
    give(game, 1, "workshop")
    set_coins(game, 3, 9)
    res = civilian_result(game.state)
    assert res["scores"][0]["total"] == res["scores"][1]["total"] == 4
    assert (res["scores"][0]["blue"], res["scores"][1]["blue"]) == (3, 0)
    assert res["winners"] == [0] and res["victory"] == "civilian"
    set_coins(game, 6, 9)
    assert civilian_result(game.state)["winners"] == [0]
    set_coins(game, 0, 9)
    assert civilian_result(game.state)["winners"] == [1]


def test_shared_victory() -> None:
    from engine.duel.scoring import civilian_result

    game = ready(["guard_tower"])
    set_coins(game, 3, 3)
    give(game, 0, "theater")
    give(game, 1, "altar")
    assert civilian_result(game.state)["winners"] == [0, 1]


def test_wrong_seat_and_malformed_actions() -> None:
    game = new()
    before = game.to_dict()
    for seat, action in [(1, {"type": "discard", "card": game.legal_actions(0)[0]["card"]}),
                         ("0", {"type": "discard"}), (True, {"type": "discard"}), (0, ["discard"]),
                         (0, {"type": "fly"}), (0, {"type": "progress", "token": "law"}),
                         (0, {"type": "wonder", "card": game.legal_actions(0)[0]["card"], "wonder": 7}),
                         (0, {"type": "wonder", "card": game.legal_actions(0)[0]["card"],
                              "wonder": "the_sphinx"})]:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert isinstance(IllegalAction("x"), ValueError)
    assert game.to_dict() == before
    assert game.legal_actions(1) == [] and game.legal_actions(5) == []


def test_reveal_comes_before_the_replay_turn() -> None:
    """§14.22: cards uncovered by a play-again Wonder are revealed before the replay turn."""
    deck = deck_for(1, [])
    game = new(ages={"1": deck})
    set_coins(game, 40, 40)
    set_wonders(game, 0, "the_sphinx")
    game.apply(0, {"type": "discard", "card": deck[14]})
    set_wonders(game, 1, "the_sphinx")
    events = game.apply(1, {"type": "wonder", "card": deck[15], "wonder": "the_sphinx"})
    kinds = [e["type"] for e in events]
    assert kinds.index("reveal") < kinds.index("replay") and game.to_act() == [1]


def test_strategy_applies_to_a_red_card_built_by_the_mausoleum() -> None:
    mine = {"progress": ["strategy"],
            "wonders": ["the_mausoleum", "the_pyramids", "the_sphinx", "the_colossus"]}
    game = ready(["temple"], age=2, coins=40, discard=deck_for(1, []) + ["walls"], cities=(mine, {}))
    card = game.legal_actions(0)[0]["card"]
    game.apply(0, {"type": "wonder", "card": card, "wonder": "the_mausoleum"})
    game.apply(0, {"type": "mausoleum", "card": "walls"})
    assert pawn(game) == 3
