"""The conformance suite: every game kind, through the public interface only (engine.api).

Each kind runs in a few variants (seat counts, option sets) listed in VARIANTS; a new kind (Cities) or a
new option set is one more entry there. Positions come from seeded random play, replacing a choice now
and then where turns are simultaneous.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgpack
import pytest

import engine
from engine.api import IllegalAction


@dataclass(frozen=True)
class Variant:
    """One way to set a game up: its seat count and options."""

    seats: int
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        named = (f"{k}={'...' if isinstance(v, dict | list) else v}" for k, v in sorted(self.options.items()))
        return f"{self.seats}-" + ("-".join(named) or "default")


# Games started from a mid-game position (the testing option ``position``): their saves must replay too.
DUEL_POSITION = {"age": 2, "to_play": 1, "pawn": 2,
                 "cities": [{"coins": 6, "cards": ["lumber_yard", "scriptorium", "guard_tower"],
                             "wonders": [{"id": "the_pyramids", "built": True}, "the_colossus",
                                         "the_appian_way", "circus_maximus"]},
                            {"coins": 11, "cards": ["stone_reserve", "pharmacist"], "progress": ["law"]}]}

CLASSIC_POSITION = {"age": 2, "turn": 3,
                    "cities": [{"built": ["a1_lumber_yard", "a2_sawmill"], "stages": 1, "coins": 7,
                                "military": [1]}, {"military": [-1]}, {"coins": 0}],
                    "hands": [{"with": ["a2_forum"]}, {"with": []}, {"with": []}]}
CITIES_POSITION = {"age": 1, "turn": 4,
                   "cities": [{"debt": 1, "diplomacy": 1, "built": ["a1_lumber_yard"]}, {}, {}, {"coins": 9}]}
TWO_SEAT_POSITION = {"age": 3, "turn": 2, "cities": [{"stages": 2}, {"built": ["a2_sawmill"]}, {}]}

VARIANTS: dict[str, list[Variant]] = {
    "classic": [Variant(2), Variant(3, {"sides": "A"}), Variant(4), Variant(7, {"sides": "B"}),
                *(Variant(n, {"cities": True}) for n in range(3, 8)),
                *(Variant(n, {"cities": True, "teams": True}) for n in (4, 6)),
                Variant(3, {"position": CLASSIC_POSITION}), Variant(2, {"position": TWO_SEAT_POSITION}),
                Variant(4, {"cities": True, "teams": True, "position": CITIES_POSITION})],
    "duel": [Variant(2), Variant(2, {"first_game_wonders": True}), Variant(2, {"position": DUEL_POSITION})],
}
CASES = [pytest.param(kind, variant, id=f"{kind}-{variant}") for kind in sorted(VARIANTS)
         for variant in VARIANTS[kind]]
# A classic sample replays a world from its deal and its history, which a game set up from a position lacks
# (docs/classic.md, "The position option"): those variants are left out of the sampling tests only.
SAMPLED = [pytest.param(kind, variant, id=f"{kind}-{variant}") for kind in sorted(VARIANTS)
           for variant in VARIANTS[kind] if not (kind == "classic" and "position" in variant.options)]


def test_every_kind_is_in_the_suite() -> None:
    assert sorted(VARIANTS) == engine.kinds()


def positions(kind: str, variant: Variant, games: int, every: float, seed: int = 0) -> Iterator[engine.Game]:
    """Positions of ``games`` seeded random games: each position with probability ``every``, and the end."""
    for game_seed in range(seed, seed + games):
        rng = random.Random(game_seed)
        options = copy.deepcopy(variant.options)
        game = engine.new_game(kind, seats=variant.seats, seed=game_seed, options=options)
        while not game.is_over():
            if rng.random() < every:
                yield game
            waiting = game.waiting()
            chosen = [s for s in game.to_act() if s not in waiting]
            seat = rng.choice(chosen) if chosen and rng.random() < 0.1 else rng.choice(waiting)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        yield game


def snapshot(game: engine.Game) -> dict[str, Any]:
    """Everything the interface shows of a game."""
    seats = range(game.seats)
    return {
        "save": game.to_dict(),
        "views": [game.view(seat) for seat in [None, *seats]],
        "to_act": game.to_act(),
        "waiting": game.waiting(),
        "legal": [game.legal_actions(seat) for seat in seats],
        "over": game.is_over(),
        "result": game.result(),
        "log": game.action_log,
    }


def round_trips(value: Any) -> bool:
    """True if ``value`` survives JSON and msgpack unchanged (string keys, plain values)."""
    return json.loads(json.dumps(value)) == value and msgpack.unpackb(msgpack.packb(value)) == value


# --- the spec ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_the_specs_seat_range_is_accepted_and_nothing_outside_it(kind: str, variant: Variant) -> None:
    declared = engine.spec(kind)
    assert declared.kind == kind and declared.min_seats <= declared.default_seats <= declared.max_seats
    assert declared.min_seats <= variant.seats <= declared.max_seats
    for seats in range(declared.min_seats, declared.max_seats + 1):
        game = engine.new_game(kind, seats=seats, seed=1)
        assert game.kind == kind and game.seats == seats and game.to_act()
    outside: tuple[Any, ...] = (declared.min_seats - 1, declared.max_seats + 1, 0, -1, True, 2.0, "2", None)
    for wrong in outside:
        with pytest.raises(ValueError):
            engine.new_game(kind, seats=wrong, seed=1)
    for name, value in variant.options.items():
        option = declared.option(name)
        assert option is not None and (option.allowed is None or value in option.allowed)


# --- acting ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_every_legal_action_applies_and_waiting_is_part_of_to_act(kind: str, variant: Variant) -> None:
    for game in positions(kind, variant, games=4, every=0.15):
        assert set(game.waiting()) <= set(game.to_act())
        assert game.is_over() == (not game.to_act()) == (game.result() is not None)
        for seat in range(game.seats):
            actions = game.legal_actions(seat)
            assert bool(actions) == (seat in game.to_act()) or not actions
            assert round_trips(actions)
            for action in actions:
                trial = game.clone()
                events = trial.apply(seat, copy.deepcopy(action))
                assert isinstance(events, list) and round_trips(events)


def _illegal(game: engine.Game, rng: random.Random) -> Iterator[tuple[Any, Any]]:
    """(seat, action) pairs the rules cannot allow now."""
    acting = game.to_act()
    idle = [s for s in range(game.seats) if s not in acting]
    for seat in (-1, game.seats, True, 1.0, "0", None):
        yield seat, {"type": "pass"}
    for seat in acting:
        legal = game.legal_actions(seat)
        yield seat, "build"
        yield seat, {"type": 7}
        yield seat, {"type": "fly"}
        if not legal:
            continue
        action = rng.choice(legal)
        yield seat, {**action, "unknown_field": 1}
        for key, value in action.items():
            if key == "type":
                continue
            for bad in (None, "x", -1, 10**6, [value], True):
                changed = {**action, key: bad}
                if changed not in legal:
                    yield seat, changed
        if idle:
            yield idle[0], action


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_an_illegal_action_raises_illegal_action_and_changes_nothing(kind: str, variant: Variant) -> None:
    rng = random.Random(3)
    for game in positions(kind, variant, games=3, every=0.1):
        before = snapshot(game)
        for seat, action in _illegal(game, rng):
            with pytest.raises(IllegalAction):
                game.apply(seat, copy.deepcopy(action))
        assert snapshot(game) == before


# --- views and saves ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_views_are_plain_data_and_name_their_kind_and_seat(kind: str, variant: Variant) -> None:
    for game in positions(kind, variant, games=3, every=0.2):
        for seat in [None, *range(game.seats)]:
            view = game.view(seat)
            assert view["kind"] == kind and view["seat"] == seat
            assert round_trips(view)
        for fake in (True, 1.0, "1", -1, game.seats):  # never a seat's view: the public one, or refused
            try:
                public = game.view(fake)  # type: ignore[arg-type]
            except ValueError:
                continue
            assert public == game.view(None)


MEMORY_KEYS = {"duel": set(), "classic": {"history", "seen", "teammate_seen"}}
"""The parts of each game's views that record past turns (docs/duel.md, docs/classic.md)."""


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_a_view_without_memory_is_the_view_less_its_record_of_past_turns(kind: str, variant: Variant) -> None:
    for game in positions(kind, variant, games=2, every=0.2):
        for seat in [None, *range(game.seats)]:
            full, present = game.view(seat), game.view(seat, memory=False)
            assert present.keys() == full.keys() and round_trips(present)
            for key in full:
                if key in MEMORY_KEYS[kind]:
                    assert present[key] is None
                else:
                    assert present[key] == full[key], key


