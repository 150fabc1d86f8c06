"""Every Age card and Guild: cost, and the effect of building it in an empty city (duel-cards.md)."""

from __future__ import annotations

import pytest

from engine import catalog
from tests.engine.duel.helpers import build, coins, events_of, give, pawn, ready

# card: (age, coin cost, resource letters W C S G P, effect)
# effects: "P wood 1" produce, "CH glass papyrus" choice, "SH n" shields, "SC symbol vp",
# "VP row n", "FIX res..", "CO n" coins when built, "G" guild (tested in test_guilds.py)
CARDS = {
    "lumber_yard": (1, 0, "", "P wood 1"), "logging_camp": (1, 1, "", "P wood 1"),
    "clay_pool": (1, 0, "", "P clay 1"), "clay_pit": (1, 1, "", "P clay 1"),
    "quarry": (1, 0, "", "P stone 1"), "stone_pit": (1, 1, "", "P stone 1"),
    "glassworks": (1, 1, "", "P glass 1"), "press": (1, 1, "", "P papyrus 1"),
    "guard_tower": (1, 0, "", "SH 1"), "stable": (1, 0, "W", "SH 1"), "garrison": (1, 0, "C", "SH 1"),
    "palisade": (1, 2, "", "SH 1"),
    "workshop": (1, 0, "P", "SC plumb 1"), "apothecary": (1, 0, "G", "SC wheel 1"),
    "scriptorium": (1, 2, "", "SC quill 0"), "pharmacist": (1, 2, "", "SC mortar 0"),
    "theater": (1, 0, "", "VP blue 3"), "altar": (1, 0, "", "VP blue 3"), "baths": (1, 0, "S", "VP blue 3"),
    "stone_reserve": (1, 3, "", "FIX stone"), "clay_reserve": (1, 3, "", "FIX clay"),
    "wood_reserve": (1, 3, "", "FIX wood"), "tavern": (1, 0, "", "CO 4"),
    "sawmill": (2, 2, "", "P wood 2"), "brickyard": (2, 2, "", "P clay 2"),
    "shelf_quarry": (2, 2, "", "P stone 2"), "glassblower": (2, 0, "", "P glass 1"),
    "drying_room": (2, 0, "", "P papyrus 1"),
    "walls": (2, 0, "SS", "SH 2"), "horse_breeders": (2, 0, "WC", "SH 1"), "barracks": (2, 3, "", "SH 1"),
    "archery_range": (2, 0, "WSP", "SH 2"), "parade_ground": (2, 0, "CCG", "SH 2"),
    "library": (2, 0, "WSG", "SC quill 2"), "dispensary": (2, 0, "CCS", "SC mortar 2"),
    "school": (2, 0, "WPP", "SC wheel 1"), "laboratory": (2, 0, "WGG", "SC plumb 1"),
    "courthouse": (2, 0, "WWG", "VP blue 5"), "statue": (2, 0, "CC", "VP blue 4"),
    "temple": (2, 0, "WP", "VP blue 4"), "aqueduct": (2, 0, "SSS", "VP blue 5"),
    "rostrum": (2, 0, "WS", "VP blue 4"),
    "forum": (2, 3, "C", "CH glass papyrus"), "caravansery": (2, 2, "GP", "CH wood clay stone"),
    "customs_house": (2, 4, "", "FIX glass papyrus"), "brewery": (2, 0, "", "CO 6"),
    "arsenal": (3, 0, "WWCCC", "SH 3"), "pretorium": (3, 8, "", "SH 3"),
    "fortifications": (3, 0, "CSSP", "SH 2"), "siege_workshop": (3, 0, "WWWG", "SH 2"),
    "circus": (3, 0, "CCSS", "SH 2"),
    "academy": (3, 0, "WSGG", "SC sundial 3"), "study": (3, 0, "WWGP", "SC sundial 3"),
    "university": (3, 0, "CGP", "SC armillary 2"), "observatory": (3, 0, "SPP", "SC armillary 2"),
    "palace": (3, 0, "WCSGG", "VP blue 7"), "town_hall": (3, 0, "WWSSS", "VP blue 7"),
    "obelisk": (3, 0, "SSG", "VP blue 5"), "gardens": (3, 0, "WWCC", "VP blue 6"),
    "pantheon": (3, 0, "WCPP", "VP blue 6"), "senate": (3, 0, "CCSP", "VP blue 5"),
    "chamber_of_commerce": (3, 0, "PP", "VP yellow 3"), "port": (3, 0, "WGP", "VP yellow 3"),
    "armory": (3, 0, "SSG", "VP yellow 3"), "lighthouse": (3, 0, "CCG", "VP yellow 3"),
    "arena": (3, 0, "WCS", "VP yellow 3"),
    "merchants_guild": (3, 0, "WCGP", "G"), "shipowners_guild": (3, 0, "CSGP", "G"),
    "builders_guild": (3, 0, "WCSSG", "G"), "magistrates_guild": (3, 0, "WWCP", "G"),
    "scientists_guild": (3, 0, "WWCC", "G"), "moneylenders_guild": (3, 0, "WWSS", "G"),
    "tacticians_guild": (3, 0, "CSSP", "G"),
}
LETTER = {"W": "wood", "C": "clay", "S": "stone", "G": "glass", "P": "papyrus"}
CHAINS = [("stable", "horse_breeders"), ("garrison", "barracks"), ("palisade", "fortifications"),
          ("archery_range", "siege_workshop"), ("parade_ground", "circus"), ("scriptorium", "library"),
          ("pharmacist", "dispensary"), ("school", "university"), ("laboratory", "observatory"),
          ("theater", "statue"), ("statue", "gardens"), ("altar", "temple"), ("temple", "pantheon"),
          ("baths", "aqueduct"), ("rostrum", "senate"), ("tavern", "lighthouse"), ("brewery", "arena")]


