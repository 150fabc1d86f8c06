"""Small games with the engine's Game interface, for testing the searches without the real rules.

- :class:`TicTacToe`: perfect information, sequential; its sampler returns the position itself.
- :class:`CoinCall`: one hidden coin; seat 0 calls it, seat 1 then passes. A sampler draws the coin with a
  chosen bias, so a search that averages over sampled worlds should call the likelier side.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Sequence
from typing import Any

from engine.api import Action, Game, IllegalAction
from engine.bots.knowledge import View, win_shares

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToe:
    """Noughts and crosses: seat 0 plays first; ``cells`` hold -1 (empty), 0 or 1."""

    kind = "tictactoe"
    seats = 2

    def __init__(self, cells: Sequence[int] | None = None, to_move: int = 0) -> None:
        self.cells = list(cells) if cells is not None else [-1] * 9
        self.to_move = to_move
        self.log: list[list[Any]] = []

    def winner(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] >= 0 and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def is_over(self) -> bool:
        return self.winner() is not None or -1 not in self.cells

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.to_move]

    def waiting(self) -> list[int]:
        return self.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [{"type": "mark", "cell": i} for i, c in enumerate(self.cells) if c < 0]

    def apply(self, seat: int, action: Action) -> list[dict[str, Any]]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not legal for seat {seat}")
        self.cells[action["cell"]] = seat
        self.to_move = 1 - seat
        self.log.append([seat, dict(action)])
        return []

    def view(self, seat: int | None, *, memory: bool = True) -> dict[str, Any]:
        return {"kind": self.kind, "seat": seat, "cells": list(self.cells), "to_move": self.to_move}

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        winner = self.winner()
        return {"winners": [0, 1] if winner is None else [winner]}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cells": list(self.cells), "to_move": self.to_move}

    def clone(self) -> Game:
        twin = TicTacToe(self.cells, self.to_move)
        twin.log = copy.deepcopy(self.log)
        return twin

    @property
    def action_log(self) -> list[list[Any]]:
        return self.log


def tictactoe_sampler(view: View, *, seed: int) -> Game:
    """Nothing is hidden: the world is the position of the view."""
    return TicTacToe(view["cells"], view["to_move"])


class CoinCall:
    """Seat 0 calls a hidden coin ("heads"/"tails") and wins if right; then seat 1 must "pass"."""

    kind = "coincall"
    seats = 2

    def __init__(self, coin: str) -> None:
        self.coin = coin
        self.call: str | None = None
        self.passed = False
        self.log: list[list[Any]] = []

    def is_over(self) -> bool:
        return self.passed

    def to_act(self) -> list[int]:
        return [] if self.passed else [0] if self.call is None else [1]

    def waiting(self) -> list[int]:
        return self.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if seat == 0:
            return [{"type": "call", "side": "heads"}, {"type": "call", "side": "tails"}]
        return [{"type": "pass"}]

    def apply(self, seat: int, action: Action) -> list[dict[str, Any]]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not legal for seat {seat}")
        if seat == 0:
            self.call = action["side"]
        else:
            self.passed = True
        self.log.append([seat, dict(action)])
        return []

    def view(self, seat: int | None, *, memory: bool = True) -> dict[str, Any]:
        return {"kind": self.kind, "seat": seat, "call": self.call}

    def result(self) -> dict[str, Any] | None:
        if not self.passed:
            return None
        return {"winners": [0] if self.call == self.coin else [1]}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "coin": self.coin, "call": self.call, "passed": self.passed}

    def clone(self) -> Game:
        twin = CoinCall(self.coin)
        twin.call, twin.passed, twin.log = self.call, self.passed, copy.deepcopy(self.log)
        return twin

    @property
    def action_log(self) -> list[list[Any]]:
        return self.log


class BiasedCoinSampler:
    """Draws the hidden coin: heads with probability ``heads``; records the seeds it was given."""

    def __init__(self, heads: float) -> None:
        self.heads = heads
        self.seeds: list[int] = []

    def __call__(self, view: View, *, seed: int) -> Game:
        self.seeds.append(seed)
        world = CoinCall("heads" if random.Random(seed).random() < self.heads else "tails")
        world.call = view["call"]
        return world


class ToyKnowledge:
    """Knows nothing about the toys: equal one-move values (unless ``prefer`` says otherwise)."""

    kind = "toy"

    def __init__(self, opponents_in_tree: bool = True, prefer: dict[Hashable, float] | None = None) -> None:
        self.opponents_in_tree = opponents_in_tree
        self.root_breadth = 2
        self.switch_confidence: float | None = None
        self.prefer = prefer or {}
        self.evaluations = 0

    def rollout_steps(self, view: View) -> int | None:
        return None

    def action_values(self, view: View, legal: Sequence[Action]) -> list[float]:
        return [self.prefer.get(self.action_group(a), 0.0) for a in legal]

    def action_group(self, action: Action) -> Hashable:
        return tuple(sorted(action.items()))

    def rollout_weight(self, action: Action) -> float:
        return 1.0

    def evaluate(self, public_view: View) -> list[float]:
        self.evaluations += 1
        return [0.5, 0.5]

    def result_values(self, result: dict[str, Any], seats: int) -> list[float]:
        return win_shares(result, seats)
