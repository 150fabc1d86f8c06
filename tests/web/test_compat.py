"""The pages hold in the oldest engines they promise (web/package.json "browserslist": Chromium 80 in smart
TVs, Safari/iOS 15, Firefox ESR 115): the build-time check (web/compat-check.mjs) passes on the built pages
and fails on a stylesheet or a script that uses what those engines lack without a fallback; in today's
Chromium the fallbacks stay out of the way (no html.no-flex-gap) and, forced, lay the 7-seat board out
where flex gap puts it; the TV's root size follows the screen without :has()."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from tests.web.pages import shot
from tests.web.scene import advance, scene

WEB = Path(__file__).resolve().parents[2] / "web"
CHECK = WEB / "compat-check.mjs"
NODE = shutil.which("node")

needs_node = pytest.mark.skipif(NODE is None, reason="node is missing (make setup installs the web packages)")


def run_check(*args: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, str(CHECK), *args], cwd=WEB, capture_output=True, text=True, timeout=120,
                          check=False)


@needs_node
def test_built_pages_pass_the_check() -> None:
    if not (WEB / "dist" / "board.css").is_file():
        pytest.fail("the web pages are not built: run `make web` or `make test`")
    done = run_check()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "compat check passed" in done.stdout


# What the oldest engines lack, without a fallback: each must fail the check, by its name.
BAD_CSS = """
.a:has(.b) { color: red; }
.c { background: color-mix(in srgb, red 50%, blue); }
.d { display: flex; flex-direction: column; gap: 1em; }
.e { height: 100dvh; position: fixed; inset-inline: 0; }
.f:is(.g, .h) { color: blue; }
.u { display: grid; }
.v .u { display: flex; }
.w .u { gap: 1em; }
"""
BAD_JS = """
export const copy = structuredClone({ a: 1 });
export const last = (list) => list.at(-1);
export const own = Object.hasOwn({}, "a");
"""
# Flex gaps as the build leaves them (web/css-compat.mjs adds their fallbacks): they pass.
FLEX_GAPS = """
.d { display: flex; flex-direction: column; gap: 1em; }
.r { display: flex; flex-wrap: wrap; gap: 0.2em 0.3em; }
.g { display: grid; gap: 1em; }
.x:is(.y, .z) { display: flex; gap: 2px; }
.d.over { display: grid; gap: 2em; }
"""
LOWER = ("import { lowerCss } from './css-compat.mjs'; import { readFileSync, writeFileSync } from 'node:fs';"
         " const [from, to] = process.argv.slice(-2);"
         " writeFileSync(to, await lowerCss(readFileSync(from, 'utf8'), { from }));")


@needs_node
def test_the_check_fails_on_features_the_engines_lack(tmp_path: Path) -> None:
    css = tmp_path / "sample.css"
    css.write_text(BAD_CSS)
    js = tmp_path / "sample.js"
    js.write_text(BAD_JS)
    done = run_check("--css", str(css), "--js", str(js))
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    for feature in ("css-has", "color-mix", "flex-gap", "viewport-unit-variants", "property:inset-inline",
                    "selector:is", "api:structuredClone", "js:Array.prototype.at", "api:Object.hasOwn()"):
        assert f"\n{feature}: missing in" in f"\n{out}", (feature, out)
    assert "no fallback html.no-flex-gap .d > :not(:first-child)" in out
    assert "gap whose display (flex or grid) the sheet does not settle: .w .u" in out


@needs_node
def test_the_check_knows_a_flex_gap_fallback(tmp_path: Path) -> None:
    source, built = tmp_path / "source.css", tmp_path / "built.css"
    source.write_text(FLEX_GAPS)
    assert NODE is not None
    subprocess.run([NODE, "--input-type=module", "-e", LOWER, str(source), str(built)], cwd=WEB, check=True,
                   timeout=60)
    assert "html.no-flex-gap .d > :not(:first-child)" in built.read_text()
    assert ".x.y" in built.read_text()  # :is() written out
    # a grid among the column's elements: its own gaps, and none of the column's margins
    assert "html.no-flex-gap .d.over { row-gap: 2em; column-gap: 2em }" in built.read_text()
    assert "html.no-flex-gap .d.over > :not(:first-child) { margin-top: 0 }" in built.read_text()
    done = run_check("--css", str(built))
    assert done.returncode == 0, done.stdout + done.stderr
    done = run_check("--css", str(source))
    assert done.returncode == 1 and "flex-gap: missing in" in done.stdout, done.stdout


# Where flex gap puts things, and where the fallback's margins do: the boxes of a 7-seat board's cities, its
# header and the parts of its first city, relative to the screen.
BOXES = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round);
  };
  const out = {};
  const add = (key, sel, root = document) => root.querySelectorAll(sel).forEach((el, i) => {
    out[`${key}${i}`] = box(el);
  });
  add('city', '.ring .classic-city');
  add('status', '.status > *');
  add('pill', '.status .pill');
  const first = document.querySelector('.ring .classic-city');
  add('part', ':scope > *', first);
  add('head', '.city-head > *', first);
  add('stage', '.stages > .stage', first);
  add('row', '.city-row > *', first);
  const chips = [...first.querySelectorAll('.city-cards > .chip')];
  const top = chips.length ? chips[0].getBoundingClientRect().top : 0;
  chips.filter((c) => c.getBoundingClientRect().top === top).forEach((c, i) => { out[`chip${i}`] = box(c); });
  add('log', '.tv-log .log-entry');
  const flexGapClass = document.documentElement.classList.contains('no-flex-gap');
  return { fit: document.querySelector('.ring').dataset.fit, flexGapClass, boxes: out };
}"""
# Each box where flex gap puts it, within a few pixels: the cities, the header, the log; the parts of a city
# within a line's height (a wrapped row's margins add or take a few pixels inside it).
OUTER_PX = 3
INNER_PX = 16
INNER = ("part", "head", "stage", "row", "chip")
# Before the page's scripts run (an init script runs before <html> exists): the class that lib/compat.js sets
# where a flex box's gap is not laid out.
FORCE_NO_FLEX_GAP = """new MutationObserver((_, seen) => {
  if (document.documentElement) { document.documentElement.classList.add('no-flex-gap'); seen.disconnect(); }
}).observe(document, { childList: true });"""


