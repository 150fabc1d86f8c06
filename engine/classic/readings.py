"""Every reading of a point the rules leave open (marked (?) in the rules digest), in one place.

Each constant or function below is a switch the engine branches on, the only place where it decides that
point; the tests in ``tests/engine/classic/test_readings.py`` name them. Three readings follow from how
the game is built and have no switch, only a named test there:

- digest §6.2: purchases see the neighbours as they were at the start of the turn (choices are secret
  until every seat has chosen, so nothing is built before the reveal) -- test_commerce_from_turn_start;
- digest §11 / cards doubt 9: a structure Halicarnassus takes at the end of turn 6 is in the city before
  that Age's military conflict (the conflict waits for every pending step)
  -- test_military_after_pending_counts_a_halicarnassus_red_card;
- digest §12.1 / §12.6: the Free City's board and side are dealt like the players' (same options)
  -- test_first_controller_and_free_city_board_dealt.
"""

from __future__ import annotations

# Digest §6.3 (?) / cards doubt 3: a trading discount (Trading Posts, Marketplace) applies to any purchase
# resolved after the card is in the city, i.e. already to Babylon B's 7th card in the turn it was built.
DISCOUNT_FROM_BUILD_TURN = True

# Digest §10 step 6 (?): the end-of-turn Halicarnassus builds of one turn resolve in city order.
HALICARNASSUS_IN_CITY_ORDER = True

# Digest §10 steps 5-7 / cards doubt 8 (?): after a turn's reveal, the other 7th cards are discarded first,
# then the Halicarnassus builds, then Babylon B plays its 7th card (a mini-turn with the updated state).
POST_TURN_ORDER = ("halicarnassus", "babylon")

# Digest §11 (?) / cards doubt 4: a Shipowners Guild copied by Olympia B counts itself (+1).
SHIPOWNERS_COPY_COUNTS_ITSELF = True

# Digest §12.4 (?): the Free City is not a player: its score is shown but never wins.
FREE_CITY_CAN_WIN = False

# Digest §12.6 (?): Free City wonder abilities apply, chosen by the seat controlling it that turn; its
# Babylon B stage 2 has no effect (the Free City has no 7th card of its own). Its Olympia B guild copy is
# chosen automatically (best score) because its score does not matter.
FREE_CITY_ABILITIES = True
FREE_CITY_PLAYS_LAST_CARD = False


def first_controller(age: int) -> int:
    """Digest §12.5 / §12.6 (?): the seat holding the Free City card at the start of ``age``.

    "Left of the Free City" is the Free City's left neighbour, seat 0 (cities P0, P1, FC clockwise):
    seat 0 in ages I and III, seat 1 (right of the Free City) in age II.
    """
    return 1 if age == 2 else 0


def late_discounts(now: list[int], at_turn_start: list[int]) -> list[int]:
    """Digest §6.3 (?): the discount masks ([left, right]) for a purchase made after the turn's reveal
    (Babylon B's 7th card): those in force now, per :data:`DISCOUNT_FROM_BUILD_TURN`."""
    return now if DISCOUNT_FROM_BUILD_TURN else at_turn_start
