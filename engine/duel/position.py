"""A Duel game set up in the middle of play from a declarative position (the testing option ``position``).

A position is plain JSON data in catalog ids (docs/duel.md, "The position option"): the Age, whose turn,
the structure (which card in each slot, ``null`` for a taken slot), each city's coins, cards, Wonders and
Progress tokens, the pawn and the military tokens left, the Progress tokens on the board and in the box,
the discard pile and the boxed Wonder. What it leaves out comes from the setup the seed (and the other
options) would give. It is checked as a whole before anything is built: an impossible position is a
``ValueError`` naming the reason. The game then waits for the turn of ``to_play``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.duel.data import RESOURCES
from engine.duel.flow import deal, set_pending, take
from engine.duel.material import (
    AGE_CARDS,
    CARD_IDS,
    CARD_INDEX,
    CARDS,
    GUILDS,
    LAW,
    LAW_SYMBOL,
    PURPLE,
    SLOT_COUNT,
    STRUCTURES,
    TOKEN_IDS,
    TOKEN_INDEX,
    TOKENS,
    WONDER_IDS,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.setup import Setup
from engine.duel.state import TURN, City, DuelState, OwnedWonder, new_state, refresh_prices

POSITION_KEYS = frozenset({"age", "to_play", "first_player", "structure", "access_order", "cities", "pawn",
                           "military_tokens", "progress_board", "progress_boxed", "discard", "boxed_wonder"})
CITY_KEYS = frozenset({"coins", "cards", "wonders", "progress"})
WONDER_KEYS = frozenset({"id", "built", "card"})
PAWN_LIMIT = 8          # the pawn at 9 is a military victory: the game would be over
TOKEN_ZONE_STARTS = (3, 6)  # the distance from the centre where the 2-coin and the 5-coin tokens lie
WONDERS_IN_PLAY = 8
MAX_BUILT_WONDERS = 7
WONDERS_PER_CITY = 4
TOKENS_ON_BOARD = 5
SCIENCE_VICTORY = 6
START_COINS = 7
GREAT_LIBRARY = next(w.index for w in WONDERS if w.great_library)


def _fail(reason: str) -> ValueError:
    return ValueError(f"position: {reason}")


@dataclass(frozen=True, slots=True)
class PlacedWonder:
    """A Wonder of a city in the position: built or not, and the card tucked under it (-1: any card)."""

    wonder: int
    built: bool = False
    card: int = -1


@dataclass(slots=True)
class CityPosition:
    """One city as the position gives it (``None``: take the default)."""

    coins: int = START_COINS
    cards: list[int] = field(default_factory=list)
    wonders: list[PlacedWonder] | None = None
    progress: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Position:
    """A whole position after reading its shape and ids (``None`` parts are defaulted from the setup)."""

    age: int
    to_play: int | None
    first_player: int | None
    structure: list[int | None] | None
    accessible: list[int] | None   # with no structure: cards that must be accessible, the rest dealt
    access_order: list[int] | None  # the free slots in the order they became free (views show it)
    cities: tuple[CityPosition, CityPosition]
    pawn: int
    military_tokens: list[bool] | None
    progress_board: list[int] | None
    progress_boxed: list[int] | None
    discard: list[int] | None
    boxed_wonder: int | None


# --- reading the shape ------------------------------------------------------------------------------


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _ids(value: Any, table: dict[str, int], what: str) -> list[int]:
    if not isinstance(value, list):
        raise _fail(f"{what} must be a list of ids")
    out = []
    for item in value:
        if not isinstance(item, str) or item not in table:
            raise _fail(f"{what}: unknown id {item!r}")
        out.append(table[item])
    return out


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _fail("access_order must list the free slots")
    return value


def _seat(value: Any, what: str) -> int | None:
    return None if value is None else _int(value, what, 0, 1)


def _wonder(entry: Any, what: str) -> PlacedWonder:
    if isinstance(entry, str):
        entry = {"id": entry}
    if not isinstance(entry, dict) or "id" not in entry or set(entry) - WONDER_KEYS:
        raise _fail(f"{what}: a Wonder is an id or {{'id', 'built', 'card'}}")
    wonder = _ids([entry["id"]], WONDER_INDEX, what)[0]
    built = entry.get("built", "card" in entry)
    if not isinstance(built, bool):
        raise _fail(f"{what}: 'built' must be true or false")
    card = -1
    if "card" in entry:
        if not built:
            raise _fail(f"{what}: an unbuilt Wonder has no card under it")
        card = _ids([entry["card"]], CARD_INDEX, f"{what} card")[0]
    return PlacedWonder(wonder, built, card)


def _city(entry: Any, seat: int) -> CityPosition:
    what = f"city {seat}"
    if not isinstance(entry, dict) or set(entry) - CITY_KEYS:
        raise _fail(f"{what} must be a dict with some of {sorted(CITY_KEYS)}")
    city = CityPosition()
    if "coins" in entry:
        coins = entry["coins"]
        if type(coins) is not int or coins < 0:
            raise _fail(f"{what} coins must be a whole number of at least 0, not {coins!r}")
        city.coins = coins
    city.cards = _ids(entry.get("cards", []), CARD_INDEX, f"{what} cards")
    city.progress = _ids(entry.get("progress", []), TOKEN_INDEX, f"{what} progress")
    if "wonders" in entry:
        if not isinstance(entry["wonders"], list):
            raise _fail(f"{what} wonders must be a list")
        city.wonders = [_wonder(w, f"{what} wonders") for w in entry["wonders"]]
    return city


def read_position(data: Any) -> Position:
    """The position's parts with their shape and ids checked (ValueError naming what is wrong)."""
    if not isinstance(data, dict):
        raise _fail("a dict is expected")
    unknown = set(data) - POSITION_KEYS
    if unknown:
        raise _fail(f"unknown keys {sorted(map(str, unknown))}; known: {sorted(POSITION_KEYS)}")
    age = _int(data.get("age", 1), "age", 1, 3)
    cities = data.get("cities", [{}, {}])
    if not isinstance(cities, list) or len(cities) != 2:
        raise _fail("cities must list the 2 cities")
    structure = data.get("structure")
    slots: list[int | None] | None = None
    accessible: list[int] | None = None
    if isinstance(structure, dict):
        if set(structure) != {"accessible"}:
            raise _fail("structure is its 20 slots, or {'accessible': [card ids]}")
        accessible = _ids(structure["accessible"], CARD_INDEX, "structure accessible")
    elif structure is not None:
        if not isinstance(structure, list) or len(structure) != SLOT_COUNT:
            raise _fail(f"structure must list its {SLOT_COUNT} slots (a card id, or null once taken)")
        slots = [None if s is None else _ids([s], CARD_INDEX, f"structure slot {i}")[0]
                 for i, s in enumerate(structure)]
    tokens = data.get("military_tokens")
    if tokens is not None and (not isinstance(tokens, list) or len(tokens) != 4
                               or not all(isinstance(t, bool) for t in tokens)):
        raise _fail("military_tokens must be 4 true/false (seat 0's 2 and 5 coins, then seat 1's)")
    boxed = data.get("boxed_wonder")
    return Position(
        age=age, to_play=_seat(data.get("to_play"), "to_play"),
        first_player=_seat(data.get("first_player"), "first_player"), structure=slots, accessible=accessible,
        access_order=None if data.get("access_order") is None else [
            _int(slot, "access_order slot", 0, SLOT_COUNT - 1) for slot in _list(data["access_order"])],
        cities=(_city(cities[0], 0), _city(cities[1], 1)),
        pawn=_int(data.get("pawn", 0), "pawn (the track runs from -8 to 8 in play)", -PAWN_LIMIT, PAWN_LIMIT),
        military_tokens=None if tokens is None else list(tokens),
        progress_board=None if data.get("progress_board") is None
        else _ids(data["progress_board"], TOKEN_INDEX, "progress_board"),
        progress_boxed=None if data.get("progress_boxed") is None
        else _ids(data["progress_boxed"], TOKEN_INDEX, "progress_boxed"),
        discard=None if data.get("discard") is None else _ids(data["discard"], CARD_INDEX, "discard"),
        boxed_wonder=None if boxed is None else _ids([boxed], WONDER_INDEX, "boxed_wonder")[0],
    )


