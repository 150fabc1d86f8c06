"""Civilian scoring, the score pad and the result of a Duel game (duel.md §13)."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.duel.material import (
    AGRICULTURE,
    BLUE,
    CARDS,
    GREEN,
    MATHEMATICS,
    PHILOSOPHY,
    PURPLE,
    TOKENS,
    WONDERS,
    YELLOW,
    Guild,
)
from engine.duel.state import City, DuelState

ROWS = ("blue", "green", "yellow", "purple", "wonders", "progress", "coins", "military")


def military_points(pawn: int, seat: int) -> int:
    """VP of the pawn's zone for ``seat`` (0 unless the pawn is on the opponent's side)."""
    lead = pawn if seat == 0 else -pawn
    if lead <= 0:
        return 0
    if lead <= 2:
        return 2
    if lead <= 5:
        return 5
    return 10


def wonders_built(city: City) -> int:
    """Number of Wonders ``city`` has constructed."""
    return sum(1 for owned in city.wonders if owned.age)


def guild_count(state: DuelState, guild: Guild) -> int:
    """What a Guild counts in the city with the most (colours summed within one city)."""
    cities = state.cities
    if guild.counts == "colors":
        return max(sum(city.colors[c] for c in guild.colors) for city in cities)
    if guild.counts == "coins":
        return max(city.coins for city in cities) // guild.per
    return max(wonders_built(city) for city in cities)


def guild_points(state: DuelState, guild: Guild) -> int:
    """End-of-game VP of one Guild (each Guild picks the city with the most)."""
    return guild_count(state, guild) * guild.vp_per


# The score-pad row of the VP of each card colour (the other colours give no VP).
COLOR_ROW = {BLUE: "blue", GREEN: "green", YELLOW: "yellow", PURPLE: "purple"}
# The VP a Progress token gives (Mathematics: per token held, itself included).
TOKEN_VP = {AGRICULTURE: 4, PHILOSOPHY: 7}
MATHEMATICS_PER_TOKEN = 3


class Source(NamedTuple):
    """Points of one score-pad row from one source: a card, Wonder or Progress token id, or ``"coins"``,
    ``"military"`` (the pawn's zone)."""

    source: str
    row: str
    points: int


def score_sources(state: DuelState, seat: int) -> list[Source]:
    """Where every point of ``seat`` comes from; each row of :func:`score_pad` is the sum of its sources."""
    city = state.cities[seat]
    out: list[Source] = []
    for index in city.cards:
        card = CARDS[index]
        row = COLOR_ROW.get(card.color)
        if row is None:
            continue
        vp = guild_points(state, card.guild) if card.guild is not None else card.vp
        out.append(Source(card.id, row, vp))
    out.extend(Source(WONDERS[owned.wonder].id, "wonders", WONDERS[owned.wonder].vp)
               for owned in city.wonders if owned.age)
    for token in city.progress:
        vp = TOKEN_VP.get(token, 0)
        if token == MATHEMATICS:
            vp = MATHEMATICS_PER_TOKEN * len(city.progress)
        out.append(Source(TOKENS[token].id, "progress", vp))
    out.append(Source("coins", "coins", city.coins // 3))
    out.append(Source("military", "military", military_points(state.pawn, seat)))
    return out


def score_pad(state: DuelState, seat: int) -> dict[str, int]:
    """One seat's score-pad rows and total, from the current state (the sums of its sources)."""
    return _pad(score_sources(state, seat))


def _pad(sources: list[Source]) -> dict[str, int]:
    """The score-pad rows and total that ``sources`` add up to."""
    rows = dict.fromkeys(ROWS, 0)
    for source in sources:
        rows[source.row] += source.points
    rows["total"] = sum(rows[r] for r in ROWS)
    return rows


def sources_view(state: DuelState) -> list[list[dict[str, Any]]]:
    """Per seat, the sources of its points as the result shows them (zero-point sources left out)."""
    return [_sources_view(score_sources(state, seat)) for seat in (0, 1)]


def _sources_view(sources: list[Source]) -> list[dict[str, Any]]:
    return [{"source": s.source, "row": s.row, "points": s.points} for s in sources if s.points]


def _scored(state: DuelState) -> tuple[list[dict[str, int]], list[list[dict[str, Any]]]]:
    """Both seats' score pads and sources views, each seat's sources found once."""
    found = [score_sources(state, 0), score_sources(state, 1)]
    return [_pad(sources) for sources in found], [_sources_view(sources) for sources in found]


def civilian_result(state: DuelState) -> dict[str, Any]:
    """The result after Age III: most VP wins; tie -> most blue VP; still tied -> shared."""
    scores, sources = _scored(state)
    key = [(s["total"], s["blue"]) for s in scores]
    winners = [0] if key[0] > key[1] else [1] if key[1] > key[0] else [0, 1]
    return {"winners": winners, "victory": "civilian", "scores": scores, "sources": sources}


def supremacy_result(state: DuelState, seat: int, victory: str) -> dict[str, Any]:
    """The result of a military or scientific supremacy by ``seat`` (score pads for information)."""
    scores, sources = _scored(state)
    return {"winners": [seat], "victory": victory, "scores": scores, "sources": sources}
