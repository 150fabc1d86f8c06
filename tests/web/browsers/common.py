"""What every driver of the matrix shares: finding where to tap, processes, temporary folders."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
from collections.abc import Awaitable, Callable
from typing import Any

from tests.web.browsers.base import BrowserError

# Scrolls the first element matching the selector into view and says where a finger would land on it: the
# centre of its part inside the viewport, once it is visible, not covered there by another element, and
# has not moved since the last look (an element that slides in is tapped where it comes to rest). Written
# for the oldest engine of the matrix (Chromium 80): no optional chaining, no `??`.
TAP_POINT_JS = """(sel, last) => {
  const el = document.querySelector(sel);
  if (!el) return {missing: true};
  el.scrollIntoView({block: "center", inline: "center"});
  const r = el.getBoundingClientRect();
  const left = Math.max(r.left, 0), right = Math.min(r.right, window.innerWidth);
  const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, window.innerHeight);
  if (r.width === 0 || r.height === 0 || right <= left || bottom <= top) {
    return {wait: "not visible (its box is empty or off the screen)"};
  }
  const x = (left + right) / 2, y = (top + bottom) / 2;
  const rect = [r.left, r.top, r.width, r.height];
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === el || el.contains(hit))) {
    let name = "nothing";
    if (hit) name = hit.tagName.toLowerCase() + (hit.id ? "#" + hit.id : "")
      + (typeof hit.className === "string" && hit.className
        ? "." + hit.className.trim().split(/\\s+/).join(".") : "");
    return {wait: "covered by " + name, rect: rect};
  }
  if (!last || last.join() !== rect.join()) return {wait: "still moving", rect: rect};
  return {x: x, y: y, rect: rect};
}"""

FOCUS_JS = """(sel) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  el.scrollIntoView({block: "center", inline: "center"});
  el.focus();
  return document.activeElement === el;
}"""

# Before a screenshot: a layout (which starts the loads of the web fonts it needs: WebKit fetches the icon
# font only then), a frame, the fonts loaded (at most 5 s), then two frames drawn with them.
SETTLE_JS = """() => {
  const frame = () => new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 500);
  });
  const fonts = () => document.fonts
    ? Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, 5000))]) : null;
  void (document.body && document.body.offsetHeight);
  return frame().then(fonts).then(frame).then(frame).then(() => true);
}"""

TAP_TIMEOUT = 5.0  # seconds a tap or a typing waits for its element


async def tap_point(
    engine: str, evaluate: Callable[..., Awaitable[Any]], selector: str, timeout: float = TAP_TIMEOUT
) -> tuple[float, float]:
    """Where to tap the first element matching ``selector`` (CSS pixels of the viewport), waiting up to
    ``timeout`` seconds until there is one and it is visible, uncovered and at rest (pages render after
    their load, as their data arrives); BrowserError when it never is."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    last: list[float] | None = None
    while True:
        found = await evaluate(TAP_POINT_JS, selector, last)
        if not isinstance(found, dict):
            raise BrowserError(f"{engine}: tap {selector!r}: unexpected answer {found!r}")
        if "x" in found:
            return float(found["x"]), float(found["y"])
        if loop.time() > deadline:
            why = "no such element" if found.get("missing") else found["wait"]
            raise BrowserError(f"{engine}: tap {selector!r}: {why} after {timeout} s")
        last = found.get("rect")
        await asyncio.sleep(0.03)


async def focus(
    engine: str, evaluate: Callable[..., Awaitable[Any]], selector: str, timeout: float = TAP_TIMEOUT
) -> None:
    """Focus the first element matching ``selector``, waiting up to ``timeout`` seconds for one;
    BrowserError when there is none or it takes no focus."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await evaluate(FOCUS_JS, selector):
        if loop.time() > deadline:
            raise BrowserError(f"{engine}: type into {selector!r}: no such element after {timeout} s, "
                               "or it takes no focus")
        await asyncio.sleep(0.03)


def free_port() -> int:
    """A TCP port of 127.0.0.1 that was free a moment ago (for browsers that cannot pick one themselves)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def stop_process(process: asyncio.subprocess.Process | None, grace: float = 5.0) -> None:
    """Let ``process`` end within ``grace`` seconds, else kill it; then kill whatever is left of its
    process group (browsers start helpers: renderers, a zygote, content processes). The process must have
    been started with ``start_new_session=True`` so that its group is its own."""
    if process is None:
        return
    if process.returncode is None:
        try:
            await asyncio.wait_for(process.wait(), grace)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            try:
                await asyncio.wait_for(process.wait(), 2.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def remove_tree(path: str | None) -> None:
    """Remove a temporary folder of a browser (a profile, a user data dir), ignoring what is already gone."""
    if path:
        shutil.rmtree(path, ignore_errors=True)
