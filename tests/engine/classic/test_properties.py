"""Properties over seeded random games: 500 on side A and 500 on side B for each seat count 2 to 7.

The games are generated once per seat count (module fixture); each test asserts on what was recorded.
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
from tests.engine.classic.helpers import dealt

GAMES = 1000  # even seeds: all boards on side A, odd seeds: side B
VIEW_EVERY = 49  # every 49th game (odd and even seeds) checks every view at every step
RESTORE_EVERY = 7  # every 7th game restores a mid-game snapshot and plays the rest again


@dataclass
class Record:
    """What one random game showed."""

    seats: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]] = field(default_factory=list)
    final: dict[str, Any] = field(default_factory=dict)  # the save at the end
    final_view: dict[str, Any] = field(default_factory=dict)  # the public view at the end
    age_hands: list[list[int]] = field(default_factory=list)
    min_coins: int = 0
    conservation: list[bool] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    restored_final: dict[str, Any] | None = None  # the public view at the end, after a mid-game restore
    replaced: int = 0
    kinds: Counter = field(default_factory=Counter)


def _all_cards(game: ClassicGame) -> Counter:
    s = game.state
    found: Counter = Counter()
    for cards in (*s.hands, s.pile, *s.built, *s.stage_cards, s.discard):
        found.update(cards)
    for age in range(s.age + 1, 4):
        found.update(dealt(s, age))
    return found


def _ids(value: Any, out: set[str]) -> None:
    if isinstance(value, str):
        if value in C.CARD_INDEX:
            out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _ids(k, out)
            _ids(v, out)
    elif isinstance(value, list):
        for v in value:
            _ids(v, out)


def _check_views(game: ClassicGame, events: list[dict[str, Any]], record: Record) -> None:
    s = game.state
    public = {C.CARD_ID[c] for b in s.built for c in b}
    seen: set[str] = set()
    _ids(events, seen)
    if not seen <= public:
        record.leaks.append(f"events show {sorted(seen - public)}")
    for seat in [None, *range(s.seats)]:
        allowed = set(public)
        if seat is not None:
            allowed |= {C.CARD_ID[c] for c in s.hands[seat]}
            allowed |= {C.CARD_ID[c] for look in seen_hands(s, seat) for c in look.hand}  # what it held
            pending = s.phase == "halicarnassus" and s.seat_of(s.queue[0][1]) == seat
            if pending:
                allowed |= {C.CARD_ID[c] for c in s.discard}
        seen = set()
        _ids(game.view(seat), seen)
        if not seen <= allowed:
            record.leaks.append(f"view {seat} shows {sorted(seen - allowed)}")


def play(seats: int, seed: int) -> Record:
    """One random game with every check recorded."""
    options = {"sides": "A" if seed % 2 == 0 else "B"}
    record = Record(seats, seed, options)
    game = engine.new_game("classic", seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    total = _all_cards(game)
    views = seed % VIEW_EVERY == 0
    snapshot: dict[str, Any] | None = None
    mid = rng.randrange(40, 90)
    s = game.state
    age = 0
    steps = 0
    while not game.is_over():
        if s.age != age:
            age = s.age
            drawn = [int(s.two and q == s.controller) for q in range(seats)]  # the Free City card's draw
            dealt = [len(h) - d for h, d in zip(s.hands, drawn, strict=True)]
            record.age_hands.append(dealt + ([len(s.pile) + 1] if s.two else []))
        waiting = game.waiting()
        seat = waiting[0]
        if s.phase == "turn" and len(waiting) < seats and rng.random() < 0.05:
            seat = rng.choice([q for q in game.to_act() if q not in waiting])  # replace a choice
            record.replaced += 1
        action = rng.choice(game.legal_actions(seat))
        record.kinds[action["type"]] += 1
        events = game.apply(seat, action)
        steps += 1
        record.min_coins = min(record.min_coins, *s.coins)
        if any(e["type"] in ("hands_passed", "age_start", "game_over") for e in events):
            record.conservation.append(_all_cards(game) == total)
        if views:
            _check_views(game, events, record)
        if steps == mid and seed % RESTORE_EVERY == 0:
            snapshot = json.loads(json.dumps(game.to_dict()))
    record.log = game.action_log
    record.final = game.to_dict()
    record.final_view = game.view(None)
    if snapshot is not None:
        again = engine.restore(snapshot)
        for seat, action in record.log[len(snapshot["log"]):]:
            again.apply(seat, action)
        record.restored_final = again.view(None)
    return record


@pytest.fixture(scope="module", params=[2, 3, 4, 5, 6, 7])
def records(request: pytest.FixtureRequest) -> list[Record]:
    return [play(request.param, seed) for seed in range(GAMES)]


def test_seven_cards_per_seat_per_age(records: list[Record]) -> None:
    for r in records:
        assert r.age_hands == [[7] * len(r.age_hands[0])] * 3, r.seed


def test_card_conservation(records: list[Record]) -> None:
    for r in records:
        assert r.conservation and all(r.conservation), r.seed


def test_coins_never_negative(records: list[Record]) -> None:
    assert min(r.min_coins for r in records) >= 0


def test_no_hidden_identity_in_views_or_events(records: list[Record]) -> None:
    checked = [r for r in records if r.seed % VIEW_EVERY == 0]
    assert checked
    for r in checked:
        assert r.leaks == [], (r.seed, r.leaks[:3])


def test_games_end_with_a_result_and_both_sides(records: list[Record]) -> None:
    sides = Counter()
    for r in records:
        result = r.final_view["result"]
        assert result["winners"] and len(result["scores"]) == r.seats
        assert r.final_view["phase"] == "over"
        sides.update(c["side"] for c in r.final_view["cities"])
    assert sides["A"] and sides["B"]
    kinds = sum((r.kinds for r in records), Counter())
    assert kinds["build"] and kinds["wonder"] and kinds["discard"]
    assert sum(r.replaced for r in records) > 0


def test_deterministic_replay(records: list[Record]) -> None:
    for r in records[::7]:  # both sides (odd step)
        game = engine.replay("classic", seats=r.seats, seed=r.seed, options=r.options, log=r.log)
        assert game.to_dict() == r.final and game.view(None) == r.final_view, r.seed


def test_round_trip_json_and_msgpack(records: list[Record]) -> None:
    for r in records[::19]:
        for data in (json.loads(json.dumps(r.final)), msgpack.unpackb(msgpack.packb(r.final))):
            again = engine.restore(data)
            assert again.to_dict() == r.final and again.view(None) == r.final_view, r.seed


def test_restored_snapshot_plays_on_identically(records: list[Record]) -> None:
    restored = [r for r in records if r.restored_final is not None]
    assert restored
    for r in restored:
        assert r.restored_final == r.final_view, r.seed
