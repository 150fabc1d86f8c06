"""Seeds for decisions and sampled worlds, derived from a few integers (stable across runs and machines)."""

from __future__ import annotations

_MASK64 = (1 << 64) - 1
SEED_LIMIT = 1 << 63
"""Derived seeds lie in ``[0, SEED_LIMIT)``, a range every game accepts."""


def _mix(value: int) -> int:
    """The SplitMix64 finaliser: a well-spread 64-bit hash of a 64-bit integer."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


def derive_seed(*parts: int) -> int:
    """One seed in ``[0, 2**63)`` from integers, e.g. ``derive_seed(game_seed, seat, decision)``.

    Python's ``hash`` is salted per process for strings; this is not, so a seed derived here names the
    same decision in every process of the arena and the host.
    """
    state = 0x6A09E667F3BCC908
    for part in parts:
        state = _mix(state ^ (part & _MASK64)) ^ (part >> 64 & _MASK64)
    return _mix(state) % SEED_LIMIT
