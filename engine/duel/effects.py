"""What happens when a card, Wonder or Progress token enters a city (a mixin of the game)."""

from __future__ import annotations

from typing import Any

from engine.duel import costs
from engine.duel.readings import (
    MAUSOLEUM_COUNTS_AS_CHAIN,
    PAIR_WITHOUT_TOKEN_GIVES_NOTHING,
    TOKENS_CHECKED_EACH_SPACE,
)
from engine.duel.tables import (
    ARCHITECTURE,
    CARD_CHOICE,
    CARD_COLOR,
    CARD_FIX,
    CARD_GAIN,
    CARD_GIVES,
    CARD_GUILD,
    CARD_ID,
    CARD_PER,
    CARD_PROD,
    CARD_SCIENCE,
    CARD_SHIELDS,
    ECONOMY,
    GREAT_LIBRARY,
    GUILD_COLORS,
    LAW,
    LAW_TOKEN,
    MASONRY,
    MAUSOLEUM,
    RED,
    STRATEGY,
    THEOLOGY,
    TOKEN_GAIN,
    TOKEN_ID,
    URBANISM,
    WONDER_AGAIN,
    WONDER_CHOICE,
    WONDER_DESTROY,
    WONDER_GAIN,
    WONDER_ID,
    WONDER_LOSS,
    WONDER_SHIELDS,
)

# Pending kinds
DRAFT, TURN, PROGRESS, LIBRARY, DESTROY, MAUSOLEUM_PICK, CHOOSE_START = range(7)
PENDING_NAMES = ("draft_wonder", "turn", "progress", "great_library", "destroy", "mausoleum", "choose_start")
# Military token index: side * 2 + (0 for the 2-coin token in zone 3-5, 1 for the 5-coin one in 6-8)
TOKEN_VALUE = (2, 5)


def zone_token(distance: int) -> int:
    """Which military token lies at ``abs(pawn)``: 0 (2 coins), 1 (5 coins) or -1."""
    if 3 <= distance <= 5:
        return 0
    if 6 <= distance <= 8:
        return 1
    return -1


