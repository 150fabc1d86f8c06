"""Game records: round trips for every kind, old save versions, refusals, the replay's timeline, the CLI."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.__main__ import main
from engine.records import (
    RECORD_FORMAT,
    Replay,
    check_record,
    make_record,
    read_record,
    record_from_save,
    seat_wonders,
)

HERE = Path(__file__).parent
DUEL_CASES = json.loads((HERE / "duel/fixtures/saves_v1.json").read_text())["cases"]
DUEL_V1 = {c["name"]: c["save"] for c in DUEL_CASES}
CLASSIC_F1: dict[str, Any] = json.loads((HERE / "classic/fixtures/format1_saves.json").read_text())
GAMES = {  # (kind, seats, options)
    "duel": ("duel", 2, {}),
    "classic-3": ("classic", 3, {}),
    "classic-7": ("classic", 7, {}),
    "cities-4": ("classic", 4, {"cities": True}),
    "free-city-2": ("classic", 2, {}),
    "teams-6": ("classic", 6, {"cities": True, "teams": True}),
}


def played(kind: str, seats: int, options: dict[str, Any], seed: int = 5) -> engine.Game:
    """A finished game of random legal actions through the public API."""
    game = engine.new_game(kind, seats=seats, seed=seed, options=copy.deepcopy(options))
    pick = random.Random(seed)
    while not game.is_over():
        seat = (game.waiting() or game.to_act())[0]
        game.apply(seat, pick.choice(game.legal_actions(seat)))
    return game


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    out = {}
    for name, (kind, seats, options) in GAMES.items():
        game = played(kind, seats, options)
        names: list[str | None] = [f"Player {n}" for n in range(seats)]
        bots: list[str | None] = [None] * seats
        bots[-1] = "hard"
        out[name] = make_record(game, seed=5, options=options, names=names, bots=bots, ended=1.5e9).to_dict()
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_survives_json_and_replays_to_its_result(records: dict[str, dict[str, Any]],
                                                          name: str) -> None:
    data = json.loads(json.dumps(records[name]))
    record, game = check_record(data)
    assert data["format"] == RECORD_FORMAT and record.to_dict() == data
    assert game.result() == data["result"] and game.is_over()
    assert record.names[0] == "Player 0" and record.bots[-1] == "hard" and record.ended == 1.5e9


def test_an_unfinished_game_has_no_record() -> None:
    game = engine.new_game("duel", seats=2, seed=1)
    with pytest.raises(ValueError, match="finished"):
        make_record(game, seed=1, options={})


@pytest.mark.parametrize(("save", "version"), [
    (DUEL_V1["finished"], 1), (DUEL_V1["fixed_setup"], 1), (CLASSIC_F1["four_seats_over"], 1)])
def test_a_record_of_an_older_save_version_still_replays(save: dict[str, Any], version: int) -> None:
    record = record_from_save(copy.deepcopy(save))
    assert record.version == version and record.log == save["log"]
    checked, game = check_record(json.loads(json.dumps(record.to_dict())))
    assert checked.version == version and game.result() == engine.restore(copy.deepcopy(save)).result()


def test_a_record_of_an_unfinished_old_save_is_refused() -> None:
    with pytest.raises(ValueError, match="finished"):
        record_from_save(copy.deepcopy(CLASSIC_F1["three_seats_mid_turn"]))


def _forged(data: dict[str, Any], change: str) -> dict[str, Any]:
    data = copy.deepcopy(data)
    if change == "result":
        data["result"]["scores"][0]["total"] += 10
    elif change == "winner":
        data["result"]["winners"] = [1 - data["result"]["winners"][0]]
    elif change == "digest":
        data["digest"] = "0" * 64
    elif change == "truncated":
        data["log"] = data["log"][:-3]
    elif change == "missing":
        del data["result"]
    elif change == "seed":
        data["seed"] += 1
    elif change == "illegal":
        data["log"][4][1] = {"type": "no_such_action"}
    elif change == "format":
        data["format"] = "something else"
    elif change == "version":
        data["version"] = 99
    elif change == "extra":
        data["secret"] = 1
    elif change == "names":
        data["names"] = ["only one"]
    return data


@pytest.mark.parametrize(("change", "message"), [
    ("result", "result differs"), ("winner", "result differs"), ("digest", "digest differs"),
    ("truncated", "truncated"), ("missing", "truncated: missing"), ("seed", "does not"),
    ("illegal", "does not replay"), ("format", "not a game record"), ("version", "version 99"),
    ("extra", "unexpected keys"), ("names", "'names'")])
def test_a_forged_or_damaged_record_is_refused_clearly(records: dict[str, dict[str, Any]], change: str,
                                                      message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_record(_forged(records["duel"], change))


def test_a_classic_record_with_another_log_is_refused(records: dict[str, dict[str, Any]]) -> None:
    data = copy.deepcopy(records["classic-3"])
    other = played("classic", 3, {}, seed=6)
    data["log"] = other.to_dict()["log"]
    with pytest.raises(ValueError, match="does not"):
        check_record(data)


def test_read_record_checks_only_the_shape(records: dict[str, dict[str, Any]]) -> None:
    assert read_record(_forged(records["duel"], "digest")).digest == "0" * 64
    with pytest.raises(ValueError):
        read_record([1, 2])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_replay_walks_every_step_and_charts_every_turn(records: dict[str, dict[str, Any]],
                                                          name: str) -> None:
    record, game = check_record(records[name])
    replay = Replay(record)
    assert replay.steps == len(record.log)
    end = replay.frame(replay.steps, hands=True)
    assert end["view"] == game.view(None)
    assert end["seat_views"] == [game.view(s, memory=False) for s in range(game.seats)]
    face_down = replay.frame(replay.steps // 3, hands=True)["face_down"]
    if record.kind == "duel":
        hidden = [s for s in replay.frame(replay.steps // 3)["view"]["structure"] if s["back"]]
        assert [f["slot"] for f in face_down] == [s["slot"] for s in hidden]
        assert all(f["card"] for f in face_down)
    else:
        assert face_down == []
    start = replay.frame(0)
    assert "last" not in start and start["view"]["phase"] != "over"
    middle = replay.steps // 2
    again = engine.new_game(record.kind, seats=record.seats, seed=record.seed, options=record.options)
    for seat, action in record.log[:middle]:
        again.apply(seat, action)
    frame = replay.frame(middle)
    assert frame["view"] == again.view(None) and frame["last"]["seat"] == record.log[middle - 1][0]
    chart = replay.chart()
    assert chart[-1].step == replay.steps and chart[-1].scores == game.result()["scores"]  # type: ignore[index]
    assert [p.step for p in chart] == sorted({p.step for p in chart})
    assert all(len(p.scores) == record.seats and "total" in p.scores[0] for p in chart)
    ages = replay.ages()
    assert max(ages) == 3 and list(ages.values()) == sorted(ages.values())


def test_a_classic_chart_has_one_point_per_turn(records: dict[str, dict[str, Any]]) -> None:
    record, _ = check_record(records["classic-3"])
    chart = Replay(record).chart()
    assert len(chart) == 18  # 3 Ages of 6 turns
    assert chart[0].scores[0]["total"] <= chart[-1].scores[0]["total"] + 20
    with pytest.raises(ValueError, match="0 to"):
        Replay(record).game_at(len(record.log) + 1)


def test_the_replay_command_checks_a_record(records: dict[str, dict[str, Any]], tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(records["cities-4"]))
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert "record holds" in out and "Player 0" in out and "(bot: hard)" in out and "winner" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_forged(records["cities-4"], "result")))
    assert main(["replay", str(bad)]) == 1
    refusal = "refused: game record does not match its replay: the replay's result differs"
    assert refusal in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert main(["replay", str(broken)]) == 1
    assert "cannot read the record" in capsys.readouterr().err


def test_each_seats_wonders_come_from_the_public_view() -> None:
    duel = played("duel", 2, {})
    wonders = seat_wonders(duel.view(None), 2)
    assert [len(w) for w in wonders] == [4, 4] and not set(wonders[0]) & set(wonders[1])
    two = engine.new_game("classic", seats=2, seed=3)  # the Free City has no seat
    boards = seat_wonders(two.view(None), 2)
    assert boards == [[c["board"]] for c in two.view(None)["cities"][:2]]