# --- completing and checking --------------------------------------------------------------------------


def _card_age(card: int) -> int:
    return CARDS[card].age


def _age_pool(age: int) -> tuple[int, ...]:
    return AGE_CARDS[age] + (GUILDS if age == 3 else ())


def _wonders(position: Position, setup: Setup, first: int) -> list[list[PlacedWonder]]:
    """Each city's Wonders, the missing lists taken from the setup's draft (the first player's 4 first, as
    the first-game set deals them), then from the other Wonders."""
    given = [city.wonders for city in position.cities]
    used = {w.wonder for mine in given if mine for w in mine}
    if position.boxed_wonder is not None:
        used.add(position.boxed_wonder)
    halves = (setup.wonders[:WONDERS_PER_CITY], setup.wonders[WONDERS_PER_CITY:])
    out: list[list[PlacedWonder]] = []
    for seat, mine in enumerate(given):
        own = halves[0] if seat == first else halves[1]
        spare = [w for w in list(own) + list(setup.wonders) + [w.index for w in WONDERS]
                 if w not in used]
        if mine is None:
            other = given[1 - seat]
            count = WONDERS_PER_CITY
            if other is not None and position.boxed_wonder is not None:
                count = WONDERS_IN_PLAY - 1 - len(other)
            mine = [PlacedWonder(w) for w in dict.fromkeys(spare)][:max(count, 0)]
            used |= {p.wonder for p in mine}
        out.append(mine)
    return out


