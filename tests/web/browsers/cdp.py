"""Chromium over the DevTools protocol, spoken directly (JSON over one websocket, aiohttp's client): today's
Debian chromium and the old Chromium 80 / 92 of the npm packages ``chrome-aws-lambda`` (Playwright and
today's Puppeteer no longer speak to Chromium 80).

One browser process per engine; each tab is a browser context of its own (its own cookies and storage)
with one page, attached as a flattened session on the browser's websocket."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import tempfile
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

from tests.web.browsers.base import BrowserError, Size
from tests.web.browsers.common import SETTLE_JS, focus, remove_tree, stop_process, tap_point

# The flags of the browser tests (tests/web/conftest.py's CHROMIUM_ARGS), for every Chromium of the matrix.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
LAUNCH_TIMEOUT = 30.0
CALL_TIMEOUT = 30.0
LOAD_TIMEOUT = 30.0
PHONE_SCALE = 2  # device pixels per CSS pixel of an emulated phone
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")
# Runtime.evaluate fails this way while a navigation swaps the page's document: worth another try.
CONTEXT_GONE = ("Execution context was destroyed", "Cannot find default execution context",
                "Cannot find context with specified id", "Inspected target navigated or closed")


class Connection:
    """The browser's DevTools websocket: calls by id, events to the listeners of their session."""

    def __init__(self, name: str, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.name, self.http, self.ws = name, http, ws
        self.ids = itertools.count(1)
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.listeners: dict[str, list[Callable[[str, dict[str, Any]], None]]] = {}
        self.closed: str | None = None
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, name: str, url: str) -> Connection:
        http = aiohttp.ClientSession()
        try:
            ws = await http.ws_connect(url, max_msg_size=0, heartbeat=None)
        except BaseException:
            await http.close()
            raise
        return cls(name, http, ws)

    async def read(self) -> None:
        try:
            async for msg in self.ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                if "id" in data:
                    future = self.pending.pop(data["id"], None)
                    if future is not None and not future.done():
                        if "error" in data:
                            error = data["error"]
                            future.set_exception(BrowserError(f"{self.name}: {error.get('message')} "
                                                              f"{error.get('data', '')}".rstrip()))
                        else:
                            future.set_result(data.get("result", {}))
                else:
                    for listener in list(self.listeners.get(data.get("sessionId", ""), ())):
                        listener(data["method"], data.get("params", {}))
        finally:
            self.closed = "the DevTools connection closed"
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(BrowserError(f"{self.name}: {self.closed}"))
            self.pending.clear()

    async def call(self, method: str, params: dict[str, Any] | None = None, session: str = "",
                   timeout: float = CALL_TIMEOUT) -> dict[str, Any]:
        """Send one command (to the browser, or to the page of ``session``) and return its result."""
        if self.closed:
            raise BrowserError(f"{self.name}: {method}: {self.closed}")
        ident = next(self.ids)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[ident] = future
        await self.ws.send_str(json.dumps(message))
        try:
            result: dict[str, Any] = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise BrowserError(f"{self.name}: {method}: no answer in {timeout} s") from None
        finally:
            self.pending.pop(ident, None)
        return result

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.reader


def describe(obj: dict[str, Any]) -> str:
    """A console argument (a Runtime.RemoteObject) as text."""
    if "value" in obj:
        value = obj["value"]
        return value if isinstance(value, str) else json.dumps(value)
    return str(obj.get("description") or obj.get("unserializableValue") or obj.get("type", "?"))


