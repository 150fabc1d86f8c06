"""Turn resolution in the digest's §10 order, pending single-seat choices, military, ages, game end."""

from __future__ import annotations

from bisect import insort
from collections import Counter
from typing import Any, NamedTuple

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.actions import (
    DISCARD_COINS,
    FREE_CITY,
    Decoded,
    copy_options,
    halicarnassus_cards,
    purchase_story,
)
from engine.classic.rebates import EFFECT_CARD, EXTRA_UNITS, NO_STORY, Story
from engine.classic.scoring import best_copy, finish, own_black_card
from engine.classic.state import (
    BABYLON,
    COPY_GUILD,
    DEBT,
    DISCARD,
    HALICARNASSUS,
    NO_CITY,
    OLYMPIA,
    OVER,
    PAY,
    TURN,
    WONDER,
    Choice,
    Loss,
    Pending,
    Plan,
    Play,
    SeenHand,
    State,
)

Events = list[dict[str, Any]]
VICTORY = {1: 1, 2: 3, 3: 5}
DEFEAT = -1


class Placed(NamedTuple):
    """A card or stage placed this step, whose immediate coins are counted once all are placed."""

    what: str  # "card" or "stage"
    city: int
    effect: C.Effect


def start_age(state: State, events: Events) -> None:
    """Deal the next age's hands (7 per seat, 8 with Cities; 2 players: the 7-card Free City pile too)."""
    state.age += 1
    state.turn = 0
    dealt = state.deal.ages[state.age - 1]
    state.hands = [list(hand) for hand in dealt.hands]
    if state.two:
        state.pile = list(dealt.pile)
        state.controller = R.first_controller(state.age)
    events.append({"type": "age_start", "age": state.age})
    start_turn(state)


def start_turn(state: State) -> None:
    """Open a simultaneous turn (2 players: the controller draws the Free City pile's top card)."""
    state.turn += 1
    state.phase = TURN
    state.choices = [None] * state.seats
    state.free_city_choice = None
    if state.two:
        insort(state.hands[state.controller], state.pile.pop(0))
    state.snapshot_discounts()
    if state.cities:
        state.spent = [0] * state.n


def _told(event: dict[str, Any], story: Story) -> dict[str, Any]:
    """A build or stage event with the story of its purchase (Cities): the rebates it received and the
    cards whose extra unit it used (fields present only when there is something to tell)."""
    if story.rebates:
        event["rebates"] = [{"card": r.card, "neighbour": r.side, "coins": r.coins} for r in story.rebates]
    used = story.used & EXTRA_UNITS
    if used:
        event["extra_units"] = [EFFECT_CARD[bit] for bit in sorted(EFFECT_CARD) if bit & used]
    return event


def place(state: State, city: int, plan: Plan, income: list[int], events: Events,
          seat: int, story: Story = NO_STORY) -> Placed | None:
    """Pay for and place one revealed choice (``story``: what its purchase used, told by its event and
    spent for the turn); return what needs immediate effects."""
    kind, card, left, right, bank, how = plan
    if kind == DISCARD:
        state.discard.append(card)
        income[city] += DISCARD_COINS
        events.append({"type": "discard", "seat": seat, "city": city, "coins": DISCARD_COINS})
        return None
    state.coins[city] -= bank + left + right
    if story is not NO_STORY and story.used:
        state.spent[city] |= story.used
    if left:
        income[(city + 1) % state.n] += left  # the left neighbour (State.left)
    if right:
        income[(city - 1) % state.n] += right  # the right one
    if kind == WONDER:
        stage = state.stages[city] + 1
        fx = state.add_stage(city, card)
        event = {"type": "wonder", "seat": seat, "city": city, "stage": stage, "left": left, "right": right,
                 "coins": bank}
        events.append(event if story is NO_STORY else _told(event, story))
        return tuple.__new__(Placed, ("stage", city, fx))
    if kind == OLYMPIA:
        state.olympia_used[city] = state.age
    state.add_card(city, card)
    event = {"type": "build", "seat": seat, "city": city, "card": C.CARD_ID[card], "left": left,
             "right": right, "coins": bank, "how": how}
    events.append(event if story is NO_STORY else _told(event, story))
    return tuple.__new__(Placed, ("card", city, C.CARD_FX[card]))


