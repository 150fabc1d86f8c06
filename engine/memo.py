"""One bounded memo for the engine's speed seams (each game's ``pricing`` module).

A plain dict that empties itself when it reaches its bound: cheap to read (one dict lookup), never
grows without limit, and forgetting is always safe because every entry can be computed again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedMemo(Generic[K, V]):
    """Remembers ``compute(key)`` for up to ``bound`` keys, then starts afresh."""

    __slots__ = ("bound", "compute", "entries", "hits", "misses")

    def __init__(self, compute: Callable[[K], V], bound: int = 1 << 16) -> None:
        if bound < 1:
            raise ValueError("a memo holds at least one entry")
        self.compute = compute
        self.bound = bound
        self.entries: dict[K, V] = {}
        self.hits = 0
        self.misses = 0

    def __call__(self, key: K) -> V:
        """The value for ``key``, computed once until the memo is next emptied."""
        entries = self.entries
        try:
            value = entries[key]
        except KeyError:
            self.misses += 1
            if len(entries) >= self.bound:
                entries.clear()
            value = entries[key] = self.compute(key)
            return value
        self.hits += 1
        return value

    def __len__(self) -> int:
        return len(self.entries)

    def clear(self) -> None:
        """Forget every entry (counts are kept)."""
        self.entries.clear()
