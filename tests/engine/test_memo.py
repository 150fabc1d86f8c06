"""The engine's one bounded memo: computes once, never exceeds its bound."""

from __future__ import annotations

import pytest

from engine.memo import BoundedMemo


def test_computes_each_key_once_until_full() -> None:
    calls: list[int] = []

    def square(x: int) -> int:
        calls.append(x)
        return x * x

    memo = BoundedMemo(square, bound=3)
    assert [memo(2), memo(2), memo(3)] == [4, 4, 9]
    assert calls == [2, 3] and (memo.hits, memo.misses) == (1, 2)
    for x in range(10):
        memo(x)
        assert len(memo) <= 3
    assert memo(9) == 81


def test_bound_must_be_positive() -> None:
    with pytest.raises(ValueError):
        BoundedMemo(abs, bound=0)
