"""Test helpers: games through the public API, with fixed setups or from a mid-game position.

Every position a test needs (coins, the pawn, a city's cards, Wonders or tokens, the structure, who is to
play) is written through the testing option ``position`` (engine/duel/position.py, docs/duel.md): a helper
that changes a game takes its current position (:func:`engine.duel.position.position_of`), changes it, and
puts in its place the game the option builds, so the game is a checked, possible one and its save replays.
Cards given to a city bring what they produce, their chains, symbols and points, never their immediate
effects (coins, shields moving the pawn, a Progress choice): a position says those itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from engine.duel.game import DuelGame
from engine.duel.material import AGE_CARDS, CARD_IDS, CARDS, GUILDS, WONDER_IDS
from engine.duel.position import position_of

Position = dict[str, Any]
WONDERS_PER_CITY = 4


def new(seed: int = 1, first_game: bool = True, **setup: Any) -> DuelGame:
    """A game through the public API; seat 0 is the first player unless ``setup`` says otherwise."""
    options: dict[str, Any] = {"setup": {"first_player": 0, **setup}}
    if first_game:
        options["first_game_wonders"] = True
    game = engine.new_game("duel", seats=2, seed=seed, options=options)
    assert isinstance(game, DuelGame)
    return game


def deck_for(age: int, front: list[str]) -> list[str]:
    """20 card ids of ``age`` with ``front`` in the last slots (accessible at the start); Age III holds
    3 Guilds (those of ``front`` first)."""
    guilds = [CARD_IDS[g] for g in GUILDS]
    plain = [CARD_IDS[c] for c in AGE_CARDS[age] if CARD_IDS[c] not in front]
    if age < 3:
        return plain[: 20 - len(front)] + list(front)
    more_guilds = [g for g in guilds if g not in front][: 3 - sum(c in guilds for c in front)]
    return plain[: 20 - len(front) - len(more_guilds)] + more_guilds + list(front)


def game_from(position: Position, seed: int = 1, first_game: bool = True) -> DuelGame:
    """A game at ``position`` through the public API (seat 0 is the first player unless it says)."""
    options: dict[str, Any] = {"setup": {"first_player": 0}, "position": {"first_player": 0, **position}}
    if first_game:
        options["first_game_wonders"] = True
    game = engine.new_game("duel", seats=2, seed=seed, options=options)
    assert isinstance(game, DuelGame)
    return game


def _seed_of(game: DuelGame) -> int:
    seed: int = game.to_dict()["seed"]
    return seed


def reposition(game: DuelGame, change: Callable[[Position], None]) -> DuelGame:
    """Put in ``game``'s place the game at its current position as ``change`` rewrites it."""
    position = position_of(game.state)
    change(position)
    options = {k: v for k, v in game.to_dict()["options"].items() if k != "sample_of"}
    options["position"] = position
    while True:
        try:
            fresh = engine.new_game("duel", seats=2, seed=_seed_of(game), options=options)
            break
        except ValueError as refused:
            # Fewer slots are free around the taken ones: the cards dealt in first (not the test's) go.
            loose = position["structure"]
            if "to be accessible" not in str(refused) or not isinstance(loose, dict) \
                    or not loose["accessible"]:
                raise
            loose["accessible"].pop(0)
    assert isinstance(fresh, DuelGame)
    game.state = fresh.state
    return game


def _loose_structure(position: Position) -> None:
    """Keep only which cards are accessible: the builder deals the rest around the slots it takes."""
    if isinstance(position["structure"], dict):
        return
    free_slots = _free_slots(position)
    accessible = [card for card, free in zip(position["structure"], free_slots, strict=True) if free]
    position["structure"] = {"accessible": accessible}
    position.pop("access_order", None)


def _free_slots(position: Position) -> list[bool]:
    free = set(position.get("access_order") or [])
    return [i in free for i in range(20)]


def lay_out(game: DuelGame, age: int, deck: list[str]) -> DuelGame:
    """Start ``age`` with ``deck`` (20 ids in slot order) as its structure, nothing taken, the same seat to
    play; cards of later Ages leave the cities."""
    def change(position: Position) -> None:
        position.update(age=age, structure=list(deck))
        position.pop("access_order", None)
        position["discard"] = None  # the finished Ages' missing cards are discarded
        if age < 3:
            for city in position["cities"]:
                city["cards"] = [c for c in city["cards"] if _age(c) <= age]
    return reposition(game, change)


def jump(game: DuelGame, age: int, front: list[str], seat: int = 0) -> DuelGame:
    """Start ``age`` with ``front`` accessible and ``seat`` to play."""
    lay_out(game, age, deck_for(age, front))
    give_turn(game, seat)
    return game


