"""Helpers to set up exact situations in a classic game (tests only).

:func:`arrange` writes a position through the testing option ``position`` (engine/classic/position.py,
docs/classic.md): the game it builds takes the place of the given one, checked as a possible position whose
save replays. :func:`force_production` and :func:`no_sales` still edit the state's caches (a production no
set of cards gives); the tests whose positions the option refuses as impossible use
:func:`tests.engine.classic.state_edits.arrange`.
"""

from __future__ import annotations

from typing import Any

from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.rules import new_game
from engine.classic.state import State


def idx(card: str) -> int:
    """Internal index of a card id."""
    return C.CARD_INDEX[card]


def make(boards: list[str], sides: str | list[str] = "A", seats: int | None = None,
         seed: int = 0) -> ClassicGame:
    """A new game with the given board per city (and side, or one side per city)."""
    cities = len(boards)
    seats = seats if seats is not None else cities
    side_list = [sides] * cities if isinstance(sides, str) else sides
    wonders = [{"board": b, "side": s} for b, s in zip(boards, side_list, strict=True)]
    return new_game(seats, seed, {"wonders": wonders})


def arrange(game: ClassicGame, *, hands: list[list[str]] | None = None,
            built: dict[int, list[str]] | None = None, coins: dict[int, int] | list[int] | None = None,
            stages: dict[int, int] | None = None,
            discard: list[str] | None = None, age: int | None = None, turn: int | None = None,
            tokens: dict[int, list[int]] | None = None) -> ClassicGame:
    """Put in ``game``'s place the game at the start of a turn with these parts changed (a hand holds the
    cards given and is filled up from the deal; the rest stays as the game has it)."""
    view = game.view(None)
    position: dict[str, Any] = {"age": view["age"] if age is None else age,
                                "turn": view["turn"] if turn is None else turn}
    purses = dict(enumerate(coins)) if isinstance(coins, list) else dict(coins or {})
    cities = []
    for index, city in enumerate(view["cities"]):
        entry: dict[str, Any] = {
            "board": city["board"], "side": city["side"],
            "built": (built or {}).get(index, city["cards"]),
            "stages": (stages or {}).get(index, city["stages_built"]),
            "coins": purses.get(index, city["coins"]),
            "military": (tokens or {}).get(index, city["military"]),
        }
        if "debt" in city:
            entry.update(debt=city["debt"], diplomacy=city["diplomacy"])
        cities.append(entry)
    position["cities"] = cities
    if hands is not None:
        position["hands"] = [{"with": list(hand)} for hand in hands]
    if discard is not None:
        position["discard"] = list(discard)
    options = {k: v for k, v in game.to_dict()["options"].items() if k != "position"}
    fresh = new_game(game.seats, game.to_dict()["seed"], {**options, "position": position})
    vars(game).update(vars(fresh))
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


def dealt(state: State, age: int) -> list[int]:
    """Every card dealt for ``age`` (the hands and, with 2 seats, the Free City pile)."""
    deal = state.deal.ages[age - 1]
    return [c for hand in deal.hands for c in hand] + list(deal.pile)


def act(game: ClassicGame, seat: int, **action: Any) -> list[dict[str, Any]]:
    """Apply one action written as keyword fields (``type=...``, ``card=...``)."""
    return game.apply(seat, dict(action))


def discard_all(game: ClassicGame, skip: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """Every seat not in ``skip`` discards the first card of its hand; returns the last events."""
    events: list[dict[str, Any]] = []
    for seat in range(game.seats):
        if seat in skip:
            continue
        card = C.CARD_ID[game.state.hands[seat][0]]
        events = game.apply(seat, {"type": "discard", "card": card})
    return events


def builds(game: ClassicGame, seat: int, card: str) -> list[tuple[int, int]]:
    """The (left, right) payments offered to ``seat`` for building ``card``."""
    return [(a["left"], a["right"]) for a in game.legal_actions(seat)
            if a["type"] == "build" and a["card"] == card and not a.get("free_city")]


def stage_offers(game: ClassicGame, seat: int) -> list[tuple[int, int]]:
    """The distinct (left, right) payments offered to ``seat`` for its next wonder stage."""
    return sorted({(a["left"], a["right"]) for a in game.legal_actions(seat) if a["type"] == "wonder"})


def force_production(game: ClassicGame, city: int, letters: str, sell: bool = False) -> None:
    """Replace ``city``'s production by exactly ``letters`` (no one-of cards); ``sell``: sellable too."""
    s = game.state
    vec = list(C.parse_cost(letters))
    s.production[city] = list(vec)
    s.own_choices[city] = []
    if sell:
        s.for_sale[city] = list(vec)
        s.sale_choices[city] = []
    s.forget_trading()
    game._legal.clear()


def no_sales(game: ClassicGame, *cities: int) -> None:
    """Make ``cities`` sell nothing."""
    for city in cities:
        game.state.for_sale[city] = [0] * C.N_RES
        game.state.sale_choices[city] = []
    game.state.forget_trading()
    game._legal.clear()
