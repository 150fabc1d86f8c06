"""A whole classic game consistent with one seat's view: the world a bot may search on (:func:`sample`).

A *world* is the deal (every Age's hands, the Free City pile, the guilds drawn) together with the card of
every play the seat did not see (stages and discards of the others, the 7th cards, the hands still
held). Equivalently: every hand is dealt in the order its cards will leave it, so a world is the card of
every *slot* (each way a card leaves a hand, or stays in it). The seat's view rules worlds out through:

- the public history: who built what when, who built a stage or discarded (card hidden);
- the hands it held at the start of each turn (``seen``), so it knows what was in every hand that passed
  through it, hence what the next holders can have played or still hold;
- the Halicarnassus picks (the card was in the discard pile then) and, while it chooses one, the pile;
- the Free City's obligations (2 players: it discards only when it can play nothing, and must build a
  card it can chain).

Sampling: the cards the seat cannot place (the *pool*) are dealt uniformly to the slots it knows nothing
about, and each group of slots whose cards the seat saw together (a hand between two of its looks at it)
gets its own cards in a uniformly random order. That draws uniformly among the worlds consistent with
the history and the seen hands. The other constraints are then checked: first cheaply (the discard
pile's contents), then by replaying the world from its deal and comparing the seat's view; a world that
fails is drawn again. If many fresh draws fail, the draw continues as a random walk from the last one
(swapping the cards of two slots that share a group, or two pool slots) that keeps to consistent worlds,
whose stationary distribution is again uniform over them. The seats that already chose this turn (their
choices are secret) are given a random legal choice (:func:`_secret_choice`).

Speed seam: a :class:`ClassicSampler` reads a view and lays out its slots once. With 3 or more seats and
no Cities, its first world replayed (and compared with the view) becomes a :class:`Template`: the later
draws put their cards into a copy of it (deal, hidden plays, cards under stages, discard pile, hands)
instead of replaying the game, since every such world that keeps the seen hands and the discard pile fits
the view. ``sample_plain`` (every world replayed, every play checked) is the plain path; a test compares
the two field by field (``tests/engine/bots/test_sample_seams.py``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.api import IllegalAction
from engine.classic import compiled as C
from engine.classic.actions import ActionKey, action_of, hand_options
from engine.classic.game import ClassicGame
from engine.classic.resolve import controller_at, held_packet, start_age
from engine.classic.setup import deal_age, deck_players, setup_of
from engine.classic.state import BUILD, DISCARD, OLYMPIA, WONDER, AgeDeal, Deal, State
from engine.classic.state import Play as Played
from engine.shuffle import shuffle

FRESH_DRAWS = 40  # fresh worlds tried before the random walk takes over
WALK_STEPS = 60  # swaps between two replays during the walk
MAX_REPLAYS = 400  # then the view is declared impossible
MAX_WALKS = 2000
LATE = 10_000  # the time of the cards still held now

# Fates of a slot: a revealed play of the history, a 7th card (or the Free City pile's last card)
# discarded at the end of its Age, a card in a hand now, a card not dealt yet (Free City pile, future Age),
# a guild left in the box.
PLAY, LAST, HELD, UNDEALT, BOX = "play", "last", "held", "undealt", "box"



@dataclass(slots=True, eq=False)
class Slot:
    """One card of the world: where it goes, and the card once drawn (``-1`` while unknown)."""

    fate: str
    play: int = -1  # index of its play in the history (fate PLAY)
    card: int = -1
    box: str = ""  # fate BOX: what the box keeps ("guild" or, with Cities, "black")
    discarded: float = -1.0  # when it reaches the discard pile (-1: never)
    seat: int = -1  # fates HELD and LAST: the seat holding the card now, or discarding it at the Age's end


@dataclass(slots=True, eq=False)
class PileCard:
    """A Free City pile card (2 seats): known, drawn from the pool, or the card of a slot."""

    card: int = -1
    choose_from: list[Slot | int] = field(default_factory=list)  # drawn early: one of these, at random
    source: Slot | int | None = None  # where its card is (a slot: a card not drawn, or chosen)

    def refresh(self) -> None:
        """Take the card of its source (after a draw or a swap)."""
        if isinstance(self.source, Slot):
            self.card = self.source.card
        elif self.source is not None:
            self.card = self.source


@dataclass(slots=True, eq=False)
class Group:
    """Slots whose cards the seat saw together: ``known`` plus one pool card per ``drawn`` pile card."""

    known: list[int]
    drawn: list[PileCard]
    slots: list[Slot]


@dataclass(slots=True, eq=False)
class Packet:
    """One Age hand from its deal to now: every slot its cards go to, and the pile cards it drew."""

    slots: list[Slot] = field(default_factory=list)
    drawn: list[PileCard] = field(default_factory=list)
    early: list[PileCard] = field(default_factory=list)  # drawn before the seat first saw the hand


@dataclass(slots=True, eq=False)
class AgeWorld:
    """Everything to draw for one Age that has begun."""

    age: int
    packets: list[Packet]
    pile: list[PileCard]
    groups: list[Group]
    pool: list[int]  # the cards no look of the seat placed
    pool_slots: list[Slot]  # where they go (BOX slots take guilds only, or black cards only)
    discarded: list[Slot]  # the slots that end in the discard pile
    boxes: list[tuple[str, list[Slot]]] = field(default_factory=list)  # the BOX slots of each kind kept
    dealt_slots: list[Slot] = field(default_factory=list)  # the pool slots that are not BOX slots

    def __post_init__(self) -> None:
        for kind in ("guild", "black"):
            box = [s for s in self.pool_slots if s.fate == BOX and s.box == kind]
            if box:
                self.boxes.append((kind, box))
        self.dealt_slots = [s for s in self.pool_slots if s.fate != BOX]


class Impossible(ValueError):
    """The view cannot be a seat's view of a classic game."""


