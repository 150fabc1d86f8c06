"""Audit: rule combinations that random play rarely reaches (duel.md §5-§14)."""

from __future__ import annotations

from typing import Any

from engine.duel.game import DuelGame
from engine.duel.material import TOKEN_INDEX
from engine.duel.scoring import score_pad
from tests.engine.duel.helpers import (
    build,
    coins,
    deck_for,
    events_of,
    game_from,
    give,
    give_token,
    give_turn,
    jump,
    pawn,
    ready,
    set_coins,
    set_pawn,
    set_wonders,
)


def wonder(game: DuelGame, w: str, card: str, seat: int = 0) -> list[dict[str, Any]]:
    return game.apply(seat, {"type": "wonder", "card": card, "wonder": w})


def library_game(removed: list[str], cards: tuple[str, ...] = (), progress: tuple[str, ...] = (),
                 age: int = 1) -> DuelGame:
    """Seat 0 to play, with the Great Library and the Sphinx to build; ``removed`` is the box (the Great
    Library draws its first 3), the board the other tokens less the city's ``progress``."""
    board = [t for t in TOKEN_INDEX if t not in removed and t not in progress]
    return game_from({"age": age, "to_play": 0, "progress_board": board, "progress_boxed": removed,
                      "cities": [{"coins": 40, "cards": list(cards), "progress": list(progress),
                                  "wonders": ["the_great_library", "the_sphinx", "the_pyramids",
                                              "the_colossus"]},
                                 {"coins": 40}]})


def test_two_unit_card_counts_two_in_the_price() -> None:
    game = ready(["brewery"], age=2, coins=10, cities=({}, {"cards": ["sawmill", "glassworks", "tavern"]}))
    prices = game.view(0)["players"][0]["trade_prices"]
    assert prices == {"wood": 4, "clay": 2, "stone": 2, "glass": 3, "papyrus": 2}


def test_economy_gets_wonder_trade_after_architecture() -> None:
    """Pyramids (3 stone + 1 papyrus), stone at 3: Architecture waives 2 stone; 3 + 2 go to Economy."""
    game = ready(["guard_tower"], coins=40)
    give(game, 1, "quarry")
    give_token(game, 0, "architecture")
    give_token(game, 1, "economy")
    set_wonders(game, 0, "the_pyramids")
    before = coins(game)[1]
    events = wonder(game, "the_pyramids", "guard_tower")
    assert events_of(events, "wonder")[0]["cost"] == 5
    assert coins(game) == [35, before + 5]


def test_chain_with_coin_cost_is_free_and_gives_urbanism_coins() -> None:
    game = ready(["barracks"], age=2, coins=0)
    give(game, 0, "garrison")
    give_token(game, 0, "urbanism")
    set_coins(game, 0)
    events = build(game, "barracks")
    assert events_of(events, "build")[0]["cost"] == 0 and coins(game)[0] == 4


def test_military_tokens_on_each_side_once_losses_to_the_bank() -> None:
    front = ["guard_tower", "palisade", "stable", "garrison"]
    game = ready(front, coins=20, pawn=2, cities=({}, {"coins": 1}))
    events = build(game, "guard_tower")  # seat 0: 2 -> 3, seat 1 loses its only coin
    assert pawn(game) == 3 and coins(game) == [20, 0]
    assert events_of(events, "military_token")[0]["lost"] == 1
    game = ready(front, seat=1, coins=20, pawn=3)  # seat 1's 2-coin token is gone
    build(game, "palisade", seat=1)  # 3 -> 2: seat 1's own side, nothing for anybody
    assert coins(game) == [20, 18]
    game = ready(front, coins=20, pawn=-5)  # seat 0's 2-coin token is gone
    events = build(game, "stable", seat=0)  # seat 0 back toward the centre: -5 -> -4, nothing
    assert pawn(game) == -4 and not events_of(events, "military_token") and coins(game)[0] == 18  # 2 for wood
    game = ready(front, seat=1, coins=20, pawn=-2, military_tokens=[True, True, False, True])
    events = build(game, "garrison", seat=1)  # seat 1: -2 -> -3, seat 0 loses 2
    assert pawn(game) == -3 and [(e["side"], e["lost"]) for e in events_of(events, "military_token")] == [
        (0, 2)]
    assert [t["present"] for t in game.view(None)["military"]["tokens"]] == [False, True, False, True]


