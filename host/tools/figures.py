"""What the bench drivers share: the one address they use and the tail figure they report."""

from __future__ import annotations

import math

LOOPBACK = "127.0.0.1"  # the only address the bench ever binds or connects to


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank) of ``values``; 0.0 for none."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] if ordered else 0.0
