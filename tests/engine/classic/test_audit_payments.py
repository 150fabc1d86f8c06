"""Audit: the offered (left, right) payments equal a brute-force enumeration of every way to pay.

The oracle below knows nothing of the engine's solver: it tries every assignment of the one-of cards
(own, left neighbour's sellable, right neighbour's sellable), keeps what the city then lacks when no
smaller lack is possible (a buyer buys only what it lacks), and every split of each lacking resource
between the two neighbours (the buyer picks the seller of each unit, even the dearer one), then keeps
the coin pairs within the budget.
"""

from __future__ import annotations

import random
from itertools import product

from engine.api import IllegalAction
from engine.classic import compiled as C
from engine.classic.actions import hand_options
from engine.classic.rules import new_game
from engine.classic.state import State
from tests.engine.classic.helpers import rebuild_caches

Pair = tuple[int, int]


def _sources(s: State, city: int, sellable_only: bool) -> tuple[list[int], list[list[int]]]:
    fixed = [0] * C.N_RES
    fixed[C.BOARD_RESOURCE[s.boards[city] // 2]] += 1
    effects = [C.CARD_FX[c] for c in s.built[city] if C.SELLABLE[c] or not sellable_only]
    if not sellable_only:
        effects += [C.BS_FX[s.boards[city]][k] for k in range(s.stages[city])]
    choices = []
    for fx in effects:
        if fx.produce:
            fixed = [a + b for a, b in zip(fixed, fx.produce, strict=True)]
        if fx.choice:
            choices.append([r for r in range(C.N_RES) if fx.choice >> r & 1])
    return fixed, choices


def _vectors(fixed: list[int], choices: list[list[int]]) -> set[tuple[int, ...]]:
    out = set()
    for pick in product(*choices):
        units = list(fixed)
        for r in pick:
            units[r] += 1
        out.add(tuple(units))
    return out


def _prices(s: State, city: int) -> tuple[list[int], list[int]]:
    """West Trading Post: left; East: right; Marketplace and Olympia B stage 1: both."""
    masks = [0, 0]
    names = {C.CARD_NAME[c] for c in s.built[city]}
    raw = 0b1111
    if "West Trading Post" in names:
        masks[0] |= raw
    if "East Trading Post" in names:
        masks[1] |= raw
    if "Marketplace" in names:
        masks[0] |= 0b1110000
        masks[1] |= 0b1110000
    if C.BS_ID[s.boards[city]] == "olympia_B" and s.stages[city] >= 1:
        masks[0] |= raw
        masks[1] |= raw
    left, right = ([1 if m >> r & 1 else 2 for r in range(C.N_RES)] for m in masks)
    return left, right


def oracle(s: State, city: int, need: tuple[int, ...], budget: int) -> set[Pair]:
    """Every affordable (left, right) payment of ``need`` for ``city``."""
    left_price, right_price = _prices(s, city)
    found: set[Pair] = set()
    lacks = {tuple(max(0, n - p) for n, p in zip(need, own, strict=True))
             for own in _vectors(*_sources(s, city, False))}
    minimal = [lack for lack in lacks
               if not any(o != lack and all(a <= b for a, b in zip(o, lack, strict=True)) for o in lacks)]
    for lacking in minimal:
        for left in _vectors(*_sources(s, s.left(city), True)):
            for right in _vectors(*_sources(s, s.right(city), True)):
                splits = []
                for r, d in enumerate(lacking):
                    if d:
                        splits.append([(k * left_price[r], (d - k) * right_price[r]) for k in range(d + 1)
                                       if k <= left[r] and d - k <= right[r]])
                for combo in product(*splits):
                    found.add((sum(a for a, _ in combo), sum(b for _, b in combo)))
    return {p for p in found if sum(p) <= budget}


def _random_state(rng: random.Random, trial: int) -> State:
    # internal edits on purpose: random cities (any cards of any Age) that no position allows, for the audit
    game = new_game(rng.randint(3, 7), trial, {"sides": rng.choice(["A", "B"])})
    s = game.state
    for city in range(s.n):
        names: set[int] = set()
        s.built[city] = []
        for card in rng.sample(range(C.N_BASE_CARDS), rng.randint(0, 14)):
            if C.CARD_NAME_IDX[card] not in names:
                names.add(C.CARD_NAME_IDX[card])
                s.built[city].append(card)
        s.stages[city] = rng.randint(0, C.BS_STAGES[s.boards[city]])
        s.coins[city] = rng.randint(0, 14)
    rebuild_caches(game)
    return s


def test_offered_payments_equal_the_brute_force_oracle() -> None:
    rng = random.Random(2024)
    checked = 0
    for trial in range(250):
        s = _random_state(rng, trial)
        city = rng.randrange(s.n)
        k = s.stages[city]
        stage = None if k >= C.BS_STAGES[s.boards[city]] else C.BS_NEED[s.boards[city]][k]
        for o in hand_options(s, city, rng.sample(range(C.N_BASE_CARDS), 8)):
            card = o.card
            if C.CARD_NAME_IDX[card] in s.names[city]:
                expected: set[Pair] = set()
            elif any(name in s.names[city] for name in C.CARD_FREE_WITH[card]):
                expected = {(0, 0)}
            elif C.CARD_COINS[card] > s.coins[city]:
                expected = set()
            else:
                expected = oracle(s, city, C.CARD_NEED[card], s.coins[city] - C.CARD_COINS[card])
            assert set(o.build) == expected and len(o.build) == len(expected), (C.CARD_ID[card], o.build)
            wonder = set() if stage is None else oracle(s, city, stage, s.coins[city])
            assert set(o.wonder) == wonder and len(o.wonder) == len(wonder)
            checked += 1
    assert checked == 2000


def test_apply_takes_every_listed_payment_and_no_other() -> None:
    rng = random.Random(7)
    for trial in range(40):
        game = new_game(7, trial, None)
        while game.state.age == 1:
            if game.state.phase != "turn":
                seat = game.to_act()[0]
                game.apply(seat, rng.choice(game.legal_actions(seat)))
                continue
            seat = 0
            listed = [a for a in game.legal_actions(seat) if a["type"] in ("build", "wonder")]
            for action in listed:
                game.apply(seat, action)  # accepted (replaces the choice)
                for bad in ({**action, "left": action["left"] + 1}, {**action, "right": action["right"] + 1}):
                    if bad not in listed:
                        before = game.to_dict()
                        try:
                            game.apply(seat, bad)
                        except IllegalAction:
                            assert game.to_dict() == before
                        else:
                            raise AssertionError(f"unlisted payment accepted: {bad}")
            for other in range(7):
                if game.legal_actions(other):
                    game.apply(other, rng.choice(game.legal_actions(other)))
