"""The error codes of docs/protocol.md, raised by the host's logic and turned into error acks."""

from __future__ import annotations

from typing import Any

CODES = frozenset({
    "bad_request", "unknown_event", "too_large", "no_table", "table_full", "seat_taken", "not_seated",
    "not_your_turn", "illegal_action", "bad_token", "not_started", "already_started", "not_ready",
    "not_over", "game_over", "forbidden", "internal", "replaced", "rate_limited", "already_seated",
    "too_many_changes", "too_many_tables", "no_free_code", "not_away", "stopping", "bad_secret",
    "too_many_bots", "damaged_table", "busy", "coach_off", "stale", "no_game", "no_player",
})


class HostError(Exception):
    """A refused request: ``code`` is one of :data:`CODES`, ``message`` is for humans."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra  # more fields of the ack (e.g. ``retry_after``)

    def ack(self) -> dict[str, Any]:
        """The acknowledgement payload of this error."""
        return {"ok": False, "error": self.code, "message": self.message, **self.extra}
