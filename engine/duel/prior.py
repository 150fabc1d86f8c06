"""The bots' features of Duel for the learned policy prior and value (:mod:`engine.bots.prior`).

Read from a sampled world's public part only: the cities, the pawn and military tokens, the Progress tokens
on the board, the structure's shape and its face-up cards, and the move itself. Never the face-down cards,
the decks of later Ages, the Wonders not yet revealed or the tokens out of the game (a world sampled from a
view differs from the true game only there; ``tests/engine/bots/test_prior.py`` checks two such worlds give
the same features). The searching bots reach this module by name
(:func:`engine.bots.knowledge.prior_features_for`), like the fast path.

- The prior: each legal move's logit is its :data:`POLICY_FEATURES` (:func:`sparse_features`, a few
  nonzero ones a move) dotted with the policy weights.
- The value: the seat to act's chance to win is the logistic of its :data:`VALUE_FEATURES`
  (:func:`value_features`: the fast path's features of the two seats, mine minus the opponent's, by Age,
  and a bias per Age for having the move) dotted with the value weights.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Action, Game
from engine.duel import playout
from engine.duel.actions import can_build
from engine.duel.effects import card_shields
from engine.duel.material import (
    CARD_INDEX,
    CARDS,
    TOKEN_IDS,
    TOKEN_INDEX,
    WONDER_IDS,
    WONDER_INDEX,
    WONDERS,
)
from engine.duel.playout import (
    BUILD,
    DESTROY_CARD,
    DISCARD,
    DRAFT,
    MAUSOLEUM_CARD,
    START,
    TOKEN,
    WONDER,
    Move,
)
from engine.duel.state import DuelState

KIND_FEATURES = tuple(f"{kind}_age{age}" for kind in ("build", "discard", "wonder") for age in (1, 2, 3))
CARD_FEATURES = (
    "vp", "military_points", "shields", "science_new", "science_pair", "science_late", "raw_new", "raw_more",
    "manufactured_new", "manufactured_more", "choice", "chained", "gives_chain", "guild", "coins_gain",
    "trade_fix", "cost", "opponent_cannot_build",
)
DENIAL_FEATURES = ("deny_pair", "deny_science_late", "deny_military", "deny_guild", "uncovers")
OTHER_FEATURES = ("discard_coins", "wonder_vp", "wonder_again", "wonder_military", "wonder_coins",
                  "destroy_units", "mausoleum", "start_self", "start_other")
POLICY_FEATURES: tuple[str, ...] = (
    KIND_FEATURES + CARD_FEATURES + DENIAL_FEATURES + OTHER_FEATURES
    + tuple(f"draft:{w}" for w in WONDER_IDS) + tuple(f"wonder:{w}" for w in WONDER_IDS)
    + tuple(f"token:{t}" for t in TOKEN_IDS))
"""The features of one move, in order (most are 0 for any one move)."""
_AT = {name: i for i, name in enumerate(POLICY_FEATURES)}
_KIND_AT = {(kind, age): _AT[f"{name}_age{age}"] for kind, name in ((BUILD, "build"), (DISCARD, "discard"),
                                                                     (WONDER, "wonder")) for age in (1, 2, 3)}
_DRAFT_AT = tuple(_AT[f"draft:{w}"] for w in WONDER_IDS)
_WONDER_AT = tuple(_AT[f"wonder:{w}"] for w in WONDER_IDS)
_TOKEN_AT = tuple(_AT[f"token:{t}"] for t in TOKEN_IDS)
(VP, MILITARY_POINTS, SHIELDS, SCIENCE_NEW, SCIENCE_PAIR, SCIENCE_LATE, RAW_NEW, RAW_MORE, MANUFACTURED_NEW,
 MANUFACTURED_MORE, CHOICE, CHAINED, GIVES_CHAIN, GUILD, COINS_GAIN, TRADE_FIX, COST, OPPONENT_CANNOT) = (
    _AT[name] for name in CARD_FEATURES)
DENY_PAIR, DENY_SCIENCE_LATE, DENY_MILITARY, DENY_GUILD, UNCOVERS = (_AT[name] for name in DENIAL_FEATURES)
(DISCARD_COINS, WONDER_VP, WONDER_AGAIN, WONDER_MILITARY, WONDER_COINS, DESTROY_UNITS, MAUSOLEUM_AT,
 START_SELF, START_OTHER) = (_AT[name] for name in OTHER_FEATURES)

VALUE_FEATURES: tuple[str, ...] = tuple(
    f"{name}_age{age}" for age in (1, 2, 3) for name in playout.FEATURES) + ("to_move_age1", "to_move_age2",
                                                                            "to_move_age3")
"""The value's features: per Age, each fast-path feature of the seat to act minus the opponent's; then a
bias per Age for being the seat to act."""
_WIDTH = len(playout.FEATURES)
_MANUFACTURED = tuple(r in playout.MANUFACTURED_RESOURCES for r in range(5))
_MILITARY_POINTS = (0, 0, 2, 2, 2, 5, 5, 5, 10, 10)
"""The military points of a pawn lead of 0..9 (9: supremacy, counted as 10 here)."""

SparseRow = list[tuple[int, float]]


def move_of(action: Action) -> Move:
    """The compact :class:`~engine.duel.playout.Move` of a legal Duel action."""
    kind = action["type"]
    if kind == "build":
        return Move(BUILD, CARD_INDEX[action["card"]])
    if kind == "discard":
        return Move(DISCARD, CARD_INDEX[action["card"]])
    if kind == "wonder":
        return Move(WONDER, CARD_INDEX[action["card"]], WONDER_INDEX[action["wonder"]])
    if kind == "draft_wonder":
        return Move(DRAFT, WONDER_INDEX[action["wonder"]])
    if kind == "progress":
        return Move(TOKEN, TOKEN_INDEX[action["token"]])
    if kind == "destroy":
        return Move(DESTROY_CARD, CARD_INDEX[action["card"]])
    if kind == "mausoleum":
        return Move(MAUSOLEUM_CARD, CARD_INDEX[action["card"]])
    return Move(START, action["seat"])


def root_moves(legal: Sequence[Action]) -> list[Move]:
    """The move of each legal action."""
    return [move_of(action) for action in legal]


def _lead(state: DuelState, seat: int) -> int:
    return state.pawn if seat == 0 else -state.pawn


def _card_row(row: SparseRow, state: DuelState, seat: int, c: int, paying: bool) -> None:
    """What building card ``c`` gives ``seat`` (``paying``: its cost counts too)."""
    city = state.cities[seat]
    card = CARDS[c]
    if card.vp:
        row.append((VP, card.vp / 3.0))
    if card.shields:
        shields = card_shields(city, card)
        lead = _lead(state, seat)
        after = min(9, lead + shields)
        row.append((SHIELDS, shields / 2.0))
        gained = _MILITARY_POINTS[max(0, after)] - _MILITARY_POINTS[max(0, lead)]
        if gained:
            row.append((MILITARY_POINTS, gained / 5.0))
    if card.science >= 0:
        symbols = city.science_symbols
        if symbols >> card.science & 1:
            row.append((SCIENCE_PAIR, 1.0))
        else:
            row.append((SCIENCE_NEW, 1.0))
            distinct = symbols.bit_count() + 1
            if distinct >= 4:
                row.append((SCIENCE_LATE, distinct - 3.0))
    if card.produces is not None:
        for resource, units in enumerate(card.produces):
            if units:
                owned = city.production[resource]
                if _MANUFACTURED[resource]:
                    row.append((MANUFACTURED_NEW if not owned else MANUFACTURED_MORE, float(units)))
                else:
                    row.append((RAW_NEW if not owned else RAW_MORE, float(units)))
    if card.choice:
        row.append((CHOICE, 1.0))
    if card.gives_chain >= 0:
        row.append((GIVES_CHAIN, 1.0))
    if card.guild is not None:
        row.append((GUILD, 1.0))
    if card.gain or card.coins_per is not None:
        row.append((COINS_GAIN, (card.gain + (3 if card.coins_per is not None else 0)) / 4.0))
    if card.one_coin:
        row.append((TRADE_FIX, float(card.one_coin.bit_count())))
    if not paying:
        return
    if card.chain >= 0 and city.chains >> card.chain & 1:
        row.append((CHAINED, 1.0))
    else:
        cost = card.coins + city.prices.card(c)
        if cost:
            row.append((COST, cost / 4.0))


def _denial_row(row: SparseRow, state: DuelState, seat: int, c: int) -> None:
    """What taking card ``c`` from the structure keeps from the opponent, and the slots it frees."""
    other = 1 - seat
    city = state.cities[other]
    card = CARDS[c]
    if card.science >= 0:
        symbols = city.science_symbols
        if symbols >> card.science & 1:
            row.append((DENY_PAIR, 1.0))
        elif symbols.bit_count() >= 3:
            row.append((DENY_SCIENCE_LATE, symbols.bit_count() - 2.0))
    if card.shields:
        lead = _lead(state, other)
        after = min(9, lead + card_shields(city, card))
        gained = _MILITARY_POINTS[max(0, after)] - _MILITARY_POINTS[max(0, lead)]
        if gained and can_build(city, c):
            row.append((DENY_MILITARY, gained / 5.0))
    if card.guild is not None:
        row.append((DENY_GUILD, 1.0))
    structure = state.structure
    slot = structure.slot_of.get(c)
    if slot is not None:
        covering = structure.covering
        freed = sum(1 for below in structure.layout.covers[slot] if covering[below] == 1)
        if freed:
            row.append((UNCOVERS, float(freed)))


def sparse_features(world: Game, seat: int, move: Move) -> SparseRow:
    """The nonzero :data:`POLICY_FEATURES` of ``move`` for ``seat`` (the seat to act) in ``world``, as
    (index, value) pairs."""
    return _sparse(playout.state_of(world), seat, move)


def _sparse(state: DuelState, seat: int, move: Move) -> SparseRow:
    kind, item, wonder = move
    row: SparseRow = []
    age = max(1, state.age)
    if kind == BUILD:
        row.append((_KIND_AT[BUILD, age], 1.0))
        _card_row(row, state, seat, item, True)
        _denial_row(row, state, seat, item)
        if CARDS[item].vp == 0 and not can_build(state.cities[1 - seat], item):
            row.append((OPPONENT_CANNOT, 1.0))
    elif kind == DISCARD:
        row.append((_KIND_AT[DISCARD, age], 1.0))
        row.append((DISCARD_COINS, (2 + state.cities[seat].colors[playout.YELLOW]) / 4.0))
        _denial_row(row, state, seat, item)
    elif kind == WONDER:
        row.append((_KIND_AT[WONDER, age], 1.0))
        row.append((_WONDER_AT[wonder], 1.0))
        data = WONDERS[wonder]
        if data.vp:
            row.append((WONDER_VP, data.vp / 3.0))
        if data.play_again:
            row.append((WONDER_AGAIN, 1.0))
        if data.shields:
            lead = _lead(state, seat)
            gained = _MILITARY_POINTS[max(0, min(9, lead + data.shields))] - _MILITARY_POINTS[max(0, lead)]
            row.append((WONDER_MILITARY, data.shields / 2.0 + gained / 5.0))
        if data.gain or data.opponent_loses:
            row.append((WONDER_COINS, (data.gain + data.opponent_loses) / 4.0))
        cost = state.cities[seat].prices.wonder(wonder)
        if cost:
            row.append((COST, cost / 4.0))
        _denial_row(row, state, seat, item)
    elif kind == DRAFT:
        row.append((_DRAFT_AT[item], 1.0))
    elif kind == TOKEN:
        row.append((_TOKEN_AT[item], 1.0))
    elif kind == DESTROY_CARD:
        produces = CARDS[item].produces
        row.append((DESTROY_UNITS, float(sum(produces)) if produces is not None else 0.5))
    elif kind == MAUSOLEUM_CARD:
        row.append((MAUSOLEUM_AT, 1.0))
        _card_row(row, state, seat, item, False)
    else:
        row.append((START_SELF if item == seat else START_OTHER, 1.0))
    return row


def move_features(world: Game, seat: int, move: Move) -> list[float]:
    """All :data:`POLICY_FEATURES` of ``move`` (dense; :func:`sparse_features` is the fast form)."""
    dense = [0.0] * len(POLICY_FEATURES)
    for index, value in sparse_features(world, seat, move):
        dense[index] += value
    return dense


def value_features(world: Game, seat: int) -> list[float]:
    """The :data:`VALUE_FEATURES` of ``world``'s position for ``seat`` (the seat to act)."""
    mine = playout.features(world, seat)
    theirs = playout.features(world, 1 - seat)
    age = min(3, max(1, playout.state_of(world).age))
    dense = [0.0] * len(VALUE_FEATURES)
    base = (age - 1) * _WIDTH
    for k in range(_WIDTH):
        dense[base + k] = mine[k] - theirs[k]
    dense[3 * _WIDTH + age - 1] = 1.0
    return dense


def value_logit(weights: Sequence[float], world: Game, seat: int) -> float:
    """The value's logit for ``seat`` (the seat to act) in ``world`` with ``weights`` (over
    :data:`VALUE_FEATURES`), without building the dense row."""
    features = playout.features
    mine = features(world, seat)
    theirs = features(world, 1 - seat)
    age = min(3, max(1, playout.state_of(world).age))
    base = (age - 1) * _WIDTH
    x = weights[3 * _WIDTH + age - 1]
    for k in range(_WIDTH):
        x += weights[base + k] * (mine[k] - theirs[k])
    return x
