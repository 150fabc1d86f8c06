"""Train the learned evaluation by self-play: ``python -m engine.bots.train --game duel --seed 1``.

``python -m engine.bots.train duel-prior --seed S --games N --out PATH [...]`` trains Duel's policy prior
and value for the PUCT search instead (:mod:`engine.bots.train_prior`).

``python -m engine.bots.train --game KIND [--seed S] [--games N] [--every K] [--epochs E] [--l2 X]
[--rounds R] [--age-starts G] [--continued] [--target winner|score] [--out PATH]``

Games are played to the end by the fast path's playout policy (:class:`Playout`), every seat following a
strategy mode drawn per game (as the search's playouts do), at every table size the model serves. With
``--rounds R`` (Duel), R more rounds follow: games played by seats that look one move ahead with the model
just fitted (:func:`greedy_move`), and a new fit on their positions. With ``--age-starts G`` (Duel), the
stages after the first are then fitted again on the positions the search values there: the first
position of each Age (Duel's playouts stop at the Age's end), from G games by the playout policy and G
greedy games by the model fitted so far (:func:`self_play` with ``age_starts``). With ``--continued``
(classic), the positions are instead where classic's search reads the model (a few table turns of the
playout policy after a position of a game played by ``easy``), each valued by how ``easy``'s table plays
that game out (:func:`continued_play`): the playout policy's own games undervalue what strong play makes
of production and science. Every
``K``-th position of a game is kept with each seat's features and the game's outcome (each seat's share
of the win). Per stage (Age), a softmax regression over the seats' linear scores is fitted to those
outcomes by full-batch gradient descent (Adam, on standardised features, L2-regularised; the weights of
goods are kept at 0 or above, only ``Playout.SIGNED_FEATURES`` may weigh against); or, with ``--target
score``, each seat's final score is fitted by least squares and the predicted points are scaled into
shares by the one factor that fits the winners best (:func:`fit_stage_scores`: who won a 4-seat game is a
noisy label, the points say more). The weights are then written as the JSON file
:mod:`engine.bots.evaluation` loads. Everything is plain Python and seeded: the same
arguments give the same file. This is a command-line tool: unlike the engine it writes a file and
prints (with its CPU time).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args

from engine.api import Game, new_game
from engine.bots.evaluation import Evaluator, LinearModel
from engine.bots.knowledge import Playout, knowledge_for, playout_for
from engine.bots.policy import HeuristicPolicy
from engine.bots.search import SETTINGS
from engine.bots.seeds import derive_seed

TABLE_SIZES: dict[str, tuple[int, ...]] = {"duel": (2,), "classic": (3, 4, 5, 7)}
"""The seat counts self-play covers for each game kind."""
MODELS_DIR = Path(__file__).resolve().parent / "models"
BALANCED_SHARE = 0.4
"""As in the search's playouts: the chance a seat plays the balanced mode for a whole game."""


class Position(NamedTuple):
    """One kept position: its stage, each seat's features, each seat's share of the game's win, and each
    seat's final score (its points total at the game's end)."""

    stage: int
    rows: tuple[tuple[float, ...], ...]
    outcome: tuple[float, ...]
    scores: tuple[float, ...] = ()


def final_scores(world: Game) -> tuple[float, ...]:
    """Each seat's points total once ``world`` is over (``ValueError`` before)."""
    result = world.result()
    if result is None:
        raise ValueError("the game is not over")
    return tuple(float(score["total"]) for score in result["scores"][:world.seats])


@dataclass(frozen=True, slots=True)
class FitReport:
    """How well one stage's weights fit: positions, mean log-loss of the winners, and how often the
    seat of best score won."""

    stage: int
    positions: int
    log_loss: float
    top_accuracy: float


GREEDY_TEMPERATURE = 0.03
"""Greedy self-play: a seat picks a move with a chance of ``exp(share / T)``, ``share`` its estimated share
of the win after the move (so moves within a few hundredths of the best are played too)."""
GREEDY_PLAYOUT_SHARE = 0.15
"""Greedy self-play: the chance a decision is the playout policy's instead (its mode's rushes)."""


