"""Everything random in a Duel game, drawn once at setup from the seed (or fixed by options)."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.duel.data import FIRST_GAME_WONDERS
from engine.duel.material import AGE_CARDS, CARD_INDEX, CARDS, GUILDS, PURPLE, TOKEN_INDEX, WONDER_INDEX

OPTION_KEYS = {"first_game_wonders", "setup", "sample_of", "position"}
SETUP_KEYS = {"first_player", "wonders", "progress_board", "progress_removed", "removed", "guilds", "ages"}
MAX_SEED = 2**63


class Setup(NamedTuple):
    """The outcome of every random draw of a game (never changed once drawn; shared by clones)."""

    first_player: int
    wonders: tuple[int, ...]              # the 8 Wonders of the draft in reveal order, 4 per round
    progress_board: tuple[int, ...]       # the 5 Progress tokens put on the board
    progress_removed: tuple[int, ...]     # the other 5, in the order the Great Library draws them
    removed: dict[int, tuple[int, ...]]   # per Age: the 3 cards removed unseen
    decks: dict[int, tuple[int, ...]]     # per Age: its 20 cards in slot order (Age III with 3 Guilds)

    @property
    def guilds(self) -> tuple[int, ...]:
        """The 3 Guilds of the Age III deck, in slot order."""
        return tuple(c for c in self.decks[3] if CARDS[c].color == PURPLE)


def check_seed(seed: Any) -> int:
    """The seed as an int, or ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not -MAX_SEED <= seed < MAX_SEED:
        raise ValueError(f"seed must be an integer in [-2**63, 2**63), got {seed!r}")
    return seed