def _check_wonders(wonders: list[list[PlacedWonder]], boxed: int | None) -> int:
    """The number of built Wonders, after checking the Wonders add up."""
    every = [w.wonder for mine in wonders for w in mine] + ([] if boxed is None else [boxed])
    if len(set(every)) != len(every):
        raise _fail("a Wonder is in two places")
    for seat, mine in enumerate(wonders):
        if len(mine) > WONDERS_PER_CITY:
            raise _fail(f"city {seat} has {len(mine)} Wonders; a city drafts {WONDERS_PER_CITY}")
    if len(every) != WONDERS_IN_PLAY:
        raise _fail(f"the cities' Wonders and the boxed one must be the {WONDERS_IN_PLAY} drafted, "
                    f"not {len(every)}")
    built = sum(w.built for mine in wonders for w in mine)
    if built > MAX_BUILT_WONDERS:
        raise _fail(f"{built} Wonders are built; the 8th returns to the box after the 7th")
    if (built == MAX_BUILT_WONDERS) != (boxed is not None):
        raise _fail("the boxed Wonder is the unbuilt one left once 7 are built (and only then)")
    return built


def _check_military(pawn: int, tokens: list[bool]) -> None:
    side = 1 if pawn > 0 else 0
    for k, start in enumerate(TOKEN_ZONE_STARTS):
        if pawn and abs(pawn) >= start and tokens[side * 2 + k]:
            raise _fail(f"the pawn at {pawn} has passed seat {side}'s {(2, 5)[k]}-coin token, which is "
                        f"still on the track")


class Places:
    """Where every placed card is, to refuse a card in two places with both places named."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}

    def put(self, card: int, place: str) -> None:
        if card in self.where:
            raise _fail(f"{CARDS[card].id} is in two places: {self.where[card]} and {place}")
        self.where[card] = place

    def of_age(self, age: int) -> list[int]:
        """The cards of ``age`` (Guilds count as Age III) out of the structure, in placing order."""
        return [c for c, place in self.where.items()
                if _card_age(c) == age and not place.startswith("structure")]


def _check_card(card: int, age: int, place: str) -> None:
    if _card_age(card) > age:
        raise _fail(f"{CARDS[card].id} ({place}) is an Age {_card_age(card)} card, not dealt in Age {age}")


def _pick_unplaced(places: Places, setup: Setup) -> int:
    """A card for a built Wonder with no card given: the first unplaced card of Age I's deal."""
    for card in setup.decks[1] + setup.removed[1]:
        if card not in places.where:
            return card
    raise _fail("no Age I card is left to tuck under a Wonder")