def greedy_move(world: Game, seat: int, model: LinearModel, playout: Playout, mode: int,
                rng: random.Random) -> Any:
    """A greedy self-play move: one look ahead with ``model`` (softmax at :data:`GREEDY_TEMPERATURE`),
    or now and then the playout policy's move."""
    moves = playout.moves(world, seat)
    if len(moves) == 1:
        return moves[0]
    if rng.random() < GREEDY_PLAYOUT_SHARE:
        weights = [playout.move_weight(m, mode) for m in moves]
        return rng.choices(moves, weights)[0]
    evaluator = Evaluator(playout, model)
    values = []
    for move in moves:
        after = world.clone()
        playout.apply_move(after, seat, move)
        values.append(evaluator.values(after)[seat])
    top = max(values)
    return rng.choices(moves, [math.exp((v - top) / GREEDY_TEMPERATURE) for v in values])[0]


class TrainingGame(NamedTuple):
    """A self-play game as it starts: its table size, deal seed, the game's own random stream, the game,
    and each seat's strategy mode (drawn from that stream)."""

    seats: int
    seed: int
    rng: random.Random
    world: Game
    modes: list[int]


def training_game(kind: str, seed: int, number: int, modes_count: int) -> TrainingGame:
    """Game ``number`` of a self-play run seeded ``seed`` (table sizes in turn)."""
    sizes = TABLE_SIZES[kind]
    seats = sizes[number % len(sizes)]
    game_seed = derive_seed(seed, number)
    rng = random.Random(game_seed)
    world = new_game(kind, seats=seats, seed=game_seed)
    modes = [0 if rng.random() < BALANCED_SHARE else rng.randrange(modes_count) for _ in range(seats)]
    return TrainingGame(seats, game_seed, rng, world, modes)


def seat_features(playout: Any, world: Game, seats: int) -> tuple[tuple[float, ...], ...]:
    """Every seat's features of ``world``, as a kept position holds them."""
    return tuple(tuple(playout.features(world, s)) for s in range(seats))


def self_play(kind: str, games: int, seed: int, every: int = 3,
              model: LinearModel | None = None, age_starts: bool = False) -> list[Position]:
    """Positions of ``games`` self-play games of ``kind`` (table sizes in turn), every ``every``-th kept
    (``age_starts``: instead, the first position of each Age after the first, once the previous Age has
    ended): played by the playout policy, or (``model``, sequential games only) by :func:`greedy_move`."""
    playout = playout_for(kind)
    positions: list[Position] = []
    for number in range(games):
        game = training_game(kind, seed, number, len(playout.MODES))
        seats, rng, world, modes = game.seats, game.rng, game.world, game.modes
        kept: list[tuple[int, tuple[tuple[float, ...], ...]]] = []
        decisions = 0
        stage = playout.stage(world)
        while True:
            waiting = world.waiting()
            if not waiting:
                break
            seat = waiting[0]
            if model is None:
                playout.step(world, seat, modes[seat], rng)
            else:
                playout.apply_move(world, seat, greedy_move(world, seat, model, playout, modes[seat], rng))
            decisions += 1
            if world.is_over():
                continue
            before, stage = stage, playout.stage(world)
            if (stage != before) if age_starts else (decisions % every == 0):
                rows = seat_features(playout, world, seats)
                kept.append((stage, rows))
        outcome = playout.finished_values(world)
        if outcome is None:
            raise RuntimeError(f"self-play game {number} of {kind} did not finish")
        scores = final_scores(world)
        positions.extend(Position(at, rows, tuple(outcome), scores) for at, rows in kept)
    return positions


CONTINUED_KINDS = frozenset({"classic"})
"""The game kinds whose search reads the model a few table turns after a decision (classic: its playouts
stop after ``SETTINGS[kind].turns(seats)`` turns or at the Age's end), so continued play can put the model's
positions there."""
TABLE_PLAYOUT_SHARE = 0.1
"""Continued play: the chance a decision of ``easy``'s table is the playout policy's instead (its rushes)."""
TABLE_TURNS = 18
"""Table turns in a classic game (six an Age): the turn continued play branches at is drawn among them."""


