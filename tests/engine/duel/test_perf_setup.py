"""The inlined shuffle of the setup draws exactly what random.Random.shuffle draws."""

from __future__ import annotations

import random

from engine.duel.setup import shuffle


def test_shuffle_matches_random_shuffle() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 5, 8, 12, 20, 23, 33, 64):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.random() == theirs.random()