@pytest.mark.parametrize(("kind", "variant"), CASES)
def test_to_dict_restore_replay_and_clone_agree(kind: str, variant: Variant) -> None:
    rng = random.Random(5)
    for game in positions(kind, variant, games=3, every=0.1):
        before = snapshot(game)
        data = game.to_dict()
        assert set(data) >= {"kind", "version", "seats", "seed", "options", "log"} and data["kind"] == kind
        assert round_trips(data) and data["log"] == game.action_log
        restored = engine.restore(json.loads(json.dumps(data)))
        replayed = engine.replay(kind, seats=data["seats"], seed=data["seed"], options=data["options"],
                                 log=game.action_log)
        clone = game.clone()
        for copy_ in (restored, replayed, clone):
            assert snapshot(copy_) == before
        # a clone is independent both ways
        if not game.is_over():
            seat = rng.choice(clone.waiting())
            clone.apply(seat, rng.choice(clone.legal_actions(seat)))
            assert snapshot(game) == before
            original = restored  # a game equal to the position, changed after cloning it
            other = original.clone()
            original.apply(seat, rng.choice(original.legal_actions(seat)))
            assert snapshot(other) == before


# --- sampling a seat's world -------------------------------------------------------------------------


def _play_out(game: engine.Game, rng: random.Random) -> None:
    while not game.is_over():
        seat = rng.choice(game.waiting())
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.result() is not None