class CdpTab:
    """One page in a browser context of its own."""

    def __init__(self, engine: CdpEngine, context: str, target: str, session: str, size: Size) -> None:
        self.engine = engine.name
        self.browser, self.conn = engine, engine.conn
        self.context, self.target, self.session, self.size = context, target, session, size
        self.url = "about:blank"
        self.loads: dict[str, asyncio.Future[None]] = {}  # by loader (one per document): its load event
        self.problems: list[str] = []
        self.closed = False
        engine.conn.listeners[session] = [self.on_event]

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            exception = details.get("exception") or {}
            text = exception.get("description") or details.get("text", "exception")
            self.problems.append(f"{details.get('url') or self.url}: {text}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            args = " ".join(describe(arg) for arg in params.get("args", []))
            self.problems.append(f"{self.url}: console: {args}")
        elif method == "Page.frameNavigated" and not params.get("frame", {}).get("parentId"):
            self.url = params["frame"].get("url", self.url)  # also when the page navigated by itself
        elif method == "Page.lifecycleEvent" and params.get("name") == "load":
            future = self.load(params["loaderId"])
            if not future.done():
                future.set_result(None)

    def load(self, loader: str) -> asyncio.Future[None]:
        """The load event of the document of ``loader`` (it may come before Page.navigate answers)."""
        if loader not in self.loads:
            self.loads[loader] = asyncio.get_running_loop().create_future()
        return self.loads[loader]

    async def cdp(self, method: str, **params: Any) -> dict[str, Any]:
        """Any DevTools command on this page (e.g. ``await tab.cdp("Performance.getMetrics")``)."""
        return await self.conn.call(method, params, self.session)

    async def set_cpu_throttling(self, rate: float) -> None:
        """Slow the page's CPU down ``rate`` times (1 = no throttling), as an old TV would be."""
        await self.cdp("Emulation.setCPUThrottlingRate", rate=rate)

    async def goto(self, url: str) -> None:
        result = await self.cdp("Page.navigate", url=url)
        if result.get("errorText"):
            raise BrowserError(f"{self.engine}: cannot open {url}: {result['errorText']}")
        self.url = url
        loader = result.get("loaderId")
        if loader:  # else a same-document navigation (only the #hash changed)
            try:
                await asyncio.wait_for(asyncio.shield(self.load(loader)), LOAD_TIMEOUT)
            except TimeoutError:
                raise BrowserError(f"{self.engine}: {url} did not load in {LOAD_TIMEOUT} s") from None
            self.loads.clear()

    async def evaluate(self, function: str, *args: Any) -> Any:
        expression = f"({function}).apply(null, {json.dumps(list(args))})"
        for attempt in itertools.count():
            try:
                result = await self.cdp("Runtime.evaluate", expression=expression, returnByValue=True,
                                        awaitPromise=True)
            except BrowserError as error:
                if attempt < 40 and any(gone in str(error) for gone in CONTEXT_GONE):
                    await asyncio.sleep(0.05)
                    continue
                raise
            details = result.get("exceptionDetails")
            if details:
                exception = details.get("exception") or {}
                text = exception.get("description") or details.get("text", "exception")
                if attempt < 40 and any(gone in text for gone in CONTEXT_GONE):
                    await asyncio.sleep(0.05)
                    continue
                raise BrowserError(f"{self.engine}: {text}\n  in {function}")
            return result.get("result", {}).get("value")
        raise AssertionError("unreachable")

    async def tap(self, selector: str) -> None:
        x, y = await tap_point(self.engine, self.evaluate, selector)
        if self.size.phone:
            point = {"x": x, "y": y, "radiusX": 1, "radiusY": 1, "force": 1, "id": 0}
            await self.cdp("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
            await self.cdp("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
        else:
            await self.cdp("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
            for kind in ("mousePressed", "mouseReleased"):
                await self.cdp("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", buttons=1,
                               clickCount=1)

    async def type_text(self, selector: str, text: str) -> None:
        await focus(self.engine, self.evaluate, selector)
        await self.cdp("Input.insertText", text=text)

    async def screenshot(self, path: Path) -> None:
        await self.evaluate(SETTLE_JS)
        result = await self.cdp("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(result["data"]))

    async def errors(self) -> list[str]:
        return list(self.problems)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.conn.listeners.pop(self.session, None)
        if not self.conn.closed:
            with contextlib.suppress(BrowserError):
                await self.conn.call("Target.closeTarget", {"targetId": self.target})
            with contextlib.suppress(BrowserError):
                await self.conn.call("Target.disposeBrowserContext", {"browserContextId": self.context})
        with contextlib.suppress(ValueError):
            self.browser.tabs.remove(self)


class CdpEngine:
    """A headless Chromium with its own fresh user data dir, driven over its DevTools websocket."""

    def __init__(self, name: str, process: asyncio.subprocess.Process, profile: str, conn: Connection,
                 stderr: deque[str], drain: asyncio.Task[None]) -> None:
        self.name, self.process, self.profile, self.conn = name, process, profile, conn
        self.stderr, self.drain = stderr, drain
        self.version = ""
        self.user_agent = ""
        self.tabs: list[CdpTab] = []

    async def new_tab(self, size: Size) -> CdpTab:
        context = (await self.conn.call("Target.createBrowserContext"))["browserContextId"]
        try:
            target = (await self.conn.call("Target.createTarget", {
                "url": "about:blank", "browserContextId": context,
                "width": size.width, "height": size.height}))["targetId"]
            session = (await self.conn.call("Target.attachToTarget",
                                            {"targetId": target, "flatten": True}))["sessionId"]
        except BaseException:
            with contextlib.suppress(BrowserError):
                await self.conn.call("Target.disposeBrowserContext", {"browserContextId": context})
            raise
        tab = CdpTab(self, context, target, session, size)
        self.tabs.append(tab)
        try:
            await tab.cdp("Page.enable")
            await tab.cdp("Page.setLifecycleEventsEnabled", enabled=True)
            await tab.cdp("Runtime.enable")
            await tab.cdp("Emulation.setDeviceMetricsOverride", width=size.width, height=size.height,
                          deviceScaleFactor=PHONE_SCALE if size.phone else 1, mobile=size.phone,
                          screenWidth=size.width, screenHeight=size.height)
            if size.phone:
                await tab.cdp("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        except BaseException:
            await tab.close()
            raise
        return tab

    async def close(self) -> None:
        for tab in list(self.tabs):
            await tab.close()
        if not self.conn.closed:
            with contextlib.suppress(BrowserError):
                await self.conn.call("Browser.close", timeout=5.0)
        await self.conn.close()
        await stop_process(self.process)
        self.drain.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.drain
        remove_tree(self.profile)


async def launch_chromium(
    binary: str | Path, name: str, extra_args: list[str] | None = None, lang: str = "en-US"
) -> CdpEngine:
    """Start the Chromium ``binary`` headless with a fresh user data dir and connect to it; the engine
    ``name`` of the matrix. BrowserError (with the end of its stderr) when it does not come up.

    ``lang`` is the language the pages see (navigator.languages): on Linux Chromium takes it from the
    environment's LANG, and under the C locale the old builds would say ``en-US@posix``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANGUAGE"))}
    env["LANG"] = f"{lang.replace('-', '_')}.UTF-8"
    profile = tempfile.mkdtemp(prefix=f"wt-{name}-")
    args = [*CHROMIUM_ARGS, *(extra_args or []), "--headless", "--remote-debugging-port=0",
            f"--user-data-dir={profile}", f"--lang={lang}", "--hide-scrollbars", "--mute-audio",
            "about:blank"]
    process: asyncio.subprocess.Process | None = None
    stderr: deque[str] = deque(maxlen=40)
    found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    async def drain_stderr() -> None:
        assert process is not None and process.stderr is not None
        while line := await process.stderr.readline():
            text = line.decode(errors="replace").rstrip()
            stderr.append(text)
            match = LISTENING.search(text)
            if match and not found.done():
                found.set_result(match.group(1))
        if not found.done():
            found.set_exception(BrowserError(f"{name}: {binary} exited:\n" + "\n".join(stderr)))

    drain: asyncio.Task[None] | None = None
    conn: Connection | None = None
    try:
        process = await asyncio.create_subprocess_exec(
            str(binary), *args, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE, start_new_session=True, env=env)
        drain = asyncio.create_task(drain_stderr())
        try:
            url = await asyncio.wait_for(found, LAUNCH_TIMEOUT)
        except TimeoutError:
            raise BrowserError(f"{name}: no DevTools address from {binary} in {LAUNCH_TIMEOUT} s:\n"
                               + "\n".join(stderr)) from None
        conn = await Connection.open(name, url)
        engine = CdpEngine(name, process, profile, conn, stderr, drain)
        version = await conn.call("Browser.getVersion")
        engine.version, engine.user_agent = version["product"], version["userAgent"]
        return engine
    except BaseException:
        if conn is not None:
            await conn.close()
        await stop_process(process, grace=0.0)
        if drain is not None:
            drain.cancel()
        remove_tree(profile)
        raise
