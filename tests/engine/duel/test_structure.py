"""The card structures of the three Ages (duel.md §3, §4, §14.22-24)."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.duel.material import STRUCTURES
from tests.engine.duel.helpers import deck_for, events_of, jump, lay_out, new

ROWS = {1: [2, 3, 4, 5, 6], 2: [6, 5, 4, 3, 2], 3: [2, 3, 4, 2, 4, 3, 2]}


@pytest.mark.parametrize("age", [1, 2, 3])
def test_layout_rows_faces_and_start_access(age: int) -> None:
    game = jump(new(), age, [])
    view = game.view(None)["structure"]
    rows: dict[int, int] = {}
    for s in view:
        rows[s["row"]] = rows.get(s["row"], 0) + 1
        assert (s["card"] is None) == (s["row"] % 2 == 1)
        assert (s["back"] is not None) == (s["row"] % 2 == 1)
    assert [rows[r] for r in sorted(rows)] == ROWS[age]
    assert sum(s["accessible"] for s in view) == {1: 6, 2: 2, 3: 2}[age]


def test_coverage_checks_of_the_digest() -> None:
    slots = {age: STRUCTURES[age].slots for age in (1, 2, 3)}
    where = {age: {rc: i for i, rc in enumerate(slots[age])} for age in (1, 2, 3)}
    cov = {age: {slots[age][i]: {slots[age][j] for j in STRUCTURES[age].covered_by[i]} for i in range(20)}
           for age in (1, 2, 3)}
    assert cov[1][(3, -4)] == {(4, -5), (4, -3)}
    assert cov[2][(0, -5)] == {(1, -4)}
    assert cov[3][(2, -3)] == {(3, -2)} and cov[3][(2, -1)] == {(3, -2)}
    assert cov[3][(3, -2)] == {(4, -3), (4, -1)}
    assert len(where[3]) == 20


def test_reveal_after_both_covering_cards_are_taken() -> None:
    deck = deck_for(1, [])
    game = new(ages={"1": deck})
    assert game.view(0)["structure"][9]["card"] is None
    events = game.apply(0, {"type": "discard", "card": deck[14]})
    assert not events_of(events, "reveal")
    events = game.apply(1, {"type": "discard", "card": deck[15]})
    assert events_of(events, "reveal") == [{"type": "reveal", "seat": 1, "slot": 9, "card": deck[9]}]
    assert events[-1]["type"] == "reveal"
    s9 = game.view(None)["structure"][9]
    assert s9 == {"slot": 9, "row": 3, "col": -4, "card": deck[9], "back": None, "taken": False,
                  "accessible": True}


def test_covered_card_cannot_be_taken() -> None:
    deck = deck_for(1, [])
    game = new(ages={"1": deck})
    before = game.to_dict()
    for card in (deck[0], deck[9], "not_a_card", 3, None):
        with pytest.raises(IllegalAction):
            game.apply(0, {"type": "build", "card": card})
    with pytest.raises(IllegalAction):
        game.apply(0, {"type": "discard", "card": deck_for(2, [])[0]})
    assert game.to_dict() == before


def test_guild_backs_in_age_three() -> None:
    plain, guilds = deck_for(3, [])[:17], deck_for(3, [])[17:]  # the 3 Guilds come last
    deck = plain[:2] + guilds[:2] + plain[2:7] + guilds[2:] + plain[7:]
    game = lay_out(new(), 3, deck)
    faces = {s["slot"]: s["back"] for s in game.view(None)["structure"] if s["back"]}
    assert faces == {**dict.fromkeys([4, 10, 15, 16, 17], "age3"), 2: "guild", 3: "guild", 9: "guild"}
    for view in (game.view(0), game.view(1), game.view(None)):
        assert "merchants_guild" not in str(view) and "scientists_guild" not in str(view)
