"""7 Wonders Duel material as data: every card, guild, Wonder and Progress token.

Costs are written as resource letters (W wood, C clay, S stone, G glass, P papyrus).
Effects are dicts built from a few primitives:

- ``produce``: fixed production ``{"wood": 1}`` (brown/grey cards)
- ``choice``: one unit of one of the listed resources per construction
- ``shields``, ``science`` (symbol), ``vp``, ``coins`` (on gain)
- ``coins_per``: ``{"what": colour | "wonder", "coins": n}`` counted in your own city when built
- ``trade_fix``: resources you buy at 1 coin per unit
- ``guild``: ``{"counts": [colours] | "wonders" | "coins", "coins": bool, "vp_per": n, "per": n}``
- Wonders: ``opponent_loses``, ``destroy`` (colour), ``mausoleum``, ``great_library``, ``play_again``
"""

from __future__ import annotations

from typing import Any

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
LETTERS = {"W": 0, "C": 1, "S": 2, "G": 3, "P": 4}
SYMBOLS = ("armillary", "sundial", "mortar", "plumb", "quill", "wheel", "law")
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")

Row = tuple[str, str, int, str, int, str, "str | None", "str | None", dict[str, Any]]


def _p(res: str, n: int = 1) -> dict[str, Any]:
    return {"produce": {res: n}}


def _sci(symbol: str, vp: int = 0) -> dict[str, Any]:
    return {"science": symbol, "vp": vp} if vp else {"science": symbol}


def _sh(n: int) -> dict[str, Any]:
    return {"shields": n}


def _vp(n: int) -> dict[str, Any]:
    return {"vp": n}


def _per(what: str, coins: int) -> dict[str, Any]:
    return {"coins_per": {"what": what, "coins": coins}, "vp": 3}


def _guild(counts: Any, coins: bool, vp_per: int = 1, per: int = 1) -> dict[str, Any]:
    return {"guild": {"counts": counts, "coins": coins, "vp_per": vp_per, "per": per}}


