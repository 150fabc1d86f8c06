"""The game-agnostic entry points refuse what is not a game with a clear ValueError."""

from __future__ import annotations

import pytest

import engine

NOT_GAMES = [None, [], "duel", {}, {"kind": ["duel"]}, {"kind": {"a": 1}}, {"kind": "go"}]


@pytest.mark.parametrize("data", NOT_GAMES)
def test_restore_of_something_that_is_not_a_saved_game(data: object) -> None:
    with pytest.raises(ValueError):
        engine.restore(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["chess", None, 3])
def test_unknown_kinds_are_refused(kind: object) -> None:
    with pytest.raises(ValueError, match="unknown game kind"):
        engine.new_game(kind, seats=2, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game kind"):
        engine.catalog(kind)  # type: ignore[arg-type]


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(engine.IllegalAction, ValueError)


def test_replay_gives_the_same_game_for_every_kind() -> None:
    for kind, seats in (("duel", 2), ("classic", 4)):
        game = engine.new_game(kind, seats=seats, seed=21)
        for _ in range(15):
            seat = game.to_act()[0]
            game.apply(seat, game.legal_actions(seat)[-1])
        again = engine.replay(kind, seats=seats, seed=21, options=None, log=game.action_log)
        assert again.to_dict() == game.to_dict()


def test_every_kind_declares_its_spec() -> None:
    assert engine.kinds() == ["classic", "duel"]
    duel, classic = engine.spec("duel"), engine.spec("classic")
    assert (duel.min_seats, duel.max_seats, duel.default_seats, duel.simultaneous) == (2, 2, 2, False)
    assert (classic.min_seats, classic.max_seats, classic.default_seats) == (2, 7, 3)
    assert classic.simultaneous
    assert duel.public_options({"setup": {}, "first_game_wonders": True}) == {"first_game_wonders": True}
    assert not classic.accepts_seats(8) and not classic.accepts_seats(True) and classic.accepts_seats(2)
    with pytest.raises(ValueError):
        engine.spec("chess")
