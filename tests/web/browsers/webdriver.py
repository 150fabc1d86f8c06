"""WebKit (Debian's WebKitGTK: ``webkit2gtk-driver``'s WebKitWebDriver driving its MiniBrowser) over classic
WebDriver, plain HTTP with aiohttp's client.

WebKitGTK's MiniBrowser has no headless mode, so the engine starts an Xvfb screen of its own (no window
manager) and every tab is a WebKitWebDriver process with its own MiniBrowser session on it: storage of its
own, and a device scale of its own (GDK_SCALE=2 for phones). The MiniBrowser runs ``--full-screen`` (no
toolbar) with a GTK style that lets its window shrink below its widgets' natural size, so the window rect is
exactly the viewport (checked and corrected after setting it).

WebKitGTK has no touch input here: a phone's tap is a mouse press and release at the element's centre.

Compositing is off (``WEBKIT_DISABLE_COMPOSITING_MODE=1``): on Xvfb, accelerated compositing draws every frame
through software OpenGL, and a loaded machine then gets 1-2 frames a second out of a page (a sheet that
slides in took seconds to come to rest); drawn without it a page keeps near 60. Without compositing, though,
WebKitWebDriver's screenshot waits for the view's next paint, which never comes while nothing on the page
changes: a screenshot keeps the page painting (an invisible text flipped every 50 ms) while it is taken.

Errors: classic WebDriver reports none, so each page gets a recorder (window ``error`` and
``unhandledrejection`` events and ``console.error``) right after it loads, and again with every script
the test evaluates (a page that navigated by itself gets one at the next evaluation). An error thrown
while a page loads, before its recorder is in, is missed by this engine; the other engines of the matrix
see those.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

from tests.web.browsers.base import BrowserError, Size
from tests.web.browsers.common import SETTLE_JS, focus, free_port, remove_tree, stop_process, tap_point

SCREEN = "4000x2400x24"  # Xvfb's screen: room for a 3840 x 2160 TV
PHONE_SCALE = 2
LAUNCH_TIMEOUT = 30.0
CALL_TIMEOUT = 60.0
SHOT_TRIES = 8  # screenshots taken at most until two in a row agree (a page that animates never does)
# Lets the MiniBrowser's window be as narrow as a 320 px phone (its widgets ask for more by default).
GTK_CSS = "* { min-width: 0; min-height: 0; }\n"

RECORDER_JS = """
if (!window.__wtErrors) {
  var list = window.__wtErrors = [];
  var text = function (value) {
    if (value instanceof Error) return String(value);
    if (typeof value === "string") return value;
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  };
  window.addEventListener("error", function (event) {
    list.push(event.error ? String(event.error) : String(event.message));
  });
  window.addEventListener("unhandledrejection", function (event) {
    list.push("Uncaught (in promise) " + text(event.reason));
  });
  var original = console.error;
  console.error = function () {
    list.push("console: " + Array.prototype.map.call(arguments, text).join(" "));
    return original.apply(this, arguments);
  };
}
"""

# Runs the function with JSON arguments (arguments[0]) and answers through the async script's callback:
# {wtValue: its JSON} or {wtError: what it threw}.
EVALUATE_JS = RECORDER_JS + """
var json = arguments[0], done = arguments[arguments.length - 1];
Promise.resolve().then(function () {
  return (%s).apply(null, JSON.parse(json));
}).then(function (value) {
  done({wtValue: value === undefined ? null : JSON.stringify(value)});
}, function (error) {
  done({wtError: String(error)});
});
"""

HARVEST_JS = "return [location.href, window.__wtErrors ? window.__wtErrors.splice(0) : []];"

# Keeps the page painting while a screenshot is taken (see above): transparent text at the screen's corner,
# flipped every 50 ms (it changes no pixel), outside the page's body; and its end.
REPAINT_JS = """() => {
  if (window.__wtRepaint) return true;
  const el = document.createElement("span");
  el.setAttribute("aria-hidden", "true");
  el.style.cssText = "position: fixed; left: 0; top: 0; color: transparent; font-size: 10px; line-height: 1;"
    + " pointer-events: none";
  document.documentElement.appendChild(el);
  let n = 0;
  const timer = setInterval(() => { n += 1; el.textContent = n % 2 ? "a" : "b"; }, 50);
  window.__wtRepaint = () => { clearInterval(timer); el.remove(); window.__wtRepaint = null; };
  return true;
}"""
REPAINT_END_JS = "() => { if (window.__wtRepaint) window.__wtRepaint(); return true; }"


class Driver:
    """One WebKitWebDriver process and its session."""

    def __init__(self, name: str, process: asyncio.subprocess.Process, port: int,
                 http: aiohttp.ClientSession) -> None:
        self.name, self.process, self.port, self.http = name, process, port, http
        self.session = ""
        self.capabilities: dict[str, Any] = {}

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """One WebDriver command (``path`` below the session's URL); its value."""
        url = f"http://127.0.0.1:{self.port}/session{'/' + self.session if self.session else ''}{path}"
        try:
            async with self.http.request(method, url, json=body if body is not None or method == "POST"
                                         else None) as response:
                data = await response.json(content_type=None)
        except (aiohttp.ClientError, TimeoutError) as error:
            raise BrowserError(f"{self.name}: {method} {path}: {error!r}") from None
        value = data.get("value") if isinstance(data, dict) else None
        if isinstance(value, dict) and "error" in value:
            raise BrowserError(f"{self.name}: {method} {path}: {value['error']}: {value.get('message', '')}")
        return value

    async def close(self) -> None:
        if self.session:
            with contextlib.suppress(BrowserError):
                await asyncio.wait_for(self.call("DELETE", ""), 10.0)
            self.session = ""
        await self.http.close()
        await stop_process(self.process, grace=3.0)


async def start_driver(name: str, binary: Path, browser: Path, env: dict[str, str]) -> Driver:
    """A WebKitWebDriver on a free port with a MiniBrowser session open."""
    for attempt in range(3):
        port = free_port()
        process = await asyncio.create_subprocess_exec(
            str(binary), f"--port={port}", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, env=env,
            start_new_session=True)
        driver = Driver(name, process, port, aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=CALL_TIMEOUT)))
        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + LAUNCH_TIMEOUT
            while True:
                if process.returncode is not None:
                    raise BrowserError(f"{name}: {binary} --port={port} exited ({process.returncode})")
                with contextlib.suppress(aiohttp.ClientError):
                    async with driver.http.get(f"http://127.0.0.1:{port}/status") as response:
                        if (await response.json(content_type=None))["value"]["ready"]:
                            break
                if loop.time() > deadline:
                    raise BrowserError(f"{name}: {binary} not ready in {LAUNCH_TIMEOUT} s")
                await asyncio.sleep(0.03)
            created = await driver.call("POST", "", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": {"binary": str(browser),
                                             "args": ["--automation", "--full-screen"]},
                "pageLoadStrategy": "normal",
            }}})
            driver.session = created["sessionId"]
            driver.capabilities = created.get("capabilities", {})
            await driver.call("POST", "/timeouts", {"script": int(CALL_TIMEOUT * 1000)})
            return driver
        except BaseException as error:
            await driver.close()
            if attempt < 2 and isinstance(error, BrowserError) and "exited" in str(error):
                continue  # the free port was taken in between
            raise
    raise AssertionError("unreachable")


