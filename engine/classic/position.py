"""A classic (or Cities) game set up in the middle of an Age from a declarative position (the testing
option ``position``, docs/classic.md "The position option").

A position is plain JSON data in catalog ids: the Age and the turn about to start, every hand, each city's
board, built cards, wonder stages, coins, military tokens, debt and diplomacy tokens, the discard pile and,
with 2 seats, the Free City pile. What it leaves out comes from the deal the seed (and the other options)
would give: the boards, the hands (whole, or around the cards a hand must hold), the cards under the stages,
the discard pile (the cards the past turns played and nobody kept) and the later Ages. The position is
checked as a whole before anything is built; an impossible one is a ``ValueError`` naming the reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.classic import compiled as C
from engine.classic.resolve import controller_at, held_packet, start_turn
from engine.classic.setup import boards_in_play, cities_of, deck_players, hand_size, make_deal
from engine.classic.state import AgeDeal, Deal, State

POSITION_KEYS = frozenset({"age", "turn", "cities", "hands", "pile", "discard"})
CITY_KEYS = frozenset({"board", "side", "built", "stages", "tucked", "coins", "military", "debt",
                       "diplomacy"})
CITIES_ONLY = ("debt", "diplomacy")
MILITARY_VALUES = frozenset({-1, 1, 3, 5})  # a defeat, and the victories of Ages I, II and III
START_COINS = 3
PILE_SIZE = 7  # 2 seats: the Free City pile of each Age


def _fail(reason: str) -> ValueError:
    return ValueError(f"position: {reason}")


@dataclass(slots=True)
class CityPosition:
    """One city as the position gives it (``None``: the default)."""

    board: int | None = None
    side: int | None = None
    built: list[int] = field(default_factory=list)
    stages: int = 0
    tucked: list[int] | None = None
    coins: int = START_COINS
    military: list[int] = field(default_factory=list)
    debt: int = 0
    diplomacy: int = 0


@dataclass(slots=True)
class HandPosition:
    """A hand: the cards it must hold, and whether they are all of it (else the deal fills it up)."""

    cards: list[int]
    whole: bool


@dataclass(slots=True)
class Position:
    """A position after reading its shape and ids."""

    age: int
    turn: int
    cities: list[CityPosition]
    hands: list[HandPosition]
    pile: HandPosition | None
    discard: HandPosition | None


# --- reading the shape ------------------------------------------------------------------------------


def _count(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise _fail(f"{what} must be a whole number {bound}, not {value!r}")
    return value


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list of card ids")
    out = []
    for cid in value:
        card = C.CARD_INDEX.get(cid) if isinstance(cid, str) else None
        if card is None:
            raise _fail(f"{what}: unknown card {cid!r}")
        out.append(card)
    return out


def _hand(value: Any, what: str) -> HandPosition:
    if isinstance(value, dict):
        if set(value) != {"with"}:
            raise _fail(f"{what} is a list of card ids (all of it) or {{'with': [ids]}}")
        return HandPosition(_cards(value["with"], what), False)
    return HandPosition(_cards(value, what), True)


def _city(entry: Any, index: int, options: dict[str, Any]) -> CityPosition:
    what = f"city {index}"
    if not isinstance(entry, dict) or set(entry) - CITY_KEYS:
        raise _fail(f"{what} must be a dict with some of {sorted(CITY_KEYS)}")
    city = CityPosition()
    if entry.get("board") is not None:
        board = entry["board"]
        if board not in C.BOARD_ID[:boards_in_play(options)]:
            raise _fail(f"{what}: unknown board {board!r}"
                        + (" (Byzantium and Petra come with Cities)" if board in C.BOARD_ID else ""))
        city.board = C.BOARD_ID.index(board)
    if entry.get("side") is not None:
        if entry["side"] not in C.SIDES:
            raise _fail(f"{what}: a side is 'A' or 'B'")
        city.side = C.SIDES.index(entry["side"])
    city.built = _cards(entry.get("built", []), f"{what} built")
    city.stages = _count(entry.get("stages", 0), f"{what} stages")
    if "tucked" in entry:
        city.tucked = _cards(entry["tucked"], f"{what} tucked")
    city.coins = _count(entry.get("coins", START_COINS), f"{what} coins")
    military = entry.get("military", [])
    if not isinstance(military, list) or any(type(t) is not int or t not in MILITARY_VALUES
                                             for t in military):
        raise _fail(f"{what} military must list tokens among {sorted(MILITARY_VALUES)}")
    city.military = list(military)
    for name in CITIES_ONLY:
        if entry.get(name, 0) and not options.get("cities"):
            raise _fail(f"{what}: {name} tokens come with Cities")
    city.debt = _count(entry.get("debt", 0), f"{what} debt")
    city.diplomacy = _count(entry.get("diplomacy", 0), f"{what} diplomacy")
    return city


def read_position(data: Any, seats: int, options: dict[str, Any]) -> Position:
    """The position's parts with their shape and ids checked (ValueError naming what is wrong)."""
    if not isinstance(data, dict):
        raise _fail("a dict is expected")
    unknown = set(data) - POSITION_KEYS
    if unknown:
        raise _fail(f"unknown keys {sorted(map(str, unknown))}; known: {sorted(POSITION_KEYS)}")
    age = _count(data.get("age", 1), "age", 1, 3)
    turn = _count(data.get("turn", 1), "turn", 1, hand_size(options) - 1)
    n = cities_of(seats)
    cities = data.get("cities", [{}] * n)
    if not isinstance(cities, list) or len(cities) != n:
        raise _fail(f"cities must list the {n} cities" + (" (the Free City last)" if seats == 2 else ""))
    hands = data.get("hands", [{"with": []}] * seats)
    if not isinstance(hands, list) or len(hands) != seats:
        raise _fail(f"hands must list one hand per seat ({seats})")
    pile = data.get("pile")
    if pile is not None and seats != 2:
        raise _fail("only the 2-player game has a Free City pile")
    return Position(
        age=age, turn=turn, cities=[_city(c, i, options) for i, c in enumerate(cities)],
        hands=[_hand(h, f"hand {s}") for s, h in enumerate(hands)],
        pile=None if pile is None else _hand(pile, "pile"),
        discard=None if data.get("discard") is None else _hand(data["discard"], "discard"),
    )


