"""The review tables of piece names, one per language (docs/i18n/<lang>.md), written from the names files of
both games (web/src/<game>/names/<lang>.json), and the check that a name said to come from a seed rulebook
is really read there.

The seed rulebooks are not part of the repository. What the tests need of them is kept here as data,
tests/web/seed_names.json: for each seed, every name the names files take from it and the words the
seed prints it as (its inflected form, facts rather than the seed's text). The tests check the names files
against that data; one test checks the data against the seeds where they are ($WT_SEEDS, else
../shared/seeds beside the checkout).

    python -m tests.web.i18n_tables          # rewrites docs/i18n/*.md (and the seed data, seeds present)
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path

from engine import api

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "web" / "src"
DOCS = ROOT / "docs" / "i18n"
SEED_NAMES = Path(__file__).resolve().parent / "seed_names.json"
SEEDS_ENV = "WT_SEEDS"
GAMES = ("duel", "classic")
LANGUAGES = {"el": "Greek", "fa": "Persian", "ro": "Romanian", "pl": "Polish"}
GAME_TITLES = {"duel": "7 Wonders Duel", "classic": "7 Wonders"}
CITIES_TITLE = "7 Wonders: Cities"
SEED_TITLES = {
    "000_09eaee35825f22b6.txt": "Greek 7 Wonders Duel rulebook",
    "001_749c2fac12167672.txt": "Persian 7 Wonders Duel rulebook",
    "002_fd132c77f75e10e7.txt": "Persian 7 Wonders Duel description (not the rulebook)",
    "003_c0f5ce232cdac4ba.txt": "Romanian 7 Wonders rulebook",
    "004_f4b62fd90fc80ef3.txt": "Polish Cities rulebook",
}
# Words besides piece names that the pages take from a seed (the Polish Cities rulebook's terms for its
# tokens, its black cards and the expansion itself), kept in the seed data too.
SEED_TERMS = {"004_f4b62fd90fc80ef3.txt": ("żeton Długu", "żeton Dyplomacji", "Czarne karty", "czarna karta",
                                           "Miasta")}
# Text extraction of the Romanian seed lost part of its font: those words come out shifted 9 code points down.
SHIFTED_FONT = 9
ZWNJ = "\u200c"


def seeds_dir() -> Path | None:
    """The folder of the seed rulebooks: $WT_SEEDS, else ../shared/seeds beside the checkout (or beside the
    main checkout of a worktree); None when there is none (a fresh clone). A $WT_SEEDS that is not a folder
    raises FileNotFoundError: a path given on purpose is never skipped quietly."""
    if os.environ.get(SEEDS_ENV):
        folder = Path(os.environ[SEEDS_ENV])
        if not folder.is_dir():
            raise FileNotFoundError(f"{SEEDS_ENV}={folder} is not a folder of seed texts")
        return folder
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared" / "seeds").is_dir():
            return base / "shared" / "seeds"
    return None


def piece_names(game: str, *, cities: bool = True) -> list[str]:
    """The English names of every card, wonder, token, board and wonder of game, in catalog order (7 Wonders
    with the Cities expansion's black cards, boards and wonders unless cities is False)."""
    raw = api.catalog(game, {"cities": True} if game == "classic" and cities else None)
    if game == "duel":
        names = [e["name"] for kind in ("cards", "wonders", "progress") for e in raw[kind]]
    else:
        names = [c["name"] for c in raw["cards"]]
        names += [b["name"] for b in raw["boards"]] + [b["wonder"] for b in raw["boards"]]
    return list(dict.fromkeys(names))


def cities_names() -> list[str]:
    """The English names of the pieces the Cities expansion adds to 7 Wonders, in catalog order."""
    base = set(piece_names("classic", cities=False))
    return [name for name in piece_names("classic") if name not in base]


def names_file(game: str, lang: str) -> dict:
    return json.loads((SRC / game / "names" / f"{lang}.json").read_text(encoding="utf-8"))


def sources(table: dict) -> dict[str, tuple[str, str]]:
    """English name -> (name, source file or "here") of one names file."""
    out: dict[str, tuple[str, str]] = {}
    for seed, names in table.get("seed", {}).items():
        for english, name in names.items():
            out[english] = (name, seed)
    for english, name in table.get("translated", {}).items():
        out[english] = (name, "here")
    return out


def _plain(text: str) -> str:
    """Lower case, without accents, diacritics, tatweel or zero-width joiners, whitespace collapsed."""
    text = unicodedata.normalize("NFD", text.replace(ZWNJ, "").replace("\u0640", ""))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text).lower()


