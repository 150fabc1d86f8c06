"""engine.sample for Duel: a whole game drawn from one seat's view, never from the real game."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import msgpack
import pytest

import engine
from engine.duel.game import DuelGame
from engine.duel.material import CARD_IDS, CARD_INDEX
from engine.duel.sampling import DuelSampler, sample_state
from engine.duel.serial import describe, digest
from engine.duel.view import build_view
from tests.engine.duel.helpers import deck_for

LIBRARY = "the_great_library"


def sample_any(view: Any, seed: int) -> engine.Game:
    """engine.sample for a seat's view; the public view (engine.sample takes only a seat's) through the
    option engine.sample itself uses for Duel: a spectator's world."""
    if view.get("seat") is None:
        return engine.new_game("duel", seats=2, seed=seed, options={"sample_of": view})
    return engine.sample(view, seed=seed)


def sample(view: Any, seed: int) -> DuelGame:
    """engine.sample (or a spectator's world), typed: a Duel view gives a DuelGame."""
    game = sample_any(view, seed)
    assert isinstance(game, DuelGame)
    return game


def library_policy(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Random, but drafts and builds the Great Library whenever it can."""
    for action in legal:
        mentions_library = LIBRARY in (action.get("wonder"), action.get("card"))
        if mentions_library and action["type"] in ("draft_wonder", "wonder"):
            return action
    return rng.choice(legal)


def positions() -> list[DuelGame]:
    """Real games stopped at every kind of moment: draft, each Age, choices pending, over."""
    out: list[DuelGame] = []
    for seed in range(36):
        rng = random.Random(seed)
        options = {"first_game_wonders": True} if seed % 4 == 1 else None
        game = engine.new_game("duel", seats=2, seed=seed, options=options)
        assert isinstance(game, DuelGame)
        stop = rng.choice([1, 3, 8, 20, 35, 50, 70, 200])
        for _ in range(stop):
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, library_policy(rng, game.legal_actions(seat)) if seed % 3 == 0
                       else rng.choice(game.legal_actions(seat)))
        out.append(game)
    return out


POSITIONS = positions()


def test_the_positions_cover_every_moment() -> None:
    phases = {g.view(None)["phase"] for g in POSITIONS}
    kinds = {g.view(None)["pending"]["kind"] for g in POSITIONS if g.view(None)["pending"]}
    ages = {g.view(None)["age"] for g in POSITIONS}
    assert phases == {"draft", "play", "over"} and ages >= {0, 1, 2, 3}
    assert {"draft_wonder", "turn"} <= kinds


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: f"seed{g.state.seed}-move{len(g.action_log)}")
def test_a_sample_shows_the_same_view_and_offers_the_same_actions(game: DuelGame) -> None:
    for seat in (0, 1, None):
        view = game.view(seat)
        sampled = sample_any(view, 7)
        assert sampled.view(seat) == view
        assert sampled.to_act() == game.to_act() and sampled.waiting() == game.waiting()
        if seat is not None:
            assert sampled.legal_actions(seat) == game.legal_actions(seat)
        same = sample_any(copy.deepcopy(view), 7)
        assert same.to_dict() == sampled.to_dict()
        assert isinstance(same, DuelGame) and isinstance(sampled, DuelGame)
        assert describe(same.state) == describe(sampled.state)
        for blob in (json.loads(json.dumps(view)), msgpack.unpackb(msgpack.packb(view), raw=False)):
            assert sample_any(blob, 7).to_dict() == sampled.to_dict()


@pytest.mark.parametrize("game", POSITIONS[::3], ids=lambda g: f"seed{g.state.seed}-move{len(g.action_log)}")
def test_a_sample_plays_to_the_end_and_saves_like_any_game(game: DuelGame) -> None:
    for seat in (0, 1):
        sampled = engine.sample(game.view(seat), seed=seat)
        rng = random.Random(seat)
        while not sampled.is_over():
            acting = sampled.to_act()[0]
            sampled.apply(acting, rng.choice(sampled.legal_actions(acting)))
        result = sampled.result()
        assert result is not None and result["victory"] in ("military", "science", "civilian")
        data = sampled.to_dict()
        assert data["options"] == {"sample_of": game.view(seat)} and data["log"] == sampled.action_log
        assert engine.restore(json.loads(json.dumps(data))).to_dict() == data
        assert engine.replay("duel", seats=2, seed=data["seed"], options=data["options"],
                             log=data["log"]).to_dict() == data


def test_hidden_things_are_drawn_not_copied() -> None:
    """The sample only has the view: over seeds its hidden cards vary and differ from the real ones."""
    game = POSITIONS[4]
    real = describe(game.state)
    view = game.view(0)
    futures = set()
    for seed in range(20):
        sampled = describe(sample(view, seed).state)
        futures.add(tuple(sampled["decks"]["3"]))
    assert len(futures) == 20 and tuple(real["decks"]["3"]) not in futures


def test_face_down_cards_are_drawn_uniformly_among_the_unseen() -> None:
    """At the start of Age I, each face-down slot holds each unseen Age I card about equally often."""
    game = engine.new_game("duel", seats=2, seed=2, options={"first_game_wonders": True})
    view = game.view(0)
    unseen = 23 - sum(s["card"] is not None for s in view["structure"])
    counts: Counter[str] = Counter()
    for seed in range(1700):
        sampled = sample(view, seed)
        counts[CARD_IDS[sampled.state.structure.cards[9]]] += 1
    assert len(counts) == unseen == 11  # 23 Age I cards, 12 face up
    assert min(counts.values()) > 0.6 * 1700 / unseen and max(counts.values()) < 1.4 * 1700 / unseen


def _twins(second: list[str], removed3: list[str]) -> DuelGame:
    age1 = deck_for(1, [])
    setup = {"first_player": 0, "ages": {"1": age1, "2": second}, "removed": {"3": removed3}}
    game = engine.new_game("duel", seats=2, seed=9, options={"first_game_wonders": True, "setup": setup})
    assert isinstance(game, DuelGame)
    return game


def test_games_that_look_the_same_to_a_seat_give_the_same_samples() -> None:
    """Two games differing only in what nobody has seen yet (Age II, Age III's removed cards)."""
    age2 = deck_for(2, [])
    other2 = list(reversed(age2))
    a = _twins(age2, ["arsenal", "palace", "port"])
    b = _twins(other2, ["obelisk", "study", "senate"])
    assert describe(a.state) != describe(b.state)
    rng = random.Random(4)
    for _ in range(12):
        for seat in (0, 1, None):
            assert a.view(seat) == b.view(seat)
            assert sample(a.view(seat), 3).to_dict() == sample(b.view(seat), 3).to_dict()
        acting = a.to_act()[0]
        action = rng.choice(a.legal_actions(acting))
        assert a.apply(acting, action) == b.apply(acting, action)


def _library_game() -> DuelGame:
    """The first seeded game in which the Great Library gets built (its choice pending)."""
    for seed in range(100):
        game = _play_for_the_library(seed)
        if game is not None:
            return game
    raise AssertionError("the Great Library was never built")


def _play_for_the_library(seed: int) -> DuelGame | None:
    board = ["law", "masonry", "economy", "strategy", "theology"]
    removed = ["agriculture", "urbanism", "philosophy", "mathematics", "architecture"]
    wonders = ["the_great_library", "the_sphinx", "piraeus", "the_colossus", "the_pyramids", "the_mausoleum",
               "circus_maximus", "the_appian_way"]
    game = engine.new_game("duel", seats=2, seed=seed, options={"setup": {
        "first_player": 0, "wonders": wonders, "progress_board": board, "progress_removed": removed}})
    assert isinstance(game, DuelGame)
    rng = random.Random(seed)
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        wonder = [a for a in legal if a.get("wonder") == LIBRARY and a["type"] == "wonder"]
        if game.view(None)["pending"]["kind"] == "great_library":
            return game
        discards = [a for a in legal if a["type"] == "discard"]
        game.apply(seat, wonder[0] if wonder else rng.choice(discards) if discards and rng.random() < 0.6
                   else library_policy(rng, legal))
    return None


def test_the_great_library_tokens_are_known_to_the_chooser_only() -> None:
    game = _library_game()
    chooser = game.to_act()[0]
    drawn = game.view(chooser)["pending"]["options"]
    assert drawn == ["agriculture", "urbanism", "philosophy"]
    for seed in range(10):
        assert sample(game.view(chooser), seed).legal_actions(chooser) == game.legal_actions(chooser)
    other = {tuple(a["token"] for a in engine.sample(game.view(1 - chooser), seed=s).legal_actions(chooser))
             for s in range(30)}
    assert len(other) > 5  # the opponent does not know which three were drawn
    game.apply(chooser, {"type": "progress", "token": "urbanism"})
    assert game.view(chooser)["library_seen"] == ["agriculture", "philosophy"]
    assert game.view(1 - chooser)["library_seen"] == [] and game.view(None)["library_seen"] == []
    for seed in range(10):
        mine = describe(sample(game.view(chooser), seed).state)
        assert mine["progress_removed"][:2] == ["agriculture", "philosophy"]
        assert sorted(mine["progress_removed"]) == ["agriculture", "architecture", "mathematics",
                                                    "philosophy"]
        theirs = describe(sample(game.view(1 - chooser), seed).state)
        assert sorted(theirs["progress_removed"]) == sorted(mine["progress_removed"])


@pytest.mark.parametrize("bad", [None, [], {"kind": "duel"}, {"kind": "duel", "seat": 2},
                                 {"kind": "duel", "seat": "0"}])
def test_what_is_not_a_duel_view_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError):
        engine.sample(bad, seed=1)


def _mutate(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        value[key] = _mutate(value[key], rng)
        return value
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        if rng.random() < 0.2:
            del value[i]
        else:
            value[i] = _mutate(value[i], rng)
        return value
    return rng.choice([None, 0, 1, -1, 99, True, "x", [], {}, "tavern", "law", "the_sphinx", "age3", "guild"])


@pytest.mark.parametrize("game", POSITIONS[::4], ids=lambda g: f"seed{g.state.seed}-move{len(g.action_log)}")
def test_a_tampered_view_gives_a_value_error_or_a_game_showing_exactly_it(game: DuelGame) -> None:
    rng = random.Random(len(game.action_log))
    for seat in (0, 1):
        for _ in range(25):
            view = _mutate(copy.deepcopy(game.view(seat)), rng)
            try:
                sampled = engine.sample(view, seed=1)
            except ValueError:
                continue
            assert sampled.view(view["seat"]) == view


def test_a_card_shown_twice_is_refused() -> None:
    game = next(g for g in POSITIONS if g.view(0)["phase"] == "play")
    view = game.view(0)
    up = next(s for s in view["structure"] if s["card"] is not None)
    view["discard"].append(up["card"])
    with pytest.raises(ValueError, match="twice"):
        engine.sample(view, seed=1)
    assert CARD_INDEX[up["card"]] >= 0


@pytest.mark.parametrize("game", POSITIONS[::2], ids=lambda g: f"seed{g.state.seed}-move{len(g.action_log)}")
def test_the_fast_sampler_draws_what_the_checked_path_draws(game: DuelGame) -> None:
    """DuelSampler (the fast path: one check per view, then direct draws) against sample_state, which
    checks every draw against the view."""
    for seat in (0, 1):
        view = game.view(seat)
        sampler = DuelSampler(copy.deepcopy(view))
        for seed in range(12):
            plain = sample_state(copy.deepcopy(view), seed)
            fast = sampler.draw(seed)
            assert describe(fast) == describe(plain)
            assert digest(fast) == digest(plain)
            assert build_view(fast, seat) == view


def test_a_view_changed_after_sampling_is_sampled_as_it_is_now() -> None:
    """engine.sample keeps the sampler of the last view: a changed view is read afresh, never from it."""
    game = next(g for g in POSITIONS if not g.is_over() and g.view(0)["phase"] == "play")
    view = game.view(0)
    first = engine.sample(view, seed=1)
    view["players"][0]["coins"] += 5  # the view's prices and affordable moves no longer match
    with pytest.raises(ValueError):
        engine.sample(view, seed=1)
    view["players"][0]["coins"] -= 5
    assert engine.sample(view, seed=1).to_dict() == first.to_dict()
    other = next(g for g in POSITIONS if g.view(1) != view)
    assert engine.sample(other.view(1), seed=1).view(1) == other.view(1)
