"""HTTP routes of the history: ``/api/history`` (pages, of one table's or one player's games; one game's
record, its chart, import, removing a name) and ``/api/stats`` (every player's statistics, or one player's
page with ``?name=``). Answers are JSON; errors are ``{"error", "message"}``."""

from __future__ import annotations

import json
import time
from typing import Any

from aiohttp import web

from engine.records import Replay, read_record
from host.errors import CODES, HostError
from host.history import History
from host.stats import stats_payload

HISTORY = web.AppKey("history", History)
NO_STORE = {"Cache-Control": "no-store"}
MAX_NAME = 64  # characters of a player's name in a query (names are at most 24)
MAX_TOKENS = 200  # seat tokens one request may name (a phone keeps one per table it played at)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(text=json.dumps(data), status=status, content_type="application/json",
                        headers={**NO_STORE, **(headers or {})})


def _refusal(status: int, error: str, message: str) -> web.Response:
    assert error in CODES, error
    return _json({"error": error, "message": message}, status)


def _game_id(request: web.Request) -> int | None:
    raw = request.match_info["id"]
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


async def _page(request: web.Request) -> web.Response:
    raw = request.query.get("page", "1")
    if not raw.isdigit() or not 1 <= int(raw) <= 10**6:
        return _refusal(400, "bad_request", "'page' must be a whole number from 1")
    code = request.query.get("code")
    if code is not None and not (code.isalpha() and len(code) <= 16):
        return _refusal(400, "bad_request", "'code' must be a table code")
    name = request.query.get("name")
    if name is not None and not 0 < len(name) <= MAX_NAME:
        return _refusal(400, "bad_request", f"'name' must be 1 to {MAX_NAME} characters")
    return _json(request.app[HISTORY].page(int(raw), None if code is None else code.upper(), name))


async def _record(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    data = None if game_id is None else request.app[HISTORY].record(game_id)
    if data is None:
        return _refusal(404, "no_game", "no such game in the history")
    headers = {}
    if request.query.get("download"):
        headers["Content-Disposition"] = f'attachment; filename="wonders-{data["kind"]}-{game_id}.json"'
    return _json(data, headers=headers)


def chart_payload(data: dict[str, Any]) -> dict[str, Any]:
    """A record's score chart (each seat's pad at the end of each turn), its Ages' first steps, and who
    sat where."""
    replay = Replay(read_record(data))
    return {"kind": data["kind"], "steps": replay.steps, "names": data["names"], "bots": data["bots"],
            "ages": {str(age): step for age, step in replay.ages().items()},
            "points": [p.to_dict() for p in replay.chart()]}


async def _chart(request: web.Request) -> web.Response:
    game_id = _game_id(request)
    data = None if game_id is None else request.app[HISTORY].record(game_id)
    if data is None:
        return _refusal(404, "no_game", "no such game in the history")
    return _json(chart_payload(data))


async def _body(request: web.Request, limit: int) -> Any:
    if request.content_length is not None and request.content_length > limit:
        raise HostError("too_large", f"at most {limit} bytes are accepted")
    raw = await request.content.read(limit + 1)
    if len(raw) > limit:
        raise HostError("too_large", f"at most {limit} bytes are accepted")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HostError("bad_request", "the body must be JSON") from None


async def _import(request: web.Request) -> web.Response:
    history = request.app[HISTORY]
    try:
        data = await _body(request, history.limits.record_bytes)
        game_id = await history.import_record(data, time.time())
    except HostError as exc:
        return _refusal(413 if exc.code == "too_large" else 400, exc.code, exc.message)
    return _json({"id": game_id}, 201)


async def _forget(request: web.Request) -> web.Response:
    """A phone removes its player's name from every game one of its seat tokens played."""
    try:
        data = await _body(request, 64 * 1024)
    except HostError as exc:
        return _refusal(400, exc.code, exc.message)
    tokens = data.get("tokens") if isinstance(data, dict) else None
    if (not isinstance(tokens, list) or not 0 < len(tokens) <= MAX_TOKENS
            or not all(isinstance(t, str) and 0 < len(t) <= 64 for t in tokens)):
        return _refusal(400, "bad_request", f"'tokens' must be a list of 1 to {MAX_TOKENS} seat tokens")
    return _json({"removed": await request.app[HISTORY].forget(tokens)})


async def _stats(request: web.Request) -> web.Response:
    name = request.query.get("name")
    if name is not None and not 0 < len(name) <= MAX_NAME:
        return _refusal(400, "bad_request", f"'name' must be 1 to {MAX_NAME} characters")
    payload = stats_payload((e.summary for e in request.app[HISTORY].newest()), name)
    if payload is None:
        return _refusal(404, "no_player", "nobody of that name finished a game on this host")
    return _json(payload)


def add_history_routes(app: web.Application, history: History) -> None:
    """Serve ``history`` under ``/api/history`` and ``/api/stats``."""
    app[HISTORY] = history
    app.router.add_get("/api/history", _page)
    app.router.add_post("/api/history", _import)
    app.router.add_post("/api/history/forget", _forget)
    app.router.add_get("/api/history/{id}", _record)
    app.router.add_get("/api/history/{id}/chart", _chart)
    app.router.add_get("/api/stats", _stats)
