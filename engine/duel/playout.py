"""The bots' fast path in Duel: cheap playouts and position features, on a game's state directly.

The searching bots (:mod:`engine.bots.search`) reach this module by name through
:func:`engine.bots.knowledge.playout_for`, and only ever hand it worlds drawn with ``engine.sample``
from one seat's view, so nothing here can see more than that seat may. It skips views and action
values: a playout move is one weighted draw over the legal actions, the weights set by the action's
kind and card and by the :data:`MODES` strategy the playing seat follows in this playout.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.api import Game
from engine.duel.actions import apply_action, legal_actions
from engine.duel.data import RESOURCES
from engine.duel.game import DuelGame
from engine.duel.material import (
    AGRICULTURE,
    BLUE,
    CARDS,
    GREEN,
    MATHEMATICS,
    PHILOSOPHY,
    PURPLE,
    RED,
    TOKEN_INDEX,
    WONDER_INDEX,
    WONDERS,
    YELLOW,
    Card,
)
from engine.duel.scoring import guild_points
from engine.duel.state import CHOOSE_START, DuelState

KIND = "duel"
MODES: tuple[str, ...] = ("balanced", "science", "military", "civilian")
"""The strategies a playout seat may follow: each favours its own cards, so the search meets rushes."""
MANUFACTURED_RESOURCES = frozenset(RESOURCES.index(r) for r in ("glass", "papyrus"))

FEATURES: tuple[str, ...] = (
    "points", "blue_vp", "coins", "military_lead", "military_threat", "science_distinct",
    "science_threat", "raw_production", "manufactured_production", "choices", "chains",
    "wonders_built", "wonders_open", "progress_tokens", "yellow_cards", "red_cards", "guilds",
)
"""The features of one seat (:func:`features`), in order; the learned model's weights follow it."""
SIGNED_FEATURES: frozenset[str] = frozenset({"wonders_open"})
"""The features whose weight training may make negative; every other one is a good (more of it never
lowers a seat's estimate), so its weight is kept at 0 or above."""


def _card_weight(card: Card, mode: str) -> float:
    """How much a playout seat following ``mode`` likes building ``card``."""
    weight = 1.0 + 0.5 * card.vp + 1.0 * card.shields
    if card.science >= 0:
        weight += 1.5
    if card.produces is not None or card.choice:
        weight += 2.0 if card.age == 1 else 1.0
    if card.guild is not None:
        weight += 2.0
    if card.gives_chain >= 0:
        weight += 0.5
    if mode == "science" and card.color == GREEN:
        weight *= 4.0
    elif mode == "military" and card.color == RED:
        weight *= 1.0 + card.shields * 2.0
    elif mode == "civilian" and (card.color == BLUE or card.color == PURPLE):
        weight *= 2.5
    return weight


def _wonder_weight(wonder: int, mode: str) -> float:
    data = WONDERS[wonder]
    weight = 4.0 + 0.3 * data.vp + (2.0 if data.play_again else 0.0)
    if mode == "military" and data.shields:
        weight *= 2.0
    elif mode == "civilian":
        weight *= 1.5
    return weight


def _token_weights(mode: str) -> dict[str, float]:
    liked = {"science": ("law", "philosophy", "mathematics"), "military": ("strategy", "theology"),
             "civilian": ("agriculture", "mathematics", "philosophy", "urbanism"),
             "balanced": ("agriculture", "philosophy", "economy", "strategy")}[mode]
    return {token: 3.0 if token in liked else 1.0 for token in TOKEN_INDEX}


DISCARD_WEIGHT = 0.4
BUILD_WEIGHTS: tuple[dict[str, float], ...] = tuple(
    {card.id: _card_weight(card, mode) for card in CARDS} for mode in MODES)
WONDER_WEIGHTS: tuple[dict[str, float], ...] = tuple(
    {WONDERS[w].id: _wonder_weight(w, mode) for w in WONDER_INDEX.values()} for mode in MODES)
TOKEN_WEIGHTS: tuple[dict[str, float], ...] = tuple(_token_weights(mode) for mode in MODES)


def action_weight(action: dict[str, Any], mode: int) -> float:
    """The playout policy's weight of one legal action for a seat following ``MODES[mode]``."""
    kind = action["type"]
    if kind == "build":
        return BUILD_WEIGHTS[mode][action["card"]]
    if kind == "wonder":
        return WONDER_WEIGHTS[mode][action["wonder"]]
    if kind == "discard":
        return DISCARD_WEIGHT
    if kind == "progress":
        return TOKEN_WEIGHTS[mode][action["token"]]
    return 1.0


