"""The bots' fast path in Duel: cheap playouts and position features, on a game's state directly.

The searching bots (:mod:`engine.bots.search`) reach this module by name through
:func:`engine.bots.knowledge.playout_for`, and only ever hand it worlds drawn with ``engine.sample``
from one seat's view, so nothing here can see more than that seat may. It skips views and action
values: a playout move is one weighted draw over the legal moves, the weights set by the move's kind
and card and by the :data:`MODES` strategy the playing seat follows in this playout, unless a move wins
the game at once by military or scientific supremacy (:func:`winning_move`): that one is played.

Moves are compact (:class:`Move`: small ints, no dicts): :func:`moves` lists a seat's legal moves as the
rules would (``tests/engine/bots/test_playout.py`` checks them against ``legal_actions`` on many seeded
positions), and only the move played becomes an action dict, applied through the rules' own validation
(:func:`apply_move`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.api import Game
from engine.duel.actions import affordable_wonders, apply_action, can_build
from engine.duel.data import RESOURCES
from engine.duel.effects import CAPITAL, SCIENCE_SUPREMACY, card_shields
from engine.duel.game import DuelGame
from engine.duel.material import (
    AGRICULTURE,
    BLUE,
    CARD_IDS,
    CARDS,
    GREEN,
    LAW,
    LAW_SYMBOL,
    MATHEMATICS,
    PHILOSOPHY,
    PURPLE,
    RED,
    TOKEN_IDS,
    TOKEN_INDEX,
    WONDER_IDS,
    WONDER_INDEX,
    WONDERS,
    YELLOW,
    Card,
)
from engine.duel.scoring import guild_points
from engine.duel.state import (
    CHOOSE_START,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS,
    TURN,
    City,
    DuelState,
)

KIND = "duel"
MODES: tuple[str, ...] = ("balanced", "science", "military", "civilian")
"""The strategies a playout seat may follow: each favours its own cards, so the search meets rushes."""
MANUFACTURED_RESOURCES = frozenset(RESOURCES.index(r) for r in ("glass", "papyrus"))

FEATURES: tuple[str, ...] = (
    "points", "blue_vp", "coins", "military_lead", "military_threat", "science_distinct",
    "science_threat", "raw_production", "manufactured_production", "choices", "chains",
    "wonders_built", "wonders_open", "progress_tokens", "yellow_cards", "red_cards", "guilds",
    "science_last", "military_near", "winning_cards",
)
"""The features of one seat (:func:`features`), in order; the learned model's weights follow it. The last
three say how near supremacy is: one science symbol away, the pawn one or two steps from the opponent's
capital, and face-up cards that would win at once (:func:`winning_cards`)."""
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


# --- compact moves -----------------------------------------------------------------------------------

BUILD, DISCARD, WONDER, DRAFT, TOKEN, DESTROY_CARD, MAUSOLEUM_CARD, START = range(8)
"""The kinds of :class:`Move`."""


class Move(NamedTuple):
    """A legal decision in compact form: its kind (``BUILD`` ... ``START``), the card, Wonder, token or
    seat it names (``item``), and for ``WONDER`` the Wonder built with the card."""

    kind: int
    item: int
    wonder: int = -1


PENDING_KINDS = {DRAFT_WONDER: DRAFT, PROGRESS: TOKEN, GREAT_LIBRARY: TOKEN, DESTROY: DESTROY_CARD,
                 MAUSOLEUM: MAUSOLEUM_CARD}
"""The move kind answering each pending decision but the turn and who begins."""

# Per mode, each move kind's weight table, indexed by the move's item (card, Wonder or token index).
_BUILD = tuple(tuple(BUILD_WEIGHTS[m][c.id] for c in CARDS) for m in range(len(MODES)))
_WONDER = tuple(tuple(WONDER_WEIGHTS[m][w.id] for w in WONDERS) for m in range(len(MODES)))
_TOKEN = tuple(tuple(TOKEN_WEIGHTS[m][t] for t in TOKEN_IDS) for m in range(len(MODES)))


def move_weight(move: Move, mode: int) -> float:
    """The playout policy's weight of ``move`` for a seat following ``MODES[mode]`` (what
    :func:`action_weight` gives its action)."""
    kind = move[0]
    if kind == BUILD:
        return _BUILD[mode][move[1]]
    if kind == DISCARD:
        return DISCARD_WEIGHT
    if kind == WONDER:
        return _WONDER[mode][move[2]]
    if kind == TOKEN:
        return _TOKEN[mode][move[1]]
    return 1.0


def action_of(move: Move) -> dict[str, Any]:
    """The action dict of ``move`` (as ``legal_actions`` lists it)."""
    kind, item, wonder = move
    if kind == BUILD:
        return {"type": "build", "card": CARD_IDS[item]}
    if kind == DISCARD:
        return {"type": "discard", "card": CARD_IDS[item]}
    if kind == WONDER:
        return {"type": "wonder", "card": CARD_IDS[item], "wonder": WONDER_IDS[wonder]}
    if kind == DRAFT:
        return {"type": "draft_wonder", "wonder": WONDER_IDS[item]}
    if kind == TOKEN:
        return {"type": "progress", "token": TOKEN_IDS[item]}
    if kind == DESTROY_CARD:
        return {"type": "destroy", "card": CARD_IDS[item]}
    if kind == MAUSOLEUM_CARD:
        return {"type": "mausoleum", "card": CARD_IDS[item]}
    return {"type": "choose_start", "seat": item}


def state_moves(state: DuelState, seat: int) -> list[Move]:
    """Every legal move of ``seat`` now, in ``legal_actions`` order (``[]`` unless the game waits for it):
    on a turn, per accessible card (in the order the cards became free) its build if affordable, its
    discard, and a Wonder built with it for each affordable unbuilt Wonder."""
    kind = state.pending
    if kind is None or seat != state.pending_seat:
        return []
    new = tuple.__new__  # Move(...) without its keyword-handling __new__ (the hot path)
    if kind is not TURN:
        if kind is CHOOSE_START:
            return [new(Move, (START, 0, -1)), new(Move, (START, 1, -1))]
        move_kind = PENDING_KINDS[kind]
        return [new(Move, (move_kind, option, -1)) for option in state.pending_options]
    city = state.cities[seat]
    wonders = affordable_wonders(state, city)
    out: list[Move] = []
    append = out.append
    dealt = state.structure.cards
    for slot in state.structure.accessible:
        c = dealt[slot]
        if can_build(city, c):
            append(new(Move, (BUILD, c, -1)))
        append(new(Move, (DISCARD, c, -1)))
        for w in wonders:
            append(new(Move, (WONDER, c, w)))
    return out


def moves(world: Game, seat: int) -> list[Move]:
    """Every legal move of ``seat`` in ``world`` (:func:`state_moves`)."""
    return state_moves(state_of(world), seat)


def apply_move(world: Game, seat: int, move: Move) -> None:
    """Play ``move`` for ``seat`` through the rules (validated as any action is; the events, dropped,
    without payment breakdowns)."""
    apply_action(state_of(world), seat, action_of(move), breakdowns=False)


def weighted_move(options: Sequence[Move], mode: int, rng: random.Random) -> Move:
    """One of ``options`` drawn with :func:`move_weight`."""
    if len(options) == 1:
        return options[0]
    build, wonder, token = _BUILD[mode], _WONDER[mode], _TOKEN[mode]
    weights = []
    total = 0.0
    for kind, item, built in options:
        if kind == BUILD:
            weight = build[item]
        elif kind == DISCARD:
            weight = DISCARD_WEIGHT
        elif kind == WONDER:
            weight = wonder[built]
        elif kind == TOKEN:
            weight = token[item]
        else:
            weight = 1.0
        weights.append(weight)
        total += weight
    point = rng.random() * total
    for move, weight in zip(options, weights, strict=True):
        point -= weight
        if point < 0:
            return move
    return options[-1]


def state_of(world: Game) -> DuelState:
    """The state of a sampled Duel world (``TypeError`` for any other game)."""
    if not isinstance(world, DuelGame):
        raise TypeError(f"a Duel playout needs a Duel game, got {type(world).__name__}")
    return world.state


# --- supremacy within reach ---------------------------------------------------------------------------

MOST_SHIELDS = max(max(card.shields for card in CARDS) + 1, max(w.shields for w in WONDERS))
"""The most spaces one move can take the pawn (a red card with Strategy's extra shield, or a Wonder)."""


class Reach(NamedTuple):
    """How near one seat is to supremacy: the spaces the pawn still needs to the opponent's capital, the
    seat's science symbols (a mask), whether one new symbol would win, and whether a pair would win too
    (it takes a Progress token, and Law's symbol would be the last one)."""

    spaces: int
    symbols: int
    last_symbol: bool
    law_wins: bool


def reach(state: DuelState, seat: int) -> Reach | None:
    """How near ``seat`` is to supremacy in ``state``; ``None`` when no single move could win (the cheap
    test before any card is looked at)."""
    pawn = state.pawn
    spaces = CAPITAL - pawn if seat == 0 else CAPITAL + pawn
    symbols = state.cities[seat].science_symbols
    last_symbol = symbols.bit_count() == SCIENCE_SUPREMACY - 1
    if not last_symbol and spaces > MOST_SHIELDS:
        return None
    law_wins = last_symbol and not symbols >> LAW_SYMBOL & 1 and LAW in state.progress_board
    return Reach(spaces, symbols, last_symbol, law_wins)


def card_wins(city: City, near: Reach, c: int) -> bool:
    """Whether ``city`` (at ``near``) wins by building card ``c`` (its shields, its symbol, or a pair and
    then Law); its cost is not checked."""
    card = CARDS[c]
    if card.shields:
        return card_shields(city, card) >= near.spaces
    symbol = card.science
    if symbol < 0 or not near.last_symbol:
        return False
    return not near.symbols >> symbol & 1 or near.law_wins


def winning_turn(state: DuelState, seat: int, wonders: Sequence[int]) -> Move | None:
    """A turn move that wins the game for ``seat`` at once, if it has one (``wonders``: the Wonders it
    can afford): a card or Wonder whose shields reach the capital, a card with the last science symbol
    (or with a pair while Law's symbol is the last one on the board), the Great Library offering Law as
    the last symbol, the Mausoleum raising a winning card from the discard pile."""
    near = reach(state, seat)
    if near is None:
        return None
    city = state.cities[seat]
    dealt = state.structure.cards
    accessible = state.structure.accessible
    for slot in accessible:
        c = dealt[slot]
        if card_wins(city, near, c) and can_build(city, c):
            return Move(BUILD, c)
    for w in wonders:
        wonder = WONDERS[w]
        if wonder.shields >= near.spaces \
                or (wonder.great_library and near.last_symbol and not near.symbols >> LAW_SYMBOL & 1
                    and LAW in state.progress_removed[:3]) \
                or (wonder.mausoleum and any(card_wins(city, near, c) for c in state.discard)):
            return Move(WONDER, dealt[accessible[0]], w)
    return None


def threatened_card(state: DuelState, seat: int) -> int:
    """The one accessible card whose build would win the game at once for the opponent of ``seat`` (its
    shields or science, paid from its coins now), which ``seat`` denies by taking it; -1 if no card
    would, or if two or more would (no single take denies them)."""
    opponent = 1 - seat
    near = reach(state, opponent)
    if near is None:
        return -1
    city = state.cities[opponent]
    dealt = state.structure.cards
    found = -1
    for slot in state.structure.accessible:
        c = dealt[slot]
        if card_wins(city, near, c) and can_build(city, c):
            if found >= 0:
                return -1
            found = c
    return found


def winning_choice(state: DuelState, seat: int) -> Move | None:
    """A move answering a pending choice (not a turn) that wins the game for ``seat`` at once: Law as
    the last symbol, or a winning card raised by the Mausoleum."""
    kind = state.pending
    if kind is PROGRESS or kind is GREAT_LIBRARY:
        near = reach(state, seat)
        if near is not None and near.last_symbol and not near.symbols >> LAW_SYMBOL & 1 \
                and LAW in state.pending_options:
            return Move(TOKEN, LAW)
    elif kind is MAUSOLEUM:
        near = reach(state, seat)
        if near is not None:
            city = state.cities[seat]
            for c in state.pending_options:
                if card_wins(city, near, c):
                    return Move(MAUSOLEUM_CARD, c)
    return None


def winning_move(world: Game, seat: int) -> Move | None:
    """A legal move that wins the game for ``seat`` (the seat to act) at once, if it has one."""
    state = state_of(world)
    if state.pending is None or seat != state.pending_seat:
        return None
    if state.pending is TURN:
        return winning_turn(state, seat, affordable_wonders(state, state.cities[seat]))
    return winning_choice(state, seat)


def playout_move(state: DuelState, seat: int, mode: int, rng: random.Random) -> Move:
    """The playout policy's move for ``seat`` (the seat to act) following ``MODES[mode]``: one of
    :func:`state_moves` drawn with :func:`move_weight` (on a turn, drawn card by card without listing
    the moves: the same draw as :func:`weighted_move` over them), unless a move wins at once: then that
    one; and on a turn where one card would win the game for the opponent, drawn among the moves that
    take it (:func:`threatened_card`)."""
    if state.pending is not TURN:
        return winning_choice(state, seat) or weighted_move(state_moves(state, seat), mode, rng)
    city = state.cities[seat]
    wonder_weights = _WONDER[mode]
    wonders = affordable_wonders(state, city)
    win = winning_turn(state, seat, wonders)
    if win is not None:
        return win
    stage_weight = 0.0
    for wonder in wonders:
        stage_weight += wonder_weights[wonder]
    build_weights = _BUILD[mode]
    dealt = state.structure.cards
    cards = []
    builds = []
    total = 0.0
    denied = threatened_card(state, seat)
    for slot in state.structure.accessible if denied < 0 else (state.structure.slot_of[denied],):
        c = dealt[slot]
        build = build_weights[c] if can_build(city, c) else 0.0
        cards.append(c)
        builds.append(build)
        total += build + DISCARD_WEIGHT + stage_weight
    point = rng.random() * total
    for c, build in zip(cards, builds, strict=True):
        if point < build:
            return Move(BUILD, c)
        point -= build
        if point < DISCARD_WEIGHT:
            return Move(DISCARD, c)
        point -= DISCARD_WEIGHT
        for w in wonders:
            weight = wonder_weights[w]
            if point < weight:
                return Move(WONDER, c, w)
            point -= weight
    c = cards[-1]  # rounding at the very end of the range
    return Move(WONDER, c, wonders[-1]) if wonders else Move(DISCARD, c)


def step(world: Game, seat: int, mode: int, rng: random.Random) -> None:
    """One decision of ``seat`` (the seat to act) by the playout policy for ``MODES[mode]``."""
    state = state_of(world)
    apply_action(state, seat, action_of(playout_move(state, seat, mode, rng)), breakdowns=False)


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
        apply_action(state, seat, action_of(playout_move(state, seat, modes[seat], rng)), breakdowns=False)
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


_BLUE_VP = tuple(card.vp if card.color == BLUE else 0 for card in CARDS)
_GREEN_YELLOW_VP = tuple(card.vp if card.color in (GREEN, YELLOW) else 0 for card in CARDS)
_MANUFACTURED = tuple(r in MANUFACTURED_RESOURCES for r in range(len(RESOURCES)))


def features(world: Game, seat: int) -> list[float]:
    """The :data:`FEATURES` of ``seat`` in ``world`` (all public in Duel)."""
    state = state_of(world)
    city = state.cities[seat]
    cards = city.cards
    blue = sum(map(_BLUE_VP.__getitem__, cards))
    guild_vp = guilds = 0
    if city.colors[PURPLE]:
        for index in cards:
            guild = CARDS[index].guild
            if guild is not None:
                guilds += 1
                guild_vp += guild_points(state, guild)
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
    points = (blue + sum(map(_GREEN_YELLOW_VP.__getitem__, cards)) + guild_vp + wonder_vp + token_vp
              + city.coins // 3 + military_vp)
    distinct = city.science_symbols.bit_count()
    raw = manufactured = 0
    for resource, units in enumerate(city.production):
        if _MANUFACTURED[resource]:
            manufactured += units
        else:
            raw += units
    threat = max(0, lead - 3) ** 2 / 9.0
    return [
        float(points), float(blue), float(city.coins), float(lead), threat, float(distinct),
        max(0, distinct - 3) ** 2 / 4.0, float(raw), float(manufactured), float(len(city.choices)),
        float(city.chains.bit_count()), float(built), float(open_wonders), float(len(tokens)),
        float(city.colors[YELLOW]), float(city.colors[RED]), float(guilds),
        1.0 if distinct == SCIENCE_SUPREMACY - 1 else 0.0, float(max(0, lead - NEAR_CAPITAL)),
        float(min(winning_cards(state, seat), 2)),
    ]


NEAR_CAPITAL = CAPITAL - 3
"""``military_near`` counts the pawn's spaces beyond this lead: 1 or 2 steps from the capital."""


def winning_cards(state: DuelState, seat: int) -> int:
    """How many face-up accessible cards would win the game at once for ``seat`` if it built them now
    (its shields or science, paid from its coins), whoever is to play."""
    near = reach(state, seat)
    if near is None:
        return 0
    city = state.cities[seat]
    structure = state.structure
    dealt, face_up = structure.cards, structure.face_up
    count = 0
    for slot in structure.accessible:
        c = dealt[slot]
        if face_up[slot] and card_wins(city, near, c) and can_build(city, c):
            count += 1
    return count
