"""The bots' knowledge of 7 Wonders Duel: one-move values (``easy``), search priors and evaluation.

Everything here reads a seat's view (docs/duel.md) and the public catalog, never the game: what a
card, wonder or token is worth to a player, what the opponent could take next, and how a position
stands. The numbers are victory-point equivalents gathered in :class:`DuelWeights`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.api import Action, catalog
from engine.bots.knowledge import View, win_shares

MANUFACTURED = frozenset({"glass", "papyrus"})
MILITARY_TOKEN_ZONES = {3: 2, 6: 5}
"""The space at which the pawn enters a zone holding a military token, and the coins it takes."""


def _default_token_values() -> dict[str, float]:
    return {"agriculture": 4.0, "architecture": 0.0, "economy": 3.0, "law": 0.0, "masonry": 2.5,
            "mathematics": 0.0, "philosophy": 7.0, "strategy": 3.0, "theology": 0.0, "urbanism": 1.5}


def _default_wonder_draft() -> dict[str, float]:
    return {"the_appian_way": 7.5, "circus_maximus": 6.0, "the_colossus": 6.0, "the_great_library": 6.0,
            "the_great_lighthouse": 5.5, "the_hanging_gardens": 7.0, "the_mausoleum": 5.5, "piraeus": 7.0,
            "the_pyramids": 7.0, "the_sphinx": 7.0, "the_statue_of_zeus": 6.0, "the_temple_of_artemis": 7.5}


def _default_rollout_types() -> dict[str, float]:
    return {"build": 6.0, "wonder": 5.0, "discard": 1.0}


@dataclass(frozen=True, slots=True)
class DuelWeights:
    """The heuristic's numbers, in victory points (indices ``[age]`` run 0 = draft .. 3)."""

    win: float = 100.0
    """A supremacy victory."""
    coin: tuple[float, ...] = (0.5, 0.5, 0.45, 0.34)
    short_of_coins: int = 4
    """Below this many coins each coin is worth ``short_of_coins_factor`` times more."""
    short_of_coins_factor: float = 1.3
    resource_unit: tuple[float, ...] = (2.5, 2.5, 1.5, 0.3)
    manufactured_factor: float = 1.25
    repeat_unit: tuple[float, ...] = (1.0, 0.55, 0.25, 0.1)
    """The worth of the 1st, 2nd, 3rd and later unit of one resource."""
    raises_opponent_price: tuple[float, ...] = (0.4, 0.4, 0.3, 0.1)
    choice_factor: float = 0.75
    trade_fix: tuple[float, ...] = (1.5, 1.5, 1.0, 0.2)
    """Per coin above 1 that a fixed price saves on one unit."""
    chain: tuple[float, ...] = (0.0, 1.3, 1.0, 0.0)
    science_symbol: tuple[float, ...] = (0.0, 1.0, 1.4, 2.0, 3.5, 9.0)
    """A new distinct symbol, indexed by the distinct symbols owned after it (6 wins)."""
    science_age: tuple[float, ...] = (1.0, 1.3, 1.0, 0.6)
    military_zone: tuple[float, ...] = (0, 2, 2, 5, 5, 5, 10, 10, 10)
    military_pressure: tuple[float, ...] = (0, 0, 0, 0.3, 0.6, 1.2, 2.0, 3.5, 6.0)
    play_again: float = 3.0
    opponent_reply: float = 0.55
    """How much the opponent's best next move counts against an action."""
    replay_reply: float = 0.2
    """The same when the action gives another turn (the opponent does not move next)."""
    hidden_card: tuple[float, ...] = (0.0, 2.0, 2.5, 3.0)
    """What a card revealed face down is expected to be worth to whoever takes it."""
    token: dict[str, float] = field(default_factory=_default_token_values)
    wonder_draft: dict[str, float] = field(default_factory=_default_wonder_draft)
    architecture_per_wonder: float = 1.3
    theology_per_wonder: float = 1.6
    choose_to_start: float = 1.0
    evaluation_scale: tuple[float, ...] = (10.0, 9.0, 7.0, 4.5)
    """Points of lead that make ~73% to win, by age (for the search's evaluation)."""
    rollout_type: dict[str, float] = field(default_factory=_default_rollout_types)


