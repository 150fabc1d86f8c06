"""The wheel's one build step beyond pyproject.toml: the built web pages go inside the package.

``web/dist`` (made by ``make web``; an sdist carries it, see MANIFEST.in) is copied into the wheel as
``host/pages``, where an installed host finds them (``host.app.web_dist``), so the wheel serves its pages
with no Node or npm on the machine. An editable install (``make setup``) copies nothing: the host of a
checkout serves ``web/dist`` itself.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.errors import SetupError

PAGES = Path(__file__).resolve().parent / "web" / "dist"
NEEDED = ("board.html", "board.js", "phone.html", "phone.js")


class BuildWithPages(build_py):
    """``build_py`` that also copies ``web/dist`` into the built package as ``host/pages``."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        missing = [name for name in NEEDED if not (PAGES / name).is_file()]
        if missing:
            raise SetupError(f"the web pages are not built ({PAGES} lacks {', '.join(missing)}): "
                             f"run `make web` first (`make dist` does)")
        target = Path(self.build_lib) / "host" / "pages"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(PAGES, target, ignore=shutil.ignore_patterns(".*"))


setup(cmdclass={"build_py": BuildWithPages})
