"""The ways to pay on a 7 Wonders phone are the legal actions the host sent (read here from the socket's
frames): the cheapest first, every other way under "Other ways to pay", none missing, none invented."""

from __future__ import annotations

from typing import Any

import msgpack
from playwright.async_api import Browser, Locator, WebSocket, expect

from host.tools.viewkeeper import ViewKeeper
from tests.web.scene import advance, scene

Pay = tuple[int, int]


def listen_for_legal(latest: dict[str, Any]) -> Any:
    """A websocket handler keeping the legal actions of the phone's view, rebuilt from its whole views and
    patches as the page rebuilds it (docs/protocol.md, "Views as patches")."""

    def on_socket(ws: WebSocket) -> None:
        keeper = ViewKeeper()

        def on_frame(payload: str | bytes) -> None:
            if not isinstance(payload, bytes):
                return
            try:
                packet = msgpack.unpackb(payload, raw=False, strict_map_key=False)
            except (ValueError, msgpack.ExtraData):
                return
            data = packet.get("data") if isinstance(packet, dict) else None
            if isinstance(data, list) and len(data) == 2 and isinstance(data[0], str):
                message = keeper.receive(data[0], data[1])
                if message is not None:
                    latest["legal"] = message.get("legal_actions") or []

        ws.on("framereceived", on_frame)

    return on_socket


async def payments(buttons: Locator) -> list[Pay]:
    """The (left, right) coins of each build button."""
    out = []
    for button in await buttons.all():
        left = await button.get_attribute("data-left")
        right = await button.get_attribute("data-right")
        out.append((int(left or 0), int(right or 0)))
    return out


def legal_payments(legal: list[dict[str, Any]], card: str | None) -> list[Pay]:
    """The (left, right) coins of the legal builds of a card for my own city, sorted."""
    builds = [a for a in legal
              if a.get("type") == "build" and a.get("card") == card and not a.get("free_city")]
    return sorted((a["left"], a["right"]) for a in builds)


async def test_ways_to_pay_are_the_legal_actions_cheapest_first(host_url: str, chromium: Browser) -> None:
    latest: dict[str, Any] = {"legal": None}
    several = 0  # cards seen with more than one way to pay
    async with scene(chromium, host_url, "classic", 7, seed=7) as s:
        assert s.phone is not None
        phone = s.phone
        phone.on("websocket", listen_for_legal(latest))
        await phone.reload()
        await expect(phone.locator(".phone-head .me")).to_be_visible()
        for turn in range(2, 18):
            await advance(s, 7 * turn)
            if await s.board.locator("#final-scores").count():
                break
            cards = phone.locator("#prompt .hand button.card.can")
            if not await cards.count():
                continue
            for i in range(await cards.count()):
                card_id = await cards.nth(i).get_attribute("data-card")
                offered = legal_payments(latest["legal"] or [], card_id)
                await cards.nth(i).click()
                sheet = phone.locator("#sheet")
                await expect(sheet).to_be_visible()
                first = await payments(sheet.locator(".acts > button[data-action=build]"))
                rest = await payments(sheet.locator(".acts details.other-ways button[data-action=build]"))
                assert sorted(first + rest) == offered, (card_id, first, rest, offered)
                if len(first) + len(rest) > 1:  # a choice of seller (equal totals all come first)
                    several += 1
                if rest:
                    assert max(sum(p) for p in first) < min(sum(p) for p in rest), (card_id, first, rest)
                    summary = sheet.locator("details.other-ways summary")
                    assert await summary.inner_text() == "Other ways to pay"
                    assert [sum(p) for p in rest] == sorted(sum(p) for p in rest)
                await phone.click("#sheet [data-ui=close]")
                await expect(sheet).to_have_count(0)
            if several >= 2:
                break
        assert several >= 1, "no card offered two ways to pay: the scene does not test the choice"
        assert s.errors == [], s.errors