def continued_play(kind: str, games: int, seed: int) -> list[Position]:
    """One position per game where the search reads the model, valued by how strong play goes on.

    A game (table sizes in turn) is played by ``easy`` (a decision now and then by the playout policy of
    its seat's mode) up to a table turn drawn at random; then every seat plays the playout policy for the
    turns a search's playout plays at this table (``SETTINGS[kind].turns``, or to the Age's end), and that
    position is kept; then ``easy``'s table plays the game out, and its outcome is the position's. A
    position that is already the game's end is not kept (the search values it by its result)."""
    if kind not in CONTINUED_KINDS:
        raise ValueError(f"continued play is for {sorted(CONTINUED_KINDS)}, not {kind!r}")
    playout = playout_for(kind)
    easy = HeuristicPolicy(knowledge_for(kind))
    settings = SETTINGS[kind]
    positions: list[Position] = []
    for number in range(games):
        game = training_game(kind, seed, number, len(playout.MODES))
        seats, game_seed, rng, world, modes = game.seats, game.seed, game.rng, game.world, game.modes
        branch = rng.randrange(TABLE_TURNS)
        turns_begun = 0
        kept: Position | None = None
        decisions = 0
        everyone_was_waiting = False
        while not world.is_over():
            waiting = world.waiting()
            everyone_waits = len(waiting) == seats  # a table turn begins
            if everyone_waits and not everyone_was_waiting:
                turns_begun += 1
            everyone_was_waiting = everyone_waits
            if kept is None and turns_begun > branch:
                playout.play(world, rng, modes, settings.turns(seats))
                if world.is_over():
                    break
                rows = seat_features(playout, world, seats)
                kept = Position(playout.stage(world), rows, ())
                everyone_was_waiting = True
                continue
            seat = waiting[0]
            if rng.random() < TABLE_PLAYOUT_SHARE:
                playout.step(world, seat, modes[seat], rng)
            else:
                legal = world.legal_actions(seat)
                decision_seed = derive_seed(game_seed, decisions)
                world.apply(seat, easy.decide(world.view(seat), legal, seed=decision_seed))
            decisions += 1
        outcome = playout.finished_values(world)
        if outcome is None:
            raise RuntimeError(f"continued game {number} of {kind} did not finish")
        if kept is not None:
            positions.append(kept._replace(outcome=tuple(outcome), scores=final_scores(world)))
    return positions


SPREAD_FLOOR = 1.0
"""Features are scaled down by their spread, never up: a feature that is rarely far from 0 at a stage
(a science rush in Age I) keeps small weights instead of huge ones fitted to a few games."""


def _standardisation(positions: Sequence[Position], width: int) -> tuple[list[float], list[float]]:
    """Each feature's mean and spread (at least :data:`SPREAD_FLOOR`) over every seat row."""
    count = 0
    sums = [0.0] * width
    squares = [0.0] * width
    for position in positions:
        for row in position.rows:
            count += 1
            for j, x in enumerate(row):
                sums[j] += x
                squares[j] += x * x
    means = [s / max(count, 1) for s in sums]
    spreads = []
    for j in range(width):
        variance = squares[j] / max(count, 1) - means[j] ** 2
        spreads.append(max(SPREAD_FLOOR, math.sqrt(max(variance, 0.0))))
    return means, spreads


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def fit_stage(positions: Sequence[Position], width: int, *, epochs: int, l2: float, rate: float = 0.05,
              signed: Sequence[bool] | None = None) -> tuple[list[float], FitReport]:
    """Weights over raw features for one stage's positions (see the module doc), and how well they fit.

    A feature not ``signed`` (by default none is) is a good: its weight is kept at 0 or above (projected
    after every step), so a feature that merely goes with weak play in self-play cannot make the search
    avoid it."""
    allowed_negative = list(signed) if signed is not None else [False] * width
    means, spreads = _standardisation(positions, width)
    data = [([[(x - means[j]) / spreads[j] for j, x in enumerate(row)] for row in p.rows], p.outcome)
            for p in positions]
    weights = [0.0] * width
    first = [0.0] * width
    second = [0.0] * width
    beta1, beta2 = 0.9, 0.999
    n = max(len(data), 1)
    for epoch in range(1, epochs + 1):
        grad = [l2 * w for w in weights]
        for rows, outcome in data:
            shares = _softmax([sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows])
            for row, share, target in zip(rows, shares, outcome, strict=True):
                error = (share - target) / n
                if error:
                    for j, x in enumerate(row):
                        grad[j] += error * x
        for j in range(width):
            first[j] = beta1 * first[j] + (1 - beta1) * grad[j]
            second[j] = beta2 * second[j] + (1 - beta2) * grad[j] ** 2
            step = first[j] / (1 - beta1 ** epoch)
            weights[j] -= rate * step / (math.sqrt(second[j] / (1 - beta2 ** epoch)) + 1e-8)
            if weights[j] < 0 and not allowed_negative[j]:
                weights[j] = 0.0
    raw = [w / spreads[j] for j, w in enumerate(weights)]  # the means only shift every seat's score alike
    return raw, _report(positions, raw)


