"""Firefox (Debian's firefox-esr) over WebDriver BiDi, spoken directly: JSON over the websocket Firefox opens
with ``--remote-debugging-port`` (no geckodriver).

One browser process with a fresh profile per engine; each tab is a user context of its own (its own
cookies and storage) with one top-level browsing context in a window of its own, so that every tab stays
in the foreground (a background tab of a window is hidden and throttled)."""

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
from pathlib import Path
from typing import Any

import aiohttp

from tests.web.browsers.base import BrowserError, Size
from tests.web.browsers.common import SETTLE_JS, focus, remove_tree, stop_process, tap_point

LAUNCH_TIMEOUT = 60.0
CALL_TIMEOUT = 30.0
PHONE_SCALE = 2  # device pixels per CSS pixel of a phone
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")

# A fresh profile's user.js: no updates, telemetry, first-run pages or background traffic (the remote
# agent adds its own recommended preferences on top), and WebDriver BiDi as the remote protocol.
PREFS: dict[str, Any] = {
    "remote.active-protocols": 1,  # WebDriver BiDi only
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "app.shield.optoutstudies.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.aboutwelcome.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.region.network.url": "",
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "browser.search.update": False,
    "browser.tabs.warnOnClose": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.policy.firstRunURL": "",
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.server": "",
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",  # Remote Settings: nowhere
    "messaging-system.rsexperimentloader.enabled": False,
    "dom.disable_beforeunload": True,
    "intl.accept_languages": "en-US, en",
    # Scrollbars over the page, as on a phone (and a TV), not beside it: the page gets the whole width.
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
}


def user_js(prefs: dict[str, Any]) -> str:
    return "".join(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n" for key, value in prefs.items())


class Connection:
    """The BiDi websocket: commands by id, events to the listeners of their browsing context."""

    def __init__(self, name: str, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.name, self.http, self.ws = name, http, ws
        self.ids = itertools.count(1)
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.tabs: dict[str, BidiTab] = {}
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
                if data.get("type") == "event":
                    params = data.get("params", {})
                    context = params.get("context") or params.get("source", {}).get("context")
                    tab = self.tabs.get(context or "")
                    if tab is not None:
                        tab.on_event(data["method"], params)
                    continue
                future = self.pending.pop(data.get("id", -1), None)
                if future is None or future.done():
                    continue
                if data.get("type") == "error":
                    future.set_exception(BrowserError(
                        f"{self.name}: {data.get('error')}: {data.get('message', '')}".rstrip()))
                else:
                    future.set_result(data.get("result", {}))
        finally:
            self.closed = "the WebDriver BiDi connection closed"
            for future in self.pending.values():
                if not future.done():
                    future.set_exception(BrowserError(f"{self.name}: {self.closed}"))
            self.pending.clear()

    async def call(self, method: str, params: dict[str, Any] | None = None,
                   timeout: float = CALL_TIMEOUT) -> dict[str, Any]:
        """Send one command and return its result."""
        if self.closed:
            raise BrowserError(f"{self.name}: {method}: {self.closed}")
        ident = next(self.ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending[ident] = future
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params or {}}))
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


