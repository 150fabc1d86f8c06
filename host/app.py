"""The aiohttp application: pages, static files, QR codes, catalogs and the Socket.IO hub."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

import engine
from host.appicon import ICON_SIZES, ICON_TYPE, MANIFEST_TYPE, icon_png, manifest
from host.config import HostConfig, is_loopback
from host.history import History, keep_finished
from host.historyweb import HISTORY, add_history_routes
from host.qr import qr_svg
from host.sockets import Hub
from host.store import Store
from host.tables import Tables

log = logging.getLogger("host.app")

HOST_DIR = Path(__file__).resolve().parent
PACKAGE_PAGES = HOST_DIR / "pages"  # the built pages inside the installed package (setup.py puts them)
CHECKOUT_PAGES = HOST_DIR.parent / "web" / "dist"  # the built pages of a checkout (`make web`)
NO_CACHE = {"Cache-Control": "no-cache"}
NOT_BUILT = "run make run to build the web pages"
SHUTDOWN_DRAIN = 0.5  # seconds to flush queued messages when the host stops
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})

HUB = web.AppKey("hub", Hub)
TABLES = web.AppKey("tables", Tables)
STORE = web.AppKey("store", Store)
WEB_DIR = web.AppKey("web_dir", Path)
CATALOGS = web.AppKey("catalogs", dict)
HOST_NAMES = web.AppKey("host_names", frozenset[str])


def web_dist() -> Path:
    """Where the built pages are: inside the package when it was installed from the wheel, else beside the
    code in a checkout (``web/dist``)."""
    return PACKAGE_PAGES if (PACKAGE_PAGES / "board.html").is_file() else CHECKOUT_PAGES


def host_names(base_urls: Iterable[str], allow_hosts: Iterable[str]) -> frozenset[str]:
    """The names a request's Host header may use: loopback, the LAN addresses, ``--allow-host`` names."""
    names = set(LOOPBACK_NAMES)
    for url in base_urls:
        hostname = urlsplit(url).hostname
        if hostname:
            names.add(hostname.lower())
    names.update(name.strip().lower().rstrip(".") for name in allow_hosts if name.strip())
    return frozenset(names)


def name_of(host_header: str) -> str:
    """The host name of a Host header, without its port, lower case."""
    host = host_header.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") == 1 else host.rstrip(".")


def create_app(
    data_dir: str | Path,
    *,
    base_urls: list[str] | None = None,
    web_dir: str | Path | None = None,
    seed_source: Callable[[], int] | None = None,
    config: HostConfig | None = None,
) -> web.Application:
    """Build the host: tables restored from ``data_dir``, join links on ``base_urls`` (main one first).

    Without ``base_urls`` the links use the Host header of the first request or socket seen.
    ``seed_source`` draws each new table's seed (default: the OS's randomness; tests fix it).
    ``config``: trust settings and limits (default: :class:`HostConfig`).
    Raises :class:`host.store.StoreError` when the data folder cannot be used.
    """
    config = config or HostConfig()
    store = Store(data_dir)
    tables = Tables(store, seed_source, config)
    restored = tables.restore_all()
    if restored:
        log.info("restored tables: %s", ", ".join(restored))
    history = History(store, config.limits)
    tables.on_finished = history.add_table
    hub = Hub(tables, history, base_urls, config)
    app = web.Application(middlewares=[_check_host])
    app[STORE], app[TABLES], app[HUB] = store, tables, hub
    app[WEB_DIR] = Path(web_dir) if web_dir is not None else web_dist()
    app[CATALOGS] = {}
    app[HOST_NAMES] = host_names(base_urls or [], config.allow_hosts)
    hub.sio.attach(app)
    app.router.add_get("/", _board_page)
    app.router.add_get("/board/{code}", _board_page)
    app.router.add_get("/t/{code}", _phone_page)
    app.router.add_get("/setup", _phone_page)
    app.router.add_get("/setup/{secret}", _phone_page)
    app.router.add_get("/qr/host.svg", _qr_host)
    app.router.add_get("/qr/setup/{secret}.svg", _qr_setup)
    app.router.add_get("/qr/{code}.svg", _qr)
    app.router.add_get("/catalog/{game}.json", _catalog)
    app.router.add_get("/specs.json", _specs)
    app.router.add_get("/static/{path:.+}", _static)
    app.router.add_get("/manifest.webmanifest", _manifest)
    app.router.add_get("/t/{code}/manifest.webmanifest", _manifest)
    app.router.add_get(r"/icon-{size:[1-9]\d*}.png", _icon)
    add_history_routes(app, history)
    app.on_startup.append(_on_startup)
    app.on_shutdown.append(_on_shutdown)
    app.on_cleanup.append(_on_cleanup)
    return app


