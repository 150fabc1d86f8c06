"""The declared facts of 7 Wonders: 3 to 7 seats, or the 2-player variant; the Cities expansion and its team
game as options (see engine.api.GameSpec)."""

from __future__ import annotations

from engine.api import GameSpec, OptionSpec

SPEC = GameSpec(
    kind="classic",
    title="7 Wonders",
    min_seats=2,
    max_seats=7,
    default_seats=3,
    simultaneous=True,
    options=(
        OptionSpec("sides", "str", "random", ("random", "A", "B"), doc="wonder board sides"),
        OptionSpec("wonders", "list", None,
                   doc="per city {'board': id | null, 'side': 'A' | 'B' | null}; null parts are dealt"),
        OptionSpec("cities", "bool", False, (False, True),
                   doc="the Cities expansion (3 to 7 seats): black cards, debt, diplomacy, Byzantium and"
                       " Petra, 8-card hands"),
        OptionSpec("teams", "bool", False, (False, True),
                   doc="with Cities and 4 or 6 seats: the team game (teammates side by side: seats 0-1, 2-3,"
                       " 4-5)"),
        OptionSpec("setup", "object", None, public=False, testing=True,
                   doc="a fixed deal (every city's board and side, every Age's hands and the Free City "
                       "pile) for tests and replays; see docs/classic.md"),
        OptionSpec("position", "object", None, public=False, testing=True,
                   doc="a mid-Age position (Age, turn, hands, cities, tokens, discard pile, Free City pile) "
                       "for tests; see docs/classic.md"),
    ),
)
