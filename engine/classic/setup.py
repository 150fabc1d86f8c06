"""Setting up a classic game: the options, and the deal (every random outcome) from a seed or fixed.

The deal from a seed draws, in this order: the free boards' shuffle, one coin per city for its side,
then per Age the guilds (Age III), with Cities the Age's black cards (one per player), and the shuffle of
the deck; seat ``i`` is dealt cards ``h*i .. h*i+h-1`` (``h`` = 7, or 8 with Cities) and, with 2 seats, the
Free City pile is cards 14 .. 20. The ``setup`` option gives a deal directly.

Options ``cities`` (the Cities expansion: black cards, Byzantium and Petra, 8-card hands) and ``teams`` (with
Cities, 4 or 6 seats: the team game).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.state import AgeDeal, Deal

SIDE_OPTIONS = ("random", "A", "B")
OPTION_NAMES = frozenset({"sides", "wonders", "setup", "cities", "teams", "position"})
TEAM_SEATS = (4, 6)


def hand_size(options: dict[str, Any]) -> int:
    """Cards per hand: 7, or 8 with Cities."""
    return 8 if options.get("cities") else 7


def boards_in_play(options: dict[str, Any]) -> int:
    """How many boards may be dealt: the base game's, plus Byzantium and Petra with Cities."""
    return C.N_BOARDS if options.get("cities") else C.N_BASE_BOARDS


def _check_cities(seats: int, options: dict[str, Any]) -> None:
    for name in ("cities", "teams"):
        if not isinstance(options.get(name, False), bool):
            raise ValueError(f"option {name!r} must be true or false")
    if options.get("cities") and seats == 2 and not R.CITIES_WITH_TWO_SEATS:
        raise ValueError("Cities is played by 3 to 7 seats, not with the 2-player variant")
    if options.get("teams"):
        if not options.get("cities"):
            raise ValueError("the team game is part of Cities: set 'cities' too")
        if seats not in TEAM_SEATS:
            raise ValueError(f"the team game is played by 4 or 6 seats, not {seats}")


def deck_players(seats: int) -> int:
    """The player count whose cards are used (the 2-player variant uses the 3-player decks)."""
    return 3 if seats == 2 else seats


def cities_of(seats: int) -> int:
    """The number of cities: the seats, plus the Free City with 2 seats."""
    return 3 if seats == 2 else seats


