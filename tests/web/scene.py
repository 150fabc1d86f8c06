"""Seeded games brought to a chosen moment, seen in the browser: the board page and (optionally) one
phone page in Chromium, the other seats played by headless phones (host.tools.phone) in the same event loop.
Used by the layout and accessibility tests and by the screenshot script (``make screenshots``)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Browser, BrowserContext, Page, expect

from host.tools.phone import Phone, create_table
from tests.web.pages import PHONE_390, TV, tap_first_action, watch_errors

NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus")


class BuilderPhone(Phone):
    """A headless player that prefers building (cards, then wonders) to discarding, so a board fills up
    the way it does with people; payments: the cheapest."""

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = current["legal_actions"]

        def cost(action: dict[str, Any]) -> int:
            return int(action.get("left", 0)) + int(action.get("right", 0))

        for kind in ("build", "wonder", "olympia", "halicarnassus", "copy_guild"):
            options = [a for a in legal if a.get("type") == kind]
            if options and (kind != "wonder" or self.rng.random() < 0.5):
                cheapest = min(cost(a) for a in options)
                return self.rng.choice([a for a in options if cost(a) == cheapest])
        return self.rng.choice(legal)


@dataclass
class Scene:
    """A running table: its code, the board page, the browser phone (seat 0) if any, the bots."""

    code: str
    board: Page
    phone: Page | None
    bots: list[Phone] = field(default_factory=list)
    tasks: list[asyncio.Task[Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    async def step(self) -> int:
        return int(await self.board.evaluate("Number(document.body.dataset.step)"))


@asynccontextmanager
async def scene(
    chromium: Browser, host_url: str, game: str, seats: int, *, options: dict[str, Any] | None = None,
    phone: bool = True, seed: int = 1, viewport: dict[str, int] | None = None,
    bot_class: type[Phone] | None = None,
) -> AsyncIterator[Scene]:
    """A seeded table of ``game`` with ``seats`` seats: the board page watching it, a browser phone in seat 0
    (when ``phone``) and builder bots (or ``bot_class``) in the other seats. Use :func:`advance` to reach a
    step."""
    code = await create_table(host_url, game, options or {}, seats)
    board_ctx = await chromium.new_context(viewport=viewport or TV)
    contexts: list[BrowserContext] = [board_ctx]
    errors: list[str] = []
    board = await board_ctx.new_page()
    watch_errors(board, errors)
    await board.goto(f"{host_url}/board/{code}")
    phone_page = None
    if phone:
        phone_ctx = await chromium.new_context(viewport=PHONE_390, has_touch=True, is_mobile=True)
        contexts.append(phone_ctx)
        phone_page = await phone_ctx.new_page()
        watch_errors(phone_page, errors)
        await phone_page.goto(f"{host_url}/t/{code}")
        await phone_page.fill("#name", NAMES[0])
        await phone_page.click("[data-action=join]")
        await expect(phone_page.locator(".phone-head .me")).to_have_text(NAMES[0])
    first_bot = 1 if phone else 0
    bot = bot_class or BuilderPhone
    bots = [bot(host_url, code, NAMES[i], seed=seed * 100 + i) for i in range(first_bot, seats)]
    result = Scene(code, board, phone_page, bots, [], errors)
    try:
        for bot in bots:
            await bot.join()
        yield result
    finally:
        for task in result.tasks:
            task.cancel()
        for bot in bots:
            await bot.close()
        for ctx in contexts:
            await ctx.close()


async def advance(s: Scene, until_step: int, *, timeout: float = 120.0) -> None:
    """Play until the game's step reaches ``until_step`` (or the game ends): bots on their own, the
    browser phone by taps."""
    for task in s.tasks:
        task.cancel()
    s.tasks = [asyncio.create_task(bot.play(until_step=until_step)) for bot in s.bots]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    rng = random.Random(until_step)
    while True:
        assert loop.time() < deadline, f"step {until_step} not reached"
        over = await s.board.locator("#final-scores").count()
        if over or await s.step() >= until_step:
            break
        if s.phone is None or not await tap_first_action(s.phone, prefer_wonder=False):
            await asyncio.sleep(0.05 + rng.random() * 0.05)
    for task in s.tasks:
        task.cancel()
    await s.board.wait_for_timeout(100)
