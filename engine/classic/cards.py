"""7 Wonders (1st edition) Age cards and guilds as data.

Costs are resource letters: W wood, S stone, C clay, O ore, G glass, T textile (loom), P papyrus.
``copies`` are the player-count markers of the physical copies (one entry per copy; guilds: none,
N+2 of them are drawn at random). ``free_with`` names the structures of the previous age that make the
card free (chains). Effects are dicts built from a few primitives:

- ``produce`` ``{"wood": 2}`` fixed units; ``produce_choice`` ``["wood", "clay"]`` one unit of one of them
  (brown and grey production is sellable to neighbours, yellow production is not)
- ``vp``, ``shields``, ``science`` (symbol), ``science_wild`` (count), ``coins`` (once, when built)
- ``trade``: ``{"resources": [...], "neighbours": ["left" | "right"]}`` bought at 1 coin per unit
- ``coins_per`` / ``vp_per``: ``{"count": [colours | "stages" | "defeats" | "victories" | "victories_1" |
  "victories_3" | "victories_5"], "whose": ["self", "left", "right"], "each": n}`` (coins once when built, VP
  at the end of the game; ``victories_k``: the military victory tokens of value k, i.e. of one Age)

Cities (black cards, ``CITIES_CARDS``; rules digest cities.md §9) adds:

- ``coins_neighbours`` / ``coins_others``: each neighbour / every other player takes n coins (when built)
- ``loss_others``: every other player loses n coins (paid or taken as debt at the end of the turn);
  ``loss_others_per``: 1 coin per thing counted in the victim's own city (``["victories"]``, ``["stages"]``)
- ``debt_neighbours``: each neighbour takes n debt tokens; ``victory_token``: the builder takes a military
  victory token of that value; ``diplomacy``: the builder takes n diplomacy tokens; ``spy``: n spies
- ``ability``: ``smugglers_cache``, ``wharf_left`` / ``wharf_right``, ``secret_warehouse``,
  ``black_market``, ``architect_firm``, ``discard_defeats`` (Memorial) and ``halicarnassus`` (Forging
  Agency: the same end-of-turn build from the discard pile as the wonder's)
"""

from __future__ import annotations

from typing import Any

from engine.classic import readings as R

RAW = ["wood", "stone", "clay", "ore"]
MANUFACTURED = ["glass", "textile", "papyrus"]
ALL = ["self", "left", "right"]
NEIGHBOURS = ["left", "right"]
SELF = ["self"]

# name, age, colour, coin cost, resource cost, free with (names), copies (markers), effect
Row = tuple[str, int, str, int, str, tuple[str, ...], tuple[int, ...], dict[str, Any]]


def _p(res: str, n: int = 1) -> dict[str, Any]:
    return {"produce": {res: n}}


def _or(*res: str) -> dict[str, Any]:
    return {"produce_choice": list(res)}


def _vp(n: int) -> dict[str, Any]:
    return {"vp": n}


def _sh(n: int) -> dict[str, Any]:
    return {"shields": n}


def _sci(symbol: str) -> dict[str, Any]:
    return {"science": symbol}


def _trade(resources: list[str], neighbours: list[str]) -> dict[str, Any]:
    return {"trade": {"resources": resources, "neighbours": neighbours}}


def _per(count: list[str], whose: list[str], coins: int, vp: int) -> dict[str, Any]:
    effect: dict[str, Any] = {}
    if coins:
        effect["coins_per"] = {"count": count, "whose": whose, "each": coins}
    if vp:
        effect["vp_per"] = {"count": count, "whose": whose, "each": vp}
    return effect