# --- the cards of each Age ----------------------------------------------------------------------------


@dataclass(slots=True)
class AgeCards:
    """What one Age deals for the table: its plain cards (copies), how many guilds and black cards."""

    plain: Counter[int]
    guilds: int
    blacks: int

    @property
    def size(self) -> int:
        return sum(self.plain.values()) + self.guilds + self.blacks


def age_cards(age: int, seats: int, options: dict[str, Any]) -> AgeCards:
    """The cards ``age`` deals with ``seats`` and ``options``."""
    players = deck_players(seats)
    return AgeCards(Counter(C.deck(age, players)), players + 2 if age == 3 else 0,
                    players if options.get("cities") else 0)


def _check_age(age: int, cards: list[int], wanted: AgeCards, exact: bool, where: str) -> None:
    """``cards`` of ``age`` fit in its deal (all of it when ``exact``)."""
    plain = Counter(c for c in cards if not C.IS_GUILD[c] and not C.IS_BLACK[c])
    for card, copies in plain.items():
        if copies > wanted.plain[card]:
            raise _fail(f"{C.CARD_ID[card]} is {where} {copies} times; the game has {wanted.plain[card]}")
    for kind, test, most in (("guild", C.IS_GUILD, wanted.guilds), ("black card", C.IS_BLACK, wanted.blacks)):
        chosen = [c for c in cards if test[c]]
        if len(set(chosen)) != len(chosen):
            raise _fail(f"a {kind} is {where} twice")
        if len(chosen) > most:
            raise _fail(f"{len(chosen)} {kind}s of Age {age} are {where}; the Age deals {most}")
    if exact and len(cards) != wanted.size:
        raise _fail(f"Age {age} dealt {wanted.size} cards but {len(cards)} are {where}")


