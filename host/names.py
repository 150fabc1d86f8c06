"""Player names as a client sends them, cleaned before anyone sees them."""

from __future__ import annotations

import unicodedata

from host.errors import HostError

NAME_MAX = 24  # characters (code points) after cleaning
COMBINING_MAX = 2  # combining marks kept after one base character (no "Zalgo" towers)
RAW_MAX = 256  # longer input is refused before any work


def clean_name(raw: object) -> str:
    """The name to show for ``raw``, or ``bad_request``.

    Control characters, bidi controls, zero-width and other invisible format characters (Unicode
    categories Cc and Cf) are removed, every run of spaces becomes one space, the ends are trimmed and
    at most :data:`COMBINING_MAX` combining marks follow a character; the result, in NFC, must be
    1 to :data:`NAME_MAX` characters.
    """
    if not isinstance(raw, str) or len(raw) > RAW_MAX:
        raise HostError("bad_request", f"'name' must be 1 to {NAME_MAX} characters")
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFC", raw):
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Co", "Cs", "Cn"):
            continue
        if category.startswith("Z"):  # any space or line/paragraph separator
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
            continue
        if category in ("Mn", "Me"):
            if not out or out[-1] == " " or marks >= COMBINING_MAX:
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
    name = unicodedata.normalize("NFC", "".join(out).strip())
    if not 1 <= len(name) <= NAME_MAX:
        raise HostError("bad_request", f"'name' must be 1 to {NAME_MAX} visible characters")
    return name
