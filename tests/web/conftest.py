"""Fixtures of the browser tests: the real host on a loopback port and Debian's Chromium."""

from __future__ import annotations

import inspect
import itertools
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp import web
from playwright.async_api import Browser, async_playwright

from host.app import create_app

WEB_DIST = Path(__file__).resolve().parents[2] / "web" / "dist"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
FIRST_SEED = 7000  # the tables of a test host get seeds 7000, 7001, ... in creation order
# A test module's browser tests share one Chromium (launching it costs about a second) and so one event loop:
# the module's. Each test still has its own host and its own browser contexts (pages, storage, cookies).
LOOP = "module"
WEB_TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run every async test of tests/web in its module's event loop (where the module's browser lives)."""
    for item in items:
        if isinstance(item, pytest.Function) and item.path.is_relative_to(WEB_TESTS) \
                and inspect.iscoroutinefunction(item.function):
            item.add_marker(pytest.mark.asyncio(loop_scope=LOOP), append=False)


@pytest_asyncio.fixture(loop_scope=LOOP)
async def host_url(tmp_path: Path) -> AsyncIterator[str]:
    """The real host app on a free 127.0.0.1 port; its base URL."""
    if not (WEB_DIST / "board.js").is_file() or not (WEB_DIST / "phone.js").is_file():
        pytest.fail(f"the web pages are not built ({WEB_DIST} is missing): run `make web` or `make test`")
    app = create_app(tmp_path / "data", seed_source=itertools.count(FIRST_SEED).__next__)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


@pytest_asyncio.fixture(scope="module", loop_scope=LOOP)
async def chromium() -> AsyncIterator[Browser]:
    """Headless Debian Chromium driven by Playwright (never a downloaded browser), one per test module."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (`make chromium`)")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@pytest.fixture
def shots() -> Path | None:
    """Folder for screenshots when WT_SCREENSHOTS is set (development aid), else None."""
    folder = os.environ.get("WT_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
