"""Consistency checks of a restored state: a corrupted save is refused with ValueError, never played.

The checks cover the shape and ranges of every field and the links between them (phase, queue, hands,
stored choices), so that a restored game can always be viewed and played on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.classic import compiled as C
from engine.classic.actions import parse
from engine.classic.resolve import VICTORY, copy_options, halicarnassus_cards
from engine.classic.setup import check_options, deck_players
from engine.classic.state import State

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

PENDING = ("halicarnassus", "babylon", "copy_guild")
PHASES = ("turn", *PENDING, "over")
TOKENS = {-1, *VICTORY.values()}


def whole(value: Any, lo: int, hi: int, what: str) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi``; ValueError otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ValueError(f"{what} must be an int in {lo}..{hi}, not {value!r}")
    return value


def _sizes(s: State) -> None:
    per_city = {"coins": s.coins, "built": s.built, "stages": s.stages, "stage_cards": s.stage_cards,
                "tokens": s.tokens, "olympia_used": s.olympia_used, "copies": s.copies,
                "turn_disc": s.turn_disc}
    for name, values in per_city.items():
        if len(values) != s.n:
            raise ValueError(f"'{name}' must have one entry per city ({s.n})")
    if len(s.hands) != s.seats or len(s.choices) != s.seats:
        raise ValueError("'hands' and 'choices' must have one entry per seat")
    if len(s.boards) != s.n or len({b // 2 for b in s.boards}) != s.n:
        raise ValueError("every city needs its own board")


def _cards(s: State) -> None:
    players = deck_players(s.seats)
    for age, deck in enumerate(s.decks, start=1):
        if len(deck) != 7 * players or any(C.CARD_AGE[c] != age for c in deck):
            raise ValueError(f"the age {age} deck is not a deck of {7 * players} age {age} cards")
    for hand in s.hands:
        if len(hand) > 8 or any(C.CARD_AGE[c] != s.age for c in hand):
            raise ValueError("a hand holds cards of another age or too many cards")
    if (s.pile and not s.two) or len(s.pile) > 7:
        raise ValueError("only the 2-player variant has a Free City pile (7 cards at most)")
    for city in range(s.n):
        names = [C.CARD_NAME_IDX[c] for c in s.built[city]]
        if len(set(names)) != len(names):
            raise ValueError(f"city {city} has two identical structures")
        whole(s.coins[city], 0, 10**6, "coins")
        whole(s.stages[city], 0, C.BS_STAGES[s.boards[city]], "stages")
        if len(s.stage_cards[city]) != s.stages[city]:
            raise ValueError("one tucked card per built stage")
        if any(t not in TOKENS or isinstance(t, bool) for t in s.tokens[city]):
            raise ValueError("conflict tokens are -1, 1, 3 or 5")
        whole(s.olympia_used[city], 0, 3, "olympia_used")
        if s.copies[city] >= 0 and not C.IS_GUILD[s.copies[city]]:
            raise ValueError("a copied card must be a guild")
        if len(s.turn_disc[city]) != 2:
            raise ValueError("'turn_disc' holds [left, right] per city")
        for m in s.turn_disc[city]:
            whole(m, 0, (1 << C.N_RES) - 1, "a discount mask")


def _phase(s: State) -> None:
    whole(s.age, 1, 3, "age")
    whole(s.turn, 1, 6, "turn")
    whole(s.controller, 0, 1 if s.two else 0, "controller")
    if s.phase not in PHASES:
        raise ValueError(f"unknown phase {s.phase!r}")
    for kind, city in s.queue:
        if kind not in PENDING or not 0 <= city < s.n:
            raise ValueError(f"bad pending entry {[kind, city]!r}")
        if kind != "halicarnassus" and (city >= s.seats or (kind == "babylon" and not s.hands[city])):
            raise ValueError(f"pending entry {[kind, city]!r} has no choice to make")
    if (s.phase in PENDING) != bool(s.queue) or (s.queue and s.queue[0][0] != s.phase):
        raise ValueError("the phase does not match the pending choices")
    if (s.phase == "over") != (s.result is not None) or not isinstance(s.result, dict | None):
        raise ValueError("only a finished game has a result")
    if s.phase != "turn" and (any(c is not None for c in s.choices) or s.fc_choice is not None):
        raise ValueError("choices are stored only during a turn")
    if s.fc_choice is not None and (not s.two or s.choices[s.controller] is None):
        raise ValueError("a Free City choice needs the controller's own choice")
    if s.phase == "halicarnassus" and not halicarnassus_cards(s, s.queue[0][1]):
        raise ValueError("Halicarnassus has nothing to choose from")
    if s.phase == "copy_guild" and not copy_options(s, s.queue[0][1]):
        raise ValueError("Olympia has no guild to copy")
    if s.phase == "turn":
        for seat, hand in enumerate(s.hands):
            if len(hand) != 8 - s.turn + (s.two and seat == s.controller):
                raise ValueError(f"seat {seat} holds {len(hand)} cards on turn {s.turn}")
        if s.two and len(s.pile) != 7 - s.turn:
            raise ValueError("the Free City pile does not match the turn")
    for seat, _action in s.log:
        whole(seat, 0, s.seats - 1, "a logged seat")


def check_state(s: State) -> None:
    """Refuse a restored state whose fields do not fit together (ValueError)."""
    whole(s.seats, 2, 7, "seats")
    if not isinstance(s.seed, int) or isinstance(s.seed, bool):
        raise ValueError("the seed must be an int")
    check_options(s.seats, s.options)
    _sizes(s)
    _cards(s)
    _phase(s)


def check_choices(game: ClassicGame) -> None:
    """Every stored choice of the current turn must be a legal action with its own plan (ValueError)."""
    s = game.state
    stored = [(seat, c, False) for seat, c in enumerate(s.choices) if c is not None]
    if s.fc_choice is not None:
        stored.append((s.controller, s.fc_choice, True))
    for seat, (action, plan), for_free_city in stored:
        key, free_city = parse(action)
        plans = game.free_city_plans() if for_free_city else game.own_plans(seat)
        if free_city != for_free_city or plans.get(key) != plan:
            raise ValueError(f"the stored choice of seat {seat} is not a legal action")
