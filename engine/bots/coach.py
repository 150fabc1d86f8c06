"""The coach: the hard search's two best moves for a seat, each with reasons as codes (never sentences).

``suggest(view, legal, seed=..., budget=...)`` runs ``hard``'s search on that seat's view (so it sees
exactly what the seat may see) and returns up to two :class:`Suggestion`\\ s, best first. A suggestion
never plays by itself. Its ``reason`` is the most telling of its ``reasons``, each a dict with a
``"code"`` and the parameters a client needs to say it in the player's language, e.g.
``{"code": "science_pair", "symbol": "wheel"}``, ``{"code": "deny_shield", "seat": 1, "shields": 2}``
or ``{"code": "chain_next_age", "card": "library", "from": "scriptorium"}``; the codes are listed in
:data:`REASON_PRIORITY` (docs/bots.md says what each means). ``explain(view, action)`` gives the one
reason a bot's own move may be told to the whole table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.api import Action
from engine.bots.budget import Budget
from engine.bots.knowledge import GameKnowledge, View, knowledge_for
from engine.bots.montecarlo import most_valued_in_group
from engine.bots.policy import require_choice
from engine.bots.search import PlayoutSearchPolicy

Reason = dict[str, Any]

REASON_PRIORITY: tuple[str, ...] = (
    "military_supremacy", "science_supremacy", "science_pair", "science_set", "deny_science",
    "deny_shield", "deny_card", "military", "play_again", "chain_free", "chain_next_age", "guild",
    "points_per", "science_new", "science_symbol", "science_wild", "wonder", "wonder_stage", "olympia",
    "halicarnassus", "copy_guild", "mausoleum", "destroy", "progress_token", "wonder_draft", "points",
    "production", "trade_fix", "trade_discount", "ability", "coins", "pay_debt", "choose_start",
    "best_odds",
)
"""Every reason code, most telling first: a suggestion's ``reason`` is the first of its reasons here.
``best_odds`` (no parameters) stands for a move with nothing more specific to say than the search's
verdict."""
BEST_ODDS: Reason = {"code": "best_odds"}
RESTATING: frozenset[str] = frozenset({"wonder_draft", "progress_token", "choose_start"})
"""Reasons that only say again what the move's own log line says ("drafts Zeus" after "chose Zeus")."""
SUGGESTIONS = 2


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One suggested move: the legal action, why (codes), and what the search thinks of it."""

    action: Action
    """One of the legal actions passed to :func:`suggest` (the very object)."""
    reason: Reason
    reasons: list[Reason] = field(default_factory=list)
    """Every reason found, most telling first (``reason`` is the first)."""
    win_chance: float = 0.0
    """The search's mean value of the move for the seat (its estimated share of the win, 0..1)."""
    visits: int = 0
    """How many of the search's iterations tried it."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON- and msgpack-safe form, for a client."""
        return {"action": self.action, "reason": self.reason, "reasons": self.reasons,
                "win_chance": round(self.win_chance, 3), "visits": self.visits}


def ranked_reasons(reasons: Sequence[Reason]) -> list[Reason]:
    """``reasons`` most telling first (unknown codes last), without repeats; ``[BEST_ODDS]`` if none."""
    order = {code: i for i, code in enumerate(REASON_PRIORITY)}
    unique: list[Reason] = []
    for reason in reasons:
        if reason not in unique:
            unique.append(reason)
    unique.sort(key=lambda r: order.get(r["code"], len(order)))
    return unique or [dict(BEST_ODDS)]


def suggest(view: View, legal: Sequence[Action], *, seed: int, budget: Budget | None = None,
            count: int = SUGGESTIONS) -> list[Suggestion]:
    """The hard search's best ``count`` moves for the view's seat, best first, each with its reasons.

    ``view`` and ``legal`` are that seat's (what its phone gets); ``budget`` bounds the search as for
    ``hard`` (``None``: its default iteration cap, exactly reproducible from ``seed``). With a single
    legal action, that action is the only suggestion.
    """
    require_choice(legal)
    if count < 1:
        raise ValueError(f"count must be at least 1, got {count!r}")
    knowledge = knowledge_for(view["kind"])
    if len(legal) == 1:
        return [_suggestion(knowledge, view, legal[0], 1.0, 0)]
    policy = PlayoutSearchPolicy(knowledge)
    report = policy.analyse(view, legal, seed=seed, budget=budget)
    ranking = report.ranking()
    if not ranking:
        return [_suggestion(knowledge, view, legal[report.choice], 0.0, 0)]
    values = knowledge.action_values(view, legal)
    chosen = [index for index, _ in ranking]
    # The search's choice leads (it is what hard would play), then the next best tried candidates.
    if report.choice not in chosen:
        chosen.insert(0, report.choice)
    else:
        chosen.remove(report.choice)
        chosen.insert(0, report.choice)
    edges = {index: edge for index, edge in ranking}
    out = []
    for index in chosen[:count]:
        best = most_valued_in_group(knowledge, legal, values, index)
        edge = edges.get(index)
        out.append(_suggestion(knowledge, view, legal[best], edge.mean if edge else 0.0,
                               edge.visits if edge else 0))
    return out


def _suggestion(knowledge: GameKnowledge, view: View, action: Action, chance: float,
                visits: int) -> Suggestion:
    reasons = ranked_reasons(knowledge.reasons(view, action))
    return Suggestion(action, reasons[0], reasons, chance, visits)


def explain(view: View, action: Action) -> Reason | None:
    """Why the view's seat plays its own ``action``, for the whole table's log once the move is revealed:
    its most telling reason that says more than the move itself and names no card the move keeps
    hidden (``GameKnowledge.told_reasons``); ``None`` when there is nothing more to say."""
    knowledge = knowledge_for(view["kind"])
    for reason in ranked_reasons(knowledge.told_reasons(view, action)):
        if reason["code"] not in RESTATING and reason != BEST_ODDS:
            return reason
    return None