# --- reading the view ------------------------------------------------------------------------------


@dataclass(slots=True)
class Seen:
    """What the view says, in engine terms."""

    seat: int
    seats: int
    boards: tuple[int, ...]
    age: int
    turn: int
    phase: str
    history: list[dict[str, Any]]
    looks: dict[tuple[int, int], tuple[list[int], int]]  # (age, turn) -> (hand, card drawn or -1)
    held: list[int]  # cards per seat now
    chosen: list[bool]
    waiting: list[int]
    my_choice: dict[str, Any] | None
    my_free_city_choice: dict[str, Any] | None
    discard: list[int] | None
    cities: bool = False  # Cities: 8-card hands, 7 turns, black cards
    teams: bool = False
    mate: int = -1  # team game: the teammate, whose hands the seat saw too
    mate_looks: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    my_debt: int | None = None  # DEBT phase: the coins the seat chose to pay
    plays: list[Play] | None = None  # the history as the replay sends it (made at the first replay)

    @property
    def last_turn(self) -> int:
        """The turns of an Age (7 with Cities)."""
        return 7 if self.cities else 6

    @property
    def options(self) -> dict[str, Any]:
        """The public options the game was set up with."""
        return {**({"cities": True} if self.cities else {}), **({"teams": True} if self.teams else {})}


def _card(cid: Any) -> int:
    card = C.CARD_INDEX.get(cid) if isinstance(cid, str) else None
    if card is None:
        raise Impossible(f"unknown card {cid!r}")
    return card


def _all_of(kind: type, values: Any) -> list[Any]:
    """``values`` as a list whose items are all exactly of type ``kind`` (else the view is refused)."""
    items = list(values)
    if any(type(item) is not kind for item in items):
        raise Impossible(f"not a list of {kind.__name__}: {items!r}")
    return items


def _read(view: dict[str, Any]) -> Seen:
    try:
        cities = view["cities"]
        seats = sum(1 for c in cities if c["seat"] is not None)
        boards = tuple(C.board_side(C.BOARD_ID.index(c["board"]), C.SIDES.index(c["side"])) for c in cities)
        looks = {(m["age"], m["turn"]): ([_card(c) for c in m["hand"]],
                                         -1 if m["drawn"] is None else _card(m["drawn"]))
                 for m in view["seen"]}
        discard = None if view["discard"] is None else [_card(c) for c in view["discard"]]
        seen = Seen(view["seat"], seats, boards, view["age"], view["turn"], view["phase"],
                    list(view["history"]), looks, _all_of(int, [c["hand_count"] for c in cities[:seats]]),
                    _all_of(bool, view["chosen"]), _all_of(int, view["waiting"]), view["my_choice"],
                    view["my_free_city_choice"], discard)
        if view.get("cities_expansion"):
            seen.cities = True
            seen.teams = view["teams"] is not None
            seen.mate = -1 if view["teammate"] is None else view["teammate"]
            seen.mate_looks = {(m["age"], m["turn"]): [_card(c) for c in m["hand"]]
                               for m in view["teammate_seen"] or ()}
            seen.my_debt = None if view["my_debt"] is None else view["my_debt"]["choice"]
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise Impossible(f"not a seat's view of a classic game: {err!r}") from None
    if not 0 <= seen.seat < seats or seen.age not in (1, 2, 3) or not 1 <= seen.turn <= seen.last_turn:
        raise Impossible("not a seat's view of a classic game")
    return seen


# --- the slots of each Age -------------------------------------------------------------------------


