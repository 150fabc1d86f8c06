"""The uniform shuffle of the engine's samplers (Duel and classic ``sample``)."""

from __future__ import annotations

import random
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place, uniformly: Fisher-Yates on ``rng.random`` (a fraction of the cost of
    ``rng.shuffle``, which draws each index bit by bit; the bias of a 53-bit float is below 2**-47)."""
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]