def test_statue_of_zeus_supremacy_ends_before_the_destroy_choice() -> None:
    game = ready(["guard_tower"], coins=40)
    give(game, 1, "quarry")
    set_wonders(game, 0, "the_statue_of_zeus")
    set_pawn(game, 8)
    events = wonder(game, "the_statue_of_zeus", "guard_tower")
    assert game.is_over() and game.result()["victory"] == "military" and game.result()["winners"] == [0]
    assert game.view(0)["pending"] is None and game.legal_actions(0) == []
    assert events[-1]["type"] == "game_over" and not events_of(events, "destroy")


def test_colossus_gets_no_strategy_shield() -> None:
    game = ready(["guard_tower"], coins=40)
    give_token(game, 0, "strategy")
    set_wonders(game, 0, "the_colossus")
    wonder(game, "the_colossus", "guard_tower")
    assert pawn(game) == 2


def test_mausoleum_builds_a_destroyed_card_free_without_urbanism() -> None:
    game = ready(["guard_tower", "theater", "tavern"], coins=40, cities=(
        {"progress": ["urbanism"],
         "wonders": ["the_statue_of_zeus", "the_mausoleum", "the_pyramids", "the_colossus"]},
        {"cards": ["lumber_yard"]}))
    wonder(game, "the_statue_of_zeus", "guard_tower")
    game.apply(0, {"type": "destroy", "card": "lumber_yard"})
    assert game.view(None)["discard"] == ["lumber_yard"]
    game.apply(1, {"type": "discard", "card": "tavern"})
    wonder(game, "the_mausoleum", "theater")
    before = coins(game)[0]
    events = game.apply(0, {"type": "mausoleum", "card": "lumber_yard"})
    assert coins(game)[0] == before and not events_of(events, "coins")
    assert game.view(1)["players"][1]["trade_prices"]["wood"] == 3  # seat 0's Lumber Yard: 2 + 1


def test_mausoleum_card_gives_its_chain() -> None:
    game = ready(["guard_tower", "stable"], coins=40)
    set_wonders(game, 0, "the_mausoleum")
    game.apply(0, {"type": "discard", "card": "stable"})
    give_turn(game, 0)
    wonder(game, "the_mausoleum", "guard_tower")
    game.apply(0, {"type": "mausoleum", "card": "stable"})
    set_coins(game, 0)
    jump(game, 2, ["horse_breeders"])
    assert events_of(build(game, "horse_breeders"), "build")[0]["cost"] == 0


def test_great_library_law_gives_scientific_supremacy() -> None:
    game = library_game(["law", "agriculture", "philosophy", "economy", "masonry"], age=3,
                        cards=("workshop", "apothecary", "scriptorium", "pharmacist", "academy"))
    card = game.legal_actions(0)[0]["card"]
    wonder(game, "the_great_library", card)
    assert game.view(0)["pending"]["options"] == ["law", "agriculture", "philosophy"]
    events = game.apply(0, {"type": "progress", "token": "law"})
    assert game.is_over() and game.result() == {**game.result(), "winners": [0], "victory": "science"}
    assert events[-1]["type"] == "game_over" and not events_of(events, "reveal")


def test_great_library_theology_does_not_replay_the_library_itself() -> None:
    game = library_game(["theology", "agriculture", "philosophy", "economy", "masonry"])
    card = game.legal_actions(0)[0]["card"]
    wonder(game, "the_great_library", card)
    game.apply(0, {"type": "progress", "token": "theology"})
    assert game.to_act() == [1]
    game.apply(1, next(a for a in game.legal_actions(1) if a["type"] == "discard"))
    card = game.legal_actions(0)[0]["card"]
    events = wonder(game, "the_sphinx", card)
    assert len(events_of(events, "replay")) == 1 and game.to_act() == [0]


