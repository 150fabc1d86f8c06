"""Properties over seeded random Cities games: 500 for each of 3 to 7 seats, and for 4 and 6 with teams.

The games are generated once per variant (module fixture); each test asserts on what was recorded.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgpack
import pytest

import engine
from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.resolve import seen_hands
from tests.engine.classic.test_properties import _all_cards, _ids

GAMES = 500
VIEW_EVERY = 49  # every 49th game checks every view at every step
VARIANTS = [*((n, {"cities": True}) for n in range(3, 8)),
            *((n, {"cities": True, "teams": True}) for n in (4, 6))]


@dataclass
class Record:
    """What one random Cities game showed."""

    seats: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)
    final_view: dict[str, Any] = field(default_factory=dict)
    age_hands: list[list[int]] = field(default_factory=list)
    min_coins: int = 0
    debt_decreased: bool = False
    conservation: list[bool] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    kinds: Counter = field(default_factory=Counter)


def _check_views(game: ClassicGame, record: Record) -> None:
    s = game.state
    public = {C.CARD_ID[c] for b in s.built for c in b}
    for seat in [None, *range(s.seats)]:
        allowed = set(public)
        if seat is not None:
            for holder in (seat, s.teammate(seat)):
                if holder is None:
                    continue
                allowed |= {C.CARD_ID[c] for c in s.hands[holder]}
                allowed |= {C.CARD_ID[c] for look in seen_hands(s, holder) for c in look.hand}
            if s.phase == "halicarnassus" and s.seat_of(s.queue[0][1]) == seat:
                allowed |= {C.CARD_ID[c] for c in s.discard}
        seen: set[str] = set()
        _ids(game.view(seat), seen)
        if not seen <= allowed:
            record.leaks.append(f"view {seat} shows {sorted(seen - allowed)}")
        if s.phase == "debt" and seat is not None:
            others = [q for q in range(s.seats) if q != seat]
            view = json.dumps(game.view(seat))
            for q in others:  # another seat's secret choice is not in this view
                if s.debt_choices[q] is not None and f'"choice": {s.debt_choices[q]}' in view \
                        and s.debt_choices[seat] != s.debt_choices[q]:
                    record.leaks.append(f"view {seat} shows the debt choice of {q}")


def play(seats: int, seed: int, options: dict[str, Any]) -> Record:
    """One random game with every check recorded."""
    record = Record(seats, seed, options)
    game = engine.new_game("classic", seats=seats, seed=seed, options=options)
    assert isinstance(game, ClassicGame)
    rng = random.Random(seed)
    total = _all_cards(game)
    views = seed % VIEW_EVERY == 0
    s = game.state
    age = 0
    debt = list(s.debt)
    while not game.is_over():
        if s.age != age:
            age = s.age
            record.age_hands.append([len(h) for h in s.hands])
        seat = rng.choice(game.waiting())
        action = rng.choice(game.legal_actions(seat))
        record.kinds[action["type"]] += 1
        events = game.apply(seat, action)
        record.min_coins = min(record.min_coins, *s.coins)
        record.debt_decreased |= any(now < before for now, before in zip(s.debt, debt, strict=True))
        debt = list(s.debt)
        if any(e["type"] in ("hands_passed", "age_start", "game_over") for e in events):
            record.conservation.append(_all_cards(game) == total)
        if views:
            _check_views(game, record)
    record.log = game.action_log
    record.final = game.to_dict()
    record.final_view = game.view(None)
    return record


@pytest.fixture(scope="module", params=VARIANTS, ids=[f"{n}-{'teams' if o.get('teams') else 'cities'}"
                                                      for n, o in VARIANTS])
def records(request: pytest.FixtureRequest) -> list[Record]:
    seats, options = request.param
    return [play(seats, seed, options) for seed in range(GAMES)]


def test_eight_cards_per_seat_per_age(records: list[Record]) -> None:
    for r in records:
        assert r.age_hands == [[8] * r.seats] * 3, r.seed


def test_card_conservation(records: list[Record]) -> None:
    for r in records:
        assert r.conservation and all(r.conservation), r.seed


def test_coins_never_negative_and_debt_never_decreases(records: list[Record]) -> None:
    assert min(r.min_coins for r in records) >= 0
    assert not any(r.debt_decreased for r in records)


def test_no_hidden_identity_in_views(records: list[Record]) -> None:
    checked = [r for r in records if r.seed % VIEW_EVERY == 0]
    assert checked
    for r in checked:
        assert r.leaks == [], (r.seed, r.leaks[:3])


def test_games_end_with_a_result_and_use_the_expansion(records: list[Record]) -> None:
    kinds: Counter = Counter()
    for r in records:
        result = r.final_view["result"]
        assert result["winners"] and len(result["scores"]) == r.seats
        assert all("black" in pad and "debt" in pad for pad in result["scores"])
        assert ("teams" in result) == bool(r.options.get("teams"))
        kinds.update(r.kinds)
    assert kinds["build"] and kinds["wonder"] and kinds["discard"] and kinds["pay_debt"]
    assert any(sum(c["debt"] for c in r.final_view["cities"]) for r in records)


def test_deterministic_replay_and_round_trip(records: list[Record]) -> None:
    for r in records[::13]:
        game = engine.replay("classic", seats=r.seats, seed=r.seed, options=r.options, log=r.log)
        assert game.to_dict() == r.final and game.view(None) == r.final_view, r.seed
        for data in (json.loads(json.dumps(r.final)), msgpack.unpackb(msgpack.packb(r.final))):
            again = engine.restore(data)
            assert again.view(None) == r.final_view, r.seed