class Effects:
    """Effects of gaining cards, Wonders and tokens; mutates the game state."""

    coins: list[int]
    ev: list[dict[str, Any]]

    # --- trade situation ---------------------------------------------------------------------------

    def refresh_costs(self, seat: int) -> None:
        """Recompute the trade key of ``seat`` after its production, prices or discounts changed."""
        fix = self.fix[seat]
        prices = tuple([1 if fix >> r & 1 else 2 + b for r, b in enumerate(self.bg[1 - seat])])
        toks = self.tokens[seat]
        choices = self.choices[seat]
        key = (tuple(self.prod[seat]), tuple(sorted(choices)) if choices else (), prices,
               MASONRY in toks, ARCHITECTURE in toks)
        self.keys[seat] = key
        self.costs[seat] = costs.table_for(key)

    def trade(self, seat: int, item: int) -> int:
        """Trade coins ``seat`` pays now for a card (index) or Wonder (WONDER_BASE + index)."""
        coins = self.costs[seat].get(item)
        if coins is None:
            coins = costs.trade_coins(self.keys[seat], self.costs[seat], item)
        return coins

    def gain(self, seat: int, delta: int, why: str) -> None:
        """Add (or remove, never below 0) coins and record a ``coins`` event."""
        if delta < 0:
            delta = -min(self.coins[seat], -delta)
        if delta:
            self.coins[seat] += delta
            self.ev.append({"type": "coins", "seat": seat, "delta": delta, "why": why})

    def pay_trade(self, seat: int, trade: int) -> None:
        """Economy: the opponent receives what ``seat`` paid for trading."""
        if trade and ECONOMY in self.tokens[1 - seat]:
            self.gain(1 - seat, trade, "economy")

    # --- military -----------------------------------------------------------------------------------

    def move_pawn(self, seat: int, shields: int) -> None:
        """Move the pawn ``shields`` spaces toward the opponent's capital, one space at a time."""
        step = 1 if seat == 0 else -1
        start = pos = self.pawn
        triggered = []
        for _ in range(shields):
            if pos == 9 * step:
                break
            pos += step
            if TOKENS_CHECKED_EACH_SPACE:
                triggered.append(pos)
        if not TOKENS_CHECKED_EACH_SPACE:
            triggered.append(pos)
        self.pawn = pos
        self.shields[seat] += shields
        self.ev.append({"type": "pawn", "seat": seat, "from": start, "to": pos})
        opp = 1 - seat
        for p in triggered:
            side = 1 if p > 0 else 0 if p < 0 else -1
            idx = zone_token(abs(p))
            if side == opp and idx >= 0 and self.mtokens[side * 2 + idx]:
                self.mtokens[side * 2 + idx] = False
                value = TOKEN_VALUE[idx]
                lost = min(self.coins[opp], value)
                self.coins[opp] -= lost
                self.ev.append({"type": "military_token", "seat": seat, "side": side, "value": value,
                                "lost": lost})
        if pos == 9 * step:
            self.win(seat, "military")

    # --- science ------------------------------------------------------------------------------------

    def add_symbol(self, seat: int, symbol: int) -> bool:
        """Gain a science symbol; True if it formed a pair. Checks scientific supremacy."""
        bit = 1 << symbol
        pair = bool(self.sci[seat] & bit)
        self.sci[seat] |= bit
        if bin(self.sci[seat]).count("1") >= 6:
            self.win(seat, "science")
        return pair

    def offer_progress(self, seat: int) -> None:
        """A science pair: let ``seat`` choose a token from the board (nothing if it is empty)."""
        if self.board_tokens:
            self.set_pending(seat, PROGRESS, list(self.board_tokens))
        elif not PAIR_WITHOUT_TOKEN_GIVES_NOTHING:
            raise AssertionError("unreachable: pairs without tokens give nothing")

    def gain_token(self, seat: int, token: int) -> None:
        """Take a Progress token and apply its immediate effects."""
        self.tokens[seat].append(token)
        self.ev.append({"type": "progress", "seat": seat, "token": TOKEN_ID[token]})
        if TOKEN_GAIN[token]:
            self.gain(seat, TOKEN_GAIN[token], TOKEN_ID[token])
        if token in (MASONRY, ARCHITECTURE):
            self.refresh_costs(seat)
        elif token == LAW_TOKEN:
            self.add_symbol(seat, LAW)

    # --- cards --------------------------------------------------------------------------------------

    def construct(self, seat: int, card: int, chained: bool) -> None:
        """Put ``card`` into ``seat``'s city and apply its immediate effects."""
        self.cards[seat].append(card)
        colors = self.colors[seat]
        color = CARD_COLOR[card]
        colors[color] += 1
        name = CARD_ID[card]
        prod = CARD_PROD[card]
        if prod is not None:
            mine, units = self.prod[seat], self.bg[seat]
            for r in range(5):
                mine[r] += prod[r]
                units[r] += prod[r]
            self.refresh_costs(seat)
            self.refresh_costs(1 - seat)
        elif CARD_CHOICE[card]:
            self.choices[seat].append(CARD_CHOICE[card])
            self.refresh_costs(seat)
        elif CARD_FIX[card]:
            self.fix[seat] |= CARD_FIX[card]
            self.refresh_costs(seat)
        if CARD_GIVES[card] >= 0:
            self.chains[seat] |= 1 << CARD_GIVES[card]
        if chained and URBANISM in self.tokens[seat]:
            self.gain(seat, 4, "urbanism")
        if CARD_GAIN[card]:
            self.gain(seat, CARD_GAIN[card], name)
        per = CARD_PER[card]
        if per is not None:
            what, each = per
            count = self.wonders_built(seat) if what < 0 else colors[what]
            self.gain(seat, each * count, name)
        guild = CARD_GUILD[card]
        if guild is not None and guild[2]:
            self.gain(seat, self.guild_count(guild), name)
        shields = CARD_SHIELDS[card]
        if shields:
            if color == RED and STRATEGY in self.tokens[seat]:
                shields += 1
            self.move_pawn(seat, shields)
        elif CARD_SCIENCE[card] >= 0 and self.add_symbol(seat, CARD_SCIENCE[card]) and not self.over:
            self.offer_progress(seat)

    def guild_count(self, guild: tuple) -> int:
        """Units a Guild counts in the city with the most (colours summed within one city)."""
        kind, cols = guild[0], guild[1]
        if kind == GUILD_COLORS:
            return max(sum(self.colors[s][c] for c in cols) for s in (0, 1))
        return max(self.wonders_built(0), self.wonders_built(1))

    def wonders_built(self, seat: int) -> int:
        """Number of Wonders ``seat`` has constructed."""
        return sum(1 for _, age, _ in self.wonders[seat] if age)

    def remove_card(self, seat: int, card: int) -> None:
        """Take a brown/grey card out of ``seat``'s city into the discard pile (Zeus, Circus Maximus)."""
        self.cards[seat].remove(card)
        self.colors[seat][CARD_COLOR[card]] -= 1
        prod = CARD_PROD[card]
        if prod is not None:
            for r in range(5):
                self.prod[seat][r] -= prod[r]
                self.bg[seat][r] -= prod[r]
            self.refresh_costs(seat)
            self.refresh_costs(1 - seat)
        self.discard.append(card)

    def mausoleum_build(self, seat: int, card: int) -> None:
        """Build a card of the discard pile for free."""
        self.discard.remove(card)
        self.ev.append({"type": "mausoleum", "seat": seat, "card": CARD_ID[card]})
        self.construct(seat, card, MAUSOLEUM_COUNTS_AS_CHAIN)

    # --- wonders ------------------------------------------------------------------------------------

    def wonder_effects(self, seat: int, wonder: int) -> None:
        """Immediate effects of a Wonder just built (choices become pending)."""
        opp = 1 - seat
        name = WONDER_ID[wonder]
        if WONDER_GAIN[wonder]:
            self.gain(seat, WONDER_GAIN[wonder], name)
        if WONDER_LOSS[wonder]:
            self.gain(opp, -WONDER_LOSS[wonder], name)
        if WONDER_CHOICE[wonder]:
            self.choices[seat].append(WONDER_CHOICE[wonder])
            self.refresh_costs(seat)
        if WONDER_AGAIN[wonder] or THEOLOGY in self.tokens[seat]:
            self.replay = True
        if self.built_total == 7:
            self.box_last_wonder()
        if WONDER_SHIELDS[wonder]:
            self.move_pawn(seat, WONDER_SHIELDS[wonder])
            if self.over:
                return
        color = WONDER_DESTROY[wonder]
        if color >= 0:
            targets = [c for c in self.cards[opp] if CARD_COLOR[c] == color]
            if targets:
                self.set_pending(seat, DESTROY, targets)
        elif wonder == MAUSOLEUM:
            if self.discard:
                self.set_pending(seat, MAUSOLEUM_PICK, list(self.discard))
        elif wonder == GREAT_LIBRARY:
            self.set_pending(seat, LIBRARY, self.removed_tokens[:3])

    def box_last_wonder(self) -> None:
        """The 7th Wonder was built: the one unbuilt Wonder left returns to the box."""
        for s in (0, 1):
            for entry in self.wonders[s]:
                if not entry[1]:
                    self.wonders[s].remove(entry)
                    self.boxed = entry[0]
                    self.ev.append({"type": "wonder_boxed", "seat": s, "wonder": WONDER_ID[entry[0]]})
                    return


