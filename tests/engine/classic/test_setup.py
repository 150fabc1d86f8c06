"""The fixed ``setup`` option: a deal given in full (boards, sides, every Age's hands, the Free City pile)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import engine
from engine.classic.game import ClassicGame
from engine.classic.setup import setup_of


def _setup_of(seats: int, seed: int) -> dict[str, Any]:
    game = engine.new_game("classic", seats=seats, seed=seed)
    assert isinstance(game, ClassicGame)
    return setup_of(game.state.deal)


def test_the_option_is_declared_for_testing_only() -> None:
    declared = engine.spec("classic").option("setup")
    assert declared is not None and declared.testing and not declared.public
    assert engine.spec("classic").public_options({"setup": {}, "sides": "A"}) == {"sides": "A"}


@pytest.mark.parametrize("seats", [2, 3, 7])
def test_a_seeded_deal_given_as_setup_plays_the_same_game(seats: int) -> None:
    seeded = engine.new_game("classic", seats=seats, seed=5)
    fixed = engine.new_game("classic", seats=seats, seed=99, options={"setup": _setup_of(seats, 5)})
    rng = random.Random(5)
    while not seeded.is_over():
        for seat in [None, *range(seats)]:
            assert fixed.view(seat) == seeded.view(seat)
        seat = rng.choice(seeded.waiting())
        assert fixed.legal_actions(seat) == seeded.legal_actions(seat)
        action = rng.choice(seeded.legal_actions(seat))
        assert fixed.apply(seat, action) == seeded.apply(seat, action)
    assert fixed.result() == seeded.result()
    again = engine.restore(fixed.to_dict())
    assert again.view(0) == fixed.view(0) and again.to_dict()["options"] == fixed.to_dict()["options"]


def test_the_setup_deals_what_it_says() -> None:
    setup = _setup_of(3, 1)
    setup["wonders"] = [{"board": "giza", "side": "B"}, {"board": "rhodes", "side": "A"},
                        {"board": "olympia", "side": "B"}]
    game = engine.new_game("classic", seats=3, seed=0, options={"setup": setup})
    view = game.view(1)
    boards = [(c["board"], c["side"]) for c in view["cities"]]
    assert boards == [("giza", "B"), ("rhodes", "A"), ("olympia", "B")]
    assert sorted(view["hand"]) == sorted(setup["ages"][0]["hands"][1])


def _broken(seats: int, change: Any) -> dict[str, Any]:
    setup = copy.deepcopy(_setup_of(seats, 2))
    change(setup)
    return setup


BROKEN = [
    (3, lambda s: s.pop("ages")),
    (3, lambda s: s.update(extra=1)),
    (3, lambda s: s["wonders"].pop()),
    (3, lambda s: s["wonders"].__setitem__(1, dict(s["wonders"][0]))),  # the same board twice
    (3, lambda s: s["wonders"][0].update(side=None)),
    (3, lambda s: s["ages"].pop()),
    (3, lambda s: s["ages"][0]["hands"].pop()),
    (3, lambda s: s["ages"][0]["hands"][0].pop()),
    (3, lambda s: s["ages"][0]["hands"][0].__setitem__(0, "a2_temple")),  # a card of another Age
    (3, lambda s: s["ages"][1]["hands"][0].__setitem__(0, s["ages"][1]["hands"][1][0])),  # one copy too many
    (3, lambda s: s["ages"][2]["hands"][0].__setitem__(0, "a3_palace")),  # guild count wrong or extra copy
    (3, lambda s: s["ages"][0].update(pile=[])),  # a pile with 3 seats
    (2, lambda s: s["ages"][0].pop("pile")),  # no pile with 2 seats
    (2, lambda s: s["ages"][0]["pile"].pop()),
    (3, lambda s: s["ages"][0]["hands"][0].__setitem__(0, 7)),
]


@pytest.mark.parametrize(("seats", "change"), BROKEN)
def test_an_impossible_deal_is_refused(seats: int, change: Any) -> None:
    with pytest.raises(ValueError):
        engine.new_game("classic", seats=seats, seed=0, options={"setup": _broken(seats, change)})


def test_a_setup_fixes_the_boards_so_sides_and_wonders_are_refused_with_it() -> None:
    for extra in ({"sides": "A"}, {"wonders": [{}, {}, {}]}):
        with pytest.raises(ValueError, match="setup"):
            engine.new_game("classic", seats=3, seed=0, options={"setup": _setup_of(3, 0), **extra})
