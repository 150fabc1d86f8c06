"""The self-play training script: reproducible from its seed, and it learns what decides games."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.bots.evaluation import model_from_dict
from engine.bots.train import Position, fit_stage, fit_stage_scores, main, self_play, train


@pytest.mark.parametrize("kind", ["duel", "classic"])
def test_a_tiny_training_run_is_reproducible_from_its_seed(kind: str) -> None:
    first, reports = train(kind, seed=3, games=4, every=7, epochs=4)
    again, _ = train(kind, seed=3, games=4, every=7, epochs=4)
    other, _ = train(kind, seed=4, games=4, every=7, epochs=4)
    assert first.to_dict() == again.to_dict()
    assert first.to_dict() != other.to_dict()
    assert {r.stage for r in reports} == set(first.stages) == {1, 2, 3}
    assert all(r.positions > 0 for r in reports)


def test_greedy_rounds_are_reproducible_and_play_by_the_model() -> None:
    first, reports = train("duel", seed=3, games=3, every=7, epochs=3, rounds=1)
    again, _ = train("duel", seed=3, games=3, every=7, epochs=3, rounds=1)
    plain, _ = train("duel", seed=3, games=3, every=7, epochs=3)
    assert first.to_dict() == again.to_dict()
    assert first.stages != plain.stages  # the second round played other games
    assert first.trained["rounds"] == 1
    with pytest.raises(ValueError, match="greedy"):
        train("classic", seed=3, games=1, every=7, epochs=1, rounds=1)


def test_age_start_fits_refit_the_later_ages_on_their_first_positions() -> None:
    plain, _ = train("duel", seed=3, games=3, every=7, epochs=3)
    first, reports = train("duel", seed=3, games=3, every=7, epochs=3, age_starts=4)
    again, _ = train("duel", seed=3, games=3, every=7, epochs=3, age_starts=4)
    assert first.to_dict() == again.to_dict()
    assert first.stages[1] == plain.stages[1]  # Age I keeps its fit
    assert first.stages[2] != plain.stages[2] and first.stages[3] != plain.stages[3]
    assert {r.stage: r.positions for r in reports if r.stage > 1} == {2: 8, 3: 8}  # 4 + 4 games, one each
    assert first.trained["age_starts"] == 4
    with pytest.raises(ValueError, match="Age-start"):
        train("classic", seed=3, games=1, every=7, epochs=1, age_starts=1)


def test_age_start_positions_are_the_first_of_each_later_age() -> None:
    import random

    from engine.api import new_game
    from engine.bots.knowledge import playout_for
    from engine.bots.seeds import derive_seed
    from engine.bots.train import BALANCED_SHARE

    playout = playout_for("duel")
    positions = self_play("duel", 3, seed=5, age_starts=True)
    expected = []
    for number in range(3):  # the same games, the features read when the Age number changes
        game_seed = derive_seed(5, number)
        rng = random.Random(game_seed)
        game = new_game("duel", seats=2, seed=game_seed)
        modes = [0 if rng.random() < BALANCED_SHARE else rng.randrange(len(playout.MODES)) for _ in range(2)]
        age = game.state.age
        while not game.is_over():
            seat = game.waiting()[0]
            playout.step(game, seat, modes[seat], rng)
            if age and game.state.age != age and not game.is_over():  # not Age I after the draft
                expected.append((game.state.age, tuple(tuple(playout.features(game, s)) for s in (0, 1))))
            age = game.state.age
    assert [(p.stage, p.rows) for p in positions] == expected
    assert {p.stage for p in positions} == {2, 3}


def test_a_greedy_move_is_the_best_looking_one_when_one_stands_out() -> None:
    import random

    from engine.api import new_game
    from engine.bots.evaluation import Evaluator, model_for
    from engine.bots.knowledge import playout_for
    from engine.bots.train import greedy_move

    playout = playout_for("duel")
    model = model_for("duel")
    game = new_game("duel", seats=2, seed=5)
    rng = random.Random(1)
    for _ in range(30):  # into Age I, past the draft
        seat = game.waiting()[0]
        playout.step(game, seat, 0, rng)
    seat = game.waiting()[0]
    moves = playout.moves(game, seat)
    evaluator = Evaluator(playout, model)
    values = []
    for move in moves:
        after = game.clone()
        playout.apply_move(after, seat, move)
        values.append(evaluator.values(after)[seat])
    best = moves[values.index(max(values))]
    picks = [greedy_move(game, seat, model, playout, 0, random.Random(s)) for s in range(300)]
    assert all(p in moves for p in picks)
    counts = {m: picks.count(m) for m in moves}
    assert max(counts, key=lambda m: counts[m]) == best  # the look ahead decides most picks
    assert counts[best] > 2 * len(picks) / len(moves)


def test_self_play_keeps_positions_with_every_seats_features_and_the_outcome() -> None:
    positions = self_play("classic", 4, seed=1, every=5)  # table sizes 3, 4, 5, 7 in turn
    assert {len(p.rows) for p in positions} == {3, 4, 5, 7}
    for p in positions:
        assert sum(p.outcome) == pytest.approx(1.0)
        assert len(p.outcome) == len(p.rows)


def test_the_fit_learns_which_feature_decides_the_winner() -> None:
    # Feature 0 decides who wins; feature 1 is noise that does not.
    positions = [Position(1, ((float(a), float(b)), (float(c), float(d))),
                          (1.0, 0.0) if a > c else (0.0, 1.0))
                 for a, b, c, d in ((3, 1, 1, 2), (0, 5, 2, 1), (4, 4, 1, 4), (1, 0, 5, 0), (2, 2, 0, 3),
                                    (0, 1, 3, 1), (5, 3, 2, 0), (1, 4, 4, 4))]
    weights, report = fit_stage(positions, 2, epochs=200, l2=1e-4)
    assert weights[0] > 0.5 > abs(weights[1])
    assert report.top_accuracy == 1.0
    assert report.log_loss < 0.3


def test_the_command_writes_a_loadable_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "duel.json"
    assert main(["--game", "duel", "--seed", "2", "--games", "3", "--every", "9", "--epochs", "2",
                 "--out", str(out)]) == 0
    model = model_from_dict(json.loads(out.read_text()))
    assert model.kind == "duel" and model.trained["seed"] == 2
    assert "wrote" in capsys.readouterr().out
    assert main(["--game", "duel", "--games", "0"]) == 2


def test_goods_keep_weights_of_zero_or_more_and_signed_features_may_weigh_against() -> None:
    # Feature 0 goes with losing: only a signed feature may take a negative weight for it.
    positions = [Position(1, ((float(a), 0.0), (float(b), 0.0)), (1.0, 0.0) if a < b else (0.0, 1.0))
                 for a, b in ((3, 1), (0, 2), (4, 1), (1, 5), (2, 0), (0, 3))]
    good, _ = fit_stage(positions, 2, epochs=100, l2=1e-4)
    signed, report = fit_stage(positions, 2, epochs=100, l2=1e-4, signed=[True, False])
    assert good[0] == 0.0
    assert signed[0] < -0.5 and report.top_accuracy == 1.0


@pytest.mark.parametrize("kind", ["duel", "classic"])
def test_the_shipped_weights_of_goods_are_never_negative(kind: str) -> None:
    from engine.bots.evaluation import model_for
    from engine.bots.knowledge import playout_for

    playout = playout_for(kind)
    model = model_for(kind)
    for weights in model.stages.values():
        for name, weight in zip(model.features, weights, strict=True):
            assert weight >= 0 or name in playout.SIGNED_FEATURES, (name, weight)


def test_continued_play_keeps_the_position_a_search_reads_and_easys_outcome() -> None:
    import random

    from engine.api import new_game
    from engine.bots.knowledge import knowledge_for, playout_for
    from engine.bots.policy import HeuristicPolicy
    from engine.bots.search import SETTINGS
    from engine.bots.seeds import derive_seed
    from engine.bots.train import BALANCED_SHARE, TABLE_PLAYOUT_SHARE, TABLE_TURNS, continued_play

    playout = playout_for("classic")
    easy = HeuristicPolicy(knowledge_for("classic"))
    positions = continued_play("classic", 8, seed=4)
    expected = []
    for number in range(8):  # the same games: easy's table to a turn start, the search's playout, easy again
        seats = (3, 4, 5, 7)[number % 4]
        game_seed = derive_seed(4, number)
        rng = random.Random(game_seed)
        game = new_game("classic", seats=seats, seed=game_seed)
        count = len(playout.MODES)
        modes = [0 if rng.random() < BALANCED_SHARE else rng.randrange(count) for _ in range(seats)]
        branch = rng.randrange(TABLE_TURNS)
        kept = None
        decisions = 0
        while not game.is_over():
            state = game.state
            if kept is None and (state.age - 1) * 6 + state.turn - 1 == branch and state.phase == "turn" \
                    and all(choice is None for choice in state.choices):
                playout.play(game, rng, modes, SETTINGS["classic"].turns(seats))
                if game.is_over():
                    break
                kept = (game.state.age, tuple(tuple(playout.features(game, s)) for s in range(seats)))
                continue
            seat = game.waiting()[0]
            if rng.random() < TABLE_PLAYOUT_SHARE:
                playout.step(game, seat, modes[seat], rng)
            else:
                legal = game.legal_actions(seat)
                game.apply(seat, easy.decide(game.view(seat), legal, seed=derive_seed(game_seed, decisions)))
            decisions += 1
        if kept is not None:
            expected.append((*kept, tuple(playout.finished_values(game) or ())))
    assert [(p.stage, p.rows, p.outcome) for p in positions] == expected
    assert len(positions) >= 6  # only a branch at the game's last turns ends it before a position is kept
    assert all(sum(p.outcome) == pytest.approx(1.0) for p in positions)


def test_a_continued_fit_is_reproducible_and_for_classic_alone(tmp_path: Path) -> None:
    first, reports = train("classic", seed=3, games=12, epochs=3, continued=True)
    again, _ = train("classic", seed=3, games=12, epochs=3, continued=True)
    plain, _ = train("classic", seed=3, games=12, epochs=3)
    assert first.to_dict() == again.to_dict()
    assert first.stages != plain.stages
    assert sum(r.positions for r in reports) <= 12  # one position a game at most
    assert first.trained["continued"] is True
    with pytest.raises(ValueError, match="continued"):
        train("duel", seed=3, games=1, epochs=1, continued=True)
    with pytest.raises(ValueError, match="continued"):
        train("classic", seed=3, games=1, epochs=1, continued=True, rounds=1)
    assert main(["--game", "duel", "--continued", "--out", str(tmp_path / "duel.json")]) == 2
    assert not (tmp_path / "duel.json").exists()


def test_a_score_fit_learns_the_points_each_feature_is_worth_and_scales_them_by_the_winners() -> None:
    # The final score is 3 points per unit of feature 0 and 1 per unit of feature 1 (plus noise that
    # does not follow the features); feature 2 costs points but is a good, so its weight stays at 0.
    rng = random.Random(0)
    positions = []
    for _ in range(200):
        rows = tuple(tuple(float(rng.randrange(5)) for _ in range(3)) for _ in range(4))
        scores = tuple(3 * a + b - 0.5 * c + rng.gauss(0, 2) for a, b, c in rows)
        best = max(range(4), key=lambda i: scores[i])
        positions.append(Position(2, rows, tuple(float(i == best) for i in range(4)), scores))
    weights, report = fit_stage_scores(positions, 3)
    assert weights[0] == pytest.approx(3 * weights[1], rel=0.15)
    assert weights[2] == 0.0
    assert report.stage == 2 and report.positions == 200
    assert report.top_accuracy > 0.7 and report.log_loss < 0.8
    signed, _ = fit_stage_scores(positions, 3, signed=[False, False, True])
    assert signed[2] == pytest.approx(-weights[1] / 2, rel=0.3)
    # The scale into shares is the one the winners like best: a little more or less fits them worse.
    from engine.bots.train import _report
    for factor in (0.8, 1.25):
        assert _report(positions, [factor * w for w in weights]).log_loss > report.log_loss
    with pytest.raises(ValueError, match="final scores"):
        fit_stage_scores([positions[0]._replace(scores=())], 3)


def test_kept_positions_carry_each_seats_final_score() -> None:
    from engine.api import new_game
    from engine.bots.train import continued_play, final_scores

    for positions in (self_play("classic", 2, seed=1, every=9), continued_play("classic", 2, seed=1)):
        for p in positions:
            assert len(p.scores) == len(p.rows)
            best = max(p.scores)
            assert all(score == best for share, score in zip(p.outcome, p.scores, strict=True) if share > 0)
    with pytest.raises(ValueError, match="not over"):
        final_scores(new_game("classic", seats=3, seed=0))


def test_a_score_fit_of_continued_play_is_reproducible_and_recorded(tmp_path: Path) -> None:
    first, reports = train("classic", seed=3, games=16, continued=True, target="score")
    again, _ = train("classic", seed=3, games=16, continued=True, target="score")
    winners, _ = train("classic", seed=3, games=16, epochs=3, continued=True)
    assert first.to_dict() == again.to_dict()
    assert first.stages != winners.stages
    assert first.trained["target"] == "score" and winners.trained["target"] == "winner"
    with pytest.raises(ValueError, match="target"):
        train("classic", seed=3, games=1, target="points")
    out = tmp_path / "classic.json"
    assert main(["--game", "classic", "--seed", "3", "--games", "16", "--continued", "--target", "score",
                 "--out", str(out)]) == 0
    assert model_from_dict(json.loads(out.read_text())).to_dict() == first.to_dict()
