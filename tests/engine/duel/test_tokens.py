"""The 10 Progress tokens and science (duel.md §8, §9, §14.5-7, §14.15-16)."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.duel.game import DuelGame
from engine.duel.scoring import score_pad
from tests.engine.duel.helpers import (
    build,
    coins,
    events_of,
    game_from,
    give,
    give_token,
    give_turn,
    pawn,
    ready,
    set_coins,
    set_wonders,
)

BOARD = ["agriculture", "law", "strategy", "theology", "urbanism"]
REMOVED = ["architecture", "economy", "masonry", "mathematics", "philosophy"]


def paired(board: list[str] = BOARD) -> DuelGame:
    """Seat 0 builds its second plumb card (the Laboratory, with the Workshop): a progress choice is
    pending. ``board`` is the tokens left on the board; seat 1 took the others of the 5."""
    taken = [t for t in BOARD + REMOVED if t not in board][:len(BOARD) - len(board)]
    game = ready(["laboratory"], age=2, coins=20, progress_board=board,
                 cities=({"cards": ["workshop"]}, {"progress": taken}))
    build(game, "laboratory")
    return game


def test_pair_offers_board_tokens_and_turn_passes_after() -> None:
    game = paired()
    assert game.view(1)["pending"] == {"seat": 0, "kind": "progress", "options": BOARD}
    assert game.legal_actions(0) == [{"type": "progress", "token": t} for t in BOARD]
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "progress", "token": "philosophy"})
    events = game.apply(0, {"type": "progress", "token": "law"})
    assert events[0] == {"type": "progress", "seat": 0, "token": "law"}
    assert game.view(0)["progress_board"] == [t for t in BOARD if t != "law"]
    assert game.view(0)["players"][0]["science"] == ["plumb", "law"]
    assert game.to_act() == [1]


def test_pair_with_empty_board_gives_nothing() -> None:
    game = paired(board=[])
    assert game.view(0)["pending"]["kind"] == "turn" and game.to_act() == [1]


def test_a_pair_needs_the_same_symbol_twice() -> None:
    game = ready(["laboratory"], age=2, coins=20, cities=({"cards": ["apothecary"]}, {}))
    build(game, "laboratory")  # a plumb with a wheel
    assert game.to_act() == [1]


@pytest.mark.parametrize(("token", "gained"), [("agriculture", 6), ("urbanism", 6)])
def test_coin_tokens(token: str, gained: int) -> None:
    game = paired()
    before = coins(game)[0]
    game.apply(0, {"type": "progress", "token": token})
    assert coins(game)[0] - before == gained


def test_agriculture_philosophy_mathematics_points() -> None:
    def tokens(mine: list[str], theirs: list[str]) -> DuelGame:
        return game_from({"cities": [{"progress": mine}, {"progress": theirs}]})

    assert score_pad(tokens(["agriculture", "philosophy"], []).state, 0)["progress"] == 11
    assert score_pad(tokens(["agriculture", "philosophy", "mathematics"], []).state, 0)["progress"] == 11 + 9
    # Mathematics counts its own city's tokens only.
    assert score_pad(tokens(["agriculture", "philosophy"], ["mathematics"]).state, 1)["progress"] == 3


def test_law_is_a_symbol_and_can_complete_supremacy() -> None:
    game = ready(["academy"], age=3, coins=40)
    give(game, 0, "workshop", "apothecary", "scriptorium", "university")
    give_token(game, 0, "law")
    assert game.result() is None
    build(game, "academy")
    assert game.result()["victory"] == "science" and game.result()["winners"] == [0]


def test_strategy_adds_a_shield_to_later_red_cards_only() -> None:
    game = ready(["guard_tower", "palisade"], coins=40)
    give_token(game, 0, "strategy")
    assert pawn(game) == 0
    build(game, "guard_tower")
    assert pawn(game) == 2
    give_turn(game, 0)
    set_wonders(game, 0, "the_colossus")
    game.apply(0, {"type": "wonder", "card": "palisade", "wonder": "the_colossus"})
    assert pawn(game) == 4


def test_theology_gives_replay_once() -> None:
    game = ready(["guard_tower", "theater", "altar"], coins=60)
    set_wonders(game, 0, "the_pyramids", "the_sphinx")
    give_token(game, 0, "theology")
    events = game.apply(0, {"type": "wonder", "card": "guard_tower", "wonder": "the_pyramids"})
    assert events_of(events, "replay") and game.to_act() == [0]
    events = game.apply(0, {"type": "wonder", "card": "theater", "wonder": "the_sphinx"})
    assert len(events_of(events, "replay")) == 1 and game.to_act() == [0]
    game.apply(0, {"type": "discard", "card": "altar"})
    assert game.to_act() == [1]


def test_urbanism_four_coins_per_chain_build() -> None:
    game = ready(["statue"], age=2, coins=0)
    give(game, 0, "theater")
    give_token(game, 0, "urbanism")
    set_coins(game, 0)
    events = build(game, "statue")
    assert coins(game)[0] == 4 and {"type": "coins", "seat": 0, "delta": 4, "why": "urbanism"} in events


def test_masonry_and_architecture_apply_when_gained() -> None:
    """The Statue (2 clay) costs 4 coins; once Masonry is taken it costs nothing, at once."""
    game = ready(["brewery", "statue", "laboratory"], age=2, coins=20,
                 progress_board=["agriculture", "masonry"],
                 cities=({"cards": ["workshop"]}, {"progress": ["law", "strategy", "theology"]}))
    assert {c["card"]: c["build"]["cost"] for c in game.view(0)["my_turn"]["cards"]}["statue"] == 4
    build(game, "laboratory")
    game.apply(0, {"type": "progress", "token": "masonry"})
    game.apply(1, {"type": "discard", "card": "brewery"})
    statue = {c["card"]: c for c in game.view(0)["my_turn"]["cards"]}["statue"]["build"]
    assert statue["cost"] == 0 and statue["breakdown"]["discount"] == {"clay": 2}


def test_economy_token_only_with_trade() -> None:
    game = ready(["palisade"], coins=10)
    give_token(game, 1, "economy")
    before = coins(game)[1]
    build(game, "palisade")
    assert coins(game)[1] == before
