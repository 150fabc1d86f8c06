"""The host phone: a phone that scanned the TV's pairing code gets the board's rights of one table.

The TV's board page asks for a pairing secret (random, short-lived, single use) and shows it as a QR code
of ``/setup/<secret>``; only that socket is ever sent it. The phone that opens the address claims the
secret and gets a *host key*: with a set-up secret the key is good for creating one table (the TV then
follows that table as its board), with a take-over secret (asked by the board of a table) it replaces the
table's host phone at once. The key gives exactly the board's rights (docs/protocol.md, trust model); it
ends when the host phone hands it to another seat, when the board drops it, or when a new take-over code is
claimed. Host keys live in memory only: after a host restart the TV (and a loopback board) still has its
board key, and a phone scans again.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from host.errors import HostError

SECRET_SECONDS = 90.0  # a pairing secret the TV shows is good this long (the TV asks for a new one)
GRANT_SECONDS = 15 * 60.0  # a claimed set-up secret: time to choose the game and create the table
GRANTS_MAX = 64  # claimed set-up codes not yet used, at most (the oldest goes first): memory stays bounded
SECRET_BYTES = 12  # 16 URL-safe characters
KEY_BYTES = 18


@dataclass
class PairingSecret:
    """A secret one TV socket shows: ``code`` None sets up a new table, else takes over that table's
    rights; good until ``expires`` (``time.monotonic``)."""

    value: str
    tv: str
    code: str | None
    expires: float


@dataclass
class Grant:
    """A claimed set-up secret: its host key may create one table, which the TV socket ``tv`` follows."""

    tv: str
    expires: float


@dataclass
class HostPhone:
    """The host phone of one table: its key and the sockets that proved it (told when the rights end)."""

    key: str
    sockets: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Claimed:
    """What claiming a secret gave: the host key, the table it rules (None: a table still to create),
    the TV socket that showed the secret, and the sockets of a host phone that just lost its rights."""

    key: str
    code: str | None
    tv: str
    dropped: frozenset[str] = frozenset()


def _same(given: object, key: str) -> bool:
    return isinstance(given, str) and bool(key) and hmac.compare_digest(given.encode(), key.encode())


class Pairing:
    """Every live pairing secret, claimed set-up grant and host phone (by table code)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.secrets: dict[str, PairingSecret] = {}
        self.shown: dict[str, str] = {}  # TV socket -> the one live secret it shows
        self.grants: dict[str, Grant] = {}  # host key -> claimed set-up secret
        self.hosts: dict[str, HostPhone] = {}  # table code -> its host phone

    def issue(self, tv: str, code: str | None) -> PairingSecret:
        """A fresh secret for socket ``tv``; the secret it showed before is void (rotation)."""
        self._prune()
        old = self.shown.pop(tv, None)
        if old is not None:
            self.secrets.pop(old, None)
        made = PairingSecret(secrets.token_urlsafe(SECRET_BYTES), tv, code, self.clock() + SECRET_SECONDS)
        self.secrets[made.value] = made
        self.shown[tv] = made.value
        return made

    def claim(self, value: object, sid: str) -> Claimed:
        """Use a secret once: a host key for a table to create, or the rights of the secret's table."""
        self._prune()
        found = None
        if isinstance(value, str):
            found = next((s for v, s in self.secrets.items() if _same(value, v)), None)
        if found is None:
            raise HostError("bad_secret", "this set-up code is unknown, used or expired: scan the TV again")
        del self.secrets[found.value]
        if self.shown.get(found.tv) == found.value:
            del self.shown[found.tv]
        key = secrets.token_urlsafe(KEY_BYTES)
        if found.code is None:
            while len(self.grants) >= GRANTS_MAX:
                del self.grants[next(iter(self.grants))]
            self.grants[key] = Grant(found.tv, self.clock() + GRANT_SECONDS)
            return Claimed(key, None, found.tv)
        dropped = self.drop(found.code)
        self.hosts[found.code] = HostPhone(key, {sid})
        return Claimed(key, found.code, found.tv, dropped)

    def grant_for(self, key: object) -> Grant:
        """The unused set-up grant of ``key`` (``forbidden`` if there is none)."""
        self._prune()
        found = next((k for k in self.grants if _same(key, k)), None)
        if found is None:
            raise HostError("forbidden", "this host key may not create a table (used or expired): scan the "
                                         "TV again")
        return self.grants[found]

    def bind(self, key: str, code: str, sid: str) -> Grant:
        """The grant of ``key`` becomes the host phone of the new table ``code``."""
        grant = self.grant_for(key)
        del self.grants[key]
        self.hosts[code] = HostPhone(key, {sid})
        return grant

    def is_host(self, code: str, key: object, sid: str | None = None) -> bool:
        """True if ``key`` is the host key of table ``code`` (the socket ``sid`` is then remembered)."""
        phone = self.hosts.get(code)
        if phone is None or not _same(key, phone.key):
            return False
        if sid is not None:
            phone.sockets.add(sid)
        return True

    def hand(self, code: str, to: str | None) -> tuple[str, frozenset[str]]:
        """A new host key for table ``code`` held by socket ``to``; the old key's sockets are returned."""
        dropped = self.drop(code)
        key = secrets.token_urlsafe(KEY_BYTES)
        self.hosts[code] = HostPhone(key, {to} if to else set())
        return key, dropped

    def drop(self, code: str) -> frozenset[str]:
        """Table ``code`` has no host phone any more; the sockets that held its key."""
        phone = self.hosts.pop(code, None)
        return frozenset(phone.sockets) if phone is not None else frozenset()

    def carry(self, old: str, new: str) -> None:
        """"Play again": the host phone of table ``old`` is the host phone of ``new`` too."""
        phone = self.hosts.get(old)
        if phone is not None:
            self.hosts[new] = HostPhone(phone.key, set(phone.sockets))

    def holders(self, code: str) -> frozenset[str]:
        """The sockets that proved table ``code``'s host key."""
        phone = self.hosts.get(code)
        return frozenset(phone.sockets) if phone is not None else frozenset()

    def forget_socket(self, sid: str) -> None:
        """A socket left: the secret it showed is void; it no longer holds any host key."""
        value = self.shown.pop(sid, None)
        if value is not None:
            self.secrets.pop(value, None)
        for phone in self.hosts.values():
            phone.sockets.discard(sid)

    def forget_tables(self, codes: set[str]) -> None:
        """Tables that left memory have no host phone."""
        for code in codes:
            self.hosts.pop(code, None)

    def _prune(self) -> None:
        now = self.clock()
        for value in [v for v, s in self.secrets.items() if s.expires <= now]:
            secret = self.secrets.pop(value)
            if self.shown.get(secret.tv) == value:
                del self.shown[secret.tv]
        for key in [k for k, g in self.grants.items() if g.expires <= now]:
            del self.grants[key]
