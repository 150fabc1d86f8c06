"""Players' statistics by name, computed from the history's summaries (games played on this host only).

Pure functions over the summaries :mod:`host.history` keeps (``host.history.summarize``): each named
player's games and wins by game type, their final points game after game (the chart of their page), how
they placed against each other name and each bot level, and the wonders they played with how those
scored. Imported games (other hosts' players) and nameless seats are left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

FAVOURITES = 3  # wonders listed per player in the list of every player
WONDERS_SHOWN = 6  # wonders listed on one player's page
OPPONENTS_SHOWN = 30  # other names listed per player (those played with most)
SERIES_GAMES = 40  # the newest games of a type drawn on a player's chart
MAX_PLAYERS = 200  # players in one answer


def name_key(name: str) -> str:
    """Names that differ only in case are one player."""
    return name.casefold()


def placing(seat: int, other: int, winners: set[int], scores: dict[int, int]) -> int:
    """+1 when ``seat`` finished ahead of ``other``, -1 behind, 0 level. A winner is ahead of a player who
    did not win (a Duel's supremacy wins whatever the points); otherwise the higher final points are
    ahead (a 7 Wonders game of several players is a ranking, not only its winner)."""
    if (seat in winners) != (other in winners):
        return 1 if seat in winners else -1
    mine, theirs = scores.get(seat), scores.get(other)
    if mine is None or theirs is None or mine == theirs:
        return 0
    return 1 if mine > theirs else -1


@dataclass
class Tally:
    """Games together and how they ended for the player: ahead (``wins``), behind (``losses``), level
    (the rest)."""

    games: int = 0
    wins: int = 0
    losses: int = 0

    def add(self, placed: int) -> None:
        """Count one game that ended ``placed`` (see :func:`placing`)."""
        self.games += 1
        self.wins += int(placed > 0)
        self.losses += int(placed < 0)

    def to_dict(self) -> dict[str, int]:
        """As served."""
        return {"games": self.games, "wins": self.wins, "losses": self.losses}


@dataclass(frozen=True)
class ScorePoint:
    """One game on a player's chart: which game, when it ended, their final points, whether they won."""

    game: int
    ended: float
    score: int
    won: bool

    def to_dict(self) -> dict[str, Any]:
        """As served."""
        return {"game": self.game, "ended": self.ended, "score": self.score, "won": self.won}


@dataclass
class Points:
    """Final points summed over games, for an average and a best."""

    total: int = 0
    scored: int = 0
    best: int | None = None

    def add(self, score: int | None) -> None:
        """Count one game's final points (a game without them counts for nothing here)."""
        if isinstance(score, int) and not isinstance(score, bool):
            self.total += score
            self.scored += 1
            self.best = score if self.best is None else max(self.best, score)

    @property
    def average(self) -> float | None:
        """The mean to one decimal, or ``None`` without a scored game."""
        return round(self.total / self.scored, 1) if self.scored else None


@dataclass
class KindStats:
    """One player's games of one type: played, won, their points, and the newest games for the chart
    (newest first while counting; :meth:`to_dict` serves them oldest first)."""

    games: int = 0
    wins: int = 0
    points: Points = field(default_factory=Points)
    series: list[ScorePoint] = field(default_factory=list)

    def add(self, game: int, ended: float, score: int | None, won: bool) -> None:
        """Count one game, seen newest first."""
        self.games += 1
        self.wins += int(won)
        self.points.add(score)
        if isinstance(score, int) and len(self.series) < SERIES_GAMES:
            self.series.append(ScorePoint(game, ended, score, won))

    def to_dict(self) -> dict[str, Any]:
        """As served."""
        return {"games": self.games, "wins": self.wins, "average": self.points.average,
                "best": self.points.best}

    def chart(self) -> list[dict[str, Any]]:
        """The chart's games, oldest first, as served."""
        return [p.to_dict() for p in reversed(self.series)]


@dataclass
class WonderStats:
    """One player's games with one wonder (a Duel wonder drafted, a 7 Wonders board): won, points."""

    games: int = 0
    wins: int = 0
    points: Points = field(default_factory=Points)

    def to_dict(self, wonder: str) -> dict[str, Any]:
        """As served."""
        return {"id": wonder, "games": self.games, "wins": self.wins, "average": self.points.average}


@dataclass
class PlayerStats:
    """Everything counted for one player name."""

    name: str
    games: int = 0
    wins: int = 0
    last: float | None = None  # when their newest game ended
    kinds: dict[str, KindStats] = field(default_factory=dict)
    victories: Counter[str] = field(default_factory=Counter)
    wonders: dict[str, WonderStats] = field(default_factory=dict)
    bots: dict[str, Tally] = field(default_factory=dict)
    opponents: dict[str, Tally] = field(default_factory=dict)
    opponent_names: dict[str, str] = field(default_factory=dict)

    def favourite_wonders(self) -> list[tuple[str, WonderStats]]:
        """The wonders most played with, then most won with, then best scoring."""
        return sorted(self.wonders.items(),
                      key=lambda kv: (-kv[1].games, -kv[1].wins, -(kv[1].points.average or 0), kv[0]))

    def to_dict(self, detail: bool = False) -> dict[str, Any]:
        """As served by ``/api/stats``: ``detail`` (one player's page) adds each type's chart (``series``:
        kind to its games, oldest first) and lists more wonders."""
        opponents = sorted(self.opponents.items(), key=lambda kv: (-kv[1].games, kv[0]))
        wonders = self.favourite_wonders()[:WONDERS_SHOWN if detail else FAVOURITES]
        out: dict[str, Any] = {
            "name": self.name, "games": self.games, "wins": self.wins, "last": self.last,
            "kinds": {kind: s.to_dict() for kind, s in sorted(self.kinds.items())},
            "victories": dict(sorted(self.victories.items())),
            "wonders": [s.to_dict(w) for w, s in wonders],
            "bots": {level: t.to_dict() for level, t in sorted(self.bots.items())},
            "opponents": [{"name": self.opponent_names[k], **t.to_dict()}
                          for k, t in opponents[:OPPONENTS_SHOWN]],
        }
        if detail:
            out["series"] = {kind: s.chart() for kind, s in sorted(self.kinds.items())}
        return out


def _scores(seats: list[dict[str, Any]]) -> dict[int, int]:
    return {s["seat"]: s["score"] for s in seats if isinstance(s.get("score"), int)}


def player_stats(summaries: Iterable[dict[str, Any]], only: str | None = None) -> dict[str, PlayerStats]:
    """Every named player's statistics (or only those of name key ``only``), by :func:`name_key`, from
    game summaries newest first (a player is shown by the spelling of their newest game). Imported games
    and nameless seats are left out."""
    players: dict[str, PlayerStats] = {}
    for game in summaries:
        if game.get("imported"):
            continue
        winners = set(game.get("winners") or [])
        seats = game["seats"]
        scores = _scores(seats)
        for seat in seats:
            name = seat.get("name")
            if not name or seat.get("bot"):
                continue
            key = name_key(name)
            if only is not None and key != only:
                continue
            stats = players.setdefault(key, PlayerStats(name))
            won = seat["seat"] in winners
            stats.games += 1
            stats.wins += int(won)
            stats.last = game["ended"] if stats.last is None else stats.last
            kind = stats.kinds.setdefault(game["kind"], KindStats())
            kind.add(game["id"], game["ended"], seat.get("score"), won)
            if won and game.get("victory"):
                stats.victories[game["victory"]] += 1
            for wonder in seat.get("wonders") or []:
                with_it = stats.wonders.setdefault(wonder, WonderStats())
                with_it.games += 1
                with_it.wins += int(won)
                with_it.points.add(seat.get("score"))
            for other in seats:
                if other is seat:
                    continue
                if other.get("bot"):
                    tally = stats.bots.setdefault(other["bot"], Tally())
                elif other.get("name"):
                    other_key = name_key(other["name"])
                    if other_key == key:
                        continue
                    stats.opponent_names.setdefault(other_key, other["name"])
                    tally = stats.opponents.setdefault(other_key, Tally())
                else:
                    continue
                tally.add(placing(seat["seat"], other["seat"], winners, scores))
    return players


def stats_payload(summaries: Iterable[dict[str, Any]], name: str | None = None) -> dict[str, Any] | None:
    """``{"players": [...]}`` (most games first, bounded), or one player's ``{"player": ...}`` with their
    page's detail (``None`` when that name played no game here)."""
    if name is not None:
        found = player_stats(summaries, only=name_key(name)).get(name_key(name))
        return None if found is None else {"player": found.to_dict(detail=True)}
    players = player_stats(summaries)
    ranked = sorted(players.values(), key=lambda p: (-p.games, -p.wins, name_key(p.name)))
    return {"players": [p.to_dict() for p in ranked[:MAX_PLAYERS]]}
