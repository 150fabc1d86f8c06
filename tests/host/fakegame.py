"""A tiny two-seat game for host tests, registered only through monkeypatching.

Seats take turns adding 1..3 to a counter; whoever brings it to TARGET wins. Each seat holds a
secret drawn from the seed that only its own view shows, so leaks can be detected.
"""

from __future__ import annotations

import random
from typing import Any

from engine.api import GameSpec, IllegalAction

TARGET = 10
SPEC = GameSpec(kind="fake", title="Fake", min_seats=2, max_seats=2, default_seats=2, simultaneous=False)


class FakeGame:
    """Implements engine.api.Game."""

    kind = "fake"

    def __init__(self, seats: int, seed: int, options: dict[str, Any] | None) -> None:
        if seats != 2:
            raise ValueError("fake needs 2 seats")
        options = options or {}
        if set(options) - {"target"}:
            raise ValueError(f"unknown options {sorted(set(options) - {'target'})}")
        self.seats, self.seed, self.options = seats, seed, options
        rng = random.Random(seed)
        self.secrets = [f"secret-{rng.randrange(10**9)}" for _ in range(seats)]
        self.target = int(options.get("target", TARGET))
        self.counter = 0
        self._log: list[list[Any]] = []

    @property
    def action_log(self) -> list[list[Any]]:
        return self._log

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [len(self._log) % 2]

    def waiting(self) -> list[int]:
        return self.to_act()

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act():
            return []
        return [{"type": "add", "n": n} for n in (1, 2, 3) if self.counter + n <= self.target]

    def apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        if seat not in self.to_act():
            raise IllegalAction("not your turn")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"cannot add {action.get('n')!r} now")
        self.counter += action["n"]
        self._log.append([seat, dict(action)])
        events = [{"type": "add", "seat": seat, "n": action["n"], "counter": self.counter}]
        if self.is_over():
            events.append({"type": "game_over", "seat": seat, "result": self.result()})
        return events

    def view(self, seat: int | None, *, memory: bool = True) -> dict[str, Any]:
        return {
            "game": "fake", "seat": seat, "counter": self.counter, "to_act": self.to_act(),
            "secret": None if seat is None else self.secrets[seat], "result": self.result(),
        }

    def is_over(self) -> bool:
        return self.counter >= self.target

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        return {"winners": [self._log[-1][0]], "victory": "counter"}

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "fake", "seats": self.seats, "seed": self.seed, "options": self.options,
                "log": [list(x) for x in self._log]}


def new_game(seats: int, seed: int, options: dict[str, Any] | None) -> FakeGame:
    return FakeGame(seats, seed, options)


def restore(data: dict[str, Any]) -> FakeGame:
    game = FakeGame(data["seats"], data["seed"], data["options"])
    for seat, action in data["log"]:
        game.apply(seat, action)
    return game


def catalog(options: dict[str, Any] | None) -> dict[str, Any]:
    return {"cards": []}