class BidiTab:
    """One top-level browsing context in a user context of its own."""

    def __init__(self, engine: BidiEngine, user_context: str, context: str, size: Size) -> None:
        self.engine = engine.name
        self.browser, self.conn = engine, engine.conn
        self.user_context, self.context, self.size = user_context, context, size
        self.url = "about:blank"
        self.problems: list[str] = []
        self.closed = False
        engine.conn.tabs[context] = self

    def on_event(self, method: str, params: dict[str, Any]) -> None:
        if method == "browsingContext.navigationStarted":
            self.url = params.get("url", self.url)  # also when the page navigates by itself
        elif method == "log.entryAdded" and params.get("level") == "error":
            kind = "console: " if params.get("type") == "console" else ""
            self.problems.append(f"{self.url}: {kind}{params.get('text', '')}")

    async def bidi(self, method: str, **params: Any) -> dict[str, Any]:
        """Any WebDriver BiDi command on this tab's browsing context."""
        return await self.conn.call(method, {"context": self.context, **params})

    async def goto(self, url: str) -> None:
        await self.bidi("browsingContext.navigate", url=url, wait="complete")
        self.url = url

    async def evaluate(self, function: str, *args: Any) -> Any:
        # Arguments and result travel as JSON, as with the DevTools protocol's returnByValue: the same
        # results in every engine and no remote values to decode.
        declaration = (f"async function (json) {{ const fn = ({function});\n"
                       "const value = await fn.apply(null, JSON.parse(json));\n"
                       "return value === undefined ? undefined : JSON.stringify(value); }")
        result = await self.conn.call("script.callFunction", {
            "functionDeclaration": declaration,
            "arguments": [{"type": "string", "value": json.dumps(list(args))}],
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise BrowserError(f"{self.engine}: {details.get('text', 'exception')}\n  in {function}")
        value = result.get("result", {})
        return json.loads(value["value"]) if value.get("type") == "string" else None

    async def tap(self, selector: str) -> None:
        x, y = await tap_point(self.engine, self.evaluate, selector)
        pointer = "touch" if self.size.phone and self.browser.touch else "mouse"
        await self.bidi("input.performActions", actions=[{
            "type": "pointer", "id": f"wt-{pointer}", "parameters": {"pointerType": pointer},
            "actions": [
                {"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport", "duration": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}])
        await self.bidi("input.releaseActions")

    async def type_text(self, selector: str, text: str) -> None:
        await focus(self.engine, self.evaluate, selector)
        keys: list[dict[str, Any]] = []
        for char in text:
            keys += [{"type": "keyDown", "value": char}, {"type": "keyUp", "value": char}]
        await self.bidi("input.performActions",
                        actions=[{"type": "key", "id": "wt-keyboard", "actions": keys}])
        await self.bidi("input.releaseActions")

    async def screenshot(self, path: Path) -> None:
        await self.evaluate(SETTLE_JS)
        result = await self.bidi("browsingContext.captureScreenshot")
        path.write_bytes(base64.b64decode(result["data"]))

    async def errors(self) -> list[str]:
        return list(self.problems)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.conn.tabs.pop(self.context, None)
        if not self.conn.closed:
            with contextlib.suppress(BrowserError):
                await self.conn.call("browsingContext.close", {"context": self.context})
            with contextlib.suppress(BrowserError):
                await self.conn.call("browser.removeUserContext", {"userContext": self.user_context})
        with contextlib.suppress(ValueError):
            self.browser.tabs.remove(self)


class BidiEngine:
    """A headless Firefox with a fresh profile, driven over WebDriver BiDi."""

    touch = True  # phones tap with a "touch" pointer

    def __init__(self, name: str, process: asyncio.subprocess.Process, profile: str, conn: Connection,
                 stderr: deque[str], drain: asyncio.Task[None]) -> None:
        self.name, self.process, self.profile, self.conn = name, process, profile, conn
        self.stderr, self.drain = stderr, drain
        self.version = ""
        self.user_agent = ""
        self.tabs: list[BidiTab] = []

    async def new_tab(self, size: Size) -> BidiTab:
        user_context = (await self.conn.call("browser.createUserContext"))["userContext"]
        try:
            context = (await self.conn.call("browsingContext.create", {
                "type": "window", "userContext": user_context}))["context"]
        except BaseException:
            with contextlib.suppress(BrowserError):
                await self.conn.call("browser.removeUserContext", {"userContext": user_context})
            raise
        tab = BidiTab(self, user_context, context, size)
        self.tabs.append(tab)
        try:
            await tab.bidi("browsingContext.setViewport",
                           viewport={"width": size.width, "height": size.height},
                           devicePixelRatio=PHONE_SCALE if size.phone else 1)
        except BaseException:
            await tab.close()
            raise
        return tab

    async def close(self) -> None:
        for tab in list(self.tabs):
            await tab.close()
        if not self.conn.closed:
            with contextlib.suppress(BrowserError):
                await self.conn.call("browser.close", timeout=5.0)
        await self.conn.close()
        await stop_process(self.process)
        self.drain.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.drain
        remove_tree(self.profile)


async def launch_firefox(binary: str | Path, name: str, lang: str = "en-US") -> BidiEngine:
    """Start Firefox ``binary`` headless with a fresh profile, open a BiDi session and subscribe to the
    pages' log; the engine ``name`` of the matrix. BrowserError (with the end of its stderr) when it does
    not come up."""
    profile = tempfile.mkdtemp(prefix=f"wt-{name}-")
    Path(profile, "user.js").write_text(user_js(PREFS | {"intl.accept_languages": f"{lang}, {lang[:2]}"}))
    env = {key: value for key, value in os.environ.items() if not key.startswith(("LC_", "LANGUAGE"))}
    # The pages' language comes from intl.accept_languages; LANG only for Firefox's own messages.
    env |= {"LANG": "C.UTF-8", "MOZ_CRASHREPORTER_DISABLE": "1"}
    env.pop("DISPLAY", None)
    args = ["--headless", "--remote-debugging-port=0", "--profile", profile, "--no-remote", "about:blank"]
    process: asyncio.subprocess.Process | None = None
    stderr: deque[str] = deque(maxlen=40)
    found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    async def drain_output() -> None:
        assert process is not None and process.stdout is not None
        while line := await process.stdout.readline():
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
            str(binary), *args, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT, start_new_session=True, env=env)
        drain = asyncio.create_task(drain_output())
        try:
            url = await asyncio.wait_for(found, LAUNCH_TIMEOUT)
        except TimeoutError:
            raise BrowserError(f"{name}: no WebDriver BiDi address from {binary} in {LAUNCH_TIMEOUT} s:\n"
                               + "\n".join(stderr)) from None
        conn = await Connection.open(name, f"{url}/session")
        engine = BidiEngine(name, process, profile, conn, stderr, drain)
        session = await conn.call("session.new", {"capabilities": {}})
        capabilities = session.get("capabilities", {})
        engine.version = f"{capabilities.get('browserName')}/{capabilities.get('browserVersion')}"
        engine.user_agent = str(capabilities.get("userAgent", ""))
        await conn.call("session.subscribe",
                        {"events": ["log.entryAdded", "browsingContext.navigationStarted"]})
        return engine
    except BaseException:
        if conn is not None:
            await conn.close()
        await stop_process(process, grace=0.0)
        if drain is not None:
            drain.cancel()
        remove_tree(profile)
        raise
