"""How long a searching policy may think: an iteration cap, a time limit on a caller's clock, or both.

The engine has no clock of its own. A caller that wants a time limit passes the clock to read
(``time.perf_counter`` in the host and the arena); with an iteration cap alone a decision is exactly
reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]
"""A monotonic clock in seconds, injected by the caller (``time.perf_counter``)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """The thinking allowed for one decision: stop at whichever limit comes first.

    ``iterations`` caps the search's iterations (playouts or tree descents); ``seconds`` limits the
    time read on ``clock``, which is then required. With neither, the policy's own default iteration
    cap applies.
    """

    iterations: int | None = None
    seconds: float | None = None
    clock: Clock | None = None

    def __post_init__(self) -> None:
        if self.iterations is not None and (
                isinstance(self.iterations, bool) or not isinstance(self.iterations, int)
                or self.iterations < 1):
            raise ValueError(f"iterations must be a positive int, got {self.iterations!r}")
        if self.seconds is not None:
            if isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float) \
                    or not self.seconds > 0:
                raise ValueError(f"seconds must be a positive number, got {self.seconds!r}")
            if self.clock is None:
                raise ValueError("a time limit needs the clock to read it: Budget(seconds=..., clock=...)")

    def start(self, default_iterations: int) -> BudgetMeter:
        """A meter for one decision, started now; ``default_iterations`` applies when nothing is capped."""
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = default_iterations
        return BudgetMeter(iterations, self.seconds, self.clock)


class BudgetMeter:
    """Counts one decision's iterations against its :class:`Budget`.

    At least one iteration is always allowed, so a search always has something to go on. Under a time
    limit the search also stops when the time left is shorter than its average iteration so far, so a
    decision rarely overruns its time by more than one iteration's spread.
    """

    __slots__ = ("cap", "clock", "deadline", "started", "used")

    def __init__(self, cap: int | None, seconds: float | None, clock: Clock | None) -> None:
        self.cap = cap
        self.clock = clock if seconds is not None else None
        self.started = clock() if seconds is not None and clock is not None else 0.0
        self.deadline = self.started + seconds if seconds is not None else 0.0
        self.used = 0

    def spend(self, iterations: int = 1) -> None:
        """Record ``iterations`` more iterations done."""
        self.used += iterations

    def out_of_time(self) -> bool:
        """True once the time limit (if any) is reached: a playout in progress stops there."""
        return self.clock is not None and self.clock() >= self.deadline

    def exhausted(self) -> bool:
        """True once the iteration cap is reached, or the time left would not fit another average
        iteration (never before one iteration)."""
        if self.used < 1:
            return False
        if self.cap is not None and self.used >= self.cap:
            return True
        if self.clock is None:
            return False
        now = self.clock()
        return now + (now - self.started) / self.used >= self.deadline
