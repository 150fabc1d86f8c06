"""End-of-game scoring in score-pad order, science wildcards, the winner."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any, NamedTuple

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
    return best_science_detail(state, city, wild).points


class Science(NamedTuple):
    """The best science of a city: its points, the symbols counted (wildcards and spies assigned) and the
    symbols its spies copied (sorted)."""

    points: int
    symbols: tuple[int, ...]
    copied: tuple[int, ...]


def _best_counts(counts: list[int], wild: int) -> tuple[int, tuple[int, ...]]:
    """(points, counts) with ``wild`` wildcards each on the symbol that maximises the total (first best)."""
    best = (science_points(*counts), tuple(counts))
    for assignment in product(range(3), repeat=wild):
        c = list(counts)
        for symbol in assignment:
            c[symbol] += 1
        points = science_points(*c)
        if points > best[0]:
            best = (points, tuple(c))
    return best


def best_science_detail(state: State, city: int, wild: int) -> Science:
    """The best science of ``city`` with ``wild`` wildcards and its spies (Cities), see :class:`Science`."""
    spies = state.spies[city] if state.spies else 0
    if not spies:
        return Science(*_best_counts(list(state.science[city]), wild), ())
    best = Science(-1, (), ())
    for copied in sorted(spy_copies(spies, spy_symbols(state, city))):
        counts = list(state.science[city])
        for symbol in copied:
            counts[symbol] += 1
        points, symbols = _best_counts(counts, wild)
        if points > best.points:
            best = Science(points, symbols, copied)
    return best


def spy_story(state: State, city: int, copied: tuple[int, ...]) -> list[dict[str, Any]]:
    """Cities: what each spy card of ``city`` copied (``copied``: the symbols of the best science), as
    ``{"spy": card, "copied": card | null, "city": neighbour, "symbol": name}`` (``copied`` null: a
    neighbour's wildcard, readings.SPY_COPIES_GREEN_CARDS_ONLY False); a spy with nothing to copy is left
    out."""
    offers: list[tuple[int | None, int, int]] = []  # (card or None for a wildcard, neighbour, symbol)
    for nb in dict.fromkeys((state.left(city), state.right(city))):
        for card in state.built[nb]:
            if C.CARD_COLOR[card] == C.GREEN and C.CARD_FX[card].science >= 0:
                offers.append((card, nb, C.CARD_FX[card].science))
        if not R.SPY_COPIES_GREEN_CARDS_ONLY and state.wild[nb]:
            offers.extend((None, nb, symbol) for symbol in range(len(C.SCIENCES)))
    spies = [card for card in state.built[city] for _ in range(C.CARD_FX[card].spy)]
    used: set[int] = set()
    out = []
    for spy, symbol in zip(spies, copied, strict=False):
        pick = next(i for i, offer in enumerate(offers)
                    if offer[2] == symbol and (R.SPIES_MAY_COPY_SAME_CARD or i not in used))
        used.add(pick)
        source, nb, _ = offers[pick]
        out.append({"spy": C.CARD_ID[spy], "copied": None if source is None else C.CARD_ID[source],
                    "city": nb, "symbol": C.SCIENCES[symbol]})
    return out


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


# The score-pad row of the VP of a card of each colour (the other colours give no VP).
COLOR_ROW = {C.BLACK: "black", C.BLUE: "civilian", C.YELLOW: "commercial", C.PURPLE: "guilds"}
EMBASSY = C.CARD_INDEX["a3_embassy"]


def card_vp(card: int) -> int:
    """The printed VP of ``card`` (Embassy: readings.EMBASSY_VP, read now)."""
    return R.EMBASSY_VP if card == EMBASSY else C.CARD_FX[card].vp


class Source(NamedTuple):
    """Points of one score-pad row from one source: a card or stage id, or ``"conflicts"``, ``"coins"``,
    ``"science"``, ``"debt"``; ``copied``: a guild Olympia B copied."""

    source: str
    row: str
    points: int
    copied: bool = False


def score_sources(state: State, city: int, copy: int | None = None) -> tuple[list[Source], Science]:
    """Where every point of ``city`` comes from (``copy``: the guild copied by Olympia B, default the
    recorded one), and its science. Each row of :func:`score_city` is the sum of its sources."""
    copy = state.copies[city] if copy is None else copy
    new = tuple.__new__  # Source(...) without its keyword-handling __new__ (every card of every city)
    out: list[Source] = []
    raided = 0
    for card in state.built[city]:
        fx = C.CARD_FX[card]
        raided += fx.victory_token  # a Raider card's token stays in the military row (never discarded)
        if fx.victory_token:
            out.append(new(Source, (C.CARD_ID[card], "military", fx.victory_token, False)))
    out.append(new(Source, ("conflicts", "military", sum(state.tokens[city]) - raided, False)))
    out.append(new(Source, ("coins", "treasury", state.coins[city] // 3, False)))
    bs = state.boards[city]
    for k in range(state.stages[city]):
        fx = C.BS_FX[bs][k]
        out.append(new(Source, (f"{C.BS_ID[bs]}_{k + 1}", "wonder",
                                fx.vp + (state.count_per(fx.vp_per, city) if fx.vp_per else 0), False)))
    for card in state.built[city]:
        row = COLOR_ROW.get(C.CARD_COLOR[card])
        if row is None:
            continue
        fx = C.CARD_FX[card]
        vp = card_vp(card)
        if fx.vp_per:
            vp += state.count_per(fx.vp_per, city) - own_black_card(fx.vp_per)
        out.append(new(Source, (C.CARD_ID[card], row, vp, False)))
    wild = state.wild[city]
    if copy >= 0:
        vp, extra = _copied(state, city, copy)
        out.append(Source(C.CARD_ID[copy], "guilds", vp, True))
        wild += extra
    science = best_science_detail(state, city, wild)
    out.append(new(Source, ("science", "science", science.points, False)))
    if state.cities:
        out.append(Source("debt", "debt", -state.debt[city]))
    return out, science


def score_city(state: State, city: int, copy: int | None = None) -> dict[str, int]:
    """The score pad of ``city`` (``copy``: the guild copied by Olympia B, default the recorded one): the
    sums of its :func:`score_sources` per row."""
    return _pad(state, city, score_sources(state, city, copy)[0])


def _pad(state: State, city: int, sources: list[Source]) -> dict[str, int]:
    """The score pad of ``city`` from its sources."""
    names = ROWS + (CITIES_ROWS if state.cities else ())
    rows = dict.fromkeys(names, 0)
    for source in sources:
        rows[source.row] += source.points
    rows["total"] = sum(rows[r] for r in names)
    rows["coins"] = state.coins[city]
    return rows


def sources_view(state: State, city: int) -> list[dict[str, Any]]:
    """The sources of ``city``'s points as the result shows them (zero-point sources left out, science with
    the symbols it counts)."""
    return _sources_view(*score_sources(state, city))


def _sources_view(sources: list[Source], science: Science) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for source in sources:
        if not source.points:
            continue
        entry: dict[str, Any] = {"source": source.source, "row": source.row, "points": source.points}
        if source.copied:
            entry["copied"] = True
        if source.row == "science":
            entry["symbols"] = dict(zip(C.SCIENCES, science.symbols, strict=True))
        out.append(entry)
    return out


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
    found = [score_sources(state, city) for city in range(state.n)]  # (sources, science) per city
    scores = [_pad(state, city, sources) for city, (sources, _) in enumerate(found)]
    players = scores if R.FREE_CITY_CAN_WIN else scores[: state.seats]
    result: dict[str, Any] = {
        "winners": winners(players),
        "victory": "points",
        "scores": scores[: state.seats],
        "free_city": scores[2] if state.two else None,
    }
    result["sources"] = [_sources_view(*found[city]) for city in range(state.seats)]
    if state.two:
        result["free_city_sources"] = _sources_view(*found[2])
    if state.cities:
        result["spies"] = [spy_story(state, city, found[city][1].copied) for city in range(state.seats)]
    if state.teams:
        for team in state.teams:
            total = sum(scores[q]["total"] for q in team)
            for q in team:
                scores[q]["team"] = total
        result["teams"] = [{"seats": list(team), "total": scores[team[0]]["team"]} for team in state.teams]
        result["winners"] = team_winners(state, scores)
    return result