RIDGE = 1.0
"""Score fits: the L2 penalty on the standardised weights (in squared points, summed over every seat row)."""
TEMPERATURE_RANGE = (0.0, 3.0)
"""Score fits: the interval the scale of predicted points into shares of the win is searched in."""


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector`` (Gauss-Jordan with partial pivoting; ``matrix`` is positive
    definite here)."""
    n = len(vector)
    rows = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        for r in range(n):
            factor = rows[r][col] / lead if r != col else 0.0
            if factor:
                target, source = rows[r], rows[col]
                for k in range(col, n + 1):
                    target[k] -= factor * source[k]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def fit_stage_scores(positions: Sequence[Position], width: int, *, ridge: float = RIDGE,
                     signed: Sequence[bool] | None = None) -> tuple[list[float], FitReport]:
    """Weights over raw features for one stage's positions, fitted to the final scores; and the fit.

    Each seat's final score above its table's mean is regressed on its features above the table's mean
    (ridge least squares on standardised features): a seat's predicted lead in points. A good (a feature
    not ``signed``) whose weight comes out negative is dropped and the rest fitted again, until none is.
    The predicted points are then scaled into shares of the win: one factor (the softmax's inverse
    temperature), the one that fits the winners best, multiplies every weight. So the model keeps its form
    (a softmax of linear scores) and its fit is reported on the winners as :func:`fit_stage`'s is; the
    points carry more of what a position is worth than who won alone, at every table size alike."""
    allowed_negative = list(signed) if signed is not None else [False] * width
    _, spreads = _standardisation(positions, width)
    normal = [[0.0] * width for _ in range(width)]
    moment = [0.0] * width
    for position in positions:
        if len(position.scores) != len(position.rows):
            raise ValueError("a score fit needs every position's final scores")
        seats = len(position.rows)
        means = [sum(row[j] for row in position.rows) / seats for j in range(width)]
        mean_score = sum(position.scores) / seats
        for row, score in zip(position.rows, position.scores, strict=True):
            x = [(row[j] - means[j]) / spreads[j] for j in range(width)]
            lead = score - mean_score
            for a, xa in enumerate(x):
                if xa:
                    moment[a] += xa * lead
                    line = normal[a]
                    for b, xb in enumerate(x):
                        line[b] += xa * xb
    active = list(range(width))
    weights = [0.0] * width
    while active:
        solved = _solve([[normal[a][b] + (ridge if a == b else 0.0) for b in active] for a in active],
                        [moment[a] for a in active])
        weights = [0.0] * width
        for a, w in zip(active, solved, strict=True):
            weights[a] = w
        negative = [a for a in active if weights[a] < 0 and not allowed_negative[a]]
        if not negative:
            break
        active.remove(min(negative, key=lambda a: weights[a]))
    points = [w / spreads[j] for j, w in enumerate(weights)]
    scale = _winner_scale(positions, points)
    raw = [scale * w for w in points]
    return raw, _report(positions, raw)


def _winner_scale(positions: Sequence[Position], points: Sequence[float]) -> float:
    """The factor on ``points`` (predicted points) whose softmax fits the positions' winners best
    (golden-section search over :data:`TEMPERATURE_RANGE`; the log-loss is convex in it)."""
    predicted = [([sum(w * x for w, x in zip(points, row, strict=True)) for row in p.rows], p.outcome)
                 for p in positions]

    def loss(scale: float) -> float:
        total = 0.0
        for scores, outcome in predicted:
            total += _cross_entropy(_softmax([scale * s for s in scores]), outcome)
        return total

    low, high = TEMPERATURE_RANGE
    golden = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        first, second = high - golden * (high - low), low + golden * (high - low)
        if loss(first) < loss(second):
            high = second
        else:
            low = first
    return (low + high) / 2


def _cross_entropy(shares: Sequence[float], outcome: Sequence[float]) -> float:
    """The log-loss of predicted ``shares`` of the win against the game's ``outcome``."""
    return -sum(t * math.log(max(q, 1e-12)) for q, t in zip(shares, outcome, strict=True))


