"""Helpers to set up exact situations in a classic game (tests only).

:func:`arrange` writes a position through the testing option ``position`` (engine/classic/position.py,
docs/classic.md): the game it builds takes the place of the given one, checked as a possible position whose
save replays. :func:`rebuild_caches` is for the audits that edit a state on purpose (random cities no
position allows).
"""

from __future__ import annotations

from typing import Any

from engine.classic.game import ClassicGame
from engine.classic.rules import new_game
from engine.classic.state import State


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
            tokens: dict[int, list[int]] | None = None,
            tucked: dict[int, list[str]] | None = None, pile: list[str] | None = None,
            debt: dict[int, int] | None = None, diplomacy: dict[int, int] | None = None,
            discard_with: list[str] | None = None) -> ClassicGame:
    """Put in ``game``'s place the game at the start of a turn with these parts changed (a hand holds the
    cards given and is filled up from the deal, else keeps its cards in the same turn with 3 seats or more;
    ``tucked``: the cards under a city's stages, else spare Age I cards; ``pile``: the whole Free City pile
    before the turn's draw, top first; ``debt``, ``diplomacy``: Cities' tokens; ``discard``: the whole
    discard pile, ``discard_with``: cards it holds besides the turns' other cards; the rest stays as the game
    shows it)."""
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
        if index in (tucked or {}):
            entry["tucked"] = list((tucked or {})[index])
        if "debt" in city:
            entry.update(debt=(debt or {}).get(index, city["debt"]),
                         diplomacy=(diplomacy or {}).get(index, city["diplomacy"]))
        cities.append(entry)
    position["cities"] = cities
    same_turn = (position["age"], position["turn"]) == (view["age"], view["turn"])
    if hands is None and same_turn and game.seats > 2:
        hands = [game.view(seat)["hand"] for seat in range(game.seats)]
    if hands is not None:
        position["hands"] = [{"with": list(hand)} for hand in hands]
    if discard is not None:
        position["discard"] = list(discard)
    if discard_with is not None:
        position["discard"] = {"with": list(discard_with)}
    if pile is not None:
        position["pile"] = list(pile)
    options = {k: v for k, v in game.to_dict()["options"].items() if k != "position"}
    fresh = new_game(game.seats, game.to_dict()["seed"], {**options, "position": position})
    game.state, game.seats, game._legal = fresh.state, fresh.seats, fresh._legal
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
        events = game.apply(seat, {"type": "discard", "card": game.view(seat)["hand"][0]})
    return events


def builds(game: ClassicGame, seat: int, card: str) -> list[tuple[int, int]]:
    """The (left, right) payments offered to ``seat`` for building ``card``."""
    return [(a["left"], a["right"]) for a in game.legal_actions(seat)
            if a["type"] == "build" and a["card"] == card and not a.get("free_city")]


def stage_offers(game: ClassicGame, seat: int) -> list[tuple[int, int]]:
    """The distinct (left, right) payments offered to ``seat`` for its next wonder stage."""
    return sorted({(a["left"], a["right"]) for a in game.legal_actions(seat) if a["type"] == "wonder"})

