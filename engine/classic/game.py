"""The classic 7 Wonders game object behind :class:`engine.api.Game`: a thin adapter over the state."""

from __future__ import annotations

from typing import Any, TypeGuard, cast

from engine.api import IllegalAction, save
from engine.classic import compiled as C
from engine.classic.actions import (
    ActionKey,
    HandLegal,
    Legal,
    action_of,
    actions_of,
    hand_legal,
    hand_options,
    known_plan,
    legal_of,
    parse,
    pay_options,
    plan_of,
    single_card,
)
from engine.classic.resolve import (
    copy_options,
    debt_deciders,
    halicarnassus_cards,
    resolve_pending,
    resolve_turn,
    settle_debt,
)
from engine.classic.state import (
    ACTION_TYPES,
    BABYLON,
    BUILD,
    COPY,
    COPY_GUILD,
    DEBT,
    DISCARD,
    HALI,
    HALICARNASSUS,
    OLYMPIA,
    OVER,
    PAY,
    TURN,
    WONDER,
    Choice,
    Plan,
    State,
)
from engine.classic.view import make_view

FREE_CITY = 2  # the Free City's city index (2 seats)
KNOWN_KINDS = frozenset({BUILD, WONDER, DISCARD, OLYMPIA})  # the turn's plays apply_known records


