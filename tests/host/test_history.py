"""The history of finished games: kept at the end, paged, pruned, surviving restarts, records, import
refusals, players' statistics and removing a name."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from engine.records import check_record
from host.app import TABLES, create_app
from host.config import HostConfig, Limits
from host.history import device_of
from host.historyweb import HISTORY
from host.model import Table
from host.store import DB_NAME

SMALL = HostConfig(limits=dataclasses.replace(Limits(), history_games=3, history_page=2))


async def finish(app: Any, kind: str = "duel", names: tuple[str | None, ...] = ("Ann", "Bob"),
                 bots: dict[int, str] | None = None, options: dict[str, Any] | None = None,
                 seed: int = 0) -> Table:
    """A table of ``kind`` played to its end with random legal moves through the host's tables."""
    tables = app[TABLES]
    table = await tables.create(kind, options=options, seats=len(names))
    for seat, level in (bots or {}).items():
        await tables.set_bot(table, seat, level)
    for seat, name in enumerate(names):
        if name is not None and seat not in (bots or {}):
            await tables.join(table, name, seat, token=None)
    await tables.start(table)
    pick = random.Random(seed)
    while not table.engine_game.is_over():
        game = table.engine_game
        seat = (game.waiting() or game.to_act())[0]
        await tables.act(table, table.seats[seat], pick.choice(game.legal_actions(seat)))
    return table


def make(data_dir: Path, config: HostConfig | None = None) -> Any:
    return create_app(data_dir, seed_source=itertools.count(1000).__next__, config=config)


async def test_a_finished_game_is_listed_with_its_result_and_its_record_replays(aiohttp_client, data_dir):
    app = make(data_dir)
    client = await aiohttp_client(app)
    table = await finish(app, bots={1: "easy"}, names=("Ann", None))
    page = await (await client.get("/api/history")).json()
    assert page["total"] == 1 and page["pages"] == 1 and page["page"] == 1
    game = page["games"][0]
    result = table.engine_game.result()
    assert game["kind"] == "duel" and game["code"] == table.code and not game["imported"]
    assert [s["name"] for s in game["seats"]] == ["Ann", None] and game["seats"][1]["bot"] == "easy"
    assert game["winners"] == result["winners"] and game["victory"] == result["victory"]
    assert [s["score"] for s in game["seats"]] == [p["total"] for p in result["scores"]]
    assert all(3 <= len(s["wonders"]) <= 4 for s in game["seats"]) and game["when"].endswith("+00:00")
    record = await (await client.get(f"/api/history/{game['id']}")).json()
    checked, replayed = check_record(record)
    assert checked.names == ["Ann", None] and replayed.result() == result
    text = json.dumps([page, record])
    assert table.board_key not in text and all(s.token is None or s.token not in text for s in table.seats)
    download = await client.get(f"/api/history/{game['id']}?download=1")
    assert "attachment" in download.headers["Content-Disposition"]
    mine = await (await client.get(f"/api/history?code={table.code.lower()}")).json()
    assert [g["id"] for g in mine["games"]] == [game["id"]]
    assert (await (await client.get("/api/history?code=ZZZZ")).json())["games"] == []
    assert (await client.get("/api/history?code=A1")).status == 400
    chart = await (await client.get(f"/api/history/{game['id']}/chart")).json()
    assert chart["points"][-1]["scores"] == result["scores"] and chart["ages"]["1"] > 0


async def test_only_finished_games_are_listed_and_unknown_ids_are_404(aiohttp_client, data_dir):
    app = make(data_dir)
    client = await aiohttp_client(app)
    tables = app[TABLES]
    table = await tables.create("duel")
    await tables.join(table, "Ann", 0)
    await tables.join(table, "Bob", 1)
    await tables.start(table)
    assert (await (await client.get("/api/history")).json())["total"] == 0
    for path in ("/api/history/1", "/api/history/x", "/api/history/99999999999999", "/api/history/1/chart"):
        assert (await client.get(path)).status == 404, path
    for page in ("0", "-1", "x", ""):
        assert (await client.get(f"/api/history?page={page}")).status == 400, page


