"""A whole Duel game drawn from what one seat knows: its view (see :func:`engine.duel.rules.sample`).

Only the view is read. What it shows is copied; what it hides is drawn uniformly at random, from the
seed, among what that seat cannot rule out:

- the face-down cards of the current structure (an Age card or a Guild, as its back says) and the 3
  cards of that Age removed unseen: a random split of the Age's cards nobody has seen;
- later Ages: their 3 removed cards, their layouts, the 3 Guilds of Age III;
- the Wonders not yet revealed in the draft (the second round's, in reveal order);
- the Progress tokens out of the game, except those the seat saw at the Great Library (its view
  carries them: ``pending.options`` while it chooses, ``library_seen`` afterwards).

Which slot each taken card came from, and the layout of past Ages, are never seen again by anyone
and change nothing: the sampled game is a complete one with them in card order (not drawn: a draw
costs time and tells nothing).

Speed seam: :func:`read_view` reads and checks what a view shows once (a :class:`Shown`), :func:`deal`
draws the rest and builds the state directly. :func:`sample_state` (the plain path) checks every draw
against the view; :class:`DuelSampler` (the fast path, behind ``engine.sample``) checks its view once and
then only draws, which is the same state for the same seed (``tests/engine/duel/test_sample.py``).
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from engine.duel.data import RESOURCES, SYMBOLS
from engine.duel.material import (
    AGE_CARDS,
    CARD_INDEX,
    CARDS,
    GUILDS,
    PURPLE,
    SLOT_COUNT,
    STRUCTURES,
    TOKEN_INDEX,
    TOKENS,
    WONDER_INDEX,
    WONDERS,
    resource_mask,
)
from engine.duel.setup import Setup
from engine.duel.state import (
    CHOOSE_START,
    DESTROY,
    DRAFT_WONDER,
    GREAT_LIBRARY,
    MAUSOLEUM,
    PROGRESS,
    City,
    DuelState,
    OwnedWonder,
    Pending,
    Structure,
    city_prices,
)
from engine.duel.view import build_view
from engine.shuffle import shuffle

GREAT_LIBRARY_WONDER = next(w.index for w in WONDERS if w.great_library)
DESTROYABLE = {w.destroys for w in WONDERS if w.destroys >= 0}  # the colours Zeus and Circus Maximus take

# What fills a slot of the current structure (:attr:`AgeDraw.fill`): a face-up card's index (>= 0), or
# one of these for the slots whose card the seat does not see.
TAKEN, GUILD_BACK, AGE_BACK = -1, -2, -3
PAST, NOW, LATER = "past", "now", "later"


class AgeDraw(NamedTuple):
    """How the cards of one Age are drawn: a ``past`` Age's 20 cards (all shown) are dealt in a random
    order; the Age ``now`` in play fills its slots (``fill``) with the ``taken`` cards, the ``unseen``
    Age cards and the ``unseen_guilds``; a ``later`` Age is drawn as at setup."""

    age: int
    when: str
    cards: tuple[int, ...] = ()          # past: the Age's shown cards; now: those taken from the structure
    removed: tuple[int, ...] = ()        # past: the 3 cards removed unseen
    unseen: tuple[int, ...] = ()         # now: the Age's cards nobody has seen
    unseen_guilds: tuple[int, ...] = ()  # now (Age III): the Guilds nobody has seen
    fill: tuple[int, ...] = ()           # now: per slot, its face-up card or TAKEN / GUILD_BACK / AGE_BACK


class Shown(NamedTuple):
    """Everything one Duel view shows, read and checked once (:func:`read_view`); :func:`deal` adds a
    random draw of what it hides. The cities are templates: each draw copies them."""

    view: dict[str, Any]
    seat: int | None
    cities: tuple[City, City]
    discard: tuple[int, ...]
    ages: tuple[AgeDraw, ...]
    structure: Structure                 # the current structure without its cards (copied per draw)
    wonders: tuple[int, ...]             # the Wonders of the draft whose order shows
    unseen_wonders: tuple[int, ...]      # draft round 1: the Wonders drawn for round 2
    offer: tuple[int, ...]
    draft_picks: int
    boxed: int
    pending: Pending | None
    board: tuple[int, ...]
    out_of_game: tuple[int, ...]         # the Progress tokens out of the game that the seat has seen
    unseen_tokens: tuple[int, ...]


def sample_state(view: Any, seed: int) -> DuelState:
    """The state of a game drawn from ``view`` and ``seed``; ValueError if no game shows this view.

    The state keeps ``view`` itself as its ``sample_of`` option: pass a copy the caller will not change.
    """
    shown = read_view(view)
    try:
        state = deal(shown, seed)
        again = build_view(state, shown.seat)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise ValueError(f"sample_of: not a view of a duel game ({err!r})") from None
    if again != view:
        raise ValueError("sample_of: no duel game shows this view")
    return state


class DuelSampler:
    """The fast path of :func:`engine.api.sample` for Duel: one view read and checked once, then as many
    draws as wanted, each built directly (no copy of the view, no check of what is known consistent).

    ``draw(seed)`` is the state :func:`sample_state` gives for the same view and seed.
    """

    __slots__ = ("shown",)

    def __init__(self, view: dict[str, Any]) -> None:
        """``view`` is kept (pass a copy the caller will not change); ValueError if no game shows it."""
        sample_state(view, 0)
        self.shown = read_view(view)

    @property
    def view(self) -> dict[str, Any]:
        """The view this sampler draws from."""
        return self.shown.view

    def draw(self, seed: int) -> DuelState:
        """A state drawn from the view and ``seed``."""
        return deal(self.shown, seed)


def read_view(view: Any) -> Shown:
    """What ``view`` shows, read and checked (ValueError if it is not a Duel view or contradicts itself;
    what only a draw can check is left to :func:`sample_state`)."""
    if not isinstance(view, dict) or view.get("kind") != "duel":
        raise ValueError("sample_of: a duel view (a dict with kind 'duel') is expected")
    seat = view.get("seat")
    if seat is not None and (type(seat) is not int or seat not in (0, 1)):
        raise ValueError(f"sample_of: the view's seat must be 0, 1 or None, got {seat!r}")
    try:
        return _read(view, seat)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise ValueError(f"sample_of: not a view of a duel game ({err!r})") from None


def _cards(ids: list[str]) -> list[int]:
    return [CARD_INDEX[c] for c in ids]


def _read(view: dict[str, Any], seat: int | None) -> Shown:
    phase, age = view["phase"], view["age"]
    players = view["players"]
    cities = [_city(p) for p in players]
    cities[0].prices, cities[1].prices = city_prices(cities[0], cities[1]), city_prices(cities[1], cities[0])

    # Every card whose identity shows: in a city, under a Wonder, in the discard pile, face up.
    slots = view["structure"]
    face_up = {s["slot"]: CARD_INDEX[s["card"]] for s in slots if s["card"] is not None}
    discard = _cards(view["discard"])
    tucked = [owned.tucked_card for city in cities for owned in city.wonders if owned.age]
    placed = [c for city in cities for c in city.cards] + tucked + discard
    seen = placed + list(face_up.values())
    if len(set(seen)) != len(seen):
        raise ValueError("a card shows twice")

    ages = []
    structure = Structure()
    for a in (1, 2, 3):
        if phase != "draft" and a < age:
            ages.append(_past_age(a, placed))
        elif phase != "draft" and a == age:
            now, structure = _current_age(view, a, face_up, placed)
            ages.append(now)
        else:
            if _age_pool(a, seen):
                raise ValueError(f"a card of Age {a} shows before the Age is dealt")
            ages.append(AgeDraw(a, LATER))

    offer = [WONDER_INDEX[w] for w in view["draft"]["available"]] if view["draft"] else []
    owned = [o.wonder for city in cities for o in city.wonders]
    boxed = WONDER_INDEX[view["boxed_wonder"]] if view["boxed_wonder"] else -1
    wonders, unseen_wonders = _draft_order(cities, offer, boxed, phase)
    drawn_wonders = wonders + unseen_wonders[:4] if unseen_wonders else wonders
    if len(drawn_wonders) != 8 or len(set(drawn_wonders)) != 8:
        raise ValueError("the draft holds 8 different Wonders")

    pending_view = view["pending"]
    kind = Pending(pending_view["kind"]) if pending_view else None
    board = [TOKEN_INDEX[t] for t in view["progress_board"]]
    taken = [t for city in cities for t in city.progress]
    seen_at_library = [TOKEN_INDEX[t] for t in view["library_seen"]]
    drawn = [TOKEN_INDEX[t] for t in pending_view["options"]] \
        if kind is GREAT_LIBRARY and pending_view["options"] is not None else []
    unseen = [t.index for t in TOKENS if t.index not in board + taken + seen_at_library + drawn]
    _library(cities, kind, board, drawn + seen_at_library + unseen)  # its checks do not depend on the draw
    picks = len(owned) if phase == "draft" else 8
    return Shown(view, seat, (cities[0], cities[1]), tuple(discard), tuple(ages), structure, tuple(wonders),
                 tuple(unseen_wonders), tuple(offer), picks, boxed, kind, tuple(board),
                 tuple(drawn + seen_at_library), tuple(unseen))


def deal(shown: Shown, seed: int) -> DuelState:
    """A state showing what ``shown`` shows, with what it hides drawn from ``seed``."""
    rng = random.Random(seed)
    view = shown.view
    decks: dict[int, tuple[int, ...]] = {}
    removed: dict[int, tuple[int, ...]] = {}
    structure = shown.structure
    for drawing in shown.ages:
        a = drawing.age
        if drawing.when == PAST:
            decks[a], removed[a] = drawing.cards, drawing.removed  # the layout of a past Age is never seen
        elif drawing.when == NOW:
            decks[a], removed[a] = _fill(drawing, rng)
            structure = Structure(structure.layout, decks[a], {c: i for i, c in enumerate(decks[a])},
                                  structure.taken[:], structure.face_up[:], structure.covering[:],
                                  structure.accessible[:], structure.left, structure.to_reveal[:])
        else:
            decks[a], removed[a] = _future_age(a, rng)

    wonders = list(shown.wonders)
    if shown.unseen_wonders:
        later = list(shown.unseen_wonders)
        shuffle(later, rng)
        wonders += later[:4]
    unseen = list(shown.unseen_tokens)
    shuffle(unseen, rng)
    out_of_game = [*shown.out_of_game, *unseen]
    cities = [shown.cities[0].copy(), shown.cities[1].copy()]
    board = list(shown.board)
    library_seat, returned, setup_board, setup_removed = _library(cities, shown.pending, board, out_of_game)

    pending_view = view["pending"]
    state = DuelState(
        seed=seed, options={"sample_of": view},
        setup=Setup(first_player=view["first_player"], wonders=tuple(wonders),
                    progress_board=tuple(setup_board), progress_removed=tuple(setup_removed),
                    removed=removed, decks=decks),
        first_player=view["first_player"],
        last_active=pending_view["seat"] if pending_view else view["first_player"],
        phase=view["phase"], age=view["age"], cities=cities, structure=structure,
        pawn=view["military"]["pawn"], military_tokens=[t["present"] for t in view["military"]["tokens"]],
        progress_board=board, progress_removed=out_of_game, library_seat=library_seat,
        library_returned=returned, discard=list(shown.discard), boxed_wonder=shown.boxed,
        wonders_built=sum(1 for city in cities for o in city.wonders if o.age),
        play_again=view["play_again"], draft_picks=shown.draft_picks,
        draft_offer=list(shown.offer), result=view["result"],
    )
    if pending_view:
        state.pending, state.pending_seat = shown.pending, pending_view["seat"]
        state.pending_options = _pending_options(state, shown.pending, pending_view)
    return state


def _city(player: dict[str, Any]) -> City:
    """A city as its player's part of the view shows it; what its cards give is recomputed."""
    city = City(coins=player["coins"], progress=[TOKEN_INDEX[t] for t in player["progress"]],
                shields=player["shields"], choices=[resource_mask(c) for c in player["choices"]])
    for c in _cards(player["cards"]):
        card = CARDS[c]
        city.cards.append(c)
        city.colors[card.color] += 1
        if card.produces is not None:
            for r in range(len(RESOURCES)):
                city.production[r] += card.produces[r]
        city.one_coin |= card.one_coin
        if card.gives_chain >= 0:
            city.chains |= 1 << card.gives_chain
    for symbol in player["science"]:
        city.science_symbols |= 1 << SYMBOLS.index(symbol)
    city.wonders = [OwnedWonder(WONDER_INDEX[w["id"]], w["age_card_age"], CARD_INDEX[w["tucked_card"]])
                    if w["built"] else OwnedWonder(WONDER_INDEX[w["id"]]) for w in player["wonders"]]
    return city