class WebKitTab:
    """A MiniBrowser session of its own, its window the size of the viewport."""

    def __init__(self, engine: WebKitEngine, driver: Driver, size: Size) -> None:
        self.engine = engine.name
        self.browser, self.driver, self.size = engine, driver, size
        self.url = "about:blank"
        self.problems: list[str] = []
        self.closed = False

    async def webdriver(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """Any WebDriver command of this tab's session (``path`` below the session's URL)."""
        return await self.driver.call(method, path, body)

    async def fit(self) -> None:
        """Size the window so that the viewport is exactly ``size`` (measured, corrected)."""
        width, height = self.size.width, self.size.height
        for _ in range(4):
            await self.webdriver("POST", "/window/rect", {"width": width, "height": height})
            inner = await self.webdriver("POST", "/execute/sync",
                                         {"script": "return [innerWidth, innerHeight]", "args": []})
            if inner == [self.size.width, self.size.height]:
                return
            width += self.size.width - inner[0]
            height += self.size.height - inner[1]
        raise BrowserError(f"{self.engine}: the viewport is {inner[0]} x {inner[1]}, "
                           f"not {self.size.width} x {self.size.height}")

    async def harvest(self) -> None:
        """Move what the current page's recorder caught into this tab's errors."""
        with contextlib.suppress(BrowserError):
            url, found = await self.webdriver("POST", "/execute/sync", {"script": HARVEST_JS, "args": []})
            self.problems += [f"{url}: {text}" for text in found]

    async def goto(self, url: str) -> None:
        await self.harvest()
        await self.webdriver("POST", "/url", {"url": url})
        self.url = url
        await self.webdriver("POST", "/execute/sync", {"script": RECORDER_JS, "args": []})

    async def evaluate(self, function: str, *args: Any) -> Any:
        result = await self.webdriver("POST", "/execute/async", {
            "script": EVALUATE_JS % function, "args": [json.dumps(list(args))]})
        if not isinstance(result, dict):
            raise BrowserError(f"{self.engine}: unexpected answer {result!r}\n  in {function}")
        if "wtError" in result:
            raise BrowserError(f"{self.engine}: {result['wtError']}\n  in {function}")
        value = result.get("wtValue")
        return json.loads(value) if isinstance(value, str) else None

    async def tap(self, selector: str) -> None:
        x, y = await tap_point(self.engine, self.evaluate, selector)
        await self.webdriver("POST", "/actions", {"actions": [{
            "type": "pointer", "id": "wt-mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                # duration 0: WebKitGTK otherwise animates the move over its default (~0.5 s a tap)
                {"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport", "duration": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ]}]})
        await self.webdriver("DELETE", "/actions")

    async def type_text(self, selector: str, text: str) -> None:
        await focus(self.engine, self.evaluate, selector)
        found = await self.webdriver("POST", "/element", {"using": "css selector", "value": selector})
        element = next(iter(found.values()))
        await self.webdriver("POST", f"/element/{element}/value", {"text": text})

    async def screenshot(self, path: Path) -> None:
        # WebKitGTK's snapshot is of the view as last composited, which can lag the page by a frame (the
        # icon font of a page that just loaded): taken again until two in a row are the same.
        await self.evaluate(SETTLE_JS)
        await self.evaluate(REPAINT_JS)
        try:
            shot = await self.webdriver("GET", "/screenshot")
            for _ in range(SHOT_TRIES):
                await asyncio.sleep(0.1)
                again = await self.webdriver("GET", "/screenshot")
                if again == shot:
                    break
                shot = again
        finally:
            with contextlib.suppress(BrowserError):
                await self.evaluate(REPAINT_END_JS)
        path.write_bytes(base64.b64decode(shot))

    async def errors(self) -> list[str]:
        await self.harvest()
        return list(self.problems)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        await self.driver.close()
        with contextlib.suppress(ValueError):
            self.browser.tabs.remove(self)


class WebKitEngine:
    """WebKitGTK on an Xvfb screen of its own; a WebKitWebDriver and MiniBrowser per tab."""

    def __init__(self, name: str, driver_binary: Path, browser: Path, xvfb: asyncio.subprocess.Process,
                 display: str, home: str, lang: str) -> None:
        self.name, self.driver_binary, self.minibrowser = name, driver_binary, browser
        self.xvfb, self.display, self.home = xvfb, display, home
        self.version = ""
        self.user_agent = ""
        self.tabs: list[WebKitTab] = []
        self.spare: Driver | None = None  # the session that read the version, for the first TV-sized tab
        self.env = {key: value for key, value in os.environ.items()
                    if not key.startswith(("LC_", "LANGUAGE", "WAYLAND", "GDK_", "XDG_"))}
        self.env |= {"DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1",
                     "WEBKIT_DISABLE_COMPOSITING_MODE": "1",
                     "LANG": f"{lang.replace('-', '_')}.UTF-8", "XDG_CONFIG_HOME": f"{home}/config",
                     "XDG_CACHE_HOME": f"{home}/cache", "XDG_DATA_HOME": f"{home}/data"}

    async def start(self, phone: bool) -> Driver:
        env = self.env | {"GDK_SCALE": str(PHONE_SCALE)} if phone else self.env
        return await start_driver(self.name, self.driver_binary, self.minibrowser, env)

    async def new_tab(self, size: Size) -> WebKitTab:
        if self.spare is not None and not size.phone:
            driver, self.spare = self.spare, None
        else:
            driver = await self.start(size.phone)
        tab = WebKitTab(self, driver, size)
        self.tabs.append(tab)
        try:
            await tab.fit()
        except BaseException:
            await tab.close()
            raise
        return tab

    async def close(self) -> None:
        for tab in list(self.tabs):
            await tab.close()
        if self.spare is not None:
            await self.spare.close()
            self.spare = None
        await stop_process(self.xvfb, grace=0.0)
        remove_tree(self.home)


async def start_xvfb(name: str) -> tuple[asyncio.subprocess.Process, str]:
    """An Xvfb server on a display it picks itself (``-displayfd``); it and its display name."""
    read_end, write_end = os.pipe()
    try:
        process = await asyncio.create_subprocess_exec(
            "Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL, pass_fds=(write_end,), start_new_session=True)
    finally:
        os.close(write_end)
    try:
        loop = asyncio.get_running_loop()
        answer = b""
        with os.fdopen(read_end, "rb", buffering=0) as pipe:
            while not answer.endswith(b"\n"):
                chunk = await asyncio.wait_for(loop.run_in_executor(None, pipe.read, 16), LAUNCH_TIMEOUT)
                if not chunk:
                    raise BrowserError(f"{name}: Xvfb exited without a display")
                answer += chunk
        return process, f":{answer.decode().strip()}"
    except BaseException:
        await stop_process(process, grace=0.0)
        raise


async def launch_webkit(driver_binary: str | Path, name: str, browser: str | Path | None = None,
                        lang: str = "en-US") -> WebKitEngine:
    """Start an Xvfb screen and a first MiniBrowser session (which tells the version); the engine
    ``name`` of the matrix. ``browser`` is the MiniBrowser (found beside libwebkit2gtk when None)."""
    if browser is None:
        found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"), reverse=True)
        if not found:
            raise BrowserError(f"{name}: no MiniBrowser (install Debian's webkit2gtk-driver)")
        browser = found[0]
    home = tempfile.mkdtemp(prefix=f"wt-{name}-")
    Path(home, "config", "gtk-3.0").mkdir(parents=True)
    Path(home, "config", "gtk-3.0", "gtk.css").write_text(GTK_CSS)
    xvfb: asyncio.subprocess.Process | None = None
    engine: WebKitEngine | None = None
    try:
        xvfb, display = await start_xvfb(name)
        engine = WebKitEngine(name, Path(driver_binary), Path(browser), xvfb, display, home, lang)
        engine.spare = await engine.start(phone=False)
        engine.version = f"WebKitGTK/{engine.spare.capabilities.get('browserVersion', '')}"
        engine.user_agent = str(await engine.spare.call("POST", "/execute/sync",
                                                        {"script": "return navigator.userAgent", "args": []}))
        return engine
    except BaseException:
        if engine is not None:
            await engine.close()
        else:
            await stop_process(xvfb, grace=0.0)
            remove_tree(home)
        raise
