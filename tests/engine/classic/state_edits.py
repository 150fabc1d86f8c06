"""The former :func:`arrange` of the classic test helpers: it edits a game's state directly (tests only).

It reaches positions the ``position`` option refuses as impossible (hands too small for the turn or of
another Age, cards of a later Age built, more copies of a card than the game has): the tests still written
on it have not been moved to :func:`tests.engine.classic.helpers.arrange` yet, which goes through the
public option.
"""

from __future__ import annotations

from engine.classic.game import ClassicGame
from engine.classic.state import State
from tests.engine.classic.helpers import idx


def arrange(game: ClassicGame, *, hands: list[list[str]] | None = None,
            built: dict[int, list[str]] | None = None, coins: dict[int, int] | list[int] | None = None,
            stages: dict[int, int] | None = None,
            discard: list[str] | None = None, age: int | None = None, turn: int | None = None,
            tokens: dict[int, list[int]] | None = None) -> ClassicGame:
    """Overwrite parts of the state (the rest stays as dealt) and rebuild the caches."""
    s = game.state
    if age is not None:
        s.age = age
    if turn is not None:
        s.turn = turn
    if hands is not None:
        s.hands = [sorted(idx(c) for c in h) for h in hands]
    for city, cards in (built or {}).items():
        s.built[city] = [idx(c) for c in cards]
    if isinstance(coins, list):
        s.coins = list(coins)
    else:
        for city, n in (coins or {}).items():
            s.coins[city] = n
    for city, k in (stages or {}).items():
        s.stages[city] = k
        s.stage_cards[city] = [idx("a1_lumber_yard")] * k
    if discard is not None:
        s.discard = [idx(c) for c in discard]
    for city, ts in (tokens or {}).items():
        s.tokens[city] = list(ts)
    s.choices = [None] * s.seats
    s.free_city_choice = None
    rebuild_caches(game)
    return game


def rebuild_caches(game: ClassicGame) -> None:
    """Recompute every cache of the state from its boards, built cards and stages."""
    s = game.state
    fresh = State.start(s.seats, s.seed, s.options, s.deal)
    for name in ("names", "production", "for_sale", "own_choices", "sale_choices", "cheap", "shields",
                 "science", "wild", "colors", "abilities", "spies", "trading",
                 "trading_changed"):
        setattr(s, name, getattr(fresh, name))
    built, stages, tucked = s.built, s.stages, s.stage_cards
    s.built = [[] for _ in built]
    s.stages = [0] * len(stages)
    s.stage_cards = [[] for _ in tucked]
    for city, cards in enumerate(built):
        for card in cards:
            s.add_card(city, card)
    for city, k in enumerate(stages):
        for card in tucked[city][:k]:
            s.add_stage(city, card)
    s.snapshot_discounts()
    game._legal.clear()


