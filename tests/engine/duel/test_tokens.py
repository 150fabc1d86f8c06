"""The 10 Progress tokens and science (duel.md §8, §9, §14.5-7, §14.15-16)."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.duel.game import DuelGame
from engine.duel.material import TOKEN_INDEX
from engine.duel.scoring import score_pad
from tests.engine.duel import state_edits as edit
from tests.engine.duel.helpers import (
    build,
    coins,
    events_of,
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
    """Seat 0 builds its second plumb card: a progress choice is pending."""
    game = edit.ready(["workshop"], coins=20)
    game.state.progress_board[:] = [TOKEN_INDEX[t] for t in board]
    edit.give(game, 0, "laboratory")
    build(game, "workshop")
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
    game = edit.ready(["workshop"], coins=20)
    edit.give(game, 0, "school")
    build(game, "workshop")
    assert game.to_act() == [1]


@pytest.mark.parametrize(("token", "gained"), [("agriculture", 6), ("urbanism", 6)])
def test_coin_tokens(token: str, gained: int) -> None:
    game = paired()
    before = coins(game)[0]
    game.apply(0, {"type": "progress", "token": token})
    assert coins(game)[0] - before == gained


def test_agriculture_philosophy_mathematics_points() -> None:
    game = edit.new()
    for t in ("agriculture", "philosophy"):
        edit.give_token(game, 0, t)
    assert score_pad(game.state, 0)["progress"] == 11
    edit.give_token(game, 0, "mathematics")
    assert score_pad(game.state, 0)["progress"] == 11 + 9
    edit.give_token(game, 1, "mathematics")
    assert score_pad(game.state, 1)["progress"] == 3


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
    """The Baths (1 stone) cost 2 coins; once Masonry is taken they cost nothing, at once."""
    game = edit.ready(["workshop", "baths"], coins=20)
    game.state.progress_board[:] = [TOKEN_INDEX["agriculture"], TOKEN_INDEX["masonry"]]
    edit.give(game, 0, "laboratory")
    assert {c["card"]: c["build"]["cost"] for c in game.view(0)["my_turn"]["cards"]}["baths"] == 2
    build(game, "workshop")
    game.apply(0, {"type": "progress", "token": "masonry"})
    edit.give_turn(game, 0)
    baths = {c["card"]: c for c in game.view(0)["my_turn"]["cards"]}["baths"]["build"]
    assert baths["cost"] == 0 and baths["breakdown"]["discount"] == {"stone": 1}


def test_economy_token_only_with_trade() -> None:
    game = ready(["palisade"], coins=10)
    give_token(game, 1, "economy")
    before = coins(game)[1]
    build(game, "palisade")
    assert coins(game)[1] == before
