"""What differs between the laptops a host runs on (Linux, macOS, Windows), in one place: the open-file
limit, a bot worker's lower priority, and how a worker process is started apart from the terminal's Ctrl-C.

Nothing here imports a Unix-only module at import time: ``resource`` and ``os.nice`` are used only where the
platform has them (``sys.platform`` checks, which mypy follows for ``--platform win32 / darwin / linux``).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from typing import Any

FILES_WANTED = 65536  # the soft limit asked for when the hard limit is unlimited
# Windows has no per-process file limit of this kind (sockets are handles; the Proactor loop has no
# select() cap): the host's own connection caps are then the only bound.
FILES_UNBOUNDED = 1 << 20
NICENESS = 5  # a worker's niceness on Unix: the host's event loop goes first when the cores are busy
# Windows' BELOW_NORMAL_PRIORITY_CLASS (the counterpart of a niceness of about 5)
BELOW_NORMAL_PRIORITY_CLASS = 0x00004000


def file_limit() -> int:
    """The process's open-file limit, its soft limit raised toward the hard limit where the platform has
    such a limit (``resource``: Linux and macOS); :data:`FILES_UNBOUNDED` elsewhere."""
    if sys.platform == "win32":
        return FILES_UNBOUNDED
    try:
        import resource
    except ImportError:  # a Python built without it
        return FILES_UNBOUNDED

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = FILES_WANTED if hard == resource.RLIM_INFINITY else hard
    if sys.platform == "darwin":
        target = min(target, FILES_WANTED)  # macOS refuses a soft limit over OPEN_MAX, whatever the hard one
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return soft if soft != resource.RLIM_INFINITY else FILES_UNBOUNDED


def lower_priority() -> bool:
    """Lower this process's scheduling priority where the platform allows it (a bot worker, so the
    host's loop answers first); whether it was lowered."""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        return bool(kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS))
    nice = getattr(os, "nice", None)  # absent from some Pythons (and from a test's stand-in of Windows)
    if nice is None:
        return False
    try:
        nice(NICENESS)
    except OSError:
        return False
    return True


def detached_process_options() -> dict[str, Any]:
    """Keyword arguments for starting a child (a bot worker) apart from the terminal's Ctrl-C, which is
    the host's to handle: a session of its own on Unix, a process group of its own on Windows."""
    if sys.platform == "win32":
        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {"start_new_session": True}
