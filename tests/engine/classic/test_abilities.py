"""Wonder abilities: Olympia's free build and guild copy, Halicarnassus, Babylon B's 7th card."""

from __future__ import annotations

from typing import Any

from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from tests.engine.classic.helpers import act, arrange, make

H3 = [["a1_scriptorium", "a1_altar"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]]


def _types(game: ClassicGame, seat: int, card: str) -> list[str]:
    return [a["type"] for a in game.legal_actions(seat) if a["card"] == card]


def _coins(game: ClassicGame, city: int) -> int:
    return int(game.view(None)["cities"][city]["coins"])


# --- Olympia A: free build once per age ----------------------------------------------------------------

def test_olympia_free_build_once_per_age() -> None:
    game = make(["olympia", "giza", "rhodes"])
    arrange(game, hands=H3, stages={0: 2}, coins={0: 0}, turn=2)
    assert "build" not in _types(game, 0, "a1_scriptorium")  # no papyrus anywhere
    assert "olympia" in _types(game, 0, "a1_scriptorium")
    assert game.view(0)["cities"][0]["olympia_free"] is True
    act(game, 0, type="olympia", card="a1_scriptorium")
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="discard", card="a1_press")
    assert {"type": "build", "seat": 0, "city": 0, "card": "a1_scriptorium", "left": 0, "right": 0,
            "coins": 0, "how": "olympia"} in events
    assert _coins(game, 0) == 0
    assert all(a["type"] != "olympia" for a in game.legal_actions(0))  # used this age
    hands = [["a2_library", "a2_school"], ["a2_loom", "a2_press"], ["a2_walls", "a2_statue"]]
    arrange(game, age=2, hands=hands)
    assert "olympia" in _types(game, 0, "a2_library")


def test_olympia_free_build_from_the_turn_after_the_stage_and_never_a_duplicate() -> None:
    game = make(["olympia", "giza", "rhodes"])
    # Age II: the Quarry pays stage 2 (SS); the Press was built in Age I
    hands = [["a2_school"], ["a2_walls", "a2_glassworks", "a2_press"], ["a2_statue"]]
    arrange(game, age=2, turn=2, hands=hands, stages={0: 1}, built={0: ["a1_press", "a2_quarry"]})
    assert all(a["type"] != "olympia" for a in game.legal_actions(0))
    act(game, 0, type="wonder", card="a2_school", left=0, right=0)
    act(game, 1, type="discard", card="a2_walls")
    act(game, 2, type="discard", card="a2_statue")
    # seat 0 now holds seat 1's hand (Age II passes right): its Glassworks and Press
    assert "olympia" in _types(game, 0, "a2_glassworks")
    assert "olympia" not in _types(game, 0, "a2_press")


# --- Halicarnassus -------------------------------------------------------------------------------------

OO = ["a1_ore_vein", "a1_clay_pit"]  # Halicarnassus B stage 1 costs OO (the Clay Pit makes clay or ore)


def _hali(boards: list[str], turn: int, hands: list[list[str]], built: dict[int, list[str]],
          discard: list[str] | None = None,
          plays: tuple[str, ...] = ()) -> tuple[ClassicGame, list[dict[str, Any]]]:
    """Halicarnassus B builds its first stage with its first card; every other seat discards its first
    card (or builds it, for ``plays``)."""
    game = make(["halicarnassus", *boards], sides=["B"] + ["A"] * len(boards))
    arrange(game, hands=hands, turn=turn, discard=discard, built={0: OO + built.pop(0, []), **built})
    events = act(game, 0, type="wonder", card=hands[0][0], left=0, right=0)
    for seat in range(1, game.seats):
        card = hands[seat][0]
        if card in plays:
            events = act(game, seat, type="build", card=card, left=0, right=0)
        else:
            events = act(game, seat, type="discard", card=card)
    return game, events


def test_halicarnassus_sees_the_pile_only_while_choosing_and_builds_for_free() -> None:
    # 4 seats for the Tavern; turn 2: Halicarnassus's two cards and the two discarded ones
    hands = [["a1_scriptorium"], ["a1_baths"], ["a1_press"], ["a1_theater"]]
    game, events = _hali(["giza", "rhodes", "ephesus"], 2, hands, {}, discard=["a1_tavern", "a1_altar"])
    assert game.to_act() == [0] and game.view(None)["phase"] == "halicarnassus"
    # the pile in a fixed order (by card), not the order of the discards, which is secret
    pile = ["a1_tavern", "a1_altar", "a1_baths", "a1_press", "a1_theater"]
    assert game.view(0)["discard"] == sorted(pile, key=C.CARD_INDEX.__getitem__)
    assert game.view(1)["discard"] is None and game.view(None)["discard"] is None
    assert game.view(1)["discard_count"] == 5
    assert sorted(a["card"] for a in game.legal_actions(0)) == sorted(pile)
    assert game.legal_actions(1) == []
    coins = _coins(game, 0)
    events = act(game, 0, type="halicarnassus", card="a1_tavern")
    assert _coins(game, 0) == coins + 5  # Tavern's coins are gained
    assert {"type": "coins", "city": 0, "delta": 5, "why": "card"} in events
    assert game.view(None)["phase"] == "turn" and game.view(None)["turn"] == 3
    assert "a1_tavern" in game.view(None)["cities"][0]["cards"] and game.view(1)["discard_count"] == 4