# id, English name, age, colour, coin cost, resource cost, gives chain, free via chain, effects
CARDS: tuple[Row, ...] = (
    # Age I
    ("lumber_yard", "Lumber Yard", 1, "brown", 0, "", None, None, _p("wood")),
    ("logging_camp", "Logging Camp", 1, "brown", 1, "", None, None, _p("wood")),
    ("clay_pool", "Clay Pool", 1, "brown", 0, "", None, None, _p("clay")),
    ("clay_pit", "Clay Pit", 1, "brown", 1, "", None, None, _p("clay")),
    ("quarry", "Quarry", 1, "brown", 0, "", None, None, _p("stone")),
    ("stone_pit", "Stone Pit", 1, "brown", 1, "", None, None, _p("stone")),
    ("glassworks", "Glassworks", 1, "grey", 1, "", None, None, _p("glass")),
    ("press", "Press", 1, "grey", 1, "", None, None, _p("papyrus")),
    ("guard_tower", "Guard Tower", 1, "red", 0, "", None, None, _sh(1)),
    ("stable", "Stable", 1, "red", 0, "W", "horseshoe", None, _sh(1)),
    ("garrison", "Garrison", 1, "red", 0, "C", "sword", None, _sh(1)),
    ("palisade", "Palisade", 1, "red", 2, "", "tower", None, _sh(1)),
    ("workshop", "Workshop", 1, "green", 0, "P", None, None, _sci("plumb", 1)),
    ("apothecary", "Apothecary", 1, "green", 0, "G", None, None, _sci("wheel", 1)),
    ("scriptorium", "Scriptorium", 1, "green", 2, "", "book", None, _sci("quill")),
    ("pharmacist", "Pharmacist", 1, "green", 2, "", "gear", None, _sci("mortar")),
    ("theater", "Theater", 1, "blue", 0, "", "mask", None, _vp(3)),
    ("altar", "Altar", 1, "blue", 0, "", "moon", None, _vp(3)),
    ("baths", "Baths", 1, "blue", 0, "S", "drop", None, _vp(3)),
    ("stone_reserve", "Stone Reserve", 1, "yellow", 3, "", None, None, {"trade_fix": ["stone"]}),
    ("clay_reserve", "Clay Reserve", 1, "yellow", 3, "", None, None, {"trade_fix": ["clay"]}),
    ("wood_reserve", "Wood Reserve", 1, "yellow", 3, "", None, None, {"trade_fix": ["wood"]}),
    ("tavern", "Tavern", 1, "yellow", 0, "", "vase", None, {"coins": 4}),
    # Age II
    ("sawmill", "Sawmill", 2, "brown", 2, "", None, None, _p("wood", 2)),
    ("brickyard", "Brickyard", 2, "brown", 2, "", None, None, _p("clay", 2)),
    ("shelf_quarry", "Shelf Quarry", 2, "brown", 2, "", None, None, _p("stone", 2)),
    ("glassblower", "Glassblower", 2, "grey", 0, "", None, None, _p("glass")),
    ("drying_room", "Drying Room", 2, "grey", 0, "", None, None, _p("papyrus")),
    ("walls", "Walls", 2, "red", 0, "SS", None, None, _sh(2)),
    ("horse_breeders", "Horse Breeders", 2, "red", 0, "WC", None, "horseshoe", _sh(1)),
    ("barracks", "Barracks", 2, "red", 3, "", None, "sword", _sh(1)),
    ("archery_range", "Archery Range", 2, "red", 0, "WSP", "target", None, _sh(2)),
    ("parade_ground", "Parade Ground", 2, "red", 0, "CCG", "helmet", None, _sh(2)),
    ("library", "Library", 2, "green", 0, "WSG", None, "book", _sci("quill", 2)),
    ("dispensary", "Dispensary", 2, "green", 0, "CCS", None, "gear", _sci("mortar", 2)),
    ("school", "School", 2, "green", 0, "WPP", "harp", None, _sci("wheel", 1)),
    ("laboratory", "Laboratory", 2, "green", 0, "WGG", "lamp", None, _sci("plumb", 1)),
    ("courthouse", "Courthouse", 2, "blue", 0, "WWG", None, None, _vp(5)),
    ("statue", "Statue", 2, "blue", 0, "CC", "column", "mask", _vp(4)),
    ("temple", "Temple", 2, "blue", 0, "WP", "sun", "moon", _vp(4)),
    ("aqueduct", "Aqueduct", 2, "blue", 0, "SSS", None, "drop", _vp(5)),
    ("rostrum", "Rostrum", 2, "blue", 0, "WS", "greek_building", None, _vp(4)),
    ("forum", "Forum", 2, "yellow", 3, "C", None, None, {"choice": ["glass", "papyrus"]}),
    ("caravansery", "Caravansery", 2, "yellow", 2, "GP", None, None, {"choice": ["wood", "clay", "stone"]}),
    ("customs_house", "Customs House", 2, "yellow", 4, "", None, None, {"trade_fix": ["glass", "papyrus"]}),
    ("brewery", "Brewery", 2, "yellow", 0, "", "barrel", None, {"coins": 6}),
    # Age III
    ("arsenal", "Arsenal", 3, "red", 0, "WWCCC", None, None, _sh(3)),
    ("pretorium", "Pretorium", 3, "red", 8, "", None, None, _sh(3)),
    ("fortifications", "Fortifications", 3, "red", 0, "CSSP", None, "tower", _sh(2)),
    ("siege_workshop", "Siege Workshop", 3, "red", 0, "WWWG", None, "target", _sh(2)),
    ("circus", "Circus", 3, "red", 0, "CCSS", None, "helmet", _sh(2)),
    ("academy", "Academy", 3, "green", 0, "WSGG", None, None, _sci("sundial", 3)),
    ("study", "Study", 3, "green", 0, "WWGP", None, None, _sci("sundial", 3)),
    ("university", "University", 3, "green", 0, "CGP", None, "harp", _sci("armillary", 2)),
    ("observatory", "Observatory", 3, "green", 0, "SPP", None, "lamp", _sci("armillary", 2)),
    ("palace", "Palace", 3, "blue", 0, "WCSGG", None, None, _vp(7)),
    ("town_hall", "Town Hall", 3, "blue", 0, "WWSSS", None, None, _vp(7)),
    ("obelisk", "Obelisk", 3, "blue", 0, "SSG", None, None, _vp(5)),
    ("gardens", "Gardens", 3, "blue", 0, "WWCC", None, "column", _vp(6)),
    ("pantheon", "Pantheon", 3, "blue", 0, "WCPP", None, "sun", _vp(6)),
    ("senate", "Senate", 3, "blue", 0, "CCSP", None, "greek_building", _vp(5)),
    ("chamber_of_commerce", "Chamber of Commerce", 3, "yellow", 0, "PP", None, None, _per("grey", 3)),
    ("port", "Port", 3, "yellow", 0, "WGP", None, None, _per("brown", 2)),
    ("armory", "Armory", 3, "yellow", 0, "SSG", None, None, _per("red", 1)),
    ("lighthouse", "Lighthouse", 3, "yellow", 0, "CCG", None, "vase", _per("yellow", 1)),
    ("arena", "Arena", 3, "yellow", 0, "WCS", None, "barrel", _per("wonder", 2)),
    # Guilds
    ("merchants_guild", "Merchants Guild", 3, "purple", 0, "WCGP", None, None, _guild(["yellow"], True)),
    ("shipowners_guild", "Shipowners Guild", 3, "purple", 0, "CSGP", None, None,
     _guild(["brown", "grey"], True)),
    ("builders_guild", "Builders Guild", 3, "purple", 0, "WCSSG", None, None, _guild("wonders", False, 2)),
    ("magistrates_guild", "Magistrates Guild", 3, "purple", 0, "WWCP", None, None, _guild(["blue"], True)),
    ("scientists_guild", "Scientists Guild", 3, "purple", 0, "WWCC", None, None, _guild(["green"], True)),
    ("moneylenders_guild", "Moneylenders Guild", 3, "purple", 0, "WWSS", None, None,
     _guild("coins", False, 1, 3)),
    ("tacticians_guild", "Tacticians Guild", 3, "purple", 0, "CSSP", None, None, _guild(["red"], True)),
)

