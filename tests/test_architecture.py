"""docs/architecture.md stays true: every file and module it names exists, and its import rules hold."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.imports import ROOT, modules

DOC = ROOT / "docs" / "architecture.md"
# What the host may import of the engine (the doc's table says why each).
HOST_MAY_IMPORT = {"engine.api", "engine.bots", "engine.records", "engine.native"}
# The game rules' modules: no I/O, no clock, no event loop.
RULES = ("engine.api", "engine.payment", "engine.duel", "engine.classic")
NOT_IN_RULES = {"asyncio", "socket", "sqlite3", "time", "os", "pathlib", "io", "threading", "subprocess",
                "datetime", "aiohttp", "socketio", "host"}


def named_paths(text: str) -> list[str]:
    """Every repository path the text names in backticks (a `<game>` or `<lang>` placeholder stands for
    every game or language folder)."""
    found = []
    for quoted in re.findall(r"`([^`\s]+)`", text):
        if "/" in quoted and re.match(r"^(engine|host|web|tests|docs)/", quoted):
            found.append(quoted)
    return found


def expand(path: str) -> list[Path]:
    """``path`` with ``<game>`` made each game folder of web/src and ``<lang>`` each language."""
    paths = [path]
    if "<game>" in path:
        paths = [p.replace("<game>", game) for p in paths for game in ("duel", "classic")]
    if "<lang>" in path:
        paths = [p.replace("<lang>", lang) for p in paths for lang in ("el", "fa", "pl", "ro")]
    return [ROOT / p for p in paths]


def test_every_path_the_page_names_exists():
    names = named_paths(DOC.read_text(encoding="utf-8"))
    assert len(names) > 40  # the page is read, not skipped
    missing = [p for name in names for p in expand(name) if not p.exists()]
    assert missing == []


def test_a_named_path_that_is_gone_is_found():
    """The check above can fail: a page naming a file that does not exist is caught."""
    names = named_paths("see `host/nowhere.py` and `engine/api.py`")
    assert [p for name in names for p in expand(name) if not p.exists()] == [ROOT / "host/nowhere.py"]


def imports_of(path: Path) -> set[str]:
    """Every module ``path`` imports (module level or inside functions), by its full dotted name."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_engine_never_imports_the_host():
    reached = {name: sorted(m for m in imports_of(path) if m.split(".")[0] in {"host", "aiohttp", "socketio"})
               for name, path in modules("engine").items()}
    assert {k: v for k, v in reached.items() if v} == {}


def test_the_rules_do_no_io_and_read_no_clock():
    rules = {name: path for name, path in modules("engine").items()
             if any(name == r or name.startswith(r + ".") for r in RULES)}
    assert len(rules) > 20
    reached = {name: sorted(m for m in imports_of(path) if m.split(".")[0] in NOT_IN_RULES)
               for name, path in rules.items()}
    assert {k: v for k, v in reached.items() if v} == {}


def test_the_host_uses_the_engine_only_through_its_interfaces():
    allowed = tuple(HOST_MAY_IMPORT)
    engine_modules = set(modules("engine"))
    reached: dict[str, list[str]] = {}
    for name, path in modules("host").items():
        if name.startswith("host.tools"):
            continue  # the host's tools (bench drivers) may reach further
        used = {m for m in imports_of(path) if m.split(".")[0] == "engine"}
        bad = sorted(m for m in used if m in engine_modules and m != "engine"  # the package is engine.api's
                     and not any(m == a or m.startswith(a + ".") for a in allowed))
        if bad:
            reached[name] = bad
    assert reached == {}


def test_web_lib_never_imports_a_game_folder():
    lib = ROOT / "web" / "src" / "lib"
    games = sorted(p.name for p in (ROOT / "web" / "src").iterdir()
                   if p.is_dir() and p.name not in {"lib", "after"})
    assert {"duel", "classic"} <= set(games)
    pattern = re.compile(r"""(?:import|from)\s*[^;]*?["']\.\./(""" + "|".join(games) + r")/")
    offenders = sorted(str(p.relative_to(ROOT)) for p in lib.rglob("*.js") if pattern.search(p.read_text()))
    assert offenders == []