def gain(state: State, city: int, fx: C.Effect, why: str, events: Events) -> None:
    """Immediate gains of a placed card or stage (counted after every placement of the turn): coins, and
    with Cities coins to others, tokens, debt handed out; its coin losses are noted for the turn's end."""
    delta = fx.coins
    if fx.coins_per is not None:
        delta += state.count_per(fx.coins_per, city) - own_black_card(fx.coins_per)
    if delta:
        state.coins[city] += delta
        events.append({"type": "coins", "city": city, "delta": delta, "why": why})
    if not state.cities:
        return
    if fx.coins_neighbours:
        for nb in (state.left(city), state.right(city)):
            state.coins[nb] += fx.coins_neighbours
            events.append({"type": "coins", "city": nb, "delta": fx.coins_neighbours, "why": "gift"})
    if fx.coins_others:
        for other in range(state.n):
            if other != city:
                state.coins[other] += fx.coins_others
                events.append({"type": "coins", "city": other, "delta": fx.coins_others, "why": "gift"})
    if fx.victory_token:
        state.tokens[city].append(fx.victory_token)
        events.append({"type": "victory_token", "city": city, "token": fx.victory_token})
    if fx.debt_neighbours:
        neighbours = (state.left(city), state.right(city))
        if R.RAIDER_DEBT_PAYABLE:
            state.losses.append(Loss(city, tuple(fx.debt_neighbours if v in neighbours else 0
                                                 for v in range(state.n)), 0))
        else:
            for nb in neighbours:
                state.debt[nb] += fx.debt_neighbours
                events.append({"type": "debt", "city": nb, "debt": fx.debt_neighbours, "paid": 0})
    if fx.diplomacy:
        state.diplomacy[city] += fx.diplomacy
        events.append({"type": "diplomacy", "city": city, "tokens": state.diplomacy[city]})
    if fx.ability == "discard_defeats":
        defeats = sum(1 for t in state.tokens[city] if t < 0)
        state.tokens[city] = [t for t in state.tokens[city] if t > 0]
        events.append({"type": "defeats_discarded", "city": city, "count": defeats})
    if fx.has_loss:
        victims = loss_victims(state, city)
        fixed = [fx.loss_others if v in victims else 0 for v in range(state.n)]
        per = fx.loss_others_per
        if per and not R.LOSSES_COUNTED_AT_END_OF_TURN:
            for v in victims:
                fixed[v] += state.count(per, v)
            per = 0
        state.losses.append(Loss(city, tuple(fixed), per))


def loss_victims(state: State, city: int) -> list[int]:
    """The cities losing coins to a loss effect of ``city``: every other player (its teammate included
    per readings.TEAM_LOSSES_HIT_TEAMMATE)."""
    mate = None if R.TEAM_LOSSES_HIT_TEAMMATE else state.teammate(city)
    return [v for v in range(state.n) if v != city and v != mate]


def open_debt(state: State, events: Events) -> bool:
    """Cities, end of a turn's gains: sum each seat's coin losses; a seat with no coins takes them all as
    debt; return True if some seat must now choose how much to pay (the DEBT phase opens)."""
    due = [0] * state.n
    for loss in state.losses:
        for v in range(state.n):
            due[v] += loss.fixed[v]
            if loss.per_kinds and v in loss_victims(state, loss.city):
                due[v] += state.count(loss.per_kinds, v)
    state.losses = []
    state.debt_due = [0] * state.seats
    state.debt_choices = [None] * state.seats
    deciding = False
    for seat in range(state.seats):
        if not due[seat]:
            continue
        if state.coins[seat] == 0:
            state.debt[seat] += due[seat]
            events.append({"type": "debt", "city": seat, "debt": due[seat], "paid": 0})
        else:
            state.debt_due[seat] = due[seat]
            deciding = True
    if deciding:
        state.phase = DEBT
        events.append({"type": "pending", "kind": DEBT,
                       "seats": [q for q in range(state.seats) if state.debt_due[q]]})
    return deciding


def debt_deciders(state: State) -> list[int]:
    """The seats settling a coin loss now (DEBT phase)."""
    return [q for q in range(state.seats) if state.debt_due[q]]


