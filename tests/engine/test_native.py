"""The compiled fast path (engine/native.py): the same games as plain Python, never a stale build.

The games are played in subprocesses (one forced plain with WT_PLAIN_ENGINE=1, one free to load the build),
so this test compares both paths whichever path the test process itself runs. The comparisons need a
fresh build: on a machine that can build one (a C compiler and Python's headers) a missing or stale build
fails them (`make native` rebuilds it; the build is part of what a change must keep working), and only
where none can be built are they skipped, saying why. The fallbacks are tested either way, with a copy of
the engine whose build is fake or stale.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine import native
from engine.native_build import compiler_problem

ROOT = Path(__file__).resolve().parents[2]
BUILT = native.choose({}).compiled  # a fresh build exists (whatever this process was told)


@pytest.fixture
def fresh_build() -> None:
    """Fails without a fresh build where one can be built; skips where none can (no C compiler)."""
    if BUILT:
        return
    problem = compiler_problem()
    if problem is not None:
        pytest.skip(f"no compiled engine can be built here: {problem}")
    pytest.fail(f"the compiled engine is not usable: {native.choose({}).reason} (run `make native`)")


def _run(args: list[str], *, plain: bool, cwd: Path = ROOT, pythonpath: Path | None = None,
         timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != native.PLAIN_ENV}
    if plain:
        env[native.PLAIN_ENV] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)


def _traces(*, plain: bool) -> dict[str, object]:
    done = _run(["-m", "tests.engine.native_games"], plain=plain)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.usefixtures("fresh_build")
def test_compiled_and_plain_engines_play_the_same_games_move_by_move() -> None:
    plain, compiled = _traces(plain=True), _traces(plain=False)
    assert plain["engine"].startswith("plain") and plain["compiled"] == []
    assert compiled["engine"].startswith("compiled")
    assert compiled["compiled"] == sorted(native.COMPILED_MODULES)
    assert plain["traces"].keys() == compiled["traces"].keys()
    for game, steps in plain["traces"].items():
        other = compiled["traces"][game]
        first = next((i for i, (a, b) in enumerate(zip(steps, other, strict=False)) if a != b), None)
        assert first is None and len(steps) == len(other), f"{game}: the engines part at step {first}"


@pytest.mark.usefixtures("fresh_build")
@pytest.mark.parametrize("golden", ["tests/engine/classic/test_golden.py",
                                    "tests/engine/duel/test_golden.py"])
def test_golden_games_on_the_path_this_process_does_not_run(golden: str) -> None:
    """The test suite runs the compiled engine when it is built; the golden games run plain here too."""
    done = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", golden],
                plain=engine.ENGINE_PATH.compiled)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def test_the_environment_variable_forces_plain_python() -> None:
    chosen = native.choose({native.PLAIN_ENV: "1"})
    assert not chosen.compiled and native.PLAIN_ENV in chosen.reason
    report = _run(["-c", "import engine, engine.duel.actions as a; "
                         "print(engine.ENGINE_PATH.compiled, a.__file__)"], plain=True)
    assert report.stdout.split() == ["False", str(ROOT / "engine" / "duel" / "actions.py")]


def _engine_copy(tmp_path: Path, library: bytes | None = None) -> Path:
    """A copy of the engine's sources and build (or a fake library of ``library`` bytes), freshly stamped."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    lib = tmp_path / ".native" / "lib"
    if library is None:
        shutil.copytree(native.LIB_DIR, lib)
    else:
        target = native.library_file(native.LIBRARY, lib)
        target.parent.mkdir(parents=True)
        target.write_bytes(library)
    (tmp_path / ".native" / "stamp").write_text(native.source_digest(tmp_path / "engine") + "\n")
    return tmp_path


def _path_of_copy(copy: Path) -> list[str]:
    """(compiled?, where engine.classic.pricing came from, the reason) in a process importing ``copy``."""
    done = _run(["-c", "import engine, engine.classic.pricing as p; "
                       "print(engine.ENGINE_PATH.compiled, p.__file__, engine.ENGINE_PATH.reason, sep='|')"],
                plain=False, cwd=copy, pythonpath=copy)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().split("|")


def test_a_stale_stamp_falls_back_to_plain_python(tmp_path: Path) -> None:
    """An engine file edited after the build (the stamp no longer matches): plain Python, with the reason."""
    copy = _engine_copy(tmp_path, library=b"" if not BUILT else None)
    with (copy / "engine" / "classic" / "pricing.py").open("a") as source:
        source.write("\n# edited after the build\n")
    compiled, where, reason = _path_of_copy(copy)
    assert compiled == "False" and where == str(copy / "engine" / "classic" / "pricing.py")
    assert "stale" in reason
    assert not native.choose({}, stamp=copy / ".native" / "stamp", engine_dir=copy / "engine",
                             lib_dir=copy / ".native" / "lib").compiled


@pytest.mark.usefixtures("fresh_build")
def test_a_fresh_stamp_loads_the_compiled_copy(tmp_path: Path) -> None:
    """The control of the test above: the same copy, unedited, runs compiled."""
    copy = _engine_copy(tmp_path)
    compiled, where, _ = _path_of_copy(copy)
    assert compiled == "True" and where.startswith(str(copy / ".native" / "lib"))


def test_a_library_that_does_not_load_falls_back_to_plain_python(tmp_path: Path) -> None:
    copy = _engine_copy(tmp_path, library=b"not a shared library")
    compiled, where, reason = _path_of_copy(copy)
    assert compiled == "False" and where.endswith(".py") and "does not load" in reason


def test_no_build_runs_plain_python(tmp_path: Path) -> None:
    chosen = native.choose({}, stamp=tmp_path / "stamp", engine_dir=ROOT / "engine", lib_dir=tmp_path)
    assert not chosen.compiled and "no compiled build" in chosen.reason


def test_the_digest_covers_every_engine_source(tmp_path: Path) -> None:
    """Not only the compiled modules: they were type-checked against the plain ones they call."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    before = native.source_digest(tmp_path / "engine")
    with (tmp_path / "engine" / "bots" / "policy.py").open("a") as source:
        source.write("\n")
    assert native.source_digest(tmp_path / "engine") != before