def _is_seat(seat: object) -> TypeGuard[int]:
    """A seat number is a plain int (a bool or a float is never a seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool)


class ClassicGame:
    """A game of 7 Wonders for 3 to 7 seats, or the 2-player variant with the Free City (2 seats).

    The interface's seats and actions come from outside (``Any``): they are checked here and a bad one is
    refused with :class:`engine.api.IllegalAction` (typed parameters would not be checked in plain Python,
    and would be refused with a bare ``TypeError`` by the compiled engine)."""

    kind = "classic"

    def __init__(self, state: State) -> None:
        self.state = state
        self.seats = state.seats
        # The legal actions of the current decisions: a seat's own hand by its number, the Free City's
        # and a pending step's by a tuple (emptied whenever the state changes).
        self._legal: dict[int | tuple[str, int], Legal] = {}

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
            return (self.own_legal(seat) if legal is None else cast(HandLegal, legal)).actions()
        if not self._acting(seat):
            return []
        legal, free_city = self._current(seat)
        return actions_of(legal, free_city)

    def apply(self, seat: Any, action: Any) -> list[dict[str, Any]]:
        """Validate ``action`` fully, then apply it; return the public events."""
        s = self.state
        if s.phase == OVER:
            raise IllegalAction("the game is over")
        if not self._acting(seat):
            raise IllegalAction(f"seat {seat} has nothing to choose now")
        try:
            key, free_city = parse(action)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        if s.phase == TURN:
            return self._choose(seat, key, free_city)
        if s.phase == DEBT:
            return self._pay(seat, key)
        legal, expected_free_city = self._current(seat)
        if free_city != expected_free_city:
            raise IllegalAction("this choice is for "
                                + ("the Free City" if expected_free_city else "your own city"))
        if key not in legal:
            raise IllegalAction(self._reason(seat, key, free_city))
        events: list[dict[str, Any]] = []
        canonical = action_of(key, free_city)
        s.log.append([seat, canonical])
        resolve_pending(s, canonical, plan_of(key, legal[key]), events)
        self._legal.clear()
        return events

    def view(self, seat: Any, *, memory: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (``None``, or anything that is not a seat: the public board view);
        ``memory=False`` leaves the past turns out (see :meth:`engine.api.Game.view`)."""
        return make_view(self, seat if _is_seat(seat) and 0 <= seat < self.seats else None, memory)

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

    # --- plans of the current decision ---------------------------------------------------------------

    def _acting(self, seat: Any) -> bool:
        """True if ``seat`` is in :meth:`to_act` (without building the list)."""
        if not _is_seat(seat):
            return False
        s = self.state
        if s.phase == TURN:
            return 0 <= seat < s.seats
        if s.phase == DEBT:
            return 0 <= seat < s.seats and s.debt_due[seat] > 0
        return s.phase != OVER and seat == s.seat_of(s.queue[0].city)

    def _current(self, seat: int) -> tuple[Legal, bool]:
        """The legal actions of ``seat``'s next decision and whether it is for the Free City."""
        s = self.state
        if s.phase == TURN:
            if s.two and seat == s.controller and s.choices[seat] is not None and s.free_city_choice is None:
                return self.free_city_legal(), True
            return self.own_legal(seat), False
        if s.phase == DEBT:
            return pay_options(s.debt_due[seat], s.coins[seat]), False
        return self.pending_legal(), s.queue[0].city >= s.seats

    def own_legal(self, seat: int) -> HandLegal:
        """The legal actions of ``seat`` for its own city this turn (cached until the state changes, by
        the seat's number)."""
        legal = self._legal.get(seat)
        if legal is None:
            s = self.state
            legal = self._legal[seat] = hand_legal(s, seat, s.hands[seat])
        return cast(HandLegal, legal)

    def free_city_hand(self) -> list[int]:
        """The controller's hand without the card it chose for its own city."""
        s = self.state
        own = s.choices[s.controller]
        hand = list(s.hands[s.controller])
        if own is not None:
            hand.remove(own.plan.card)
        return hand

    def free_city_legal(self) -> HandLegal:
        """The controller's legal actions for the Free City (its hand minus its own card)."""
        s = self.state
        own = s.choices[s.controller]
        key = ("free_city", -1 if own is None else own.plan.card)
        legal = self._legal.get(key)
        if legal is None:
            options = hand_options(s, FREE_CITY, self.free_city_hand())
            legal = self._legal[key] = legal_of(options, free_city=True)
        return cast(HandLegal, legal)

    def pending_legal(self) -> Legal:
        """The legal actions of the pending single-seat step (Halicarnassus, Babylon, guild copy)."""
        key = ("pending", 0)
        legal = self._legal.get(key)
        if legal is not None:
            return legal
        s = self.state
        kind, city = s.queue[0]
        if kind == HALICARNASSUS:
            legal = single_card(HALI, halicarnassus_cards(s, city))
        elif kind == COPY_GUILD:
            legal = single_card(COPY, copy_options(s, city))
        else:
            options = hand_options(s, city, s.hands[s.seat_of(city)], late=True)
            legal = {k: o for k, o in legal_of(options).items() if k.kind in (BUILD, WONDER, DISCARD)}
        self._legal[key] = legal
        return legal

    # --- choosing ------------------------------------------------------------------------------------

    def _choose(self, seat: int, key: ActionKey, free_city: bool) -> list[dict[str, Any]]:
        s = self.state
        if free_city:
            if not s.two or seat != s.controller:
                raise IllegalAction("you do not control the Free City this turn")
            if s.choices[seat] is None:
                raise IllegalAction("choose the card for your own city first, then the Free City's")
            legal = self.free_city_legal()
        else:
            legal = self.own_legal(seat)
        options = legal.find(key)  # the options of key's card, None if key is not legal
        if options is None:
            raise IllegalAction(self._reason(seat, key, free_city))
        return self._record(seat, key, free_city, plan_of(key, options))

    def apply_known(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """:meth:`apply` for an action known to be legal (a play of a consistent world replayed by
        :mod:`engine.classic.sample`): a turn's own build, stage, discard or Olympia build by a seat that
        holds the card is recorded without listing every legal action; anything else goes through
        :meth:`apply`. The same events and state as :meth:`apply` for a legal action."""
        s = self.state
        if s.phase != TURN or s.two or not self._acting(seat) or s.choices[seat] is not None:
            return self.apply(seat, action)
        try:
            key, free_city = parse(action)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        if free_city or key.kind not in KNOWN_KINDS or key.card not in s.hands[seat]:
            return self.apply(seat, action)
        return self._record(seat, key, False, known_plan(s, seat, key))

    def _record(self, seat: int, key: ActionKey, free_city: bool, plan: Plan) -> list[dict[str, Any]]:
        """Record ``seat``'s validated choice of this turn; the last one resolves the turn."""
        s = self.state
        canonical = action_of(key, free_city)
        choice = tuple.__new__(Choice, (canonical, plan))
        if free_city:
            s.free_city_choice = choice
        else:
            s.choices[seat] = choice
            if s.two and seat == s.controller:
                s.free_city_choice = None
        s.log.append([seat, canonical])
        city = FREE_CITY if free_city else seat
        events: list[dict[str, Any]] = [{"type": "chosen", "seat": seat, "city": city}]
        if None not in s.choices and (not s.two or s.free_city_choice is not None):
            resolve_turn(s, events)
            self._legal.clear()
        return events

    def _pay(self, seat: int, key: ActionKey) -> list[dict[str, Any]]:
        """Cities: ``seat``'s secret choice of the coins it pays of its loss (it may change it until every
        deciding seat has chosen); the last choice settles every loss."""
        s = self.state
        if key not in pay_options(s.debt_due[seat], s.coins[seat]):
            raise IllegalAction(self._reason(seat, key, False))
        canonical = action_of(key)
        s.debt_choices[seat] = key.left
        s.log.append([seat, canonical])
        events: list[dict[str, Any]] = [{"type": "chosen", "seat": seat, "city": seat}]
        if all(s.debt_choices[q] is not None for q in debt_deciders(s)):
            settle_debt(s, events)
        self._legal.clear()
        return events

    def _reason(self, seat: int, key: ActionKey, free_city: bool) -> str:
        """A readable reason why ``key`` is not among the legal actions."""
        s = self.state
        kind, card, left, right = key
        if s.phase == DEBT:
            if kind != PAY:
                return "settle your coin loss first, with a 'pay_debt' action"
            most = min(s.debt_due[seat], s.coins[seat])
            return f"pay from 0 to {most} coins of your loss of {s.debt_due[seat]} (the rest is debt)"
        if kind == PAY:
            return "there is no coin loss to settle now"
        cid = C.CARD_ID[card]
        phase = s.phase
        expected = {HALICARNASSUS: HALI, COPY_GUILD: COPY}.get(phase)
        if expected is not None and kind != expected:
            return f"now choose with a {ACTION_TYPES[expected]!r} action"
        if phase == HALICARNASSUS:
            return f"{cid} is not in the discard pile or is already built in your city"
        if phase == COPY_GUILD:
            return f"{cid} is not a guild of one of your neighbours"
        hand = self.free_city_hand() if free_city else list(s.hands[seat])
        if card not in hand:
            return f"{cid} is not in your hand"
        if kind not in (BUILD, WONDER, DISCARD) or (phase == BABYLON and kind == OLYMPIA):
            if kind == OLYMPIA:
                return "the Olympia free build is not available now"
            return f"a {ACTION_TYPES[kind]!r} action is not possible now"
        city = FREE_CITY if free_city else seat
        option = hand_options(s, city, [card], late=phase == BABYLON)[0]
        if kind == DISCARD:
            return "the Free City may discard only when it cannot play any card, nor a card it can chain"
        if free_city and option.chain and kind != BUILD:
            return f"the Free City must build {cid} for free through its chain"
        if free_city and not option.playable:
            return "the Free City must play a card it can build or use for its wonder"
        if kind == BUILD and not option.build:
            return f"you cannot build {cid}: {option.build_reason}"
        if kind == WONDER and not option.wonder:
            return f"you cannot build a wonder stage: {option.wonder_reason}"
        offers = option.build if kind == BUILD else option.wonder
        listed = ", ".join(f"left {a} / right {b}" for a, b in offers)
        return f"that payment (left {left} / right {right}) is not offered; possible: {listed}"
