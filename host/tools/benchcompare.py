"""``make bench``'s host part: this host against an older one, measured side by side in one run.

The older host is built from git (``git archive BASELINE`` into a temporary folder). Both hosts run as
``python -m host`` subprocesses on 127.0.0.1, each with its own temporary data folder, both started before
the first load and kept running. The loads alternate between them, round after round (A B, then B A):

- *one table*: Duel games played one after another by two headless phones, flat out;
- *many tables*: 50 Duel tables played at once, flat out.

The phones run in client subprocesses (this tree's ``host.tools.phone``; two for the many-tables load), so
their decoding does not count as the host's work. The act-to-ack latency is timed by the phones; the
host's CPU time is read from ``/proc/PID/stat`` right before and after each load, and divided by the
actions it acknowledged.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.tools.figures import LOOPBACK, p99

BASELINE = "4b1ec0d"  # the main branch before issue 7 (hardening and the cheaper move)
ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 2
ONE_TABLE_GAMES = 6
MANY_TABLES = 50
CLIENT_PROCESSES = 2  # for the many-tables load: the phones' own work must not be the bottleneck
LOAD_SECONDS = 300.0  # a hang guard per load, never reached on a working host
START_WAIT = 60.0
LOADS = (("one", ONE_TABLE_GAMES, True), ("many", MANY_TABLES, False))
TARGET_ONE_P99_MS = 10.0
TARGET_MANY_P99_MS = 50.0
TARGET_CPU_CUT = 0.30


@dataclass
class Figures:
    """One host's results for one load, summed over the rounds."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    cpu: float = 0.0
    seconds: float = 0.0
    games: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, played: dict[str, Any], cpu: float) -> None:
        """Fold one load's client report and the host's CPU seconds in."""
        self.latencies += played["latencies"]
        self.actions += len(played["latencies"])
        self.cpu += cpu
        self.seconds += played["seconds"]
        self.games += sum(1 for g in played["games"] if g["result"])
        self.errors += played["errors"] + (["stopped at the time limit"] if played["timed_out"] else [])

    def p50_ms(self) -> float:
        return statistics.median(self.latencies) * 1000 if self.latencies else 0.0

    def p99_ms(self) -> float:
        return p99(self.latencies) * 1000

    def cpu_us(self) -> float:
        """Host CPU microseconds per acknowledged action."""
        return self.cpu / self.actions * 1e6 if self.actions else 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process ``pid`` has used (Linux ``/proc``)."""
    if sys.platform == "win32":
        raise OSError("the bench reads a process's CPU time from Linux's /proc")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    """A loopback port free right now."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def baseline_tree(commit: str, into: Path) -> Path:
    """This repository at ``commit``, unpacked into ``into`` (``git archive``)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


@dataclass
class HostUnderTest:
    """One host subprocess: its name, tree, URL and log file."""

    name: str
    root: Path
    proc: asyncio.subprocess.Process
    url: str
    log: Path

    @classmethod
    async def start(cls, name: str, root: Path, work: Path, data_root: Path) -> HostUnderTest:
        port = free_port()
        log = work / f"{name}.log"
        env = {**os.environ, "PYTHONPATH": str(root)}
        with log.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "host", "--host", LOOPBACK, "--port", str(port),
                "--data", str(data_root / f"{name}-data"), cwd=root, env=env,
                stdout=asyncio.subprocess.PIPE, stderr=err,
            )
        assert proc.stdout is not None
        while True:
            line = await asyncio.wait_for(proc.stdout.readline(), START_WAIT)
            if not line:
                raise RuntimeError(f"the {name} host did not start: {log.read_text()[-800:]}")
            if line.startswith(b"Main address"):
                break
        return cls(name, root, proc, f"http://{LOOPBACK}:{port}", log)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def run_load(host: HostUnderTest, tables: int, one_by_one: bool, first: int,
                   processes: int = 1) -> tuple[dict[str, Any], float]:
    """Play one load against ``host`` from ``processes`` client subprocesses (the tables shared out);
    the phones' merged report and the host's CPU seconds."""
    shares = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
    argvs = []
    offset = first
    for share in shares:
        argv = [sys.executable, "-m", "host.tools.bench", "--clients-of", host.url, "--tables", str(share),
                "--seconds", str(LOAD_SECONDS), "--first", str(offset)]
        argvs.append(argv + (["--one-by-one"] if one_by_one else []))
        offset += share
    before = cpu_seconds(host.proc.pid)
    clients = [await asyncio.create_subprocess_exec(*argv, cwd=ROOT, stdout=asyncio.subprocess.PIPE)
               for argv in argvs]
    outs = await asyncio.wait_for(asyncio.gather(*(c.communicate() for c in clients)), LOAD_SECONDS + 30)
    cpu = cpu_seconds(host.proc.pid) - before
    merged: dict[str, Any] = {"latencies": [], "refused": 0, "games": [], "timed_out": False, "errors": [],
                              "seconds": 0.0}
    for client, (out, _) in zip(clients, outs, strict=True):
        if client.returncode != 0 or not out.strip():
            raise RuntimeError(f"a client subprocess failed against the {host.name} host")
        played = json.loads(out.decode().strip().splitlines()[-1])
        for key in ("latencies", "games", "errors"):
            merged[key] += played[key]
        merged["refused"] += played["refused"]
        merged["timed_out"] = merged["timed_out"] or played["timed_out"]
        merged["seconds"] = max(merged["seconds"], played["seconds"])
    return merged, cpu


async def compare(baseline: str, rounds: int, data_root: Path | None = None) -> dict[str, dict[str, Figures]]:
    """Both hosts under both loads, alternating; figures per host name and load. The hosts' data
    folders go under ``data_root`` (default: the temporary folder, on the usual disk)."""
    with (tempfile.TemporaryDirectory(prefix="wonders-benchab-") as tmp,
          tempfile.TemporaryDirectory(prefix="wonders-benchab-data-", dir=data_root) as data):
        work = Path(tmp)
        old_root = baseline_tree(baseline, work / "old-tree")
        hosts = [await HostUnderTest.start("old", old_root, work, Path(data)),
                 await HostUnderTest.start("new", ROOT, work, Path(data))]
        figures = {h.name: {"one": Figures(), "many": Figures()} for h in hosts}
        try:
            for r in range(rounds):
                order = hosts if r % 2 == 0 else hosts[::-1]
                for load, tables, one_by_one in LOADS:
                    for host in order:
                        played, cpu = await run_load(host, tables, one_by_one, 1000 * r,
                                                     1 if one_by_one else CLIENT_PROCESSES)
                        figures[host.name][load].add(played, cpu)
        finally:
            for host in hosts:
                await host.stop()
        return figures


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def _per_second(f: Figures) -> float:
    return f.actions / f.seconds if f.seconds else 0.0


def _cut(old: Figures, new: Figures) -> float:
    """How much lower the new host's CPU per action is (0.3: 30% lower)."""
    return 1 - new.cpu_us() / old.cpu_us() if old.cpu_us() else 0.0