def check_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` for ``seats``; return a clean copy (ValueError on bad options)."""
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 7:
        raise ValueError("classic 7 Wonders is played by 2 to 7 seats")
    if options is not None and not isinstance(options, dict):
        raise ValueError("the options must be a dict")
    options = dict(options or {})
    unknown = set(options) - OPTION_NAMES
    if unknown:
        raise ValueError(f"unknown classic options: {sorted(unknown)}")
    _check_cities(seats, options)
    sides = options.get("sides", "random")
    if sides not in SIDE_OPTIONS:
        raise ValueError(f"option 'sides' must be one of {SIDE_OPTIONS}")
    if options.get("setup") is not None:
        if set(options) - {"setup", "cities", "teams", "position"}:
            raise ValueError("option 'setup' fixes the boards: it cannot go with 'sides' or 'wonders'")
        fixed_deal(seats, options["setup"], options)
        return options
    wonders = options.get("wonders")
    if wonders is not None:
        _wonders(seats, wonders, complete=False, options=options)
    return options


def _wonders(seats: int, wonders: Any, complete: bool,
             options: dict[str, Any]) -> list[tuple[int | None, int | None]]:
    """(board, side) per city from a ``wonders`` list (``None`` parts are dealt unless ``complete``)."""
    cities = cities_of(seats)
    if not isinstance(wonders, list) or len(wonders) != cities:
        raise ValueError(f"'wonders' must list {cities} entries (one per city)")
    out: list[tuple[int | None, int | None]] = []
    for entry in wonders:
        if not isinstance(entry, dict) or set(entry) - {"board", "side"}:
            raise ValueError("each 'wonders' entry is {'board': id | null, 'side': 'A' | 'B' | null}")
        board, side = entry.get("board"), entry.get("side")
        if board is not None and board not in C.BOARD_ID[:boards_in_play(options)]:
            raise ValueError(f"unknown board {board!r}"
                             + (" (Byzantium and Petra come with Cities)" if board in C.BOARD_ID else ""))
        if side is not None and side not in C.SIDES:
            raise ValueError("a side is 'A' or 'B'")
        if complete and (board is None or side is None):
            raise ValueError("a fixed setup names the board and the side of every city")
        out.append((None if board is None else C.BOARD_ID.index(board),
                    None if side is None else C.SIDES.index(side)))
    chosen = [b for b, _ in out if b is not None]
    if len(set(chosen)) != len(chosen):
        raise ValueError("two cities cannot have the same board")
    return out


def age_cards(age: int, seats: int) -> Counter[int]:
    """The non-guild cards of ``age`` for ``seats`` (card index -> copies)."""
    return Counter(C.deck(age, deck_players(seats)))


def fixed_deal(seats: int, setup: Any, options: dict[str, Any] | None = None) -> Deal:
    """The deal described by a ``setup`` option (ValueError if it is not a possible deal).

    ``setup`` is ``{"wonders": [{"board", "side"} per city], "ages": [{"hands": [[7 card ids] per seat],
    "pile": [7 card ids, top first]} per Age]}`` (``pile`` with 2 seats only); Age III holds the
    Age III cards for the player count and ``players + 2`` distinct guilds. With Cities hands hold 8 cards
    and each Age ``players`` distinct black cards of that Age.
    """
    options = options or {}
    size = hand_size(options)
    blacks_wanted = deck_players(seats) if options.get("cities") else 0
    if not isinstance(setup, dict) or set(setup) != {"wonders", "ages"}:
        raise ValueError("option 'setup' is {'wonders': [...], 'ages': [...]}")
    wonders = _wonders(seats, setup["wonders"], complete=True, options=options)
    boards = tuple(C.board_side(b, s) for b, s in wonders if b is not None and s is not None)
    ages = setup["ages"]
    if not isinstance(ages, list) or len(ages) != 3:
        raise ValueError("a fixed setup deals three Ages")
    dealt = []
    two = seats == 2
    for age, entry in enumerate(ages, start=1):
        if not isinstance(entry, dict) or set(entry) != ({"hands", "pile"} if two else {"hands"}):
            raise ValueError("each Age of a fixed setup is {'hands': [...]}, plus 'pile' with 2 seats")
        hands = entry["hands"]
        if not isinstance(hands, list) or len(hands) != seats:
            raise ValueError(f"each Age deals one hand per seat ({seats})")
        cards: list[int] = []
        parsed = []
        for part in [*hands, entry["pile"]] if two else hands:
            if not isinstance(part, list) or len(part) != (7 if part is entry.get("pile") else size):
                raise ValueError(f"each hand holds {size} cards (and the Free City pile 7)")
            indices = []
            for cid in part:
                card = C.CARD_INDEX.get(cid) if isinstance(cid, str) else None
                if card is None or C.CARD_AGE[card] != age:
                    raise ValueError(f"{cid!r} is not a card of Age {age}")
                indices.append(card)
            cards.extend(indices)
            parsed.append(indices)
        counts = Counter(c for c in cards if not C.IS_GUILD[c] and not C.IS_BLACK[c])
        guilds = [c for c in cards if C.IS_GUILD[c]]
        blacks = [c for c in cards if C.IS_BLACK[c]]
        wanted_guilds = deck_players(seats) + 2 if age == 3 else 0
        if (counts != age_cards(age, seats) or len(guilds) != wanted_guilds or len(set(guilds)) != len(guilds)
                or len(blacks) != blacks_wanted or len(set(blacks)) != len(blacks)):
            raise ValueError(f"the Age {age} cards are not the deck for {deck_players(seats)} players"
                             + (f" with {wanted_guilds} distinct guilds" if age == 3 else "")
                             + (f" and {blacks_wanted} distinct black cards" if blacks_wanted else ""))
        dealt.append(AgeDeal(tuple(tuple(sorted(h)) for h in parsed[:seats]),
                             tuple(parsed[seats]) if two else ()))
    return Deal(boards, (dealt[0], dealt[1], dealt[2]))


def deal_from_seed(seats: int, seed: int, options: dict[str, Any]) -> Deal:
    """The deal drawn from ``seed`` under the ``sides`` and ``wonders`` options."""
    rng = random.Random(seed)
    cities = cities_of(seats)
    wanted: list[tuple[int | None, int | None]] = [(None, None)] * cities
    if options.get("wonders"):
        wanted = _wonders(seats, options["wonders"], complete=False, options=options)
    taken = {board for board, _ in wanted if board is not None}
    free = [b for b in range(boards_in_play(options)) if b not in taken]
    rng.shuffle(free)
    mode = options.get("sides", "random")
    boards = []
    for board, side in wanted:
        board = free.pop() if board is None else board
        coin = rng.randrange(2)
        if side is None:
            side = coin if mode == "random" else C.SIDES.index(mode)
        boards.append(C.board_side(board, side))
    dealt = [deal_age(age, seats, options, rng) for age in (1, 2, 3)]
    return Deal(tuple(boards), (dealt[0], dealt[1], dealt[2]))


def deal_age(age: int, seats: int, options: dict[str, Any], rng: random.Random) -> AgeDeal:
    """One Age dealt at random: its deck (guilds, black cards drawn), shuffled, cut into hands."""
    players = deck_players(seats)
    cards = C.deck(age, players)
    if age == 3:
        cards += rng.sample(C.GUILDS, players + 2)
    if options.get("cities"):
        cards += rng.sample(C.BLACK_CARDS[age], players)
    rng.shuffle(cards)
    size = hand_size(options)
    hands = tuple(tuple(sorted(cards[size * seat: size * seat + size])) for seat in range(seats))
    return AgeDeal(hands, tuple(cards[14:21]) if seats == 2 else ())


def make_deal(seats: int, seed: int, options: dict[str, Any]) -> Deal:
    """The game's deal: the fixed ``setup`` option if given, else drawn from ``seed``."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the seed must be an int")
    if options.get("setup") is not None:
        return fixed_deal(seats, options["setup"], options)
    return deal_from_seed(seats, seed, options)


def setup_of(deal: Deal) -> dict[str, Any]:
    """The ``setup`` option that gives ``deal`` (plain data)."""
    return {
        "wonders": [{"board": C.BOARD_ID[b // 2], "side": C.SIDES[b % 2]} for b in deal.boards],
        "ages": [{"hands": [[C.CARD_ID[c] for c in hand] for hand in age.hands],
                  **({"pile": [C.CARD_ID[c] for c in age.pile]} if age.pile else {})}
                 for age in deal.ages],
    }
