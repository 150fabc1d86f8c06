"""Nothing clipped, in any language (issue 16): with names of the 24-character limit, the TV at 7 seats in
Polish and in Persian, the Duel's cities late in Age III, and a phone show every text whole (wrapped, or
shrunk to fit): no text element is cut off; the Duel pyramid's partly covered cards show their effect, cost
and name in the strip left uncovered."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from host.names import NAME_MAX
from tests.web import scene as scenes
from tests.web.measure import clipped_text, covered_cards
from tests.web.pages import shot
from tests.web.scene import advance, scene

FIRST_NAMES = ("Aleksandra", "Bartłomiej", "Czesława", "Dobrosława", "Eugeniusz", "Franciszka", "Grzegorz")
LONG_NAMES = tuple(f"{first} Wiśniewska-Kowalczyk"[:NAME_MAX] for first in FIRST_NAMES)


async def in_language(page: Page, lang: str, key: str) -> None:
    await page.evaluate(f"localStorage.setItem('{key}', '{lang}')")
    await page.reload()
    await page.wait_for_selector(".game, .phone-head")
    await page.wait_for_timeout(300)


@pytest.mark.parametrize("lang", ["pl", "fa"])
async def test_seven_seats_with_long_names_clip_nothing(host_url: str, chromium: Browser, lang: str,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        shots: Path | None) -> None:
    monkeypatch.setattr(scenes, "NAMES", LONG_NAMES)
    assert all(len(name) == NAME_MAX for name in LONG_NAMES)
    async with scene(chromium, host_url, "classic", 7, seed=5, phone=False) as s:
        await advance(s, 7 * 9)
        await in_language(s.board, lang, "wt.lang.board")
        await s.board.wait_for_timeout(2500)  # the moment of the new age is over
        await shot(s.board, shots, f"clip-classic-7-{lang}")
        found = await clipped_text(s.board)
        assert found == []


async def test_duel_cities_in_age_three_and_a_phone_clip_nothing(host_url: str, chromium: Browser,
                                                                shots: Path | None) -> None:
    async with scene(chromium, host_url, "duel", 2, seed=3) as s:
        await advance(s, 60)
        # a loaded machine may draw Age III's pyramid late: measure it once it is there
        await s.board.wait_for_function(
            "document.querySelectorAll('.pyramid .card.covered[data-card]').length >= 3", timeout=15000)
        await s.board.wait_for_timeout(2500)
        await shot(s.board, shots, "clip-duel-III")
        found = await clipped_text(s.board)
        print(*found, sep="\n")
        assert found == []
        covered = await covered_cards(s.board)
        assert await s.board.locator(".pyramid .card.covered[data-card]").count() >= 3
        assert covered == [], covered
        assert s.phone is not None
        await shot(s.phone, shots, "clip-duel-phone")
        found = await clipped_text(s.phone)
        print(*found, sep="\n")
        assert found == []