def weighted_pick(actions: Sequence[dict[str, Any]], mode: int, rng: random.Random) -> dict[str, Any]:
    """One of ``actions`` drawn with :func:`action_weight`."""
    if len(actions) == 1:
        return actions[0]
    weights = [action_weight(a, mode) for a in actions]
    point = rng.random() * sum(weights)
    for action, weight in zip(actions, weights, strict=True):
        point -= weight
        if point < 0:
            return action
    return actions[-1]


def state_of(world: Game) -> DuelState:
    """The state of a sampled Duel world (``TypeError`` for any other game)."""
    if not isinstance(world, DuelGame):
        raise TypeError(f"a Duel playout needs a Duel game, got {type(world).__name__}")
    return world.state


def step(world: Game, seat: int, mode: int, rng: random.Random) -> None:
    """One decision of ``seat`` (the seat to act) by the playout policy for ``MODES[mode]``."""
    state = state_of(world)
    apply_action(state, seat, weighted_pick(legal_actions(state, seat), mode, rng))


def play(world: Game, rng: random.Random, modes: Sequence[int], turns: int) -> int:
    """Play ``world`` on for at most ``turns`` decisions with the playout policy, each seat following
    ``MODES[modes[seat]]``; stop early when the game or the current Age ends. Returns the decisions made."""
    state = state_of(world)
    age = state.age
    made = 0
    while made < turns and state.pending is not None:
        if state.pending is CHOOSE_START or (state.age != age and age):
            break
        seat = state.pending_seat
        apply_action(state, seat, weighted_pick(legal_actions(state, seat), modes[seat], rng))
        made += 1
    return made


def stage(world: Game) -> int:
    """The model stage of a position: its Age (the draft counts as Age I)."""
    return max(1, state_of(world).age)


def finished_values(world: Game) -> list[float] | None:
    """Each seat's share of the win once the game is over, else ``None``."""
    state = state_of(world)
    if state.result is None:
        return None
    winners = state.result["winners"]
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in (0, 1)]


def features(world: Game, seat: int) -> list[float]:
    """The :data:`FEATURES` of ``seat`` in ``world`` (all public in Duel)."""
    state = state_of(world)
    city = state.cities[seat]
    blue = yellow_vp = green_vp = guild_vp = 0
    guilds = 0
    for index in city.cards:
        card = CARDS[index]
        if card.color == BLUE:
            blue += card.vp
        elif card.color == GREEN:
            green_vp += card.vp
        elif card.color == YELLOW:
            yellow_vp += card.vp
        elif card.guild is not None:
            guilds += 1
            guild_vp += guild_points(state, card.guild)
    built = open_wonders = wonder_vp = 0
    for owned in city.wonders:
        if owned.age:
            built += 1
            wonder_vp += WONDERS[owned.wonder].vp
        else:
            open_wonders += 1
    if state.wonders_built >= 7:
        open_wonders = 0
    tokens = city.progress
    token_vp = ((4 if AGRICULTURE in tokens else 0) + (7 if PHILOSOPHY in tokens else 0)
                + (3 * len(tokens) if MATHEMATICS in tokens else 0))
    lead = state.pawn if seat == 0 else -state.pawn
    military_vp = 0 if lead <= 0 else 2 if lead <= 2 else 5 if lead <= 5 else 10
    points = blue + green_vp + yellow_vp + guild_vp + wonder_vp + token_vp + city.coins // 3 + military_vp
    distinct = bin(city.science_symbols).count("1")
    raw = manufactured = 0
    for resource, units in enumerate(city.production):
        if resource in MANUFACTURED_RESOURCES:
            manufactured += units
        else:
            raw += units
    threat = max(0, lead - 3) ** 2 / 9.0
    return [
        float(points), float(blue), float(city.coins), float(lead), threat, float(distinct),
        max(0, distinct - 3) ** 2 / 4.0, float(raw), float(manufactured), float(len(city.choices)),
        float(bin(city.chains).count("1")), float(built), float(open_wonders), float(len(tokens)),
        float(city.colors[YELLOW]), float(city.colors[RED]), float(guilds),
    ]