def _resolved_turns(seen: Seen, age: int) -> int:
    """How many turns of ``age`` have been revealed."""
    if age < seen.age or seen.phase == "over":
        return seen.last_turn
    return seen.turn - 1 if seen.phase == "turn" else seen.turn


Event = tuple[tuple[int, int, int], str, Any]  # ((turn, step order, history index), what, payload)


def _build_age(seen: Seen, age: int) -> AgeWorld:
    """The slots, groups and pool of an Age that has begun."""
    seats, two = seen.seats, seen.seats == 2
    plays = [(i, p) for i, p in enumerate(seen.history) if p["age"] == age]
    resolved = _resolved_turns(seen, age)
    now = age == seen.age and seen.phase != "over"
    last = seen.last_turn
    age_end = max((i for i, p in plays if p["step"] == "turn" and p["turn"] == last), default=-1) + 0.5
    events: list[list[Event]] = [[] for _ in range(seats)]
    for i, p in plays:
        if p["step"] not in ("turn", "babylon"):
            continue  # Halicarnassus and guild copies take no card from a hand
        card = -1 if p["card"] is None else _card(p["card"])
        slot = Slot(PLAY, play=i, card=card, discarded=float(i) if p["type"] == "discard" else -1.0)
        packet = held_packet(seats, age, p["turn"], p["seat"])
        events[packet].append(((p["turn"], 2 if p["step"] == "turn" else 4, i), "exit", slot))
    babylon = {p["seat"] for _, p in plays if p["step"] == "babylon"}
    for seat in range(seats):
        if resolved == last:
            packet = held_packet(seats, age, last, seat)
            if seat in babylon:
                continue
            if now and seen.held[seat]:
                events[packet].append(((LATE, 0, 0), "exit", Slot(HELD, seat=seat)))
            else:
                events[packet].append(((last, 3, 0), "exit", Slot(LAST, discarded=age_end, seat=seat)))
        else:
            packet = held_packet(seats, age, seen.turn, seat)
            events[packet].extend(((LATE, 0, 0), "exit", Slot(HELD, seat=seat))
                                  for _ in range(seen.held[seat]))
    pile: list[PileCard] = []
    pool_slots: list[Slot] = []
    if two:
        pile = [PileCard() for _ in range(7)]
        drawn = 6 if resolved == 6 else seen.turn
        for turn in range(1, drawn + 1):
            controller = controller_at(age, turn)
            look = seen.looks.get((age, turn)) if controller == seen.seat else None
            events[held_packet(2, age, turn, controller)].append(
                ((turn, 0, 0), "draw", (pile[turn - 1], -1 if look is None else look[1])))
        for position in range(drawn, 7):
            slot = Slot(LAST, discarded=age_end) if resolved == 6 else Slot(UNDEALT)
            pile[position].source = slot
            pool_slots.append(slot)
    for turn in range(1, last + 1):
        look = seen.looks.get((age, turn))
        if look is not None:
            events[held_packet(seats, age, turn, seen.seat)].append(((turn, 1, 0), "look", look[0]))
        mate_look = seen.mate_looks.get((age, turn))
        if mate_look is not None:  # Cities' team game: the teammate's hand, seen too
            events[held_packet(seats, age, turn, seen.mate)].append(((turn, 1, 0), "look", mate_look))
    groups: list[Group] = []
    pinned: Counter[int] = Counter()
    packets = [_walk(sorted(e, key=lambda ev: ev[0]), groups, pinned, pool_slots) for e in events]
    players = deck_players(seats)
    deck = Counter(C.deck(age, players))
    if age == 3:
        deck.update(C.GUILDS)
        pool_slots.extend(Slot(BOX, box="guild") for _ in range(len(C.GUILDS) - players - 2))
    if seen.cities:
        deck.update(C.BLACK_CARDS[age])
        pool_slots.extend(Slot(BOX, box="black") for _ in range(len(C.BLACK_CARDS[age]) - players))
    if any(pinned[c] > deck[c] for c in pinned):
        raise Impossible(f"the view shows more copies of an Age {age} card than the deck holds")
    pool = sorted((deck - pinned).elements())
    if len(pool) != len(pool_slots) + sum(len(g.drawn) for g in groups):
        raise Impossible(f"the Age {age} cards of the view do not add up")
    discarded = [s for p in packets for s in p.slots if s.discarded >= 0]
    discarded += [s for s in pool_slots if s.fate == LAST and s not in discarded]
    return AgeWorld(age, packets, pile, groups, pool, pool_slots, discarded)


