"""The TV with a remote: arrow keys, Enter and Back (Escape) drive a whole set-up on the board page, the
focus ring is big enough to be seen from the sofa and the focus is never lost when the page re-renders."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser, Page, expect

from tests.web.pages import TV, shot, watch_errors

MAX_PRESSES = 40
RING_MIN_PX = 6  # the focus outline at 1080p


async def focused(page: Page) -> dict:
    """Where the focus is: whether it is on a control at all, its centre, and its outline."""
    return await page.evaluate("""() => {
        const el = document.activeElement;
        if (!el || el === document.body) return {none: true};
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {none: false, x: box.left + box.width / 2, y: box.top + box.height / 2,
                select: el.tagName === "SELECT", outline: parseFloat(style.outlineWidth) || 0,
                key: el.outerHTML.slice(0, 80)};
    }""")


async def arrow_to(page: Page, selector: str) -> None:
    """Move the focus to ``selector`` with arrow keys only, the way a person with a remote does: press
    towards the target (the longer way first, the other when that does not move; a select is left up or
    down)."""
    target = page.locator(selector)
    await expect(target).to_be_visible()
    for _ in range(MAX_PRESSES):
        if await target.evaluate("el => el === document.activeElement"):
            return
        now = await focused(page)
        if now["none"]:
            await page.keyboard.press("ArrowDown")
            continue
        box = await target.bounding_box()
        assert box is not None
        dx, dy = box["x"] + box["width"] / 2 - now["x"], box["y"] + box["height"] / 2 - now["y"]
        horizontal = "ArrowRight" if dx > 0 else "ArrowLeft"
        vertical = "ArrowDown" if dy > 0 else "ArrowUp"
        keys = [horizontal, vertical] if abs(dx) > abs(dy) else [vertical, horizontal]
        if now["select"]:  # left and right change a select's value: leave it up or down
            keys = [vertical, "ArrowUp" if vertical == "ArrowDown" else "ArrowDown"]
        for key in keys:
            before = now["key"], now["x"], now["y"]
            await page.keyboard.press(key)
            after = await focused(page)
            assert not after["none"], f"{key} lost the focus"
            if (after["key"], after["x"], after["y"]) != before:
                break
    raise AssertionError(f"the arrow keys never reached {selector}; focus on {(await focused(page))['key']}")


async def enter(page: Page) -> None:
    await page.keyboard.press("Enter")


async def test_a_whole_set_up_with_the_remotes_keys(host_url: str, chromium: Browser,
                                                   shots: Path | None) -> None:
    errors: list[str] = []
    ctx = await chromium.new_context(viewport=TV)
    try:
        tv = await ctx.new_page()
        watch_errors(tv, errors)
        await tv.goto(f"{host_url}/")
        await expect(tv.locator("#setup-code img.qr")).to_be_visible()
        await tv.keyboard.press("ArrowDown")  # the first press lands on a control
        assert not (await focused(tv))["none"]

        # 7 Wonders for 4 with Cities, by keys: left/right change a select's value, Enter ticks a box.
        await arrow_to(tv, "#cl-seats")
        await tv.keyboard.press("ArrowRight")
        await expect(tv.locator("#cl-seats")).to_have_value("4")
        await arrow_to(tv, "#cl-cities")
        await enter(tv)
        await expect(tv.locator("#cl-cities")).to_be_checked()
        ring = await focused(tv)
        assert ring["outline"] >= RING_MIN_PX, ring
        await shot(tv, shots, "tv-keys-home")
        await arrow_to(tv, "[data-action=create-classic]")
        await enter(tv)

        # The lobby: the focus is on a control again at once (never lost on the new screen).
        await expect(tv.locator(".lobby #table-code")).to_be_visible()
        assert not (await focused(tv))["none"]
        for seat, level in ((0, "easy"), (1, "random"), (2, "random"), (3, "easy")):
            await arrow_to(tv, f"[data-action=set-bot][data-seat='{seat}'][data-level={level}]")
            await enter(tv)
            await expect(tv.locator(f".seat.bot[data-seat='{seat}']")).to_be_visible()
            assert not (await focused(tv))["none"], "the focus was lost when the seat re-rendered"
        await arrow_to(tv, "[data-action=clock][data-clock='45']")
        await enter(tv)
        pressed = tv.locator("[data-action=clock][data-clock='45']")
        await expect(pressed).to_have_attribute("aria-pressed", "true")
        await shot(tv, shots, "tv-keys-lobby")

        # Back opens the board's menu (the focus moves into it), Back again closes it.
        await tv.keyboard.press("Escape")
        await expect(tv.locator("#board-menu")).to_be_visible()
        assert await tv.evaluate("document.getElementById('board-menu').contains(document.activeElement)")
        await tv.keyboard.press("Escape")
        await expect(tv.locator("#board-menu")).to_have_count(0)
        assert not (await focused(tv))["none"]

        await arrow_to(tv, "[data-action=start]")
        await enter(tv)
        await expect(tv.locator("body[data-state=playing]")).to_have_count(1)
        await shot(tv, shots, "tv-keys-playing")
        assert not errors, errors
    finally:
        await ctx.close()
