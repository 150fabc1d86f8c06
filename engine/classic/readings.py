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
  -- test_first_controller_and_free_city_board_dealt;
- Cities digest §11.3: buying from a teammate costs the normal price and pays the teammate
  -- test_trade_with_a_teammate_is_normal (tests/engine/classic/test_cities_readings.py, which names every
  Cities switch below).
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


# --- Cities (rules digest cities.md, cards cities-cards.md) ------------------------------------------------
# Each (?) of the Cities digests is one switch below, named by a test in
# tests/engine/classic/test_cities_readings.py.

# cities.md §6 (?): Cities is not offered with 2 seats (the 2-player variant with the Free City).
CITIES_WITH_TWO_SEATS = False

# cities-cards.md doubt 11 (?): Embassy gives 2 VP (S1, S4; S3 says 3).
EMBASSY_VP = 2

# cities.md §4 step 6 (?): amounts of coin losses that depend on a count (victory tokens, wonder stages) are
# counted at the end of the turn, after the free builds from the discard pile (False: with the turn's gains,
# before those builds).
LOSSES_COUNTED_AT_END_OF_TURN = True

# cities.md §5 / cities-cards.md doubt 18 (?): the debt token a Raider card hands to each neighbour cannot be
# paid with a coin (False: it is a coin loss of 1, paid or taken as debt).
RAIDER_DEBT_PAYABLE = False

# cities.md §9.1 / doubt 14 (?): a spy copies the symbol of a neighbour's green card only (False: any symbol a
# neighbour's city shows, wildcards of guilds and wonders included).
SPY_COPIES_GREEN_CARDS_ONLY = True

# cities.md §9.1 / doubt 14 (?): several spies of one player may copy the same neighbour card (False: each
# spy copies a different card).
SPIES_MAY_COPY_SAME_CARD = True

# cities.md §9.2 / doubts 15-16 (?): a purchase price lowered by Smuggler's Cache or a Clandestine Wharf never
# goes below this. Read only by :func:`floored` (unit prices) at call time; the pricing memos remember their
# answers under the floor they were computed with.
PURCHASE_PRICE_FLOOR = 0


def floored(price: int) -> int:
    """cities.md §9.2 (?): a unit price after its rebates, never below :data:`PURCHASE_PRICE_FLOOR`."""
    return price if price >= PURCHASE_PRICE_FLOOR else PURCHASE_PRICE_FLOOR


# cities.md §9.2 (?): the Clandestine Wharves' rebate, the Secret Warehouse's extra unit and the Black
# Market's unit serve at most once per turn per card (True): when Babylon B plays its last card in the turn
# of its sixth (7wonders.md §6.3), what the turn's first purchase used is not offered again. False: once per
# purchase (each build or stage is a purchase of its own). Read only by rebates.available_effects.
ONCE_PER_TURN_PER_CARD = True

# cities.md §9.3 / doubts 2 and 4 (?): what Secret Warehouse and Black Market produce is for their owner only
# (True: neighbours may buy it too).
CITIES_EXTRA_PRODUCTION_SELLABLE = False

# cities.md §9.3 / doubts 2 and 4 (?): "a resource your city produces" counts every production, the one-of
# cards (yellow, Alexandria) included (False: only fixed units: the board, brown and grey cards).
PRODUCED_COUNTS_CHOICE_CARDS = True

# cities.md §12.12 / doubt 8 (?): Secret Network counts itself among the city's black cards.
SECRET_NETWORK_COUNTS_ITSELF = True

# cities.md §12.16 (?): Forging Agency (and Halicarnassus) may build a black card from the discard pile.
DISCARD_BUILD_TAKES_BLACK_CARDS = True

# cities.md §11.1 (?): teams are seats (0, 1), (2, 3), (4, 5): teammates sit side by side.
def teams_of(seats: int) -> tuple[tuple[int, int], ...]:
    """The teams of a team game of ``seats`` (4 or 6)."""
    return tuple((first, first + 1) for first in range(0, seats, 2))


# cities.md §11.4 (?): opposing neighbours fight this many times at each conflict resolution.
TEAM_CONFLICTS_PER_PAIR = 2

# cities.md §11.5 (?): a diplomacy token of either player of an opposing pair reduces that pair's conflicts to
# one, and the holder takes part in it (True); False: the holder sits the conflicts out as without teams.
TEAM_DIPLOMACY_REDUCES_TO_ONE = True

# cities.md §11.6 (?): "every other player" of a coin loss includes the builder's teammate.
TEAM_LOSSES_HIT_TEAMMATE = True

# cities.md §11.7 (?): teams tied on the sum share the victory (False: the team with more coins wins).
TEAM_TIE_SHARED = True