@dataclass(slots=True)
class Table:
    """Every placed card (built, under a stage, discarded, in a hand or the pile) by Age."""

    by_age: dict[int, list[int]] = field(default_factory=lambda: {1: [], 2: [], 3: []})

    def put(self, cards: list[int], age: int, what: str) -> None:
        for card in cards:
            if C.CARD_AGE[card] > age:
                raise _fail(f"{C.CARD_ID[card]} ({what}) is an Age {C.CARD_AGE[card]} card, not dealt in "
                            f"Age {age}")
            self.by_age[C.CARD_AGE[card]].append(card)


def _leftover(dealt: AgeDeal, placed: list[int]) -> list[int]:
    """The cards of a dealt Age not among ``placed``, in deal order (hands in seat order, then the pile)."""
    gone = Counter(placed)
    out = []
    for card in [c for hand in dealt.hands for c in hand] + list(dealt.pile):
        if gone[card]:
            gone[card] -= 1
        else:
            out.append(card)
    return out


def _fits(card: int, cards: list[int], wanted: AgeCards) -> bool:
    """True if one more ``card`` keeps ``cards`` within the Age's deal."""
    if C.IS_GUILD[card] or C.IS_BLACK[card]:
        most = wanted.guilds if C.IS_GUILD[card] else wanted.blacks
        kind = C.IS_GUILD if C.IS_GUILD[card] else C.IS_BLACK
        return card not in cards and sum(kind[c] for c in cards) < most
    return cards.count(card) < wanted.plain[card]


# --- building the state --------------------------------------------------------------------------------


