"""The classic 7 Wonders game object behind :class:`engine.api.Game`: a thin adapter over the state.

One action takes one walk: :func:`engine.classic.actions.decode` reads and checks it whole (its kind,
card, payment and the legal entry it matches, or the reason it is refused), then
:func:`engine.classic.resolve.resolve_decoded` carries it out (``tests/engine/test_action_walk.py``).
"""

from __future__ import annotations

from typing import Any, cast

from engine.api import save
from engine.classic.actions import (
    HandLegal,
    LegalCache,
    decode,
    decode_known,
    free_city_hand,
    free_city_legal,
    is_seat,
    own_legal,
    seat_actions,
)
from engine.classic.resolve import debt_deciders, resolve_decoded
from engine.classic.state import DEBT, OVER, TURN, State
from engine.classic.view import make_view


class ClassicGame:
    """A game of 7 Wonders for 3 to 7 seats, or the 2-player variant with the Free City (2 seats).

    The interface's seats and actions come from outside (``Any``): they are checked
    (:func:`engine.classic.actions.decode`) and a bad one is refused with :class:`engine.api.IllegalAction`
    (typed parameters would not be checked in plain Python, and would be refused with a bare ``TypeError``
    by the compiled engine)."""

    kind = "classic"

    def __init__(self, state: State) -> None:
        self.state = state
        self.seats = state.seats
        # The legal actions of the current decisions: a seat's own hand by its number, the Free City's
        # and a pending step's by a tuple (emptied whenever the state changes).
        self._legal: LegalCache = {}

    # --- interface -----------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Every seat with a choice now (simultaneous turns: all seats, chosen or not)."""
        s = self.state
        if s.phase == TURN:
            return list(range(s.seats))
        if s.phase == OVER:
            return []
        if s.phase == DEBT:
            return debt_deciders(s)
        return [s.seat_of(s.queue[0].city)]

    def waiting(self) -> list[int]:
        """Seats of :meth:`to_act` that still owe a choice."""
        s = self.state
        if s.phase == DEBT:
            return [q for q in debt_deciders(s) if s.debt_choices[q] is None]
        if s.phase != TURN:
            return self.to_act()
        return [seat for seat in range(s.seats)
                if s.choices[seat] is None or (s.two and seat == s.controller and s.free_city_choice is None)]

    def legal_actions(self, seat: Any) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` now (payments cheapest first); ``[]`` if it has no choice."""
        s = self.state
        if s.phase == TURN and not s.two and type(seat) is int and 0 <= seat < s.seats:  # the usual case
            legal = self._legal.get(seat)
            return (own_legal(s, seat, self._legal) if legal is None else cast(HandLegal, legal)).actions()
        return seat_actions(s, seat, self._legal)

    def apply(self, seat: Any, action: Any) -> list[dict[str, Any]]:
        """Decode ``action`` (read and checked whole, or refused with :class:`engine.api.IllegalAction`:
        the game untouched), then carry it out; return the public events."""
        decoded = decode(self.state, seat, action, self._legal)
        events: list[dict[str, Any]] = []
        if resolve_decoded(self.state, decoded, events):
            self._legal.clear()
        return events

    def apply_known(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """:meth:`apply` for an action known to be legal (a play of a consistent world replayed by
        :mod:`engine.classic.sample`): a turn's own build, stage, discard or Olympia build by a seat that
        holds the card is recorded without listing every legal action
        (:func:`engine.classic.actions.decode_known`). The same events and state as :meth:`apply` for a
        legal action."""
        decoded = decode_known(self.state, seat, action, self._legal)
        events: list[dict[str, Any]] = []
        if resolve_decoded(self.state, decoded, events):
            self._legal.clear()
        return events

    def view(self, seat: Any, *, memory: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (``None``, or anything that is not a seat: the public board view);
        ``memory=False`` leaves the past turns out (see :meth:`engine.api.Game.view`)."""
        return make_view(self, seat if is_seat(seat) and 0 <= seat < self.seats else None, memory)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Winners and score pads, or ``None`` while playing."""
        return self.state.result

    def to_dict(self) -> dict[str, Any]:
        """The save: kind, version, seats, seed, options and the action log (restored by replay)."""
        s = self.state
        return save(self.kind, seats=s.seats, seed=s.seed, options=s.options, log=s.log)

    def clone(self) -> ClassicGame:
        """An independent copy (the deal, the options and the logged actions are shared: never changed)."""
        return ClassicGame(self.state.copy())

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action as ``[seat, action]``, oldest first."""
        return [[seat, dict(action)] for seat, action in self.state.log]

    # --- what a view reads -------------------------------------------------------------------------

    def free_city_hand(self) -> list[int]:
        """The controller's hand without the card it chose for its own city."""
        return free_city_hand(self.state)

    def free_city_legal(self) -> HandLegal:
        """The controller's legal actions for the Free City (its hand minus its own card)."""
        return free_city_legal(self.state, self._legal)
