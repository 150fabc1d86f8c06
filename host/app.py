"""The aiohttp application: pages, static files, QR codes, catalogs and the Socket.IO hub."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

import engine
from host.qr import qr_svg
from host.sockets import Hub
from host.store import Store
from host.tables import Tables

log = logging.getLogger("host.app")

WEB_DIST = Path(__file__).resolve().parent.parent / "web" / "dist"
NO_CACHE = {"Cache-Control": "no-cache"}
NOT_BUILT = "run make run to build the web pages"
SHUTDOWN_DRAIN = 0.5  # seconds to flush queued messages when the host stops

HUB = web.AppKey("hub", Hub)
TABLES = web.AppKey("tables", Tables)
STORE = web.AppKey("store", Store)
WEB_DIR = web.AppKey("web_dir", Path)
CATALOGS = web.AppKey("catalogs", dict)


def create_app(
    data_dir: str | Path,
    *,
    base_urls: list[str] | None = None,
    web_dir: str | Path | None = None,
    seed_source: Callable[[], int] | None = None,
) -> web.Application:
    """Build the host: tables restored from ``data_dir``, join links on ``base_urls`` (main one first).

    Without ``base_urls`` the links use the Host header of the first request or socket seen.
    ``seed_source`` draws each new table's seed (default: the OS's randomness; tests fix it).
    """
    store = Store(data_dir)
    tables = Tables(store, seed_source)
    restored = tables.restore_all()
    if restored:
        log.info("restored tables: %s", ", ".join(restored))
    hub = Hub(tables, base_urls)
    app = web.Application(middlewares=[_note_host])
    app[STORE], app[TABLES], app[HUB] = store, tables, hub
    app[WEB_DIR] = Path(web_dir) if web_dir is not None else WEB_DIST
    app[CATALOGS] = {}
    hub.sio.attach(app)
    app.router.add_get("/", _board_page)
    app.router.add_get("/board/{code}", _board_page)
    app.router.add_get("/t/{code}", _phone_page)
    app.router.add_get("/qr/{code}.svg", _qr)
    app.router.add_get("/catalog/{game}.json", _catalog)
    app.router.add_get("/static/{path:.+}", _static)
    app.on_shutdown.append(_on_shutdown)
    app.on_cleanup.append(_on_cleanup)
    return app


@web.middleware
async def _note_host(request: web.Request, handler: Any) -> web.StreamResponse:
    request.app[HUB].note_host(request.host)
    return await handler(request)


def _page(request: web.Request, name: str) -> web.StreamResponse:
    path = request.app[WEB_DIR] / name
    if not path.is_file():
        return web.Response(status=503, text=NOT_BUILT, headers=NO_CACHE)
    return web.FileResponse(path, headers=NO_CACHE)


async def _board_page(request: web.Request) -> web.StreamResponse:
    return _page(request, "board.html")


async def _phone_page(request: web.Request) -> web.StreamResponse:
    return _page(request, "phone.html")


async def _static(request: web.Request) -> web.StreamResponse:
    root = request.app[WEB_DIR].resolve()
    if not root.is_dir():
        return web.Response(status=503, text=NOT_BUILT, headers=NO_CACHE)
    path = (root / request.match_info["path"]).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers=NO_CACHE)


async def _qr(request: web.Request) -> web.Response:
    hub = request.app[HUB]
    table = hub.tables.tables.get(request.match_info["code"].upper())
    if table is None:
        raise web.HTTPNotFound(text="no such table")
    url = hub.table_payload(table)["join_url"]
    return web.Response(body=qr_svg(url), content_type="image/svg+xml", headers=NO_CACHE)


async def _catalog(request: web.Request) -> web.Response:
    game = request.match_info["game"]
    cache = request.app[CATALOGS]
    if game not in cache:
        try:
            cache[game] = json.dumps(engine.catalog(game))
        except (ValueError, ImportError):
            raise web.HTTPNotFound(text=f"no game {game!r}") from None
    return web.Response(text=cache[game], content_type="application/json")


async def _on_shutdown(app: web.Application) -> None:
    hub = app[HUB]
    if hub.sio.eio.sockets:  # eio.disconnect() with no sockets raises ValueError
        try:
            # A client that vanished mid-handshake leaves a socket whose goodbye never drains;
            # do not let it hold the shutdown (everything is already saved).
            await asyncio.wait_for(hub.sio.eio.disconnect(), SHUTDOWN_DRAIN)
        except TimeoutError:
            log.warning("some connections did not close cleanly at shutdown")
    try:
        await asyncio.wait_for(hub.drain(), SHUTDOWN_DRAIN)
    except TimeoutError:
        log.warning("some messages were not sent before shutdown")
    await hub.sio.shutdown()


async def _on_cleanup(app: web.Application) -> None:
    app[STORE].close()
