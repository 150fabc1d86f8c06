"""The strings module carries a short effect caption for every wonder and progress token of the catalog."""

from __future__ import annotations

import re
from pathlib import Path

from engine import api

STRINGS = Path(__file__).resolve().parents[2] / "web" / "src" / "lib" / "strings.js"


def english_fx_keys() -> dict[str, str]:
    """The "fx.<id>" entries of the English strings, read from the source of the strings module."""
    text = STRINGS.read_text(encoding="utf-8")
    return dict(re.findall(r'"fx\.([a-z_]+)":\s*"([^"]+)"', text))


def test_every_wonder_and_progress_token_has_a_caption() -> None:
    catalog = api.catalog("duel")
    ids = [entry["id"] for entry in catalog["wonders"]] + [entry["id"] for entry in catalog["progress"]]
    fx = english_fx_keys()
    missing = [i for i in ids if not fx.get(i, "").strip()]
    assert missing == []
    assert len(ids) == 22
    assert set(fx) == set(ids)  # no caption for an id the game does not have
    too_long = [i for i in ids if len(fx[i]) > 56]
    assert too_long == []  # captions stay short enough for a token caption on the TV
