"""The arena: lineups and rotation, share arithmetic with split ties, intervals, and the command line."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.bots.arena import (
    ArenaPlan,
    PlayedGame,
    lineup_of,
    percentile,
    play_all,
    summarise,
    wilson_interval,
)


def test_lineups_fill_extra_seats_with_the_last_bot() -> None:
    assert lineup_of(["easy", "random"], None) == ("easy", "random")
    assert lineup_of(["hard", "easy"], 4) == ("hard", "easy", "easy", "easy")
    with pytest.raises(ValueError, match="2 bots listed for 1 seats"):
        lineup_of(["easy", "random"], 1)
    with pytest.raises(ValueError, match="unknown bot"):
        lineup_of(["easy", "genius"], None)


def test_seats_rotate_and_each_deal_is_played_from_every_seat() -> None:
    plan = ArenaPlan("classic", ("hard", "easy", "easy"), games=6, seed=3)
    lineups = [plan.game_lineup(n) for n in range(6)]
    assert [lineup.index("hard") for lineup in lineups] == [0, 1, 2, 0, 1, 2]
    seeds = [plan.game_seed(n) for n in range(6)]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]


def game(lineup: tuple[str, ...], shares: list[float], times: list[list[float]] | None = None) -> PlayedGame:
    return PlayedGame(lineup, shares, times or [[0.001] for _ in lineup])


def test_ties_split_a_win_and_shares_count_every_seat_of_a_bot() -> None:
    plan = ArenaPlan("duel", ("easy", "random"), games=4)
    played = [game(("easy", "random"), [1.0, 0.0]), game(("random", "easy"), [0.5, 0.5]),
              game(("easy", "random"), [0.5, 0.5]), game(("random", "easy"), [1.0, 0.0])]
    summary = summarise(plan, played)
    assert summary["kind"] == "duel" and summary["games"] == 4
    easy, rand = summary["by_bot"]["easy"], summary["by_bot"]["random"]
    assert (easy["seats"], easy["games"], easy["wins"], easy["share"]) == (1, 4, 2.0, 0.5)
    assert (rand["wins"], rand["share"]) == (2.0, 0.5)
    plan = ArenaPlan("classic", ("hard", "easy", "easy"), games=2)
    played = [game(("hard", "easy", "easy"), [0.0, 0.5, 0.5]),
              game(("easy", "hard", "easy"), [0.0, 1.0, 0.0])]
    by_bot = summarise(plan, played)["by_bot"]
    assert by_bot["hard"]["wins"] == 1.0 and by_bot["hard"]["share"] == 0.5
    assert by_bot["easy"]["seats"] == 2 and by_bot["easy"]["wins"] == 1.0 and by_bot["easy"]["share"] == 0.25


def test_decision_times_are_reported_in_milliseconds() -> None:
    plan = ArenaPlan("duel", ("easy", "random"), games=1)
    times = [[0.001 * k for k in range(1, 101)], [0.5]]
    row = summarise(plan, [game(("easy", "random"), [1.0, 0.0], times)])["by_bot"]["easy"]
    assert row["decision_ms"] == {"median": 50.0, "p95": 95.0, "max": 100.0} and row["decisions"] == 100


def test_percentiles_and_intervals() -> None:
    assert percentile([], 0.5) == 0.0 and percentile([3.0], 0.95) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.0
    low, high = wilson_interval(0.5, 400)
    assert abs(low - 0.451) < 0.002 and abs(high - 0.549) < 0.002
    low, high = wilson_interval(1.0, 50)
    assert 0.92 < low < 0.94 and abs(high - 1.0) < 1e-9
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_parallel_games_give_the_same_results_as_one_process() -> None:
    plan = ArenaPlan("duel", ("easy", "random"), games=6, seed=1)
    alone = play_all(plan)
    together = play_all(ArenaPlan("duel", ("easy", "random"), games=6, seed=1, jobs=2))
    assert [g.shares for g in alone] == [g.shares for g in together]
    assert [g.lineup for g in alone] == [g.lineup for g in together]


def test_the_command_ends_with_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "classic", "--bots", "easy,random", "--seats", "3", "--games", "3",
                 "--options", '{"sides": "A"}', "--seed", "2", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(lines[-1])
    assert "share" in lines[1] and "95%" in lines[1]
    assert summary["kind"] == "classic" and summary["games"] == 3 and summary["options"] == {"sides": "A"}
    easy, rand = summary["by_bot"]["easy"], summary["by_bot"]["random"]
    assert (easy["seats"], rand["seats"]) == (1, 2)
    assert abs(easy["wins"] + rand["wins"] - 3) < 1e-9
    assert abs(easy["share"] - easy["wins"] / 3) < 1e-3 and abs(rand["share"] - rand["wins"] / 6) < 1e-3
    assert set(easy["decision_ms"]) == {"median", "p95", "max"}


@pytest.mark.parametrize("args,message", [
    (["arena", "duel", "--bots", "easy,random,random"], "for exactly 2 seats, not 3"),
    (["arena", "classic", "--bots", "easy,random", "--seats", "8"], "for 2 to 7 seats, not 8"),
    (["arena", "duel", "--bots", "easy,wizard"], "unknown bot"),
    (["arena", "duel", "--bots", "easy,random", "--options", "[1]"], "JSON object"),
    (["arena", "duel", "--bots", "easy,random", "--options", "{"], "not valid JSON"),
    (["arena", "chess", "--bots", "easy,random"], "unknown game kind"),
    (["arena", "duel", "--bots", "easy,random", "--games", "0"], "at least 1"),
])
def test_bad_arguments_are_explained(args: list[str], message: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_an_iteration_cap_makes_searching_games_the_same_on_any_machine() -> None:
    plan = ArenaPlan("duel", ("medium", "easy"), games=2, seed=5, iterations=2)
    limit = plan.thinking_limit()
    assert limit.iterations == 2 and limit.seconds == float("inf") and limit.clock is not None
    first, again = play_all(plan), play_all(plan)
    assert [g.shares for g in first] == [g.shares for g in again]
    assert all(len(times) > 10 for game in first for times in game.decision_seconds)  # still timed
    assert summarise(plan, first)["iterations"] == 2


def test_the_iteration_cap_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "duel", "--bots", "easy,random", "--iterations", "0"]) == 2
    assert "--iterations must be at least 1" in capsys.readouterr().err