def give_turn(game: DuelGame, seat: int) -> None:
    """``seat`` is to play a turn now."""
    reposition(game, lambda position: position.update(to_play=seat))


def ready(front: list[str], age: int = 1, seat: int = 0, coins: int = 40,
          cities: tuple[Position, Position] = ({}, {}), **position: Any) -> DuelGame:
    """A game at ``age`` with ``front`` accessible, ``seat`` to act, both players holding ``coins``; the
    ``cities`` add their parts (coins, cards, Wonders, tokens) and ``position`` its other parts. When cards
    of ``age`` are placed (cities, Wonders, discard), the builder deals the structure around their slots."""
    placed = [c for city in cities for c in city.get("cards", [])] + [
        w["card"] for city in cities for w in city.get("wonders", []) if isinstance(w, dict) and "card" in w
    ] + list(position.get("discard") or [])
    structure: Any = deck_for(age, front)
    if any(_age(c) == age for c in placed):
        structure = {"accessible": list(front)}
    return game_from({"age": age, "to_play": seat, "structure": structure,
                      "cities": [{"coins": coins, **city} for city in cities], **position})


def coins(game: DuelGame) -> list[int]:
    """Both seats' coins, from the public view."""
    return [p["coins"] for p in game.view(None)["players"]]


def set_coins(game: DuelGame, *purses: int | None) -> None:
    """Set the coins of seat 0 and seat 1 (``None`` keeps them)."""
    def change(position: Position) -> None:
        for city, amount in zip(position["cities"], purses, strict=False):
            if amount is not None:
                city["coins"] = amount
    reposition(game, change)


def pawn(game: DuelGame) -> int:
    """The pawn's position, from the public view."""
    pos: int = game.view(None)["military"]["pawn"]
    return pos


def set_pawn(game: DuelGame, position_on_track: int) -> None:
    """Put the conflict pawn on ``position_on_track``; the military tokens it passed are gone."""
    def change(position: Position) -> None:
        position["pawn"] = position_on_track
        position.pop("military_tokens")
    reposition(game, change)


def _age(card: str) -> int:
    return CARDS[CARD_IDS.index(card)].age


def give(game: DuelGame, seat: int, *cards: str) -> None:
    """Put cards into a city (what they give, not their immediate effects): a card of the current Age
    leaves the structure (taken from it), one of a past Age leaves the discard pile (or takes the place
    of a discarded card of its Age)."""
    def change(position: Position) -> None:
        for card in cards:
            age = _age(card)
            assert age <= position["age"], f"{card} is an Age {age} card, not dealt in Age {position['age']}"
            if age == position["age"]:
                _loose_structure(position)
                accessible = position["structure"]["accessible"]
                if card in accessible:
                    accessible.remove(card)
            elif card in position["discard"]:
                position["discard"].remove(card)
            else:
                position["discard"].remove(next(c for c in position["discard"] if _age(c) == age))
            position["cities"][seat]["cards"].append(card)
    reposition(game, change)


def give_token(game: DuelGame, seat: int, token: str) -> None:
    """Hand a Progress token to ``seat`` (what it gives; Law's symbol, Masonry's discount, never its
    coins): from the board, else from the box (a token of the board goes to the box for it)."""
    def change(position: Position) -> None:
        board, boxed = position["progress_board"], position["progress_boxed"]
        if token in board:
            board.remove(token)
        else:
            boxed.remove(token)
            boxed.append(board.pop())
        position["cities"][seat]["progress"].append(token)
    reposition(game, change)


def set_wonders(game: DuelGame, seat: int, *wonders: str, built: int = 0) -> None:
    """Give ``seat`` these Wonders (the first ``built`` of them built), topped up to 4 with unbuilt Wonders
    of the draft that the other city does not hold; the other city gives up any of them it held."""
    def change(position: Position) -> None:
        mine: list[Any] = [{"id": w, "built": True} if i < built else w for i, w in enumerate(wonders)]
        other = position["cities"][1 - seat]
        other["wonders"] = [w for w in other["wonders"] if _wonder_id(w) not in wonders]
        held = set(wonders) | {_wonder_id(w) for w in other["wonders"]}
        spare = [w for w in WONDER_IDS if w not in held]
        mine += spare[:WONDERS_PER_CITY - len(mine)]
        other["wonders"] += [w for w in spare if w not in mine][:WONDERS_PER_CITY - len(other["wonders"])]
        position["cities"][seat]["wonders"] = mine
    reposition(game, change)


def _wonder_id(entry: Any) -> str:
    return entry if isinstance(entry, str) else str(entry["id"])


def build(game: DuelGame, card: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Build ``card`` through the public API."""
    return game.apply(game.to_act()[0] if seat is None else seat, {"type": "build", "card": card})


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one type."""
    return [e for e in events if e["type"] == kind]