def check_options(options: Any) -> dict[str, Any]:
    """The options dict after checking its keys and simple values (ValueError otherwise)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise ValueError("options must be a dict")
    unknown = set(options) - OPTION_KEYS
    if unknown:
        raise ValueError(f"unknown duel options {sorted(map(repr, unknown))}; known: {sorted(OPTION_KEYS)}")
    if "sample_of" in options and len(options) > 1:
        raise ValueError("sample_of cannot be combined with other options")
    if not isinstance(options.get("first_game_wonders", False), bool):
        raise ValueError("first_game_wonders must be true or false")
    fixed = options.get("setup", {})
    if not isinstance(fixed, dict):
        raise ValueError("setup must be a dict")
    unknown = set(fixed) - SETUP_KEYS
    if unknown:
        raise ValueError(f"unknown setup keys {sorted(map(repr, unknown))}; known: {sorted(SETUP_KEYS)}")
    return options


def _ids(value: Any, table: dict[str, int], what: str, count: int) -> list[int]:
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f"setup {what}: a list of {count} ids is expected")
    out = []
    for v in value:
        if not isinstance(v, str) or v not in table:
            raise ValueError(f"setup {what}: unknown id {v!r}")
        out.append(table[v])
    if len(set(out)) != count:
        raise ValueError(f"setup {what}: ids must be distinct")
    return out


def _age_map(fixed: dict[str, Any], key: str) -> dict[int, Any]:
    value = fixed.get(key, {})
    if not isinstance(value, dict) or not set(value) <= {"1", "2", "3"}:
        raise ValueError(f"setup {key}: a dict with keys '1', '2', '3' is expected")
    return {int(k): v for k, v in value.items()}


def _is_guild(card: int) -> bool:
    return CARDS[card].color == PURPLE


def draw_setup(seed: int, options: dict[str, Any]) -> Setup:
    """Draw every random outcome of the game (integer ids), honouring ``options['setup']``."""
    rng = random.Random(seed)
    fixed = options.get("setup", {})
    first = rng.randrange(2)
    wonders = list(range(12))
    rng.shuffle(wonders)
    tokens = list(range(10))
    rng.shuffle(tokens)
    decks: dict[int, list[int]] = {}
    removed: dict[int, list[int]] = {}
    for age in (1, 2, 3):
        cards = list(AGE_CARDS[age])
        rng.shuffle(cards)
        removed[age], decks[age] = cards[:3], cards[3:]
    guilds = list(GUILDS)
    rng.shuffle(guilds)
    deck3 = decks[3] + guilds[:3]
    rng.shuffle(deck3)
    decks[3] = deck3

    if "first_player" in fixed:
        asked = fixed["first_player"]
        if type(asked) is not int or asked not in (0, 1):
            raise ValueError("setup first_player must be 0 or 1")
        first = asked
    if options.get("first_game_wonders"):
        wonders = [WONDER_INDEX[w] for w in FIRST_GAME_WONDERS[0] + FIRST_GAME_WONDERS[1]]
    elif "wonders" in fixed:
        wonders = _ids(fixed["wonders"], WONDER_INDEX, "wonders", 8)
    wonders = wonders[:8]
    board, pool = tokens[:5], tokens[5:]
    if "progress_board" in fixed:
        board = _ids(fixed["progress_board"], TOKEN_INDEX, "progress_board", 5)
        pool = [t for t in tokens if t not in board]
    if "progress_removed" in fixed:
        pool = _ids(fixed["progress_removed"], TOKEN_INDEX, "progress_removed", 5)
        if "progress_board" not in fixed:
            board = [t for t in tokens if t not in pool]
    if set(board) & set(pool):
        raise ValueError("setup: progress_board and progress_removed overlap")

    ages, gone = _age_map(fixed, "ages"), _age_map(fixed, "removed")
    fixed_guilds = None
    if "guilds" in fixed:
        fixed_guilds = _ids(fixed["guilds"], CARD_INDEX, "guilds", 3)
        if any(not _is_guild(g) for g in fixed_guilds):
            raise ValueError("setup guilds: only guild ids are allowed")
    chosen_guilds = guilds[:3] if fixed_guilds is None else fixed_guilds
    for age in (1, 2, 3):
        if age in ages:
            deck = _ids(ages[age], CARD_INDEX, f"ages {age}", 20)
            plain = [c for c in deck if not _is_guild(c)]
            if any(CARDS[c].age != age for c in plain) or (age < 3 and len(plain) != 20):
                raise ValueError(f"setup ages {age}: only Age {age} cards are allowed")
            if age == 3:
                in_deck = [c for c in deck if _is_guild(c)]
                if len(in_deck) != 3:
                    raise ValueError("setup ages 3: exactly 3 guilds are expected")
                if fixed_guilds is not None and set(in_deck) != set(fixed_guilds):
                    raise ValueError("setup: guilds differ from the guilds in ages 3")
                chosen_guilds = in_deck
            rest = [c for c in AGE_CARDS[age] if c not in deck]
            if age in gone:
                rem = _ids(gone[age], CARD_INDEX, f"removed {age}", 3)
                if set(rem) != set(rest):
                    raise ValueError(f"setup removed {age}: must be the 3 Age {age} cards not in ages {age}")
                rest = rem
            decks[age], removed[age] = deck, rest
        elif age in gone:
            rem = _ids(gone[age], CARD_INDEX, f"removed {age}", 3)
            if not set(rem) <= set(AGE_CARDS[age]):
                raise ValueError(f"setup removed {age}: only Age {age} cards are allowed")
            deck = [c for c in AGE_CARDS[age] if c not in rem] + (chosen_guilds if age == 3 else [])
            rng.shuffle(deck)
            decks[age], removed[age] = deck, rem
        elif age == 3 and fixed_guilds is not None:
            swap = iter(fixed_guilds)
            decks[3] = [next(swap) if _is_guild(c) else c for c in decks[3]]
    return Setup(
        first_player=first,
        wonders=tuple(wonders),
        progress_board=tuple(board),
        progress_removed=tuple(pool),
        removed={age: tuple(cards) for age, cards in removed.items()},
        decks={age: tuple(cards) for age, cards in decks.items()},
    )