def _walk(events: list[Event], groups: list[Group], pinned: Counter[int], pool_slots: list[Slot]) -> Packet:
    """Split one packet's slots into groups between the seat's looks at it (see the module doc)."""
    packet = Packet()
    before: list[tuple[int, Slot]] = []  # slots before the first look, with their turn
    early: list[tuple[int, PileCard]] = []  # pool draws before the first look
    start: Counter[int] | None = None  # the content at the last look (None: no look yet)
    added: Counter[int] = Counter()  # known cards drawn since the last look
    unknown: list[PileCard] = []  # pool cards drawn since the last look
    slots: list[Slot] = []  # slots since the last look
    for (turn, _step, _index), what, payload in events:
        if what == "exit":
            packet.slots.append(payload)
            if start is None:
                before.append((turn, payload))
            else:
                slots.append(payload)
        elif what == "draw":
            pile_card, known = payload
            packet.drawn.append(pile_card)
            if known >= 0:
                pile_card.card = known
                added[known] += 1
                if start is not None:
                    pinned[known] += 1
            elif start is None:
                early.append((turn, pile_card))
            else:
                unknown.append(pile_card)
        else:
            look: Counter[int] = Counter(payload)
            if start is None:
                _close_first(packet, before, early, look - added, pinned, pool_slots)
                pinned.update(look)
            else:
                _close(start + added, unknown, slots, look, groups, pinned)
            start, added, unknown, slots = look, Counter(), [], []
    if start is None:
        _close_first(packet, before, early, None, pinned, pool_slots)
    else:
        _close(start + added, unknown, slots, None, groups, pinned)
    return packet


def _close_first(packet: Packet, before: list[tuple[int, Slot]], early: list[tuple[int, PileCard]],
                 look: Counter[int] | None, pinned: Counter[int], pool_slots: list[Slot]) -> None:
    """The slots before the seat's first look at a packet: public cards are known, the rest is pool.

    A pile card drawn then is one of the cards the packet held after the draw, chosen at random."""
    for _, slot in before:
        if slot.card >= 0:
            pinned[slot.card] += 1
        else:
            pool_slots.append(slot)
    looked: list[Slot | int] = []
    if look is not None:
        looked.extend(sorted(look.elements()))
    for turn, pile_card in sorted(early, key=lambda d: -d[0]):
        after: list[Slot | int] = [slot for t, slot in before if t >= turn]
        pile_card.choose_from = after + looked
        packet.early.append(pile_card)


def _close(content: Counter[int], unknown: list[PileCard], slots: list[Slot], look: Counter[int] | None,
           groups: list[Group], pinned: Counter[int]) -> None:
    """A group: what a packet held at a look (with the cards drawn since) that is gone at the next look."""
    if look is not None:
        newcomers = look - content
        if sum(newcomers.values()) > len(unknown):
            raise Impossible("a hand holds a card that cannot have reached it")
        for card in sorted(newcomers.elements()):
            unknown.pop().card = card
            pinned[card] += 1
        content = content + newcomers - look
    hidden = []
    for slot in slots:
        if slot.card < 0:
            hidden.append(slot)
        elif content[slot.card] > 0:
            content[slot.card] -= 1
        elif unknown:
            unknown.pop().card = slot.card
            pinned[slot.card] += 1
        else:
            raise Impossible("a play names a card its hand could not hold")
    group = Group(sorted(content.elements()), unknown, hidden)
    if len(group.known) + len(group.drawn) != len(hidden):
        raise Impossible("a hand's cards do not add up")
    groups.append(group)


# --- drawing a world -------------------------------------------------------------------------------


def _deal_age(world: AgeWorld, rng: random.Random) -> None:
    """Draw the cards of every unknown slot of one Age (uniform, see the module doc)."""
    pool = list(world.pool)
    for kind, box in world.boxes:
        left = [c for c in pool if _fits(box[0], c)]
        if len(left) < len(box):
            raise Impossible(f"fewer {kind} cards are left than the box holds")
        for slot, card in zip(box, rng.sample(left, len(box)), strict=True):
            slot.card = card
            pool.remove(card)
    shuffle(pool, rng)
    cards = iter(pool)
    for slot in world.dealt_slots:
        slot.card = next(cards)
    for group in world.groups:
        slots = group.slots
        if len(slots) == 1 and not group.drawn:
            slots[0].card = group.known[0]
            continue
        if group.drawn:
            for pile_card in group.drawn:
                pile_card.card = next(cards)
            content = group.known + [p.card for p in group.drawn]
        else:
            content = list(group.known)
        shuffle(content, rng)
        for slot, card in zip(slots, content, strict=True):
            slot.card = card
    if not world.pile:
        return
    for packet in world.packets:
        taken: set[int] = set()
        for pile_card in packet.early:
            pick = rng.choice([i for i in range(len(pile_card.choose_from)) if i not in taken])
            taken.add(pick)
            pile_card.source = pile_card.choose_from[pick]
    for pile_card in world.pile:
        pile_card.refresh()