def settle_debt(state: State, events: Events) -> None:
    """Every seat has chosen: pay the coins, take the rest as debt, reveal the choices, go on."""
    for seat in debt_deciders(state):
        paid = state.debt_choices[seat]
        assert paid is not None
        due = state.debt_due[seat]
        state.coins[seat] -= paid
        state.debt[seat] += due - paid
        action = {"type": "pay_debt", "coins": paid}
        state.history.append(Play(state.age, state.turn, DEBT, seat, seat, PAY, -1, action))
        events.append({"type": "debt", "city": seat, "debt": due - paid, "paid": paid})
    state.debt_due = [0] * state.seats
    state.debt_choices = [None] * state.seats
    state.queue.pop(0)
    advance(state, events)


def resolve_turn(state: State, events: Events) -> None:
    """Reveal and resolve every choice of the turn, then continue with pending choices or the next turn."""
    entries = [(seat, seat, choice) for seat, choice in enumerate(state.choices) if choice is not None]
    if state.two and state.free_city_choice is not None:
        entries.insert(0, (2, state.controller, state.free_city_choice))
    income = [0] * state.n
    new = tuple.__new__  # Play(...) without its keyword-handling __new__ (the hot path)
    age, turn, hands, history, cities = state.age, state.turn, state.hands, state.history, state.cities
    placed: list[Placed] = []
    hali = []
    # every purchase sees the cities as they were at the start of the turn (readings §6.2)
    stories = [purchase_story(state, city, plan) for city, _, (_, plan) in entries] if cities else None
    for i, (city, seat, (action, plan)) in enumerate(entries):
        kind, card = plan[0], plan[1]
        hands[seat].remove(card)
        history.append(new(Play, (age, turn, TURN, seat, city, kind, card, action)))
        item = place(state, city, plan, income, events, seat, stories[i] if stories else NO_STORY)
        if item is not None:
            placed.append(item)
            if item.effect.ability == HALICARNASSUS and state.abilities_apply(city):
                hali.append(city)  # Halicarnassus' stage, or Cities' Forging Agency
    for what, city, fx in placed:
        if fx.coins or fx.coins_per is not None or cities:  # the base game gains only coins
            gain(state, city, fx, what, events)
    coins = state.coins
    for city, delta in enumerate(income):
        if delta:
            coins[city] += delta
    last = turn == state.last_turn
    if last:
        _discard_last_cards(state, events)
    state.choices = [None] * state.seats
    state.free_city_choice = None
    queue: list[Pending] = []
    for step in R.POST_TURN_ORDER:
        if step == HALICARNASSUS:
            order = sorted(hali) if R.HALICARNASSUS_IN_CITY_ORDER else hali
            queue.extend(Pending(HALICARNASSUS, c) for c in order)
            if cities:  # cities.md §4: losses after every gain and free build of the turn
                queue.append(Pending(DEBT, NO_CITY))
        elif last:
            queue.extend(Pending(BABYLON, s) for s in range(state.seats) if hands[s])
    state.queue = queue
    advance(state, events)


def plays_last_card(state: State, city: int) -> bool:
    """Babylon B stage 2: this city plays its last card (never the Free City, readings)."""
    if city >= state.seats and not R.FREE_CITY_PLAYS_LAST_CARD:
        return False
    return state.has_ability(city, "babylon_last_card")


def _discard_last_cards(state: State, events: Events) -> None:
    for seat in range(state.seats):
        hand = state.hands[seat]
        if hand and not plays_last_card(state, seat):
            state.discard.extend(hand)
            hand.clear()
            events.append({"type": "last_card_discarded", "seat": seat, "city": seat})
    if state.pile:
        state.discard.extend(state.pile)
        state.pile.clear()


def advance(state: State, events: Events) -> None:
    """Open the next pending choice, or move to the next turn / age / the end of the game."""
    while state.queue:
        kind, city = state.queue[0]
        if kind == DEBT:
            if open_debt(state, events):
                return
            state.queue.pop(0)
            continue
        if kind == HALICARNASSUS and not halicarnassus_cards(state, city):
            state.queue.pop(0)
            events.append({"type": "effect_lost", "city": city, "kind": kind})
            continue
        state.phase = kind
        events.append({"type": "pending", "seat": state.seat_of(city), "city": city, "kind": kind})
        return
    if state.phase == COPY_GUILD:
        _finish(state, events)
        return
    if state.turn < state.last_turn:
        _pass_hands(state, events)
        start_turn(state)
        return
    military(state, events)
    if state.age < 3:
        start_age(state, events)
        return
    state.phase = COPY_GUILD
    for city in range(state.n):
        if state.has_ability(city, "copy_guild") and copy_options(state, city):
            if city < state.seats:
                state.queue.append(Pending(COPY_GUILD, city))
            else:
                state.copies[city] = best_copy(state, city, copy_options(state, city))
                events.append({"type": "guild_copied", "city": city, "card": C.CARD_ID[state.copies[city]]})
    advance(state, events)


