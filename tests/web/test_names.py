"""Piece names in every language: each card, wonder, progress token, board and wonder of both games has one
name per language, from a seed rulebook where the seed gives it (and then really read there) or translated
here; the review tables in docs/i18n are the ones the names files make.

The seeds are not in the repository: the tests read what a seed prints from the committed seed data
(tests/web/seed_names.json), and one test checks that data against the seeds where they are."""

from __future__ import annotations

import os
import re

import pytest

from tests.web import i18n_tables as tables
from tests.web.test_strings import catalogs

GREEK_DUEL = "000_09eaee35825f22b6.txt"
PERSIAN_DUEL = "001_749c2fac12167672.txt"
ROMANIAN = "003_c0f5ce232cdac4ba.txt"
POLISH_CITIES = "004_f4b62fd90fc80ef3.txt"


@pytest.mark.parametrize("game", tables.GAMES)
@pytest.mark.parametrize("lang", list(tables.LANGUAGES))
def test_every_piece_has_one_name(game: str, lang: str) -> None:
    table = tables.names_file(game, lang)
    seeded = [english for names in table["seed"].values() for english in names]
    translated = list(table["translated"])
    assert len(seeded) == len(set(seeded)) and not set(seeded) & set(translated), "a name in two places"
    assert sorted(set(seeded) | set(translated)) == sorted(tables.piece_names(game))
    assert set(table["seed"]) <= set(tables.SEED_TITLES)
    for english, (name, _source) in tables.sources(table).items():
        assert name.strip() == name and name, (english, name)


@pytest.mark.parametrize("game", tables.GAMES)
@pytest.mark.parametrize("lang", list(tables.LANGUAGES))
def test_seed_names_are_read_in_their_seed(game: str, lang: str) -> None:
    named = tables.sources(tables.names_file(game, lang))
    unread = [(english, name) for english, (name, source) in named.items()
              if source != "here" and not tables.found_in_seed(name, source)]
    assert unread == []


# (name, seed, does the seed print it?): inflection and lost spaces are allowed for; a name the seed does
# not have is not found.
MATCHER_CASES = [
    ("Φαρμακοποιός", GREEK_DUEL, True),  # the seed has «τον Φαρμακοποιό»
    ("Συντεχνία των Ναυτικών", GREEK_DUEL, False),
    ("باغ\u200cهای مُعلّقِ بابِل", PERSIAN_DUEL, True),  # the seed lost its ZWNJ
    ("جاده\u200cی شاهی", PERSIAN_DUEL, False),  # seed 002's name, not the rulebook's
    ("Colosul din Rodos", ROMANIAN, True),  # in the shifted font, spaces lost
    ("Colosul din Atena", ROMANIAN, False),
    ("Byzantium", POLISH_CITIES, True),
    ("Bizancjum", POLISH_CITIES, False),  # the Polish prose name, not the board's
]


def test_the_seed_check_can_fail() -> None:
    """Against the committed seed data (test_the_seed_data_matches_the_seeds tries the same on the seeds)."""
    for name, seed, printed in MATCHER_CASES:
        assert tables.found_in_seed(name, seed) is printed, (name, seed)


def test_the_seed_data_holds_every_name_read_in_a_seed() -> None:
    """The committed seed data has exactly the names the names files (and SEED_TERMS) read in each seed, each
    with the seed's words for it: a name newly said to come from a seed needs its data (written from the
    seeds by `python -m tests.web.i18n_tables`)."""
    data = tables.seed_names()
    read = tables.read_in_seeds()
    assert {seed: set(names) for seed, names in data.items()} == read
    assert set(data) <= set(tables.SEED_TITLES)
    for seed, names in data.items():
        for name, printed in names.items():
            assert printed.strip() == printed and printed, (seed, name)
            assert tables.found_in(name, printed, seed), (seed, name, printed)


