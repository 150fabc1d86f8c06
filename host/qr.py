"""QR codes of join URLs: SVG for the board page, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.constants
import qrcode.image.svg


def _qr(url: str) -> qrcode.QRCode:
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    qr.add_data(url)
    qr.make(fit=True)
    return qr


def qr_svg(url: str) -> bytes:
    """The QR code of ``url`` as a standalone SVG document (no Pillow needed)."""
    buf = io.BytesIO()
    _qr(url).make_image(image_factory=qrcode.image.svg.SvgPathImage).save(buf)
    return buf.getvalue()


def qr_ascii(url: str) -> str:
    """The QR code of ``url`` drawn with half-block characters for a terminal."""
    buf = io.StringIO()
    _qr(url).print_ascii(out=buf, invert=True)
    return buf.getvalue()