def _structure(position: Position, setup: Setup, places: Places) -> tuple[list[int], list[int]]:
    """The cards of the current Age's 20 slots and the slots taken (taken slots hold the Age's cards
    now in cities, under Wonders or discarded)."""
    age = position.age
    gone = places.of_age(age)
    layout = STRUCTURES[age]
    if position.structure is None:
        if len(gone) >= SLOT_COUNT:
            raise _fail(f"{len(gone)} Age {age} cards are placed: the Age would be over")
        taken = list(range(SLOT_COUNT - len(gone), SLOT_COUNT))  # the bottom rows first: always takeable
        free = [i for i in range(SLOT_COUNT)
                if i not in taken and all(j in taken for j in layout.covered_by[i])]
        wanted = position.accessible or []
        if len(wanted) > len(free):
            raise _fail(f"{len(wanted)} cards are to be accessible but {len(free)} slots are free once "
                        f"{len(gone)} are taken")
        mine = free[len(free) - len(wanted):]
        guilds_needed = 3 - sum(CARDS[c].color == PURPLE for c in gone + wanted) if age == 3 else 0
        if guilds_needed < 0:
            raise _fail(f"{3 - guilds_needed} Guilds are placed or accessible; Age III deals 3")
        present = [c for c in setup.decks[age] + setup.removed[age] if c not in places.where]
        plain = [c for c in present if CARDS[c].color != PURPLE]
        guilds = [c for c in dict.fromkeys(present + list(GUILDS))
                  if CARDS[c].color == PURPLE and c not in places.where][:guilds_needed]
        seeded = {c: i for i, c in enumerate(setup.decks[age])}
        rest = iter(sorted(plain[:SLOT_COUNT - len(gone) - len(wanted) - guilds_needed] + guilds,
                           key=lambda c: seeded.get(c, SLOT_COUNT)))
        placed_gone = iter(gone)
        cards = [next(placed_gone) if i in taken else wanted[mine.index(i)] if i in mine else next(rest)
                 for i in range(SLOT_COUNT)]
        return cards, taken
    slots = position.structure
    taken = [i for i, card in enumerate(slots) if card is None]
    for i in taken:
        above = [j for j in layout.covered_by[i] if j not in taken]
        if above:
            raise _fail(f"structure slot {i} is taken but slot {above[0]} still lies on it")
    if len(taken) != len(gone):
        raise _fail(f"{len(taken)} structure slots are taken but {len(gone)} Age {age} cards are in the "
                    f"cities, under Wonders or discarded")
    if len(taken) == SLOT_COUNT:
        raise _fail("every structure slot is taken: the Age would be over")
    fill = iter(gone)
    cards = [next(fill) if card is None else card for card in slots]
    if age == 3 and sum(CARDS[c].color == PURPLE for c in cards) != 3:
        raise _fail("Age III deals exactly 3 Guilds (in the structure, the cities and the discard pile)")
    return cards, taken


def _past_ages(position: Position, setup: Setup, places: Places, discard: list[int]) -> None:
    """Each finished Age put its 20 cards in cities, under Wonders or in the discard pile; without a
    ``discard`` in the position, the missing ones are discarded (the setup's first unplaced cards)."""
    for past in range(1, position.age):
        count = len(places.of_age(past))
        if count < SLOT_COUNT and position.discard is None:
            for card in setup.decks[past] + setup.removed[past]:
                if count == SLOT_COUNT:
                    break
                if card not in places.where:
                    places.put(card, "the discard pile")
                    discard.append(card)
                    count += 1
        if count != SLOT_COUNT:
            raise _fail(f"Age {past} is over: its {SLOT_COUNT} cards are in the cities, under Wonders or "
                        f"in the discard pile, not {count}")


def _tokens(position: Position, setup: Setup, library_extra: int) -> tuple[list[int], list[int]]:
    """The Progress tokens on the board and in the box (out of the game, Great Library order)."""
    taken = [t for city in position.cities for t in city.progress]
    if len(set(taken)) != len(taken):
        raise _fail("a Progress token is in two cities")
    on_board = TOKENS_ON_BOARD + library_extra - len(taken)
    if on_board < 0:
        raise _fail(f"the cities hold {len(taken)} Progress tokens; the board had {TOKENS_ON_BOARD}"
                    + (" and the Great Library gives 1" if library_extra else ""))
    board = position.progress_board
    if board is None:
        board = [t for t in setup.progress_board if t not in taken][:on_board]
    boxed = position.progress_boxed
    if boxed is None:
        boxed = [t for t in setup.progress_removed + setup.progress_board
                 + tuple(range(len(TOKENS))) if t not in taken and t not in board]
        boxed = list(dict.fromkeys(boxed))
    every = taken + board + boxed
    if len(set(every)) != len(every):
        raise _fail("a Progress token is in two places (cities, board, box)")
    if len(board) != on_board:
        raise _fail(f"the board holds {len(board)} Progress tokens but {on_board} are left on it "
                    f"({TOKENS_ON_BOARD} minus the {len(taken) - library_extra} the cities took from it)")
    if len(every) != len(TOKENS):
        raise _fail(f"the {len(TOKENS)} Progress tokens are in the cities, on the board or in the box")
    return board, boxed


