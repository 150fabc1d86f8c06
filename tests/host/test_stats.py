"""Players' statistics from hand-made game summaries of known results: games and wins by type, the
points-over-time series, head to head against names and bot levels (who finished ahead), favourite wonders
and their average points, and one player's games in the history."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from host import stats
from host.config import Limits
from host.history import Entry, History
from host.stats import placing, player_stats, stats_payload
from host.store import Store
from tests.host.test_history import finish, make


def seat(n: int, name: str | None, score: int | None, wonders: list[str],
         bot: str | None = None) -> dict[str, Any]:
    return {"seat": n, "name": name, "bot": bot, "wonders": wonders, "score": score}


def game(game_id: int, kind: str, seats: list[dict[str, Any]], winners: list[int],
         victory: str | None = "civilian", imported: bool = False) -> dict[str, Any]:
    return {"id": game_id, "ended": 1000.0 + game_id, "kind": kind, "seats": seats, "winners": winners,
            "victory": victory, "imported": imported}


# Oldest first here; the statistics read them newest first, as the history serves them.
GAMES = [
    game(1, "duel", [seat(0, "Ann", 60, ["the_pyramids", "the_colossus"]),
                     seat(1, "Bob", 50, ["piraeus", "the_sphinx"])], [0]),
    game(2, "duel", [seat(0, "Bob", 30, ["the_pyramids", "piraeus"]),
                     seat(1, "ann", 40, ["the_colossus", "the_sphinx"])],
         [0], victory="military"),  # Bob wins on military supremacy with fewer points
    game(3, "classic", [seat(0, "Ann", 55, ["rhodos"]), seat(1, "Bob", 48, ["giza"]),
                        seat(2, "Cy", 61, ["ephesos"]), seat(3, None, 40, ["babylon"], bot="hard")], [2]),
    game(4, "classic", [seat(0, "ANN", 50, ["rhodos"]), seat(1, None, 52, ["giza"], bot="easy"),
                        seat(2, None, 44, ["olympia"], bot="hard")], [1]),
    game(5, "classic", [seat(0, "Ann", 70, ["rhodos"]), seat(1, "Bob", 70, ["giza"]),
                        seat(2, None, 30, ["olympia"])],
         [0, 1]),  # a shared win, and a nameless seat (its name removed) that counts for nobody
    game(6, "duel", [seat(0, "Ann", 99, ["the_pyramids"]), seat(1, "Zed", 10, ["piraeus"])], [0],
         imported=True),
]


def newest_first() -> list[dict[str, Any]]:
    return list(reversed(GAMES))


def test_placing_puts_a_winner_ahead_then_the_higher_points() -> None:
    scores = {0: 30, 1: 40, 2: 40}
    assert placing(0, 1, {0}, scores) == 1  # a supremacy win with fewer points
    assert placing(1, 0, {0}, scores) == -1
    assert placing(1, 0, set(), scores) == 1 and placing(0, 1, set(), scores) == -1
    assert placing(1, 2, set(), scores) == 0 and placing(1, 2, {1, 2}, scores) == 0
    assert placing(0, 3, set(), scores) == 0  # no points known: level


def test_games_wins_and_points_by_type() -> None:
    ann = player_stats(newest_first())["ann"]
    assert ann.name == "Ann"  # as spelled in the newest game played here (game 6 is imported)
    assert (ann.games, ann.wins, ann.last) == (5, 2, 1005.0)
    assert ann.kinds["duel"].to_dict() == {"games": 2, "wins": 1, "average": 50.0, "best": 60}
    assert ann.kinds["classic"].to_dict() == {"games": 3, "wins": 1, "average": 58.3, "best": 70}
    assert dict(ann.victories) == {"civilian": 2}
    bob = player_stats(newest_first())["bob"]
    assert (bob.games, bob.wins, dict(bob.victories)) == (4, 2, {"military": 1, "civilian": 1})
    assert "zed" not in player_stats(newest_first())  # only imported games


def test_the_chart_series_is_each_types_games_oldest_first() -> None:
    page = stats_payload(newest_first(), "ANN")
    assert page is not None
    series = page["player"]["series"]
    assert series["duel"] == [{"game": 1, "ended": 1001.0, "score": 60, "won": True},
                              {"game": 2, "ended": 1002.0, "score": 40, "won": False}]
    assert [(p["game"], p["score"], p["won"]) for p in series["classic"]] == [(3, 55, False), (4, 50, False),
                                                                               (5, 70, True)]
    assert "series" not in stats_payload(newest_first())["players"][0]  # type: ignore[index]


def test_the_series_keeps_the_newest_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "SERIES_GAMES", 2)
    many = [game(n, "duel", [seat(0, "Ann", n, []), seat(1, "Bob", 0, [])], [0]) for n in range(1, 6)]
    page = stats_payload(reversed(many), "Ann")
    assert page is not None
    assert [p["game"] for p in page["player"]["series"]["duel"]] == [4, 5]
    assert page["player"]["kinds"]["duel"]["games"] == 5  # the counts keep every game


def test_head_to_head_against_names_and_bot_levels() -> None:
    ann = stats_payload(newest_first(), "Ann")["player"]  # type: ignore[index]
    opponents = {o["name"]: o for o in ann["opponents"]}
    # Bob: game 1 Ann ahead (won), game 2 behind (Bob's supremacy), game 3 ahead on points (55 > 48, Cy won),
    # game 5 level (both won).
    assert opponents["Bob"] == {"name": "Bob", "games": 4, "wins": 2, "losses": 1}
    assert opponents["Cy"] == {"name": "Cy", "games": 1, "wins": 0, "losses": 1}
    assert [o["name"] for o in ann["opponents"]] == ["Bob", "Cy"]  # most played first
    # hard: game 3 (55 > 40), game 4 (50 > 44, the easy bot won); easy: game 4, it won.
    assert ann["bots"] == {"easy": {"games": 1, "wins": 0, "losses": 1},
                           "hard": {"games": 2, "wins": 2, "losses": 0}}
    cy = stats_payload(newest_first(), "cy")["player"]  # type: ignore[index]
    assert {o["name"]: (o["wins"], o["losses"]) for o in cy["opponents"]} == {"Ann": (1, 0), "Bob": (1, 0)}


def test_favourite_wonders_with_their_average_points() -> None:
    ann = stats_payload(newest_first(), "Ann")["player"]  # type: ignore[index]
    assert ann["wonders"][0] == {"id": "rhodos", "games": 3, "wins": 1, "average": 58.3}
    # the_colossus: games 1 (60, won) and 2 (40); then the Duel wonders of one game each, most won first.
    assert ann["wonders"][1] == {"id": "the_colossus", "games": 2, "wins": 1, "average": 50.0}
    assert ann["wonders"][2] == {"id": "the_pyramids", "games": 1, "wins": 1, "average": 60.0}
    assert [w["id"] for w in ann["wonders"][3:]] == ["the_sphinx"]
    listed = next(p for p in stats_payload(newest_first())["players"] if p["name"] == "Ann")  # type: ignore[index]
    assert len(listed["wonders"]) == stats.FAVOURITES


def test_the_list_ranks_players_by_games_then_wins() -> None:
    players = stats_payload(newest_first())["players"]  # type: ignore[index]
    ranked = [(p["name"], p["games"], p["wins"]) for p in players]
    assert ranked == [("Ann", 5, 2), ("Bob", 4, 2), ("Cy", 1, 1)]
    assert stats_payload(newest_first(), "Zed") is None


def test_a_players_games_in_the_history(tmp_path: Path) -> None:
    history = History(Store(tmp_path), dataclasses.replace(Limits(), history_page=2))
    history.entries = {g["id"]: Entry(g["id"], g) for g in GAMES}
    page = history.page(1, name="aNN")
    assert (page["total"], page["pages"], [g["id"] for g in page["games"]]) == (5, 3, [5, 4])
    assert [g["id"] for g in history.page(3, name="ann")["games"]] == [1]
    assert [g["id"] for g in history.page(1, name="Cy")["games"]] == [3]
    assert history.page(1, name="Zed")["total"] == 0  # imported games are not a player's here
    assert history.page(1, name="hard")["total"] == 0  # a bot level is no player


async def test_the_player_page_over_http(aiohttp_client: Any, data_dir: Path) -> None:
    app = make(data_dir)
    client = await aiohttp_client(app)
    played = [await finish(app, names=("Ann", "Bob"), seed=n) for n in range(2)]
    await finish(app, names=("Cy", None), bots={1: "easy"}, seed=5)
    page = await (await client.get("/api/history?name=ann")).json()
    assert [g["code"] for g in page["games"]] == [t.code for t in reversed(played)]
    assert (await client.get("/api/history?name=")).status == 400
    assert (await client.get("/api/history?name=" + "x" * 65)).status == 400
    ann = (await (await client.get("/api/stats?name=Ann")).json())["player"]
    totals = [t.engine_game.result()["scores"][0]["total"] for t in played]
    assert [p["score"] for p in ann["series"]["duel"]] == totals
    assert all(len(w) == 4 and w["average"] is not None for w in ann["wonders"])


def test_one_players_statistics_alone_are_theirs_among_everyones() -> None:
    alone = player_stats(newest_first(), only="bob")
    assert list(alone) == ["bob"] and alone["bob"] == player_stats(newest_first())["bob"]
