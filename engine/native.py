"""The engine's compiled fast path: the same ``engine/*.py`` modules compiled by mypyc, or plain Python.

One seam, chosen once when ``engine`` is imported (:func:`activate`, called by ``engine/__init__.py``).
``make setup`` (so ``make run`` and ``make test``) compiles :data:`COMPILED_MODULES` into
:data:`BUILD_DIR` (``.native/`` at the repository's root, gitignored; :mod:`engine.native_build`) and
writes a stamp there: the :func:`source_digest` of every ``engine/**/*.py`` file the build read. At
import, the compiled copies are used only if

- the environment does not set :data:`PLAIN_ENV` (``WT_PLAIN_ENGINE=1`` forces plain Python),
- the stamp matches the digest of the sources as they are now (so a developer who edits any engine
  file and runs pytest directly gets plain Python, never an old compiled copy), and
- the compiled library loads.

Then an import finder placed first on ``sys.meta_path`` serves each module of :data:`COMPILED_MODULES`
(and the build's shared library) from the build; every other module, and every module when any check
fails, is the plain source. :data:`ENGINE_PATH` says which path runs and why (``engine.bench`` prints it).
Nothing else in the engine knows about this module: compiled or not, the code is the same.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

# The modules compiled, chosen by profile: the rules, the payment solver, samplers and playouts (what a
# random game and hard's search spend their time in). Not the card data, catalogs, views, saves, bots or
# tools: they gain little and would make the build longer (the data tables most of all).
COMPILED_MODULES: tuple[str, ...] = (
    "engine.memo",
    "engine.payment",
    "engine.shuffle",
    "engine.duel.actions",
    "engine.duel.effects",
    "engine.duel.flow",
    "engine.duel.game",
    "engine.duel.material",
    "engine.duel.playout",
    "engine.duel.pricing",
    "engine.duel.sampling",
    "engine.duel.scoring",
    "engine.duel.setup",
    "engine.duel.state",
    "engine.classic.actions",
    "engine.classic.game",
    "engine.classic.playout",
    "engine.classic.pricing",
    "engine.classic.rebates",
    "engine.classic.resolve",
    "engine.classic.sample",
    "engine.classic.scoring",
    "engine.classic.setup",
    "engine.classic.state",
)

# The shared library holding every compiled module (mypyc's group; a top-level module of the build).
LIBRARY = "engine_native__mypyc"
GROUP = "engine_native"

PLAIN_ENV = "WT_PLAIN_ENGINE"
ENGINE_DIR = Path(__file__).resolve().parent
BUILD_DIR = ENGINE_DIR.parent / ".native"
LIB_DIR = BUILD_DIR / "lib"
STAMP = BUILD_DIR / "stamp"


class EnginePath(NamedTuple):
    """Which engine runs: ``compiled`` (True: the mypyc build) and why (``reason``)."""

    compiled: bool
    reason: str

    def describe(self) -> str:
        """One line for benches and logs, e.g. ``compiled (mypyc, 24 modules)``."""
        return f"{'compiled' if self.compiled else 'plain Python'} ({self.reason})"


def source_digest(engine_dir: Path = ENGINE_DIR) -> str:
    """A hash of every ``.py`` file under ``engine_dir`` (paths and contents) and of this interpreter's
    extension ABI: what a build was made from. Every engine file counts, not only the compiled ones: the
    compiled code was type-checked against the plain modules it calls."""
    digest = hashlib.sha256(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    for path in sorted(engine_dir.rglob("*.py")):
        digest.update(path.relative_to(engine_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def library_file(name: str, lib_dir: Path = LIB_DIR) -> Path:
    """Where the build keeps the compiled module ``name``."""
    return lib_dir.joinpath(*name.split(".")).with_name(
        name.rpartition(".")[2] + importlib.machinery.EXTENSION_SUFFIXES[0])


class CompiledFinder:
    """Finds the modules of ``names`` in ``lib_dir`` (a meta path finder: it comes before the source)."""

    def __init__(self, names: Sequence[str], lib_dir: Path) -> None:
        self.names = frozenset(names)
        self.lib_dir = lib_dir

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in self.names:
            return None
        location = str(library_file(name, self.lib_dir))
        return importlib.util.spec_from_file_location(
            name, location, loader=importlib.machinery.ExtensionFileLoader(name, location))

    def invalidate_caches(self) -> None:
        """Nothing cached (part of the finder protocol)."""


def stamp_matches(stamp: Path = STAMP, engine_dir: Path = ENGINE_DIR) -> bool:
    """True if ``stamp`` holds the digest of the engine's sources as they are now."""
    try:
        built_from = stamp.read_text(encoding="ascii").strip()
    except OSError:
        return False
    return built_from == source_digest(engine_dir)


def choose(environ: Mapping[str, str] | None = None, stamp: Path = STAMP,
           engine_dir: Path = ENGINE_DIR, lib_dir: Path = LIB_DIR) -> EnginePath:
    """Which path the environment and the build allow (before loading anything)."""
    environ = os.environ if environ is None else environ
    if environ.get(PLAIN_ENV, "") not in ("", "0"):
        return EnginePath(False, f"{PLAIN_ENV} is set")
    if not library_file(LIBRARY, lib_dir).exists():
        return EnginePath(False, "no compiled build; `make setup` makes one in a checkout, a wheel has none")
    if not stamp_matches(stamp, engine_dir):
        return EnginePath(False, "the compiled build is stale: the engine's sources changed since; "
                                 "`make setup` rebuilds it")
    return EnginePath(True, f"mypyc, {len(COMPILED_MODULES)} modules")


def activate() -> EnginePath:
    """Put the compiled modules first if :func:`choose` allows it and the library loads; return the path
    (:data:`ENGINE_PATH` holds what the import of this module chose)."""
    chosen = choose()
    if not chosen.compiled:
        return chosen
    finder = CompiledFinder((*COMPILED_MODULES, LIBRARY), LIB_DIR)
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(LIBRARY)
    except ImportError as err:
        sys.meta_path.remove(finder)
        return EnginePath(False, f"the compiled library does not load: {err}")
    return chosen


def is_compiled(module: ModuleType) -> bool:
    """True if ``module`` was loaded from the compiled build."""
    spec = module.__spec__
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


# Chosen once, when ``engine/__init__.py`` imports this module (before any module it may compile).
ENGINE_PATH: EnginePath = activate()
