"""Setting up a classic game from a seed and options: every random outcome is drawn here."""

from __future__ import annotations

import random
from typing import Any

from engine.classic import compiled as C
from engine.classic.state import State

SIDE_OPTIONS = ("random", "A", "B")


def deck_players(seats: int) -> int:
    """The player count whose cards are used (the 2-player variant uses the 3-player decks)."""
    return 3 if seats == 2 else seats


def check_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Validate ``options`` for ``seats``; return a clean copy (ValueError on bad options)."""
    if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 7:
        raise ValueError("classic 7 Wonders is played by 2 to 7 seats")
    options = dict(options or {})
    unknown = set(options) - {"sides", "wonders"}
    if unknown:
        raise ValueError(f"unknown classic options: {sorted(unknown)}")
    sides = options.get("sides", "random")
    if sides not in SIDE_OPTIONS:
        raise ValueError(f"option 'sides' must be one of {SIDE_OPTIONS}")
    cities = 3 if seats == 2 else seats
    wonders = options.get("wonders")
    if wonders is not None:
        if not isinstance(wonders, list) or len(wonders) != cities:
            raise ValueError(f"option 'wonders' must list {cities} entries (one per city)")
        chosen = []
        for entry in wonders:
            if not isinstance(entry, dict) or set(entry) - {"board", "side"}:
                raise ValueError("each 'wonders' entry is {'board': id | null, 'side': 'A' | 'B' | null}")
            board, side = entry.get("board"), entry.get("side")
            if board is not None and board not in C.BOARD_ID:
                raise ValueError(f"unknown board {board!r}")
            if side is not None and side not in C.SIDES:
                raise ValueError("a side is 'A' or 'B'")
            if board is not None:
                chosen.append(board)
        if len(set(chosen)) != len(chosen):
            raise ValueError("two cities cannot have the same board")
    return options


def new_state(seats: int, seed: int, options: dict[str, Any] | None) -> State:
    """A fresh game: boards and sides dealt, the three age decks shuffled (guilds drawn)."""
    options = check_options(seats, options)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the seed must be an int")
    rng = random.Random(seed)
    cities = 3 if seats == 2 else seats
    wanted = options.get("wonders") or [{} for _ in range(cities)]
    taken = {C.BOARD_ID.index(w["board"]) for w in wanted if w.get("board") is not None}
    free = [b for b in range(C.N_BOARDS) if b not in taken]
    rng.shuffle(free)
    mode = options.get("sides", "random")
    boards = []
    for entry in wanted:
        board = C.BOARD_ID.index(entry["board"]) if entry.get("board") is not None else free.pop()
        coin = rng.randrange(2)
        if entry.get("side") is not None:
            side = C.SIDES.index(entry["side"])
        elif mode == "random":
            side = coin
        else:
            side = C.SIDES.index(mode)
        boards.append(C.board_side(board, side))
    players = deck_players(seats)
    decks = []
    for age in (1, 2, 3):
        cards = C.deck(age, players)
        if age == 3:
            cards += rng.sample(C.GUILDS, players + 2)
        rng.shuffle(cards)
        decks.append(cards)
    return State(seats, seed, options, boards, decks)