def _fits(slot: Slot, card: int) -> bool:
    """True if ``card`` may go to ``slot`` (the box keeps guilds, or black cards, only)."""
    if slot.fate != BOX:
        return True
    return bool(C.IS_GUILD[card]) if slot.box == "guild" else bool(C.IS_BLACK[card])


def _age_deal(world: AgeWorld, size: int) -> AgeDeal:
    """The Age as dealt in the drawn world (``size`` cards per hand)."""
    hands = []
    for packet in world.packets:
        if packet.drawn:
            cards = Counter(s.card for s in packet.slots) - Counter(p.card for p in packet.drawn)
            hand = tuple(sorted(cards.elements()))
        else:
            hand = tuple(sorted([s.card for s in packet.slots]))
        if len(hand) != size:
            raise Impossible(f"a hand of the view does not hold {size} cards")
        hands.append(hand)
    return AgeDeal(tuple(hands), tuple(p.card for p in world.pile))


def _future_age(age: int, seen: Seen, rng: random.Random) -> AgeDeal:
    """An Age not begun yet, dealt as at setup."""
    return deal_age(age, seen.seats, seen.options, rng)


class DiscardStep(NamedTuple):
    """One change of the discard pile, in the order the game made them: a slot's card discarded, or a
    known card taken back (Halicarnassus)."""

    slot: Slot | None
    taken: int


def _discard_steps(seen: Seen, worlds: list[AgeWorld]) -> list[DiscardStep]:
    """Every change of the discard pile in the order the game made them: the history's order, the last
    cards of an Age discarded after its last turn's plays in seat order (the same in every world drawn
    from the view; only the slots' cards differ)."""
    steps: list[tuple[float, int, DiscardStep]] = []
    for world in worlds:
        steps.extend((slot.discarded, slot.seat, DiscardStep(slot, -1)) for slot in world.discarded)
    for i, p in enumerate(seen.history):
        if p["step"] == "halicarnassus":
            steps.append((float(i), -1, DiscardStep(None, _card(p["card"]))))
    steps.sort(key=lambda step: step[:2])
    return [step for _, _, step in steps]


def _pile_faults(seen: Seen, steps: list[DiscardStep]) -> int:
    """How many Halicarnassus picks (and cards of a pile the seat sees) the drawn world misses
    (``steps``: :func:`_discard_steps` of the view)."""
    pile: dict[int, int] = {}
    faults = 0
    for slot, taken in steps:
        if slot is not None:
            pile[slot.card] = pile.get(slot.card, 0) + 1
        elif pile.get(taken, 0) > 0:
            pile[taken] -= 1
        else:
            faults += 1
    if seen.discard is not None:
        shown = Counter(seen.discard)
        drawn = Counter({card: count for card, count in pile.items() if count})
        faults += sum(((drawn - shown) + (shown - drawn)).values())
    return faults


def _deal_of(seen: Seen, worlds: list[AgeWorld], future: list[AgeDeal]) -> Deal:
    """The whole deal of the drawn world."""
    size = 8 if seen.cities else 7
    ages = [*(_age_deal(w, size) for w in worlds), *future]
    return Deal(seen.boards, (ages[0], ages[1], ages[2]))


def _replay_history(seen: Seen, worlds: list[AgeWorld], future: list[AgeDeal], seed: int,
                    checked: bool) -> ClassicGame | None:
    """The drawn world played from its deal through the view's history (None: a play is illegal)."""
    deal = _deal_of(seen, worlds, future)
    state = State.start(seen.seats, seed, {"setup": setup_of(deal), **seen.options}, deal)
    start_age(state, [])
    game = ClassicGame(state)
    cards = {s.play: s.card for w in worlds for p in w.packets for s in p.slots if s.fate == PLAY}
    play = game.apply if checked else game.apply_known
    if seen.plays is None:
        seen.plays = _plays(seen)
    try:
        for i, seat, sent, hidden in seen.plays:
            action = dict(sent)
            if hidden:
                action["card"] = C.CARD_ID[cards[i]]
            play(seat, action)
    except (IllegalAction, KeyError):
        return None
    return game


def _finish_turn(game: ClassicGame, seen: Seen, view: dict[str, Any],
                 rng: random.Random) -> ClassicGame | None:
    """The choices of the turn (or the coin losses) made so far added to ``game``; None if the world then
    does not show ``view``."""
    try:
        if seen.phase == "turn":
            _choose_now(game, seen, rng)
        elif seen.phase == "debt":
            _pay_now(game, seen, rng)
    except (IllegalAction, KeyError):
        return None
    return game if game.view(seen.seat) == view else None


