"""Civilian scoring, the score pad and the result of a Duel game (duel.md §13)."""

from __future__ import annotations

from typing import Any

from engine.duel.material import (
    AGRICULTURE,
    BLUE,
    CARDS,
    GREEN,
    MATHEMATICS,
    PHILOSOPHY,
    PURPLE,
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


def score_pad(state: DuelState, seat: int) -> dict[str, int]:
    """One seat's score-pad rows and total, from the current state."""
    city = state.cities[seat]
    rows = dict.fromkeys(ROWS, 0)
    for index in city.cards:
        card = CARDS[index]
        if card.color == BLUE:
            rows["blue"] += card.vp
        elif card.color == GREEN:
            rows["green"] += card.vp
        elif card.color == YELLOW:
            rows["yellow"] += card.vp
        elif card.color == PURPLE and card.guild is not None:
            rows["purple"] += guild_points(state, card.guild)
    rows["wonders"] = sum(WONDERS[owned.wonder].vp for owned in city.wonders if owned.age)
    tokens = city.progress
    rows["progress"] = ((4 if AGRICULTURE in tokens else 0) + (7 if PHILOSOPHY in tokens else 0)
                        + (3 * len(tokens) if MATHEMATICS in tokens else 0))
    rows["coins"] = city.coins // 3
    rows["military"] = military_points(state.pawn, seat)
    rows["total"] = sum(rows[r] for r in ROWS)
    return rows


def civilian_result(state: DuelState) -> dict[str, Any]:
    """The result after Age III: most VP wins; tie -> most blue VP; still tied -> shared."""
    scores = [score_pad(state, 0), score_pad(state, 1)]
    key = [(s["total"], s["blue"]) for s in scores]
    winners = [0] if key[0] > key[1] else [1] if key[1] > key[0] else [0, 1]
    return {"winners": winners, "victory": "civilian", "scores": scores}


def supremacy_result(state: DuelState, seat: int, victory: str) -> dict[str, Any]:
    """The result of a military or scientific supremacy by ``seat`` (score pads for information)."""
    return {"winners": [seat], "victory": victory, "scores": [score_pad(state, 0), score_pad(state, 1)]}
