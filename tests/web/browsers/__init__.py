"""The browser matrix of issue 31: which engines there are, which are installed here, and starting one.

Every browser comes from a package registry (``make browsers`` installs them):

- ``chromium``: Debian's chromium, over the DevTools protocol (``cdp.py``);
- ``chromium-80`` / ``chromium-92``: the Chromium builds inside the npm packages ``chrome-aws-lambda@2.1.1``
  and ``@10.1.0`` (smart TVs of 2021-2023 run Chromium 76-94), unpacked into ``.browsers/`` by
  ``unpack.mjs``, over the DevTools protocol;
- ``firefox``: Debian's firefox-esr, over WebDriver BiDi (``bidi.py``);
- ``webkit``: Debian's webkit2gtk-driver (WebKitWebDriver and its MiniBrowser), over WebDriver
  (``webdriver.py``), under Xvfb.

A test asks for an engine with :func:`require` (or :func:`running`): when the engine is not installed it
is skipped with one line naming the missing package, or fails when ``WT_BROWSERS_REQUIRED=1`` (CI).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.web.browsers.base import BrowserError, Engine

REPO = Path(__file__).resolve().parents[3]
# Where ``make browsers`` unpacks the npm-packaged Chromium builds (git-ignored).
BROWSERS_DIR = Path(os.environ.get("WT_BROWSERS_DIR") or REPO / ".browsers")
ENGINES = ("chromium", "chromium-80", "chromium-92", "firefox", "webkit")
REQUIRED = "WT_BROWSERS_REQUIRED"

CHROMIUM = Path("/usr/bin/chromium")
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")


def old_chromium(name: str) -> Path:
    """The unpacked executable of ``chromium-80`` or ``chromium-92``."""
    return BROWSERS_DIR / name / "chromium"


def minibrowser() -> Path | None:
    """WebKitGTK's MiniBrowser (shipped by webkit2gtk-driver's libwebkit2gtk), or None."""
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"), reverse=True)
    return found[0] if found else None


def missing(name: str) -> str | None:
    """Why ``name`` cannot run here (the package to install), or None when it can."""
    if name == "chromium":
        return None if CHROMIUM.is_file() else "Debian's chromium is not installed (`make chromium`)"
    if name in ("chromium-80", "chromium-92"):
        package = "chrome-aws-lambda@2.1.1" if name == "chromium-80" else "chrome-aws-lambda@10.1.0"
        return None if old_chromium(name).is_file() else \
            f"{old_chromium(name)} is missing: the npm package {package} is not unpacked (`make browsers`)"
    if name == "firefox":
        return None if FIREFOX.is_file() else "Debian's firefox-esr is not installed (`make browsers`)"
    if name == "webkit":
        if not WEBKIT_DRIVER.is_file() or minibrowser() is None:
            return "Debian's webkit2gtk-driver is not installed (`make browsers`)"
        if not XVFB.is_file() and shutil.which("Xvfb") is None:
            return "Debian's xvfb is not installed (`make browsers`)"
        return None
    raise ValueError(f"unknown engine {name!r}; known: {', '.join(ENGINES)}")


async def launch(name: str) -> Engine:
    """Start the engine ``name`` (one of :data:`ENGINES`); close it with ``await engine.close()``."""
    why = missing(name)
    if why:
        raise BrowserError(f"{name}: {why}")
    if name == "chromium":
        from tests.web.browsers.cdp import launch_chromium

        return await launch_chromium(CHROMIUM, name)
    if name in ("chromium-80", "chromium-92"):
        from tests.web.browsers.cdp import launch_chromium

        return await launch_chromium(old_chromium(name), name)
    if name == "firefox":
        from tests.web.browsers.bidi import launch_firefox

        return await launch_firefox(FIREFOX, name)
    from tests.web.browsers.webdriver import launch_webkit

    return await launch_webkit(WEBKIT_DRIVER, name)


def engines() -> list[tuple[str, Callable[[], Awaitable[Engine]]]]:
    """The engines of the matrix installed here, each with a launcher."""

    def launcher(name: str) -> Callable[[], Awaitable[Engine]]:
        return lambda: launch(name)

    return [(name, launcher(name)) for name in ENGINES if missing(name) is None]


def require(name: str) -> None:
    """Skip the calling test with one line when ``name`` is not installed here; fail it instead when
    ``WT_BROWSERS_REQUIRED=1`` (CI must run every engine)."""
    why = missing(name)
    if why is None:
        return
    if os.environ.get(REQUIRED) == "1":
        pytest.fail(f"{name}: {why} ({REQUIRED}=1)", pytrace=False)
    pytest.skip(f"{name}: {why}")


@asynccontextmanager
async def running(name: str) -> AsyncIterator[Engine]:
    """The engine ``name`` for a ``with`` block (skipped or failed as :func:`require` says when it is not
    installed), stopped with every process it started at the block's end."""
    require(name)
    engine = await launch(name)
    try:
        yield engine
    finally:
        await engine.close()
