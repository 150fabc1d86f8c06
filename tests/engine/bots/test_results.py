"""Arena games that accumulate: ``arena --out`` appends a line per game and resumes; ``arena-summary``
pools the games of matching plans, engines and bot fingerprints."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.bots import results
from engine.bots.arena import wilson_interval

RUN = ["arena", "duel", "--bots", "medium,easy", "--iterations", "2", "--seed", "4"]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]


def test_out_appends_one_line_per_game_and_a_second_run_plays_only_the_missing_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "strength" / "duel.jsonl"
    assert main([*RUN, "--games", "2", "--out", str(out)]) == 0
    first = lines_of(out)
    assert [line["game"] for line in first] == [0, 1]
    line = first[0]
    assert line["lineup"] == ["medium", "easy"] and line["plan"]["iterations"] == 2
    assert line["plan"]["lineup"] == ["medium", "easy"] and line["plan"]["seed"] == 4
    assert set(line["fingerprints"]) == {"medium", "easy"} and line["engine"]
    assert line["winners"] and len(line["scores"]) == 2 and line["victory"]
    assert sum(line["bot_shares"].values()) == pytest.approx(1.0)
    assert len(line["decision_ms"]) == 2 and all(len(times) > 5 for times in line["decision_ms"])
    assert first[1]["lineup"] == ["easy", "medium"] and first[1]["deal"] == line["deal"]
    capsys.readouterr()
    assert main([*RUN, "--games", "3", "--out", str(out), "--jobs", "2"]) == 0
    printed = capsys.readouterr().out
    assert "2 of 3 games already there; playing 1" in printed and "3 games" in printed
    again = lines_of(out)
    assert again[:2] == first and [line["game"] for line in again] == [0, 1, 2]
    assert main([*RUN, "--games", "3", "--out", str(out)]) == 0
    assert len(lines_of(out)) == 3


def test_games_of_other_bot_code_or_another_plan_are_not_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "duel.jsonl"
    assert main([*RUN, "--games", "1", "--out", str(out)]) == 0
    assert main(["arena", "duel", "--bots", "medium,easy", "--iterations", "3", "--seed", "4",
                 "--games", "1", "--out", str(out)]) == 0
    assert len(lines_of(out)) == 2
    monkeypatch.setattr(results, "bot_fingerprint", lambda level, kind: f"changed-{level}")
    assert main([*RUN, "--games", "1", "--out", str(out)]) == 0
    lines = lines_of(out)
    assert len(lines) == 3
    assert lines[2]["fingerprints"] == {"medium": "changed-medium", "easy": "changed-easy"}


def test_a_fingerprint_follows_the_bots_code_and_the_model_of_the_levels_using_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine_dir = tmp_path / "engine"
    shutil.copytree(results.BOTS_DIR, engine_dir / "bots", ignore=shutil.ignore_patterns("__pycache__"))
    (engine_dir / "duel").mkdir()
    for name in ("bots.py", "playout.py"):
        shutil.copy(results.ENGINE_DIR / "duel" / name, engine_dir / "duel" / name)
    monkeypatch.setattr(results, "ENGINE_DIR", engine_dir)
    monkeypatch.setattr(results, "BOTS_DIR", engine_dir / "bots")
    before = {level: results.bot_fingerprint(level, "duel") for level in ("hard", "easy")}
    assert before["hard"] != before["easy"]
    model = engine_dir / "bots" / "models" / "duel.json"
    model.write_text(model.read_text(encoding="utf-8").replace("0.", "0.1", 1), encoding="utf-8")
    after_model = {level: results.bot_fingerprint(level, "duel") for level in ("hard", "easy")}
    assert after_model["hard"] != before["hard"] and after_model["easy"] == before["easy"]
    (engine_dir / "bots" / "arena.py").write_text("# a tool, not a bot\n", encoding="utf-8")
    assert results.bot_fingerprint("easy", "duel") == before["easy"]
    playout = engine_dir / "duel" / "playout.py"
    playout.write_text(playout.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert results.bot_fingerprint("easy", "duel") != before["easy"]


def fake_line(seed: int, game: int, lineup: list[str], shares: list[float], fingerprint: str = "a",
              budget: float | None = 1.0) -> dict:
    return {"game": game, "lineup": lineup, "shares": shares, "decision_ms": [[10.0, 30.0], [20.0]],
            "plan": {"kind": "duel", "lineup": ["hard", "hard-2026-11"], "seed": seed, "options": {},
                     "budget": budget, "iterations": None},
            "engine": "compiled", "fingerprints": {"hard": fingerprint, "hard-2026-11": "b"}}


def test_the_summary_pools_seeds_and_seat_orders_but_never_other_code_or_budgets(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    h, k = "hard", "hard-2026-11"
    lines = [fake_line(1, 0, [h, k], [1.0, 0.0]), fake_line(1, 1, [k, h], [1.0, 0.0]),
             fake_line(2, 0, [h, k], [0.5, 0.5]),
             fake_line(2, 0, [h, k], [0.0, 1.0]),  # the same game again: counted once
             fake_line(1, 0, [h, k], [0.0, 1.0], fingerprint="other"),
             fake_line(1, 0, [h, k], [0.0, 1.0], budget=0.2)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["arena-summary", str(path), "--json"]) == 0
    pooled = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert [summary["games"] for summary in pooled] == [3, 1, 1]
    first = pooled[0]
    assert first["seeds"] == [1, 2] and first["budget"] == 1.0
    hard = first["by_bot"][h]
    assert hard["wins"] == 1.5 and hard["share"] == 0.5
    assert hard["interval95"] == [round(x, 4) for x in wilson_interval(0.5, 3)]
    assert first["by_bot"][k]["wins"] == 1.5
    assert hard["decisions"] == 5 and hard["decision_ms"]["max"] == 30.0
    assert pooled[1]["fingerprints"]["hard"] == "other" and pooled[1]["by_bot"][h]["share"] == 0.0
    assert main(["arena-summary", str(path)]) == 0
    text = capsys.readouterr().out
    assert "3 games (seeds 1,2" in text and "share 0.500 [95%:" in text


def test_the_summary_explains_a_missing_or_broken_file(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena-summary", str(tmp_path / "none.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"game": 0}\n', encoding="utf-8")
    assert main(["arena-summary", str(broken)]) == 2
    assert "broken.jsonl:1: not an arena game line" in capsys.readouterr().err


def classic_line(game: int, lineup: list[str], scores: list[int] | None) -> dict:
    bots = ["hard", "hard:candidate_limit=16", "hard-2026-11", "hard-2026-11"]
    return {"game": game, "lineup": lineup, "shares": [0.25] * 4, "scores": scores,
            "plan": {"kind": "classic", "lineup": bots, "seed": 60, "options": {}, "budget": None,
                     "iterations": 20},
            "engine": "python", "fingerprints": {bot: bot[:6] for bot in bots}}


def test_the_summary_compares_each_pair_of_bots_by_their_best_seats_scores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    h, v, k = "hard", "hard:candidate_limit=16", "hard-2026-11"
    lines = [classic_line(0, [h, v, k, k], [50, 45, 40, 52]),  # h-v +5, h-k -2, v-k -7
             classic_line(1, [k, h, v, k], [30, 44, 44, 41]),  # 0, +3, +3
             classic_line(2, [k, k, h, v], [60, 38, 47, 55]),  # -8, -13, -5
             classic_line(3, [v, k, k, h], [49, 40, 39, 58]),  # +9, +18, +9
             classic_line(4, [h, v, k, k], None)]  # no scores: left out of the pairs
    path = tmp_path / "screen.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert main(["arena-summary", str(path), "--json"]) == 0
    [summary] = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert summary["games"] == 5
    pairs = {(pair["first"], pair["second"]): pair for pair in summary["head_to_head"]}
    assert list(pairs) == [(h, v), (h, k), (v, k)]
    assert pairs[h, v]["games"] == 4 and pairs[h, v]["wins"] == 2.5 and pairs[h, v]["share"] == 0.625
    assert pairs[h, v]["interval95"] == [round(x, 4) for x in wilson_interval(0.625, 4)]
    assert pairs[h, v]["mean_difference"] == 1.5 and pairs[h, v]["standard_error"] == 3.663  # sqrt(161/12)
    assert (pairs[h, k]["wins"], pairs[h, k]["mean_difference"], pairs[h, k]["standard_error"]) == (
        2.0, 1.5, 6.436)  # sqrt(497/12)
    assert (pairs[v, k]["wins"], pairs[v, k]["mean_difference"], pairs[v, k]["standard_error"]) == (
        2.0, 0.0, 3.697)  # sqrt(164/12)
    assert main(["arena-summary", str(path)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[4] == ("  head to head: hard vs hard:candidate_limit=16: best seat scored more in 2.5 / 4 "
                       "games (0.625 [95%: 0.219-0.908]); score difference +1.50 +- 3.66 a game")
    assert len(text) == 7 and text[6].startswith("  head to head: hard:candidate_limit=16 vs hard-2026-11:")


def test_a_pool_of_one_bot_or_without_scores_has_no_head_to_head(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    alone = classic_line(0, ["hard"] * 4, [50, 45, 40, 52])
    alone["plan"]["lineup"] = ["hard"] * 4
    unscored = classic_line(0, ["hard", "hard:candidate_limit=16", "hard-2026-11", "hard-2026-11"], None)
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(alone) + "\n" + json.dumps(unscored) + "\n", encoding="utf-8")
    assert main(["arena-summary", str(path), "--json"]) == 0
    summaries = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert len(summaries) == 2 and not any("head_to_head" in summary for summary in summaries)
    assert main(["arena-summary", str(path)]) == 0
    assert "head to head" not in capsys.readouterr().out
