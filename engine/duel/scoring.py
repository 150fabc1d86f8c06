"""Civilian scoring, the score pad and the result of a Duel game (duel.md §13)."""

from __future__ import annotations

from typing import Any

from engine.duel.tables import (
    AGRICULTURE,
    BLUE,
    CARD_COLOR,
    CARD_GUILD,
    CARD_VP,
    GREEN,
    GUILD_COINS,
    GUILD_COLORS,
    MATHEMATICS,
    PHILOSOPHY,
    PURPLE,
    WONDER_VP,
    YELLOW,
)

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


def guild_points(game: Any, guild: tuple) -> int:
    """End-of-game VP of one Guild (each Guild picks the city with the most)."""
    kind, cols, _, vp_per, per = guild
    if kind == GUILD_COLORS:
        count = max(sum(game.colors[s][c] for c in cols) for s in (0, 1))
    elif kind == GUILD_COINS:
        count = max(game.coins) // per
    else:
        count = max(game.wonders_built(0), game.wonders_built(1))
    return count * vp_per


def score_pad(game: Any, seat: int) -> dict[str, int]:
    """One seat's score-pad rows and total, from the current state."""
    rows = dict.fromkeys(ROWS, 0)
    for card in game.cards[seat]:
        color = CARD_COLOR[card]
        if color == BLUE:
            rows["blue"] += CARD_VP[card]
        elif color == GREEN:
            rows["green"] += CARD_VP[card]
        elif color == YELLOW:
            rows["yellow"] += CARD_VP[card]
        elif color == PURPLE:
            rows["purple"] += guild_points(game, CARD_GUILD[card])
    rows["wonders"] = sum(WONDER_VP[w] for w, age, _ in game.wonders[seat] if age)
    tokens = game.tokens[seat]
    rows["progress"] = ((4 if AGRICULTURE in tokens else 0) + (7 if PHILOSOPHY in tokens else 0)
                        + (3 * len(tokens) if MATHEMATICS in tokens else 0))
    rows["coins"] = game.coins[seat] // 3
    rows["military"] = military_points(game.pawn, seat)
    rows["total"] = sum(rows[r] for r in ROWS)
    return rows


def civilian_result(game: Any) -> dict[str, Any]:
    """The result after Age III: most VP wins; tie -> most blue VP; still tied -> shared."""
    scores = [score_pad(game, 0), score_pad(game, 1)]
    key = [(s["total"], s["blue"]) for s in scores]
    winners = [0] if key[0] > key[1] else [1] if key[1] > key[0] else [0, 1]
    return {"winners": winners, "victory": "civilian", "scores": scores}


def supremacy_result(game: Any, seat: int, victory: str) -> dict[str, Any]:
    """The result of a military or scientific supremacy by ``seat`` (score pads for information)."""
    return {"winners": [seat], "victory": victory, "scores": [score_pad(game, 0), score_pad(game, 1)]}