class Player(NamedTuple):
    """One player's public state, read from a view."""

    seat: int
    coins: int
    cards: frozenset[str]
    colors: dict[str, int]
    unbuilt_wonders: tuple[str, ...]
    built_wonders: int
    tokens: frozenset[str]
    science: frozenset[str]
    production: dict[str, int]
    choices: tuple[tuple[str, ...], ...]
    prices: dict[str, int]
    points: int


class Situation(NamedTuple):
    """What every value of one decision shares: age, both players, pawn and military tokens."""

    age: int
    me: Player
    opponent: Player
    pawn: int
    """The pawn from ``me``'s side: positive toward the opponent's capital."""
    tokens_present: frozenset[tuple[int, int]]
    """(side, coins) of the military tokens still on the board."""
    board_tokens: tuple[str, ...]
    discard: tuple[str, ...]
    wonders_built: int


def _player(data: dict[str, Any], colors_of: dict[str, str]) -> Player:
    colors: dict[str, int] = {}
    for card in data["cards"]:
        colors[colors_of[card]] = colors.get(colors_of[card], 0) + 1
    wonders = data["wonders"]
    return Player(
        seat=data["seat"], coins=data["coins"], cards=frozenset(data["cards"]), colors=colors,
        unbuilt_wonders=tuple(w["id"] for w in wonders if not w["built"]),
        built_wonders=sum(1 for w in wonders if w["built"]),
        tokens=frozenset(data["progress"]), science=frozenset(data["science"]),
        production=dict(data["production"]), choices=tuple(tuple(c) for c in data["choices"]),
        prices=dict(data["trade_prices"]), points=data["points"])


def _swap(situation: Situation) -> Situation:
    """The same situation seen by the opponent."""
    return situation._replace(me=situation.opponent, opponent=situation.me, pawn=-situation.pawn)


