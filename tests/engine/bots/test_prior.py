"""Duel's learned prior and value (engine/bots/prior.py), their training (engine/bots/train_prior.py) and
the PUCT search that reads them (engine/bots/puct.py): seat's view only, reproducible, legal to the end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from engine.bots import Budget
from engine.bots.hard_2026_12 import HARD_2026_12
from engine.bots.knowledge import knowledge_for
from engine.bots.match import ThinkingLimit, play_game
from engine.bots.prior import shipped_prior
from engine.bots.puct import PriorSearchPolicy
from engine.bots.results import bot_sources
from engine.bots.search import PlayoutSearchPolicy
from engine.bots.train import main as train_main
from engine.bots.variants import make_arena_policy
from engine.duel.playout import moves, state_of
from engine.duel.prior import POLICY_FEATURES, VALUE_FEATURES, move_features, root_moves, value_features


def _position(seed: int, decisions: int) -> engine.Game:
    game = engine.new_game("duel", seats=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = game.waiting()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(("seed", "decisions"), [(1, 3), (2, 12), (3, 30), (4, 45), (5, 60)])
def test_features_read_only_what_the_seat_sees(seed: int, decisions: int) -> None:
    game = _position(seed, decisions)
    seat = game.waiting()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    worlds = [engine.sample(view, seed=s) for s in (11, 12, 13)]
    states = [state_of(w) for w in worlds]
    hidden = [(s.structure.cards, s.progress_removed, s.setup) for s in states]
    assert len({repr(h) for h in hidden}) > 1, "the worlds should differ in what the seat cannot see"
    for world in worlds:
        rows = [move_features(world, seat, m) for m in root_moves(legal)]
        assert rows == [move_features(worlds[0], seat, m) for m in root_moves(legal)]
        assert value_features(world, seat) == value_features(worlds[0], seat)
    # one move on (the tree's next node): worlds that show the seat to move the same still agree; a card
    # turned up by the move may differ between worlds, and is then public in each
    after: dict[str, tuple[list[list[float]], list[float]]] = {}
    for world in [engine.sample(view, seed=s) for s in range(20, 40)]:
        world.apply(seat, legal[0])
        if not world.waiting():
            return
        mover = world.waiting()[0]
        shown = json.dumps(world.view(mover), sort_keys=True)
        found = ([move_features(world, mover, m) for m in moves(world, mover)],
                 value_features(world, mover))
        assert after.setdefault(shown, found) == found


def test_features_differ_between_moves_and_positions() -> None:
    # not constant: the model has something to learn from
    game = _position(3, 30)
    seat = game.waiting()[0]
    rows = {tuple(move_features(game, seat, m)) for m in root_moves(game.legal_actions(seat))}
    assert len(rows) > 3
    assert value_features(game, seat) != value_features(_position(4, 45), seat)
    assert len(move_features(game, seat, next(iter(moves(game, seat))))) == len(POLICY_FEATURES)


def test_training_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b", "c"):
        seed = 3 if name != "c" else 4
        out = tmp_path / name / "prior.json"
        assert train_main(["duel-prior", "--seed", str(seed), "--games", "1", "--iterations", "12",
                           "--epochs", "5", "--out", str(out)]) == 0
        runs.append(json.loads(out.read_text()))
        assert sorted(p.name for p in out.parent.iterdir()) == ["prior.games.jsonl", "prior.json"]
    assert runs[0]["policy"] == runs[1]["policy"] and runs[0]["value"] == runs[1]["value"]
    assert runs[0]["policy"] != runs[2]["policy"]
    assert any(runs[0]["policy"]) and any(runs[0]["value"])


def test_the_shipped_model_names_these_features() -> None:
    model = shipped_prior()
    assert len(model.policy) == len(POLICY_FEATURES) and len(model.value_weights) == len(VALUE_FEATURES)
    game = _position(3, 30)
    seat = game.waiting()[0]
    priors = model.priors(game, seat, moves(game, seat))
    assert abs(sum(priors) - 1) < 1e-9 and min(priors) > 0
    assert 0 < model.world_value(game, seat) < 1


@pytest.mark.parametrize("variant", ["hard:prior=true", "hard:prior=true,value_mix=1.0",
                                     "hard:value_mix=0.5", "hard:prior=true,value_mix=0.5"])
def test_the_puct_variants_play_legal_moves_to_the_end(variant: str) -> None:
    # play_game applies every choice through the rules (an illegal one raises)
    variant_policy = make_arena_policy(variant, "duel")
    assert isinstance(variant_policy, PriorSearchPolicy) and variant_policy.settings.uses_prior
    policies = [variant_policy, make_arena_policy(HARD_2026_12, "duel")]
    record = play_game("duel", policies, seed=7, limit=ThinkingLimit(iterations=30))
    assert sorted(record.shares) in ([0.0, 1.0], [0.5, 0.5]) and record.decisions > 40
    game = _position(2, 30)
    seat = game.waiting()[0]
    legal = game.legal_actions(seat)
    report = variant_policy.analyse(game.view(seat), legal, seed=1, budget=Budget(iterations=200))
    assert report.iterations == 200 and 0 <= report.choice < len(legal)
    again = variant_policy.analyse(game.view(seat), legal, seed=1, budget=Budget(iterations=200))
    assert again.choice == report.choice
    learned = {"bots/models/duel-prior.json", "duel/prior.py"}
    assert learned <= {"/".join(p.parts[-3:]) if p.parent.name == "models" else "/".join(p.parts[-2:])
                       for p in bot_sources(variant, "duel")}
    assert not learned & {"/".join(p.parts[-3:]) if p.parent.name == "models" else "/".join(p.parts[-2:])
                          for p in bot_sources("hard", "duel")}


def test_hards_own_search_refuses_settings_that_ask_for_the_learned_model() -> None:
    """Only :class:`PriorSearchPolicy` runs the prior's search: ``hard``'s class would silently ignore it."""
    settings = make_arena_policy("hard:prior=true", "duel").settings
    with pytest.raises(ValueError, match="PriorSearchPolicy"):
        PlayoutSearchPolicy(knowledge_for("duel"), settings=settings)
    assert not isinstance(make_arena_policy("hard", "duel"), PriorSearchPolicy)