async def test_history_is_paged_newest_first_pruned_and_survives_a_restart(aiohttp_client, data_dir):
    app = make(data_dir, SMALL)
    client = await aiohttp_client(app)
    codes = [(await finish(app, seed=n)).code for n in range(5)]
    first = await (await client.get("/api/history?page=1")).json()
    second = await (await client.get("/api/history?page=2")).json()
    assert first["total"] == 3 and first["pages"] == 2  # pruned to the newest 3
    listed = [g["code"] for g in first["games"] + second["games"]]
    assert listed == codes[::-1][:3]
    oldest_kept = min(g["id"] for g in first["games"] + second["games"])
    assert (await client.get(f"/api/history/{oldest_kept - 1}")).status == 404
    await client.close()
    again = await aiohttp_client(make(data_dir, SMALL))
    assert (await (await again.get("/api/history?page=1")).json())["games"] == first["games"]
    record = await (await again.get(f"/api/history/{first['games'][0]['id']}")).json()
    check_record(record)


async def test_a_game_the_host_stopped_before_keeping_is_kept_at_the_next_start(aiohttp_client, data_dir):
    app = make(data_dir)
    app[TABLES].on_finished = None  # as if the host stopped between the last move and the history row
    await aiohttp_client(app)
    table = await finish(app)
    assert app[HISTORY].newest() == []
    again = make(data_dir)
    client = await aiohttp_client(again)
    page = await (await client.get("/api/history")).json()
    assert [g["code"] for g in page["games"]] == [table.code]


async def test_a_record_is_imported_once_and_forged_ones_are_refused(aiohttp_client, data_dir, tmp_path):
    source = make(data_dir)
    await aiohttp_client(source)
    table = await finish(source, kind="classic", names=("Ann", "Bob", "Cy"))
    record = source[HISTORY].record(source[HISTORY].newest()[0].id)
    other = make(tmp_path / "other")
    client = await aiohttp_client(other)
    for forged, words in [
        ({**record, "result": {**record["result"], "winners": [9]}}, "result differs"),
        ({**record, "log": record["log"][:-2]}, "truncated"),
        ({**record, "digest": "1" * 64}, "digest differs"),
        ({k: v for k, v in record.items() if k != "log"}, "missing"),
        ([1, 2, 3], "not a game record"),
    ]:
        resp = await client.post("/api/history", json=forged)
        body = await resp.json()
        assert resp.status == 400 and words in body["message"] and body["error"] == "bad_request"
    resp = await client.post("/api/history", data=b"{not json")
    assert resp.status == 400
    huge = await client.post("/api/history", data=b" " * (Limits().record_bytes + 10))
    assert huge.status == 413
    assert (await (await client.get("/api/history")).json())["total"] == 0
    resp = await client.post("/api/history", json=copy.deepcopy(record))
    assert resp.status == 201
    game = (await (await client.get("/api/history")).json())["games"][0]
    assert game["imported"] and game["code"] is None
    assert game["winners"] == table.engine_game.result()["winners"]
    assert (await client.post("/api/history", json=record)).status == 400  # once
    stats = await (await client.get("/api/stats")).json()
    assert stats["players"] == []  # imported games are other hosts' players


async def test_statistics_by_player_name(aiohttp_client, data_dir):
    app = make(data_dir)
    client = await aiohttp_client(app)
    played = [await finish(app, names=("Ann", "Bob"), seed=n) for n in range(3)]
    played.append(await finish(app, names=("ann", None), bots={1: "hard"}, seed=7))
    stats = await (await client.get("/api/stats?name=ANN")).json()
    ann = stats["player"]
    wins = [0 in t.engine_game.result()["winners"] for t in played]
    totals = [t.engine_game.result()["scores"][0]["total"] for t in played]
    assert ann["games"] == 4 and ann["wins"] == sum(wins)
    assert ann["name"] == "ann"  # the newest spelling
    assert ann["kinds"]["duel"] == {"games": 4, "wins": sum(wins), "average": round(sum(totals) / 4, 1),
                                    "best": max(totals)}
    victories = [t.engine_game.result()["victory"] for t, won in zip(played, wins, strict=True) if won]
    assert ann["victories"] == {v: victories.count(v) for v in set(victories)}
    assert ann["bots"]["hard"]["games"] == 1 and ann["bots"]["hard"]["wins"] == int(wins[3])
    bob = next(o for o in ann["opponents"] if o["name"] == "Bob")
    bob_wins = sum(1 in t.engine_game.result()["winners"] and not w for t, w in zip(played[:3], wins[:3],
                                                                                      strict=True))
    assert bob["games"] == 3 and bob["losses"] == bob_wins
    assert ann["wonders"] and ann["wonders"][0]["games"] >= 1
    everyone = await (await client.get("/api/stats")).json()
    assert [p["name"] for p in everyone["players"]] == ["ann", "Bob"]
    assert (await client.get("/api/stats?name=Nobody")).status == 404