class DuelKnowledge:
    """What Duel bots know: see :class:`engine.bots.knowledge.GameKnowledge`."""

    kind = "duel"
    opponents_in_tree = True
    root_breadth = 6
    switch_confidence: float | None = None
    """Duel's one-move values often miss the best move: compare many from the start."""

    def __init__(self, weights: DuelWeights | None = None) -> None:
        self.weights = weights or DuelWeights()
        data = catalog("duel")
        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in data["cards"]}
        self.wonders: dict[str, dict[str, Any]] = {w["id"]: w for w in data["wonders"]}
        self.colors_of = {cid: c["color"] for cid, c in self.cards.items()}
        self.card_prior = {cid: self._card_prior(c) for cid, c in self.cards.items()}
        self.chained_from: dict[str, str] = {}
        """Each card that a card of a later Age chains from, and that later card (the first listed)."""
        for card in data["cards"]:
            source = card.get("free_via_card")
            if source:
                self.chained_from.setdefault(source, card["id"])

    # --- the interface --------------------------------------------------------------------------------

    def rollout_steps(self, view: View) -> int | None:
        """Duel playouts are cheap: play every one to the end."""
        return None

    def action_values(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The one-move value of each legal action for the view's seat."""
        situation = self.situation(view)
        kind = legal[0]["type"]
        if kind in ("build", "discard", "wonder"):
            return self._turn_values(view, situation, legal)
        if kind == "draft_wonder":
            return [self.weights.wonder_draft.get(a["wonder"], 5.0) for a in legal]
        if kind == "progress":
            return [self.token_value(a["token"], situation) for a in legal]
        if kind == "destroy":
            them = _swap(situation)
            return [self.production_value(self.cards[a["card"]], them, removing=True) for a in legal]
        if kind == "mausoleum":
            return [self.card_gain(self.cards[a["card"]], situation) for a in legal]
        if kind == "choose_start":
            return [self.weights.choose_to_start if a["seat"] == view["seat"] else 0.0 for a in legal]
        return [0.0] * len(legal)

    def action_group(self, action: Action) -> Hashable:
        """Every Duel action is its own group (payments are never a choice): its type and what it names."""
        return (action["type"], action.get("card"), action.get("wonder"), action.get("token"),
                action.get("seat"))

    def rollout_weight(self, action: Action) -> float:
        """Builds and wonders before discards, good cards before poor ones."""
        base = self.weights.rollout_type.get(action["type"], 1.0)
        card = action.get("card")
        return base * self.card_prior.get(card, 1.0) if action["type"] == "build" and card else base

    def evaluate(self, public_view: View) -> list[float]:
        """Each seat's chance to win, from points, military pressure and science progress."""
        age = public_view["age"]
        if age == 0 or public_view["phase"] == "draft":
            return [0.5, 0.5]
        w = self.weights
        p0, p1 = public_view["players"]
        pawn = public_view["military"]["pawn"]
        lead = p0["points"] - p1["points"] + self._pressure(pawn)
        lead += self._science_threat(len(p0["science"])) - self._science_threat(len(p1["science"]))
        chance = 1.0 / (1.0 + math.exp(-lead / w.evaluation_scale[age]))
        return [chance, 1.0 - chance]

    def result_values(self, result: dict[str, Any], seats: int) -> list[float]:
        """The share of the win (a shared victory is worth half)."""
        return win_shares(result, seats)

    def told_reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """Every reason: a Duel move hides nothing (the card taken was face up, and stays known)."""
        return self.reasons(view, action)

    def reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """Why ``action`` may be good for the view's seat, as reason codes with parameters (never
        sentences): what it builds, scores, chains or denies the opponent, from the view alone."""
        situation = self.situation(view)
        me, them = situation.me, situation.opponent
        kind = action["type"]
        out: list[dict[str, Any]] = []
        if kind == "build":
            card = self.cards[action["card"]]
            out += self._card_reasons(card, situation)
        elif kind == "discard":
            out.append({"code": "coins", "coins": 2 + me.colors.get("yellow", 0)})
        elif kind == "wonder":
            wonder = self.wonders[action["wonder"]]
            out.append({"code": "wonder", "wonder": wonder["id"]})
            shields = wonder.get("shields", 0)
            if shields:
                out.append(self._military_reason(shields, situation))
            if wonder.get("play_again") or "theology" in me.tokens:
                out.append({"code": "play_again"})
            if wonder.get("vp"):
                out.append({"code": "points", "vp": wonder["vp"]})
        elif kind == "progress":
            out.append({"code": "progress_token", "token": action["token"]})
        elif kind == "draft_wonder":
            out.append({"code": "wonder_draft", "wonder": action["wonder"]})
        elif kind == "destroy":
            out.append({"code": "destroy", "card": action["card"], "seat": them.seat})
        elif kind == "mausoleum":
            out.append({"code": "mausoleum", "card": action["card"]})
            out += self._card_reasons(self.cards[action["card"]], situation)
        elif kind == "choose_start":
            out.append({"code": "choose_start", "seat": action["seat"]})
        if kind in ("build", "discard", "wonder"):
            out += self._denial_reasons(self.cards[action["card"]], situation)
        return out

    def _military_reason(self, shields: int, situation: Situation) -> dict[str, Any]:
        if situation.pawn + shields >= 9:
            return {"code": "military_supremacy"}
        return {"code": "military", "shields": shields, "pawn": min(9, situation.pawn + shields)}

    def _card_reasons(self, card: dict[str, Any], situation: Situation) -> list[dict[str, Any]]:
        """What building ``card`` does for ``situation.me``."""
        me = situation.me
        out: list[dict[str, Any]] = []
        shields = card.get("shields", 0)
        if shields:
            shields += 1 if card["color"] == "red" and "strategy" in me.tokens else 0
            out.append(self._military_reason(shields, situation))
        symbol = card.get("science")
        if symbol:
            if symbol in me.science:
                out.append({"code": "science_pair", "symbol": symbol})
            elif len(me.science) + 1 >= 6:
                out.append({"code": "science_supremacy", "symbol": symbol})
            else:
                out.append({"code": "science_new", "symbol": symbol, "distinct": len(me.science) + 1})
        if card.get("free_via_card") in me.cards:
            out.append({"code": "chain_free", "card": card["id"], "from": card["free_via_card"]})
        later = self.chained_from.get(card["id"])
        if later and situation.age < 3:
            out.append({"code": "chain_next_age", "card": later, "from": card["id"]})
        if card.get("guild"):
            out.append({"code": "guild", "card": card["id"]})
        if card.get("vp"):
            out.append({"code": "points", "vp": card["vp"]})
        produce = sorted((card.get("produce") or {}).keys()) or sorted(card.get("choice") or ())
        if produce:
            out.append({"code": "production", "resources": produce})
        if card.get("trade_fix"):
            out.append({"code": "trade_fix", "resources": sorted(card["trade_fix"])})
        return out

    def _denial_reasons(self, card: dict[str, Any], situation: Situation) -> list[dict[str, Any]]:
        """What taking ``card`` from the structure keeps from the opponent."""
        them = _swap(situation)
        opponent = situation.opponent
        out: list[dict[str, Any]] = []
        symbol = card.get("science")
        if symbol and (symbol in opponent.science or len(opponent.science) >= 4):
            out.append({"code": "deny_science", "seat": opponent.seat, "symbol": symbol})
        shields = card.get("shields", 0)
        if shields and them.pawn + shields >= 3 and them.pawn + shields > max(them.pawn, 0):
            out.append({"code": "deny_shield", "seat": opponent.seat, "shields": shields})
        if card.get("guild") and self.guild_gain(card["guild"], them) >= 6:
            out.append({"code": "deny_card", "seat": opponent.seat, "card": card["id"]})
        return out

    # --- reading the view -----------------------------------------------------------------------------

    def situation(self, view: View) -> Situation:
        """The shared facts of a decision, from the view of its seat."""
        seat = view["seat"]
        players = view["players"]
        me = _player(players[seat], self.colors_of)
        opponent = _player(players[1 - seat], self.colors_of)
        pawn = view["military"]["pawn"]
        present = frozenset((t["side"], t["value"]) for t in view["military"]["tokens"] if t["present"])
        built = me.built_wonders + opponent.built_wonders
        return Situation(view["age"], me, opponent, pawn if seat == 0 else -pawn, present,
                         tuple(view["progress_board"] or ()), tuple(view["discard"] or ()), built)

    # --- values -------------------------------------------------------------------------------------

    def coin_value(self, situation: Situation) -> float:
        """What one coin is worth to ``situation.me`` now."""
        w = self.weights
        value = w.coin[situation.age]
        return value * w.short_of_coins_factor if situation.me.coins < w.short_of_coins else value

    def _pressure(self, pawn: int) -> float:
        """Military zone points plus the threat of supremacy, for the side the pawn leans to."""
        w = self.weights
        if pawn == 0:
            return 0.0
        distance = min(abs(pawn), 9)
        value = w.win if distance >= 9 else w.military_zone[distance] + w.military_pressure[distance]
        return value if pawn > 0 else -value

    def _science_threat(self, distinct: int) -> float:
        table = self.weights.science_symbol
        return sum(table[: min(distinct, 5) + 1])

    def military_gain(self, shields: int, situation: Situation) -> float:
        """The worth of moving the pawn ``shields`` spaces toward the opponent's capital."""
        if shields <= 0:
            return 0.0
        start = situation.pawn
        end = min(start + shields, 9)
        if end >= 9:
            return self.weights.win
        gain = self._pressure(end) - self._pressure(start)
        opponent_side = 1 - situation.me.seat
        coins = situation.opponent.coins
        for space, lost in MILITARY_TOKEN_ZONES.items():
            if start < space <= end and (opponent_side, lost) in situation.tokens_present:
                gain += min(coins, lost) * self.weights.coin[situation.age]
                coins -= min(coins, lost)
        return gain

    def science_gain(self, symbol: str, situation: Situation) -> float:
        """A science symbol: a new distinct one (6 win), or a pair that takes a progress token."""
        owned = situation.me.science
        w = self.weights
        if symbol in owned:
            if symbol == "law" or not situation.board_tokens:
                return 0.0
            return max(self.token_value(t, situation) for t in situation.board_tokens)
        distinct = len(owned) + 1
        if distinct >= 6:
            return w.win
        return w.science_symbol[distinct] * w.science_age[situation.age]

    def token_value(self, token: str, situation: Situation) -> float:
        """A progress token's worth to ``situation.me``."""
        w = self.weights
        me = situation.me
        coin = self.coin_value(situation)
        value = w.token.get(token, 0.0)
        if token in ("agriculture", "urbanism"):
            value += 6 * coin
        elif token == "law":
            value += self.science_gain("law", situation)
        elif token == "mathematics":
            value += 3 * (len(me.tokens) + 1)
        elif token == "architecture":
            value += w.architecture_per_wonder * len(me.unbuilt_wonders)
        elif token == "theology":
            value += w.theology_per_wonder * len(me.unbuilt_wonders)
        elif token in ("economy", "masonry", "strategy"):
            value *= (4 - situation.age) / 3 if situation.age else 1.0
        return value

    def unit_value(self, resource: str, owned: float, situation: Situation) -> float:
        """The worth of one more unit of ``resource`` for a player already producing ``owned`` of it."""
        w = self.weights
        value = w.resource_unit[situation.age] * w.repeat_unit[min(int(owned), len(w.repeat_unit) - 1)]
        if resource in MANUFACTURED:
            value *= w.manufactured_factor
        return value * (0.5 + situation.me.prices.get(resource, 2) / 4)

    def production_value(self, card: dict[str, Any], situation: Situation, removing: bool = False) -> float:
        """The worth of a brown or grey card's production (``removing``: what losing it costs)."""
        produce = card.get("produce") or {}
        w = self.weights
        value = 0.0
        for resource, units in produce.items():
            owned = situation.me.production.get(resource, 0) - (units if removing else 0)
            for k in range(units):
                value += self.unit_value(resource, owned + k, situation)
            value += w.raises_opponent_price[situation.age] * units
        return value

    def choice_value(self, options: Sequence[str], situation: Situation) -> float:
        """The worth of producing one unit of any of ``options`` each turn."""
        me = situation.me
        best = max(self.unit_value(r, me.production.get(r, 0) + 0.5 * sum(r in c for c in me.choices),
                                   situation) for r in options)
        return self.weights.choice_factor * best

    def guild_gain(self, guild: dict[str, Any], situation: Situation) -> float:
        """A guild's points (from the city with the most) and immediate coins, as things stand."""
        me, them = situation.me, situation.opponent
        counts = guild["counts"]
        if counts == "wonders":
            count = max(me.built_wonders, them.built_wonders)
        elif counts == "coins":
            count = max(me.coins, them.coins)
        else:
            count = max(sum(p.colors.get(c, 0) for c in counts) for p in (me, them))
        value = guild["vp_per"] * (count // guild["per"])
        if guild["coins"]:
            value += count * self.coin_value(situation)
        return value

    def card_gain(self, card: dict[str, Any], situation: Situation) -> float:
        """What building ``card`` brings ``situation.me``, before its cost."""
        w = self.weights
        me = situation.me
        age = situation.age
        value = float(card.get("vp", 0))
        shields = card.get("shields", 0)
        if shields:
            if card["color"] == "red" and "strategy" in me.tokens:
                shields += 1
            value += self.military_gain(shields, situation)
        if card.get("science"):
            value += self.science_gain(card["science"], situation)
        if card.get("produce"):
            value += self.production_value(card, situation)
        if card.get("choice"):
            value += self.choice_value(card["choice"], situation)
        for resource in card.get("trade_fix") or ():
            value += max(0, me.prices.get(resource, 2) - 1) * w.trade_fix[age]
        coins = card.get("coins", 0)
        per = card.get("coins_per")
        if per:
            what = per["what"]
            count = me.built_wonders if what == "wonder" else me.colors.get(what, 0) + (card["color"] == what)
            coins += per["coins"] * count
        value += coins * self.coin_value(situation)
        if card.get("guild"):
            value += self.guild_gain(card["guild"], situation)
        if card.get("chain"):
            value += w.chain[age]
        return value

    def wonder_gain(self, wonder: str, situation: Situation) -> float:
        """What building ``wonder`` brings ``situation.me``, before its cost."""
        w = self.weights
        data = self.wonders[wonder]
        me, them = situation.me, situation.opponent
        coin = self.coin_value(situation)
        value = float(data.get("vp", 0)) + data.get("coins", 0) * coin
        value += min(them.coins, data.get("opponent_loses", 0)) * w.coin[situation.age]
        if data.get("play_again") or "theology" in me.tokens:
            value += w.play_again
        if data.get("shields"):
            value += self.military_gain(data["shields"], situation)
        if data.get("choice"):
            value += self.choice_value(data["choice"], situation)
        destroy = data.get("destroy")
        if destroy:
            theirs = [self.cards[c] for c in them.cards if self.cards[c]["color"] == destroy]
            swapped = _swap(situation)
            value += max((self.production_value(c, swapped, removing=True) for c in theirs), default=0.0)
        if data.get("mausoleum") and situation.discard:
            value += max(self.card_gain(self.cards[c], situation) for c in situation.discard)
        if data.get("great_library"):
            value += 4.0
        if situation.wonders_built == 6 and them.unbuilt_wonders:
            value += 2.0  # the 7th wonder boxes the opponent's last one
        return value

    def estimated_cost(self, card: dict[str, Any], player: Player, discount: bool) -> int:
        """Coins ``player`` would pay for ``card`` (or a wonder) with the cheapest use of its production."""
        if card.get("free_via_card") in player.cards:
            return 0
        missing: list[int] = []
        for resource, units in card["cost"]["resources"].items():
            missing += [player.prices.get(resource, 2)] * max(0, units - player.production.get(resource, 0))
        missing.sort(reverse=True)
        for options in player.choices:
            for i, price in enumerate(missing):
                if any(player.prices.get(r) == price for r in options):
                    del missing[i]
                    break
        if discount:
            missing = missing[2:]
        return card["cost"]["coins"] + sum(missing)

    # --- turn actions -----------------------------------------------------------------------------------

    def _turn_values(self, view: View, situation: Situation, legal: Sequence[Action]) -> list[float]:
        w = self.weights
        coin = self.coin_value(situation)
        options = {entry["card"]: entry for entry in (view["my_turn"] or {"cards": []})["cards"]}
        reply = self._opponent_replies(view, situation)
        discard_coins = 2 + situation.me.colors.get("yellow", 0)
        values = []
        for action in legal:
            card_id = action["card"]
            entry = options.get(card_id)
            kind = action["type"]
            replay = False
            if kind == "build":
                card = self.cards[card_id]
                gain = self.card_gain(card, situation)
                if entry is not None:
                    gain -= entry["build"]["cost"] * coin + entry["build"]["breakdown"]["to_opponent"] * coin
            elif kind == "discard":
                gain = discard_coins * coin
            else:
                wonder = action["wonder"]
                gain = self.wonder_gain(wonder, situation)
                replay = bool(self.wonders[wonder].get("play_again")) or "theology" in situation.me.tokens
                cost = next((x for x in (entry or {}).get("wonders", ()) if x["wonder"] == wonder), None)
                if cost is not None:
                    gain -= cost["cost"] * coin + cost["breakdown"]["to_opponent"] * coin
            if gain >= w.win:
                values.append(gain)
                continue
            weight = w.replay_reply if replay else w.opponent_reply
            values.append(gain - weight * reply.get(card_id, 0.0))
        return values

    def _opponent_replies(self, view: View, situation: Situation) -> dict[str, float]:
        """For each accessible card: the opponent's best next move once we have taken it."""
        structure = view["structure"]
        at = {(s["row"], s["col"]): s for s in structure if not s["taken"]}
        accessible = [s for s in structure if s["accessible"]]
        if len(at) <= 1:
            return {}  # the last card of the age: the opponent does not reply in this structure
        them = _swap(situation)
        coin = self.coin_value(them)
        floor = (2 + them.me.colors.get("yellow", 0)) * coin
        if situation.wonders_built < 7:
            for wonder in them.me.unbuilt_wonders:
                cost = self.estimated_cost(self.wonders[wonder], them.me, "architecture" in them.me.tokens)
                if cost <= them.me.coins:
                    floor = max(floor, self.wonder_gain(wonder, them) - cost * coin)
        worth = {s["slot"]: self._opponent_card(s["card"], them, coin) for s in accessible}
        replies = {}
        for taken in accessible:
            best = max((worth[s["slot"]] for s in accessible if s is not taken), default=floor)
            row, col = taken["row"], taken["col"]
            for dc in (-1, 1):
                above = at.get((row - 1, col + dc))
                if above is None:
                    continue
                others = [at.get((row, above["col"] + d)) for d in (-1, 1)]
                if all(o is None or o is taken for o in others):
                    best = max(best, self._opponent_card(above["card"], them, coin))
            replies[taken["card"]] = max(best, floor)
        return replies

    def _opponent_card(self, card_id: str | None, them: Situation, coin: float) -> float:
        """What building ``card_id`` would bring the opponent (``them`` is their situation), net of cost."""
        if card_id is None:
            return self.weights.hidden_card[them.age]
        card = self.cards[card_id]
        cost = self.estimated_cost(card, them.me, card["color"] == "blue" and "masonry" in them.me.tokens)
        if cost > them.me.coins:
            return 0.0
        return self.card_gain(card, them) - cost * coin

    def _card_prior(self, card: dict[str, Any]) -> float:
        """A card's rough worth from the catalog alone (the default policy's preference)."""
        value = 1.0 + card.get("vp", 0) * 0.5 + card.get("shields", 0) * 1.5
        if card.get("science"):
            value += 1.5
        if card.get("produce") or card.get("choice"):
            value += 2.0 if card["age"] == 1 else 1.0
        if card.get("guild"):
            value += 2.0
        return value


KNOWLEDGE = DuelKnowledge()
