"""The string catalogs: every UI string goes through t() with a key the English catalogs have, every
English key is used, every language (en, el, fa, ro, pl) has exactly the English keys with the same
placeholders, plural entries have exactly the Intl.PluralRules categories of their language, and every card,
wonder, token and stage of both games has effect primitives the pages can say."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine import api

SRC = Path(__file__).resolve().parents[2] / "web" / "src"
CATALOG_DIRS = [SRC / "lib" / "strings", SRC / "duel" / "strings", SRC / "classic" / "strings",
                SRC / "after" / "strings"]
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
# The languages of the phones and the TV (web/src/lib/i18n.js LANGUAGES) and the Intl.PluralRules categories
# each uses for whole numbers and fractions (CLDR): Romanian has "few", Polish "few" and "many".
LANGUAGES = {
    "en": {"one", "other"},
    "el": {"one", "other"},
    "fa": {"one", "other"},
    "ro": {"one", "few", "other"},
    "pl": {"one", "few", "many", "other"},
}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Keys built from data at run time: t(`prefix.${...}`) in the sources.
DYNAMIC = re.compile(r"""t\(\s*`([a-z_.]+)\$\{""")
LITERAL = re.compile(r"""\bt\(\s*"([a-z0-9_.]+)\"""")


def sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.js"))


def catalogs(lang: str) -> dict[str, object]:
    merged: dict[str, object] = {}
    for folder in CATALOG_DIRS:
        path = folder / f"{lang}.json"
        entries = json.loads(path.read_text(encoding="utf-8"))
        assert not set(entries) & set(merged), f"{path}: keys also in another catalog"
        merged.update(entries)
    return merged


def test_every_literal_key_exists() -> None:
    english = catalogs("en")
    missing = sorted(set(LITERAL.findall(sources())) - set(english))
    assert missing == []


def test_every_english_key_is_used() -> None:
    text = sources()
    english = catalogs("en")
    used = {key for key in english if f'"{key}"' in text}  # t("key"), or a key held in a table
    prefixes = tuple(DYNAMIC.findall(text))
    assert prefixes, "no dynamic keys found: the pattern is stale"
    unused = sorted(k for k in english if k not in used and not k.startswith(prefixes))
    assert unused == []


def placeholders(value: object) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in PLACEHOLDER.findall(str(text))}


def catalog_problems(strings: dict[str, object], english: dict[str, object], categories: set[str],
                     ) -> list[str]:
    """What is wrong with one language's merged catalogs against the English ones (empty when nothing)."""
    out = [f"lacks {key}" for key in sorted(set(english) - set(strings))]
    out += [f"unused {key}" for key in sorted(set(strings) - set(english))]
    for key in sorted(set(strings) & set(english)):
        value = strings[key]
        if type(value) is not type(english[key]):
            out.append(f"{key}: plural in one language only")
        elif isinstance(value, dict) and set(value) != categories:
            out.append(f"{key}: plural categories {sorted(value)}")
        if placeholders(value) != placeholders(english[key]):
            out.append(f"{key}: placeholders {sorted(placeholders(value))}")
        if not str(value).strip():
            out.append(f"{key}: empty")
    return out


def test_languages_have_the_same_keys_and_plural_shapes() -> None:
    english = catalogs("en")
    langs = {p.stem for folder in CATALOG_DIRS for p in folder.glob("*.json")}
    assert langs == set(LANGUAGES)
    for folder in CATALOG_DIRS:
        assert {p.stem for p in folder.glob("*.json")} == set(LANGUAGES), folder
    i18n = (SRC / "lib" / "i18n.js").read_text(encoding="utf-8")
    listed = re.search(r"LANGUAGES = \[([^\]]*)\]", i18n)
    assert listed and listed.group(1).replace('"', "").split(", ") == list(LANGUAGES)
    for key, value in english.items():
        assert isinstance(value, (str, dict)), key
        if isinstance(value, dict):
            assert "other" in value and set(value) <= PLURAL_CATEGORIES, key
    for lang, categories in LANGUAGES.items():
        assert catalog_problems(catalogs(lang), english, categories) == [], lang


def test_a_catalog_lacking_a_key_or_with_an_unused_one_fails() -> None:
    english, polish = catalogs("en"), catalogs("pl")
    lacking = {k: v for k, v in polish.items() if k != "phone.join"}
    assert catalog_problems(lacking, english, LANGUAGES["pl"]) == ["lacks phone.join"]
    extra = {**polish, "phone.unused": "x"}
    assert catalog_problems(extra, english, LANGUAGES["pl"]) == ["unused phone.unused"]
    two_forms = {**polish, "join.free_seats": {"one": "{n} miejsce", "other": "{n} miejsc"}}
    assert catalog_problems(two_forms, english, LANGUAGES["pl"]) == [
        "join.free_seats: plural categories ['one', 'other']"]
    renamed = {**polish, "end.winner": "Wygrywa: {who}"}
    assert catalog_problems(renamed, english, LANGUAGES["pl"]) == ["end.winner: placeholders ['who']"]


def test_each_language_names_itself() -> None:
    names = {lang: catalogs(lang)["lang.self"] for lang in LANGUAGES}
    assert names == {"en": "English", "el": "Ελληνικά", "fa": "فارسی", "ro": "Română", "pl": "Polski"}


def test_persian_has_no_latin_digits() -> None:
    """Persian readers expect Persian digits: numbers go through Intl.NumberFormat, literals are too."""
    for key, value in catalogs("fa").items():
        for text in value.values() if isinstance(value, dict) else [value]:
            assert not re.search(r"[0-9]", PLACEHOLDER.sub("", text)), key


def test_no_words_outside_the_catalogs() -> None:
    """Text nodes in templates are placeholders or symbols, never English words."""
    text = sources()
    words = re.findall(r">\s*([A-Za-z][A-Za-z ,.!?']{2,})\s*<", text)
    assert words == []


def test_every_effect_kind_has_words() -> None:
    english = catalogs("en")
    chains = {entry["chain"] for entry in api.catalog("duel")["cards"] if entry["chain"]}
    assert {f"chainsym.{chain}" for chain in chains} <= set(english)
    effects = (SRC / "lib" / "effects.js").read_text(encoding="utf-8")
    kinds = set(re.findall(r'case "([a-z_]+)":', effects))
    said = {k for k in kinds if f"fx.{k}" in english or any(key.startswith(f"fx.{k}.") for key in english)}
    plain = {"produce", "choice", "vp", "coins", "shields", "science", "science_wild", "trade_fix", "per",
             "ability"}
    assert kinds - said <= plain | {"trade", "destroy", "discount"}
    for kind in ("play_again", "great_library", "mausoleum", "receives_trade", "extra_shield",
                 "replay_wonders"):
        assert f"fx.{kind}" in english, kind


def test_both_catalogs_give_every_piece_an_effect() -> None:
    """The adapters turn every engine field into a primitive: every piece has at least one (checked on the
    raw data, field by field, so a new effect field in the engine fails here)."""
    known_duel = {"id", "name", "type", "age", "color", "cost", "chain", "free_via_chain", "free_via_card",
                  "text", "produce", "choice", "trade_fix", "shields", "science", "coins", "coins_per",
                  "guild", "vp",
                  "opponent_loses", "destroy", "great_library", "mausoleum", "discount", "receives_trade",
                  "vp_per_token", "extra_shield", "play_again", "chain_coins"}
    duel = api.catalog("duel")
    for entry in duel["cards"] + duel["wonders"] + duel["progress"]:
        assert set(entry) <= known_duel, (entry["id"], set(entry) - known_duel)
    known_classic = {"produce", "produce_choice", "sellable", "trade", "shields", "science", "science_wild",
                     "coins", "coins_per", "vp_per", "vp", "ability",
                     # Cities (classic/catalog.js turns each into a primitive of lib/effects.js)
                     "coins_neighbours", "coins_others", "loss_others", "loss_others_per", "debt_neighbours",
                     "victory_token", "diplomacy", "spy"}
    classic = api.catalog("classic", {"cities": True})
    effects = [c["effect"] for c in classic["cards"]]
    effects += [s["effect"] for b in classic["boards"] for s in b["stages"]]
    for effect in effects:
        assert effect and set(effect) <= known_classic, set(effect) - known_classic


def test_every_cities_ability_and_count_has_words() -> None:
    """Every ability of a black card or board, and every thing a Cities card counts, is said in English."""
    english = catalogs("en")
    classic = api.catalog("classic", {"cities": True})
    effects = [c["effect"] for c in classic["cards"]]
    effects += [s["effect"] for b in classic["boards"] for s in b["stages"]]
    abilities = {e["ability"] for e in effects if "ability" in e}
    assert {f"fx.ability.{a}" for a in abilities} <= set(english)
    counted = {what for e in effects for key in ("coins_per", "vp_per") if key in e
               for what in e[key]["count"]}
    counted |= {what for e in effects for what in e.get("loss_others_per", [])}
    assert {f"what.{what}" for what in counted} <= set(english)
    assert {"color.black", "fx.gift.neighbours", "fx.gift.others", "fx.loss", "fx.loss_per"} <= set(english)
