"""The Duel game object: the engine.api Game interface, validation and dispatch of actions."""

from __future__ import annotations

from typing import Any

from engine.api import IllegalAction
from engine.duel.costs import DISCOUNT_SLOT, WONDER_BASE, paid_units, trade_coins
from engine.duel.effects import (
    CHOOSE_START,
    DESTROY,
    DRAFT,
    LIBRARY,
    MAUSOLEUM_PICK,
    PROGRESS,
    TURN,
    Effects,
)
from engine.duel.flow import Flow
from engine.duel.tables import (
    CARD_COINS,
    CARD_ID,
    CARD_INDEX,
    CARD_NAME,
    CARD_NEEDS,
    ECONOMY,
    TOKEN_ID,
    TOKEN_INDEX,
    WONDER_ID,
    WONDER_INDEX,
    WONDER_NAME,
    YELLOW,
)

TURN_TYPES = ("build", "discard", "wonder")


class DuelGame(Flow, Effects):
    """One game of 7 Wonders Duel. State is plain data (ints and lists) built from the setup."""

    kind = "duel"
    seats = 2

    def __init__(self, seed: int, options: dict[str, Any], setup: dict[str, Any]) -> None:
        self.seed, self.options, self.setup = seed, options, setup
        self.log: list[list[Any]] = []
        self.ev: list[dict[str, Any]] = []
        self.first_player = self.last_active = setup["first_player"]
        self.draft_order: list[int] = list(setup["wonders"])
        self.board_tokens: list[int] = list(setup["progress_board"])
        self.removed_tokens: list[int] = list(setup["progress_removed"])
        self.decks: dict[int, list[int]] = setup["decks"]
        self.phase, self.age, self.over, self.outcome = "draft", 0, False, None
        self.coins = [7, 7]
        self.cards: list[list[int]] = [[], []]
        self.wonders: list[list[list[int]]] = [[], []]  # [wonder, tucked age or 0, tucked card or -1]
        self.tokens: list[list[int]] = [[], []]
        self.sci = [0, 0]
        self.prod = [[0] * 5, [0] * 5]
        self.bg = [[0] * 5, [0] * 5]
        self.choices: list[list[int]] = [[], []]
        self.fix = [0, 0]
        self.colors = [[0] * 7, [0] * 7]
        self.chains = [0, 0]
        self.shields = [0, 0]
        self.pawn = 0
        self.mtokens = [True] * 4
        self.discard: list[int] = []
        self.boxed = -1
        self.built_total = 0
        self.replay = False
        self.keys: list[Any] = [None, None]
        self.costs: list[dict[int, int]] = [{}, {}]
        self.refresh_costs(0)
        self.refresh_costs(1)
        self.slot_card: list[int] = []
        self.card_slot: dict[int, int] = {}
        self.taken: list[bool] = []
        self.faceup: list[bool] = []
        self.blockers: list[int] = []
        self.access: list[int] = []
        self.left = 0
        self.to_reveal: list[int] = []
        self.draft_pick = 0
        self.draft_avail: list[int] = []
        self.pend_seat, self.pend_kind, self.pend_opts = -1, -1, None
        if options.get("first_game_wonders"):
            a = self.first_player
            self.wonders[a] = [[w, 0, -1] for w in self.draft_order[:4]]
            self.wonders[1 - a] = [[w, 0, -1] for w in self.draft_order[4:]]
            self.draft_pick = 8
            self.begin_play()
        else:
            self.open_draft_round()
        self.ev = []

    # --- engine.api.Game --------------------------------------------------------------------------------

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action as ``[seat, action]``, oldest first."""
        return self.log

    def to_act(self) -> list[int]:
        """The seat the engine waits for (empty once the game is over)."""
        return [] if self.over else [self.pend_seat]

    def waiting(self) -> list[int]:
        """Seats whose decision the game waits for (Duel: the one seat to act)."""
        return self.to_act()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.over

    def result(self) -> dict[str, Any] | None:
        """Winners, victory type and score pads; None while playing."""
        return self.outcome

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every legal action of ``seat`` now."""
        if seat != self.pend_seat or self.over:
            return []
        kind = self.pend_kind
        if kind == TURN:
            return self._turn_actions(seat)
        if kind == DRAFT:
            return [{"type": "draft_wonder", "wonder": WONDER_ID[w]} for w in self.pend_opts]
        if kind in (PROGRESS, LIBRARY):
            return [{"type": "progress", "token": TOKEN_ID[t]} for t in self.pend_opts]
        if kind == DESTROY:
            return [{"type": "destroy", "card": CARD_ID[c]} for c in self.pend_opts]
        if kind == MAUSOLEUM_PICK:
            return [{"type": "mausoleum", "card": CARD_ID[c]} for c in self.pend_opts]
        return [{"type": "choose_start", "seat": s} for s in (0, 1)]

    def _turn_actions(self, seat: int) -> list[dict[str, Any]]:
        """Build / discard / wonder actions for every accessible card, in structure order."""
        coins = self.coins[seat]
        costs = self.costs[seat]
        key = self.keys[seat]
        chains = self.chains[seat]
        wonders = []
        if self.built_total < 7:
            for w, age, _ in self.wonders[seat]:
                if not age:
                    t = costs.get(WONDER_BASE + w)
                    if t is None:
                        t = trade_coins(key, costs, WONDER_BASE + w)
                    if t <= coins:
                        wonders.append(WONDER_ID[w])
        acts = []
        append = acts.append
        slot_card = self.slot_card
        for slot in self.access:
            c = slot_card[slot]
            name = CARD_ID[c]
            need = CARD_NEEDS[c]
            if need >= 0 and chains >> need & 1:
                append({"type": "build", "card": name})
            else:
                t = costs.get(c)
                if t is None:
                    t = trade_coins(key, costs, c)
                if CARD_COINS[c] + t <= coins:
                    append({"type": "build", "card": name})
            append({"type": "discard", "card": name})
            for w in wonders:
                append({"type": "wonder", "card": name, "wonder": w})
        return acts

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the public board view)."""
        from engine.duel.view import build_view

        return build_view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        """A JSON/msgpack-safe snapshot (see engine.duel.serial)."""
        from engine.duel.serial import snapshot

        return snapshot(self)

    # --- actions ----------------------------------------------------------------------------------------

    def apply(self, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Validate and apply ``action`` for ``seat``; return the public events."""
        if self.over:
            raise IllegalAction("the game is over")
        if type(seat) is not int or seat != self.pend_seat:
            raise IllegalAction(f"it is not seat {seat!r}'s turn: the game waits for seat {self.pend_seat}")
        if type(action) is not dict:
            raise IllegalAction("an action must be a dict with a 'type'")
        kind = self.pend_kind
        atype = action.get("type")
        if kind == TURN and atype in TURN_TYPES:
            self.ev = []
            self._turn(seat, atype, action)
            return self.ev
        expected = TURN_TYPES if kind == TURN else (PENDING_ACTION[kind],)
        if atype not in expected:
            raise IllegalAction(f"expected an action of type {' / '.join(expected)}, got {atype!r}")
        self.ev = []
        if kind == DRAFT:
            w = self._pick(action, "wonder", WONDER_INDEX, "wonder", WONDER_ID)
            self.log.append([seat, {"type": atype, "wonder": WONDER_ID[w]}])
            self.draft(seat, w)
        elif kind in (PROGRESS, LIBRARY):
            t = self._pick(action, "token", TOKEN_INDEX, "progress token", TOKEN_ID)
            self.log.append([seat, {"type": atype, "token": TOKEN_ID[t]}])
            if kind == PROGRESS:
                self.board_tokens.remove(t)
            else:
                self.removed_tokens.remove(t)
            self.pend_kind = TURN
            self.gain_token(seat, t)
            self._resolve()
        elif kind in (DESTROY, MAUSOLEUM_PICK):
            c = self._pick(action, "card", CARD_INDEX, "card", CARD_ID)
            self.log.append([seat, {"type": atype, "card": CARD_ID[c]}])
            self.pend_kind = TURN
            if kind == DESTROY:
                self.remove_card(1 - seat, c)
                self.ev.append({"type": "destroy", "seat": seat, "card": CARD_ID[c]})
            else:
                self.mausoleum_build(seat, c)
            self._resolve()
        elif kind == CHOOSE_START:
            s = action.get("seat")
            if type(s) is not int or s not in (0, 1):
                raise IllegalAction(f"choose_start needs 'seat' 0 or 1, got {s!r}")
            self.log.append([seat, {"type": atype, "seat": s}])
            self.ev.append({"type": "choose_start", "seat": seat, "chosen": s})
            self.start_age(s)
        return self.ev

    def _pick(self, action: dict[str, Any], field: str, index: dict[str, int], what: str,
              names: list[str]) -> int:
        value = action.get(field)
        if type(value) is not str or value not in index:
            raise IllegalAction(f"unknown {what} {value!r}")
        item = index[value]
        if item not in self.pend_opts:
            allowed = ", ".join(names[i] for i in self.pend_opts)
            raise IllegalAction(f"{value} cannot be chosen now; choose one of: {allowed}")
        return item

    def _resolve(self) -> None:
        """After an action or choice: finish the turn unless the game ended or a choice is pending."""
        if not self.over and self.pend_kind == TURN:
            self.finish_turn()

    def _turn(self, seat: int, atype: str, action: dict[str, Any]) -> None:
        value = action.get("card")
        c = CARD_INDEX.get(value) if type(value) is str else None
        if c is None:
            raise IllegalAction(f"unknown card {value!r}")
        slot = self.card_slot.get(c)
        if slot is None or slot not in self.access:
            raise IllegalAction(f"{CARD_NAME[c]} is not an accessible card of the structure")
        coins = self.coins[seat]
        name = CARD_ID[c]
        if atype == "build":
            need = CARD_NEEDS[c]
            chained = need >= 0 and bool(self.chains[seat] >> need & 1)
            if chained:
                trade = cost = 0
            else:
                trade = self.costs[seat].get(c)
                if trade is None:
                    trade = self.trade(seat, c)
                cost = CARD_COINS[c] + trade
            if cost > coins:
                raise IllegalAction(
                    f"you cannot afford {CARD_NAME[c]}: it costs {cost} coins, you have {coins}")
            self.log.append([seat, {"type": "build", "card": name}])
            self.replay = False
            self.take(seat, slot)
            self.coins[seat] = coins - cost
            self.ev.append({"type": "build", "seat": seat, "card": name, "cost": cost,
                            "breakdown": self.breakdown(seat, c, chained, trade)})
            if trade:
                self.pay_trade(seat, trade)
            self.construct(seat, c, chained)
        elif atype == "discard":
            self.log.append([seat, {"type": "discard", "card": name}])
            self.replay = False
            self.take(seat, slot)
            gain = 2 + self.colors[seat][YELLOW]
            self.coins[seat] = coins + gain
            self.discard.append(c)
            self.ev.append({"type": "discard", "seat": seat, "card": name, "coins": gain})
        else:
            wv = action.get("wonder")
            w = WONDER_INDEX.get(wv) if type(wv) is str else None
            if w is None:
                raise IllegalAction(f"unknown wonder {wv!r}")
            entry = next((e for e in self.wonders[seat] if e[0] == w), None)
            if entry is None:
                raise IllegalAction(f"{WONDER_NAME[w]} is not one of your wonders")
            if entry[1]:
                raise IllegalAction(f"{WONDER_NAME[w]} is already built")
            if self.built_total >= 7:
                raise IllegalAction("7 wonders have been built: no more wonders can be built")
            cost = self.trade(seat, WONDER_BASE + w)
            if cost > coins:
                raise IllegalAction(
                    f"you cannot afford {WONDER_NAME[w]}: it costs {cost} coins, you have {coins}")
            self.log.append([seat, {"type": "wonder", "card": CARD_ID[c], "wonder": WONDER_ID[w]}])
            self.replay = False
            self.take(seat, slot)
            self.coins[seat] = coins - cost
            entry[1], entry[2] = self.age, c
            self.built_total += 1
            self.ev.append({"type": "wonder", "seat": seat, "wonder": WONDER_ID[w], "card": CARD_ID[c],
                            "card_age": self.age, "cost": cost,
                            "breakdown": self.breakdown(seat, WONDER_BASE + w, False, cost)})
            self.pay_trade(seat, cost)
            self.wonder_effects(seat, w)
        if not self.over and self.pend_kind == TURN:
            self.finish_turn()

    def breakdown(self, seat: int, item: int, chained: bool, trade: int | None = None) -> dict[str, Any]:
        """How a construction is paid: card coins, trade per resource, chain, discount, Economy share.

        ``trade`` (the trade coins of ``item``, when the caller knows them) skips the payment details
        when nothing was bought and no discount token applies.
        """
        if chained:
            return {"card_coins": 0, "trade": {}, "chain": True, "discount": {}, "to_opponent": 0}
        if trade is None:
            trade = self.trade(seat, item)
        key = self.keys[seat]
        slot = DISCOUNT_SLOT[item]
        if trade or (slot and key[slot]):
            bought, waived = paid_units(key, self.costs[seat], item)
            bought_d, waived_d = dict(bought), dict(waived)
        else:
            bought_d, waived_d = {}, {}
        return {"card_coins": 0 if item >= WONDER_BASE else CARD_COINS[item], "trade": bought_d,
                "chain": False, "discount": waived_d,
                "to_opponent": trade if ECONOMY in self.tokens[1 - seat] else 0}


PENDING_ACTION = {DRAFT: "draft_wonder", PROGRESS: "progress", LIBRARY: "progress", DESTROY: "destroy",
                  MAUSOLEUM_PICK: "mausoleum", CHOOSE_START: "choose_start"}
