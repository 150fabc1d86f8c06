"""Train Duel's policy prior and value by self-play: ``python -m engine.bots.train duel-prior --seed S
--games N --out PATH``.

Self-play (AlphaZero style, round 0): both seats of each game are ``hard``'s search capped at
``--iterations`` per decision (exactly reproducible from the seed); the first ``--explore`` decisions of
each seat are drawn in proportion to the root's visits, the later ones are the search's own choice. Every
searched decision is kept with the root's visits per legal action (the policy's target) and the game's
result (the value's target), as one JSON line per game in ``--records`` (resumable: the games a file
holds are skipped). ``--held-out G`` plays G more games from another seed (``derive_seed(S, 1)``) and
searches every ``--long-every``-th decision of theirs again with ``--long-iterations``: the held-out
figures (the policy's top-1 agreement with that longer search, the value's log-loss against a constant)
come from them. Then :mod:`engine.bots.prior`'s linear models (over ``engine/duel/prior.py``'s
features) are fitted (plain Python, full batch, Adam, L2) and written as JSON to ``--out``. Files are
written only under the paths given. This is a command-line tool: it reads the CPU clock and writes files.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.api import Game, new_game
from engine.bots.budget import Budget
from engine.bots.hard_2026_12 import frozen_evaluator
from engine.bots.knowledge import knowledge_for, prior_features_for
from engine.bots.montecarlo import ranked_candidates
from engine.bots.prior import PriorModel
from engine.bots.search import PlayoutSearchPolicy
from engine.bots.seeds import derive_seed

KIND = "duel"
GAME = prior_features_for(KIND)
"""The game's prior features (``engine/duel/prior.py``)."""


@dataclass(frozen=True, slots=True)
class SelfPlayPlan:
    """One run of self-play games: their seed, how hard each decision searches, and the held-out extras."""

    seed: int
    iterations: int
    explore: int
    long_iterations: int = 0
    """0: no second search; else every ``long_every``-th searched decision is searched again this long."""
    long_every: int = 3


def play_recorded(plan: SelfPlayPlan, number: int) -> dict[str, Any]:
    """Self-play game ``number`` of ``plan``: its seed, each decision (seat, legal actions' count, the
    action played, the root's visits per legal index, the longer search's choice) and each seat's share."""
    policy = PlayoutSearchPolicy(knowledge_for(KIND))
    game_seed = derive_seed(plan.seed, number)
    rng = random.Random(derive_seed(game_seed, 7))
    game = new_game(KIND, seats=2, seed=game_seed)
    counts = [0, 0]
    decisions: list[dict[str, Any]] = []
    searched = 0
    while game.waiting():
        seat = game.waiting()[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        decision_seed = derive_seed(game_seed, seat, counts[seat])
        counts[seat] += 1
        entry: dict[str, Any] = {"seat": seat, "legal": len(legal)}
        choice = 0
        if len(legal) > 1:
            budget = Budget(iterations=plan.iterations)
            report = policy.analyse(view, legal, seed=decision_seed, budget=budget)
            visits = {index: report.root.children[key].visits for key, index in report.candidates.items()
                      if key in report.root.children and report.root.children[key].visits}
            choice = report.choice
            if counts[seat] <= plan.explore and visits:
                indices = sorted(visits)
                choice = rng.choices(indices, [visits[i] for i in indices])[0]
            entry["visits"] = {str(i): v for i, v in sorted(visits.items())}
            if plan.long_iterations and searched % plan.long_every == 0:
                entry["long"] = policy.analyse(view, legal, seed=derive_seed(decision_seed, 1),
                                               budget=Budget(iterations=plan.long_iterations)).choice
            searched += 1
        entry["played"] = choice
        entry["action"] = legal[choice]
        decisions.append(entry)
        game.apply(seat, legal[choice])
    result = game.result() or {}
    winners = result.get("winners", [])
    shares = [1.0 / len(winners) if s in winners else 0.0 for s in (0, 1)]
    return {"game": number, "seed": game_seed, "plan": plan_key(plan), "decisions": decisions,
            "shares": shares, "victory": result.get("victory")}


def plan_key(plan: SelfPlayPlan) -> dict[str, Any]:
    """What makes two runs' game ``n`` the same game."""
    return {"seed": plan.seed, "iterations": plan.iterations, "explore": plan.explore,
            "long_iterations": plan.long_iterations, "long_every": plan.long_every}


def read_records(path: Path) -> list[dict[str, Any]]:
    """The game records of ``path`` (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def self_play(plan: SelfPlayPlan, games: int, path: Path, jobs: int = 1,
              on_game: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Games ``0 .. games-1`` of ``plan``, appended to ``path`` as they end (those it holds are read back,
    not replayed); in game order."""
    key = plan_key(plan)
    held = {r["game"]: r for r in read_records(path) if r["plan"] == key and r["game"] < games}
    wanted = [n for n in range(games) if n not in held]
    path.parent.mkdir(parents=True, exist_ok=True)

    def keep(record: dict[str, Any]) -> None:
        held[record["game"]] = record
        with path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(record, separators=(",", ":")) + "\n")
        if on_game is not None:
            on_game(record)

    if jobs <= 1:
        for number in wanted:
            keep(play_recorded(plan, number))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for record in pool.map(play_recorded, [plan] * len(wanted), wanted):
                keep(record)
    return [held[n] for n in range(games)]