def _report(positions: Sequence[Position], weights: Sequence[float]) -> FitReport:
    """The fit of raw ``weights`` on ``positions``."""
    loss = 0.0
    hits = 0.0
    stage = positions[0].stage if positions else 0
    for position in positions:
        shares = _softmax([sum(w * x for w, x in zip(weights, row, strict=True)) for row in position.rows])
        loss += _cross_entropy(shares, position.outcome)
        best = max(range(len(shares)), key=lambda i: shares[i])
        hits += position.outcome[best]
    n = max(len(positions), 1)
    return FitReport(stage, len(positions), loss / n, hits / n)


Target = Literal["winner", "score"]
"""What a fit may learn from: each seat's share of the win, or its final score (see :func:`train`)."""
TARGETS: tuple[Target, ...] = get_args(Target)
GREEDY_KINDS = frozenset({"duel"})
"""The game kinds whose self-play may be greedy (sequential turns: a move's value shows at once)."""


def train(kind: str, *, seed: int, games: int, every: int = 3, epochs: int = 150,
          l2: float = 1e-3, rounds: int = 0, age_starts: int = 0,
          continued: bool = False, target: Target = "winner") -> tuple[LinearModel, list[FitReport]]:
    """Self-play ``games`` games and fit one weight set per stage; the model and each stage's fit.

    ``target`` is what the weights are fitted to: ``"winner"``, each seat's share of the win
    (:func:`fit_stage`), or ``"score"``, each seat's final score, scaled into shares by the winners
    (:func:`fit_stage_scores`).

    With ``continued`` (classic), the positions are instead one per game of :func:`continued_play`: where
    the search reads the model, valued by how ``easy``'s table plays the game out.

    ``rounds`` more times (sequential games only), self-play ``games`` games greedily by the model
    just fitted (:func:`greedy_move`) and fit again on those games' positions: the model then values
    positions by how games go on between players who look a move ahead, not only by the playout policy.

    With ``age_starts`` (sequential games only), every stage but the first is fitted once more, on the
    first positions of its Age only (what Duel's search values: its playouts stop at the Age's end),
    from ``age_starts`` games by the playout policy and as many greedy games by the model so far. The
    first stage keeps its fit (the search never values an Age I position: from the draft, playouts run
    to the game's end)."""
    if target not in TARGETS:
        raise ValueError(f"the target is one of {TARGETS}, not {target!r}")
    if continued and (rounds or age_starts):
        raise ValueError("continued play replaces the self-play rounds and Age-start fits")
    if (rounds or age_starts) and kind not in GREEDY_KINDS:
        raise ValueError(f"greedy rounds and Age-start fits are for {sorted(GREEDY_KINDS)}, not {kind!r}")
    first = continued_play(kind, games, seed) if continued else self_play(kind, games, seed, every)
    model, reports = _fit(kind, first, epochs=epochs, l2=l2, target=target)
    for round_number in range(1, rounds + 1):
        positions = self_play(kind, games, derive_seed(seed, round_number), every, model=model)
        model, reports = _fit(kind, positions, epochs=epochs, l2=l2, target=target)
    if age_starts:
        starts = self_play(kind, age_starts, derive_seed(seed, rounds + 1), age_starts=True)
        starts += self_play(kind, age_starts, derive_seed(seed, rounds + 2), model=model, age_starts=True)
        refit, refit_reports = _fit(kind, [p for p in starts if p.stage > 1], epochs=epochs, l2=l2,
                                    target=target)
        model = LinearModel(kind, model.features, {**model.stages, **refit.stages}, {})
        reports = [r for r in reports if r.stage not in refit.stages] + refit_reports
    trained = {"by": "python -m engine.bots.train", "seed": seed, "games": games, "every": every,
               "epochs": epochs, "l2": l2, "rounds": rounds, "age_starts": age_starts,
               "continued": continued, "target": target,
               "seats": list(TABLE_SIZES[kind]),
               "fit": [{"stage": r.stage, "positions": r.positions, "log_loss": round(r.log_loss, 4),
                        "top_accuracy": round(r.top_accuracy, 4)} for r in reports]}
    return LinearModel(kind, model.features, model.stages, trained), reports