@web.middleware
async def _check_host(request: web.Request, handler: Any) -> web.StreamResponse:
    """Refuse requests that name the host by a name it does not serve (DNS rebinding)."""
    header = request.headers.get("Host", "")
    name = name_of(header)
    names: frozenset[str] = request.app[HOST_NAMES]
    if not header or (name not in names and not is_loopback(name.strip("[]"))):
        served = ", ".join(sorted(names))
        return web.Response(status=403, headers=NO_CACHE, text=(
            f"this host does not answer to the name {header[:80]!r}; it answers to: {served}. "
            f"Open it by one of those, or start it with --allow-host NAME."))
    request.app[HUB].note_host(header)
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
    name = request.match_info["path"]
    if "\x00" in name:
        raise web.HTTPNotFound()
    try:
        path = (root / name).resolve()
    except (OSError, ValueError):
        raise web.HTTPNotFound() from None
    if not path.is_relative_to(root) or not path.is_file():
        raise web.HTTPNotFound()
    return web.FileResponse(path, headers=NO_CACHE)


CODE_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,16}")
ICON_CACHE = {"Cache-Control": "max-age=86400"}


async def _manifest(request: web.Request) -> web.Response:
    """The web app manifest: a table's (``/t/CODE/manifest.webmanifest``, the app starts at its page) or the
    host's. Any well-formed code has one: the page itself says whether the table exists."""
    code = request.match_info.get("code")
    if code is not None and not CODE_SHAPE.fullmatch(code):
        raise web.HTTPNotFound()
    return web.Response(text=json.dumps(manifest(code.upper() if code else None)), content_type=MANIFEST_TYPE,
                        headers=NO_CACHE)


async def _icon(request: web.Request) -> web.Response:
    """The app's icon (host/appicon.py) at one of its sizes."""
    size = int(request.match_info["size"])
    if size not in ICON_SIZES:
        raise web.HTTPNotFound()
    return web.Response(body=icon_png(size), content_type=ICON_TYPE, headers=ICON_CACHE)


async def _qr(request: web.Request) -> web.Response:
    hub = request.app[HUB]
    table = hub.tables.tables.get(request.match_info["code"].upper())
    if table is None:
        raise web.HTTPNotFound(text="no such table")
    url = hub.table_payload(table)["join_url"]
    return web.Response(body=qr_svg(url), content_type="image/svg+xml", headers=NO_CACHE)


SECRET_SHAPE = re.compile(r"[A-Za-z0-9_-]{8,64}")


async def _qr_host(request: web.Request) -> web.Response:
    """The QR code of the host's own address on the LAN: a phone opening it lists the tables to join."""
    bases = request.app[HUB].base_urls or [f"http://{request.host}"]
    return web.Response(body=qr_svg(f"{bases[0]}/"), content_type="image/svg+xml", headers=NO_CACHE)


async def _qr_setup(request: web.Request) -> web.Response:
    """The QR code of a set-up address ``/setup/<secret>``. Drawn for any well-formed secret, live or not,
    so the answer says nothing about which secrets exist; only the TV is ever told one."""
    secret = request.match_info["secret"]
    if not SECRET_SHAPE.fullmatch(secret):
        raise web.HTTPNotFound()
    bases = request.app[HUB].base_urls or [f"http://{request.host}"]
    return web.Response(body=qr_svg(f"{bases[0]}/setup/{secret}"), content_type="image/svg+xml",
                        headers={**NO_CACHE, "Referrer-Policy": "no-referrer"})


