"""Every Age card and guild: its cost (coins, resources) and its effect, built through the engine."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.classic import compiled as C
from engine.classic.game import ClassicGame
from engine.classic.scoring import score_city
from tests.engine.classic.helpers import act, arrange, builds, make

# Transcribed from the cards digest: id -> (coin cost, resource cost, effect)
EXPECTED: dict[str, tuple[int, str, str]] = {
    "a1_lumber_yard": (0, "", "p W"), "a1_stone_pit": (0, "", "p S"), "a1_clay_pool": (0, "", "p C"),
    "a1_ore_vein": (0, "", "p O"), "a1_tree_farm": (1, "", "or WC"), "a1_excavation": (1, "", "or SC"),
    "a1_clay_pit": (1, "", "or CO"), "a1_timber_yard": (1, "", "or SW"), "a1_forest_cave": (1, "", "or WO"),
    "a1_mine": (1, "", "or SO"), "a1_loom": (0, "", "p T"), "a1_glassworks": (0, "", "p G"),
    "a1_press": (0, "", "p P"), "a1_pawnshop": (0, "", "vp 3"), "a1_baths": (0, "S", "vp 3"),
    "a1_altar": (0, "", "vp 2"), "a1_theater": (0, "", "vp 2"), "a1_tavern": (0, "", "coins 5"),
    "a1_east_trading_post": (0, "", "trade right WSCO"), "a1_west_trading_post": (0, "", "trade left WSCO"),
    "a1_marketplace": (0, "", "trade both GTP"), "a1_stockade": (0, "W", "sh 1"),
    "a1_barracks": (0, "O", "sh 1"), "a1_guard_tower": (0, "C", "sh 1"),
    "a1_apothecary": (0, "T", "sci compass"), "a1_workshop": (0, "G", "sci gear"),
    "a1_scriptorium": (0, "P", "sci tablet"),
    "a2_sawmill": (1, "", "p WW"), "a2_quarry": (1, "", "p SS"), "a2_brickyard": (1, "", "p CC"),
    "a2_foundry": (1, "", "p OO"), "a2_loom": (0, "", "p T"), "a2_glassworks": (0, "", "p G"),
    "a2_press": (0, "", "p P"), "a2_aqueduct": (0, "SSS", "vp 5"), "a2_temple": (0, "WCG", "vp 3"),
    "a2_statue": (0, "WOO", "vp 4"), "a2_courthouse": (0, "CCT", "vp 4"), "a2_forum": (0, "CC", "yor GTP"),
    "a2_caravansery": (0, "WW", "yor WSCO"), "a2_vineyard": (0, "", "all brown 1"),
    "a2_bazar": (0, "", "all grey 2"), "a2_walls": (0, "SSS", "sh 2"),
    "a2_training_ground": (0, "WOO", "sh 2"),
    "a2_stables": (0, "WCO", "sh 2"), "a2_archery_range": (0, "WWO", "sh 2"),
    "a2_dispensary": (0, "OOG", "sci compass"), "a2_laboratory": (0, "CCP", "sci gear"),
    "a2_library": (0, "SST", "sci tablet"), "a2_school": (0, "WP", "sci tablet"),
    "a3_pantheon": (0, "CCOGPT", "vp 7"), "a3_gardens": (0, "WCC", "vp 5"),
    "a3_town_hall": (0, "SSOG", "vp 6"),
    "a3_palace": (0, "WSCOGPT", "vp 8"), "a3_senate": (0, "WWSO", "vp 6"),
    "a3_haven": (0, "WOT", "own brown 1 1"), "a3_lighthouse": (0, "SG", "own yellow 1 1"),
    "a3_chamber_of_commerce": (0, "CCP", "own grey 2 2"), "a3_arena": (0, "SSO", "own stages 3 1"),
    "a3_fortifications": (0, "SOOO", "sh 3"), "a3_circus": (0, "SSSO", "sh 3"),
    "a3_arsenal": (0, "WWOT", "sh 3"),
    "a3_siege_workshop": (0, "WCCC", "sh 3"), "a3_lodge": (0, "CCPT", "sci compass"),
    "a3_observatory": (0, "OOGT", "sci gear"), "a3_university": (0, "WWGP", "sci tablet"),
    "a3_academy": (0, "SSSG", "sci compass"), "a3_study": (0, "WPT", "sci gear"),
    "a3_workers_guild": (0, "WSCOO", "guild brown 1"), "a3_craftsmens_guild": (0, "SSOO", "guild grey 2"),
    "a3_traders_guild": (0, "GPT", "guild yellow 1"), "a3_philosophers_guild": (0, "CCCPT", "guild green 1"),
    "a3_spies_guild": (0, "CCCG", "guild red 1"), "a3_strategists_guild": (0, "SOOT", "guild defeats 1"),
    "a3_shipowners_guild": (0, "WWWGP", "shipowners"), "a3_scientists_guild": (0, "WWOOP", "wild"),
    "a3_magistrates_guild": (0, "WWWST", "guild blue 1"), "a3_builders_guild": (0, "SSCCG", "builders"),
}
LETTER = {"W": "wood", "S": "stone", "C": "clay", "O": "ore", "G": "glass", "T": "textile", "P": "papyrus"}
# The boards (and their resource), city 0's first among them whose resource the card does not cost
BOARDS = {"rhodes": "O", "alexandria": "G", "ephesus": "P", "babylon": "C", "olympia": "W",
          "halicarnassus": "T", "giza": "S"}
# Cards producing 1 and 2 units of a letter (no one-of cards)
PRODUCERS = {
    "W": ["a1_lumber_yard", "a2_sawmill"], "S": ["a1_stone_pit", "a2_quarry"],
    "C": ["a1_clay_pool", "a2_brickyard"], "O": ["a1_ore_vein", "a2_foundry"],
    "G": ["a1_glassworks"], "P": ["a1_press"], "T": ["a1_loom"],
}
# Cards of each colour counted by the cards that count colours: city 0's, its left and right neighbours'
COUNTED = {
    "brown": (["a1_mine"], ["a1_tree_farm", "a1_excavation"],
              ["a1_clay_pit", "a1_timber_yard", "a1_forest_cave"]),
    "grey": (["a1_glassworks", "a1_press"], ["a1_loom", "a1_glassworks"],
             ["a1_press", "a2_loom", "a2_glassworks"]),
    "yellow": (["a1_east_trading_post"], ["a1_tavern", "a1_east_trading_post"],
               ["a1_tavern", "a1_west_trading_post", "a1_marketplace"]),
    "green": (["a1_workshop"], ["a1_apothecary", "a1_workshop"],
              ["a1_scriptorium", "a2_library", "a2_school"]),
    "red": (["a1_barracks"], ["a1_stockade", "a1_barracks"], ["a1_guard_tower", "a2_walls", "a2_stables"]),
    "blue": (["a1_pawnshop"], ["a1_altar", "a1_theater"], ["a1_baths", "a1_pawnshop", "a2_aqueduct"]),
}
LEFT, RIGHT = 1, 6  # city 0's neighbours with 7 seats


def test_every_card_has_an_expectation() -> None:
    assert sorted(EXPECTED) == sorted(C.CARD_ID[: C.N_BASE_CARDS])


def _producers(letters: Counter[str]) -> list[str]:
    """Built cards producing exactly ``letters``."""
    cards = []
    for letter, n in letters.items():
        single, *double = PRODUCERS[letter]
        picks = {0: [], 1: [single], 2: double, 3: [single, *double]}[n]
        assert sum(1 + (c in double) for c in picks) == n, f"no cards make {n} {letter}"
        cards += picks
    return cards


def _ready(card: str, coins: int = 10, short: bool = False, color: str | None = None) -> ClassicGame:
    """7 seats, turn 2 of the card's Age: seat 0 holds ``card`` and has ``coins``, and its city (on a board
    whose resource the card does not cost, when there is one) has cards producing the card's resources
    (``short``: a unit less) and, with ``color``, cards of that colour (its neighbours too; stages,
    defeats)."""
    cost = EXPECTED[card][1]
    board = next((b for b, letter in BOARDS.items() if letter not in cost), "giza")
    need = Counter(cost) - Counter(BOARDS[board])
    if short:
        need[next(iter(need))] -= 1
    built: dict[int, list[str]] = {0: _producers(+need)}
    if color in COUNTED:
        own, left, right = COUNTED[color]
        built[0] += [c for c in own if C.CARD_NAME_IDX[C.CARD_INDEX[c]] not in
                     {C.CARD_NAME_IDX[C.CARD_INDEX[b]] for b in built[0]}]
        built[LEFT], built[RIGHT] = list(left), list(right)
    game = make([board, *[b for b in BOARDS if b != board]])
    return arrange(game, age=max(C.CARD_AGE[C.CARD_INDEX[card]], 2 if color else 1), turn=2,
                   hands=[[card]] + [[]] * 6, coins={0: coins}, built=built,
                   stages={0: 1, LEFT: 2, RIGHT: 3} if color == "stages" else None,
                   tokens={LEFT: [-1, -1], RIGHT: [-1, 3]} if color == "defeats" else None)


@pytest.mark.parametrize("card", sorted(EXPECTED))
def test_cost(card: str) -> None:
    coin, cost, _ = EXPECTED[card]
    assert builds(_ready(card, coins=coin), 0, card) == [(0, 0)]
    if coin:
        assert builds(_ready(card, coins=coin - 1), 0, card) == []
    if cost:
        assert builds(_ready(card, coins=coin, short=True), 0, card) == []


def _build(game: ClassicGame, card: str) -> None:
    act(game, 0, type="build", card=card, left=0, right=0)
    for seat in range(1, 7):
        act(game, seat, type="discard", card=game.view(seat)["hand"][0])


def _of_color(city: dict[str, Any], color: str) -> int:
    """How many cards of ``color`` a city of the view has (``stages``: its stages; ``defeats``: its defeat
    tokens)."""
    if color == "stages":
        return int(city["stages_built"])
    if color == "defeats":
        return int(city["military"].count(-1))
    return sum(C.CARD_COLOR[C.CARD_INDEX[c]] == C.COLORS.index(color) for c in city["cards"])


@pytest.mark.parametrize("card", sorted(EXPECTED))
def test_effect(card: str) -> None:
    _, _, effect = EXPECTED[card]
    kind, *args = effect.split()
    game = _ready(card, color=args[0] if kind in ("all", "own", "guild") else None)
    s = game.state
    before = game.view(0)["cities"][0]
    _build(game, card)
    cities = game.view(0)["cities"]
    after = cities[0]
    assert card in after["cards"]
    gained = after["coins"] - before["coins"]
    if kind == "p":
        for letter in set(args[0]):
            res = LETTER[letter]
            assert after["production"][res] - before["production"].get(res, 0) == args[0].count(letter)
        assert sum(s.for_sale[0]) - sum(before["production"].values()) == len(args[0])  # all of it sellable
    elif kind in ("or", "yor"):
        names = sorted(LETTER[x] for x in args[0])
        assert sorted(names) in [sorted(c) for c in after["choices"]]
        assert len(s.sale_choices[0]) == (1 if kind == "or" else 0)
    elif kind == "vp":
        assert score_city(s, 0)["civilian"] == int(args[0])
    elif kind == "sh":
        assert after["shields"] == int(args[0])
    elif kind == "sci":
        assert after["science"][args[0]] == 1
    elif kind == "coins":
        assert gained == int(args[0])
    elif kind == "trade":
        sides = ["left", "right"] if args[0] == "both" else [args[0]]
        for side in ("left", "right"):
            for letter in "WSCOGTP":
                cheap = side in sides and letter in args[1]
                assert after["prices"][side][LETTER[letter]] == (1 if cheap else 2)
    elif kind == "all":
        counted = [_of_color(cities[c], args[0]) for c in (0, LEFT, RIGHT)]
        assert counted[1:] == [2, 3] and counted[0] >= 1
        assert gained == int(args[1]) * sum(counted)
        assert score_city(s, 0)["commercial"] == 0
    elif kind == "own":
        own = _of_color(after, args[0])
        assert own >= 1
        assert gained == int(args[1]) * own
        assert score_city(s, 0)["commercial"] == int(args[2]) * own
    elif kind == "guild":
        counted = [_of_color(cities[c], args[0]) for c in (LEFT, RIGHT)]
        assert counted == ([2, 1] if args[0] == "defeats" else [2, 3])
        assert score_city(s, 0)["guilds"] == int(args[1]) * sum(counted)
    elif kind == "shipowners":
        arrange(game, built={0: ["a1_lumber_yard", "a1_loom", "a3_shipowners_guild", "a1_altar"]})
        assert score_city(game.state, 0)["guilds"] == 3
    elif kind == "builders":
        arrange(game, built={0: [card]}, stages={0: 1, LEFT: 2, RIGHT: 3})
        assert score_city(game.state, 0)["guilds"] == 6
    elif kind == "wild":
        assert after["science"]["wild"] == 1
    else:
        raise AssertionError(effect)


def test_player_count_copies_match_the_digest() -> None:
    added = {
        1: {3: "Lumber Yard, Stone Pit, Clay Pool, Ore Vein, Clay Pit, Timber Yard, Loom, Glassworks, Press, "
               "Baths, Altar, Theater, East Trading Post, West Trading Post, Marketplace, Stockade, "
               "Barracks, Guard Tower, Apothecary, Workshop, Scriptorium",
            4: "Lumber Yard, Ore Vein, Excavation, Pawnshop, Tavern, Guard Tower, Scriptorium",
            5: "Stone Pit, Clay Pool, Forest Cave, Altar, Tavern, Barracks, Apothecary",
            6: "Tree Farm, Mine, Loom, Glassworks, Press, Theater, Marketplace",
            7: "Pawnshop, Baths, Tavern, East Trading Post, West Trading Post, Stockade, Workshop"},
        2: {3: "Sawmill, Quarry, Brickyard, Foundry, Loom, Glassworks, Press, Aqueduct, Temple, Statue, "
               "Courthouse, Forum, Caravansery, Vineyard, Walls, Stables, Archery Range, Dispensary, "
               "Laboratory, Library, School",
            4: "Sawmill, Quarry, Brickyard, Foundry, Bazar, Training Ground, Dispensary",
            5: "Loom, Glassworks, Press, Courthouse, Caravansery, Stables, Laboratory",
            6: "Temple, Forum, Caravansery, Vineyard, Training Ground, Archery Range, Library",
            7: "Aqueduct, Statue, Forum, Bazar, Walls, Training Ground, School"},
        3: {3: "Pantheon, Gardens, Town Hall, Palace, Senate, Haven, Lighthouse, Arena, Fortifications, "
               "Arsenal, Siege Workshop, Lodge, Observatory, University, Academy, Study",
            4: "Gardens, Haven, Chamber of Commerce, Circus, Arsenal, University",
            5: "Town Hall, Senate, Arena, Circus, Siege Workshop, Study",
            6: "Pantheon, Town Hall, Lighthouse, Chamber of Commerce, Circus, Lodge",
            7: "Palace, Arena, Fortifications, Arsenal, Observatory, Academy"},
    }
    for age, rows in added.items():
        for marker, names in rows.items():
            expected = sorted(names.split(", "))
            found = sorted(C.CARD_NAME[i] for i in range(C.N_CARDS) if C.CARD_AGE[i] == age
                           for m in C.CARD_COPIES[i] if m == marker)
            assert found == expected, (age, marker)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_decks_have_seven_cards_per_player(players: int) -> None:
    assert len(C.deck(1, players)) == 7 * players
    assert len(C.deck(2, players)) == 7 * players
    assert len(C.deck(3, players)) + players + 2 == 7 * players
    assert len(C.GUILDS) == 10


def test_chains_match_the_digest() -> None:
    chains = {
        "Baths": "Aqueduct", "Altar": "Temple", "Theater": "Statue", "East Trading Post": "Forum",
        "West Trading Post": "Forum", "Marketplace": "Caravansery", "Apothecary": "Stables, Dispensary",
        "Workshop": "Archery Range, Laboratory", "Scriptorium": "Courthouse, Library", "Temple": "Pantheon",
        "Statue": "Gardens", "Forum": "Haven", "Caravansery": "Lighthouse", "Walls": "Fortifications",
        "Training Ground": "Circus", "Dispensary": "Arena, Lodge",
        "Laboratory": "Siege Workshop, Observatory",
        "Library": "Senate, University", "School": "Academy, Study",
    }
    found: dict[str, set[str]] = {}
    for i in range(C.N_CARDS):
        for name in C.CARD_FREE_WITH[i]:
            found.setdefault(C.NAMES[name], set()).add(C.CARD_NAME[i])
    assert found == {k: set(v.split(", ")) for k, v in chains.items()}
