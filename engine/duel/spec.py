"""The declared facts of 7 Wonders Duel (see :class:`engine.api.GameSpec`)."""

from __future__ import annotations

from engine.api import GameSpec, OptionSpec

SPEC = GameSpec(
    kind="duel",
    title="7 Wonders Duel",
    min_seats=2,
    max_seats=2,
    default_seats=2,
    simultaneous=False,
    options=(
        OptionSpec("first_game_wonders", "bool", False, (False, True),
                   doc="the rulebook's wonder set for a first game, no draft"),
        OptionSpec("setup", "object", None, public=False, testing=True,
                   doc="a fixed layout (wonders, tokens, decks, first player) for tests and replays"),
        OptionSpec("position", "object", None, public=False, testing=True,
                   doc="a mid-game position (Age, whose turn, structure, cities, track, tokens, discard "
                       "pile) for tests; see docs/duel.md"),
        OptionSpec("sample_of", "object", None, public=False, testing=True,
                   doc="a seat's view: the game is drawn from what that seat knows (engine.sample); "
                       "the save of a sampled game"),
    ),
)