def specs_for_clients() -> dict[str, Any]:
    """Every game kind's declared facts a client may know: title, seat range, turn style and the options a
    player picks (testing and private options left out)."""
    out: dict[str, Any] = {}
    for kind in engine.kinds():
        declared = engine.spec(kind)
        out[kind] = {
            "title": declared.title, "min_seats": declared.min_seats, "max_seats": declared.max_seats,
            "default_seats": declared.default_seats, "simultaneous": declared.simultaneous,
            "options": [{"name": o.name, "type": o.type, "default": o.default,
                         "allowed": None if o.allowed is None else list(o.allowed)}
                        for o in declared.options if o.public and not o.testing],
        }
    return out


_SPECS_JSON = json.dumps(specs_for_clients())


async def _specs(request: web.Request) -> web.Response:
    return web.Response(text=_SPECS_JSON, content_type="application/json")


def _widest_options(game: str) -> dict[str, Any]:
    """Every public on/off option of ``game`` switched on: the catalog then holds every card any table of
    that game may use (e.g. the Cities cards and boards), and one cached file serves every table."""
    options = engine.spec(game).options
    return {o.name: True for o in options if o.type == "bool" and o.public and not o.testing}


async def _catalog(request: web.Request) -> web.Response:
    game = request.match_info["game"]
    cache = request.app[CATALOGS]
    if game not in cache:
        try:
            cache[game] = json.dumps(engine.catalog(game, _widest_options(game)))
        except (ValueError, ImportError):
            raise web.HTTPNotFound(text=f"no game {game!r}") from None
    return web.Response(text=cache[game], content_type="application/json")


async def _on_startup(app: web.Application) -> None:
    hub = app[HUB]
    hub.sweeper = asyncio.create_task(hub.run_sweeper())
    for table in await hub.tables.start_due():  # full autostart tables left in the lobby by a stop
        table.autoplay.shown_at = time.monotonic()
    for table in list(hub.tables.tables.values()):  # restored games: pending bot moves resume, clocks run
        hub.autoplay.refresh(table)
    await keep_finished(app[HISTORY], hub.tables.tables.values())
    # Everything loaded so far (the libraries, the engine's card data, the restored tables) lives as
    # long as the host: keep it out of the garbage collector's full passes, which would otherwise stop
    # every table for tens of milliseconds now and then.
    gc.freeze()


async def _on_shutdown(app: web.Application) -> None:
    """Stop the sweeper, refuse new events, close every socket, flush queued messages. Each step is
    bounded and a failing step is logged in one line: stopping never crashes."""
    hub = app[HUB]
    hub.closing = True
    if hub.sweeper is not None:
        hub.sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await hub.sweeper
    try:  # bots stop thinking at once: their workers are killed, their moves dropped (never half-played)
        await asyncio.wait_for(hub.autoplay.close(), SHUTDOWN_DRAIN)
    except Exception as exc:
        log.warning("stopping the bots failed: %r", exc)
    # A snapshot of the sockets (they may leave while we close them), all closed at once, bounded: a
    # client that vanished mid-handshake leaves a socket whose goodbye never drains, and must not hold
    # the shutdown (everything is already saved).
    closing = [asyncio.ensure_future(hub.sio.eio.disconnect(sid)) for sid in list(hub.sio.eio.sockets)]
    if closing:
        done, pending = await asyncio.wait(closing, timeout=SHUTDOWN_DRAIN)
        for task in pending:
            task.cancel()
        if pending:
            log.warning("%d connections did not close cleanly at shutdown", len(pending))
        failed = [t.exception() for t in done if not t.cancelled() and t.exception() is not None]
        if failed:
            log.warning("closing %d connections at shutdown failed: %r", len(failed), failed[0])
    try:
        await asyncio.wait_for(hub.drain(), SHUTDOWN_DRAIN)
    except TimeoutError:
        log.warning("some messages were not sent before shutdown")
    except Exception as exc:
        log.warning("flushing messages at shutdown failed: %r", exc)
    try:
        await hub.sio.shutdown()
    except Exception as exc:
        log.warning("stopping Socket.IO failed: %r", exc)


async def _on_cleanup(app: web.Application) -> None:
    # The writer may still finish a commit a cancelled handler waits for; then the WAL is folded in.
    await asyncio.get_running_loop().run_in_executor(None, app[STORE].close)
