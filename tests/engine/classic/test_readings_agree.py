"""Every switch of engine/classic/readings.py, set both ways, keeps the views, the legal actions, the coins
actually paid and the final scores in agreement (seeded random games: base, 2 seats, Cities, teams).

What agrees with what:
- the offers of the view's ``my_turn`` are exactly the legal build and wonder payments;
- no legal payment is below what the view's shown prices allow (units lacking x the lowest price shown, less
  one coin per Clandestine Wharf);
- after every action, each city's coins are those before plus what the events say was paid and received;
- the result's score rows are the sums of its sources, the totals the sums of the rows, and the board's view
  shows that result.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

import engine
from engine.classic import readings as R
from engine.classic.game import ClassicGame
from engine.classic.scoring import CITIES_ROWS, ROWS

# The other value of every switch (a function's other reading is another function).
OTHER: dict[str, Any] = {
    "DISCOUNT_FROM_BUILD_TURN": False,
    "HALICARNASSUS_IN_CITY_ORDER": False,
    "POST_TURN_ORDER": ("babylon", "halicarnassus"),
    "SHIPOWNERS_COPY_COUNTS_ITSELF": False,
    "FREE_CITY_CAN_WIN": True,
    "FREE_CITY_ABILITIES": False,
    "FREE_CITY_PLAYS_LAST_CARD": True,
    "first_controller": lambda age: 0 if age == 2 else 1,
    "late_discounts": lambda now, at_turn_start: at_turn_start,
    "CITIES_WITH_TWO_SEATS": True,
    "EMBASSY_VP": 3,
    "LOSSES_COUNTED_AT_END_OF_TURN": False,
    "RAIDER_DEBT_PAYABLE": True,
    "SPY_COPIES_GREEN_CARDS_ONLY": False,
    "SPIES_MAY_COPY_SAME_CARD": False,
    "PURCHASE_PRICE_FLOOR": 1,
    "floored": lambda price: max(1, price),
    "ONCE_PER_TURN_PER_CARD": False,
    "CITIES_EXTRA_PRODUCTION_SELLABLE": True,
    "PRODUCED_COUNTS_CHOICE_CARDS": False,
    "SECRET_NETWORK_COUNTS_ITSELF": False,
    "DISCARD_BUILD_TAKES_BLACK_CARDS": False,
    "teams_of": lambda seats: tuple((first, (first + seats // 2) % seats) for first in range(seats // 2)),
    "TEAM_CONFLICTS_PER_PAIR": 1,
    "TEAM_DIPLOMACY_REDUCES_TO_ONE": False,
    "TEAM_LOSSES_HIT_TEAMMATE": False,
    "TEAM_TIE_SHARED": False,
}
VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (4, {"sides": "B"}), (3, {"cities": True, "sides": "B"}), (4, {"cities": True, "teams": True}),
]
FREE_STAGES = "a2_architect_firm"  # its stages cost no resources
WHARVES = {"a1_west_clandestine_wharf", "a1_east_clandestine_wharf"}
CHECK_EVERY = 5  # the offers are compared at every 5th decision (views cost more than moves)


def switches() -> list[str]:
    """Every switch of the readings module: its upper-case constants and its public functions."""
    names = [name for name, value in vars(R).items()
             if not name.startswith("_") and (name.isupper() or inspect.isfunction(value))
             and getattr(value, "__module__", R.__name__) == R.__name__]
    return sorted(names)


def test_every_switch_has_its_other_value() -> None:
    """A new reading must say its other value here, so that the agreement test below covers it."""
    assert switches() == sorted(OTHER)


def _coins(game: ClassicGame) -> list[int]:
    return [c["coins"] for c in game.view(None, memory=False)["cities"]]


def _ledger(before: list[int], events: list[dict[str, Any]], neighbours: list[tuple[int, int]]) -> list[int]:
    """The coins of each city after ``events``, from the coins ``before`` and what the events say."""
    coins = list(before)
    for e in events:
        kind = e["type"]
        if kind in ("build", "wonder"):
            city = e["city"]
            coins[city] -= e["left"] + e["right"] + e["coins"]
            coins[neighbours[city][0]] += e["left"]
            coins[neighbours[city][1]] += e["right"]
        elif kind == "discard":
            coins[e["city"]] += e["coins"]
        elif kind == "coins":
            coins[e["city"]] += e["delta"]
        elif kind == "debt":
            coins[e["city"]] -= e["paid"]
    return coins


def _lacking(cost: dict[str, int], city: dict[str, Any]) -> int:
    """A lower bound of the units ``city`` must buy for ``cost``: what its fixed production misses, less one
    per one-of production."""
    missing = sum(max(0, n - city["production"].get(res, 0)) for res, n in cost.items())
    return max(0, missing - len(city["choices"]))


def _check_offers(game: ClassicGame, seat: int, legal: list[dict[str, Any]],
                  catalog: dict[str, dict[str, Any]], stages: dict[str, list[dict[str, Any]]]) -> None:
    view = game.view(seat, memory=False)
    turn = view["my_turn"]
    if turn is None or not turn["cards"]:
        return
    for_city = turn["city"]
    shown = {(kind, card["card"], pay["left"], pay["right"])
             for card in turn["cards"] for kind in ("build", "wonder") for pay in card[kind]}
    free_city = for_city != seat
    offered = {(a["type"], a["card"], a["left"], a["right"]) for a in legal
               if a["type"] in ("build", "wonder") and bool(a.get("free_city")) == free_city}
    assert shown == offered
    city = view["cities"][for_city]
    lowest = min(min(prices.values()) for prices in city["prices"].values())
    rebates = len(WHARVES & set(city["cards"]))
    chained = {card["card"] for card in turn["cards"] if card["chain"]}
    for kind, card, left, right in offered:
        if (kind == "build" and card in chained) or (kind == "wonder" and FREE_STAGES in city["cards"]):
            continue
        if kind == "build":
            cost = catalog[card]["cost"]["resources"]
        else:
            cost = stages[f"{city['board']}_{city['side']}"][city["stages_built"]]["cost"]["resources"]
        assert left + right >= _lacking(cost, city) * lowest - rebates, (kind, card, left, right)


def _check_result(game: ClassicGame) -> None:
    result = game.result()
    assert result is not None and game.view(None)["result"] == result
    pads = [*zip(result["scores"], result["sources"], strict=True)]
    if result["free_city"] is not None:
        pads.append((result["free_city"], result["free_city_sources"]))
    for pad, sources in pads:
        rows = [r for r in (*ROWS, *CITIES_ROWS) if r in pad]
        for row in rows:
            assert pad[row] == sum(s["points"] for s in sources if s["row"] == row), row
        assert pad["total"] == sum(pad[r] for r in rows)


def play_checked(seats: int, seed: int, options: dict[str, Any]) -> ClassicGame:
    """A seeded random game (builds preferred), every agreement checked along the way."""
    game = engine.new_game("classic", seats=seats, seed=seed, options=options)
    assert isinstance(game, ClassicGame)
    catalog_data = engine.catalog("classic", options)
    catalog = {card["id"]: card for card in catalog_data["cards"]}
    stages = {board["id"]: board["stages"] for board in catalog_data["boards"]}
    rng = random.Random(seed)
    cities = game.view(None, memory=False)["cities"]
    neighbours = [(c["left"], c["right"]) for c in cities]
    step = 0
    while not game.is_over():
        seat = game.waiting()[0] if game.waiting() else game.to_act()[0]
        legal = game.legal_actions(seat)
        if step % CHECK_EVERY == 0:
            _check_offers(game, seat, legal, catalog, stages)
        paid = [a for a in legal if a["type"] in ("build", "wonder")]
        action = rng.choice(paid if paid and rng.random() < 0.8 else legal)
        before = _coins(game)
        events = game.apply(seat, action)
        assert _coins(game) == _ledger(before, events, neighbours), (action, events)
        step += 1
    _check_result(game)
    return game


def _set(monkeypatch: pytest.MonkeyPatch, name: str, value: Any) -> None:
    monkeypatch.setattr(R, name, value)


def test_readings_agree_as_they_are() -> None:
    """With every reading as it is, views, legal actions, coins paid and scores agree over seeded games of
    every variant."""
    for seed in range(2):
        for seats, options in VARIANTS:
            play_checked(seats, seed=seed + seats, options=options)


@pytest.mark.parametrize("name", sorted(OTHER))
def test_readings_agree(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """With readings.<name> set the other way, views, legal actions, coins paid and scores agree over
    seeded games of every variant."""
    _set(monkeypatch, name, OTHER[name])
    for seats, options in VARIANTS:
        play_checked(seats, seed=len(name) + seats, options=options)


def test_the_check_catches_a_stale_price(monkeypatch: pytest.MonkeyPatch) -> None:
    """The offers check fails when the legal payments ignore the floor the view shows (the bug this test
    guards against): the pricing memos are made to keep an answer computed with another floor."""
    from engine.classic import pricing

    game = _smugglers_position()
    # internal edits on purpose: the pricing memos are made stale, which no public action can do
    pricing._SOLVED.clear()
    pricing._BY_CONTEXT.clear()
    legal = game.legal_actions(0)  # remembered with the floor at 0
    monkeypatch.setattr(R, "PURCHASE_PRICE_FLOOR", 1)
    pricing._FLOOR_OF_MEMOS[0] = 1  # the memos pass for answers of floor 1 (the next other floor clears them)
    game._legal.clear()
    catalog_data = engine.catalog("classic", {"cities": True})
    catalog = {card["id"]: card for card in catalog_data["cards"]}
    stages = {board["id"]: board["stages"] for board in catalog_data["boards"]}
    with pytest.raises(AssertionError):
        _check_offers(game, 0, game.legal_actions(0), catalog, stages)
    assert legal == game.legal_actions(0)


def _smugglers_position() -> ClassicGame:
    """Cities, turn 2: Ephesus (papyrus) with a Smuggler's Cache and a West Trading Post holds the Baths
    (S), bought from its left neighbour Giza."""
    from tests.engine.classic.cities_helpers import cities_game
    from tests.engine.classic.helpers import arrange

    game = cities_game(["ephesus", "giza", "rhodes"])
    arrange(game, turn=2, hands=[["a1_baths"], [], []], coins=[3, 0, 0],
            built={0: ["a1_smugglers_cache", "a1_west_trading_post"]})
    return game
