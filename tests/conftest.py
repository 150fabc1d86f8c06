"""Settings of the whole suite."""

from __future__ import annotations

import os

import pytest

# `pytest -n auto` (make test) starts this many workers per core. The browser tests spend most of their time
# waiting (on Chromium, on the host, on the pages' timers: test_layout.py alone took 132 s of wall time for
# 18 s of CPU time), so while one worker waits another can compute; the engine's tests, all computation,
# simply share the cores.
WORKERS_PER_CORE = 2


@pytest.hookimpl(optionalhook=True)  # a run without xdist (-p no:xdist) does not know the hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """Workers for ``-n auto``: WORKERS_PER_CORE per usable core (PYTEST_XDIST_AUTO_NUM_WORKERS overrides)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return WORKERS_PER_CORE * cores
