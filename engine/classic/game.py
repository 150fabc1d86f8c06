"""The classic 7 Wonders game object behind :class:`engine.api.Game`."""

from __future__ import annotations

from typing import Any

from engine.api import IllegalAction
from engine.classic import compiled as C
from engine.classic.actions import (
    BUILD,
    COPY,
    DISCARD,
    HALI,
    OLYMPIA,
    TYPES,
    WONDER,
    Plan,
    action_of,
    hand_options,
    parse,
    plans_of,
)
from engine.classic.resolve import copy_options, halicarnassus_cards, resolve_pending, resolve_turn
from engine.classic.state import State
from engine.classic.view import make_view

PlanMap = dict[tuple, Plan]


def _is_seat(seat: object) -> bool:
    """A seat number is a plain int (a bool or a float is never a seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool)


class ClassicGame:
    """A game of 7 Wonders for 3 to 7 seats, or the 2-player variant with the Free City (2 seats)."""

    kind = "classic"

    def __init__(self, state: State) -> None:
        self.state = state
        self.seats = state.seats
        self._version = 0
        self._plans: dict[tuple, PlanMap] = {}

    # --- interface -----------------------------------------------------------------------------------

    def to_act(self) -> list[int]:
        """Every seat with a choice now (simultaneous turns: all seats, chosen or not)."""
        s = self.state
        if s.phase == "turn":
            return list(range(s.seats))
        if s.phase == "over":
            return []
        return [s.seat_of(s.queue[0][1])]

    def waiting(self) -> list[int]:
        """Seats of :meth:`to_act` that still owe a choice."""
        s = self.state
        if s.phase != "turn":
            return self.to_act()
        out = []
        for seat in range(s.seats):
            if s.choices[seat] is None or (s.two and seat == s.controller and s.fc_choice is None):
                out.append(seat)
        return out

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` now (payments cheapest first); ``[]`` if it has no choice."""
        if not self._acting(seat):
            return []
        plans, free_city = self._current(seat)
        return [action_of(key, free_city) for key in plans]

    def apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Validate ``action`` fully, then apply it; return the public events."""
        s = self.state
        if s.phase == "over":
            raise IllegalAction("the game is over")
        if not self._acting(seat):
            raise IllegalAction(f"seat {seat} has nothing to choose now")
        try:
            key, free_city = parse(action)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        if s.phase == "turn":
            return self._choose(seat, key, free_city, action)
        plans, expected_fc = self._current(seat)
        if free_city != expected_fc:
            raise IllegalAction("this choice is for " + ("the Free City" if expected_fc else "your own city"))
        plan = plans.get(key)
        if plan is None:
            raise IllegalAction(self._reason(seat, key, plans, free_city))
        events: list[dict[str, Any]] = []
        s.log.append([seat, dict(action)])
        resolve_pending(s, plan, events)
        self._changed()
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public board view)."""
        return make_view(self, seat if _is_seat(seat) else None)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.phase == "over"

    def result(self) -> dict[str, Any] | None:
        """Winners and score pads, or ``None`` while playing."""
        return self.state.result

    def to_dict(self) -> dict[str, Any]:
        """A JSON- and msgpack-safe snapshot."""
        from engine.classic.serial import dump

        return dump(self.state)

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action as ``[seat, action]``, oldest first."""
        return [[seat, dict(action)] for seat, action in self.state.log]

    # --- options -------------------------------------------------------------------------------------

    def _acting(self, seat: int) -> bool:
        """True if ``seat`` is in :meth:`to_act` (without building the list)."""
        if not _is_seat(seat):
            return False
        s = self.state
        if s.phase == "turn":
            return 0 <= seat < s.seats
        return s.phase != "over" and seat == s.seat_of(s.queue[0][1])

    def _changed(self) -> None:
        self._version += 1
        self._plans.clear()

    def _current(self, seat: int) -> tuple[PlanMap, bool]:
        """The plan map of ``seat``'s next decision and whether it is for the Free City."""
        s = self.state
        if s.phase == "turn":
            if s.two and seat == s.controller and s.choices[seat] is not None and s.fc_choice is None:
                return self.free_city_plans(), True
            return self.own_plans(seat), False
        city = s.queue[0][1]
        return self.pending_plans(), city >= s.seats

    def own_plans(self, seat: int) -> PlanMap:
        """Plans of ``seat`` for its own city this turn (cached until the state changes)."""
        key = ("own", seat)
        plans = self._plans.get(key)
        if plans is None:
            s = self.state
            plans = self._plans[key] = plans_of(hand_options(s, seat, s.hands[seat]))
        return plans

    def free_city_plans(self) -> PlanMap:
        """The controller's plans for the Free City (its hand minus the controller's own card)."""
        s = self.state
        own = s.choices[s.controller][1][1]
        key = ("fc", own)
        plans = self._plans.get(key)
        if plans is None:
            hand = list(s.hands[s.controller])
            hand.remove(own)
            plans = self._plans[key] = plans_of(hand_options(s, 2, hand), free_city=True)
        return plans

    def pending_plans(self) -> PlanMap:
        """Plans of the pending single-seat step (Halicarnassus, Babylon, guild copy)."""
        key = ("pending",)
        plans = self._plans.get(key)
        if plans is not None:
            return plans
        s = self.state
        kind, city = s.queue[0]
        plans = {}
        if kind == "halicarnassus":
            for card in halicarnassus_cards(s, city):
                plans[(HALI, card, -1, -1)] = (HALI, card, 0, 0, 0, "halicarnassus")
        elif kind == "copy_guild":
            for card in copy_options(s, city):
                plans[(COPY, card, -1, -1)] = (COPY, card, 0, 0, 0, "")
        else:
            opts = hand_options(s, city, s.hands[s.seat_of(city)], late=True)
            plans = {k: p for k, p in plans_of(opts).items() if k[0] in (BUILD, WONDER, DISCARD)}
        self._plans[key] = plans
        return plans

    # --- choosing ------------------------------------------------------------------------------------

    def _choose(self, seat: int, key: tuple, free_city: bool, action: dict[str, Any]) -> list[dict[str, Any]]:
        s = self.state
        if free_city:
            if not s.two or seat != s.controller:
                raise IllegalAction("you do not control the Free City this turn")
            if s.choices[seat] is None:
                raise IllegalAction("choose the card for your own city first, then the Free City's")
            plans = self.free_city_plans()
        else:
            plans = self.own_plans(seat)
        plan = plans.get(key)
        if plan is None:
            raise IllegalAction(self._reason(seat, key, plans, free_city))
        entry = (dict(action), plan)
        if free_city:
            s.fc_choice = entry
        else:
            s.choices[seat] = entry
            if s.two and seat == s.controller:
                s.fc_choice = None
        s.log.append([seat, dict(action)])
        events: list[dict[str, Any]] = [{"type": "chosen", "seat": seat, "city": 2 if free_city else seat}]
        if None not in s.choices and (not s.two or s.fc_choice is not None):
            resolve_turn(s, events)
            self._changed()
        return events

    def _reason(self, seat: int, key: tuple, plans: PlanMap, free_city: bool) -> str:
        """A readable reason why ``key`` is not among ``plans``."""
        s = self.state
        kind, card, left, right = key
        cid = C.CARD_ID[card]
        phase = s.phase
        expected = {"halicarnassus": HALI, "copy_guild": COPY}.get(phase)
        if expected is not None and kind != expected:
            return f"now choose with a {TYPES[expected]!r} action"
        if phase == "halicarnassus":
            return f"{cid} is not in the discard pile or is already built in your city"
        if phase == "copy_guild":
            return f"{cid} is not a guild of one of your neighbours"
        hand = list(s.hands[seat])
        if free_city and s.choices[seat] is not None:
            hand.remove(s.choices[seat][1][1])
        if card not in hand:
            return f"{cid} is not in your hand"
        if kind not in (BUILD, WONDER, DISCARD) or (phase == "babylon" and kind == OLYMPIA):
            if kind == OLYMPIA:
                return "the Olympia free build is not available now"
            return f"a {TYPES[kind]!r} action is not possible now"
        city = 2 if free_city else seat
        opt = hand_options(s, city, [card], late=phase == "babylon")[0]
        if kind == DISCARD:
            return "the Free City may discard only when it cannot play any card, nor a card it can chain"
        if free_city and opt.chain and kind != BUILD:
            return f"the Free City must build {cid} for free through its chain"
        if free_city and not opt.playable:
            return "the Free City must play a card it can build or use for its wonder"
        if kind == BUILD and not opt.build:
            return f"you cannot build {cid}: {opt.build_reason}"
        if kind == WONDER and not opt.wonder:
            return f"you cannot build a wonder stage: {opt.wonder_reason}"
        offers = opt.build if kind == BUILD else opt.wonder
        listed = ", ".join(f"left {a} / right {b}" for a, b in offers)
        return f"that payment (left {left} / right {right}) is not offered; possible: {listed}"
