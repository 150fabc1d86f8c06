"""Fixtures of the browser tests: the real host on a loopback port and Debian's Chromium."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
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


@pytest.fixture
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


@pytest.fixture
async def chromium() -> AsyncIterator[Browser]:
    """Headless Debian Chromium driven by Playwright (never a downloaded browser)."""
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