async def test_a_phone_removes_its_name_with_its_seat_tokens(aiohttp_client, data_dir):
    app = make(data_dir)
    client = await aiohttp_client(app)
    tables = app[TABLES]
    table = await finish(app, names=("Ann", "Bob"))
    ann_token = table.seats[0].token
    assert ann_token and device_of(ann_token) != ann_token
    for bad in ({}, {"tokens": []}, {"tokens": "x"}, {"tokens": [1]}, [1]):
        assert (await client.post("/api/history/forget", json=bad)).status == 400
    resp = await client.post("/api/history/forget", json={"tokens": ["not-a-token"]})
    assert (await resp.json())["removed"] == 0
    resp = await client.post("/api/history/forget", json={"tokens": [ann_token]})
    assert (await resp.json())["removed"] == 1
    game = (await (await client.get("/api/history")).json())["games"][0]
    assert [s["name"] for s in game["seats"]] == [None, "Bob"]
    record = await (await client.get(f"/api/history/{game['id']}")).json()
    assert record["names"] == [None, "Bob"] and check_record(record)
    assert (await client.get("/api/stats?name=Ann")).status == 404
    assert tables.tables[table.code].seats[0].name == "Ann"  # the table itself is untouched
    await client.close()
    again = await aiohttp_client(make(data_dir))
    game = (await (await again.get("/api/history")).json())["games"][0]
    assert [s["name"] for s in game["seats"]] == [None, "Bob"]


@pytest.mark.parametrize("options", [{}, {"cities": True}])
async def test_seven_seat_games_are_kept(aiohttp_client, data_dir, options):
    app = make(data_dir)
    client = await aiohttp_client(app)
    await finish(app, kind="classic", names=tuple(f"P{n}" for n in range(7)), options=options)
    game = (await (await client.get("/api/history")).json())["games"][0]
    assert len(game["seats"]) == 7 and game["options"] == options
    assert all(len(s["wonders"]) == 1 for s in game["seats"])
    check_record(await (await client.get(f"/api/history/{game['id']}")).json())


async def test_imports_make_room_among_imports_only(aiohttp_client, data_dir, tmp_path):
    source = make(tmp_path / "source")
    await aiohttp_client(source)
    records = []
    for n in range(3):
        await finish(source, seed=n)
        records.append(source[HISTORY].record(source[HISTORY].newest()[0].id))
    config = HostConfig(limits=dataclasses.replace(Limits(), history_games=3, history_imports=1))
    app = make(data_dir, config)
    client = await aiohttp_client(app)
    own = (await finish(app, seed=9)).code
    for record in records:
        assert (await client.post("/api/history", json=record)).status == 201
    games = (await (await client.get("/api/history")).json())["games"]
    assert [g["code"] for g in games if not g["imported"]] == [own]
    imported = [g for g in games if g["imported"]]
    assert len(imported) == 1
    assert imported[0]["seats"][0]["score"] == records[-1]["result"]["scores"][0]["total"]


async def test_a_damaged_history_row_is_left_out_and_never_overwritten(data_dir, caplog):
    """No silent data loss in the history either: a game whose summary cannot be read is logged and
    left out (its row kept as it is), and the next game gets an id of its own, never the damaged one's."""
    from host.app import STORE

    app = make(data_dir)
    await finish(app, seed=1)
    await finish(app, seed=2)
    app[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:
        damaged_id = db.execute("SELECT MAX(id) FROM history").fetchone()[0]
        db.execute("UPDATE history SET summary = '{not json' WHERE id = ?", (damaged_id,))
        before = db.execute("SELECT * FROM history WHERE id = ?", (damaged_id,)).fetchone()
    again = make(data_dir)
    assert any(f"history game {damaged_id} is damaged" in r.getMessage() for r in caplog.records)
    assert damaged_id not in again[HISTORY].entries
    table = await finish(again, seed=3)
    kept = [e for e in again[HISTORY].entries.values() if e.table == (table.code, table.created)]
    assert len(kept) == 1 and kept[0].id > damaged_id
    again[STORE].close()
    with sqlite3.connect(data_dir / DB_NAME) as db:
        assert db.execute("SELECT * FROM history WHERE id = ?", (damaged_id,)).fetchone() == before