def test_the_seed_data_matches_the_seeds() -> None:
    """The one test that reads the seed rulebooks: the committed data is what they print, read again from
    them, and the matcher's cases hold on their whole texts. A fresh clone has no seeds: skipped there (CI
    has them, and fails when they are missing)."""
    folder = tables.seeds_dir()
    if folder is None:
        if os.environ.get("CI"):
            pytest.fail(f"CI checks the seed data: set {tables.SEEDS_ENV} to the folder of the seed texts")
        pytest.skip(f"no seed rulebooks here (a fresh clone; set {tables.SEEDS_ENV} to check the seed data)")
    forms, missing = tables.read_forms(folder)
    assert missing == [], "names not printed in their seed"
    assert forms == tables.seed_names(), "the seed data is stale: run python -m tests.web.i18n_tables"
    for name, seed, printed in MATCHER_CASES:
        text = tables.seed_raw(folder, seed)
        assert tables.found_in(name, text, seed) is printed, (name, seed)
    for seed, names in forms.items():
        plain = tables.seed_raw(folder, seed)
        for printed in names.values():
            assert re.sub(r"\s+", " ", printed) in re.sub(r"\s+", " ", plain), (seed, printed)


def test_the_cities_pieces_are_named_too() -> None:
    """The expansion's 42 black cards, its two boards and their wonders are in the names files' tables."""
    cities = tables.cities_names()
    assert len(cities) == 42 + 2 + 2
    assert {"Byzantium", "Petra", "The Hagia Sophia of Byzantium", "Torture Chamber"} <= set(cities)
    assert set(cities) <= set(tables.piece_names("classic"))
    assert not set(cities) & set(tables.piece_names("classic", cities=False))


def test_the_official_names_are_used_where_the_seeds_give_them() -> None:
    """Names read in the seeds, the ones a player checks first (wonders, tokens, guilds, first cards)."""
    duel_el = tables.sources(tables.names_file("duel", "el"))
    assert duel_el["The Appian Way"] == ("Αππία Οδός", GREEK_DUEL)
    assert duel_el["Urbanism"] == ("Αστυφιλία", GREEK_DUEL)
    assert duel_el["Lumber Yard"] == ("Ξυλαποθήκη", GREEK_DUEL)
    duel_fa = tables.sources(tables.names_file("duel", "fa"))
    assert duel_fa["The Pyramids"] == ("اهرام سه\u200cگانه\u200cی مصر", PERSIAN_DUEL)
    assert duel_fa["Theology"] == ("دین", PERSIAN_DUEL)
    assert duel_fa["Moneylenders Guild"] == ("انجمن رباخواران", PERSIAN_DUEL)
    classic_ro = tables.sources(tables.names_file("classic", "ro"))
    assert classic_ro["The Statue of Zeus in Olympia"] == ("Statuia lui Zeus din Olimp", ROMANIAN)
    # The Romanian edition prints the cards' English names.
    assert classic_ro["Lumber Yard"] == ("Lumber Yard", ROMANIAN)
    # The Polish Cities rulebook names its two boards (in Latin letters), and no black card.
    classic_pl = tables.sources(tables.names_file("classic", "pl"))
    assert classic_pl["Byzantium"] == ("Byzantium", POLISH_CITIES)
    assert classic_pl["Petra"] == ("Petra", POLISH_CITIES)


@pytest.mark.parametrize("lang", list(tables.LANGUAGES))
def test_the_review_tables_are_up_to_date(lang: str) -> None:
    written = (tables.DOCS / f"{lang}.md").read_text(encoding="utf-8")
    assert written == tables.table_markdown(lang), "run: python -m tests.web.i18n_tables"


def test_the_polish_cities_strings_say_the_seed_terms() -> None:
    """The Polish Cities rulebook's words for its tokens, its black cards and the expansion itself are the
    words of the Polish pages (each term read in the seed, then in the catalog entry that says it)."""
    polish = catalogs("pl")
    terms = {
        "classic.debt_label": "żeton Długu",
        "fx.debt_neighbours": "żeton Długu",
        "classic.diplomacy_label": "żeton Dyplomacji",
        "fx.diplomacy": "żeton Dyplomacji",
        "classic.row.black": "Czarne karty",
        "what.black": "czarna karta",
        "classic.cities": "Miasta",
    }
    for key, term in terms.items():
        assert tables.found_in_seed(term, POLISH_CITIES), term
        assert term.lower() in str(polish[key]).lower(), (key, polish[key])
