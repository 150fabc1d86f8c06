""""Add to home screen": the web app manifests (the host's and each table's), the app's icon at every size
they name, and the phone page that links them (host/appicon.py, web/src/phone.html)."""

from __future__ import annotations

import json
import re
import shutil
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from host.app import create_app
from host.appicon import ICON_SIZES

PHONE_HTML = Path(__file__).resolve().parents[2] / "web" / "src" / "phone.html"
HEX_COLOR = re.compile(r"#[0-9a-f]{6}")


class Head(HTMLParser):
    """The <link> and <meta> tags of a page, as attribute maps."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.metas: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if tag == "link":
            self.links.append(found)
        elif tag == "meta":
            self.metas.append(found)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows (RGB bytes) of an 8-bit RGB PNG without filters, as host/appicon.py writes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, color, interlace) == (8, 2, 0)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 3 * width
    assert len(raw) == height * stride and b"IEND" in chunks
    return width, height, [raw[y * stride + 1:(y + 1) * stride] for y in range(height)]


async def fetch_manifest(client: Any, path: str) -> dict[str, Any]:
    resp = await client.get(path)
    assert resp.status == 200, path
    assert resp.content_type == "application/manifest+json"
    assert resp.headers["Cache-Control"] == "no-cache"
    return dict(json.loads(await resp.text()))


async def test_the_host_manifest_opens_the_join_page_standalone_with_the_icon(aiohttp_client, data_dir):
    client = await aiohttp_client(create_app(data_dir))
    manifest = await fetch_manifest(client, "/manifest.webmanifest")
    assert manifest["name"] == "Wonders Table" and 0 < len(manifest["short_name"]) <= 12
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] in ("standalone", "fullscreen")
    assert HEX_COLOR.fullmatch(manifest["theme_color"]) and HEX_COLOR.fullmatch(manifest["background_color"])
    icons = manifest["icons"]
    assert {icon["sizes"] for icon in icons} >= {"192x192", "512x512"}  # what Android asks for
    assert any(icon["purpose"] == "maskable" for icon in icons)
    for icon in icons:
        resp = await client.get(icon["src"])
        assert resp.status == 200 and resp.content_type == icon["type"] == "image/png", icon
        width, height, _ = png_pixels(await resp.read())
        assert f"{width}x{height}" == icon["sizes"]


async def test_a_tables_manifest_starts_the_app_at_that_tables_page(aiohttp_client, data_dir):
    client = await aiohttp_client(create_app(data_dir))
    host = await fetch_manifest(client, "/manifest.webmanifest")
    table = await fetch_manifest(client, "/t/abcd/manifest.webmanifest")
    assert table["start_url"] == "/t/ABCD" and table["start_url"].startswith(table["scope"])
    assert "ABCD" in table["name"]
    assert {k: v for k, v in table.items() if k not in ("start_url", "name")} == \
        {k: v for k, v in host.items() if k not in ("start_url", "name")}
    for path in ("/t/AB%20CD/manifest.webmanifest", f"/t/{'A' * 17}/manifest.webmanifest",
                 "/icon-64.png", "/icon-0192.png"):
        assert (await client.get(path)).status == 404, path


async def test_the_icon_is_the_pages_colours_and_keeps_to_the_maskable_safe_zone(aiohttp_client, data_dir):
    """Every size draws the same picture; nothing but the background lies outside the circle of 40 % of the
    size around the middle, which a launcher's mask always keeps."""
    client = await aiohttp_client(create_app(data_dir))
    manifest = await fetch_manifest(client, "/manifest.webmanifest")
    background = bytes.fromhex(manifest["background_color"][1:])
    for size in ICON_SIZES:
        resp = await client.get(f"/icon-{size}.png")
        assert resp.status == 200 and resp.content_type == "image/png"
        width, height, rows = png_pixels(await resp.read())
        assert width == height == size
        drawn = [(x, y) for y, row in enumerate(rows) for x in range(width)
                 if row[3 * x:3 * x + 3] != background]
        assert len(drawn) > 0.1 * size * size  # a picture, not an empty square
        middle = size / 2
        assert all((x + 0.5 - middle) ** 2 + (y + 0.5 - middle) ** 2 <= (0.4 * size) ** 2 for x, y in drawn)
        assert rows[0][:3] == background  # the corners are the background the manifest names


async def test_the_phone_page_links_the_manifest_the_icon_and_the_theme_colour(aiohttp_client, data_dir,
                                                                                tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    shutil.copy(PHONE_HTML, dist / "phone.html")
    client = await aiohttp_client(create_app(data_dir, web_dir=dist))
    resp = await client.get("/t/ABCD")
    assert resp.status == 200
    head = Head()
    head.feed(await resp.text())
    links = {link["rel"]: link["href"] for link in head.links}
    metas = {meta.get("name"): meta.get("content") for meta in head.metas}
    manifest = await fetch_manifest(client, links["manifest"])
    assert links["manifest"] == "/manifest.webmanifest"  # the page makes it its table's (web/src/phone.js)
    assert metas["theme-color"] == manifest["theme_color"]
    for rel in ("icon", "apple-touch-icon"):
        icon = await client.get(links[rel])
        assert icon.status == 200 and icon.content_type == "image/png", rel