def _age_pool(age: int, cards: list[int]) -> list[int]:
    """The cards of ``age`` (Guilds included for Age III) among ``cards``, in card order."""
    mine = set(cards)
    return [c for c in AGE_CARDS[age] + (GUILDS if age == 3 else ()) if c in mine]


def _past_age(age: int, placed: list[int]) -> AgeDraw:
    """A finished Age: its 20 cards are all in sight; the 3 others were removed."""
    dealt = _age_pool(age, placed)
    if len(dealt) != SLOT_COUNT:
        raise ValueError(f"Age {age} is over but {len(dealt)} of its cards show")
    return AgeDraw(age, PAST, tuple(dealt), tuple(c for c in AGE_CARDS[age] if c not in dealt))


def _future_age(age: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """An Age not dealt yet: as at setup, 3 cards removed, the rest (with 3 Guilds in Age III) laid out."""
    cards = list(AGE_CARDS[age])
    if age != 3:
        shuffle(cards, rng)
        return tuple(cards[3:]), tuple(cards[:3])
    gone = _pick(cards, 3, rng)  # the deck is shuffled with its Guilds next: only the 3 removed are drawn
    deck = cards + _pick(list(GUILDS), 3, rng)
    shuffle(deck, rng)
    return tuple(deck), tuple(gone)


def _pick(items: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``items`` drawn uniformly (in a random order) and taken out of ``items``."""
    draw = rng.random
    picked = []
    for _ in range(count):
        picked.append(items.pop(int(draw() * len(items))))
    return picked


def _current_age(view: dict[str, Any], age: int, face_up: dict[int, int],
                 placed: list[int]) -> tuple[AgeDraw, Structure]:
    """The structure in play: its face-down slots are drawn from the Age's unseen cards (Guilds under
    Guild backs), its taken slots from the Age's cards now in cities, under Wonders or discarded."""
    slots = view["structure"]
    if [s["slot"] for s in slots] != list(range(SLOT_COUNT)):
        raise ValueError("a structure has 20 slots in slot order")
    taken = [bool(s["taken"]) for s in slots]
    gone_from_here = _age_pool(age, placed)
    if len(gone_from_here) != sum(taken):
        raise ValueError(f"{sum(taken)} slots are taken but {len(gone_from_here)} Age {age} cards show")
    unseen = [c for c in AGE_CARDS[age] if c not in placed and c not in face_up.values()]
    unseen_guilds = [g for g in GUILDS if g not in placed and g not in face_up.values()] if age == 3 else []
    fill = []
    for s in slots:
        if s["taken"]:
            fill.append(TAKEN)
        elif s["card"] is not None:
            fill.append(face_up[s["slot"]])
        elif s["back"] == "guild" and age == 3:
            fill.append(GUILD_BACK)
        elif s["back"] == f"age{age}":
            fill.append(AGE_BACK)
        else:
            raise ValueError(f"slot {s['slot']}: a face-down card needs an age{age} or guild back")
    guilds_dealt = (fill.count(GUILD_BACK) + sum(CARDS[c].color == PURPLE for c in gone_from_here)
                    + sum(CARDS[c].color == PURPLE for c in fill if c >= 0))
    if (fill.count(GUILD_BACK) > len(unseen_guilds) or len(unseen) - fill.count(AGE_BACK) != 3
            or (age == 3 and guilds_dealt != 3)):
        raise ValueError(f"Age {age}: its cards do not add up")
    layout = STRUCTURES[age]
    covering = [sum(not taken[above] for above in layout.covered_by[i]) for i in range(SLOT_COUNT)]
    shown = [taken[i] or slots[i]["card"] is not None for i in range(SLOT_COUNT)]
    accessible = list(view["access_order"])
    free = [i for i in range(SLOT_COUNT) if not taken[i] and not covering[i]]
    if sorted(accessible) != free:
        raise ValueError("access_order does not list the free slots")
    structure = Structure(layout=layout, taken=taken, face_up=shown, covering=covering, accessible=accessible,
                          left=SLOT_COUNT - sum(taken), to_reveal=[i for i in free if not shown[i]])
    return AgeDraw(age, NOW, tuple(gone_from_here), (), tuple(unseen), tuple(unseen_guilds),
                   tuple(fill)), structure


def _fill(now: AgeDraw, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards of the structure in play, slot by slot, and the Age's 3 cards removed unseen."""
    gone, unseen, guilds = list(now.cards), list(now.unseen), list(now.unseen_guilds)
    gone.reverse()  # which taken slot held which card is never seen again: in card order
    shuffle(unseen, rng)
    shuffle(guilds, rng)
    dealt = []
    for what in now.fill:
        if what >= 0:
            dealt.append(what)
        elif what == TAKEN:
            dealt.append(gone.pop())
        elif what == GUILD_BACK:
            dealt.append(guilds.pop())
        else:
            dealt.append(unseen.pop())
    return tuple(dealt), tuple(unseen)


def _draft_order(cities: list[City], offer: list[int], boxed: int,
                 phase: str) -> tuple[list[int], list[int]]:
    """The Wonders of the draft whose reveal order shows, and (in round 1) the unrevealed ones, of which
    each draw takes 4 in a random order."""
    owned = [[o.wonder for o in city.wonders] for city in cities]
    if phase != "draft":
        return owned[0] + owned[1] + ([boxed] if boxed >= 0 else []), []
    first_round = [w for mine in owned for w in mine[:2]]
    later = [w for mine in owned for w in mine[2:]]
    if len(first_round) + len(offer) <= 4:  # round 1: the second round's Wonders are not revealed yet
        return first_round + offer, [w.index for w in WONDERS if w.index not in first_round + offer]
    return first_round + later + offer, []


def _library(cities: list[City], kind: Pending | None, board: list[int],
             out_of_game: list[int]) -> tuple[int, list[int], list[int], list[int]]:
    """Who chose at the Great Library, the tokens it put back, and the setup's board and removed tokens."""
    owner = next((s for s, city in enumerate(cities)
                  for o in city.wonders if o.wonder == GREAT_LIBRARY_WONDER and o.age), -1)
    chose = owner >= 0 and kind is not GREAT_LIBRARY
    taken = [t for city in cities for t in city.progress]
    from_library = len(board) + len(taken) - 5
    if from_library != (1 if chose else 0):
        raise ValueError("the Progress tokens do not add up")
    returned = out_of_game[:2] if chose else []
    picked = [cities[owner].progress[-1]] if chose else []
    setup_board = board + [t for t in taken if t not in picked]
    return (owner if chose else -1), returned, setup_board, returned + picked + out_of_game[len(returned):]


def _pending_options(state: DuelState, kind: Pending | None, pending: dict[str, Any]) -> tuple[int, ...]:
    """What the pending seat chooses among, in the order the real game lists it."""
    if kind is DRAFT_WONDER:
        return tuple(state.draft_offer)
    if kind is PROGRESS:
        return tuple(state.progress_board)
    if kind is GREAT_LIBRARY:
        return tuple(state.progress_removed[:3])
    if kind is DESTROY:
        targets = tuple(CARD_INDEX[c] for c in pending["options"])
        colors = {CARDS[c].color for c in targets}
        opponent = state.cities[1 - pending["seat"]].cards
        if len(colors) != 1 or colors.pop() not in DESTROYABLE \
                or targets != tuple(c for c in opponent if CARDS[c].color == CARDS[targets[0]].color):
            raise ValueError("destroy: the options are all the opponent's cards of one brown or grey colour")
        return targets
    if kind is MAUSOLEUM:
        if [CARD_INDEX[c] for c in pending["options"]] != state.discard:
            raise ValueError("mausoleum: the options are the discard pile")
        return tuple(state.discard)
    if kind is CHOOSE_START:
        return (0, 1)
    return ()
