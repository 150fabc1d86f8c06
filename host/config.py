"""What a host allows: its limits (every one a named number) and its trust settings."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Limits:
    """Every bound on what clients may make the host hold or do (docs/protocol.md, "Limits")."""

    socket_burst: float = 100.0  # events a socket may send at once...
    socket_rate: float = 40.0  # ...then per second
    address_burst: float = 300.0  # the same for every socket of one network address together
    address_rate: float = 120.0
    costly_rate: float = 30.0  # listing and watching requests a second, all addresses together...
    costly_burst: float = 20.0  # ...each active address holding this many at most (a fair share)
    list_cache_seconds: float = 1.0  # an unchanged list_tables answer is reused this long
    queued_messages: int = 256  # unread messages waiting for one client before it is dropped
    queued_bytes: int = 4 * 1024 * 1024
    connections_per_address: int = 32  # open TCP connections per address (loopback: only the total)
    connections_total: int = 1024  # the host lowers it below its file limit at start
    bad_requests_burst: float = 20.0  # HTTP requests the host could not parse, one address at once...
    bad_requests_rate: float = 1.0  # ...then per second; past it, the address's connections are refused
    tables_per_address: int = 8  # tables in lobby or playing created from one address
    tables_total: int = 200  # tables in memory, finished ones included...
    host_tables: int = 8  # ...and this many more for the host's own machine (guests never fill them)
    bot_seats_per_device: int = 14  # bots (lobby seats and take-overs) at the live tables one device created
    list_tables: int = 50  # tables in one list_tables answer
    changes_per_turn: int = 12  # actions of one seat in one simultaneous turn
    lobby_idle_seconds: float = 2 * 3600.0  # a lobby nobody uses expires after this long
    lobby_unseated_seconds: float = 600.0  # a lobby no phone sits at expires this long after its last change
    finished_grace_seconds: float = 2 * 3600.0  # a finished table stays this long after its game ended
    code_reuse_seconds: float = 7 * 24 * 3600.0  # codes of tables over or expired this long are reused
    sweep_seconds: float = 60.0  # how often expired and finished tables are looked for
    history_games: int = 5000  # finished games kept in the history (the oldest beyond are pruned)
    history_imports: int = 500  # imported games kept at most (imports never push out the games played here)
    history_page: int = 20  # games in one page of /api/history
    record_bytes: int = 2 * 1024 * 1024  # an imported game record's JSON at most
    replays_total: int = 32  # replays running at once (each holds one game's steps in memory)
    coach_burst: float = 3.0  # hints one seat may ask for at once (one pending at a time)...
    coach_rate: float = 6 / 60.0  # ...then per second (six a minute)


def default_bot_workers() -> int:
    """Worker processes for bots: one core is left to the host, at most 4 (a laptop with 2 cores: 1)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


@dataclass(frozen=True)
class BotSettings:
    """How bots, take-overs and table clocks behave (docs/protocol.md, "Bots, take-overs and clocks")."""

    pace_seconds: float = 1.0  # a move stays on the TV at least this long before a bot plays the next
    takeover_after_seconds: float = 30.0  # a phone away this long may have its seat handed to a bot
    clock_min_seconds: float = 10.0  # the range of a table's clock (seconds per decision)
    clock_max_seconds: float = 600.0
    workers: int = field(default_factory=default_bot_workers)  # processes that think, spawned lazily
    decision_timeout_seconds: float = 20.0  # a worker that thinks longer is killed (the move falls back)
    policies: str = "engine.bots:make_policy"  # "module:function" giving a policy for (level, kind)
    coach_seconds: float = 1.0  # CPU seconds the coach searches for one hint (in a worker)


@dataclass(frozen=True)
class HostConfig:
    """The host's trust settings and limits.

    ``testing``: testing-only game options (fixed deals) are accepted over the network.
    ``allow_hosts``: host names (besides loopback and the LAN addresses) that requests may use.
    ``trust_loopback``: the host's own machine (a loopback peer) is the host's: its board page gets the
    board key, it is exempt from the per-address limits and the bound on bots per device, and it always
    finds room to create a table.
    ``bots``: bot seats, take-overs and clocks.
    """

    testing: bool = False
    allow_hosts: tuple[str, ...] = ()
    trust_loopback: bool = True
    limits: Limits = field(default_factory=Limits)
    bots: BotSettings = field(default_factory=BotSettings)

    def trusts(self, address: str | None) -> bool:
        """True if ``address`` is the host's own machine and loopback peers are trusted."""
        return self.trust_loopback and is_loopback(address)


def is_loopback(address: str | None) -> bool:
    """True for 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback
