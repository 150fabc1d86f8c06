"""The plain-data state of a classic game, plus per-city caches derived from it.

Everything here uses integer ids (card indices of :mod:`compiled`, board sides ``board * 2 + side``).
The deal (boards and every Age's hands) is fixed at setup and shared, never copied; the rest is plain
lists that :meth:`State.copy` copies. Caches (production, prices, shields, science, colour counts) are
updated incrementally when a card or a stage is added.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.pricing import CityTrade

# Action kinds (indices into ACTION_TYPES) and how a build was paid.
BUILD, WONDER, DISCARD, OLYMPIA, HALI, COPY, PAY = range(7)
ACTION_TYPES = ("build", "wonder", "discard", "olympia", "halicarnassus", "copy_guild", "pay_debt")
HIDDEN_KINDS = frozenset({WONDER, DISCARD})  # the card played is face down

# Phases: a simultaneous turn, the single-seat pending steps after it, the end.
TURN, HALICARNASSUS, BABYLON, COPY_GUILD, OVER = "turn", "halicarnassus", "babylon", "copy_guild", "over"
PENDING_PHASES = (HALICARNASSUS, BABYLON, COPY_GUILD)
# Cities: the simultaneous decision of every seat facing a coin loss (coins paid vs debt taken).
DEBT = "debt"
NO_CITY = -1  # the city of a pending step that is not one city's (the debt decision)


class AgeDeal(NamedTuple):
    """One Age as dealt: 7 cards per seat and, with 2 seats, the Free City's 7-card pile (top first)."""

    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]


class Deal(NamedTuple):
    """Every random outcome of a game, drawn at setup: the board side per city and the three Ages."""

    boards: tuple[int, ...]
    ages: tuple[AgeDeal, AgeDeal, AgeDeal]


class Plan(NamedTuple):
    """What a validated action does: its kind, card, coins to each neighbour and to the bank, and how a
    structure is obtained (``"paid"``, ``"chain"``, ``"olympia"``, ``"halicarnassus"`` or ``""``)."""

    kind: int
    card: int
    left: int
    right: int
    bank: int
    how: str


class Choice(NamedTuple):
    """A seat's secret choice for the current turn: the action as sent and its plan."""

    action: dict[str, Any]
    plan: Plan


class Pending(NamedTuple):
    """A single-seat step still to be played after a turn's reveal (``kind`` is its phase)."""

    kind: str
    city: int


class Play(NamedTuple):
    """A revealed play, in resolution order: who played what, when (``action`` in its interface form)."""

    age: int
    turn: int
    step: str  # TURN or the pending phase it was played in
    seat: int
    city: int
    kind: int
    card: int
    action: dict[str, Any]


class Loss(NamedTuple):
    """A coin loss of the turn (Cities): who caused it, the fixed amount per city, and the kinds (bitmask of
    COUNT_KINDS) each victim loses 1 coin per, counted at the turn's end."""

    city: int
    fixed: tuple[int, ...]
    per_kinds: int


class SeenHand(NamedTuple):
    """A hand a seat held at the start of a turn (sorted), and the Free City card it drew (or -1): what
    the seat remembers (derived from the deal and the history, see resolve.seen_hands)."""

    age: int
    turn: int
    hand: tuple[int, ...]
    drawn: int


def _zeros(n: int, size: int) -> list[list[int]]:
    return [[0] * size for _ in range(n)]


@dataclass(slots=True, eq=False)
class State:
    """A game's complete state: plain lists and ints (no randomness left after setup)."""

    seats: int
    seed: int
    options: dict[str, Any]  # never changed after setup (shared by copies)
    deal: Deal  # immutable, shared by copies
    n: int  # cities: the seats, plus the Free City with 2 seats
    two: bool
    boards: tuple[int, ...]
    age: int
    turn: int
    phase: str
    hands: list[list[int]]  # each kept sorted
    pile: list[int]  # 2 players: the Free City draw pile
    controller: int  # 2 players: the seat holding the Free City card
    coins: list[int]
    built: list[list[int]]
    stages: list[int]
    stage_cards: list[list[int]]
    tokens: list[list[int]]
    discard: list[int]
    olympia_used: list[int]  # age in which the free build was last used
    choices: list[Choice | None]
    free_city_choice: Choice | None  # 2 players: the controller's choice for the Free City
    queue: list[Pending]
    copies: list[int]  # guild copied by Olympia B (card index or -1)
    log: list[list[Any]]  # [seat, action] as applied
    history: list[Play]
    result: dict[str, Any] | None
    # --- caches derived from boards, built and stages --------------------------------------------
    names: list[set[int]]
    production: list[list[int]]
    for_sale: list[list[int]]
    own_choices: list[list[int]]
    sale_choices: list[list[int]]
    cheap: list[list[int]]  # resources at 1 coin: [left mask, right mask]
    cheap_at_turn_start: list[list[int]]
    shields: list[int]
    science: list[list[int]]
    wild: list[int]
    colors: list[list[int]]
    abilities: list[set[str]]
    # --- Cities (after every positional field of copy) ---------------------------------------------
    spies: list[int] = field(default_factory=list)  # cache: spies per city
    cities: bool = False
    teams: tuple[tuple[int, int], ...] = ()  # team games: the teams (pairs of seats)
    hand_size: int = 7
    debt: list[int] = field(default_factory=list)  # per city: debt tokens (-1 point each), never repaid
    diplomacy: list[int] = field(default_factory=list)  # per city: diplomacy tokens held
    losses: list[Loss] = field(default_factory=list)  # the coin losses of the turn, applied at its end
    debt_due: list[int] = field(default_factory=list)  # per seat: the loss to settle now (0: none)
    debt_choices: list[int | None] = field(default_factory=list)  # per seat: coins it pays (secret)
    spent: list[int] = field(default_factory=list)  # per city: once-per-turn purchase effects used (rebates)
    # --- the pricing seam's cache (see forget_trading) ----------------------------------------------
    trading: list[CityTrade] = field(default_factory=list)  # per city: its payments (base game)
    trading_changed: list[bool] = field(default_factory=list)  # per city: its trade is out of date

    @classmethod
    def start(cls, seats: int, seed: int, options: dict[str, Any], deal: Deal) -> State:
        """The state before the first Age is dealt."""
        two = seats == 2
        n = 3 if two else seats
        production = _zeros(n, C.N_RES)
        for_sale = _zeros(n, C.N_RES)
        for city in range(n):
            resource = C.BOARD_RESOURCE[deal.boards[city] // 2]
            production[city][resource] += 1
            for_sale[city][resource] += 1
        return cls(
            seats=seats, seed=seed, options=options, deal=deal, n=n, two=two, boards=deal.boards, age=0,
            turn=0, phase=TURN, hands=[[] for _ in range(seats)], pile=[], controller=0, coins=[3] * n,
            built=[[] for _ in range(n)], stages=[0] * n, stage_cards=[[] for _ in range(n)],
            tokens=[[] for _ in range(n)], discard=[], olympia_used=[0] * n, choices=[None] * seats,
            free_city_choice=None, queue=[], copies=[-1] * n, log=[], history=[], result=None,
            names=[set() for _ in range(n)], production=production, for_sale=for_sale,
            own_choices=[[] for _ in range(n)], sale_choices=[[] for _ in range(n)], cheap=_zeros(n, 2),
            cheap_at_turn_start=_zeros(n, 2), shields=[0] * n, science=_zeros(n, 3), wild=[0] * n,
            colors=_zeros(n, C.N_COLORS), abilities=[set() for _ in range(n)],
            spies=[0] * n, cities=bool(options.get("cities")),
            teams=R.teams_of(seats) if options.get("teams") else (),
            hand_size=8 if options.get("cities") else 7, debt=[0] * n, diplomacy=[0] * n, losses=[],
            debt_due=[0] * seats, debt_choices=[None] * seats, spent=[0] * n,
            trading=[CityTrade() for _ in range(n)], trading_changed=[False] * n,
        )

    def copy(self) -> State:
        """An independent copy (the deal and the options are shared: they never change)."""
        other = self._copy_base()
        other.cities, other.teams, other.hand_size = self.cities, self.teams, self.hand_size
        other.debt, other.diplomacy = list(self.debt), list(self.diplomacy)
        other.losses, other.debt_due = list(self.losses), list(self.debt_due)
        other.debt_choices, other.spies = list(self.debt_choices), list(self.spies)
        other.spent = list(self.spent)
        other.trading = list(self.trading)  # shared: a trade never changes its context
        other.trading_changed = list(self.trading_changed)
        return other

    def _copy_base(self) -> State:
        return State(
            self.seats, self.seed, self.options, self.deal, self.n, self.two, self.boards, self.age,
            self.turn, self.phase, [list(h) for h in self.hands], list(self.pile), self.controller,
            list(self.coins), [list(b) for b in self.built], list(self.stages),
            [list(b) for b in self.stage_cards], [list(t) for t in self.tokens], list(self.discard),
            list(self.olympia_used), list(self.choices), self.free_city_choice, list(self.queue),
            list(self.copies), list(self.log), list(self.history), self.result, [set(x) for x in self.names],
            [list(p) for p in self.production],
            [list(p) for p in self.for_sale], [list(c) for c in self.own_choices],
            [list(c) for c in self.sale_choices], [list(d) for d in self.cheap],
            [list(d) for d in self.cheap_at_turn_start], list(self.shields), [list(x) for x in self.science],
            list(self.wild), [list(c) for c in self.colors], [set(a) for a in self.abilities],
        )

    # --- neighbours and seats ------------------------------------------------------------------------

    def left(self, city: int) -> int:
        """The left (clockwise) neighbour of ``city``."""
        return (city + 1) % self.n

    def right(self, city: int) -> int:
        """The right (counter-clockwise) neighbour of ``city``."""
        return (city - 1) % self.n

    @property
    def last_turn(self) -> int:
        """The turns of an Age: 6, or 7 with Cities' 8-card hands (the last card is discarded)."""
        return self.hand_size - 1

    def teammate(self, seat: int) -> int | None:
        """The teammate of ``seat`` in a team game, else None."""
        for team in self.teams:
            if seat in team:
                return team[1] if team[0] == seat else team[0]
        return None

    def team_of(self, seat: int) -> int | None:
        """The index of ``seat``'s team in a team game, else None."""
        return next((i for i, team in enumerate(self.teams) if seat in team), None)

    def seat_of(self, city: int) -> int:
        """The seat deciding for ``city`` now (the controller for the Free City)."""
        return self.controller if city >= self.seats else city

    # --- caches --------------------------------------------------------------------------------------

    def snapshot_discounts(self) -> None:
        """Remember the trading discounts in force at the start of a turn."""
        self.cheap_at_turn_start = [list(d) for d in self.cheap]

    def add_card(self, city: int, card: int) -> None:
        """Put ``card`` into ``city`` and update the caches."""
        self.built[city].append(card)
        self.names[city].add(C.CARD_NAME_IDX[card])
        self.colors[city][C.CARD_COLOR[card]] += 1
        self._apply_effect(city, C.CARD_FX[card], C.SELLABLE[card])

    def add_stage(self, city: int, card: int) -> C.Effect:
        """Build the next wonder stage of ``city`` with ``card`` tucked under it; return its effect."""
        effect = C.BS_FX[self.boards[city]][self.stages[city]]
        self.stages[city] += 1
        self.stage_cards[city].append(card)
        self._apply_effect(city, effect, False)
        return effect

    def _apply_effect(self, city: int, effect: C.Effect, sellable: bool) -> None:
        traded = effect.traded  # the resources whose trading changes (see trade)
        if traded:
            if effect.units:
                production = self.production[city]
                for r, units in effect.units:
                    production[r] += units
                if sellable:
                    for_sale = self.for_sale[city]
                    for r, units in effect.units:
                        for_sale[r] += units
            choice = effect.choice
            if choice:
                own = self.own_choices[city]
                own.append(choice)
                own.sort()
                if sellable:
                    sale = self.sale_choices[city]
                    sale.append(choice)
                    sale.sort()
            changed = self.trading_changed
            changed[city] = True
            if sellable:  # what the neighbours buy here
                changed[self.left(city)] = changed[self.right(city)] = True
            if effect.trade_res:
                if effect.trade_sides & C.LEFT:
                    self.cheap[city][0] |= effect.trade_res
                if effect.trade_sides & C.RIGHT:
                    self.cheap[city][1] |= effect.trade_res
        if effect.shields:
            self.shields[city] += effect.shields
        if effect.spy:
            self.spies[city] += effect.spy
        if effect.science >= 0:
            self.science[city][effect.science] += 1
        if effect.wild:
            self.wild[city] += effect.wild
        if effect.ability:
            self.abilities[city].add(effect.ability)

    def trade(self, city: int) -> CityTrade:
        """The trading cache of ``city`` now (a new one after a change of its trading, or of
        readings.PURCHASE_PRICE_FLOOR)."""
        trade = self.trading[city]
        if self.trading_changed[city] or trade.floor != R.PURCHASE_PRICE_FLOOR:
            trade = self.trading[city] = CityTrade()
            self.trading_changed[city] = False
        return trade

    def forget_trading(self) -> None:
        """Start every city's trading cache afresh: to be called after an edit of the state that does not
        go through :meth:`add_card` or :meth:`add_stage` (which keep it up to date), e.g. a test's."""
        self.trading = [CityTrade() for _ in range(self.n)]
        self.trading_changed = [False] * self.n

    # --- derived counts ------------------------------------------------------------------------------

    def count(self, kinds: int, city: int) -> int:
        """How many things of ``kinds`` (bitmask of COUNT_KINDS) ``city`` has."""
        total = 0
        colors = self.colors[city]
        for k in range(C.N_COLORS):
            if kinds >> k & 1:
                total += colors[k]
        if kinds >> C.STAGES_KIND & 1:
            total += self.stages[city]
        if kinds >> C.DEFEATS_KIND & 1:
            total += sum(1 for t in self.tokens[city] if t < 0)
        if kinds >> C.VICTORIES_KIND & 1:
            total += sum(1 for t in self.tokens[city] if t > 0)
        for kind, value in C.VICTORY_VALUE_KINDS.items():
            if kinds >> kind & 1:
                total += self.tokens[city].count(value)
        return total

    def produced_mask(self, city: int) -> int:
        """The resources ``city`` produces (readings.PRODUCED_COUNTS_CHOICE_CARDS: one-of cards too)."""
        mask = 0
        for r, units in enumerate(self.production[city]):
            if units:
                mask |= 1 << r
        if R.PRODUCED_COUNTS_CHOICE_CARDS:
            for choice in self.own_choices[city]:
                mask |= choice
        return mask

    def extra_choices(self, city: int, without: frozenset[str] = frozenset()) -> list[int]:
        """One-of productions of Secret Warehouse (a resource already produced) and Black Market (one not
        produced) for ``city`` now (Cities), leaving out the abilities ``without`` (spent this turn)."""
        out = []
        abilities = self.abilities[city] - without if without else self.abilities[city]
        if "secret_warehouse" in abilities or "black_market" in abilities:
            produced = self.produced_mask(city)
            if "secret_warehouse" in abilities and produced:
                out.append(produced)
            missing = ((1 << C.N_RES) - 1) & ~produced
            if "black_market" in abilities and missing:
                out.append(missing)
        return out

    def own_choices_now(self, city: int, without: frozenset[str] = frozenset()) -> list[int]:
        """The one-of productions ``city`` uses for its own costs (with Cities' extra ones but those of the
        abilities ``without``), sorted."""
        extra = self.extra_choices(city, without)
        return sorted(self.own_choices[city] + extra) if extra else self.own_choices[city]

    def sale_choices_now(self, city: int) -> list[int]:
        """The one-of productions ``city`` sells (readings.CITIES_EXTRA_PRODUCTION_SELLABLE)."""
        if not R.CITIES_EXTRA_PRODUCTION_SELLABLE:
            return self.sale_choices[city]
        extra = self.extra_choices(city)
        return sorted(self.sale_choices[city] + extra) if extra else self.sale_choices[city]

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

    def abilities_apply(self, city: int) -> bool:
        """Wonder abilities work for every player city, and for the Free City per the readings."""
        return city < self.seats or R.FREE_CITY_ABILITIES

    def has_ability(self, city: int, ability: str) -> bool:
        """True if a built stage of ``city`` gives ``ability`` (and abilities apply to that city)."""
        return ability in self.abilities[city] and self.abilities_apply(city)
