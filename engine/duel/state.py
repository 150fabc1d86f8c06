"""The complete state of a Duel game as plain, named fields (cards, Wonders and tokens by index).

The rules are functions over :class:`DuelState` (:mod:`flow`, :mod:`effects`, :mod:`actions`). The setup
(every random draw), the options and the price lists are never changed once made, so a clone shares them
and copies only what play changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from engine.duel.material import ARCHITECTURE, MASONRY, STRUCTURES, Layout
from engine.duel.pricing import PriceList, TradeSituation, price_list, trade_situation
from engine.duel.setup import Setup


class Pending(Enum):
    """The decision the game waits for; the value is its name in views."""

    DRAFT_WONDER = "draft_wonder"
    TURN = "turn"
    PROGRESS = "progress"              # a science pair: a token from the board
    GREAT_LIBRARY = "great_library"    # a token among the 3 drawn from the removed ones
    DESTROY = "destroy"                # Statue of Zeus / Circus Maximus: an opponent's card to discard
    MAUSOLEUM = "mausoleum"            # a card of the discard pile to build for free
    CHOOSE_START = "choose_start"      # who begins the next Age


# The members as module constants: a global read costs a fraction of an Enum attribute lookup, and the
# turn path reads them on every move.
DRAFT_WONDER, TURN, PROGRESS, GREAT_LIBRARY, DESTROY, MAUSOLEUM, CHOOSE_START = Pending

# The action type that answers each pending decision.
ACTION_TYPES: dict[Pending, tuple[str, ...]] = {
    Pending.DRAFT_WONDER: ("draft_wonder",), Pending.TURN: ("build", "discard", "wonder"),
    Pending.PROGRESS: ("progress",), Pending.GREAT_LIBRARY: ("progress",), Pending.DESTROY: ("destroy",),
    Pending.MAUSOLEUM: ("mausoleum",), Pending.CHOOSE_START: ("choose_start",),
}


# A city's trade situation before it builds anything: no production, every unit at 2 coins.
START = TradeSituation((0,) * 5, (), (2,) * 5, False, False)


class OwnedWonder(NamedTuple):
    """A Wonder of a player's city."""

    wonder: int
    age: int = 0            # the Age of the card tucked under it; 0 while unbuilt
    tucked_card: int = -1   # that card, -1 while unbuilt


@dataclass(slots=True, eq=False)
class City:
    """One player's city and purse."""

    coins: int = 7
    cards: list[int] = field(default_factory=list)             # built cards, in build order
    wonders: list[OwnedWonder] = field(default_factory=list)   # in draft order
    progress: list[int] = field(default_factory=list)          # Progress tokens, in the order taken
    science_symbols: int = 0                                   # bitmask of the symbols owned (law included)
    production: list[int] = field(default_factory=lambda: [0] * 5)  # fixed units per resource
    choices: list[int] = field(default_factory=list)           # choice-production masks, in the order gained
    one_coin: int = 0                                          # resources bought at 1 coin (mask)
    colors: list[int] = field(default_factory=lambda: [0] * 7)  # built cards per colour
    chains: int = 0                                            # chain symbols owned (mask)
    shields: int = 0                                           # shields gained (for display)
    prices: PriceList = field(default_factory=lambda: price_list(START))  # trade coins now

    def copy(self) -> City:
        """An independent copy (the price list is shared: it never changes)."""
        return City(self.coins, self.cards[:], self.wonders[:], self.progress[:], self.science_symbols,
                    self.production[:], self.choices[:], self.one_coin, self.colors[:], self.chains,
                    self.shields, self.prices)