@pytest.mark.parametrize(("kind", "variant"), SAMPLED)
def test_a_sample_is_a_whole_game_the_seat_cannot_tell_from_the_real_one(kind: str, variant: Variant) -> None:
    rng = random.Random(11)
    checked = 0
    for game in positions(kind, variant, games=6, every=0.12, seed=100):
        same = engine.restore(game.to_dict())  # another real game that looks the same to everyone
        for seat in range(game.seats):
            view = game.view(seat)
            seed = rng.randrange(10**6)
            sample = engine.sample(view, seed=seed)
            assert sample.kind == kind and sample.seats == game.seats
            assert sample.view(seat) == view
            assert sample.legal_actions(seat) == game.legal_actions(seat)
            assert sample.to_act() == game.to_act() and sample.waiting() == game.waiting()
            assert sample.view(None) == game.view(None)  # the public view holds nothing any seat lacks
            assert sample.to_dict() == engine.sample(copy.deepcopy(view), seed=seed).to_dict()
            assert sample.to_dict() == engine.sample(same.view(seat), seed=seed).to_dict()
            assert engine.sample(sample.view(seat), seed=seed).to_dict() == sample.to_dict()
            again = engine.restore(json.loads(json.dumps(sample.to_dict())))
            assert again.view(seat) == view
            checked += 1
            if checked % 5 == 0:
                _play_out(sample, rng)
    assert checked >= 20


def _what_the_seat_cannot_see(game: engine.Game, seat: int, moves: int = 40) -> list[Any]:
    """The other seats' views now, then every view after ``moves`` moves of a fixed policy (the first
    legal action of the first waiting seat), which reveals what nobody has seen yet (later cards)."""
    shown: list[Any] = [game.view(other) for other in range(game.seats) if other != seat]
    game = game.clone()
    for _ in range(moves):
        if game.is_over():
            break
        acting = game.waiting()[0]
        game.apply(acting, game.legal_actions(acting)[0])
    return [shown, [game.view(other) for other in range(game.seats)]]


@pytest.mark.parametrize(("kind", "variant"), SAMPLED)
def test_samples_vary_what_the_seat_cannot_see(kind: str, variant: Variant) -> None:
    for game in positions(kind, variant, games=2, every=0.05, seed=200):
        if game.is_over():
            continue
        for seat in range(game.seats):
            view = game.view(seat)
            samples = [engine.sample(view, seed=s) for s in range(8)]
            worlds = {json.dumps(_what_the_seat_cannot_see(g, seat), sort_keys=True) for g in samples}
            assert len(worlds) > 1
        return
    raise AssertionError("no position to sample")


@pytest.mark.parametrize("kind", sorted(VARIANTS))
def test_only_a_seats_view_can_be_sampled(kind: str) -> None:
    game = engine.new_game(kind, seats=engine.spec(kind).default_seats, seed=1)
    for bad in (game.view(None), {"kind": kind}, {}, None, "view"):
        with pytest.raises(ValueError):
            engine.sample(bad, seed=1)  # type: ignore[arg-type]
