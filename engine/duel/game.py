"""The Duel game object: a thin adapter from :class:`engine.api.Game` to the state and its rules."""

from __future__ import annotations

from typing import Any

from engine.duel.actions import apply_action, legal_actions
from engine.duel.serial import save
from engine.duel.state import DuelState
from engine.duel.view import build_view


class DuelGame:
    """One game of 7 Wonders Duel: its :class:`DuelState`, driven through the engine interface.

    The interface's seats and actions come from outside (``Any``): the rules check them and refuse a bad
    one with :class:`engine.api.IllegalAction` or ``ValueError`` (typed parameters would not be checked in
    plain Python, and would be refused with a bare ``TypeError`` by the compiled engine)."""

    kind = "duel"
    seats = 2
    __slots__ = ("state",)

    def __init__(self, state: DuelState) -> None:
        self.state = state

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action as ``[seat, action]``, oldest first."""
        return self.state.log

    def to_act(self) -> list[int]:
        """The seat the game waits for (empty once it is over)."""
        return [] if self.state.pending is None else [self.state.pending_seat]

    def waiting(self) -> list[int]:
        """Seats whose decision the game waits for (Duel: the one seat to act)."""
        return self.to_act()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase == "over"

    def result(self) -> dict[str, Any] | None:
        """Winners, victory type and score pads; None while playing."""
        return self.state.result

    def legal_actions(self, seat: Any) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` now."""
        return legal_actions(self.state, seat)

    def apply(self, seat: Any, action: Any) -> list[dict[str, Any]]:
        """Validate and apply ``action`` for ``seat``; return the public events."""
        return apply_action(self.state, seat, action)

    def view(self, seat: Any, *, memory: bool = True) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the public board view). A Duel view holds no record of past
        turns, so ``memory`` changes nothing."""
        return build_view(self.state, seat)

    def to_dict(self) -> dict[str, Any]:
        """The save: ``{kind, version, seats, seed, options, log, digest}`` (see engine.duel.serial)."""
        return save(self.state)

    def clone(self) -> DuelGame:
        """An independent copy: applying actions to one never changes the other."""
        return DuelGame(self.state.clone())
