"""The 7 wonder boards, both sides, as data (costs in resource letters, effects as in :mod:`cards`).

Wonder abilities beyond the card primitives:

- ``olympia_free``: once per age, build a structure from the hand for free
- ``halicarnassus``: at the end of the turn, build a card of the discard pile for free
- ``babylon_last_card``: play the 7th card of each age instead of discarding it
- ``copy_guild``: at the end of the game, copy a guild of a neighbour

A stage cost may start with a number: coins paid to the bank (Petra, Cities). ``CITIES_BOARDS`` (Byzantium,
Petra: current edition, cities-cards.md) are dealt only in games with Cities.
"""

from __future__ import annotations

from typing import Any

from engine.classic.cards import RAW

Stage = tuple[str, dict[str, Any]]

# id, city name, wonder name, starting resource, {side: stages}
BOARDS: tuple[tuple[str, str, str, str, dict[str, tuple[Stage, ...]]], ...] = (
    ("rhodes", "Rhodes", "The Colossus of Rhodes", "ore", {
        "A": (("WW", {"vp": 3}), ("CCC", {"shields": 2}), ("OOOO", {"vp": 7})),
        "B": (("SSS", {"vp": 3, "shields": 1, "coins": 3}), ("OOOO", {"vp": 4, "shields": 1, "coins": 4})),
    }),
    ("alexandria", "Alexandria", "The Lighthouse of Alexandria", "glass", {
        "A": (("SS", {"vp": 3}), ("OO", {"produce_choice": list(RAW)}), ("GG", {"vp": 7})),
        "B": (("CC", {"produce_choice": list(RAW)}),
              ("WW", {"produce_choice": ["glass", "textile", "papyrus"]}),
              ("SSS", {"vp": 7})),
    }),
    ("ephesus", "Ephesus", "The Temple of Artemis in Ephesus", "papyrus", {
        "A": (("SS", {"vp": 3}), ("WW", {"coins": 9}), ("PP", {"vp": 7})),
        "B": (("SS", {"vp": 2, "coins": 4}), ("WW", {"vp": 3, "coins": 4}), ("GPT", {"vp": 5, "coins": 4})),
    }),
    ("babylon", "Babylon", "The Hanging Gardens of Babylon", "clay", {
        "A": (("CC", {"vp": 3}), ("WWW", {"science_wild": 1}), ("CCCC", {"vp": 7})),
        "B": (("CT", {"vp": 3}), ("WWG", {"ability": "babylon_last_card"}), ("CCCP", {"science_wild": 1})),
    }),
    ("olympia", "Olympia", "The Statue of Zeus in Olympia", "wood", {
        "A": (("WW", {"vp": 3}), ("SS", {"ability": "olympia_free"}), ("OO", {"vp": 7})),
        "B": (("WW", {"trade": {"resources": list(RAW), "neighbours": ["left", "right"]}}),
              ("SS", {"vp": 5}),
              ("OOT", {"ability": "copy_guild"})),
    }),
    ("halicarnassus", "Halicarnassus", "The Mausoleum of Halicarnassus", "textile", {
        "A": (("CC", {"vp": 3}), ("OOO", {"ability": "halicarnassus"}), ("TT", {"vp": 7})),
        "B": (("OO", {"vp": 2, "ability": "halicarnassus"}),
              ("CCC", {"vp": 1, "ability": "halicarnassus"}),
              ("GPT", {"ability": "halicarnassus"})),
    }),
    ("giza", "Giza", "The Pyramids of Giza", "stone", {
        "A": (("SS", {"vp": 3}), ("WWW", {"vp": 5}), ("SSSS", {"vp": 7})),
        "B": (("WW", {"vp": 3}), ("SSS", {"vp": 5}), ("CCC", {"vp": 5}), ("SSSSP", {"vp": 7})),
    }),
)

CITIES_BOARDS: tuple[tuple[str, str, str, str, dict[str, tuple[Stage, ...]]], ...] = (
    ("byzantium", "Byzantium", "The Hagia Sophia of Byzantium", "stone", {
        "A": (("CO", {"vp": 3}), ("WWP", {"vp": 4, "diplomacy": 1}), ("CCGT", {"vp": 7})),
        "B": (("WOP", {"vp": 4, "diplomacy": 1}), ("OOGT", {"vp": 6, "diplomacy": 1})),
    }),
    ("petra", "Petra", "The Great Temple of Petra", "clay", {
        "A": (("WS", {"vp": 3}), ("5", {"vp": 7}), ("WSSP", {"vp": 7})),
        "B": (("CCOO", {"vp": 3, "loss_others": 2}), ("10", {"vp": 14})),
    }),
)
