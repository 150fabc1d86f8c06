"""Measurements of a rendered page: the share of visible text at 18 px and 22 px and more, elements that
overflow the viewport or are cut off inside their panel, face-up cards that do not show their effect, and an
axe-core accessibility scan (axe injected from web/node_modules)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import Page

AXE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "axe-core" / "axe.min.js"

TEXT_SIZES = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let total = 0, at18 = 0, at22 = 0;
  const small = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.replace(/\\s+/g, "");
    const el = node.parentElement;
    if (!text || !el || el.closest("svg, title, script, style")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1
      && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight);
    if (!rects.length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    const size = parseFloat(style.fontSize);
    total += text.length;
    if (size >= 18) at18 += text.length;
    if (size >= 22) at22 += text.length;
    else if (small.length < 12) small.push(`${size.toFixed(1)}px ${text.slice(0, 30)}`);
  }
  return { total, at18, at22, small };
}"""

OVERFLOW = """() => {
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1) out.push(`page scrolls: ${doc.scrollWidth}x${doc.scrollHeight}`);
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") && el.tagName !== "svg") continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
  }
  for (const panel of document.querySelectorAll(".city, .log, .discard, .scores")) {
    if (panel.scrollHeight > panel.clientHeight + 2) out.push(`cut off inside ${panel.className}: ${panel.scrollHeight} > ${panel.clientHeight}`);
  }
  return out.slice(0, 20);
}"""

EFFECTS_SHOWN = """() => {
  const missing = [];
  const cards = document.querySelectorAll(".pyramid .card[data-card], .city [data-card], .city [data-wonder], .progress-board [data-token], .stage");
  for (const card of cards) {
    const row = card.querySelector(".fx-row");
    if (!row || !row.children.length) { missing.push(`${card.dataset.card || card.dataset.wonder || card.dataset.token || "stage"}: no effect`); continue; }
    const r = row.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 12), y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !card.contains(hit)) missing.push(`${card.dataset.card || card.dataset.wonder || card.dataset.token || "stage"}: effect hidden`);
  }
  return { count: cards.length, missing };
}"""


@dataclass
class TextShare:
    total: int
    at18: float
    at22: float
    small: list[str]


async def text_share(page: Page) -> TextShare:
    """The share of the visible text's characters at 18 px or more, and at 22 px or more."""
    found = await page.evaluate(TEXT_SIZES)
    total = max(1, found["total"])
    return TextShare(found["total"], found["at18"] / total, found["at22"] / total, found["small"])


async def overflows(page: Page) -> list[str]:
    """Elements outside the viewport, a scrolling page, or panels whose content is cut off."""
    return list(await page.evaluate(OVERFLOW))


async def hidden_effects(page: Page) -> tuple[int, list[str]]:
    """How many face-up cards, wonders, tokens and stages are on the board, and those whose effect is not
    visible (missing, or covered by another piece)."""
    found = await page.evaluate(EFFECTS_SHOWN)
    return int(found["count"]), list(found["missing"])


async def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the page as it is now."""
    if not await page.evaluate("typeof window.axe !== 'undefined'"):
        await page.add_script_tag(path=str(AXE))
    results = await page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations"
                                  ".map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))")
    return [v for v in results if v["impact"] in ("serious", "critical")]