def test_halicarnassus_never_takes_a_duplicate_and_may_lose_the_effect() -> None:
    # 4 seats: two Scriptoriums; the pile holds only the one Halicarnassus has built, the others build
    hands = [["a1_altar"], ["a1_lumber_yard"], ["a1_theater"], ["a1_stone_pit"]]
    game, events = _hali(["giza", "rhodes", "ephesus"], 2, hands, {0: ["a1_scriptorium"]},
                         discard=["a1_scriptorium"], plays=("a1_lumber_yard", "a1_theater", "a1_stone_pit"))
    assert {"type": "effect_lost", "city": 0, "kind": "halicarnassus"} in events
    assert game.view(None)["phase"] == "turn" and game.view(None)["turn"] == 3


def test_halicarnassus_on_turn_six_takes_a_seventh_card_and_it_fights() -> None:
    hands = [["a1_altar", "a1_theater"], ["a1_baths", "a1_stockade"], ["a1_press", "a1_loom"]]
    game, events = _hali(["giza", "rhodes"], 6, hands, {1: ["a1_guard_tower"]})
    assert "a1_stockade" in game.view(0)["discard"]  # a 7th card discarded this very turn
    assert [c["military"] for c in game.view(None)["cities"]] == [[], [], []]
    act(game, 0, type="halicarnassus", card="a1_stockade")
    view = game.view(None)
    assert view["cities"][0]["military"] == [1]  # tie with Giza (1 shield), beats Rhodes (0)
    assert view["cities"][0]["shields"] == 1 and view["age"] == 2


# --- Babylon B: the 7th card ---------------------------------------------------------------------------

BABYLON_HANDS = [["a1_altar", "a1_theater"], ["a1_baths", "a1_clay_pool"], ["a1_press", "a1_loom"]]


def _babylon(stages: int, built: list[str] | None = None) -> ClassicGame:
    game = make(["babylon", "olympia", "giza"], sides=["B", "A", "A"])
    arrange(game, hands=BABYLON_HANDS, stages={0: stages}, turn=6, built={0: built or []})
    return game


def test_babylon_b_plays_the_seventh_card() -> None:
    game = _babylon(2)
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="discard", card="a1_press")
    assert {"type": "pending", "seat": 0, "city": 0, "kind": "babylon"} in events
    assert game.to_act() == [0] and game.view(0)["hand"] == ["a1_theater"]
    assert {a["type"] for a in game.legal_actions(0)} == {"build", "discard"}
    coins = _coins(game, 0)
    act(game, 0, type="discard", card="a1_theater")  # discarding the 7th card gives 3 coins
    assert _coins(game, 0) == coins + 3
    assert game.view(None)["age"] == 2


def test_babylon_b_stage_two_built_on_turn_six_plays_the_remaining_card() -> None:
    game = _babylon(1, ["a1_lumber_yard", "a1_timber_yard", "a1_glassworks"])  # stage 2 costs WWG
    act(game, 0, type="wonder", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    act(game, 2, type="discard", card="a1_press")
    assert game.view(None)["phase"] == "babylon"
    act(game, 0, type="build", card="a1_theater", left=0, right=0)
    assert "a1_theater" in game.view(None)["cities"][0]["cards"]
    assert game.view(None)["age"] == 2


def test_without_babylon_b_stage_two_the_seventh_card_is_discarded() -> None:
    game = _babylon(1)
    act(game, 0, type="build", card="a1_altar", left=0, right=0)
    act(game, 1, type="discard", card="a1_baths")
    events = act(game, 2, type="discard", card="a1_press")
    assert {"type": "last_card_discarded", "seat": 0, "city": 0} in events
    assert game.view(None)["age"] == 2


# --- Olympia B: copy a neighbour's guild ---------------------------------------------------------------

def _end(olympia_stages: int, built: dict[int, list[str]]) -> ClassicGame:
    game = make(["olympia", "giza", "rhodes"], sides=["B", "A", "A"])
    hands = [["a3_pantheon", "a3_gardens"], ["a3_senate", "a3_palace"], ["a3_arena", "a3_haven"]]
    arrange(game, hands=hands, stages={0: olympia_stages}, age=3, turn=6, built=built)
    for seat in range(3):
        act(game, seat, type="discard", card=hands[seat][0])
    return game


def test_olympia_b_copies_a_neighbour_guild_at_the_end() -> None:
    game = _end(3, {1: ["a3_spies_guild", "a1_stockade"], 2: ["a3_scientists_guild", "a1_barracks"]})
    assert game.state.phase == "copy_guild" and game.to_act() == [0]
    assert sorted(a["card"] for a in game.legal_actions(0)) == ["a3_scientists_guild", "a3_spies_guild"]
    events = act(game, 0, type="copy_guild", card="a3_spies_guild")
    assert {"type": "guild_copied", "seat": 0, "city": 0, "card": "a3_spies_guild"} in events
    assert game.is_over()
    assert game.result()["scores"][0]["guilds"] == 2  # one red card in each neighbour


def test_olympia_b_copying_scientists_adds_a_wildcard() -> None:
    game = _end(3, {1: ["a3_scientists_guild"], 0: ["a1_workshop", "a1_apothecary"]})
    act(game, 0, type="copy_guild", card="a3_scientists_guild")
    assert game.result()["scores"][0]["science"] == 1 + 1 + 1 + 7  # the wildcard becomes a tablet


def test_olympia_b_without_neighbour_guilds_ends_directly() -> None:
    game = _end(3, {0: ["a3_spies_guild"]})
    assert game.is_over() and game.to_act() == []