class HiddenPlay(NamedTuple):
    """A play of the history whose card the seat did not see: its slot, where it sits in the state's
    history and log, the fields of its history entry before the card, and its action (with a card)."""

    slot: Slot
    history: int
    log: int
    head: tuple[int, int, str, int, int, int]
    action: dict[str, Any]


@dataclass(slots=True, eq=False)
class Template:
    """The speed seam of :class:`ClassicSampler`: one replayed world of a view, before the turn's choices,
    with where every card it does not share with the other worlds of the view lies in its state.

    With 3 or more seats and no Cities, every world the draw deals (the seen hands and the discard pile
    kept, :func:`_pile_faults` 0) can be played through the history: the hidden plays (stages, discards)
    take any card, the revealed ones are the same in every world. So every such world is the template's
    state with these cards put in: the deal, the hidden plays' cards (history and log), the cards under
    the stages, the discard pile (in the order the game made it) and the hands now. :func:`patched`
    builds it without the replay; :meth:`ClassicSampler.draw` with ``checked`` (``sample_plain``) still
    replays every world, and a test compares the two."""

    state: State
    hidden: list[HiddenPlay]
    stage_cards: list[list[Slot | int]]
    """Per city, the card under each stage: a hidden play's slot, or a card the seat saw."""
    discard: list[DiscardStep]
    hands: list[list[Slot]]
    """Per seat, the slots of the cards it holds now."""

    def patched(self, seen: Seen, worlds: list[AgeWorld], future: list[AgeDeal], seed: int) -> ClassicGame:
        """The world now drawn into ``worlds`` and ``future``, at the view's moment before the turn's
        choices: the same state as replaying it (:func:`_replay_history`)."""
        state = self.state.copy()
        deal = _deal_of(seen, worlds, future)
        state.seed, state.deal = seed, deal
        state.options = {"setup": setup_of(deal), **seen.options}
        history, log = state.history, state.log
        card_id = C.CARD_ID
        new = tuple.__new__  # Play(...) without its keyword-handling __new__
        for slot, at, logged, head, action in self.hidden:
            card = slot.card
            played = {**action, "card": card_id[card]}
            history[at] = new(Played, (*head, card, played))
            log[logged] = [head[3], played]
        state.stage_cards = [[c if isinstance(c, int) else c.card for c in cards]
                             for cards in self.stage_cards]
        pile: list[int] = []
        for source, taken in self.discard:
            if source is None:
                pile.remove(taken)
            else:
                pile.append(source.card)
        state.discard = pile
        state.hands = [sorted(slot.card for slot in hand) for hand in self.hands]
        return ClassicGame(state)


def _template(seen: Seen, worlds: list[AgeWorld], game: ClassicGame) -> Template | None:
    """The template of the view from a world just replayed through the history (``game``), or None when
    the view is not one :class:`Template` serves (2 seats, Cities) or the template would not give back
    ``game`` itself."""
    if seen.seats == 2 or seen.cities or seen.plays is None:
        return None
    state = game.state.copy()
    slots = {s.play: s for w in worlds for p in w.packets for s in p.slots if s.fate == PLAY}
    log_at = {play.at: k for k, play in enumerate(seen.plays)}
    hidden = []
    for i, play in enumerate(seen.history):
        if play["card"] is None and i in slots:
            made = state.history[i]
            head = (made.age, made.turn, made.step, made.seat, made.city, made.kind)
            hidden.append(HiddenPlay(slots[i], i, log_at[i], head, made.action))
    stage_cards: list[list[Slot | int]] = [[] for _ in range(state.n)]
    for i, made in enumerate(state.history):
        if made.kind == WONDER:
            slot = slots.get(i)
            stage_cards[made.city].append(slot if slot is not None and seen.history[i]["card"] is None
                                          else made.card)
    hands: list[list[Slot]] = [[] for _ in range(seen.seats)]
    for packet in worlds[-1].packets:
        for slot in packet.slots:
            if slot.fate == HELD:
                hands[slot.seat].append(slot)
    template = Template(state, hidden, stage_cards, _discard_steps(seen, worlds), hands)
    again = template.patched(seen, worlds, [game.state.deal.ages[a - 1] for a in range(len(worlds) + 1, 4)],
                             game.state.seed).state
    same = (again.history == state.history and again.log == state.log and again.discard == state.discard
            and again.stage_cards == state.stage_cards and again.hands == state.hands
            and again.deal == state.deal and again.options == state.options)
    return template if same else None


class Play(NamedTuple):
    """One play of the history as the replay sends it: its history index, seat, action (without the
    card if ``hidden``: the drawn world's card of its slot is added)."""

    at: int
    seat: int
    action: dict[str, Any]
    hidden: bool


