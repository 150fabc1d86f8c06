"""A whole 7 Wonders Duel game played through the host by two headless phones."""

from __future__ import annotations

import asyncio
import json
import sqlite3

from host.app import TABLES
from host.store import DB_NAME
from host.tools import phone


async def test_two_headless_phones_play_a_whole_duel(server, data_dir):
    code = await phone.create_table(server.url, "duel")
    ann, bob = await asyncio.gather(
        phone.play_game(server.url, code, "Ann", seed=1), phone.play_game(server.url, code, "Bob", seed=2)
    )
    assert ann == bob
    table = server.app[TABLES].tables[code]
    game = table.engine_game
    assert table.state == "over" and game.is_over()
    assert ann == json.loads(json.dumps(game.result()))
    assert set(ann["winners"]) <= {0, 1} and ann["winners"]
    assert ann["victory"] in ("military", "science", "civilian")
    with sqlite3.connect(data_dir / DB_NAME) as db:
        rows = db.execute("SELECT seat, action FROM actions WHERE code = ? ORDER BY step", (code,)).fetchall()
        state = db.execute("SELECT state FROM tables WHERE code = ?", (code,)).fetchone()[0]
    assert [[seat, json.loads(action)] for seat, action in rows] == game.action_log
    assert state == "over"
