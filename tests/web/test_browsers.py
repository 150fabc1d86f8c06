"""The browser matrix's drivers (issue 31), one smoke test per engine: start it, open a table's join page as a
phone, type a name, take the seat by tapping, tap a button of the seated phone, photograph it, and no
JavaScript error on the way. Prints how long the engine took to start and to do it."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from host.tools.phone import create_table
from tests.web.browsers import ENGINES, launch, require
from tests.web.browsers.base import PHONE_390, wait_for

# What each engine's navigator.userAgent and reported version must show.
IDENTITY = {
    "chromium": ("Chrome/", "Chrome/"),
    "chromium-80": ("Chrome/80.", "Chrome/80."),
    "chromium-92": ("Chrome/92.", "Chrome/92."),
    "firefox": ("Firefox/", ""),
    "webkit": ("AppleWebKit/", ""),
}


@pytest.mark.parametrize("name", ENGINES)
async def test_a_phone_joins_in_every_engine(name: str, host_url: str, shots: Path | None,
                                          tmp_path: Path) -> None:
    require(name)
    code = await create_table(host_url, "duel", {}, 2)
    started = time.monotonic()
    engine = await launch(name)
    try:
        launched = time.monotonic()
        tab = await engine.new_tab(PHONE_390)
        await tab.goto(f"{host_url}/t/{code}")
        agent, size = await tab.evaluate("() => [navigator.userAgent, [innerWidth, innerHeight]]")
        in_agent, in_version = IDENTITY[name]
        assert in_agent in agent, agent
        assert in_version in engine.version and engine.version, engine.version
        if name == "webkit":
            assert "Chrome" not in agent, agent
        assert size == [PHONE_390.width, PHONE_390.height]

        await tab.type_text("#name", "Ann")
        await tab.tap("[data-action=join]")
        await wait_for(tab, "() => { const me = document.querySelector('.phone-head .me');"
                            " return me !== null && me.textContent === 'Ann'; }")
        sound = "() => document.querySelector('[data-ui=sound]').getAttribute('aria-pressed')"
        assert await tab.evaluate(sound) == "false"
        await tab.tap("[data-ui=sound]")
        await wait_for(tab, f"() => ({sound})() === 'true'")
        picture = (shots or tmp_path) / f"browsers-{name}-joined.png"
        await tab.screenshot(picture)
        assert picture.read_bytes().startswith(b"\x89PNG")
        assert await tab.errors() == []
        done = time.monotonic()
        print(f"{name} ({engine.version}): started in {launched - started:.2f} s, "
              f"joined and tapped in {done - launched:.2f} s")
    finally:
        await engine.close()