def _built_city(plan: CityPosition, wonders: list[OwnedWonder]) -> City:
    """A city holding ``plan``'s cards, Wonders and tokens, with what they give (no effect when built)."""
    city = City(coins=plan.coins, progress=list(plan.progress), wonders=wonders)
    for index in plan.cards:
        card = CARDS[index]
        city.cards.append(index)
        city.colors[card.color] += 1
        if card.produces is not None:
            for r in range(len(RESOURCES)):
                city.production[r] += card.produces[r]
        if card.choice:
            city.choices.append(card.choice)
        city.one_coin |= card.one_coin
        if card.gives_chain >= 0:
            city.chains |= 1 << card.gives_chain
        if card.science >= 0:
            city.science_symbols |= 1 << card.science
        city.shields += card.shields
    for owned in wonders:
        if owned.age:
            wonder = WONDERS[owned.wonder]
            if wonder.choice:
                city.choices.append(wonder.choice)
            city.shields += wonder.shields
    if LAW in city.progress:
        city.science_symbols |= 1 << LAW_SYMBOL
    return city


def position_state(seed: int, options: dict[str, Any], setup: Setup) -> DuelState:
    """The state of ``options['position']``, its missing parts taken from ``setup`` (ValueError if the
    position is impossible; nothing is kept of a refused one)."""
    position = read_position(options["position"])
    age = position.age
    first = setup.first_player if position.first_player is None else position.first_player
    wonders = _wonders(position, setup, first)
    built = _check_wonders(wonders, position.boxed_wonder)
    places = Places()
    for i, card in enumerate(position.structure or []):
        if card is not None:
            if card not in _age_pool(age):
                raise _fail(f"structure slot {i}: {CARDS[card].id} is not a card of Age {age}")
            places.put(card, f"structure slot {i}")
    for card in position.accessible or []:
        if card not in _age_pool(age):
            raise _fail(f"structure accessible: {CARDS[card].id} is not a card of Age {age}")
        places.put(card, "structure (accessible)")
    for seat, city in enumerate(position.cities):
        for card in city.cards:
            _check_card(card, age, f"city {seat}")
            places.put(card, f"city {seat}")
    discard = list(position.discard or [])
    for card in discard:
        _check_card(card, age, "the discard pile")
        places.put(card, "the discard pile")
    owned: list[list[OwnedWonder]] = [[], []]
    for seat, mine in enumerate(wonders):
        for w in mine:
            if not w.built:
                owned[seat].append(OwnedWonder(w.wonder))
                continue
            card = w.card if w.card >= 0 else _pick_unplaced(places, setup)
            _check_card(card, age, f"under {WONDERS[w.wonder].id}")
            places.put(card, f"under {WONDERS[w.wonder].id}")
            owned[seat].append(OwnedWonder(w.wonder, _card_age(card), card))
    for seat, city in enumerate(position.cities):
        names = [CARDS[c].name for c in city.cards]
        if len(set(names)) != len(names):
            raise _fail(f"city {seat} holds two cards of the same name")
    _past_ages(position, setup, places, discard)
    cards, taken = _structure(position, setup, places)

    library_owner = next((s for s, mine in enumerate(owned) for o in mine
                          if o.wonder == GREAT_LIBRARY and o.age), -1)
    if library_owner >= 0 and not position.cities[library_owner].progress:
        raise _fail("the Great Library is built: its city holds the token it chose (its last one)")
    board, boxed = _tokens(position, setup, 1 if library_owner >= 0 else 0)

    tokens = position.military_tokens
    if tokens is None:
        side = 1 if position.pawn > 0 else 0
        tokens = [True] * 4
        for k, start in enumerate(TOKEN_ZONE_STARTS):
            if position.pawn and abs(position.pawn) >= start:
                tokens[side * 2 + k] = False
    _check_military(position.pawn, tokens)

    cities = [_built_city(plan, owned[seat]) for seat, plan in enumerate(position.cities)]
    for seat, built_city in enumerate(cities):
        if built_city.science_symbols.bit_count() >= SCIENCE_VICTORY:
            raise _fail(f"city {seat} holds {SCIENCE_VICTORY} science symbols: it would have won")

    to_play = first if position.to_play is None else position.to_play
    picked = [cities[library_owner].progress[-1]] if library_owner >= 0 else []
    first_board = board + [t for city in cities for t in city.progress if t not in picked]
    decks = {**setup.decks, age: tuple(cards)}
    removed = dict(setup.removed)
    for past in range(1, age + 1):
        in_play = set(decks[past]) if past == age else set(places.of_age(past))
        removed[past] = tuple(c for c in AGE_CARDS[past] if c not in in_play)
        if past < age:
            decks[past] = tuple(places.of_age(past))
    drafted = [o.wonder for mine in owned for o in mine] + \
        ([] if position.boxed_wonder is None else [position.boxed_wonder])
    fixed = Setup(first_player=first, wonders=tuple(drafted), progress_board=tuple(first_board),
                  progress_removed=tuple(boxed[:2] + picked + boxed[2:]), removed=removed, decks=decks)

    state = new_state(seed, options, fixed)
    state.phase = "play"
    state.draft_picks = WONDERS_IN_PLAY
    deal(state, age)
    for slot in sorted(taken, reverse=True):  # the upper rows first: each taken slot is free in turn
        take(state, 1 - to_play, slot)
    structure = state.structure
    for slot in structure.to_reveal:
        structure.face_up[slot] = True
    structure.to_reveal = []
    if position.access_order is not None:
        if sorted(position.access_order) != sorted(structure.accessible):
            raise _fail(f"access_order must list the free slots {sorted(structure.accessible)}")
        structure.accessible = list(position.access_order)
    state.last_active = 1 - to_play if taken else first
    state.cities = cities
    state.pawn = position.pawn
    state.military_tokens = tokens
    state.progress_board = board
    state.progress_removed = boxed
    if library_owner >= 0:
        state.library_seat, state.library_returned = library_owner, boxed[:2]
    state.discard = discard
    state.boxed_wonder = -1 if position.boxed_wonder is None else position.boxed_wonder
    state.wonders_built = built
    refresh_prices(state, 0)
    refresh_prices(state, 1)
    set_pending(state, to_play, TURN)
    return state


