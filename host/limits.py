"""Rate limits (token buckets, per key), a budget shared fairly between keys, and a log line that speaks at
most once a second."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


@dataclass
class Bucket:
    """A token bucket: ``burst`` tokens at most, refilled at ``rate`` per second."""

    tokens: float
    stamp: float


class RateLimiter:
    """Token buckets per key (a socket id, an address); keys are forgotten when :meth:`drop` is called
    or once their bucket is full again (:meth:`prune`), so the map stays as small as the live clients."""

    def __init__(self, burst: float, rate: float, clock: Clock = time.monotonic) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> float:
        """Spend one token of ``key``: 0.0 if allowed, else the seconds until one is available."""
        now = self.clock()
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.burst, now)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate if self.rate > 0 else float("inf")

    def drop(self, key: str) -> None:
        """Forget ``key``."""
        self.buckets.pop(key, None)

    def prune(self) -> None:
        """Forget every key whose bucket has refilled (it holds nothing a new bucket would not)."""
        now = self.clock()
        full = [k for k, b in self.buckets.items() if b.tokens + (now - b.stamp) * self.rate >= self.burst]
        for key in full:
            del self.buckets[key]


class FairShare:
    """One budget of ``rate`` requests a second for every key together (a global bucket), shared fairly:
    each key that asked within the last ``window`` seconds refills at ``rate`` divided by the number of
    such keys and holds at most ``burst``. Many keys (alias addresses) thus cannot multiply the budget,
    and a key that floods spends only its own share: a quiet key still finds its bucket full."""

    def __init__(self, rate: float, burst: float, window: float = 2.0, clock: Clock = time.monotonic) -> None:
        self.rate, self.burst, self.window, self.clock = rate, burst, window, clock
        self.buckets: dict[str, Bucket] = {}
        self.seen: dict[str, float] = {}
        self.active = 1
        self.counted_at = -float("inf")

    def take(self, key: str) -> float:
        """Spend one request of ``key``'s share: 0.0 if allowed, else the seconds until one is."""
        now = self.clock()
        self.seen.pop(key, None)
        self.seen[key] = now  # the map stays ordered by last request: the idle keys come first
        if now - self.counted_at >= self.window / 8:
            self._count(now)
        share = self.rate / self.active
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(self.burst, now)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * share)
            bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / share if share > 0 else float("inf")

    def _count(self, now: float) -> None:
        """Forget keys idle for longer than the window (their buckets refill meanwhile anyway) and count
        the others."""
        for key in [k for k, at in self.seen.items() if now - at > self.window]:
            del self.seen[key]
            self.buckets.pop(key, None)
        self.active = max(1, len(self.seen))
        self.counted_at = now


class Throttled:
    """Counts repeated happenings and logs them as one line at most every ``every`` seconds."""

    def __init__(self, logger: logging.Logger, what: str, every: float = 1.0,
                 clock: Clock = time.monotonic) -> None:
        self.logger, self.what, self.every, self.clock = logger, what, every, clock
        self.count = 0
        self.last = -float("inf")
        self.detail = ""

    def note(self, detail: str = "") -> None:
        """Count one; log the count (and the latest ``detail``) if the last line is old enough."""
        self.count += 1
        self.detail = detail or self.detail
        now = self.clock()
        if now - self.last >= self.every:
            self.logger.warning("%s: %d in the last %.0f s%s", self.what, self.count,
                                max(self.every, 0.0), f" ({self.detail})" if self.detail else "")
            self.count = 0
            self.last = now
