"""The bots' fast path in classic 7 Wonders: cheap playouts and position features, on the state directly.

The searching bots (:mod:`engine.bots.search`) reach this module by name through
:func:`engine.bots.knowledge.playout_for`, and only ever hand it worlds drawn with ``engine.sample``
from one seat's view. A playout turn skips the full legal-action enumeration (every card's every
payment, most of a turn's cost): the seat draws a card of its hand by what ``easy``'s heuristic counts
it worth to its city (:func:`card_worth`), leaning to its strategy mode's cards (:data:`MODES`), and
prices only that card, then builds it with its cheapest payment, or tries another
card, or builds a wonder stage, or discards. The choice goes in exactly as :meth:`ClassicGame.apply`
would put it (:func:`choose`, checked against it in the tests). Decisions other than a seat's own turn
(the Free City, Cities' debts, Halicarnassus, Babylon, guild copies) go through the public interface.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.api import Game
from engine.classic import compiled as C
from engine.classic.actions import (
    ActionKey,
    CardOptions,
    action_of,
    card_build,
    discounts,
    olympia_ready,
    parse,
    plan_of,
    pricer,
    stage_payments,
)
from engine.classic.bots import CONFLICT_WIN, ClassicWeights
from engine.classic.game import ClassicGame
from engine.classic.pricing import Coins, Pricer
from engine.classic.resolve import resolve_turn
from engine.classic.scoring import best_science, score_city
from engine.classic.state import (
    ACTION_TYPES,
    BUILD,
    DISCARD,
    OLYMPIA,
    OVER,
    PAY,
    TURN,
    WONDER,
    Choice,
    State,
)

KIND = "classic"
MODES: tuple[str, ...] = ("balanced", "science", "military", "civilian")
"""The strategies a playout seat may follow: each favours its own cards, so the search meets rushes."""
CARD_TRIES = 3
"""Cards of its hand a playout seat prices before it settles for a wonder stage or a discard."""
STAGE_CHANCE: tuple[float, ...] = (0.15, 0.1, 0.1, 0.3)
"""Per mode: the chance a playout seat builds a wonder stage (when it can) before trying its cards."""
MANUFACTURED = frozenset(C.RESOURCES.index(r) for r in ("glass", "textile", "papyrus"))

FEATURES: tuple[str, ...] = (
    "points", "civilian_vp", "science_vp", "military_vp", "coins", "shield_edge", "raw_production",
    "manufactured_production", "choices", "trade_discounts", "stages_built", "stages_left", "cards_built",
    "science_symbols", "guild_vp", "shield_lead", "neighbour_goods", "missing_goods", "science_gain",
)
"""The features of one seat's city (:func:`features`), in order; the learned model's weights follow it."""
SIGNED_FEATURES: frozenset[str] = frozenset({"stages_left", "shield_lead", "missing_goods"})
"""The features whose weight training may make negative; every other one is a good (more of it never
lowers a seat's estimate), so its weight is kept at 0 or above."""


def _mode_factor(card: int, mode: str) -> float:
    """How much more a playout seat following ``mode`` likes ``card`` than a balanced seat does."""
    color = C.CARD_COLOR[card]
    if mode == "science" and color == C.GREEN:
        return 4.0
    if mode == "military" and color == C.RED:
        return 1.0 + 2.0 * C.CARD_FX[card].shields
    if mode == "civilian" and color in (C.BLUE, C.PURPLE):
        return 2.5
    return 1.0


def _card_weight(card: int, mode: str) -> float:
    """How much a playout seat following ``mode`` likes building ``card`` (the moves of other decisions
    than a turn's, and the search's order of moves)."""
    fx = C.CARD_FX[card]
    weight = 1.0 + 0.5 * fx.vp + 1.0 * fx.shields
    if fx.science >= 0 or fx.wild:
        weight += 1.5
    if fx.produce is not None or fx.choice:
        weight += 2.0 if C.CARD_AGE[card] == 1 else 1.0
    if fx.vp_per is not None or fx.coins_per is not None:
        weight += 1.5
    return weight * _mode_factor(card, mode)


CARD_WEIGHTS: tuple[tuple[float, ...], ...] = tuple(
    tuple(_card_weight(card, mode) for card in range(C.N_CARDS)) for mode in MODES)
MODE_FACTORS: tuple[tuple[float, ...], ...] = tuple(
    tuple(_mode_factor(card, mode) for card in range(C.N_CARDS)) for mode in MODES)


EASY = ClassicWeights()
"""``easy``'s numbers (points per Age): what a playout seat counts a card's effects worth."""
CARD_TEMPERATURE = 0.75
"""A playout seat draws a card with a chance of ``exp(worth / CARD_TEMPERATURE)`` times its mode's liking
(about half the time ``easy``'s card then: tests/engine/bots/test_playout.py)."""
NEXT_AGE_CHAINS: tuple[int, ...] = tuple(
    sum(1 for other in set(C.CARD_NAME_IDX[c] for c in range(C.N_CARDS)
                           if C.CARD_AGE[c] == C.CARD_AGE[card] + 1
                           and C.CARD_NAME_IDX[card] in C.CARD_FREE_WITH[c]))
    for card in range(C.N_CARDS))
"""Per card: the cards of the next Age it makes free (names, not copies)."""


def _conflict(mine: int, theirs: int, age: int) -> int:
    """The points one conflict of ``age`` gives a city of ``mine`` shields against ``theirs``."""
    if mine > theirs:
        return CONFLICT_WIN[age]
    return -1 if mine < theirs else 0


def card_worth(state: State, seat: int, card: int) -> float:
    """What building ``card`` brings ``seat``'s city now, in points, as ``easy`` counts it
    (:meth:`engine.classic.bots.ClassicKnowledge.card_gain`, on the state directly), less its coin cost."""
    fx = C.CARD_FX[card]
    age = max(1, min(3, state.age))
    worth = float(fx.vp) - EASY.coin[age] * C.CARD_COINS[card]
    if fx.shields:
        mine = state.shields[seat]
        flips = 0
        for other in (state.left(seat), state.right(seat)):
            theirs = state.shields[other]
            flips += _conflict(mine + fx.shields, theirs, age) - _conflict(mine, theirs, age)
        worth += flips * EASY.conflict_certainty + fx.shields * EASY.future_shield[age]
    if fx.science >= 0 or fx.wild:
        symbols, wild = list(state.science[seat]), state.wild[seat]
        before = best_science(symbols, wild)
        if fx.science >= 0:
            symbols[fx.science] += 1
        worth += best_science(symbols, wild + fx.wild) - before + EASY.science_potential[age]
    if fx.units or fx.choice:
        left, right = state.left(seat), state.right(seat)
        sold = state.produced_mask(left) | state.produced_mask(right)
        production = state.production[seat]
        for resource, units in fx.units:
            for extra in range(units):
                worth += _unit_worth(resource, production[resource] + extra, age, sold)
        if fx.choice:
            worth += EASY.choice_factor * max(
                _unit_worth(r, production[r], age, sold) for r in range(C.N_RES) if fx.choice >> r & 1)
    if fx.trade_res:
        kinds = len({r in MANUFACTURED for r in range(C.N_RES) if fx.trade_res >> r & 1})
        worth += EASY.trade_discount[age] * bin(fx.trade_sides).count("1") * kinds
    coins = fx.coins
    if fx.coins_per is not None:
        coins += state.count_per(fx.coins_per, seat)
    worth += EASY.coin[age] * coins
    if fx.vp_per is not None:
        worth += state.count_per(fx.vp_per, seat) + EASY.vp_per_growth * (6 - state.turn) / 5
    if age < 3:
        worth += EASY.chain[age] * NEXT_AGE_CHAINS[card]
    return worth


def _unit_worth(resource: int, owned: int, age: int, sold: int) -> float:
    """One more unit of ``resource`` each turn for a city making ``owned`` of it (``sold``: the mask of
    resources its neighbours make)."""
    value = EASY.resource_unit[age] * EASY.repeat_unit[min(owned, len(EASY.repeat_unit) - 1)]
    if resource in MANUFACTURED:
        value *= EASY.manufactured_factor
    return value if sold >> resource & 1 else value * EASY.scarce_factor
ACTION_KIND_WEIGHTS = {"build": 1.0, "olympia": 1.2, "wonder": 0.6, "discard": 0.15}


def action_weight(action: dict[str, Any], mode: int) -> float:
    """The playout policy's weight of one legal action (of any decision) for ``MODES[mode]``."""
    kind = action["type"]
    card = action.get("card")
    base = ACTION_KIND_WEIGHTS.get(kind, 1.0)
    if card is None or kind in ("wonder", "discard"):
        return base
    return base * CARD_WEIGHTS[mode][C.CARD_INDEX[card]]


def game_of(world: Game) -> ClassicGame:
    """A sampled classic world (``TypeError`` for any other game)."""
    if not isinstance(world, ClassicGame):
        raise TypeError(f"a classic playout needs a classic game, got {type(world).__name__}")
    return world


def choose(game: ClassicGame, seat: int, key: ActionKey, options: CardOptions) -> None:
    """Put ``seat``'s own-city choice ``key`` (legal, with its card's ``options``) in, as
    :meth:`ClassicGame.apply` does, and resolve the turn once every choice is in."""
    s = game.state
    canonical = action_of(key)
    s.choices[seat] = Choice(canonical, plan_of(key, options))
    if s.two and seat == s.controller:
        s.free_city_choice = None
    s.log.append([seat, canonical])
    if None not in s.choices and (not s.two or s.free_city_choice is not None):
        resolve_turn(s, [])
        game._legal.clear()


def turn_choice(state: State, seat: int, mode: int, rng: random.Random) -> tuple[ActionKey, CardOptions]:
    """The playout policy's own-city choice for ``seat`` this turn, and its card's options (priced as
    :func:`engine.classic.actions.hand_options` prices them, one card at a time)."""
    hand = list(dict.fromkeys(state.hands[seat]))
    factors = MODE_FACTORS[mode]
    worths = {c: card_worth(state, seat, c) for c in hand}
    top = max(worths.values())
    weights = {c: factors[c] * math.exp((worths[c] - top) / CARD_TEMPERATURE) for c in hand}
    prices = pricer(state, seat, discounts(state, seat))
    olympia = olympia_ready(state, seat)
    stage: tuple[tuple[Coins, ...], str | None, int] | None = None
    least = min(hand, key=lambda c: weights[c])
    if rng.random() < STAGE_CHANCE[mode]:
        stage = stage_payments(state, seat, prices)
        if stage[0]:
            left, right = stage[0][0]
            return ActionKey(WONDER, least, left, right), _options(state, seat, least, prices, stage, olympia)
    tries = hand[:]
    for _ in range(min(CARD_TRIES, len(tries))):
        point = rng.random() * sum(weights[c] for c in tries)
        pick = tries[-1]
        for card in tries:
            point -= weights[card]
            if point < 0:
                pick = card
                break
        tries.remove(pick)
        build, bank, reason, chain = card_build(state, seat, pick, prices)
        if build or (olympia and reason != "already built"):
            if stage is None:
                stage = stage_payments(state, seat, prices)
            options = _options(state, seat, pick, prices, stage, olympia)
            if build:
                left, right = build[0]
                return ActionKey(BUILD, pick, left, right), options
            return ActionKey(OLYMPIA, pick, -1, -1), options
    if stage is None:
        stage = stage_payments(state, seat, prices)
    options = _options(state, seat, least, prices, stage, olympia)
    if stage[0]:
        left, right = stage[0][0]
        return ActionKey(WONDER, least, left, right), options
    return ActionKey(DISCARD, least, -1, -1), options


def _options(state: State, seat: int, card: int, prices: Pricer,
             stage: tuple[tuple[Coins, ...], str | None, int], olympia: bool) -> CardOptions:
    """The :class:`CardOptions` of one card, as :func:`engine.classic.actions.hand_options` makes them."""
    build, bank, reason, chain = card_build(state, seat, card, prices)
    wonder, wonder_reason, wonder_bank = stage
    return CardOptions(card, build, bank, reason, chain, wonder, wonder_reason,
                       olympia and reason != "already built", wonder_bank)


class Move(NamedTuple):
    """A decision in compact form, payments aside (the search's edges): its action kind (an index of
    ``ACTION_TYPES``), its card (``-1`` for a debt payment, whose ``coins`` it then holds) and whether it
    is for the Free City. :func:`apply_move` plays it with its cheapest payment."""

    kind: int
    card: int
    free_city: bool = False


def moves(world: Game, seat: int) -> list[Move]:
    """The legal decisions of ``seat`` now, one per move (payments aside), in ``legal_actions`` order."""
    out: dict[Move, None] = {}
    for action in game_of(world).legal_actions(seat):
        key, free_city = parse(action)
        out.setdefault(Move(key.kind, key.card if key.kind != PAY else key.left, free_city), None)
    return list(out)


def apply_move(world: Game, seat: int, move: Move) -> None:
    """Play ``move`` for ``seat`` with its cheapest payment, through the public interface."""
    game = game_of(world)
    for action in game.legal_actions(seat):
        key, free_city = parse(action)
        if (key.kind, key.card if key.kind != PAY else key.left, free_city) == move:
            game.apply(seat, action)
            return
    raise ValueError(f"{move} is not a legal move of seat {seat} now")


def winning_move(world: Game, seat: int) -> Move | None:
    """A move that wins at once: never in classic (the game is won only by points at its end)."""
    return None


def move_weight(move: Move, mode: int) -> float:
    """The playout policy's weight of ``move`` for ``MODES[mode]`` (what :func:`action_weight` gives)."""
    base = ACTION_KIND_WEIGHTS.get(ACTION_TYPES[move.kind], 1.0)
    if move.kind in (BUILD, OLYMPIA) and move.card >= 0:
        return base * CARD_WEIGHTS[mode][move.card]
    return base


def _public_step(game: ClassicGame, seat: int, mode: int, rng: random.Random) -> None:
    """A decision other than a seat's own turn, through the public interface."""
    actions = game.legal_actions(seat)
    if len(actions) == 1:
        game.apply(seat, actions[0])
        return
    weights = [action_weight(a, mode) for a in actions]
    point = rng.random() * sum(weights)
    for action, weight in zip(actions, weights, strict=True):
        point -= weight
        if point < 0:
            game.apply(seat, action)
            return
    game.apply(seat, actions[-1])


def step(world: Game, seat: int, mode: int, rng: random.Random) -> None:
    """One decision of ``seat`` (one it owes now) by the playout policy for ``MODES[mode]``."""
    game = game_of(world)
    state = game.state
    if state.phase == TURN and state.choices[seat] is None:
        key, options = turn_choice(state, seat, mode, rng)
        choose(game, seat, key, options)
    else:
        _public_step(game, seat, mode, rng)


def play(world: Game, rng: random.Random, modes: Sequence[int], turns: int) -> int:
    """Play ``world`` on with the playout policy, each seat following ``MODES[modes[seat]]``, until
    ``turns`` more table turns have begun (every seat's choice, then the reveal), or the Age or the game
    ends. Returns the decisions made."""
    game = game_of(world)
    state = game.state
    age, turn = state.age, state.turn
    made = 0
    while state.phase != OVER and state.age == age and state.turn - turn < turns:
        waiting = game.waiting()
        if not waiting:
            break
        step(game, waiting[0], modes[waiting[0]], rng)
        made += 1
    return made


def stage(world: Game) -> int:
    """The model stage of a position: its Age (before the first deal counts as Age I)."""
    return max(1, game_of(world).state.age)


def finished_values(world: Game) -> list[float] | None:
    """Each seat's share of the win once the game is over, else ``None``."""
    game = game_of(world)
    result = game.state.result
    if result is None:
        return None
    winners = [w for w in result["winners"] if 0 <= w < game.seats]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(game.seats)]


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


