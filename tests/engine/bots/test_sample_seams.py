"""The samplers' speed seams (what searching bots draw their worlds with): a fast world is the plain one,
field by field, and it shows the view it was drawn from."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

import engine
from engine.classic import sample as classic_sample
from engine.classic.state import State

PRICING_CACHE = ("trading", "trading_changed")
"""The pricing seam's per-city cache of a classic state (``State.trading``): filled as prices are asked,
so two equal worlds may hold it at different stages; :func:`_same_world` compares what it answers."""


def _fields(state: State) -> dict[str, Any]:
    """Every field of a classic state but the pricing cache (the other caches too), for comparison."""
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(State) if f.name not in PRICING_CACHE}


def _same_world(fast: Any, plain: Any) -> None:
    """The fast world is the plain one in every field, and both price every seat's actions alike."""
    assert _fields(fast.state) == _fields(plain.state)
    for seat in range(fast.state.seats):
        assert fast.legal_actions(seat) == plain.legal_actions(seat)


@pytest.mark.parametrize(("seats", "options"), [(3, None), (4, None), (5, None), (7, None),
                                                (2, None), (4, {"cities": True})])
def test_a_classic_fast_world_is_the_replayed_one_field_by_field(seats: int,
                                                                  options: dict[str, Any] | None) -> None:
    """engine.sample puts a draw's cards into the template of the view's first world (3+ seats, no
    Cities) instead of replaying it; sample_plain replays every world and checks every play. Over seeded
    games, views of every phase and Age, several draws each: the same state in every field (hands, deal,
    the hidden plays' cards in history and log, the cards under stages, the discard pile in the game's
    order), and the fast world shows the view."""
    compared = templated = views = 0
    for seed in range(3):
        game = engine.new_game("classic", seats=seats, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over():
            if rng.random() < 0.12:
                seat = rng.randrange(seats)
                view = game.view(seat)
                views += 1
                for draw in range(4):
                    fast = engine.sample(view, seed=100 * seed + draw)
                    plain = classic_sample.sample_plain(copy.deepcopy(view), 100 * seed + draw)
                    _same_world(fast, plain)
                    assert fast.view(seat) == view
                    compared += 1
                templated += classic_sample._LAST[0].template is not None
            acting = rng.choice(game.waiting())
            game.apply(acting, rng.choice(game.legal_actions(acting)))
    assert compared >= 40
    if seats >= 3 and not options:
        assert templated == views  # the fast path served every view (its template gives back its world)
    else:
        assert not templated  # 2 seats (the Free City's duties) and Cities replay every world


HALICARNASSUS_B = [{"board": "halicarnassus", "side": "B"}] + [{"board": None, "side": None}] * 4
"""5 cities, the first Halicarnassus B (a pick from the discard pile at each of its three stages)."""


def test_the_template_puts_back_the_cards_halicarnassus_picks_from() -> None:
    """Views whose history has Halicarnassus picks: each drawn world's discard pile held the picked card
    when it was taken (the draw is redrawn otherwise), and the fast world is the replayed one."""
    found = 0
    for seed in range(40):
        game = engine.new_game("classic", seats=5, seed=seed, options={"wonders": HALICARNASSUS_B})
        rng = random.Random(seed)
        while not game.is_over() and found < 6:
            acting = rng.choice(game.waiting())
            game.apply(acting, rng.choice(game.legal_actions(acting)))
            view = game.view(0)
            if view["phase"] == "turn" and any(p["step"] == "halicarnassus" for p in view["history"]) \
                    and rng.random() < 0.2:
                for draw in range(3):
                    fast = engine.sample(view, seed=draw)
                    plain = classic_sample.sample_plain(copy.deepcopy(view), draw)
                    _same_world(fast, plain)
                    assert fast.view(0) == view
                assert classic_sample._LAST[0].template is not None
                found += 1
        if found >= 6:
            break
    assert found >= 6