@dataclass(slots=True, eq=False)
class Structure:
    """The card structure of the current Age (empty during the draft)."""

    layout: Layout = STRUCTURES[1]                 # the slots of this Age (shared)
    cards: tuple[int, ...] = ()                    # the card dealt to each slot (shared)
    slot_of: dict[int, int] = field(default_factory=dict)  # card -> its slot (shared)
    taken: list[bool] = field(default_factory=list)
    face_up: list[bool] = field(default_factory=list)
    covering: list[int] = field(default_factory=list)      # per slot: cards still lying on it
    accessible: list[int] = field(default_factory=list)    # free slots, in the order they became free
    left: int = 0                                          # cards still in the structure
    to_reveal: list[int] = field(default_factory=list)     # slots freed this turn, turned up at its end

    def copy(self) -> Structure:
        """An independent copy (the dealt cards are shared)."""
        return Structure(self.layout, self.cards, self.slot_of, self.taken[:], self.face_up[:],
                         self.covering[:], self.accessible[:], self.left, self.to_reveal[:])


@dataclass(slots=True, eq=False)
class DuelState:
    """A whole game: what was drawn at setup, and everything play has changed since."""

    seed: int
    options: dict[str, Any]
    setup: Setup
    first_player: int                      # player A: first pick of the draft, begins Age I
    last_active: int                       # the seat that took the last card from a structure
    phase: str = "draft"                   # "draft", "play" or "over"
    age: int = 0                           # 0 during the draft
    cities: list[City] = field(default_factory=lambda: [City(), City()])
    structure: Structure = field(default_factory=Structure)
    pawn: int = 0                          # -9..9, positive toward seat 1's capital
    # Military tokens still on the track: seat 0's 2-coin and 5-coin, then seat 1's 2-coin and 5-coin.
    military_tokens: list[bool] = field(default_factory=lambda: [True] * 4)
    progress_board: list[int] = field(default_factory=list)
    progress_removed: list[int] = field(default_factory=list)  # out of the game, Great Library order
    library_seat: int = -1                 # who chose at the Great Library (-1: nobody yet)
    library_returned: list[int] = field(default_factory=list)  # the tokens it drew and put back
    discard: list[int] = field(default_factory=list)
    boxed_wonder: int = -1                 # the unbuilt Wonder returned to the box after the 7th
    wonders_built: int = 0
    play_again: bool = False               # the acting seat plays again once its choices are made
    draft_picks: int = 0                   # Wonders drafted so far (8 once the draft is over)
    draft_offer: list[int] = field(default_factory=list)  # the revealed Wonders not yet taken
    pending: Pending | None = None         # None once the game is over
    pending_seat: int = -1
    pending_options: tuple[int, ...] = ()  # the ids the pending seat chooses among (indices)
    log: list[list[Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    def clone(self) -> DuelState:
        """An independent copy: setup, options, dealt cards, price lists and the result are shared."""
        return DuelState(
            self.seed, self.options, self.setup, self.first_player, self.last_active, self.phase, self.age,
            [self.cities[0].copy(), self.cities[1].copy()], self.structure.copy(), self.pawn,
            self.military_tokens[:], self.progress_board[:], self.progress_removed[:], self.library_seat,
            self.library_returned[:], self.discard[:], self.boxed_wonder, self.wonders_built,
            self.play_again, self.draft_picks, self.draft_offer[:], self.pending, self.pending_seat,
            self.pending_options, self.log[:], self.result,
        )


def refresh_prices(state: DuelState, seat: int) -> None:
    """Recompute the price list of ``seat`` after its production, prices or discounts changed."""
    state.cities[seat].prices = city_prices(state.cities[seat], state.cities[1 - seat])


def city_prices(city: City, opponent: City) -> PriceList:
    """The price list of ``city`` facing ``opponent``."""
    progress = city.progress
    return price_list(trade_situation(city.production, city.choices, city.one_coin, opponent.production,
                                      MASONRY in progress, ARCHITECTURE in progress))


def new_state(seed: int, options: dict[str, Any], setup: Setup) -> DuelState:
    """The state before the first decision: 7 coins each, tokens on the board, nothing dealt."""
    return DuelState(seed, options, setup, setup.first_player, setup.first_player,
                     progress_board=list(setup.progress_board),
                     progress_removed=list(setup.progress_removed))