CARDS: tuple[Row, ...] = (
    # Age I
    ("Lumber Yard", 1, "brown", 0, "", (), (3, 4), _p("wood")),
    ("Stone Pit", 1, "brown", 0, "", (), (3, 5), _p("stone")),
    ("Clay Pool", 1, "brown", 0, "", (), (3, 5), _p("clay")),
    ("Ore Vein", 1, "brown", 0, "", (), (3, 4), _p("ore")),
    ("Tree Farm", 1, "brown", 1, "", (), (6,), _or("wood", "clay")),
    ("Excavation", 1, "brown", 1, "", (), (4,), _or("stone", "clay")),
    ("Clay Pit", 1, "brown", 1, "", (), (3,), _or("clay", "ore")),
    ("Timber Yard", 1, "brown", 1, "", (), (3,), _or("stone", "wood")),
    ("Forest Cave", 1, "brown", 1, "", (), (5,), _or("wood", "ore")),
    ("Mine", 1, "brown", 1, "", (), (6,), _or("stone", "ore")),
    ("Loom", 1, "grey", 0, "", (), (3, 6), _p("textile")),
    ("Glassworks", 1, "grey", 0, "", (), (3, 6), _p("glass")),
    ("Press", 1, "grey", 0, "", (), (3, 6), _p("papyrus")),
    ("Pawnshop", 1, "blue", 0, "", (), (4, 7), _vp(3)),
    ("Baths", 1, "blue", 0, "S", (), (3, 7), _vp(3)),
    ("Altar", 1, "blue", 0, "", (), (3, 5), _vp(2)),
    ("Theater", 1, "blue", 0, "", (), (3, 6), _vp(2)),
    ("Tavern", 1, "yellow", 0, "", (), (4, 5, 7), {"coins": 5}),
    ("East Trading Post", 1, "yellow", 0, "", (), (3, 7), _trade(RAW, ["right"])),
    ("West Trading Post", 1, "yellow", 0, "", (), (3, 7), _trade(RAW, ["left"])),
    ("Marketplace", 1, "yellow", 0, "", (), (3, 6), _trade(MANUFACTURED, NEIGHBOURS)),
    ("Stockade", 1, "red", 0, "W", (), (3, 7), _sh(1)),
    ("Barracks", 1, "red", 0, "O", (), (3, 5), _sh(1)),
    ("Guard Tower", 1, "red", 0, "C", (), (3, 4), _sh(1)),
    ("Apothecary", 1, "green", 0, "T", (), (3, 5), _sci("compass")),
    ("Workshop", 1, "green", 0, "G", (), (3, 7), _sci("gear")),
    ("Scriptorium", 1, "green", 0, "P", (), (3, 4), _sci("tablet")),
    # Age II
    ("Sawmill", 2, "brown", 1, "", (), (3, 4), _p("wood", 2)),
    ("Quarry", 2, "brown", 1, "", (), (3, 4), _p("stone", 2)),
    ("Brickyard", 2, "brown", 1, "", (), (3, 4), _p("clay", 2)),
    ("Foundry", 2, "brown", 1, "", (), (3, 4), _p("ore", 2)),
    ("Loom", 2, "grey", 0, "", (), (3, 5), _p("textile")),
    ("Glassworks", 2, "grey", 0, "", (), (3, 5), _p("glass")),
    ("Press", 2, "grey", 0, "", (), (3, 5), _p("papyrus")),
    ("Aqueduct", 2, "blue", 0, "SSS", ("Baths",), (3, 7), _vp(5)),
    ("Temple", 2, "blue", 0, "WCG", ("Altar",), (3, 6), _vp(3)),
    ("Statue", 2, "blue", 0, "WOO", ("Theater",), (3, 7), _vp(4)),
    ("Courthouse", 2, "blue", 0, "CCT", ("Scriptorium",), (3, 5), _vp(4)),
    ("Forum", 2, "yellow", 0, "CC", ("East Trading Post", "West Trading Post"), (3, 6, 7),
     _or(*MANUFACTURED)),
    ("Caravansery", 2, "yellow", 0, "WW", ("Marketplace",), (3, 5, 6), _or(*RAW)),
    ("Vineyard", 2, "yellow", 0, "", (), (3, 6), _per(["brown"], ALL, 1, 0)),
    ("Bazar", 2, "yellow", 0, "", (), (4, 7), _per(["grey"], ALL, 2, 0)),
    ("Walls", 2, "red", 0, "SSS", (), (3, 7), _sh(2)),
    ("Training Ground", 2, "red", 0, "WOO", (), (4, 6, 7), _sh(2)),
    ("Stables", 2, "red", 0, "WCO", ("Apothecary",), (3, 5), _sh(2)),
    ("Archery Range", 2, "red", 0, "WWO", ("Workshop",), (3, 6), _sh(2)),
    ("Dispensary", 2, "green", 0, "OOG", ("Apothecary",), (3, 4), _sci("compass")),
    ("Laboratory", 2, "green", 0, "CCP", ("Workshop",), (3, 5), _sci("gear")),
    ("Library", 2, "green", 0, "SST", ("Scriptorium",), (3, 6), _sci("tablet")),
    ("School", 2, "green", 0, "WP", (), (3, 7), _sci("tablet")),
    # Age III
    ("Pantheon", 3, "blue", 0, "CCOGPT", ("Temple",), (3, 6), _vp(7)),
    ("Gardens", 3, "blue", 0, "WCC", ("Statue",), (3, 4), _vp(5)),
    ("Town Hall", 3, "blue", 0, "SSOG", (), (3, 5, 6), _vp(6)),
    ("Palace", 3, "blue", 0, "WSCOGPT", (), (3, 7), _vp(8)),
    ("Senate", 3, "blue", 0, "WWSO", ("Library",), (3, 5), _vp(6)),
    ("Haven", 3, "yellow", 0, "WOT", ("Forum",), (3, 4), _per(["brown"], SELF, 1, 1)),
    ("Lighthouse", 3, "yellow", 0, "SG", ("Caravansery",), (3, 6), _per(["yellow"], SELF, 1, 1)),
    ("Chamber of Commerce", 3, "yellow", 0, "CCP", (), (4, 6), _per(["grey"], SELF, 2, 2)),
    ("Arena", 3, "yellow", 0, "SSO", ("Dispensary",), (3, 5, 7), _per(["stages"], SELF, 3, 1)),
    ("Fortifications", 3, "red", 0, "SOOO", ("Walls",), (3, 7), _sh(3)),
    ("Circus", 3, "red", 0, "SSSO", ("Training Ground",), (4, 5, 6), _sh(3)),
    ("Arsenal", 3, "red", 0, "WWOT", (), (3, 4, 7), _sh(3)),
    ("Siege Workshop", 3, "red", 0, "WCCC", ("Laboratory",), (3, 5), _sh(3)),
    ("Lodge", 3, "green", 0, "CCPT", ("Dispensary",), (3, 6), _sci("compass")),
    ("Observatory", 3, "green", 0, "OOGT", ("Laboratory",), (3, 7), _sci("gear")),
    ("University", 3, "green", 0, "WWGP", ("Library",), (3, 4), _sci("tablet")),
    ("Academy", 3, "green", 0, "SSSG", ("School",), (3, 7), _sci("compass")),
    ("Study", 3, "green", 0, "WPT", ("School",), (3, 5), _sci("gear")),
    # Guilds (Age III, no marker: N+2 of the 10 are drawn)
    ("Workers Guild", 3, "purple", 0, "WSCOO", (), (), _per(["brown"], NEIGHBOURS, 0, 1)),
    ("Craftsmens Guild", 3, "purple", 0, "SSOO", (), (), _per(["grey"], NEIGHBOURS, 0, 2)),
    ("Traders Guild", 3, "purple", 0, "GPT", (), (), _per(["yellow"], NEIGHBOURS, 0, 1)),
    ("Philosophers Guild", 3, "purple", 0, "CCCPT", (), (), _per(["green"], NEIGHBOURS, 0, 1)),
    ("Spies Guild", 3, "purple", 0, "CCCG", (), (), _per(["red"], NEIGHBOURS, 0, 1)),
    ("Strategists Guild", 3, "purple", 0, "SOOT", (), (), _per(["defeats"], NEIGHBOURS, 0, 1)),
    ("Shipowners Guild", 3, "purple", 0, "WWWGP", (), (), _per(["brown", "grey", "purple"], SELF, 0, 1)),
    ("Scientists Guild", 3, "purple", 0, "WWOOP", (), (), {"science_wild": 1}),
    ("Magistrates Guild", 3, "purple", 0, "WWWST", (), (), _per(["blue"], NEIGHBOURS, 0, 1)),
    ("Builders Guild", 3, "purple", 0, "SSCCG", (), (), _per(["stages"], ALL, 0, 1)),
)


