"""What happens when a card, Wonder or Progress token enters a city, as functions over the state."""

from __future__ import annotations

from engine.duel import readings
from engine.duel.flow import Events, set_pending, win
from engine.duel.material import (
    ARCHITECTURE,
    CARD_IDS,
    CARDS,
    ECONOMY,
    LAW,
    LAW_SYMBOL,
    MASONRY,
    RED,
    STRATEGY,
    THEOLOGY,
    TOKEN_IDS,
    TOKENS,
    URBANISM,
    WONDER_IDS,
    WONDERS,
    Card,
)
from engine.duel.scoring import guild_count, wonders_built
from engine.duel.state import DESTROY, GREAT_LIBRARY, MAUSOLEUM, PROGRESS, City, DuelState, refresh_prices

# The coins of the military token nearer the centre (zone 3-5) and of the farther one (zone 6-8).
TOKEN_VALUES = (2, 5)
CAPITAL = 9
"""The pawn's distance from the centre at a capital: reaching it is military supremacy."""
SCIENCE_SUPREMACY = 6
"""Distinct science symbols (Law's included) that make scientific supremacy."""


def zone_token(distance: int) -> int:
    """Which military token lies ``distance`` spaces from the centre: 0 (2 coins), 1 (5 coins) or -1."""
    if 3 <= distance <= 5:
        return 0
    if 6 <= distance <= 8:
        return 1
    return -1


def is_over(state: DuelState) -> bool:
    """True once the game has ended."""
    return state.phase == "over"


# --- coins --------------------------------------------------------------------------------------------


def gain(state: DuelState, seat: int, delta: int, why: str, events: Events) -> None:
    """Add (or remove, never below 0) coins and record a ``coins`` event."""
    city = state.cities[seat]
    if delta < 0:
        delta = -min(city.coins, -delta)
    if delta:
        city.coins += delta
        events.append({"type": "coins", "seat": seat, "delta": delta, "why": why})


def pay_trade(state: DuelState, seat: int, trade: int, events: Events) -> None:
    """Economy: the opponent receives what ``seat`` paid for trading."""
    if trade and ECONOMY in state.cities[1 - seat].progress:
        gain(state, 1 - seat, trade, "economy", events)


# --- military -----------------------------------------------------------------------------------------


def move_pawn(state: DuelState, seat: int, shields: int, events: Events) -> None:
    """Move the pawn ``shields`` spaces toward the opponent's capital, one space at a time."""
    step = 1 if seat == 0 else -1
    start = pos = state.pawn
    crossed = []
    each_space = readings.TOKENS_CHECKED_EACH_SPACE
    for _ in range(shields):
        if pos == CAPITAL * step:
            break
        pos += step
        if each_space:
            crossed.append(pos)
    if not each_space:
        crossed.append(pos)
    state.pawn = pos
    state.cities[seat].shields += shields
    events.append({"type": "pawn", "seat": seat, "from": start, "to": pos})
    opponent = 1 - seat
    purse = state.cities[opponent]
    for space in crossed:
        side = 1 if space > 0 else 0 if space < 0 else -1
        token = zone_token(abs(space))
        if side == opponent and token >= 0 and state.military_tokens[side * 2 + token]:
            state.military_tokens[side * 2 + token] = False
            value = TOKEN_VALUES[token]
            lost = min(purse.coins, value)
            purse.coins -= lost
            events.append({"type": "military_token", "seat": seat, "side": side, "value": value,
                           "lost": lost})
    if pos == CAPITAL * step:
        win(state, seat, "military", events)


# --- science ------------------------------------------------------------------------------------------


def add_symbol(state: DuelState, seat: int, symbol: int, events: Events) -> bool:
    """Gain a science symbol; True if it formed a pair. Checks scientific supremacy."""
    city = state.cities[seat]
    bit = 1 << symbol
    pair = bool(city.science_symbols & bit)
    city.science_symbols |= bit
    if city.science_symbols.bit_count() >= SCIENCE_SUPREMACY:
        win(state, seat, "science", events)
    return pair


def offer_progress(state: DuelState, seat: int) -> None:
    """A science pair: ``seat`` must choose a token from the board; an empty board gives nothing."""
    if state.progress_board:
        set_pending(state, seat, PROGRESS, tuple(state.progress_board))


def gain_token(state: DuelState, seat: int, token: int, events: Events) -> None:
    """Take a Progress token and apply its immediate effects."""
    state.cities[seat].progress.append(token)
    events.append({"type": "progress", "seat": seat, "token": TOKEN_IDS[token]})
    coins = TOKENS[token].gain
    if coins:
        gain(state, seat, coins, TOKEN_IDS[token], events)
    if token in (MASONRY, ARCHITECTURE):
        refresh_prices(state, seat)
    elif token == LAW:
        add_symbol(state, seat, LAW_SYMBOL, events)


