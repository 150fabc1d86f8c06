"""What "add to home screen" needs: the web app manifest of the phone pages and the app's icon.

The icon is drawn here, in code (no image library, no artwork from elsewhere): a stepped pyramid of three
tiers, one an Age, in the pages' gold on their dark background, its shade on the right of each tier. It
keeps to the middle of the square (the "safe zone" of a maskable icon, a circle of 40 % of the size), so a
launcher may cut it to a circle or a rounded square.

A table's manifest starts the app at that table's page (``/t/CODE``): a player who adds the table to the
home screen during a game comes back to their seat from there; once the table is gone the same page lists
the tables waiting for players. The host's manifest starts at ``/``, the same list.
"""

from __future__ import annotations

import functools
import struct
import zlib
from typing import Any

APP_NAME = "Wonders Table"
SHORT_NAME = "Wonders"
BACKGROUND = "#13151b"  # the pages' background (web/src/lib/base.css --bg) and the phone header's
GOLD = (0xF2, 0xC1, 0x4E)  # the pages' accent
SHADE = (0xC4, 0x93, 0x2C)
ICON_SIZES = (180, 192, 512)  # 180: iOS's home screen (apple-touch-icon); 192 and 512: the manifest's
ICON_TYPE = "image/png"
MANIFEST_TYPE = "application/manifest+json"
# The tiers, bottom to top, as (left, top, right, bottom) in fractions of the icon's size.
TIERS = ((0.20, 0.62, 0.80, 0.74), (0.29, 0.50, 0.71, 0.62), (0.38, 0.38, 0.62, 0.50),
         (0.45, 0.28, 0.55, 0.38))


def _rgb(color: str) -> tuple[int, int, int]:
    value = int(color.lstrip("#"), 16)
    return (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGB PNG of the given rows (each ``3 * width`` bytes)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, no interlace
    raw = b"".join(b"\x00" + row for row in rows)  # each row unfiltered
    pixels = zlib.compress(raw, 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


@functools.lru_cache(maxsize=len(ICON_SIZES))
def icon_png(size: int) -> bytes:
    """The app's icon, ``size`` pixels square, as PNG bytes. Every edge is a pixel's edge: nothing to blur."""
    if size not in ICON_SIZES:
        raise ValueError(f"no icon of {size} pixels")
    background = bytes(_rgb(BACKGROUND))
    rows = [bytearray(background * size) for _ in range(size)]
    for left, top, right, bottom in TIERS:
        x0, x1, y0, y1 = (round(v * size) for v in (left, right, top, bottom))
        middle = (x0 + x1) // 2
        for y in range(y0, y1):
            rows[y][3 * x0:3 * middle] = bytes(GOLD) * (middle - x0)
            rows[y][3 * middle:3 * x1] = bytes(SHADE) * (x1 - middle)
    return _png(size, size, [bytes(row) for row in rows])


def manifest(code: str | None = None) -> dict[str, Any]:
    """The web app manifest: of the table ``code`` (its page is where the app starts), else of the host."""
    start = f"/t/{code}" if code else "/"
    return {
        "name": APP_NAME if not code else f"{APP_NAME} {code}",
        "short_name": SHORT_NAME,
        "description": "Your hand at the table: 7 Wonders and 7 Wonders Duel on the local network",
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": BACKGROUND,
        "icons": [
            {"src": "/icon-192.png", "sizes": "192x192", "type": ICON_TYPE, "purpose": "any"},
            {"src": "/icon-512.png", "sizes": "512x512", "type": ICON_TYPE, "purpose": "any"},
            {"src": "/icon-512.png", "sizes": "512x512", "type": ICON_TYPE, "purpose": "maskable"},
        ],
    }