def test_catalog_matches_the_card_list() -> None:
    cat = catalog("duel")
    assert {c["id"] for c in cat["cards"]} == set(CARDS)
    for entry in cat["cards"]:
        age, coins, letters, _ = CARDS[entry["id"]]
        expected: dict[str, int] = {}
        for ch in letters:
            expected[LETTER[ch]] = expected.get(LETTER[ch], 0) + 1
        assert (entry["age"], entry["cost"]) == (age, {"coins": coins, "resources": expected}), entry["id"]
    counts = {age: sum(1 for c in CARDS.values() if c[0] == age and c[3] != "G") for age in (1, 2, 3)}
    assert counts == {1: 23, 2: 23, 3: 20}
    assert len(cat["wonders"]) == 12 and len(cat["progress"]) == 10


@pytest.mark.parametrize("card", sorted(CARDS))
def test_card_cost_and_effect(card: str) -> None:
    age, coin_cost, letters, effect = CARDS[card]
    game = ready([card], age=age)
    before = game.view(0)["players"][0]
    start = pawn(game)
    events = build(game, card)
    after = game.view(0)["players"][0]
    assert card in after["cards"]
    # An empty city buys every unit at 2 coins (the opponent produces nothing).
    assert events_of(events, "build")[0]["cost"] == coin_cost + 2 * len(letters)
    gained = after["coins"] - before["coins"] + coin_cost + 2 * len(letters)
    word = effect.split()
    prod = {r: after["production"][r] - before["production"][r] for r in after["production"]}
    if word[0] == "P":
        assert prod == {r: (int(word[2]) if r == word[1] else 0) for r in prod}
        assert game.view(1)["players"][1]["trade_prices"][word[1]] == 2 + int(word[2])
    else:
        assert not any(prod.values())
    if word[0] == "CH":
        assert after["choices"] == [word[1:]]
        assert game.view(1)["players"][1]["trade_prices"] == before["trade_prices"]
    assert pawn(game) - start == (int(word[1]) if word[0] == "SH" else 0)
    if word[0] == "SC":
        assert after["science"] == [word[1]]
        assert game.result() is None
    pad = game.result() or None
    assert pad is None
    from engine.duel.scoring import score_pad

    rows = score_pad(game.state, 0)
    if word[0] == "VP":
        assert rows[word[1]] == int(word[2])
    if word[0] == "SC":
        assert rows["green"] == int(word[2])
    if word[0] == "FIX":
        assert all(after["trade_prices"][r] == 1 for r in word[1:])
    assert gained == (int(word[1]) if word[0] == "CO" else 0) + (1 if card == "lighthouse" else 0)


@pytest.mark.parametrize(("giver", "taker"), CHAINS)
def test_chain_builds_for_free(giver: str, taker: str) -> None:
    age = CARDS[taker][0]
    game = ready([taker], age=age, coins=0)
    give(game, 0, giver)
    before = coins(game)[0]
    events = build(game, taker)
    ev = events_of(events, "build")[0]
    assert ev["cost"] == 0 and ev["breakdown"]["chain"] is True
    # Lighthouse: +1 per yellow card (the Tavern and itself); nothing else pays coins here.
    assert coins(game)[0] - before == (2 if taker == "lighthouse" else 0)


def test_chain_needs_your_own_card() -> None:
    game = ready(["barracks"], age=2, coins=10)
    give(game, 1, "garrison")
    events = build(game, "barracks")
    assert events_of(events, "build")[0]["cost"] == 3


def test_seventeen_chain_pairs_in_catalog() -> None:
    cat = {c["id"]: c for c in catalog("duel")["cards"]}
    pairs = sorted((c["free_via_card"], c["id"]) for c in cat.values() if c["free_via_chain"])
    assert pairs == sorted(CHAINS)


def test_each_science_symbol_on_two_cards() -> None:
    symbols: dict[str, int] = {}
    for _, _, _, effect in CARDS.values():
        if effect.startswith("SC"):
            symbols[effect.split()[1]] = symbols.get(effect.split()[1], 0) + 1
    assert symbols == dict.fromkeys(["plumb", "wheel", "quill", "mortar", "sundial", "armillary"], 2)
    cat = catalog("duel")["cards"]
    assert sorted(c["science"] for c in cat if "science" in c) == sorted(s for s in symbols for _ in (0, 1))