def _plays(seen: Seen) -> list[Play]:
    """The plays of the history in log order (:func:`_log_order`)."""
    out = []
    for i in _log_order(seen):
        p = seen.history[i]
        action = {k: v for k, v in p.items() if k not in ("age", "turn", "step", "seat", "city")}
        out.append(Play(i, p["seat"], action, action.get("card") is None and p["step"] != "debt"))
    return out


def _log_order(seen: Seen) -> list[int]:
    """History indices in an order the plays can be sent in: within a turn, the Free City's play after
    its controller's own (the history lists them in resolution order, the Free City first)."""
    return sorted(range(len(seen.history)), key=lambda i: (
        seen.history[i]["age"], seen.history[i]["turn"], seen.history[i]["step"] != "turn",
        seen.history[i]["step"] == "turn" and seen.history[i]["city"] >= seen.seats, i))


def _choose_now(game: ClassicGame, seen: Seen, rng: random.Random, known: bool = False) -> None:
    """The current turn's choices: the seat's own, and a random legal one for every other seat that chose
    (:func:`_secret_choice`; ``known``: recorded by ``apply_known``, the fast path, else checked)."""
    if seen.my_choice is not None:
        game.apply(seen.seat, dict(seen.my_choice))
    if seen.my_free_city_choice is not None:
        game.apply(seen.seat, dict(seen.my_free_city_choice))
    play = game.apply_known if known else game.apply
    for seat in range(seen.seats):
        if seat == seen.seat or not seen.chosen[seat]:
            continue
        play(seat, _secret_choice(game, seat, rng))
        if seen.seats == 2 and seat == game.state.controller and seat not in seen.waiting:
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def _secret_choice(game: ClassicGame, seat: int, rng: random.Random) -> dict[str, Any]:
    """A random legal choice of ``seat`` for its own city this turn: a card of its hand drawn uniformly,
    then one of what the seat may do with it (build it, put it under a stage, each at its cheapest
    payment, the Olympia build, discard it), uniformly. Any legal choice is consistent with a view (the
    turn's choices are secret); this one is drawn without listing every payment of every card."""
    state = game.state
    hand = state.hands[seat]
    card = hand[int(rng.random() * len(hand))]
    options = hand_options(state, seat, [card])[0]
    kinds = [DISCARD]
    if options.build:
        kinds.append(BUILD)
    if options.wonder:
        kinds.append(WONDER)
    if options.olympia:
        kinds.append(OLYMPIA)
    kind = kinds[int(rng.random() * len(kinds))]
    if kind in (BUILD, WONDER):
        left, right = (options.build if kind == BUILD else options.wonder)[0]
        return action_of(ActionKey(kind, card, left, right))
    return action_of(ActionKey(kind, card, -1, -1))


def _pay_now(game: ClassicGame, seen: Seen, rng: random.Random) -> None:
    """Cities, a coin loss being settled: the seat's own choice, and a random one for every other seat that
    chose (the choices are secret until all are made)."""
    if seen.my_debt is not None:
        game.apply(seen.seat, {"type": "pay_debt", "coins": seen.my_debt})
    for seat in range(seen.seats):
        if seat != seen.seat and seen.chosen[seat]:
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def _swap(worlds: list[AgeWorld], rng: random.Random) -> Callable[[], None] | None:
    """Swap two cards of the world that may trade places (two slots of one group, two pool cards, a pool
    card and a card a group drew from the pool); return what undoes it (None: nothing to swap)."""
    world = rng.choice(worlds)
    groups = [g for g in world.groups if len(g.slots) > 1]
    drew = [g for g in world.groups if g.drawn]
    pool = world.pool_slots
    moves = [m for m, ok in (("group", groups), ("pool", len(pool) > 1), ("drawn", drew and pool)) if ok]
    if not moves:
        return None
    move = rng.choice(moves)
    if move == "group":
        first, second = rng.sample(rng.choice(groups).slots, 2)
    elif move == "pool":
        first, second = rng.sample(pool, 2)
        if not (_fits(first, second.card) and _fits(second, first.card)):
            return None
    else:
        group = rng.choice(drew)
        pile_card = rng.choice(group.drawn)
        second = rng.choice(pool)
        if not _fits(second, pile_card.card):
            return None
        first = next(slot for slot in group.slots if slot.card == pile_card.card)
        pile_card.card, old = second.card, pile_card.card

        def undo_drawn() -> None:
            first.card, second.card = second.card, first.card
            pile_card.card = old

        first.card, second.card = second.card, first.card
        return undo_drawn
    first.card, second.card = second.card, first.card

    def undo() -> None:
        first.card, second.card = second.card, first.card

    return undo


