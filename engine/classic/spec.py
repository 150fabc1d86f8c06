"""The declared facts of 7 Wonders: 3 to 7 seats, or the 2-player variant (see engine.api.GameSpec)."""

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
        OptionSpec("setup", "object", None, public=False, testing=True,
                   doc="a fixed deal (every city's board and side, every Age's hands and the Free City "
                       "pile) for tests and replays; see docs/classic.md"),
    ),
)
