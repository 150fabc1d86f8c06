"""Measurements of a rendered page: the share of visible text at 18 px and 22 px and more, elements that
overflow the viewport or are cut off inside their panel, face-up cards that do not show their effect, and an
axe-core accessibility scan (axe injected from web/node_modules)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Page

AXE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"
PROBES = (Path(__file__).resolve().parent / "measure.js").read_text(encoding="utf-8")


async def sideways(page: Page) -> list[str]:
    """Elements wider than a phone's screen (a page that scrolls sideways is zoomed out by phone browsers)."""
    return list(await page.evaluate(f"({PROBES}).sideways()"))


@dataclass
class TextShare:
    total: int
    at18: float
    at22: float
    small: list[str]


async def text_share(page: Page) -> TextShare:
    """The share of the visible text's characters at 18 px or more, and at 22 px or more."""
    found = await page.evaluate(f"({PROBES}).textSizes()")
    total = max(1, found["total"])
    return TextShare(found["total"], found["at18"] / total, found["at22"] / total, found["small"])


async def overflows(page: Page) -> list[str]:
    """Elements outside the viewport, a scrolling page, or panels whose content is cut off."""
    return list(await page.evaluate(f"({PROBES}).overflow()"))


async def hidden_effects(page: Page) -> tuple[int, list[str]]:
    """How many face-up cards, wonders, tokens and stages are on the board, and those whose effect is not
    visible (missing, or covered by another piece)."""
    found = await page.evaluate(f"({PROBES}).effectsShown()")
    return int(found["count"]), list(found["missing"])


async def cut_names(page: Page) -> list[str]:
    """Names cut off on the board: of a card that may be taken, a wonder or a progress token."""
    return list(await page.evaluate(f"({PROBES}).cutNames()"))


async def clipped_text(page: Page, outside: str | None = None) -> list[str]:
    """Text elements cut off: wider or taller than their box with their overflow hidden (or an ellipsis),
    or running out of their card, chip, wonder stage or city (those inside ``outside`` left out)."""
    return list(await page.evaluate(f"({PROBES}).clipped({json.dumps(outside)})"))


async def covered_cards(page: Page) -> list[str]:
    """The Duel pyramid's partly covered face-up cards whose effect, cost or name is covered or cut."""
    return list(await page.evaluate(f"({PROBES}).coveredCards()"))


async def ring_problems(page: Page) -> tuple[int, list[str]]:
    """How many cities the 7 Wonders board shows, and each neighbour that is not beside its city on screen
    or whose printed arrow points elsewhere."""
    found = await page.evaluate(f"({PROBES}).ring()")
    return int(found["count"]), list(found["problems"])


async def header_height(page: Page) -> float:
    """The height of the board's header in CSS pixels (one line of the status is about 60 px at 1080p)."""
    return float(await page.evaluate("document.querySelector('.status').getBoundingClientRect().height"))


async def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the page as it is now."""
    if not await page.evaluate("typeof window.axe !== 'undefined'"):
        await page.add_script_tag(path=str(AXE))
    results = await page.evaluate(f"({PROBES}).axe()")
    return [v for v in results if v["impact"] in ("serious", "critical")]
