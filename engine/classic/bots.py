"""The bots' knowledge of 7 Wonders (3-7 seats and the 2-player variant): one-move values, priors, evaluation.

Everything here reads a seat's view (docs/classic.md) and the public catalog, never the game: what a
card or a wonder stage is worth to a city, what passing a card on gives the next player, how a table
of cities stands. The numbers are victory-point equivalents gathered in :class:`ClassicWeights`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.api import Action, catalog
from engine.bots.knowledge import View, win_shares

SCIENCES = ("compass", "gear", "tablet")
MANUFACTURED = frozenset({"glass", "textile", "papyrus"})
DENY_GAIN = 5.0
"""A card worth this many points to the next holder of the hand is worth keeping from it (a reason)."""
HIDDEN_CARD_MOVES = frozenset({"discard", "wonder"})
"""The moves whose card goes face down (sold for coins, or under a wonder stage): nobody else learns it."""
CONFLICT_WIN = (0, 1, 3, 5)
"""Points of a won conflict by age (a lost one is -1 in every age)."""


def science_points(counts: Sequence[int]) -> int:
    """Points of (compass, gear, tablet) symbols: squares plus 7 per complete set."""
    return sum(n * n for n in counts) + 7 * min(counts)


def best_science(counts: Sequence[int], wild: int) -> int:
    """The best science points when each of ``wild`` symbols may be any of the three."""
    if not wild:
        return science_points(counts)
    best = 0
    for i in range(3):
        more = list(counts)
        more[i] += 1
        best = max(best, best_science(more, wild - 1))
    return best


def _default_abilities() -> dict[str, float]:
    return {"olympia_free": 2.5, "halicarnassus": 4.5, "babylon_last_card": 1.5, "copy_guild": 5.0}


def _default_rollout_types() -> dict[str, float]:
    return {"build": 5.0, "olympia": 6.0, "wonder": 3.0, "discard": 1.0, "halicarnassus": 1.0,
            "copy_guild": 1.0}


@dataclass(frozen=True, slots=True)
class ClassicWeights:
    """The heuristic's numbers, in victory points (indices ``[age]`` run 1..3; 0 is unused)."""

    coin: tuple[float, ...] = (0.4, 0.4, 0.37, 0.34)
    short_of_coins: int = 3
    short_of_coins_factor: float = 1.3
    resource_unit: tuple[float, ...] = (3.0, 3.0, 1.8, 0.3)
    manufactured_factor: float = 1.2
    repeat_unit: tuple[float, ...] = (1.0, 0.5, 0.25, 0.1)
    scarce_factor: float = 1.4
    """A resource neither neighbour can sell is worth this much more to produce."""
    choice_factor: float = 0.75
    trade_discount: tuple[float, ...] = (0.0, 1.4, 0.8, 0.1)
    """Per neighbour and per kind of goods (raw, manufactured) a discount applies to."""
    chain: tuple[float, ...] = (0.0, 0.9, 1.1, 0.0)
    """Per card of the next age that the card makes free."""
    science_potential: tuple[float, ...] = (0.0, 1.6, 1.0, 0.0)
    conflict_certainty: float = 0.9
    future_shield: tuple[float, ...] = (0.0, 1.4, 0.9, 0.0)
    vp_per_growth: float = 0.8
    """Points a card scoring per card is expected to gain before the end (Age III only)."""
    ability: dict[str, float] = field(default_factory=_default_abilities)
    stage_progress: float = 0.5
    olympia_use: float = 1.5
    """What spending the once-per-age free build costs."""
    pass_on: float = 0.2
    """How much a card's worth to the next holder of the hand counts (3+ players)."""
    pass_on_two_players: float = 0.45
    rival_gift: float = 0.3
    """How much the coins paid to a neighbour count against us (3+ players: one rival among several)."""
    evaluation_scale: tuple[float, ...] = (6.0, 6.0, 4.5, 3.0)
    result_score_share: float = 0.25
    """In a finished game's value, the part given by the scores (the rest is the share of the win)."""
    result_scale: float = 3.0
    rollout_type: dict[str, float] = field(default_factory=_default_rollout_types)


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts of one decision: the cities, the deciding city and the age."""

    view: View
    cities: list[dict[str, Any]]
    age: int
    turn: int
    two_players: bool
    players: tuple[int, ...]
    """The cities that belong to seats (the Free City is not one)."""


class ClassicKnowledge:
    """What classic bots know: see :class:`engine.bots.knowledge.GameKnowledge`."""

    kind = "classic"
    opponents_in_tree = False
    root_breadth = 2
    switch_confidence: float | None = 1.0
    """Playouts are noisy (hidden hands, many players): leave easy's move only on clear evidence."""
    """Playouts are long: compare easy's two best moves in more worlds before widening."""

    def __init__(self, weights: ClassicWeights | None = None) -> None:
        self.weights = weights or ClassicWeights()
        data = catalog("classic", {"cities": True})  # every card and board, Cities' too
        self.cards: dict[str, dict[str, Any]] = {c["id"]: c for c in data["cards"]}
        self.boards: dict[str, dict[str, Any]] = {b["id"]: b for b in data["boards"]}
        self.card_prior = {cid: self._card_prior(c) for cid, c in self.cards.items()}

    # --- the interface --------------------------------------------------------------------------------

    def rollout_steps(self, view: View) -> int | None:
        """Play every playout to the end: the greedy playout policy is ``easy`` itself, so a finished
        playout scores a move as the table would answer it (cut short, the estimate misled the search)."""
        return None

    def action_values(self, view: View, legal: Sequence[Action]) -> list[float]:
        """The one-move value of each legal action for the view's seat (or its Free City)."""
        table = self.table(view)
        kind = legal[0]["type"]
        if kind == "pay_debt":  # Cities: a debt token costs 1 point, a coin a third of one
            return [float(a["coins"]) for a in legal]
        if kind == "copy_guild":
            city = table.cities[view["pending"]["city"]]
            return [self.effect_gain(self.cards[a["card"]]["effect"], city, table) for a in legal]
        if kind == "halicarnassus":
            city = table.cities[view["pending"]["city"]]
            return [self.card_gain(self.cards[a["card"]], city, table) for a in legal]
        if legal[0].get("free_city"):
            return self._free_city_values(view, table, legal)
        return self._hand_values(view, table, table.cities[view["seat"]], legal)

    def action_group(self, action: Action) -> Hashable:
        """Actions that differ only in how the coins are split between the neighbours."""
        return action["type"], action.get("card", action.get("coins")), action.get("free_city", False)

    def rollout_weight(self, action: Action) -> float:
        """Builds before stages before discards, good cards before poor ones."""
        base = self.weights.rollout_type.get(action["type"], 1.0)
        if action["type"] in ("build", "olympia"):
            return base * self.card_prior.get(action["card"], 1.0)
        return base

    def evaluate(self, public_view: View) -> list[float]:
        """Each seat's chance to win: a softmax of the cities' points as they stand plus what their
        production, trade, shields and chains are still worth (valued as ``easy`` values them)."""
        table = self.table(public_view)
        points = [self.points(table.cities[c], table) + self.assets(table.cities[c], table)
                  for c in table.players]
        return _softmax(points, self.weights.evaluation_scale[table.age])

    def assets(self, city: dict[str, Any], table: Table) -> float:
        """What a city's means (production, trade, shields, chains) are still worth in points, by age."""
        w = self.weights
        age = table.age
        unit = w.resource_unit[age]
        value = 0.0
        for resource, units in city["production"].items():
            worth = unit * (w.manufactured_factor if resource in MANUFACTURED else 1.0)
            value += worth * sum(w.repeat_unit[min(k, len(w.repeat_unit) - 1)] for k in range(units))
        value += len(city["choices"]) * w.choice_factor * unit
        value += city["shields"] * w.future_shield[age]
        for card_id in city["cards"]:
            card = self.cards[card_id]
            trade = card["effect"].get("trade")
            if trade:
                kinds = {r in MANUFACTURED for r in trade["resources"]}
                value += w.trade_discount[age] * len(trade["neighbours"]) * len(kinds)
            if age < 3 and card["age"] == age:
                value += w.chain[age] * len(card["chains"])
        return value

    def result_values(self, result: dict[str, Any], seats: int) -> list[float]:
        """Mostly the share of the win, partly the scores (so a search also learns from near misses)."""
        share = self.weights.result_score_share
        wins = win_shares(result, seats)
        scores = _softmax([float(s["total"]) for s in result["scores"][:seats]], self.weights.result_scale)
        return [(1 - share) * w + share * s for w, s in zip(wins, scores, strict=True)]

    def told_reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """The reasons without a card's name when the move keeps its card face down (sold, or under a
        wonder stage): the table learns the stage or the coins, never the card."""
        found = self.reasons(view, action)
        if action["type"] in HIDDEN_CARD_MOVES:
            found = [reason for reason in found if "card" not in reason]
        return found

    def reasons(self, view: View, action: Action) -> list[dict[str, Any]]:
        """Why ``action`` may be good for the view's seat (or its Free City), as reason codes with
        parameters (never sentences), from the view alone."""
        table = self.table(view)
        kind = action["type"]
        if kind == "pay_debt":
            return [{"code": "pay_debt", "coins": action["coins"]}]
        pending = view.get("pending") or {}
        city = table.cities[pending["city"]] if kind in ("halicarnassus", "copy_guild") \
            else table.cities[2 if action.get("free_city") else view["seat"]]
        card = self.cards[action["card"]]
        out: list[dict[str, Any]] = []
        if kind in ("build", "olympia", "halicarnassus"):
            if kind != "build":
                out.append({"code": kind, "card": card["id"]})
            out += self._effect_reasons(card["effect"], city, table)
            if any(source in city["cards"] for source in card["chain_from"]):
                source = next(c for c in card["chain_from"] if c in city["cards"])
                out.append({"code": "chain_free", "card": card["id"], "from": source})
            if card["chains"] and table.age < 3:
                out.append({"code": "chain_next_age", "card": card["chains"][0], "from": card["id"]})
        elif kind == "copy_guild":
            out.append({"code": "copy_guild", "card": card["id"]})
        elif kind == "wonder":
            out.append({"code": "wonder_stage", "stage": city["stages_built"] + 1})
            stages = self.boards[f"{city['board']}_{city['side']}"]["stages"]
            if city["stages_built"] < len(stages):
                out += self._effect_reasons(stages[city["stages_built"]]["effect"], city, table)
        elif kind == "discard":
            out.append({"code": "coins", "coins": 3})
        if kind in ("build", "olympia", "wonder", "discard"):
            holder = self._next_holder(table, city)
            if holder is not None and holder["seat"] is not None \
                    and self.card_gain(card, holder, table) >= DENY_GAIN:
                out.append({"code": "deny_card", "seat": holder["seat"], "card": card["id"]})
        return out

    def _effect_reasons(self, effect: dict[str, Any], city: dict[str, Any],
                        table: Table) -> list[dict[str, Any]]:
        """What an effect (of a card or a wonder stage) does for ``city``."""
        out: list[dict[str, Any]] = []
        shields = effect.get("shields", 0)
        if shields:
            mine = city["shields"]
            passed = [table.cities[city[side]]["seat"] for side in ("left", "right")
                      if mine <= table.cities[city[side]]["shields"] < mine + shields]
            out.append({"code": "military", "shields": shields,
                        "overtakes": [s for s in passed if s is not None]})
        symbol = effect.get("science")
        if symbol:
            science = city["science"]
            counts = [science[s] for s in SCIENCES]
            before = min(counts)
            counts[SCIENCES.index(symbol)] += 1
            if min(counts) > before:
                out.append({"code": "science_set", "symbol": symbol})
            else:
                out.append({"code": "science_symbol", "symbol": symbol,
                            "count": counts[SCIENCES.index(symbol)]})
        if effect.get("science_wild"):
            out.append({"code": "science_wild"})
        if effect.get("vp"):
            out.append({"code": "points", "vp": effect["vp"]})
        if effect.get("vp_per"):
            out.append({"code": "points_per", "vp": self.count_per(effect["vp_per"], city, table)})
        produce = sorted((effect.get("produce") or {}).keys()) or sorted(effect.get("produce_choice") or ())
        if produce:
            out.append({"code": "production", "resources": produce})
        trade = effect.get("trade")
        if trade:
            out.append({"code": "trade_discount", "resources": sorted(trade["resources"]),
                        "neighbours": sorted(trade["neighbours"])})
        if effect.get("coins") or effect.get("coins_per"):
            coins = effect.get("coins", 0)
            if effect.get("coins_per"):
                coins += self.count_per(effect["coins_per"], city, table)
            out.append({"code": "coins", "coins": coins})
        if effect.get("ability"):
            out.append({"code": "ability", "ability": effect["ability"]})
        return out

    # --- reading the view -----------------------------------------------------------------------------

    def table(self, view: View) -> Table:
        """The public facts of ``view``."""
        two = view["variant"] == "two_player"
        cities = view["cities"]
        players = (0, 1) if two else tuple(range(len(cities)))
        return Table(view, cities, max(1, view["age"]), view["turn"], two, players)

    def coin_value(self, city: dict[str, Any], table: Table) -> float:
        """What one coin is worth to ``city`` now."""
        w = self.weights
        value = w.coin[table.age]
        return value * w.short_of_coins_factor if city["coins"] < w.short_of_coins else value

    def points(self, city: dict[str, Any], table: Table) -> float:
        """The points ``city`` would score if the game ended now (Olympia B's copy left out)."""
        value = sum(city["military"]) + city["coins"] / 3
        stages = self.boards[f"{city['board']}_{city['side']}"]["stages"]
        for stage in stages[: city["stages_built"]]:
            value += stage["effect"].get("vp", 0)
        science = city["science"]
        value += best_science([science[s] for s in SCIENCES], science["wild"])
        for card_id in city["cards"]:
            effect = self.cards[card_id]["effect"]
            value += effect.get("vp", 0)
            if "vp_per" in effect:
                value += self.count_per(effect["vp_per"], city, table)
        return value

    def count_per(self, per: dict[str, Any], city: dict[str, Any], table: Table) -> int:
        """``per["each"]`` times what ``per`` counts in the cities it names (as things stand)."""
        total = 0
        for whose in per["whose"]:
            other = city if whose == "self" else table.cities[city[whose]]
            for what in per["count"]:
                if what == "stages":
                    total += other["stages_built"]
                elif what == "defeats":
                    total += sum(1 for t in other["military"] if t < 0)
                else:
                    total += sum(1 for c in other["cards"] if self.cards[c]["color"] == what)
        return total * per["each"]

    # --- values -------------------------------------------------------------------------------------

    def military_gain(self, shields: int, city: dict[str, Any], table: Table) -> float:
        """More shields: the conflicts of this age that change, and the ages to come."""
        w = self.weights
        mine = city["shields"]
        gain = 0.0
        for side in ("left", "right"):
            theirs = table.cities[city[side]]["shields"]
            gain += _conflict(mine + shields, theirs, table.age) - _conflict(mine, theirs, table.age)
        return gain * w.conflict_certainty + shields * w.future_shield[table.age]

    def science_gain(self, symbol: str | None, city: dict[str, Any], table: Table) -> float:
        """One more symbol (``None``: a wild one of the owner's choice)."""
        science = city["science"]
        counts = [science[s] for s in SCIENCES]
        wild = science["wild"]
        before = best_science(counts, wild)
        if symbol is None:
            after = best_science(counts, wild + 1)
        else:
            counts[SCIENCES.index(symbol)] += 1
            after = best_science(counts, wild)
        return after - before + self.weights.science_potential[table.age]

    def unit_value(self, resource: str, owned: float, city: dict[str, Any], table: Table) -> float:
        """One more unit of ``resource`` each turn for a city producing ``owned`` of it."""
        w = self.weights
        value = w.resource_unit[table.age] * w.repeat_unit[min(int(owned), len(w.repeat_unit) - 1)]
        if resource in MANUFACTURED:
            value *= w.manufactured_factor
        sold = any(resource in table.cities[city[side]]["production"]
                   or any(resource in c for c in table.cities[city[side]]["choices"])
                   for side in ("left", "right"))
        return value if sold else value * w.scarce_factor

    def _owned(self, resource: str, city: dict[str, Any]) -> float:
        return city["production"].get(resource, 0) + 0.5 * sum(resource in c for c in city["choices"])

    def effect_gain(self, effect: dict[str, Any], city: dict[str, Any], table: Table) -> float:
        """What an effect (of a card or a wonder stage) brings ``city``, before its cost."""
        w = self.weights
        value = float(effect.get("vp", 0))
        if effect.get("shields"):
            value += self.military_gain(effect["shields"], city, table)
        if effect.get("science"):
            value += self.science_gain(effect["science"], city, table)
        for _ in range(effect.get("science_wild", 0)):
            value += self.science_gain(None, city, table)
        for resource, units in (effect.get("produce") or {}).items():
            owned = self._owned(resource, city)
            value += sum(self.unit_value(resource, owned + k, city, table) for k in range(units))
        options = effect.get("produce_choice")
        if options:
            best = max(self.unit_value(r, self._owned(r, city), city, table) for r in options)
            value += w.choice_factor * best
        trade = effect.get("trade")
        if trade:
            kinds = {r in MANUFACTURED for r in trade["resources"]}
            value += w.trade_discount[table.age] * len(trade["neighbours"]) * len(kinds)
        coins = effect.get("coins", 0)
        if effect.get("coins_per"):
            coins += self.count_per(effect["coins_per"], city, table)
        value += coins * self.coin_value(city, table)
        if effect.get("vp_per"):
            value += self.count_per(effect["vp_per"], city, table) + w.vp_per_growth * (6 - table.turn) / 5
        ability = effect.get("ability")
        if ability:
            ages_left = 4 - table.age
            worth = w.ability.get(ability, 0.0)
            if ability in ("olympia_free", "babylon_last_card"):
                worth *= ages_left
            elif ability == "halicarnassus" and not table.view["discard_count"]:
                worth *= 0.3
            value += worth
        return value

    def card_gain(self, card: dict[str, Any], city: dict[str, Any], table: Table) -> float:
        """What building ``card`` brings ``city``, before its cost (a card scoring per card counts itself)."""
        value = self.effect_gain(card["effect"], city, table)
        per = card["effect"].get("coins_per")
        if per and "self" in per["whose"] and card["color"] in per["count"]:
            value += per["each"] * self.coin_value(city, table)
        if table.age < 3:
            value += self.weights.chain[table.age] * len(card["chains"])
        return value

    def stage_gain(self, city: dict[str, Any], table: Table) -> float:
        """What building the next wonder stage brings ``city``, before its cost."""
        stages = self.boards[f"{city['board']}_{city['side']}"]["stages"]
        k = city["stages_built"]
        if k >= len(stages):
            return 0.0
        return self.effect_gain(stages[k]["effect"], city, table) + self.weights.stage_progress

    # --- actions ------------------------------------------------------------------------------------

    def _next_holder(self, table: Table, city: dict[str, Any]) -> dict[str, Any] | None:
        """The city that receives the rest of the hand (2 players: the opponent)."""
        view = table.view
        if view["phase"] != "turn" or view["turn"] >= 6:
            return None
        if table.two_players:
            return table.cities[1 - view["seat"]]
        return table.cities[city["left"] if view["direction"] == "left" else city["right"]]

    def _rival_factor(self, table: Table, other: int) -> float:
        """How much a coin given to city ``other`` counts against us."""
        if table.two_players:
            return 1.0 if other in table.players else 0.0
        return self.weights.rival_gift

    def _hand_values(self, view: View, table: Table, city: dict[str, Any],
                     legal: Sequence[Action]) -> list[float]:
        w = self.weights
        coin = self.coin_value(city, table)
        chained = {c["card"] for c in (view["my_turn"] or {"cards": []})["cards"] if c["chain"]}
        holder = self._next_holder(table, city)
        pass_on = w.pass_on_two_players if table.two_players else w.pass_on
        stage = self.stage_gain(city, table)
        gift_left = self._rival_factor(table, city["left"])
        gift_right = self._rival_factor(table, city["right"])
        gains: dict[str, float] = {}
        values = []
        for action in legal:
            card_id = action["card"]
            card = self.cards[card_id]
            kind = action["type"]
            if kind in ("build", "olympia"):
                if card_id not in gains:
                    gains[card_id] = self.card_gain(card, city, table)
                value = gains[card_id]
                if kind == "olympia":
                    value -= w.olympia_use
                elif card_id not in chained:
                    value -= card["cost"]["coins"] * coin
            elif kind == "wonder":
                value = stage
            else:
                value = 3 * coin
            paid_left, paid_right = action.get("left", 0), action.get("right", 0)
            value -= (paid_left + paid_right) * coin
            value -= (paid_left * gift_left + paid_right * gift_right) * coin
            if holder is not None:
                value += pass_on * max(0.0, self.card_gain(card, holder, table))
            values.append(value)
        return values

    def _free_city_values(self, view: View, table: Table, legal: Sequence[Action]) -> list[float]:
        """The controller's choice for the Free City: keep good cards from the opponent, take its coins."""
        w = self.weights
        seat = view["seat"]
        me, rival = table.cities[seat], table.cities[1 - seat]
        free_city = table.cities[2]
        coin = self.coin_value(me, table)
        values = []
        for action in legal:
            card = self.cards[action["card"]]
            value = w.pass_on_two_players * max(0.0, self.card_gain(card, rival, table))
            for side in ("left", "right"):
                paid = action.get(side, 0)
                if paid:
                    value += paid * coin if free_city[side] == seat else -paid * coin
            values.append(value)
        return values

    def _card_prior(self, card: dict[str, Any]) -> float:
        """A card's rough worth from the catalog alone (the default policy's preference)."""
        effect = card["effect"]
        value = 1.0 + effect.get("vp", 0) * 0.5 + effect.get("shields", 0) * 1.0
        if effect.get("science") or effect.get("science_wild"):
            value += 1.5
        if effect.get("produce") or effect.get("produce_choice"):
            value += 2.0 if card["age"] == 1 else 1.0
        if effect.get("vp_per"):
            value += 2.0
        return value


def _conflict(mine: int, theirs: int, age: int) -> int:
    """Points of one conflict: a win, nothing, or -1."""
    return CONFLICT_WIN[age] if mine > theirs else 0 if mine == theirs else -1


def _softmax(points: Sequence[float], scale: float) -> list[float]:
    top = max(points)
    weights = [math.exp((p - top) / scale) for p in points]
    total = sum(weights)
    return [x / total for x in weights]


KNOWLEDGE = ClassicKnowledge()
