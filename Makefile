# Wonders Table: `make run` sets everything up and starts the host; `make test` sets up and runs all tests.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Every Python package, dev tools included, pinned with hashes (see the README: "make lock" refreshes it).
LOCK := requirements.lock
UV_VERSION := 0.13.9
PORT ?= 8765
HOST_ARGS ?=

.PHONY: run test bench lint lock setup web native chromium browsers clean screenshots dist

setup: $(VENV)/.stamp web native

# A set-up step's output goes to $(SETUP_LOG); it is shown only when the step fails, so `make run` prints
# what the host needs (its addresses and QR code), not installer chatter.
SETUP_LOG := .setup.log
QUIETLY = sh -c 'echo "\$$ $$*" >>$(SETUP_LOG); "$$@" >>$(SETUP_LOG) 2>&1 || { \
  tail -n 30 $(SETUP_LOG) >&2; echo "set-up failed: the whole output is in $(SETUP_LOG)" >&2; exit 1; }' quietly

$(VENV)/.stamp: pyproject.toml $(LOCK)
	@echo "setting up the Python packages (the first time takes a minute)"
	@test -x $(PY) || $(QUIETLY) $(PYTHON) -m venv $(VENV)
	@$(QUIETLY) $(PY) -m pip install --disable-pip-version-check --require-hashes -r $(LOCK)
	@$(QUIETLY) $(PY) -m pip install --disable-pip-version-check --no-deps --no-build-isolation -e .
	@touch $@

# Re-resolve the lock from pyproject.toml (and requirements-build.in) with uv, run in a throwaway venv.
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	.lock-venv/bin/uv pip compile pyproject.toml requirements-build.in --extra dev --universal \
	  --python-version 3.11 --generate-hashes -o $(LOCK)
	rm -rf .lock-venv

web/node_modules/.stamp: web/package.json web/package-lock.json
	@echo "setting up the web pages' packages"
	@$(QUIETLY) npm --prefix web ci --no-audit --no-fund --loglevel=error
	@touch $@

WEB_SOURCES := $(shell find web/src -type f 2>/dev/null) web/build.mjs web/css-compat.mjs

web/dist/.stamp: web/node_modules/.stamp $(WEB_SOURCES)
	@echo "building the web pages"
	@$(QUIETLY) npm --prefix web run --silent build
	@touch $@

web: web/dist/.stamp

# The engine's compiled fast path (mypyc, engine/native.py): rebuilt when an engine source changes. It is
# optional: if it cannot be built (no C compiler, a mypyc error) the engine runs plain Python and the
# set-up carries on (the output is in $(SETUP_LOG)). `.native/attempted` records the try, so a failed
# build is not retried until the sources change; the engine itself trusts only `.native/stamp`.
NATIVE_ATTEMPT := .native/attempted
ENGINE_SOURCES := $(shell find engine -name '*.py' 2>/dev/null)

$(NATIVE_ATTEMPT): $(VENV)/.stamp $(ENGINE_SOURCES)
	@echo "checking the engine's compiled fast path (mypyc; a build takes a few minutes)"
	@mkdir -p $(@D)
	@echo "$$ $(PY) -m engine.native_build" >>$(SETUP_LOG)
	@$(PY) -m engine.native_build >>$(SETUP_LOG) 2>&1 || \
	  echo "the engine's compiled fast path did not build (see $(SETUP_LOG)): the engine runs plain Python"
	@touch $@

native: $(NATIVE_ATTEMPT)

# Browser tests drive Debian's chromium; never a browser downloaded by a tool.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  $(QUIETLY) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(QUIETLY) apt-get install -y -qq chromium; }

# The browser matrix (tests/web/browsers, issue 31), each browser from a package registry: Debian's
# firefox-esr, webkit2gtk-driver (WebKit's WebDriver and MiniBrowser) and xvfb (its screen), and Chromium 80
# and 92 from the npm packages chrome-aws-lambda, unpacked into .browsers/. What cannot be installed is said
# in one line and the tests of its engine skip (CI sets WT_BROWSERS_REQUIRED=1: then they fail).
MATRIX_DEBS := firefox-esr:firefox-esr webkit2gtk-driver:WebKitWebDriver xvfb:Xvfb
OLD_CHROMIUM_DEPS := $(addprefix tests/web/browsers/,package.json package-lock.json unpack.mjs)

