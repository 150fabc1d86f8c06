"""Each (?) reading of duel.md §14/§16, by the name of the constant that holds it."""

from __future__ import annotations

from engine.duel import readings
from tests.engine.duel.helpers import build, events_of, give, give_token, new, ready, set_wonders
from tests.engine.duel.test_flow import discard_until_last


def test_TIE_LAST_ACTIVE_BEGINS() -> None:
    """§16.1: pawn at 0 at the end of an Age: the last active player begins, with no choice."""
    assert readings.TIE_LAST_ACTIVE_BEGINS is True
    game = new()
    discard_until_last(game)
    last = game.to_act()[0]
    game.apply(last, next(a for a in game.legal_actions(last) if a["type"] == "discard"))
    assert game.view(None)["pending"] == {"seat": last, "kind": "turn", "options": None}


def test_TOKENS_CHECKED_EACH_SPACE() -> None:
    """§16.2: a move from 2 to 6 (Arsenal + Strategy) triggers both tokens."""
    assert readings.TOKENS_CHECKED_EACH_SPACE is True
    game = ready(["arsenal"], age=3)
    give_token(game, 0, "strategy")
    game.pawn = 2
    events = build(game, "arsenal")
    assert [e["value"] for e in events_of(events, "military_token")] == [2, 5]


def test_PAIR_WITHOUT_TOKEN_GIVES_NOTHING() -> None:
    """§16.3: a pair with an empty board gives nothing and the turn passes."""
    assert readings.PAIR_WITHOUT_TOKEN_GIVES_NOTHING is True
    game = ready(["workshop"])
    game.board_tokens.clear()
    give(game, 0, "laboratory")
    coins = game.coins[0]
    build(game, "workshop")
    assert game.to_act() == [1] and game.coins[0] == coins - 2


def test_PROGRESS_CHOICE_MANDATORY() -> None:
    """§14.7: with tokens on the board the pair choice must be made (no pass action exists)."""
    assert readings.PROGRESS_CHOICE_MANDATORY is True
    game = ready(["workshop"])
    give(game, 0, "laboratory")
    build(game, "workshop")
    assert {a["type"] for a in game.legal_actions(0)} == {"progress"}


def test_MAUSOLEUM_COUNTS_AS_CHAIN() -> None:
    """§16.4: a card built through the Mausoleum gets no Urbanism +4, even if its chain is owned."""
    assert readings.MAUSOLEUM_COUNTS_AS_CHAIN is False
    game = ready(["guard_tower", "theater", "statue"], coins=40)
    give(game, 0, "theater")
    give_token(game, 0, "urbanism")
    set_wonders(game, 0, "the_mausoleum")
    game.apply(0, {"type": "discard", "card": "statue"})
    game.apply(1, {"type": "discard", "card": "theater"})
    game.apply(0, {"type": "wonder", "card": "guard_tower", "wonder": "the_mausoleum"})
    coins = game.coins[0]
    events = game.apply(0, {"type": "mausoleum", "card": "statue"})
    assert game.coins[0] == coins and not events_of(events, "coins")


def test_DISCOUNT_UNITS() -> None:
    """§16.5: Masonry waives 2 units of the same type (Aqueduct 3 stone -> pay 1 stone)."""
    assert readings.DISCOUNT_UNITS == 2
    game = ready(["aqueduct"], age=2)
    give_token(game, 0, "masonry")
    ev = events_of(build(game, "aqueduct"), "build")[0]
    assert ev["cost"] == 2 and ev["breakdown"]["discount"] == {"stone": 2}


def test_LAST_DRAFT_WONDER_AUTOMATIC() -> None:
    """§2.5: 'A takes the last one' is not a choice: it is given automatically."""
    assert readings.LAST_DRAFT_WONDER_AUTOMATIC is True
    game = new(first_game=False)
    for _ in range(3):
        seat = game.to_act()[0]
        events = game.apply(seat, game.legal_actions(seat)[0])
    assert events_of(events, "draft_wonder")[-1]["auto"] is True
    assert len(game.view(None)["draft"]["available"]) == 4
