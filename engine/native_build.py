"""Compile the engine's fast path with mypyc (a set-up step, run by ``make setup``; see :mod:`engine.native`).

``python -m engine.native_build [--opt-level N] [--jobs J] [--force]``

Compiles :data:`engine.native.COMPILED_MODULES` from the ``engine/*.py`` sources into ``.native/``: the
generated C in ``.native/c``, the extension modules in ``.native/lib``, and last the stamp (the sources'
digest read before compiling, so a file edited during the build leaves the build stale, never wrong). A
failed build leaves no stamp and the engine runs plain Python. A build whose stamp already matches the
sources is kept (a checkout that only touched files), unless ``--force``. Needs a C compiler and Python's
headers; without them it says so and exits 1 (``make`` carries on with plain Python).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys
import sysconfig
import time

from engine import native


def compiler_problem() -> str | None:
    """Why no C extension can be built here (no compiler, no Python headers), or ``None``."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} is not on PATH)"
    headers = sysconfig.get_paths()["include"]
    if not os.path.exists(os.path.join(headers, "Python.h")):
        return f"no Python headers (no Python.h in {headers})"
    return None


def build(opt_level: str = "2", jobs: int | None = None) -> float:
    """Compile the modules into a fresh ``.native``; return the seconds it took (wall clock)."""
    from mypyc.build import mypycify  # the dev dependency mypy brings mypyc
    from setuptools import Distribution

    started = time.perf_counter()
    digest = native.source_digest()
    build_dir = native.BUILD_DIR
    native.STAMP.unlink(missing_ok=True)
    shutil.rmtree(native.LIB_DIR, ignore_errors=True)
    root = native.ENGINE_DIR.parent
    paths = [str(native.ENGINE_DIR.parent.joinpath(*name.split(".")).with_suffix(".py").relative_to(root))
             for name in native.COMPILED_MODULES]
    os.chdir(root)  # mypyc names modules from paths relative to the working directory
    extensions = mypycify(paths, opt_level=opt_level, target_dir=str(build_dir / "c"),
                          group_name=native.GROUP)
    distribution = Distribution({"name": "engine-native", "ext_modules": extensions})
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(native.LIB_DIR)
    command.build_temp = str(build_dir / "tmp")
    command.parallel = jobs or os.cpu_count() or 1
    distribution.run_command("build_ext")
    native.STAMP.write_text(digest + "\n", encoding="ascii")
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.native_build", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--opt-level", default="2", help="the C compiler's -O level (default 2)")
    parser.add_argument("--jobs", type=int, default=None, help="C files compiled at once (default: cores)")
    parser.add_argument("--force", action="store_true", help="rebuild even if the build matches the sources")
    args = parser.parse_args(argv)
    if not args.force and native.choose({}).compiled:
        print(f"the compiled engine in {native.LIB_DIR} matches the sources: kept")
        return 0
    problem = compiler_problem()
    if problem is not None:
        print(f"the engine's compiled fast path is not built: {problem}; the engine runs plain Python")
        return 1
    seconds = build(args.opt_level, args.jobs)
    print(f"compiled {len(native.COMPILED_MODULES)} engine modules into {native.LIB_DIR} in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