def _finish(state: State, events: Events) -> None:
    state.phase = OVER
    state.queue = []
    state.result = finish(state)
    events.append({"type": "game_over", "result": state.result})


def held_packet(seats: int, age: int, turn: int, seat: int) -> int:
    """The seat whose Age hand (its "packet") ``seat`` holds on ``turn``: hands pass left (to the seat
    after) in Ages I and III, right in Age II; with 2 seats the two hands swap every turn."""
    if seats == 2:
        return (seat + turn - 1) % 2
    shift = turn - 1 if age == 2 else 1 - turn
    return (seat + shift) % seats


def controller_at(age: int, turn: int) -> int:
    """2 seats: the seat holding the Free City card on ``turn`` of ``age`` (it alternates every turn)."""
    return R.first_controller(age) ^ ((turn - 1) % 2)


def position_start(options: dict[str, Any]) -> tuple[int, int]:
    """The (Age, turn) a game's memory starts from: (1, 1), or those of its ``position`` option (a game
    set up in mid-play, engine.classic.position, remembers nothing before it)."""
    position = options.get("position")
    if not position:
        return 1, 1
    return position.get("age", 1), position.get("turn", 1)


def seen_hands(state: State, seat: int) -> list[SeenHand]:
    """The hand ``seat`` held at the start of every turn so far, from the deal and the plays."""
    out = []
    first_age, first_turn = position_start(state.options)
    for age in range(first_age, state.age + 1):
        dealt = state.deal.ages[age - 1]
        packets = [Counter(hand) for hand in dealt.hands]
        plays: dict[int, list[Play]] = {}
        for play in state.history:
            if play.age == age and play.step == TURN:
                plays.setdefault(play.turn, []).append(play)
        for turn in range(first_turn if age == first_age else 1,
                          (state.turn if age == state.age else state.last_turn) + 1):
            drawn = -1
            if state.two:
                controller = controller_at(age, turn)
                packets[held_packet(2, age, turn, controller)][dealt.pile[turn - 1]] += 1
                drawn = dealt.pile[turn - 1] if controller == seat else -1
            hand = packets[held_packet(state.seats, age, turn, seat)]
            out.append(SeenHand(age, turn, tuple(sorted(hand.elements())), drawn))
            for play in plays.get(turn, ()):
                packets[held_packet(state.seats, age, turn, play.seat)][play.card] -= 1
    return out


def _pass_hands(state: State, events: Events) -> None:
    if state.two:
        state.hands[0], state.hands[1] = state.hands[1], state.hands[0]
        state.controller = 1 - state.controller
        events.append({"type": "hands_passed", "direction": "swap"})
        return
    n = state.n
    hands = state.hands
    if state.age == 2:
        state.hands = [hands[(i + 1) % n] for i in range(n)]
        events.append({"type": "hands_passed", "direction": "right"})
    else:
        state.hands = [hands[(i - 1) % n] for i in range(n)]
        events.append({"type": "hands_passed", "direction": "left"})


def opponents(state: State) -> list[list[tuple[int, int]]]:
    """Per city, the (neighbour, times) it fights at this Age's conflict resolution.

    Base game: each neighbour once. Cities (§6): a holder of a diplomacy token sits out and its two
    neighbours fight each other; with two fighters left they fight once; with fewer, nobody fights.
    Teams (§11): teammates never fight; opposing neighbours fight readings.TEAM_CONFLICTS_PER_PAIR times,
    once if either holds a diplomacy token (readings.TEAM_DIPLOMACY_REDUCES_TO_ONE).
    """
    n = state.n
    out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    dip = state.diplomacy
    if state.teams:
        for city in range(n):
            for nb in (state.left(city), state.right(city)):
                if nb == state.teammate(city):
                    continue
                times = R.TEAM_CONFLICTS_PER_PAIR
                if dip[city] or dip[nb]:
                    if not R.TEAM_DIPLOMACY_REDUCES_TO_ONE:
                        continue
                    times = 1
                out[city].append((nb, times))
        return out
    fighters = [c for c in range(n) if not dip[c]]
    if len(fighters) < 2:
        return out
    for i, city in enumerate(fighters):
        left = fighters[(i + 1) % len(fighters)]
        right = fighters[(i - 1) % len(fighters)]
        out[city] = [(left, 1)] if left == right else [(left, 1), (right, 1)]
    return out