SHIELD_LEAD_CAP = 4
"""``shield_lead`` counts a seat's shields ahead of (or behind) each neighbour up to this many."""
ALL_RESOURCES = (1 << C.N_RES) - 1
"""The mask of every resource (``missing_goods`` counts the ones out of a city's reach)."""


def _choice_mask(choices: list[int]) -> int:
    """The resources any of the one-of ``choices`` (masks) may give."""
    mask = 0
    for choice in choices:
        mask |= choice
    return mask


def features(world: Game, seat: int) -> list[float]:
    """The :data:`FEATURES` of ``seat``'s city in ``world`` (all public: built cards, coins, boards).

    Beside the points and means of the city itself: ``shield_lead``, its shields ahead of each neighbour
    (at most :data:`SHIELD_LEAD_CAP` either way, summed over both); ``neighbour_goods``, the units of
    resources its neighbours' brown and grey cards and boards make (what it may buy); ``missing_goods``,
    the resources it can neither make nor buy from a neighbour; ``science_gain``, the points one more
    science symbol would add."""
    state = game_of(world).state
    city = seat
    pad = score_city(state, city)
    shields = state.shields
    mine = shields[city]
    edge = _sign(mine - shields[state.left(city)]) + _sign(mine - shields[state.right(city)])
    raw = manufactured = 0
    for resource, units in enumerate(state.production[city]):
        if resource in MANUFACTURED:
            manufactured += units
        else:
            raw += units
    cheap = state.cheap[city]
    discounts = bin(cheap[0]).count("1") + bin(cheap[1]).count("1")
    stages = state.stages[city]
    left, right = state.left(city), state.right(city)
    lead = (max(-SHIELD_LEAD_CAP, min(SHIELD_LEAD_CAP, mine - shields[left]))
            + max(-SHIELD_LEAD_CAP, min(SHIELD_LEAD_CAP, mine - shields[right])))
    goods = 0
    reachable = state.produced_mask(city)
    for neighbour in (left, right):
        reachable |= _choice_mask(state.sale_choices[neighbour])
        for resource, units in enumerate(state.for_sale[neighbour]):
            if units:
                goods += units
                reachable |= 1 << resource
    missing = bin(ALL_RESOURCES & ~reachable).count("1")
    symbols, wild = state.science[city], state.wild[city]
    gain = best_science(list(symbols), wild + 1) - best_science(list(symbols), wild)
    return [
        float(pad["total"]), float(pad["civilian"]), float(pad["science"]), float(pad["military"]),
        float(state.coins[city]), float(edge), float(raw), float(manufactured),
        float(len(state.own_choices[city])), float(discounts), float(stages),
        float(C.BS_STAGES[state.boards[city]] - stages), float(len(state.built[city])),
        float(sum(symbols) + wild), float(pad["guilds"]), float(lead), float(goods), float(missing),
        float(gain),
    ]
