"""One client's latest view, kept from ``view``, ``view_patch`` and ``choosing`` messages (docs/protocol.md).

The headless phone, the bench phones and the host tests all keep their view through :class:`ViewKeeper`,
so they read patches exactly as the web pages do (web/src/lib/viewsync.js).
"""

from __future__ import annotations

from typing import Any

from host.viewpatch import PatchError, apply_ops, with_choosing

VIEW_EVENTS = ("view", "view_patch", "choosing")


class ViewKeeper:
    """The latest whole ``view`` message of one table (``code``, ``seat``, ``step``, ``version``, ``view``,
    ``legal_actions``), rebuilt from patches. ``stale`` is set when a patch did not fit what is held: the
    client then sends ``resend_view`` and the next whole ``view`` clears it."""

    def __init__(self) -> None:
        self.message: dict[str, Any] | None = None
        self.stale = False

    def receive(self, event: str, data: Any, code: str | None = None) -> dict[str, Any] | None:
        """Take one message (of table ``code`` when given); returns the new whole view message when the
        view changed, else None (another table's message, another event, or a patch that did not fit)."""
        if event not in VIEW_EVENTS or not isinstance(data, dict):
            return None
        if code is not None and data.get("code") != code:
            return None
        if event == "view":
            self.message, self.stale = dict(data), False
            return self.message
        held = self.message
        if held is None:
            self.stale = event == "view_patch"
            return None
        if event == "choosing":
            step = data.get("step")
            if isinstance(step, int) and step < held.get("step", 0):
                return None
            doc = with_choosing({"view": held.get("view"), "legal_actions": held.get("legal_actions")},
                                list(data.get("waiting") or []))
            self.message = {**held, "step": step if isinstance(step, int) else held.get("step"), **doc}
            return self.message
        if data.get("base") != held.get("version"):
            self.stale = True
            return None
        try:
            doc = apply_ops({"view": held.get("view"), "legal_actions": held.get("legal_actions")},
                            data.get("ops") or [])
        except PatchError:
            self.stale = True
            return None
        if not isinstance(doc, dict):
            self.stale = True
            return None
        self.message = {**held, "seat": data.get("seat"), "step": data.get("step"),
                        "version": data.get("version"), "view": doc.get("view"),
                        "legal_actions": doc.get("legal_actions") or []}
        return self.message
