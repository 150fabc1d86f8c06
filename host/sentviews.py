"""What each client was last sent of its view, so that the next one goes out as a small patch.

A *recipient* is a seated socket (its id) or a table's watchers (its watch room: the board and the
spectators all hold the same public view, at the same version). For each one the host keeps the last
document sent (``{"view", "legal_actions"}``) and its version; a change is sent as ``view_patch`` against
that version, or as a whole ``view`` when there is no baseline or the patch would not be smaller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from host.viewpatch import Op, diff, packed_size, with_choosing

Doc = dict[str, Any]


@dataclass
class Sent:
    """The last document sent to one recipient and its version."""

    version: int
    doc: Doc


@dataclass(frozen=True)
class Update:
    """What a recipient gets for a new document: ``ops`` against ``base`` (a patch), or, when ``ops`` is
    None, the whole document at ``version``."""

    version: int
    base: int | None = None
    ops: list[Op] | None = None

    @property
    def unchanged(self) -> bool:
        """True for a patch without operations."""
        return self.ops is not None and not self.ops


class SentViews:
    """The baselines of every recipient."""

    def __init__(self) -> None:
        self.sent: dict[str, Sent] = {}

    def full(self, recipient: str, doc: Doc) -> int:
        """``doc`` goes out whole to ``recipient``: its new baseline; returns the version to send."""
        old = self.sent.get(recipient)
        version = 1 if old is None else old.version + 1
        self.sent[recipient] = Sent(version, doc)
        return version

    def current(self, recipient: str) -> Sent | None:
        """The recipient's baseline, if it has one."""
        return self.sent.get(recipient)

    def update(self, recipient: str, doc: Doc, whole_size: int | None = None) -> Update:
        """The update that brings ``recipient`` to ``doc``, which becomes its baseline. ``whole_size`` is the
        size of the whole message; a patch at least as large is sent whole instead."""
        old = self.sent.get(recipient)
        if old is None:
            return Update(self.full(recipient, doc))
        ops = diff(old.doc, doc)
        version = old.version + 1 if ops else old.version
        if ops and packed_size(ops) >= (whole_size if whole_size is not None else packed_size(doc)):
            return Update(self.full(recipient, doc))
        self.sent[recipient] = Sent(version, doc)
        return Update(version, old.version, ops)

    def chose(self, recipient: str, waiting: list[int]) -> None:
        """The recipient got ``choosing``: its document changed by the clients' rule, at the same version."""
        old = self.sent.get(recipient)
        if old is not None:
            self.sent[recipient] = Sent(old.version, with_choosing(old.doc, waiting))

    def forget(self, recipient: str) -> None:
        """The recipient is gone (a socket closed, a table left memory)."""
        self.sent.pop(recipient, None)