def position_of(state: DuelState) -> dict[str, Any]:
    """The position of a game waiting for a turn, as the ``position`` option takes it (every part given):
    ``new_game`` with it builds a game that plays on exactly as this one. ValueError at another decision."""
    if state.pending is not TURN or state.phase != "play":
        raise ValueError("a position is a game waiting for a turn")
    structure = state.structure
    return {
        "age": state.age, "to_play": state.pending_seat, "first_player": state.first_player,
        "structure": [None if structure.taken[i] else CARD_IDS[c] for i, c in enumerate(structure.cards)],
        "access_order": list(structure.accessible),
        "cities": [{"coins": city.coins, "cards": [CARD_IDS[c] for c in city.cards],
                    "wonders": [{"id": WONDER_IDS[o.wonder], "built": True, "card": CARD_IDS[o.tucked_card]}
                                if o.age else WONDER_IDS[o.wonder] for o in city.wonders],
                    "progress": [TOKEN_IDS[t] for t in city.progress]} for city in state.cities],
        "pawn": state.pawn, "military_tokens": list(state.military_tokens),
        "progress_board": [TOKEN_IDS[t] for t in state.progress_board],
        "progress_boxed": [TOKEN_IDS[t] for t in state.progress_removed],
        "discard": [CARD_IDS[c] for c in state.discard],
        "boxed_wonder": WONDER_IDS[state.boxed_wonder] if state.boxed_wonder >= 0 else None,
    }