def test_great_library_mathematics_counts_itself() -> None:
    game = library_game(["mathematics", "agriculture", "philosophy", "economy", "masonry"], progress=("law",))
    card = game.legal_actions(0)[0]["card"]
    wonder(game, "the_great_library", card)
    game.apply(0, {"type": "progress", "token": "mathematics"})
    assert score_pad(game.state, 0)["progress"] == 6


def test_theology_statue_of_zeus_destroys_then_replays() -> None:
    game = ready(["guard_tower", "theater"], coins=40)
    give(game, 1, "quarry")
    give_token(game, 0, "theology")
    set_wonders(game, 0, "the_statue_of_zeus")
    wonder(game, "the_statue_of_zeus", "guard_tower")
    assert game.view(0)["pending"]["kind"] == "destroy"
    events = game.apply(0, {"type": "destroy", "card": "quarry"})
    assert events_of(events, "replay") and game.to_act() == [0]


def test_arena_counts_only_own_wonders_lighthouse_itself() -> None:
    wonders = ({"wonders": [{"id": "the_appian_way", "built": True}, "circus_maximus", "the_pyramids",
                            "the_sphinx"]},
               {"wonders": [{"id": "the_colossus", "built": True}, {"id": "the_great_library", "built": True},
                            "piraeus", "the_mausoleum"], "progress": ["law"]})
    game = ready(["arena", "lighthouse"], age=3, coins=10,
                 cities=({**wonders[0], "cards": ["brewery", "tavern"]}, wonders[1]))
    build(game, "arena")  # free by the Brewery's chain
    assert coins(game)[0] == 10 + 2
    game = ready(["lighthouse"], age=3, coins=10,
                 cities=({**wonders[0], "cards": ["brewery", "tavern", "arena"]}, wonders[1]))
    build(game, "lighthouse")  # free by the Tavern's chain
    assert coins(game)[0] == 10 + 4  # tavern, brewery, arena and the lighthouse itself


def test_pawn_at_zero_after_age_two_last_active_begins_age_three() -> None:
    front = ["brewery", "aqueduct"]  # two cards left in Age II, the 18 others discarded: two turns end it
    game = game_from({"age": 2, "to_play": 0, "structure": {"accessible": front},
                      "discard": deck_for(1, []) + deck_for(2, front)[:18],
                      "cities": [{"coins": 40}, {"coins": 40}]})
    game.apply(0, {"type": "discard", "card": "brewery"})
    events = game.apply(1, {"type": "discard", "card": "aqueduct"})
    assert events_of(events, "age_start") == [{"type": "age_start", "seat": 1, "age": 3,
                                               "first_player": 1}]


def test_pair_with_the_last_card_of_age_three_then_scoring() -> None:
    # Academy is the last card of Age III (the others discarded), Study's sundial makes the pair, and
    # Philosophy is the only token left on the board (seat 1 took the 4 others).
    game = game_from({"age": 3, "to_play": 0, "structure": {"accessible": ["academy"]},
                      "discard": deck_for(1, []) + deck_for(2, []) + deck_for(3, ["academy", "study"])[:18],
                      "progress_board": ["philosophy"],
                      "cities": [{"coins": 40, "cards": ["study"]},
                                 {"coins": 40,
                                  "progress": ["agriculture", "architecture", "economy", "masonry"]}]})
    build(game, "academy")
    assert not game.is_over() and game.view(0)["pending"]["kind"] == "progress"
    events = game.apply(0, {"type": "progress", "token": "philosophy"})
    assert game.is_over() and game.result()["scores"][0]["progress"] == 7
    assert events[-1]["type"] == "game_over"