async def fresh_board(chromium: Browser, url: str, *, without_flex_gap: bool) -> tuple[BrowserContext, Page]:
    """The board of a table opened anew (its log as a new page shows it), at 1920×1080."""
    ctx = await chromium.new_context(viewport={"width": 1920, "height": 1080})
    if without_flex_gap:
        await ctx.add_init_script(FORCE_NO_FLEX_GAP)
    page = await ctx.new_page()
    await page.goto(url)
    await page.wait_for_selector(".ring[data-fit]")
    await page.wait_for_timeout(2600)  # the board settles (a larger size is tried once the page is idle)
    return ctx, page


async def test_flex_gap_fallback_lays_out_like_gap(
    host_url: str, chromium: Browser, shots: Path | None,
) -> None:
    async with scene(chromium, host_url, "classic", 7, options={"sides": "random"}, seed=4, phone=False) as s:
        await advance(s, 7 * 10)
        result = {}
        for without in (False, True):
            ctx, page = await fresh_board(chromium, s.board.url, without_flex_gap=without)
            try:
                await shot(page, shots, f"compat-{'no-' if without else ''}flex-gap-7")
                result[without] = await page.evaluate(BOXES)
            finally:
                await ctx.close()
        modern, fallback = result[False], result[True]
        assert modern["flexGapClass"] is False, "today's Chromium lays out flex gap: no fallback may apply"
        assert fallback["flexGapClass"] is True
        assert fallback["fit"] == modern["fit"], "the cities' size level differs without flex gap"
        a, b = modern["boxes"], fallback["boxes"]
        assert sorted(a) == sorted(b)
        far = {}
        for key, box in a.items():
            limit = INNER_PX if key.startswith(INNER) else OUTER_PX
            if max(abs(x - y) for x, y in zip(box, b[key], strict=True)) > limit:
                far[key] = (box, b[key])
        assert far == {}, far
        assert len(a) > 30
        assert s.errors == [], s.errors


async def test_the_tv_root_size_follows_the_screen(host_url: str, chromium: Browser) -> None:
    """html.board-page (set by board.js, no :has()) scales the root: 1280×720 gives 1280/120 px."""
    async with scene(chromium, host_url, "classic", 7, options={"sides": "random"}, seed=4, phone=True,
                     viewport={"width": 1280, "height": 720}) as s:
        root = await s.board.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
        assert root == pytest.approx(1280 / 120, abs=0.01)
        assert await s.board.evaluate("document.documentElement.classList.contains('board-page')")
        assert s.phone is not None
        phone_root = await s.phone.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
        assert phone_root == 16