# --- examples ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PolicyExample:
    """One searched decision: each root move's features, the visits' shares (the target), and the index
    of the longer search's choice among the moves (-1: none)."""

    rows: tuple[tuple[float, ...], ...]
    target: tuple[float, ...]
    long: int
    easy: int
    """The index of ``easy``'s move (the best one-move value: the first of ``hard``'s root candidates)."""


@dataclass(frozen=True, slots=True)
class ValueExample:
    """One position before a searched decision: the features of the seat to act, and its share."""

    row: tuple[float, ...]
    outcome: float


def examples(records: Sequence[dict[str, Any]]) -> tuple[list[PolicyExample], list[ValueExample]]:
    """Each record's searched decisions replayed: their policy and value examples (turns, drafts, tokens
    and the other choices alike: every move kind has features)."""
    policy_examples: list[PolicyExample] = []
    value_examples: list[ValueExample] = []
    knowledge = knowledge_for(KIND)
    for record in records:
        game: Game = new_game(KIND, seats=2, seed=record["seed"])
        for entry in record["decisions"]:
            seat = entry["seat"]
            legal = game.legal_actions(seat)
            if legal[entry["played"]] != entry["action"]:
                raise ValueError(f"game {record['game']}: the record does not replay (rules changed?)")
            visits = entry.get("visits")
            if visits:
                moves = GAME.root_moves(legal)
                total = sum(visits.values())
                by_move: dict[Any, float] = {}
                for index, count in visits.items():
                    move = moves[int(index)]
                    by_move[move] = by_move.get(move, 0.0) + count / total
                distinct = list(dict.fromkeys(moves))
                long = entry.get("long")
                easy = ranked_candidates(knowledge, game.view(seat), legal, 1)[0][0]
                policy_examples.append(PolicyExample(
                    tuple(tuple(GAME.move_features(game, seat, m)) for m in distinct),
                    tuple(by_move.get(m, 0.0) for m in distinct),
                    distinct.index(moves[long]) if long is not None else -1, distinct.index(moves[easy])))
                value_examples.append(ValueExample(tuple(GAME.value_features(game, seat)),
                                                   record["shares"][seat]))
            game.apply(seat, legal[entry["played"]])
    return policy_examples, value_examples


# --- fitting ------------------------------------------------------------------------------------------------


def _adam(gradient: Callable[[list[float]], tuple[float, list[float]]], width: int, epochs: int,
          rate: float = 0.05, start: Sequence[float] | None = None) -> list[float]:
    """Weights minimising a loss by full-batch Adam from ``start`` (zero by default; ``gradient`` gives
    loss and gradient)."""
    weights = list(start) if start is not None else [0.0] * width
    m = [0.0] * width
    v = [0.0] * width
    beta1, beta2 = 0.9, 0.999
    for step in range(1, epochs + 1):
        _, grad = gradient(weights)
        for k in range(width):
            m[k] = beta1 * m[k] + (1 - beta1) * grad[k]
            v[k] = beta2 * v[k] + (1 - beta2) * grad[k] * grad[k]
            weights[k] -= rate * (m[k] / (1 - beta1 ** step)) / (math.sqrt(v[k] / (1 - beta2 ** step)) + 1e-8)
    return weights


