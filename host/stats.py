"""Players' statistics by name, computed from the history's summaries (games played on this host only)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

FAVOURITES = 3  # wonders listed per player
MAX_PLAYERS = 200  # players in one answer


def name_key(name: str) -> str:
    """Names that differ only in case are one player."""
    return name.casefold()


@dataclass
class Tally:
    """Games played and won (and losses, for head to head)."""

    games: int = 0
    wins: int = 0
    losses: int = 0

    def to_dict(self) -> dict[str, int]:
        """As served."""
        return {"games": self.games, "wins": self.wins, "losses": self.losses}


@dataclass
class KindStats:
    """One player's games of one kind: tally, total points, best score."""

    tally: Tally = field(default_factory=Tally)
    points: int = 0
    scored: int = 0
    best: int | None = None

    def add(self, score: int | None, won: bool) -> None:
        """Count one game."""
        self.tally.games += 1
        self.tally.wins += int(won)
        if isinstance(score, int):
            self.points += score
            self.scored += 1
            self.best = score if self.best is None else max(self.best, score)

    def to_dict(self) -> dict[str, Any]:
        """As served."""
        average = round(self.points / self.scored, 1) if self.scored else None
        return {"games": self.tally.games, "wins": self.tally.wins, "average": average, "best": self.best}


@dataclass
class PlayerStats:
    """Everything counted for one player name."""

    name: str
    games: int = 0
    wins: int = 0
    kinds: dict[str, KindStats] = field(default_factory=dict)
    victories: Counter[str] = field(default_factory=Counter)
    wonders: Counter[str] = field(default_factory=Counter)
    bots: dict[str, Tally] = field(default_factory=dict)
    opponents: dict[str, Tally] = field(default_factory=dict)
    opponent_names: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """As served by ``/api/stats``."""
        return {
            "name": self.name, "games": self.games, "wins": self.wins,
            "kinds": {kind: s.to_dict() for kind, s in sorted(self.kinds.items())},
            "victories": dict(sorted(self.victories.items())),
            "wonders": [{"id": w, "games": n} for w, n in self.wonders.most_common(FAVOURITES)],
            "bots": {level: t.to_dict() for level, t in sorted(self.bots.items())},
            "opponents": [{"name": self.opponent_names[k], **t.to_dict()}
                          for k, t in sorted(self.opponents.items(), key=lambda kv: (-kv[1].games, kv[0]))],
        }


def player_stats(summaries: Iterable[dict[str, Any]]) -> dict[str, PlayerStats]:
    """Every named player's statistics, by :func:`name_key`, from game summaries newest first (a player
    is shown by the spelling of their newest game). Imported games and nameless seats are left out."""
    players: dict[str, PlayerStats] = {}
    for game in summaries:
        if game.get("imported"):
            continue
        winners = set(game.get("winners") or [])
        seats = game["seats"]
        for seat in seats:
            name = seat.get("name")
            if not name or seat.get("bot"):
                continue
            key = name_key(name)
            stats = players.setdefault(key, PlayerStats(name))
            won = seat["seat"] in winners
            stats.games += 1
            stats.wins += int(won)
            stats.kinds.setdefault(game["kind"], KindStats()).add(seat.get("score"), won)
            if won and game.get("victory"):
                stats.victories[game["victory"]] += 1
            stats.wonders.update(seat.get("wonders") or [])
            for other in seats:
                if other is seat:
                    continue
                other_won = other["seat"] in winners
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
                tally.games += 1
                tally.wins += int(won and not other_won)
                tally.losses += int(other_won and not won)
    return players


def stats_payload(summaries: Iterable[dict[str, Any]], name: str | None = None) -> dict[str, Any] | None:
    """``{"players": [...]}`` (most games first, bounded), or one player's ``{"player": ...}`` (``None``
    when that name played no game here)."""
    players = player_stats(summaries)
    if name is not None:
        found = players.get(name_key(name))
        return None if found is None else {"player": found.to_dict()}
    ranked = sorted(players.values(), key=lambda p: (-p.games, -p.wins, name_key(p.name)))
    return {"players": [p.to_dict() for p in ranked[:MAX_PLAYERS]]}
