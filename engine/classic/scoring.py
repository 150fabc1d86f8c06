"""End-of-game scoring in score-pad order, science wildcards, the winner."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from engine.classic import compiled as C
from engine.classic import readings as R
from engine.classic.state import State


def own_black_card(per: C.Per) -> int:
    """What a count of one's own black cards leaves out for the card itself (Secret Network,
    readings.SECRET_NETWORK_COUNTS_ITSELF)."""
    if per.kinds >> C.BLACK & 1 and per.whose & C.SELF and not R.SECRET_NETWORK_COUNTS_ITSELF:
        return per.each
    return 0

ROWS = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
CITIES_ROWS = ("black", "debt")  # Cities: VP of black cards, minus 1 per debt token


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


def spy_symbols(state: State, city: int) -> list[int]:
    """Cities: the science symbols ``city``'s spies may copy, one entry per neighbour card (green cards only,
    readings.SPY_COPIES_GREEN_CARDS_ONLY; else a neighbour's wildcard offers every symbol too)."""
    out = []
    for nb in dict.fromkeys((state.left(city), state.right(city))):
        for card in state.built[nb]:
            if C.CARD_COLOR[card] == C.GREEN and C.CARD_FX[card].science >= 0:
                out.append(C.CARD_FX[card].science)
        if not R.SPY_COPIES_GREEN_CARDS_ONLY and state.wild[nb]:
            out.extend(range(len(C.SCIENCES)))
    return out


def spy_copies(spies: int, symbols: list[int]) -> set[tuple[int, ...]]:
    """Every multiset (sorted) of symbols ``spies`` spies may copy from the neighbour cards ``symbols``:
    the same card several times (readings.SPIES_MAY_COPY_SAME_CARD) or each spy a different card."""
    if not spies or not symbols:
        return {()}
    if R.SPIES_MAY_COPY_SAME_CARD:
        return {tuple(sorted(pick)) for pick in product(sorted(set(symbols)), repeat=spies)}
    return {tuple(sorted(pick)) for pick in combinations(symbols, min(spies, len(symbols)))}


def science_with_spies(state: State, city: int, wild: int) -> int:
    """Science points of ``city`` with each spy copying the symbol that maximises them (Cities)."""
    spies = state.spies[city] if state.spies else 0
    if not spies:
        return best_science(state.science[city], wild)
    best = 0
    for copied in spy_copies(spies, spy_symbols(state, city)):
        counts = list(state.science[city])
        for symbol in copied:
            counts[symbol] += 1
        best = max(best, best_science(counts, wild))
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
    rows = dict.fromkeys(ROWS + (CITIES_ROWS if state.cities else ()), 0)
    rows["military"] = sum(state.tokens[city])
    rows["treasury"] = state.coins[city] // 3
    bs = state.boards[city]
    for k in range(state.stages[city]):
        fx = C.BS_FX[bs][k]
        rows["wonder"] += fx.vp + (state.count_per(fx.vp_per, city) if fx.vp_per else 0)
    for card in state.built[city]:
        fx = C.CARD_FX[card]
        vp = fx.vp + (state.count_per(fx.vp_per, city) - own_black_card(fx.vp_per) if fx.vp_per else 0)
        color = C.CARD_COLOR[card]
        if color == C.BLACK:
            rows["black"] += vp
        elif color == C.BLUE:
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
    rows["science"] = science_with_spies(state, city, wild)
    if state.cities:
        rows["debt"] = -state.debt[city]
    rows["total"] = sum(rows[r] for r in ROWS + (CITIES_ROWS if state.cities else ()))
    rows["coins"] = state.coins[city]
    return rows


def best_copy(state: State, city: int, guilds: list[int]) -> int:
    """The guild whose copy gives ``city`` the highest total (first one on ties)."""
    return max(guilds, key=lambda g: (score_city(state, city, g)["total"], -g))


def winners(scores: list[dict[str, int]]) -> list[int]:
    """Highest total; ties broken by coins; a remaining tie is a shared victory."""
    top = max((s["total"], s["coins"]) for s in scores)
    return [i for i, s in enumerate(scores) if (s["total"], s["coins"]) == top]


def team_winners(state: State, scores: list[dict[str, int]]) -> list[int]:
    """Cities team game: the seats of the team(s) with the highest sum (readings.TEAM_TIE_SHARED: a tie is
    shared, else broken by the teams' coins)."""
    def key(team: tuple[int, int]) -> tuple[int, int]:
        total = sum(scores[q]["total"] for q in team)
        return (total, 0) if R.TEAM_TIE_SHARED else (total, sum(scores[q]["coins"] for q in team))

    top = max(key(team) for team in state.teams)
    return sorted(q for team in state.teams if key(team) == top for q in team)


def finish(state: State) -> dict[str, Any]:
    """The result: winners among the seats, the score pad of every seat (and of the Free City); in a team
    game each pad has a ``team`` row (the pair's sum) and ``teams`` lists each team's sum."""
    scores = [score_city(state, city) for city in range(state.n)]
    players = scores if R.FREE_CITY_CAN_WIN else scores[: state.seats]
    result: dict[str, Any] = {
        "winners": winners(players),
        "victory": "points",
        "scores": scores[: state.seats],
        "free_city": scores[2] if state.two else None,
    }
    if state.teams:
        for team in state.teams:
            total = sum(scores[q]["total"] for q in team)
            for q in team:
                scores[q]["team"] = total
        result["teams"] = [{"seats": list(team), "total": scores[team[0]]["team"]} for team in state.teams]
        result["winners"] = team_winners(state, scores)
    return result