def softmax(logits: Sequence[float]) -> list[float]:
    """Probabilities from logits."""
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    total = sum(exps)
    return [e / total for e in exps]


def fit_policy(data: Sequence[PolicyExample], epochs: int, l2: float) -> list[float]:
    """Linear softmax weights over the game's ``POLICY_FEATURES`` minimising the cross-entropy to the
    visits."""
    width = len(GAME.POLICY_FEATURES)

    def gradient(weights: list[float]) -> tuple[float, list[float]]:
        grad = [l2 * w for w in weights]
        loss = 0.0
        for example in data:
            probs = softmax([sum(w * x for w, x in zip(weights, row, strict=True)) for row in example.rows])
            for p, t, row in zip(probs, example.target, example.rows, strict=True):
                loss -= t * math.log(max(p, 1e-12))
                diff = (p - t) / len(data)
                if diff:
                    for k, x in enumerate(row):
                        if x:
                            grad[k] += diff * x
        return loss / len(data), grad

    return _adam(gradient, width, epochs)


def value_start() -> list[float]:
    """Where the value's fit starts, and what its L2 pulls toward: the evaluation of December 2026
    (``models/duel-2026-12.json``: per Age, a logistic of the two seats' feature differences, the same
    features), no bias for having the move. Self-play games are few; their results correct it."""
    model = frozen_evaluator(KIND).model
    start: list[float] = []
    for age in (1, 2, 3):
        start += model.weights(age)
    return start + [0.0] * (len(GAME.VALUE_FEATURES) - len(start))


def fit_value(data: Sequence[ValueExample], epochs: int, l2: float) -> list[float]:
    """Logistic weights over the game's ``VALUE_FEATURES`` minimising the log-loss, from
    :func:`value_start` and pulled toward it (L2 on the difference)."""
    width = len(GAME.VALUE_FEATURES)
    start = value_start()

    def gradient(weights: list[float]) -> tuple[float, list[float]]:
        grad = [l2 * (w - w0) for w, w0 in zip(weights, start, strict=True)]
        loss = 0.0
        for example in data:
            p = _logistic(sum(w * x for w, x in zip(weights, example.row, strict=True)))
            loss += log_loss(p, example.outcome)
            diff = (p - example.outcome) / len(data)
            for k, x in enumerate(example.row):
                grad[k] += diff * x
        return loss / len(data), grad

    return _adam(gradient, width, epochs, rate=0.01, start=start)


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def log_loss(p: float, outcome: float) -> float:
    """The log-loss of predicting ``p`` for an outcome in [0, 1]."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(outcome * math.log(p) + (1 - outcome) * math.log(1 - p))


@dataclass(frozen=True, slots=True)
class HeldOut:
    """The held-out figures: the policy's top-1 agreement with the search's most visited move and with the
    longer search's choice, the same for ``easy``'s move (the one-move value that orders ``hard``'s root
    without a prior), and the value's log-loss against the constant that fits the training outcomes."""

    decisions: int
    top1_visits: float
    long_positions: int
    top1_long: float
    easy_top1_visits: float
    easy_top1_long: float
    value_positions: int
    value_log_loss: float
    constant_log_loss: float

    def to_dict(self) -> dict[str, Any]:
        """The figures, rounded, for the model file and the docs."""
        return {"decisions": self.decisions, "top1_visits": round(self.top1_visits, 4),
                "long_positions": self.long_positions, "top1_long": round(self.top1_long, 4),
                "easy_top1_visits": round(self.easy_top1_visits, 4),
                "easy_top1_long": round(self.easy_top1_long, 4),
                "value_positions": self.value_positions, "value_log_loss": round(self.value_log_loss, 4),
                "constant_log_loss": round(self.constant_log_loss, 4)}


