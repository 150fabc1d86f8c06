"""``hard``'s tree bookkeeping on toy games: UCB with availability, backups, who is in the tree, budgets."""

from __future__ import annotations

import math
import random

from engine.bots import Budget
from engine.bots.ismcts import InformationSetTreePolicy, TreeNode, backpropagate, select_edge
from tests.engine.bots.toys import BiasedCoinSampler, CoinCall, TicTacToe, ToyKnowledge, tictactoe_sampler


def test_upper_bound_is_mean_plus_exploration_over_availability() -> None:
    node = TreeNode(visits=4, total=3.0, available=10)
    assert node.mean == 0.75
    assert math.isclose(node.upper_bound(0.7), 0.75 + 0.7 * math.sqrt(math.log(10) / 4))


def test_untried_edges_come_first_and_every_listed_edge_gains_availability() -> None:
    parent = TreeNode()
    rng = random.Random(1)
    keys = [(0, "a"), (0, "b"), (0, "c")]
    picked = set()
    for _ in range(3):
        key = select_edge(parent, keys, 0.7, rng)
        picked.add(key)
        backpropagate([(parent.children[key], 0)], [1.0 if key == (0, "b") else 0.0, 0.0])
    assert picked == set(keys)
    assert [parent.children[k].available for k in keys] == [3, 3, 3]
    # All tried: the best mean wins when exploration bonuses are equal.
    assert select_edge(parent, keys, 0.7, rng) == (0, "b")
    # An edge not legal in this world is neither chosen nor counted available.
    assert select_edge(parent, [(0, "a"), (0, "c")], 0.7, rng) in ((0, "a"), (0, "c"))
    assert parent.children[(0, "b")].available == 4


def test_backpropagation_credits_each_edge_to_its_seat() -> None:
    mine, theirs = TreeNode(), TreeNode()
    backpropagate([(mine, 0), (theirs, 1)], [1.0, 0.0])
    backpropagate([(mine, 0), (theirs, 1)], [0.5, 0.5])
    assert (mine.visits, mine.total) == (2, 1.5) and (theirs.visits, theirs.total) == (2, 0.5)


def test_it_blocks_a_threat_at_tictactoe() -> None:
    # O (seat 1) to move; X threatens the top row at cell 2; every other move loses.
    game = TicTacToe([0, 0, -1, -1, 1, -1, -1, -1, -1], to_move=1)
    policy = InformationSetTreePolicy(ToyKnowledge(), sampler=tictactoe_sampler)
    for seed in range(3):
        assert policy.decide(game.view(1), game.legal_actions(1), seed=seed, budget=Budget(iterations=300)) \
            == {"type": "mark", "cell": 2}


def test_it_finds_the_only_winning_fork_three_plies_deep() -> None:
    # X has 0 and 7, O has 3 and 8, no threat on the board. Only X at 1 wins: it threatens 2 (top row) and
    # 4 (middle column) at once; every other move lets O hold a draw (checked by minimax when written).
    game = TicTacToe([0, -1, -1, 1, -1, -1, -1, 0, 1], to_move=0)
    policy = InformationSetTreePolicy(ToyKnowledge(), sampler=tictactoe_sampler)
    for seed in range(3):
        choice = policy.decide(game.view(0), game.legal_actions(0), seed=seed, budget=Budget(iterations=1500))
        assert choice == {"type": "mark", "cell": 1}


def test_opponents_outside_the_tree_leave_only_own_edges() -> None:
    game = TicTacToe()
    inside = InformationSetTreePolicy(ToyKnowledge(opponents_in_tree=True), sampler=tictactoe_sampler)
    outside = InformationSetTreePolicy(ToyKnowledge(opponents_in_tree=False), sampler=tictactoe_sampler)
    budget = Budget(iterations=120)

    def seats_in(node: TreeNode) -> set[int]:
        found: set[int] = set()
        for (seat, _), child in node.children.items():
            found |= {seat} | seats_in(child)
        return found

    assert seats_in(inside.analyse(game.view(0), game.legal_actions(0), seed=1, budget=budget).root) == {0, 1}
    assert seats_in(outside.analyse(game.view(0), game.legal_actions(0), seed=1, budget=budget).root) == {0}


def test_the_root_counts_iterations_and_edges_sum_to_them() -> None:
    sampler = BiasedCoinSampler(0.7)
    policy = InformationSetTreePolicy(ToyKnowledge(), sampler=sampler)
    legal = [{"type": "call", "side": "heads"}, {"type": "call", "side": "tails"}]
    report = policy.analyse(CoinCall("heads").view(0), legal, seed=4, budget=Budget(iterations=150))
    # One sampled world per round of descents, a round being one descent per root candidate.
    assert report.iterations == 150 == report.root.visits == 2 * len(sampler.seeds)
    assert sum(child.visits for child in report.root.children.values()) == 150
    assert legal[report.choice]["side"] == "heads"


def test_decisions_are_reproducible_from_the_seed() -> None:
    game = TicTacToe()
    policy = InformationSetTreePolicy(ToyKnowledge(), sampler=tictactoe_sampler)
    legal = game.legal_actions(0)
    first = [policy.decide(game.view(0), legal, seed=s, budget=Budget(iterations=30)) for s in range(8)]
    again = [policy.decide(game.view(0), legal, seed=s, budget=Budget(iterations=30)) for s in range(8)]
    assert first == again


def test_short_playouts_are_valued_by_the_knowledge() -> None:
    class ShortSighted(ToyKnowledge):
        def rollout_steps(self, view: dict) -> int | None:
            return 1

    knowledge = ShortSighted()
    policy = InformationSetTreePolicy(knowledge, sampler=tictactoe_sampler)
    game = TicTacToe()
    policy.analyse(game.view(0), game.legal_actions(0), seed=1, budget=Budget(iterations=20))
    assert knowledge.evaluations == 20  # no playout reached the end of the game


def test_the_first_candidate_stays_unless_another_is_clearly_better_in_the_same_worlds() -> None:
    from engine.bots.ismcts import clearly_better

    first, second, third = (0, "a"), (0, "b"), (0, "c")
    ranked = [first, second, third]
    noisy = {first: {1: 0.0, 2: 1.0, 3: 0.0}, second: {1: 1.0, 2: 0.0, 3: 1.0}, third: {1: 0.0}}
    assert clearly_better(noisy, ranked, 1.0) == first  # better on average, but not clearly
    steady = {first: {1: 0.2, 2: 0.3, 3: 0.1}, second: {1: 0.6, 2: 0.8, 3: 0.5}, third: {1: 1.0}}
    assert clearly_better(steady, ranked, 1.0) == second  # third: one shared world is no evidence
    assert clearly_better({first: {}, second: {}, third: {}}, ranked, 1.0) == first
