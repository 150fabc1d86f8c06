"""The plain-data state of a classic game, plus per-city caches derived from it.

Everything here uses integer ids (card indices of :mod:`compiled`, board sides ``board * 2 + side``).
Caches (production, prices, shields, science, colour counts) are updated incrementally when a card or a
stage is added; they are rebuilt from the plain data on restore.
"""

from __future__ import annotations

from typing import Any

from engine.classic import compiled as C
from engine.classic import readings as R

# Prices per resource for every discount mask (resources bought at 1 coin instead of 2).
PRICES: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 if mask >> r & 1 else 2 for r in range(C.N_RES)) for mask in range(1 << C.N_RES)
)


class State:
    """A game's complete state: plain lists and ints (no randomness left after setup)."""

    def __init__(self, seats: int, seed: int, options: dict[str, Any], boards: list[int],
                 decks: list[list[int]]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = options
        self.two = seats == 2
        self.n = 3 if self.two else seats
        self.boards = boards  # board side per city
        self.decks = decks  # the three shuffled age decks, in dealing order
        self.age = 0
        self.turn = 0
        self.phase = "turn"
        self.hands: list[list[int]] = [[] for _ in range(seats)]
        self.pile: list[int] = []  # 2 players: the Free City draw pile
        self.controller = 0  # 2 players: the seat holding the Free City card
        self.coins = [3] * self.n
        self.built: list[list[int]] = [[] for _ in range(self.n)]
        self.stages = [0] * self.n
        self.stage_cards: list[list[int]] = [[] for _ in range(self.n)]
        self.tokens: list[list[int]] = [[] for _ in range(self.n)]
        self.discard: list[int] = []
        self.olympia_used = [0] * self.n  # age in which the free build was last used
        self.choices: list[Any] = [None] * seats  # per seat: (action, plan) or None
        self.fc_choice: Any = None  # 2 players: the controller's (action, plan) for the Free City
        self.queue: list[list[Any]] = []  # pending single-seat choices: [kind, city]
        self.copies: list[int] = [-1] * self.n  # guild copied by Olympia B (card index)
        self.log: list[list[Any]] = []
        self.result: dict[str, Any] | None = None
        self.reset_caches()

    # --- neighbours and seats ------------------------------------------------------------------------

    def left(self, city: int) -> int:
        """The left (clockwise) neighbour of ``city``."""
        return (city + 1) % self.n

    def right(self, city: int) -> int:
        """The right (counter-clockwise) neighbour of ``city``."""
        return (city - 1) % self.n

    def seat_of(self, city: int) -> int:
        """The seat deciding for ``city`` now (the controller for the Free City)."""
        return self.controller if city >= self.seats else city

    # --- caches --------------------------------------------------------------------------------------

    def reset_caches(self) -> None:
        """Rebuild every derived cache from ``boards``, ``built`` and ``stages``."""
        n = self.n
        self.names: list[set[int]] = [set() for _ in range(n)]
        self.prod = [[0] * C.N_RES for _ in range(n)]
        self.sell = [[0] * C.N_RES for _ in range(n)]
        self.own_choices: list[list[int]] = [[] for _ in range(n)]
        self.sell_choices: list[list[int]] = [[] for _ in range(n)]
        self.disc = [[0, 0] for _ in range(n)]  # resources at 1 coin: [left, right]
        self.turn_disc = [[0, 0] for _ in range(n)]  # the same at the start of the current turn
        self.shields = [0] * n
        self.science = [[0, 0, 0] for _ in range(n)]
        self.wild = [0] * n
        self.colors = [[0] * 7 for _ in range(n)]
        self.abilities: list[set[str]] = [set() for _ in range(n)]
        for city in range(n):
            res = C.BOARD_RESOURCE[self.boards[city] // 2]
            self.prod[city][res] += 1
            self.sell[city][res] += 1
            for card in self.built[city]:
                self.add_card(city, card, store=False)
            for k in range(self.stages[city]):
                self._apply_fx(city, C.BS_FX[self.boards[city]][k], sellable=False)
        self.snapshot_discounts()

    def snapshot_discounts(self) -> None:
        """Remember the trading discounts in force at the start of a turn."""
        self.turn_disc = [list(d) for d in self.disc]

    def add_card(self, city: int, card: int, store: bool = True) -> None:
        """Put ``card`` into ``city`` and update the caches."""
        if store:
            self.built[city].append(card)
        self.names[city].add(C.CARD_NAME_IDX[card])
        self.colors[city][C.CARD_COLOR[card]] += 1
        self._apply_fx(city, C.CARD_FX[card], sellable=C.SELLABLE[card])

    def add_stage(self, city: int, card: int) -> C.Effect:
        """Build the next wonder stage of ``city`` with ``card`` tucked under it; return its effect."""
        fx = C.BS_FX[self.boards[city]][self.stages[city]]
        self.stages[city] += 1
        self.stage_cards[city].append(card)
        self._apply_fx(city, fx, sellable=False)
        return fx

    def _apply_fx(self, city: int, fx: C.Effect, sellable: bool) -> None:
        if fx.produce is not None:
            prod = self.prod[city]
            for r, units in enumerate(fx.produce):
                prod[r] += units
            if sellable:
                sell = self.sell[city]
                for r, units in enumerate(fx.produce):
                    sell[r] += units
        if fx.choice:
            self.own_choices[city].append(fx.choice)
            self.own_choices[city].sort()
            if sellable:
                self.sell_choices[city].append(fx.choice)
                self.sell_choices[city].sort()
        if fx.trade_res:
            if fx.trade_sides & C.LEFT:
                self.disc[city][0] |= fx.trade_res
            if fx.trade_sides & C.RIGHT:
                self.disc[city][1] |= fx.trade_res
        self.shields[city] += fx.shields
        if fx.science >= 0:
            self.science[city][fx.science] += 1
        self.wild[city] += fx.wild
        if fx.ability:
            self.abilities[city].add(fx.ability)

    # --- derived counts ------------------------------------------------------------------------------

    def count(self, kinds: int, city: int) -> int:
        """How many things of ``kinds`` (bitmask of COUNT_KINDS) ``city`` has."""
        total = 0
        colors = self.colors[city]
        for k in range(7):
            if kinds >> k & 1:
                total += colors[k]
        if kinds >> C.STAGES_KIND & 1:
            total += self.stages[city]
        if kinds >> C.DEFEATS_KIND & 1:
            total += sum(1 for t in self.tokens[city] if t < 0)
        return total

    def count_per(self, per: C.Per, city: int) -> int:
        """``per.each`` times the count of ``per.kinds`` in the cities named by ``per.whose``."""
        total = 0
        if per.whose & C.SELF:
            total += self.count(per.kinds, city)
        if per.whose & C.LEFT:
            total += self.count(per.kinds, self.left(city))
        if per.whose & C.RIGHT:
            total += self.count(per.kinds, self.right(city))
        return total * per.each

    def board_of(self, city: int) -> int:
        """The board (0..6) of ``city``."""
        return self.boards[city] // 2

    def abilities_apply(self, city: int) -> bool:
        """Wonder abilities work for every player city, and for the Free City per the readings."""
        return city < self.seats or R.FREE_CITY_ABILITIES

    def has_ability(self, city: int, ability: str) -> bool:
        """True if a built stage of ``city`` gives ``ability`` (and abilities apply to that city)."""
        return ability in self.abilities[city] and self.abilities_apply(city)
