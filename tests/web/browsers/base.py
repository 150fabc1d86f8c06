"""One small interface over every browser engine of the matrix (issue 31): a page that can be opened at a
size, read by script, tapped and photographed, whatever protocol drives it underneath.

- today's Debian chromium and the old Chromium 80 / 92 (from the npm packages ``chrome-aws-lambda``): the
  DevTools protocol (``cdp.py``);
- Debian's firefox-esr: WebDriver BiDi (``bidi.py``);
- Debian's WebKitGTK (``webkit2gtk-driver``'s WebKitWebDriver and its MiniBrowser): WebDriver
  (``webdriver.py``).

Tests use only what is declared here, so one scenario runs in every engine.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol


class BrowserError(Exception):
    """The driver or the page failed: a script threw, an element was missing, a protocol call was refused."""


@dataclass(frozen=True)
class Size:
    """A viewport in CSS pixels; ``phone`` asks for a phone's touch input and mobile viewport where the
    engine can emulate it."""

    width: int
    height: int
    phone: bool = False


TV_720 = Size(1280, 720)
TV_1080 = Size(1920, 1080)
TV_4K = Size(3840, 2160)
PHONE_390 = Size(390, 844, phone=True)
PHONE_SE = Size(320, 568, phone=True)


class Tab(Protocol):
    """One page, with storage of its own (its own browser context, user context or browser session)."""

    engine: str

    async def goto(self, url: str) -> None:
        """Open ``url`` and wait until its document has loaded."""

    async def evaluate(self, function: str, *args: Any) -> Any:
        """Call the JavaScript function source ``function`` (e.g. ``"(sel) => document.querySelector(sel)
        !== null"``) with JSON-able ``args`` in the page; its JSON-able result (a promise is awaited)."""

    async def tap(self, selector: str) -> None:
        """A real pointer press and release at the centre of the first element matching ``selector``
        (scrolled into view first); BrowserError when there is none."""

    async def type_text(self, selector: str, text: str) -> None:
        """Focus the first element matching ``selector`` and type ``text`` into it (the page sees input
        events)."""

    async def screenshot(self, path: Path) -> None:
        """A PNG of the viewport."""

    async def errors(self) -> list[str]:
        """Uncaught exceptions and console errors of the page since it was opened."""

    async def close(self) -> None:
        """Close the page and its storage."""


class Engine(Protocol):
    """A running browser of one engine and version."""

    name: str  # "chromium", "chromium-80", "chromium-92", "firefox", "webkit"
    version: str  # as the browser reports it

    async def new_tab(self, size: Size) -> Tab:
        """A new page of ``size`` with storage of its own."""

    async def close(self) -> None:
        """Stop the browser and every process it started."""


async def wait_for(tab: Tab, function: str, *args: Any, timeout: float = 10.0, every: float = 0.05) -> Any:
    """Poll ``function`` (as in :meth:`Tab.evaluate`) until it returns something truthy; that value.
    BrowserError after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await tab.evaluate(function, *args)
        if value:
            return value
        if loop.time() > deadline:
            raise BrowserError(f"{tab.engine}: still false after {timeout} s: {function} {args!r}")
        await asyncio.sleep(every)