browsers: chromium .browsers/.stamp
	@missing=$$(for p in $(MATRIX_DEBS); do command -v $${p#*:} >/dev/null 2>&1 || echo $${p%%:*}; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's" $$missing "for the browser matrix"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } \
	    >>$(SETUP_LOG) 2>&1 || echo "could not install" $$missing "(see $(SETUP_LOG)): their engines' tests skip"; \
	fi

.browsers/.stamp: $(OLD_CHROMIUM_DEPS)
	@echo "unpacking Chromium 80 and 92 (npm: chrome-aws-lambda) for the browser matrix"
	@{ npm ci --prefix tests/web/browsers --no-audit --no-fund --loglevel=error \
	  && rm -rf .browsers/chromium-80 .browsers/chromium-92 && node tests/web/browsers/unpack.mjs .browsers \
	  && touch $@; } >>$(SETUP_LOG) 2>&1 \
	  || echo "could not install Chromium 80 and 92 from npm (see $(SETUP_LOG)): their tests skip"

# A checkout keeps its saved tables in ./data (the installed command keeps them in the user's data folder).
run: setup
	@$(PY) -m host --port $(PORT) --data data $(HOST_ARGS)

# The installable app (README: "Install on your laptop"): an sdist and a pure-Python wheel in dist/ with the
# built pages inside (setup.py copies web/dist into the package as host/pages) and the `wonders-table`
# command. The wheel is built from the sdist, so the sdist is known to carry everything; neither holds the
# compiled engine (an installed host runs plain Python). Nothing is downloaded: the venv's setuptools builds.
dist: $(VENV)/.stamp web
	@echo "building the sdist and the wheel into dist/"
	@rm -rf build dist .dist-src
	@$(QUIETLY) $(PY) -c 'from setuptools import build_meta; build_meta.build_sdist("dist")'
	@mkdir .dist-src && tar -xzf dist/wonders_table-*.tar.gz -C .dist-src
	@$(QUIETLY) $(PY) -m pip wheel --disable-pip-version-check --no-deps --no-build-isolation --no-index \
	  --wheel-dir dist .dist-src/wonders_table-*/
	@rm -rf .dist-src
	@ls -1 dist/*

# The tests run on every core (pytest-xdist; `-n auto` starts two workers a core, tests/conftest.py), a
# module's tests together (they share its fixtures).
test: setup chromium browsers
	$(MAKE) --no-print-directory lint
	$(PY) -m pytest -n auto --dist loadscope

# The README's pictures (docs/img/*.png): seeded games played to mid-game on a host started for it.
screenshots: setup chromium
	$(PY) -m tests.web.screenshots --out docs/img

# The bots' bars (issue 11) run quick by default (fewer games, 0.05 s per searching decision, a few
# minutes); `make bench BOTS_BENCH_ARGS=--full` plays the issue's counts at the bots' own times (hours).
BOTS_BENCH_ARGS ?=

bench: $(VENV)/.stamp browsers
	$(PY) -m engine.bench
	$(PY) -m engine.records_bench
	$(PY) -m engine.bots.bench $(BOTS_BENCH_ARGS)
	$(PY) -m host.tools.bench --compare
	$(PY) -m host.tools.fairbench
	$(PY) -m tests.web.tvbench
	$(PY) -m tests.web.oldtvbench
	$(PY) -m tests.web.rejoinbench

# ruff over the code and the tests; mypy over engine/ and host/ (configured in pyproject.toml), as on each
# platform a host runs on: Linux, Windows and macOS (no Unix-only module may be needed there).
lint: $(VENV)/.stamp
	$(PY) -m ruff check engine host tests setup.py
	$(PY) -m mypy --platform linux
	$(PY) -m mypy --platform win32
	$(PY) -m mypy --platform darwin

clean:
	rm -rf $(VENV) web/node_modules web/dist .native $(SETUP_LOG) build dist .dist-src .browsers \
	  tests/web/browsers/node_modules
