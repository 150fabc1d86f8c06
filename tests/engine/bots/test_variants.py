"""Arena-only variants of ``hard`` (``hard:field=value,...``): parsing, canonical names, the policy they
build, their fingerprints, and an arena run that seats one next to ``hard``."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.bots.levels import make_policy
from engine.bots.policy import HeuristicPolicy
from engine.bots.results import bot_fingerprint, bot_sources
from engine.bots.search import SETTINGS, PlayoutSearchPolicy
from engine.bots.variants import ArenaLevel, make_arena_policy, parse_level, split_bots


def test_a_variant_names_settings_of_hard_read_by_their_types() -> None:
    assert parse_level("easy") == ArenaLevel("easy") and parse_level(" hard ").name == "hard"
    variant = parse_level("hard:playout_turns=6, candidate_limit = 16")
    assert variant.base == "hard" and dict(variant.overrides) == {"playout_turns": 6, "candidate_limit": 16}
    assert variant.name == "hard:candidate_limit=16,playout_turns=6"
    typed = parse_level("hard:tree_below_root=True,exploration=0.50,playout_turns=None")
    assert dict(typed.overrides) == {"tree_below_root": True, "exploration": 0.5, "playout_turns": None}
    assert isinstance(typed.overrides["exploration"], float) and typed.overrides["tree_below_root"] is True
    assert typed.name == "hard:exploration=0.5,playout_turns=None,tree_below_root=true"


def test_the_canonical_name_ignores_field_order_and_spacing() -> None:
    names = {parse_level(text).name for text in ("hard:world_reuse=4,exploration=1",
                                                 "hard:exploration=1.0,world_reuse=4",
                                                 "hard : exploration = 1 , world_reuse = 04")}
    assert names == {"hard:exploration=1.0,world_reuse=4"}
    assert parse_level("hard:exploration=1,world_reuse=4") != parse_level("hard:exploration=1,world_reuse=5")


@pytest.mark.parametrize("text,message", [
    ("genius", "unknown bot level 'genius'"),
    ("easy:candidate_limit=16", "only hard takes settings, not easy"),
    ("hard-2026-11:world_reuse=4", "only hard takes settings, not hard-2026-11"),
    ("hard:", "no field=value after ':'"),
    ("hard:candidate_limit", "'candidate_limit' is not field=value"),
    ("hard:=16", "'=16' is not field=value"),
    ("hard:candidate_limit=", "'candidate_limit=' is not field=value"),
    ("hard:candidate_limit=8,,world_reuse=4", "'' is not field=value"),
    ("hard:depth=3", "unknown field 'depth'; fields: playout_turns,"),
    ("hard:candidate_limit=8,candidate_limit=16", "field 'candidate_limit' given twice"),
    ("hard:candidate_limit=1.5", "candidate_limit takes an integer, not '1.5'"),
    ("hard:candidate_limit=None", "candidate_limit takes an integer, not 'None'"),
    ("hard:playout_turns=many", "playout_turns takes an integer or None, not 'many'"),
    ("hard:exploration=wide", "exploration takes a number, not 'wide'"),
    ("hard:tree_below_root=yes", "tree_below_root is true or false, not 'yes'"),
    ("hard:candidate_limit=0", "candidate_limit must be at least 1, not '0'"),
    ("hard:exploration=-0.1", "exploration must be at least 0, not '-0.1'"),
    ("hard:exploration=nan", "exploration must be at least 0, not 'nan'"),
    ("hard:balanced_share=1.5", "balanced_share must be from 0 to 1, not '1.5'"),
])
def test_a_bad_level_is_refused_with_its_problem_named(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_level(text)


def test_a_bots_list_keeps_a_variants_pairs_together() -> None:
    assert split_bots("hard, hard:playout_turns=6,candidate_limit=16,hard-2026-11,") == [
        "hard", "hard:playout_turns=6,candidate_limit=16", "hard-2026-11"]
    for text in ("candidate_limit=16,hard", "easy,candidate_limit=16"):
        with pytest.raises(ValueError, match="'candidate_limit=16' follows no hard:field=value variant"):
            split_bots(text)


def test_a_variant_is_hard_with_its_settings_and_only_for_the_arena() -> None:
    policy = make_arena_policy("hard:playout_turns=6,candidate_limit=16", "classic")
    assert isinstance(policy, PlayoutSearchPolicy)
    assert policy.settings == replace(SETTINGS["classic"], playout_turns=6, candidate_limit=16)
    assert policy.settings != SETTINGS["classic"] and policy.name == "hard:candidate_limit=16,playout_turns=6"
    duel = make_arena_policy("hard:exploration=0.6", "duel")
    assert isinstance(duel, PlayoutSearchPolicy)
    assert duel.settings == replace(SETTINGS["duel"], exploration=0.6)
    plain = make_arena_policy("hard", "duel")
    assert isinstance(plain, PlayoutSearchPolicy) and plain.settings == SETTINGS["duel"]
    assert isinstance(make_arena_policy("easy", "duel"), HeuristicPolicy)
    with pytest.raises(ValueError, match="only hard takes settings"):
        make_arena_policy("easy:candidate_limit=16", "classic")
    with pytest.raises(ValueError, match="unknown bot level"):
        make_policy("hard:candidate_limit=16", "classic")  # what tables use: no variants


def test_a_variant_is_fingerprinted_as_hards_code_under_its_canonical_name() -> None:
    variant = "hard:playout_turns=6,candidate_limit=16"
    assert bot_sources(variant, "classic") == bot_sources("hard", "classic")
    assert any(path.name == "classic.json" for path in bot_sources(variant, "classic"))
    assert not any(path.name == "variants.py" for path in bot_sources(variant, "classic"))
    mark = bot_fingerprint(variant, "classic")
    assert mark == bot_fingerprint("hard: candidate_limit=16, playout_turns=6", "classic")
    assert mark != bot_fingerprint("hard", "classic")
    assert mark != bot_fingerprint("hard:playout_turns=6,candidate_limit=12", "classic")
    assert mark != bot_fingerprint(variant, "duel")


def test_an_arena_run_seats_a_variant_next_to_hard(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "screen.jsonl"
    assert main(["arena", "classic", "--bots", "hard,hard:playout_turns=6, candidate_limit=16,hard-2026-11",
                 "--seats", "4", "--games", "1", "--iterations", "20", "--seed", "3", "--out", str(out)]) == 0
    variant = "hard:candidate_limit=16,playout_turns=6"
    [line] = [json.loads(text) for text in out.read_text(encoding="utf-8").splitlines()]
    assert line["lineup"] == ["hard", variant, "hard-2026-11", "hard-2026-11"]
    prints = line["fingerprints"]
    assert set(prints) == {"hard", variant, "hard-2026-11"} and len(set(prints.values())) == 3
    assert prints["hard"] == bot_fingerprint("hard", "classic")
    assert prints[variant] == bot_fingerprint(variant, "classic")
    assert len(line["scores"]) == 4 and all(len(times) > 5 for times in line["decision_ms"])
    capsys.readouterr()
    assert main(["arena-summary", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"head to head: hard vs {variant}: best seat scored more in " in printed
    assert f"head to head: {variant} vs hard-2026-11: " in printed


def test_the_arena_explains_a_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "duel", "--bots", "hard:depth=3,easy"]) == 2
    assert "unknown field 'depth'" in capsys.readouterr().err
    assert main(["arena", "duel", "--bots", "easy:candidate_limit=3,hard"]) == 2
    assert "only hard takes settings" in capsys.readouterr().err