def held_out(model: PriorModel, policy_data: Sequence[PolicyExample], value_data: Sequence[ValueExample],
             constant: float) -> HeldOut:
    """How ``model`` does on held-out examples (see :class:`HeldOut`)."""
    agree = agree_long = longs = easy = easy_long = 0
    for example in policy_data:
        logits = [model.policy_logit(row) for row in example.rows]
        best = max(range(len(logits)), key=logits.__getitem__)
        agree += example.target[best] == max(example.target)
        easy += example.target[example.easy] == max(example.target)
        if example.long >= 0:
            longs += 1
            agree_long += best == example.long
            easy_long += example.easy == example.long
    value_loss = sum(log_loss(model.value(e.row), e.outcome) for e in value_data)
    constant_loss = sum(log_loss(constant, e.outcome) for e in value_data)
    n = max(1, len(value_data))
    decisions = max(1, len(policy_data))
    return HeldOut(len(policy_data), agree / decisions, longs, agree_long / max(1, longs), easy / decisions,
                   easy_long / max(1, longs), len(value_data), value_loss / n, constant_loss / n)


def train_prior(records: Sequence[dict[str, Any]], epochs: int, l2: float, value_l2: float) -> PriorModel:
    """The prior and value fitted on ``records``' searched decisions."""
    policy_data, value_data = examples(records)
    policy = fit_policy(policy_data, epochs, l2)
    return PriorModel(tuple(policy), tuple(fit_value(value_data, epochs, value_l2)), {})


def main(argv: list[str] | None = None) -> int:
    """Self-play, fit, write the model; print the held-out figures and the CPU time."""
    parser = argparse.ArgumentParser(prog="python -m engine.bots.train duel-prior", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--out", type=Path, required=True, help="the model's JSON file")
    parser.add_argument("--records", type=Path, default=None,
                        help="the self-play records (JSON lines; default: OUT with .games.jsonl)")
    parser.add_argument("--iterations", type=int, default=300, help="search iterations per decision")
    parser.add_argument("--explore", type=int, default=4,
                        help="each seat's first decisions drawn by the visits (then: the search's choice)")
    parser.add_argument("--held-out", type=int, default=0, help="held-out games (another seed)")
    parser.add_argument("--long-iterations", type=int, default=2000)
    parser.add_argument("--long-every", type=int, default=3)
    parser.add_argument("--epochs", type=int, default=200)
    parser.add_argument("--l2", type=float, default=1e-3, help="the policy's L2")
    parser.add_argument("--value-l2", type=float, default=2.0,
                        help="the value's L2 toward the evaluation of December 2026")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1 or args.held_out < 0 or args.epochs < 1 or args.jobs < 1:
        print("train duel-prior: --games, --iterations, --epochs, --jobs at least 1; --held-out not negative",
              file=sys.stderr)
        return 2
    started = time.process_time()
    records_path = args.records or args.out.with_suffix(".games.jsonl")
    plan = SelfPlayPlan(args.seed, args.iterations, args.explore)
    records = self_play(plan, args.games, records_path, args.jobs)
    model = train_prior(records, args.epochs, args.l2, args.value_l2)
    trained: dict[str, Any] = {"seed": args.seed, "games": args.games, "iterations": args.iterations,
                               "explore": args.explore, "epochs": args.epochs, "l2": args.l2,
                               "value_l2": args.value_l2}
    if args.held_out:
        test_plan = SelfPlayPlan(derive_seed(args.seed, 1), args.iterations, args.explore,
                                 args.long_iterations, args.long_every)
        test_records = self_play(test_plan, args.held_out, records_path.with_suffix(".held-out.jsonl"),
                                 args.jobs)
        outcomes = [e.outcome for e in examples(records)[1]]
        constant = sum(outcomes) / max(1, len(outcomes))
        figures = held_out(model, *examples(test_records), constant)
        trained["held_out"] = {"games": args.held_out, "long_iterations": args.long_iterations,
                               **figures.to_dict()}
        print(json.dumps(trained["held_out"]))
    model = PriorModel(model.policy, model.value_weights, trained)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.process_time() - started:.1f} CPU s (this process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
