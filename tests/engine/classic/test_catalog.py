"""The public catalog: every card, board side and stage as plain dicts."""

from __future__ import annotations

import json

import engine


def test_catalog_lists_everything_as_plain_data() -> None:
    cat = engine.catalog("classic")
    json.dumps(cat)
    assert cat["game"] == "classic" and cat["resources"][5] == "textile"
    cards = {c["id"]: c for c in cat["cards"]}
    assert len(cards) == 78 and sum(c["guild"] for c in cards.values()) == 10
    assert cards["a2_aqueduct"]["cost"] == {"coins": 0, "resources": {"stone": 3}}
    assert cards["a1_baths"]["chains"] == ["a2_aqueduct"]
    assert cards["a2_aqueduct"]["chain_from"] == ["a1_baths"]
    assert cards["a1_tavern"]["copies"] == [4, 5, 7]
    assert cards["a1_tavern"]["count"] == {"3": 0, "4": 1, "5": 2, "6": 2, "7": 3}
    assert cards["a1_timber_yard"]["effect"] == {"produce_choice": ["stone", "wood"], "sellable": True}
    assert cards["a2_forum"]["effect"] == {"produce_choice": ["glass", "textile", "papyrus"]}
    assert sum(sum(c["count"]["7"] for c in cat["cards"] if c["age"] == a) for a in (1, 2)) == 98
    boards = {b["id"]: b for b in cat["boards"]}
    assert len(boards) == 14 and len(boards["giza_B"]["stages"]) == 4
    assert boards["olympia_A"]["stages"][1]["effect"] == {"ability": "olympia_free"}
    assert boards["rhodes_B"]["stages"][0]["cost"] == {"coins": 0, "resources": {"stone": 3}}
    assert boards["halicarnassus_A"]["resource"] == "textile"