def sample(view: dict[str, Any], seed: int) -> ClassicGame:
    """A complete game consistent with ``view`` (a seat's view), drawn from ``seed`` (module doc): the
    fast path, through the :class:`ClassicSampler` of the last view sampled when ``view`` equals it."""
    sampler = _take_sampler(view)
    try:
        return sampler.draw(seed)
    finally:
        _LAST[:] = [sampler]


def sample_plain(view: dict[str, Any], seed: int) -> ClassicGame:
    """:func:`sample` without its speed seam: the view read afresh, every replayed play checked against
    the legal actions. The same game as :func:`sample`."""
    return ClassicSampler(view, copy=False).draw(seed, checked=True)


class ClassicSampler:
    """The worlds of one view: read and laid out once (:func:`_read`, :func:`_build_age`), then drawn
    from a seed as many times as wanted (each draw deals every unknown slot afresh, so a draw depends on
    its seed only). Not for two draws at once: :func:`sample` takes it out of :data:`_LAST` meanwhile."""

    __slots__ = ("discard_steps", "pile_checked", "seen", "template", "view", "worlds")

    def __init__(self, view: dict[str, Any], copy: bool = True) -> None:
        self.seen = _read(view)
        self.view = _own_copy(view) if copy else view
        self.worlds = [_build_age(self.seen, age) for age in range(1, self.seen.age + 1)]
        self.discard_steps = _discard_steps(self.seen, self.worlds)
        # False when no draw can miss the pile (no Halicarnassus pick, no pile in sight)
        self.pile_checked = self.seen.discard is not None or any(
            step.slot is None for step in self.discard_steps)
        self.template: Template | None = None

    def _world(self, future: list[AgeDeal], seed: int, rng: random.Random,
               checked: bool) -> ClassicGame | None:
        """The world drawn into :attr:`worlds` and ``future`` at the view's moment, or None if it does not
        show the view: replayed (``checked``, or before the view's first world), else patched into the
        :class:`Template` of the view's first world."""
        seen, worlds = self.seen, self.worlds
        if self.template is not None and not checked:
            game = self.template.patched(seen, worlds, future, seed)
            try:
                if seen.phase == "turn":
                    _choose_now(game, seen, rng, known=True)
            except (IllegalAction, KeyError):
                return None
            return game
        replayed = _replay_history(seen, worlds, future, seed, checked)
        if replayed is None:
            return None
        template = None if checked else _template(seen, worlds, replayed)
        finished = _finish_turn(replayed, seen, self.view, rng)
        if finished is not None and template is not None:
            self.template = template
        return finished

    def draw(self, seed: int, checked: bool = False) -> ClassicGame:
        """A world drawn from ``seed`` and replayed to the view's moment (``checked``: every play is
        checked against the legal actions, else only the turn's choices known legal skip it)."""
        seen, worlds = self.seen, self.worlds
        rng = random.Random(seed)
        replays = 0
        future: list[AgeDeal] | None = None
        for _ in range(FRESH_DRAWS):
            for world in worlds:
                _deal_age(world, rng)
            if not self.pile_checked or _pile_faults(seen, self.discard_steps) == 0:
                future = [_future_age(age, seen, rng) for age in range(seen.age + 1, 4)]
                replays += 1
                game = self._world(future, seed, rng, checked)
                if game is not None:
                    return game
        faults = _pile_faults(seen, self.discard_steps)
        for _ in range(MAX_WALKS):
            if replays >= MAX_REPLAYS:
                break
            for _ in range(WALK_STEPS):
                undo = _swap(worlds, rng)
                if undo is None:
                    continue
                now = _pile_faults(seen, self.discard_steps)
                if now > faults or (now and now == faults and rng.random() < 0.5):
                    undo()
                else:
                    faults = now
            for world in worlds:
                for pile_card in world.pile:
                    pile_card.refresh()
            if faults == 0:
                replays += 1
                if future is None:
                    future = [_future_age(age, seen, rng) for age in range(seen.age + 1, 4)]
                game = self._world(future, seed, rng, checked)
                if game is not None:
                    return game
        raise Impossible("no game fits this view")


# The sampler of the last view sampled (a search samples one view many times); empty while in use.
_LAST: list[ClassicSampler] = []


def _take_sampler(view: dict[str, Any]) -> ClassicSampler:
    """The last sampler if its view equals ``view`` (a C-level comparison), else a new one."""
    try:
        last = _LAST.pop()
    except IndexError:
        last = None
    if last is not None and isinstance(view, dict) and view == last.view:
        return last
    return ClassicSampler(view)


def _own_copy(view: dict[str, Any]) -> Any:
    """A private copy of a view (plain JSON data, so a JSON round trip is the fastest deep copy)."""
    try:
        return json.loads(json.dumps(view))
    except (TypeError, ValueError):
        raise Impossible("not a seat's view of a classic game: a view is plain JSON data") from None