def format_comparison(figures: dict[str, dict[str, Figures]], baseline: str, rounds: int,
                      data_root: Path | None = None) -> str:
    """The table ``make bench`` prints."""
    old, new = figures["old"], figures["new"]

    def row(label: str, a: float, b: float, unit: str, note: str = "") -> str:
        return f"  {label:<28} {a:>9.1f} {b:>9.1f} {unit:<3} {note}"

    one_p99, many_p99 = new["one"].p99_ms(), new["many"].p99_ms()
    one_cut, many_cut = _cut(old["one"], new["one"]), _cut(old["many"], new["many"])
    acked = {n: figures[n]["one"].actions + figures[n]["many"].actions for n in figures}
    finished = {n: figures[n]["one"].games + figures[n]["many"].games for n in figures}
    lines = [
        f"host bench, side by side: old = {baseline} (git archive), new = this tree; Duel, random "
        f"phones in client subprocesses, 127.0.0.1, {rounds} rounds alternating old/new; saved tables "
        f"in {data_root or tempfile.gettempdir()} (each move committed with fsync before its ack)",
        f"  {'':<28} {'old':>9} {'new':>9}",
        f"  one table ({ONE_TABLE_GAMES} games a round, one after another):",
        row("act -> ack p50", old["one"].p50_ms(), new["one"].p50_ms(), "ms"),
        row("act -> ack p99", old["one"].p99_ms(), one_p99, "ms",
            f"target <= {TARGET_ONE_P99_MS:.0f} ms: {_verdict(one_p99 <= TARGET_ONE_P99_MS)}"),
        row("host CPU per action", old["one"].cpu_us(), new["one"].cpu_us(), "us", f"{one_cut:.0%} lower"),
        f"  {MANY_TABLES} tables at once:",
        row("act -> ack p50", old["many"].p50_ms(), new["many"].p50_ms(), "ms"),
        row("act -> ack p99", old["many"].p99_ms(), many_p99, "ms",
            f"target <= {TARGET_MANY_P99_MS:.0f} ms: {_verdict(many_p99 <= TARGET_MANY_P99_MS)}"),
        row("actions per second", _per_second(old["many"]), _per_second(new["many"]), "/s"),
        row("host CPU per action", old["many"].cpu_us(), new["many"].cpu_us(), "us",
            f"{many_cut:.0%} lower; target >= {TARGET_CPU_CUT:.0%}: {_verdict(many_cut >= TARGET_CPU_CUT)}"),
        f"  actions acknowledged: old {acked['old']}, new {acked['new']}; "
        f"games finished: old {finished['old']}, new {finished['new']}",
    ]
    for name in ("old", "new"):
        errors = figures[name]["one"].errors + figures[name]["many"].errors
        lines += [f"  {name} error: {e}" for e in errors[:5]]
    return "\n".join(lines)


def compare_main(args: argparse.Namespace) -> int:
    """``python -m host.tools.bench --compare``: print the side-by-side table; 0 if every game finished."""
    baseline = args.baseline or BASELINE
    rounds = args.rounds or ROUNDS
    data_root = Path(args.data_root) if args.data_root else None
    try:
        figures = asyncio.run(compare(baseline, rounds, data_root))
    except (RuntimeError, OSError, subprocess.CalledProcessError, TimeoutError) as exc:
        print(f"host.tools.bench --compare: {exc}", file=sys.stderr)
        return 1
    print(format_comparison(figures, baseline, rounds, data_root), flush=True)
    expected = rounds * (ONE_TABLE_GAMES + MANY_TABLES)
    ok = all(figures[n]["one"].games + figures[n]["many"].games == expected for n in figures)
    return 0 if ok else 1