def _loss(n: int, **more: Any) -> dict[str, Any]:
    return {"loss_others": n, **more}


def _raid(token: int) -> dict[str, Any]:
    return {"victory_token": token, "debt_neighbours": 1}


def _ability(name: str, **more: Any) -> dict[str, Any]:
    return {"ability": name, **more}


def _diplomat(vp: int) -> dict[str, Any]:
    return {"vp": vp, "diplomacy": 1}


# The 42 black cards of Cities (current edition; cities-cards.md): no copies marker (N of the 14 of each
# Age are drawn at random), no chains.
CITIES_CARDS: tuple[Row, ...] = (
    # Age I
    ("Smugglers Cache", 1, "black", 0, "", (), (), _ability("smugglers_cache")),
    ("West Clandestine Wharf", 1, "black", 1, "", (), (), _ability("wharf_left")),
    ("East Clandestine Wharf", 1, "black", 1, "", (), (), _ability("wharf_right")),
    ("Secret Warehouse", 1, "black", 2, "", (), (), _ability("secret_warehouse")),
    ("City Gates", 1, "black", 1, "W", (), (), _vp(4)),
    ("Customs", 1, "black", 0, "", (), (), {"vp": 4, "coins_others": 1}),
    ("Dive", 1, "black", 0, "", (), (), {"coins": 6, "coins_neighbours": 1}),
    ("Opium Stash", 1, "black", 0, "", (), (), _loss(1, coins=3)),
    ("Hideout", 1, "black", 0, "", (), (), _loss(1, vp=2)),
    ("Raider Camp", 1, "black", 0, "", (), (), _raid(1)),
    ("Cells", 1, "black", 0, "", (), (), _per(["victories_1"], SELF, 0, 2)),
    ("Militia", 1, "black", 3, "", (), (), _sh(2)),
    ("Residence", 1, "black", 0, "C", (), (), _diplomat(1)),
    ("Pigeonhole", 1, "black", 1, "O", (), (), {"spy": 1}),
    # Age II
    ("Black Market", 2, "black", 0, "OT", (), (), _ability("black_market")),
    ("Architect Firm", 2, "black", 1, "P", (), (), _ability("architect_firm", vp=2)),
    ("Tabularium", 2, "black", 2, "WOT", (), (), _vp(6)),
    ("Trade Center", 2, "black", 0, "SCP", (), (), {"vp": 6, "coins_others": 2}),
    ("Gambling Den", 2, "black", 1, "", (), (), {"coins": 9, "coins_neighbours": 2}),
    ("Opium Den", 2, "black", 0, "P", (), (), _loss(3, coins=4)),
    ("Lair", 2, "black", 0, "WG", (), (), _loss(2, vp=3)),
    ("Sepulcher", 2, "black", 0, "SGT", (), (), {"vp": 4, "loss_others_per": ["victories"]}),
    ("Raider Fort", 2, "black", 1, "CO", (), (), _raid(3)),
    ("Guardhouse", 2, "black", 2, "WO", (), (), _per(["victories_3"], SELF, 0, 3)),
    ("Mercenaries", 2, "black", 4, "P", (), (), _sh(3)),
    ("Consulate", 2, "black", 0, "CP", (), (), _diplomat(2)),
    ("Band of Spies", 2, "black", 2, "SC", (), (), {"spy": 1}),
    ("Forging Agency", 2, "black", 2, "", (), (), _ability("halicarnassus")),
    # Age III
    ("Capitol", 3, "black", 2, "SSCCGP", (), (), _vp(8)),
    ("Mint", 3, "black", 0, "WWCGT", (), (), {"vp": 8, "coins_others": 3}),
    ("Opium Distillery", 3, "black", 0, "WG", (), (), _loss(5, coins=5)),
    ("Brotherhood", 3, "black", 0, "WWOT", (), (), _loss(3, vp=4)),
    ("Chamber of Builders", 3, "black", 0, "WCGP", (), (), {"vp": 4, "loss_others_per": ["stages"]}),
    ("Cenotaph", 3, "black", 0, "SCCGT", (), (), {"vp": 5, "loss_others_per": ["victories"]}),
    ("Secret Network", 3, "black", 0, "SP", (), (), _per(["black"], SELF, 1, 1)),
    ("Slave Market", 3, "black", 0, "WWOO", (), (), _per(["victories"], SELF, 1, 1)),
    ("Raider Garrison", 3, "black", 2, "SST", (), (), _raid(5)),
    ("Prison", 3, "black", 2, "COOP", (), (), _per(["victories_5"], SELF, 0, 4)),
    ("Contingent", 3, "black", 5, "T", (), (), _sh(5)),
    ("Embassy", 3, "black", 0, "SPT", (), (), _diplomat(R.EMBASSY_VP)),
    ("Memorial", 3, "black", 0, "WST", (), (), _ability("discard_defeats", **_per(["defeats"], SELF, 2, 0))),
    ("Torture Chamber", 3, "black", 3, "OOG", (), (), {"spy": 1}),
)