# --- cards --------------------------------------------------------------------------------------------


def card_shields(city: City, card: Card) -> int:
    """The spaces ``card`` moves the pawn when ``city`` builds it (Strategy: one more for a red card)."""
    shields = card.shields
    if shields and card.color == RED and STRATEGY in city.progress:
        shields += 1
    return shields


def construct(state: DuelState, seat: int, index: int, chained: bool, events: Events) -> None:
    """Put card ``index`` into ``seat``'s city and apply its immediate effects."""
    card = CARDS[index]
    city = state.cities[seat]
    city.cards.append(index)
    colors = city.colors
    colors[card.color] += 1
    if card.produces is not None:
        production = city.production
        for r, units in enumerate(card.produces):
            production[r] += units
        refresh_prices(state, seat)
        refresh_prices(state, 1 - seat)
    elif card.choice:
        city.choices.append(card.choice)
        refresh_prices(state, seat)
    elif card.one_coin:
        city.one_coin |= card.one_coin
        refresh_prices(state, seat)
    if card.gives_chain >= 0:
        city.chains |= 1 << card.gives_chain
    if chained and URBANISM in city.progress:
        gain(state, seat, 4, "urbanism", events)
    if card.gain:
        gain(state, seat, card.gain, card.id, events)
    per = card.coins_per
    if per is not None:
        count = wonders_built(city) if per.color is None else colors[per.color]
        gain(state, seat, per.coins * count, card.id, events)
    guild = card.guild
    if guild is not None and guild.coins:
        gain(state, seat, guild_count(state, guild), card.id, events)
    shields = card_shields(city, card)
    if shields:
        move_pawn(state, seat, shields, events)
    elif card.science >= 0 and add_symbol(state, seat, card.science, events) and not is_over(state):
        offer_progress(state, seat)


def remove_card(state: DuelState, seat: int, index: int) -> None:
    """Take a brown/grey card out of ``seat``'s city into the discard pile (Zeus, Circus Maximus)."""
    card = CARDS[index]
    city = state.cities[seat]
    city.cards.remove(index)
    city.colors[card.color] -= 1
    if card.produces is not None:
        for r, units in enumerate(card.produces):
            city.production[r] -= units
        refresh_prices(state, seat)
        refresh_prices(state, 1 - seat)
    state.discard.append(index)


def mausoleum_build(state: DuelState, seat: int, card: int, events: Events) -> None:
    """Build a card of the discard pile for free."""
    state.discard.remove(card)
    events.append({"type": "mausoleum", "seat": seat, "card": CARD_IDS[card]})
    construct(state, seat, card, readings.MAUSOLEUM_COUNTS_AS_CHAIN, events)


# --- wonders ------------------------------------------------------------------------------------------


def wonder_effects(state: DuelState, seat: int, index: int, events: Events) -> None:
    """Immediate effects of a Wonder just built (choices become pending)."""
    wonder = WONDERS[index]
    opponent = 1 - seat
    city = state.cities[seat]
    if wonder.gain:
        gain(state, seat, wonder.gain, wonder.id, events)
    if wonder.opponent_loses:
        gain(state, opponent, -wonder.opponent_loses, wonder.id, events)
    if wonder.choice:
        city.choices.append(wonder.choice)
        refresh_prices(state, seat)
    if wonder.play_again or THEOLOGY in city.progress:
        state.play_again = True
    if state.wonders_built == 7:
        box_last_wonder(state, events)
    if wonder.shields:
        move_pawn(state, seat, wonder.shields, events)
        if is_over(state):
            return
    if wonder.destroys >= 0:
        targets = tuple(c for c in state.cities[opponent].cards if CARDS[c].color == wonder.destroys)
        if targets:
            set_pending(state, seat, DESTROY, targets)
    elif wonder.mausoleum:
        if state.discard:
            set_pending(state, seat, MAUSOLEUM, tuple(state.discard))
    elif wonder.great_library:
        set_pending(state, seat, GREAT_LIBRARY, tuple(state.progress_removed[:3]))


def box_last_wonder(state: DuelState, events: Events) -> None:
    """The 7th Wonder was built: the one unbuilt Wonder left returns to the box."""
    for seat in (0, 1):
        wonders = state.cities[seat].wonders
        for owned in wonders:
            if not owned.age:
                wonders.remove(owned)
                state.boxed_wonder = owned.wonder
                events.append({"type": "wonder_boxed", "seat": seat, "wonder": WONDER_IDS[owned.wonder]})
                return
