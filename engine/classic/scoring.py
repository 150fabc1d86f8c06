"""End-of-game scoring in score-pad order, science wildcards, the winner."""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.state import State

ROWS = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")


def science_points(compass: int, gear: int, tablet: int) -> int:
    """Squares of each symbol count plus 7 per complete set."""
    return compass * compass + gear * gear + tablet * tablet + 7 * min(compass, gear, tablet)


def best_science(counts: list[int], wild: int) -> int:
    """Science points with ``wild`` wildcards each assigned to the symbol that maximises the total."""
    best = science_points(*counts)
    for assignment in product(range(3), repeat=wild):
        c = list(counts)
        for symbol in assignment:
            c[symbol] += 1
        best = max(best, science_points(*c))
    return best


def _copied(state: State, city: int, guild: int) -> tuple[int, int]:
    """(guild VP, science wildcards) of ``guild`` scored as if ``city`` had built it."""
    fx = C.CARD_FX[guild]
    vp = 0
    if fx.vp_per is not None:
        vp = state.count_per(fx.vp_per, city)
        counts_guilds = fx.vp_per.kinds >> C.PURPLE & 1 and fx.vp_per.whose & C.SELF
        if counts_guilds and R.SHIPOWNERS_COPY_COUNTS_ITSELF:
            vp += fx.vp_per.each
    return vp, fx.wild


def score_city(state: State, city: int, copy: int | None = None) -> dict[str, int]:
    """The score pad of ``city`` (``copy``: the guild copied by Olympia B, default the recorded one)."""
    copy = state.copies[city] if copy is None else copy
    rows = dict.fromkeys(ROWS, 0)
    rows["military"] = sum(state.tokens[city])
    rows["treasury"] = state.coins[city] // 3
    bs = state.boards[city]
    for k in range(state.stages[city]):
        fx = C.BS_FX[bs][k]
        rows["wonder"] += fx.vp + (state.count_per(fx.vp_per, city) if fx.vp_per else 0)
    for card in state.built[city]:
        fx = C.CARD_FX[card]
        vp = fx.vp + (state.count_per(fx.vp_per, city) if fx.vp_per else 0)
        color = C.CARD_COLOR[card]
        if color == C.BLUE:
            rows["civilian"] += vp
        elif color == C.YELLOW:
            rows["commercial"] += vp
        elif color == C.PURPLE:
            rows["guilds"] += vp
    wild = state.wild[city]
    if copy >= 0:
        vp, extra = _copied(state, city, copy)
        rows["guilds"] += vp
        wild += extra
    rows["science"] = best_science(state.science[city], wild)
    rows["total"] = sum(rows[r] for r in ROWS)
    rows["coins"] = state.coins[city]
    return rows


def best_copy(state: State, city: int, guilds: list[int]) -> int:
    """The guild whose copy gives ``city`` the highest total (first one on ties)."""
    return max(guilds, key=lambda g: (score_city(state, city, g)["total"], -g))


def winners(scores: list[dict[str, int]]) -> list[int]:
    """Highest total; ties broken by coins; a remaining tie is a shared victory."""
    top = max((s["total"], s["coins"]) for s in scores)
    return [i for i, s in enumerate(scores) if (s["total"], s["coins"]) == top]


def finish(state: State) -> dict[str, Any]:
    """The result: winners among the seats, the score pad of every seat (and of the Free City)."""
    scores = [score_city(state, city) for city in range(state.n)]
    players = scores if R.FREE_CITY_CAN_WIN else scores[: state.seats]
    return {
        "winners": winners(players),
        "victory": "points",
        "scores": scores[: state.seats],
        "free_city": scores[2] if state.two else None,
    }