def position_state(seats: int, seed: int, options: dict[str, Any]) -> State:
    """The state of ``options['position']`` at the start of its turn, its missing parts taken from the
    deal of ``seed`` and the other options (ValueError if the position is impossible)."""
    position = read_position(options["position"], seats, options)
    dealt = make_deal(seats, seed, options)
    age, turn = position.age, position.turn
    size = hand_size(options)
    two = seats == 2

    boards = []
    for index, city in enumerate(position.cities):
        board = dealt.boards[index] // 2 if city.board is None else city.board
        side = dealt.boards[index] % 2 if city.side is None else city.side
        boards.append(C.board_side(board, side))
    if len({b // 2 for b in boards}) != len(boards):
        raise _fail("two cities have the same board (a default board may clash with a given one: name both)")

    table = Table()
    for index, city in enumerate(position.cities):
        stages = C.BS_STAGES[boards[index]]
        if city.stages > stages:
            raise _fail(f"city {index} has {city.stages} stages built; {C.BS_ID[boards[index]]} has {stages}")
        if city.tucked is not None and len(city.tucked) != city.stages:
            raise _fail(f"city {index} tucks {len(city.tucked)} cards under its {city.stages} stages")
        names = [C.CARD_NAME_IDX[c] for c in city.built]
        if len(set(names)) != len(names):
            raise _fail(f"city {index} has built two cards of the same name")
        if any(C.IS_BLACK[c] for c in city.built) and not options.get("cities"):
            raise _fail(f"city {index}: black cards come with Cities")
        table.put(city.built, age, f"built in city {index}")
        table.put(city.tucked or [], age, f"under city {index}'s stages")
    discard = list(position.discard.cards) if position.discard else []
    whole_discard = position.discard is not None and position.discard.whole
    table.put(discard, age, "in the discard pile")

    held = size - (turn - 1)
    for seat, hand in enumerate(position.hands):
        if len(hand.cards) > held or (hand.whole and len(hand.cards) != held):
            raise _fail(f"hand {seat} holds {len(hand.cards)} cards; at turn {turn} a hand holds {held}"
                        + (" (before the Free City card is drawn)" if two else ""))
        if any(C.CARD_AGE[c] != age for c in hand.cards):
            raise _fail(f"hand {seat} holds a card of another Age than Age {age}")
    pile_left = PILE_SIZE - (turn - 1) if two else 0
    pile = position.pile or HandPosition([], not two)
    if len(pile.cards) > pile_left or (pile.whole and len(pile.cards) != pile_left):
        raise _fail(f"the Free City pile holds {len(pile.cards)} cards; at turn {turn} it holds {pile_left}")
    if any(C.CARD_AGE[c] != age for c in pile.cards):
        raise _fail(f"the Free City pile holds a card of another Age than Age {age}")
    for hand in [*position.hands, pile]:
        table.put(hand.cards, age, "in a hand")

    ages: list[AgeDeal] = []
    for past in range(1, age + 1):
        wanted = age_cards(past, seats, options)
        placed = table.by_age[past]
        _check_age(past, placed, wanted, exact=False, where="in play")
        pool: list[int] = []
        for card in _leftover(dealt.ages[past - 1], placed):
            if _fits(card, placed + pool, wanted):
                pool.append(card)
        # Cards under stages with none named: the first spare ones of the earliest Age.
        for index, city in enumerate(position.cities):
            if city.tucked is None and city.stages and past == 1:
                city.tucked = []
                for _ in range(city.stages):
                    if not pool:
                        raise _fail(f"no Age I card is left to put under city {index}'s stages")
                    city.tucked.append(pool.pop(0))
                placed += city.tucked
        if past == age:
            for hand in [*position.hands, pile]:
                want = (held if hand is not pile else pile_left) - len(hand.cards)
                if want > len(pool):
                    raise _fail(f"Age {age} has {wanted.size} cards: too few are left to fill the hands")
                hand.cards += pool[:want]
                placed += pool[:want]
                pool = pool[want:]
        missing = wanted.size - len(placed)
        if missing and not whole_discard:
            discard += pool[:missing]
            placed += pool[:missing]
        _check_age(past, placed, wanted, exact=True, where="built, under stages, discarded or held")
        if past == age:
            ages.append(_current_deal(position, pile, seats, turn))
        else:
            ages.append(_past_deal(placed, seats, size))
    ages += list(dealt.ages[age:])

    deal = Deal(tuple(boards), (ages[0], ages[1], ages[2]))
    state = State.start(seats, seed, options, deal)
    state.age, state.turn = age, turn - 1
    for index, city in enumerate(position.cities):
        for card in city.built:
            state.add_card(index, card)
        for card in city.tucked or []:
            state.add_stage(index, card)
        state.coins[index] = city.coins
        state.tokens[index] = list(city.military)
        state.debt[index], state.diplomacy[index] = city.debt, city.diplomacy
    state.discard = discard
    state.hands = [sorted(hand.cards) for hand in position.hands]
    if two:
        state.pile = list(pile.cards)
        state.controller = controller_at(age, turn)
    start_turn(state)
    return state


def _current_deal(position: Position, pile: HandPosition, seats: int, turn: int) -> AgeDeal:
    """The current Age as the game remembers it (engine.classic.resolve.seen_hands starts from the
    position): each hand where the seat holding it at ``turn`` finds it, the pile as it is now (the
    cards of the turns before the position stand for those the Free City drew then)."""
    packets: list[tuple[int, ...]] = [()] * seats
    for seat, hand in enumerate(position.hands):
        packets[held_packet(seats, position.age, turn, seat)] = tuple(sorted(hand.cards))
    drawn = tuple(pile.cards[:1]) * (turn - 1) if pile.cards else ()
    return AgeDeal(tuple(packets), drawn + tuple(pile.cards))


def _past_deal(cards: list[int], seats: int, size: int) -> AgeDeal:
    """A finished Age: its cards cut into hands (and the Free City pile), as nobody sees them again."""
    hands = tuple(tuple(sorted(cards[size * s: size * s + size])) for s in range(seats))
    return AgeDeal(hands, tuple(cards[size * seats:]) if seats == 2 else ())