# id, English name, resource cost, effects
WONDERS: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    ("the_appian_way", "The Appian Way", "CCSSP",
     {"vp": 3, "coins": 3, "opponent_loses": 3, "play_again": True}),
    ("circus_maximus", "Circus Maximus", "WSSG", {"vp": 3, "shields": 1, "destroy": "grey"}),
    ("the_colossus", "The Colossus", "CCCG", {"vp": 3, "shields": 2}),
    ("the_great_library", "The Great Library", "WWWGP", {"vp": 4, "great_library": True}),
    ("the_great_lighthouse", "The Great Lighthouse", "WSPP", {"vp": 4, "choice": ["wood", "clay", "stone"]}),
    ("the_hanging_gardens", "The Hanging Gardens", "WWGP", {"vp": 3, "coins": 6, "play_again": True}),
    ("the_mausoleum", "The Mausoleum", "CCGGP", {"vp": 2, "mausoleum": True}),
    ("piraeus", "Piraeus", "WWCS", {"vp": 2, "choice": ["glass", "papyrus"], "play_again": True}),
    ("the_pyramids", "The Pyramids", "SSSP", {"vp": 9}),
    ("the_sphinx", "The Sphinx", "CSGG", {"vp": 6, "play_again": True}),
    ("the_statue_of_zeus", "The Statue of Zeus", "WCSPP", {"vp": 3, "shields": 1, "destroy": "brown"}),
    ("the_temple_of_artemis", "The Temple of Artemis", "WSGP", {"vp": 0, "coins": 12, "play_again": True}),
)

# id, English name, effects
TOKENS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("agriculture", "Agriculture", {"coins": 6, "vp": 4}),
    ("architecture", "Architecture", {"discount": "wonders"}),
    ("economy", "Economy", {"receives_trade": True}),
    ("law", "Law", {"science": "law"}),
    ("masonry", "Masonry", {"discount": "blue"}),
    ("mathematics", "Mathematics", {"vp_per_token": 3}),
    ("philosophy", "Philosophy", {"vp": 7}),
    ("strategy", "Strategy", {"extra_shield": "red"}),
    ("theology", "Theology", {"play_again": "wonders"}),
    ("urbanism", "Urbanism", {"coins": 6, "chain_coins": 4}),
)

FIRST_GAME_WONDERS = (
    ("the_pyramids", "the_great_lighthouse", "the_temple_of_artemis", "the_statue_of_zeus"),
    ("circus_maximus", "piraeus", "the_appian_way", "the_colossus"),
)

# Structure rows per Age: the column of every slot, top row first (digest §3).
LAYOUTS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((-1, 1), (-2, 0, 2), (-3, -1, 1, 3), (-4, -2, 0, 2, 4), (-5, -3, -1, 1, 3, 5)),
    2: ((-5, -3, -1, 1, 3, 5), (-4, -2, 0, 2, 4), (-3, -1, 1, 3), (-2, 0, 2), (-1, 1)),
    3: ((-1, 1), (-2, 0, 2), (-3, -1, 1, 3), (-2, 2), (-3, -1, 1, 3), (-2, 0, 2), (-1, 1)),
}