def _unshift(word: str) -> str:
    return "".join(chr(ord(c) + SHIFTED_FONT) if 0x21 <= ord(c) <= 0x75 else c for c in word)


def seed_raw(folder: Path, name: str) -> str:
    """A seed's text; the Romanian one with its shifted words decoded (their spaces are lost)."""
    text = (folder / name).read_text(encoding="utf-8")
    if name.startswith("003_"):
        parts = re.split(r"(\s+)", text)
        text = "".join(_unshift(w) if re.search(r"[`\\\[\]^_]", w) else w for w in parts)
    return text


def _pattern(name: str, seed: str) -> str:
    """What finds name in a seed's plain text: each word's stem, in order, close together (inflection), and
    in the Romanian seed with or without the spaces its decoded words lost."""
    words = _plain(name).split()
    stems = [w if len(w) <= 4 else w[: max(4, len(w) - 2)] for w in words]
    gap = r"\S*\s*" if seed.startswith("003_") else r"\S*\s+"
    return gap.join(map(re.escape, stems))


def found_in(name: str, text: str, seed: str) -> bool:
    """True when text (a seed's, or a form recorded from it) has name, allowing for inflection and, for the
    Romanian seed, for lost spaces."""
    return re.search(_pattern(name, seed), _plain(text)) is not None


def seed_names() -> dict[str, dict[str, str]]:
    """The committed seed data: seed file -> {name as the names files write it: the words the seed prints}."""
    data = json.loads(SEED_NAMES.read_text(encoding="utf-8"))
    return {seed: dict(names) for seed, names in data["seeds"].items()}


def found_in_seed(name: str, seed: str) -> bool:
    """True when the committed data says seed prints name: one of the forms recorded from that seed has it."""
    return any(found_in(name, form, seed) for form in seed_names().get(seed, {}).values())


def read_in_seeds() -> dict[str, set[str]]:
    """Seed file -> every name the names files of both games say they read in that seed, and its terms."""
    out: dict[str, set[str]] = {seed: set(terms) for seed, terms in SEED_TERMS.items()}
    for game in GAMES:
        for lang in LANGUAGES:
            for name, source in sources(names_file(game, lang)).values():
                if source != "here":
                    out.setdefault(source, set()).add(name)
    return out


def _plain_with_places(text: str) -> tuple[str, list[int]]:
    """_plain(text), with the place in text of each of its characters."""
    out: list[str] = []
    places: list[int] = []
    in_space = False
    for i, c in enumerate(text):
        if c in (ZWNJ, "\u0640"):
            continue
        if c.isspace():
            if not in_space:
                out.append(" ")
                places.append(i)
            in_space = True
            continue
        in_space = False
        for part in unicodedata.normalize("NFD", c):
            if not unicodedata.combining(part):
                out.append(part)
                places.append(i)
    # Lower case at once, as _plain does (a Greek word's last sigma becomes a final one).
    plain = "".join(out).lower()
    assert len(plain) == len(places), "a letter whose lower case is longer"
    return plain, places


def _best_match(name: str, seed: str, plain: str) -> re.Match[str] | None:
    """Where a seed's plain text says name most plainly: the whole name as a word, else (the Romanian seed)
    the name with or without each space its text lost, else the name's stems (an inflected form, to the
    end of its word)."""
    whole = re.escape(_plain(name))
    tries = [rf"(?<!\w){whole}(?!\w)", whole]
    if seed.startswith("003_"):
        tries += [r"\s?".join(map(re.escape, _plain(name).split())), _pattern(name, seed)]
    else:
        tries += [_pattern(name, seed) + r"\w*"]
    for pattern in tries:
        match = re.search(pattern, plain)
        if match is not None:
            return match
    return None