def military(state: State, events: Events) -> None:
    """End of an age: each city compares shields with each opponent (+1/+3/+5 or -1), see opponents()."""
    win = VICTORY[state.age]
    shields = state.shields
    for city, against in enumerate(opponents(state)):
        for nb, times in against:
            if shields[city] > shields[nb]:
                token = win
            elif shields[city] < shields[nb]:
                token = DEFEAT
            else:
                continue
            for _ in range(times):
                state.tokens[city].append(token)
                events.append({"type": "military", "city": city, "against": nb, "token": token})
    for city in range(state.n):
        if state.diplomacy[city]:
            state.diplomacy[city] -= 1
            events.append({"type": "diplomacy_used", "city": city, "tokens": state.diplomacy[city]})


def resolve_pending(state: State, action: dict[str, Any], plan: Plan, events: Events) -> None:
    """Apply the choice of the pending single-seat step, then advance."""
    kind, city = state.queue[0]
    seat = state.seat_of(city)
    card = plan.card
    state.history.append(Play(state.age, state.turn, kind, seat, city, plan.kind, card, action))
    follow: list[Pending] = []  # steps this one adds right after it (Cities)
    if kind == HALICARNASSUS:
        state.discard.remove(card)
        state.add_card(city, card)
        events.append({"type": "build", "seat": seat, "city": city, "card": C.CARD_ID[card], "left": 0,
                       "right": 0, "coins": 0, "how": "halicarnassus"})
        gain(state, city, C.CARD_FX[card], "card", events)
        if C.CARD_FX[card].ability == HALICARNASSUS:
            follow.append(Pending(HALICARNASSUS, city))
    elif kind == BABYLON:
        state.hands[seat].remove(card)
        income = [0] * state.n
        story = purchase_story(state, city, plan, late=True)
        item = place(state, city, plan, income, events, seat, story)
        if item is not None:
            gain(state, city, item.effect, item.what, events)
            if item.effect.ability == HALICARNASSUS:
                follow.append(Pending(HALICARNASSUS, city))
        for c, delta in enumerate(income):
            state.coins[c] += delta
        if state.cities:
            follow.append(Pending(DEBT, NO_CITY))
    else:
        state.copies[city] = card
        events.append({"type": "guild_copied", "seat": seat, "city": city, "card": C.CARD_ID[card]})
    state.queue[0:1] = follow
    advance(state, events)



def resolve_decoded(state: State, decoded: Decoded, events: Events) -> bool:
    """Carry out an action decoded by :func:`engine.classic.actions.decode`, adding its public events to
    ``events``: a turn's secret choice is recorded (the last one resolves the turn), a payment of a coin
    loss too (the last one settles every loss), a pending step is played. True when the decisions open
    now may differ (the game's cached legal actions are stale)."""
    seat, decision, key, free_city, action, plan = decoded
    if decision == TURN:
        choice = tuple.__new__(Choice, (action, plan))  # Choice(...) without its keyword handling
        if free_city:
            state.free_city_choice = choice
        else:
            state.choices[seat] = choice
            if state.two and seat == state.controller:
                state.free_city_choice = None
        state.log.append([seat, action])
        events.append({"type": "chosen", "seat": seat, "city": FREE_CITY if free_city else seat})
        if None not in state.choices and (not state.two or state.free_city_choice is not None):
            resolve_turn(state, events)
            return True
        return False
    state.log.append([seat, action])
    if decision == DEBT:
        state.debt_choices[seat] = key.left
        events.append({"type": "chosen", "seat": seat, "city": seat})
        if all(state.debt_choices[q] is not None for q in debt_deciders(state)):
            settle_debt(state, events)
        return True
    resolve_pending(state, action, plan, events)
    return True