def _fit(kind: str, positions: Sequence[Position], *, epochs: int, l2: float,
         target: Target = "winner") -> tuple[LinearModel, list[FitReport]]:
    """One weight set per stage fitted to ``positions``; the model and each stage's fit."""
    playout: Playout = playout_for(kind)
    width = len(playout.FEATURES)
    signed = [name in playout.SIGNED_FEATURES for name in playout.FEATURES]
    stages: dict[int, tuple[float, ...]] = {}
    reports = []
    for stage in sorted({p.stage for p in positions}):
        at_stage = [p for p in positions if p.stage == stage]
        if target == "score":
            weights, report = fit_stage_scores(at_stage, width, signed=signed)
        else:
            weights, report = fit_stage(at_stage, width, epochs=epochs, l2=l2, signed=signed)
        stages[stage] = tuple(weights)
        reports.append(report)
    return LinearModel(kind, playout.FEATURES, stages, {}), reports


def main(argv: list[str] | None = None) -> int:
    """Train and write the model; print each stage's fit and the CPU time. ``duel-prior ...`` trains Duel's
    policy prior and value instead (:mod:`engine.bots.train_prior`)."""
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["duel-prior"]:
        from engine.bots.train_prior import main as train_prior_main
        return train_prior_main(arguments[1:])
    parser = argparse.ArgumentParser(prog="python -m engine.bots.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, choices=sorted(TABLE_SIZES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--every", type=int, default=3, help="keep every K-th position of a game")
    parser.add_argument("--epochs", type=int, default=150)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--rounds", type=int, default=0,
                        help="then this many rounds of greedy self-play by the model just fitted (Duel)")
    parser.add_argument("--age-starts", type=int, default=0,
                        help="then refit the later Ages on their first positions, from this many playout "
                             "and as many greedy games (Duel)")
    parser.add_argument("--continued", action="store_true",
                        help="fit on one position per game where the search reads the model, played on by "
                             "easy (classic; --every does not apply)")
    parser.add_argument("--target", choices=TARGETS, default="winner",
                        help="fit to the winners (softmax regression) or to the final scores (least squares, "
                             "scaled into shares by the winners; --epochs and --l2 do not apply)")
    parser.add_argument("--out", type=Path, default=None,
                        help="where to write the model (default: engine/bots/models/KIND.json)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1 or args.epochs < 1 or args.l2 < 0 or args.rounds < 0 \
            or args.age_starts < 0:
        print("train: --games, --every and --epochs must be at least 1, --l2, --rounds and --age-starts "
              "not negative", file=sys.stderr)
        return 2
    if (args.rounds or args.age_starts) and args.game not in GREEDY_KINDS:
        print(f"train: --rounds and --age-starts are for {', '.join(sorted(GREEDY_KINDS))}", file=sys.stderr)
        return 2
    if args.continued and (args.game not in CONTINUED_KINDS or args.rounds or args.age_starts):
        print(f"train: --continued is for {', '.join(sorted(CONTINUED_KINDS))}, without --rounds or "
              "--age-starts", file=sys.stderr)
        return 2
    started = time.process_time()
    model, reports = train(args.game, seed=args.seed, games=args.games, every=args.every,
                           epochs=args.epochs, l2=args.l2, rounds=args.rounds, age_starts=args.age_starts,
                           continued=args.continued, target=args.target)
    out = args.out or MODELS_DIR / f"{args.game}.json"
    out.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    for r in reports:
        print(f"stage {r.stage}: {r.positions} positions, log-loss {r.log_loss:.4f}, "
              f"best-scored seat wins {r.top_accuracy:.3f}")
    print(f"wrote {out} in {time.process_time() - started:.1f} CPU s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