def read_forms(folder: Path) -> tuple[dict[str, dict[str, str]], list[tuple[str, str]]]:
    """From the seeds in folder: seed -> {name: the words the seed prints it as} for every name the names
    files read in a seed (and every term of SEED_TERMS), and the (seed, name) pairs not found there."""
    forms: dict[str, dict[str, str]] = {}
    missing: list[tuple[str, str]] = []
    for seed, names in sorted(read_in_seeds().items()):
        raw = seed_raw(folder, seed)
        plain, places = _plain_with_places(raw)
        assert plain == _plain(raw), seed
        for name in sorted(names):
            match = _best_match(name, seed, plain)
            if match is None:
                missing.append((seed, name))
                continue
            start, end = places[match.start()], places[match.end() - 1] + 1
            while end < len(raw) and unicodedata.combining(raw[end]):
                end += 1
            forms.setdefault(seed, {})[name] = re.sub(r"\s+", " ", raw[start:end])
    return forms, missing


def write_seed_names(forms: dict[str, dict[str, str]]) -> None:
    data = {
        "about": ("The piece names that the names files (web/src/<game>/names/<lang>.json) take from a seed "
                  "rulebook, and the terms of SEED_TERMS: for each, the words that seed prints it as "
                  "(inflected; in the Romanian seed, without the spaces its text extraction lost). Written "
                  "by `python -m tests.web.i18n_tables` from the seeds; checked against them by "
                  "tests/web/test_names.py."),
        "titles": {seed: SEED_TITLES[seed] for seed in sorted(forms)},
        "seeds": forms,
    }
    SEED_NAMES.parent.mkdir(parents=True, exist_ok=True)
    SEED_NAMES.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def table_markdown(lang: str) -> str:
    """The review table of one language: every piece of both games, its name and where the name comes from."""
    lines = [f"# Piece names in {LANGUAGES[lang]} ({lang})", "",
             "Generated by `python -m tests.web.i18n_tables` from `web/src/<game>/names/" + lang + ".json`;",
             "edit those files, not this one. *Source*: the seed rulebook the name was read in",
             "(`../shared/seeds/`), or *translated here* (to be reviewed by a native speaker).", ""]
    cities = cities_names()
    sections = [("duel", GAME_TITLES["duel"], piece_names("duel")),
                ("classic", GAME_TITLES["classic"], [n for n in piece_names("classic") if n not in cities]),
                ("classic", CITIES_TITLE, cities)]
    for game, title, pieces in sections:
        table = names_file(game, lang)
        named = sources(table)
        lines += [f"## {title}", "", f"| English | {LANGUAGES[lang]} | source |", "|---|---|---|"]
        for english in pieces:
            name, source = named[english]
            where = f"seed `{source}` ({SEED_TITLES[source]})" if source != "here" else "translated here"
            lines.append(f"| {english} | {name} | {where} |")
        # A note goes with the section of the piece it names (a note on "Cities" with the expansion's).
        in_cities = title == CITIES_TITLE
        notes = {key: text for key, text in table.get("notes", {}).items()
                 if (key == "Cities" or key in cities) == in_cities}
        if notes:
            lines += ["", "Notes:", ""]
            lines += [f"- {'All' if key == '*' else key}: {text}" for key, text in notes.items()]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        (DOCS / f"{lang}.md").write_text(table_markdown(lang), encoding="utf-8")
    print(f"wrote {', '.join(f'docs/i18n/{lang}.md' for lang in LANGUAGES)}")
    folder = seeds_dir()
    if folder is None:
        print(f"the seed rulebooks are absent: {SEED_NAMES.relative_to(ROOT)} kept as it is")
        return
    forms, missing = read_forms(folder)
    for seed, name in missing:
        print(f"not found in the seed {seed}: {name}")
    write_seed_names(forms)
    print(f"wrote {SEED_NAMES.relative_to(ROOT)} from {folder}")


if __name__ == "__main__":
    main()
