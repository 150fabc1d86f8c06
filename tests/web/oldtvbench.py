"""``make bench``'s old smart-TV figure (issue 31, part 6): the 7-seat board in Chromium 80 (the npm package
``chrome-aws-lambda@2.1.1``, driven over the DevTools protocol: tests/web/browsers/cdp.py) with its CPU
throttled ×4, as a smart TV of 2021 would run it. Target: the share of the board's main thread spent in long
tasks (over 50 ms, PerformanceObserver ``longtask``, which Chromium 80 has) while a game runs stays at or
under 15 % (today's Chromium: tests/web/tvbench.py).

Each run is one all-bot 7-seat game at the normal bot pace (6 ``easy`` bot seats and one headless phone that
taps a random move half a second after its turn comes, as in tvbench.py) watched by the board page at
1920×1080; its long-task share, its long tasks, and each tap's time until the TV shows its step. The figures
are given as min / median / max over the runs; wall-clock figures stretch on a loaded machine (the load
average is printed).

    .venv/bin/python -m tests.web.oldtvbench [--engine chromium-80 ...] [--runs 3] [--throttle 4]
        [--trace DIR] [--root ROOT] [--against ROOT]

Beside the share, each game's main-thread time in tasks, scripts, style and layout per move
(``Performance.getMetrics``: wall-clock time while throttled, but not the time between tasks that the share
counts, so less stretched by the machine's load). ``--trace DIR`` also records each game's trace (the main
thread's timeline, DIR/<engine>-<root>-<game>.json) and prints where its tasks spent their thread time and
what the slowest ones did (tracing slows the page: for finding what to speed up, not for the figures);
unthrottled (``--throttle 1``) it also samples the JavaScript (a .cpuprofile beside it: Chromium 80 stalls
when sampled while throttled; build with WT_MINIFY=0 for readable names) and projects the long tasks of a page
4× slower from the tasks' thread times, which the machine's load does not stretch. ``--root ROOT`` serves
another checkout's pages; ``--against ROOT`` compares builds: the games alternate between this checkout's
pages and those of the checkout ROOT (its own ``web/dist``, e.g. a ``git worktree`` of an older commit,
built), each served by its own host, and the figures are given for each.

``--engine chromium`` measures today's Debian chromium the same way (the same driver), for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.tools.phone import create_table, new_client
from tests.web.browsers import launch, missing
from tests.web.browsers.base import TV_1080, Engine, wait_for
from tests.web.browsers.cdp import CdpTab
from tests.web.tvbench import GAME_LIMIT, PROBE, ROOT, Host, TappingPhone, p90, spread

TARGET = 0.15  # the long-task share at or under which the old TV keeps up (issue 31)
ENGINES = ("chromium-80",)
THROTTLE = 4.0

# The page's long tasks and when each step was first shown, set up once the page has loaded (the driver's
# tab has no script run before the page's own; the game starts later, once the phone joins).
INSTALL = f"function () {{ {PROBE} }}"
# Performance.getMetrics' main-thread times (seconds) compared per move.
METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")
TRACE_CATEGORIES = ("devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute",
                    "blink.user_timing")
TASK_EVENTS = ("ThreadControllerImpl::RunTask", "RunTask")
RENDERING = ("UpdateLayoutTree", "Layout", "Paint", "UpdateLayerTree", "CompositeLayers", "MinorGC",
             "MajorGC")
LONG_US = 50_000


@dataclass
class OldTvRun:
    """One all-bot 7-seat game watched by the board page of an engine at a CPU throttle."""

    engine: str
    long_share: float  # of the game's wall-clock time, in long tasks
    long_count: int
    longest_ms: float
    seconds: float
    moves: int
    taps_ms: list[float] = field(default_factory=list)
    per_move_ms: dict[str, float] = field(default_factory=dict)  # METRICS' main-thread time per move


async def metrics(tab: CdpTab) -> dict[str, float]:
    reply = await tab.cdp("Performance.getMetrics")
    return {m["name"]: float(m["value"]) for m in reply["metrics"]}


async def start_trace(tab: CdpTab) -> asyncio.Future[str]:
    """Starts tracing the tab; the future gets the stream handle once Tracing.end has been called."""
    done: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def on_event(method: str, params: dict[str, Any]) -> None:
        if method == "Tracing.tracingComplete" and not done.done():
            done.set_result(params.get("stream", ""))

    tab.conn.listeners[tab.session].append(on_event)
    await tab.cdp("Tracing.start", transferMode="ReturnAsStream",
                  traceConfig={"includedCategories": list(TRACE_CATEGORIES), "excludedCategories": ["*"]})
    return done


async def end_trace(tab: CdpTab, done: asyncio.Future[str], path: Path) -> None:
    await tab.cdp("Tracing.end")
    stream = await asyncio.wait_for(done, 120)
    chunks: list[str] = []
    while True:
        part = await tab.cdp("IO.read", handle=stream, size=1 << 20)
        chunks.append(part.get("data", ""))
        if part.get("eof"):
            break
    await tab.cdp("IO.close", handle=stream)
    path.write_text("".join(chunks))


async def run_game(url: str, engine: Engine, throttle: float, seed: int,
                   trace: Path | None = None) -> OldTvRun:
    """One game: a 7-seat table of 6 easy bots and a tapping phone; its board in ``engine`` at
    ``throttle``; traced into ``trace`` when given."""
    code = await create_table(url, "classic", {}, seats=7)
    setup = new_client()
    await setup.connect(url, transports=["websocket"])
    await setup.call("watch", {"code": code})  # loopback: the board's rights
    for seat in range(1, 7):
        ack = await setup.call("set_bot", {"code": code, "seat": seat, "level": "easy"})
        assert ack.get("ok"), ack
    await setup.disconnect()
    tab = await engine.new_tab(TV_1080)
    phone = TappingPhone(url, code, seed=seed)
    try:
        if not isinstance(tab, CdpTab):
            raise SystemExit(f"{engine.name}: its driver cannot throttle the CPU (a DevTools engine can)")
        await tab.set_cpu_throttling(throttle)
        await tab.goto(f"{url}/board/{code}")
        await wait_for(tab, "() => document.body.dataset.state === 'lobby'", timeout=60)
        await tab.evaluate(INSTALL)
        await phone.join()
        await wait_for(tab, "() => document.body.dataset.state === 'playing'", timeout=60)
        await tab.cdp("Performance.enable")
        traced = await start_trace(tab) if trace else None
        sampled = trace is not None and throttle == 1
        if sampled:
            await tab.cdp("Profiler.enable")
            await tab.cdp("Profiler.setSamplingInterval", interval=500)
            await tab.cdp("Profiler.start")
        began = float(await tab.evaluate("() => performance.now()"))
        first_step = int(await tab.evaluate("() => Number(document.body.dataset.step)"))
        before = await metrics(tab)
        await asyncio.wait_for(phone.play(), GAME_LIMIT)
        await wait_for(tab, "() => document.body.dataset.state === 'over'", timeout=GAME_LIMIT, every=0.25)
        ended = float(await tab.evaluate("() => performance.now()"))
        after = await metrics(tab)
        if trace and traced:
            await asyncio.sleep(2.0)  # (the trace keeps what the end screen does after it is shown)
            if sampled:
                profile = (await tab.cdp("Profiler.stop"))["profile"]
                trace.with_suffix(".cpuprofile").write_text(json.dumps(profile))
            await end_trace(tab, traced, trace)
        last_step = int(await tab.evaluate("() => Number(document.body.dataset.step)"))
        tasks: list[list[float]] = await tab.evaluate("() => window.__longtasks")
        shown = {int(k): v for k, v in (await tab.evaluate("() => window.__shown")).items()}
        errors = await tab.errors()
        if errors:
            print(f"  ({engine.name}: {len(errors)} page errors, the first: {errors[0]})", flush=True)
    finally:
        await phone.close()
        await tab.close()
    during = [(s, d) for s, d in tasks if s + d > began and s < ended]
    busy = sum(min(s + d, ended) - max(s, began) for s, d in during)
    run = OldTvRun(engine.name, busy / max(1.0, ended - began), len(during),
                   max((d for _, d in during), default=0.0), (ended - began) / 1000,
                   max(1, last_step - first_step))
    run.per_move_ms = {k: 1000 * (after.get(k, 0.0) - before.get(k, 0.0)) / run.moves for k in METRICS}
    for sent, step in zip(phone.sent, phone.tap_steps(), strict=False):
        seen = [t for s, t in shown.items() if s >= step]
        if seen:
            run.taps_ms.append(min(seen) - sent)
    return run


def main_thread_spans(events: list[dict[str, Any]]) -> list[Span]:
    """The complete events of the page's main thread (the renderer's busiest), by start."""
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    sizes = Counter((e.get("pid"), e.get("tid")) for e in events if (e.get("pid"), e.get("tid")) in mains)
    pid, tid = sizes.most_common(1)[0][0]
    spans: list[Span] = []
    opened: dict[str, list[dict[str, Any]]] = {}
    ours = sorted((e for e in events if e.get("pid") == pid and e.get("tid") == tid), key=lambda e: e["ts"])
    for e in ours:
        if e["ph"] == "X":
            wall = e.get("dur", 0)
            spans.append(Span(e["ts"], wall, e.get("tdur", wall), e["name"], e.get("args", {})))
        elif e["ph"] == "B":
            opened.setdefault(e["name"], []).append(e)
        elif e["ph"] == "E" and opened.get(e["name"]):
            start = opened[e["name"]].pop()
            wall = e["ts"] - start["ts"]
            spans.append(Span(start["ts"], wall, wall, e["name"], start.get("args", {})))
    spans.sort(key=lambda span: (span.start, -span.dur))
    return spans


@dataclass
class Span:
    """One traced event of the main thread (µs): its start, wall and thread time, name and arguments."""

    start: float
    dur: float
    thread: float
    name: str
    args: dict[str, Any]

    @property
    def end(self) -> float:
        return self.start + self.dur

    def label(self) -> str:
        """The event with what it worked on: a call's function, a style's elements, a layout's objects."""
        if self.name == "FunctionCall":
            data = self.args.get("data", {})
            return f"{self.name} {data.get('functionName') or '?'}:{data.get('lineNumber', '?')}"
        if self.name == "UpdateLayoutTree":
            return f"{self.name} ({self.args.get('elementCount', '?')} elements)"
        if self.name == "Layout":
            begin = self.args.get("beginData", {})
            return f"{self.name} ({begin.get('dirtyObjects', '?')}/{begin.get('totalObjects', '?')} objects)"
        return self.name


def profile_report(path: Path, tasks: list[Span], top: int = 30) -> str:
    """The JavaScript that the long tasks ran (a sampling profile beside the trace, on the same clock):
    each function (name:line:column of the bundle; build with WT_MINIFY=0 for readable names) by the time
    sampled in it, its own and with what it called."""
    profile = json.loads(path.read_text())
    nodes = {node["id"]: node for node in profile["nodes"]}
    parents = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}
    longs = [task for task in tasks if task.dur >= LONG_US]
    starts = [task.start for task in longs]
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    at = float(profile["startTime"])
    stamps = []
    for delta in profile["timeDeltas"]:
        at += delta
        stamps.append(at)
    for k, node_id in enumerate(profile["samples"][:-1]):
        i = bisect.bisect_right(starts, stamps[k]) - 1
        if i < 0 or stamps[k] > longs[i].end:
            continue
        spent = int(min(stamps[k + 1] - stamps[k], 5000.0))
        frames = []
        while node_id in nodes:
            frame = nodes[node_id]["callFrame"]
            name = frame["functionName"] or "(anonymous)"
            frames.append(f"{name}:{frame['lineNumber'] + 1}:{frame['columnNumber'] + 1}")
            node_id = parents.get(node_id, -1)
        if frames:
            own[frames[0]] += spent
            total.update(dict.fromkeys(frames, spent))
    listed = [", ".join(f"{f} {ms / 1000:.0f}" for f, ms in spent.most_common(top)) for spent in (own, total)]
    return f"  JavaScript in long tasks, own: {listed[0]}\n  with callees: {listed[1]}"


def trace_report(path: Path, slowest: int = 10, project: float = 0.0) -> str:
    """Where the main thread of a traced game spent its time: the thread time of its tasks by what they
    ran (the first function called; "frame" when it painted), the thread time of style, layout and paint,
    and the slowest tasks as a tree of their events over 5 ms (wall / thread ms; a Layout inside a
    FunctionCall is a layout forced by the script)."""
    data = json.loads(path.read_text())
    spans = main_thread_spans(data["traceEvents"] if isinstance(data, dict) else data)
    tasks: list[Span] = []
    inside: dict[int, list[Span]] = {}
    for span in spans:
        if span.name in TASK_EVENTS:
            if not tasks or span.start >= tasks[-1].end:
                tasks.append(span)
                inside[len(tasks) - 1] = []
        elif tasks and span.start < tasks[-1].end:
            inside[len(tasks) - 1].append(span)
    kinds: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    longs: Counter[str] = Counter()
    work: Counter[str] = Counter()
    for i, task in enumerate(tasks):
        calls = [span.label().removeprefix("FunctionCall ") for span in inside[i]
                 if span.name == "FunctionCall"]
        frame = any(span.name in ("Paint", "FireAnimationFrame") for span in inside[i])
        kind = " ".join(([("frame")] if frame else []) + calls[:1]) or "other"
        kinds[kind] += int(task.thread)
        counts[kind] += 1
        longs[kind] += task.dur >= LONG_US
        for span in inside[i]:
            if span.name in RENDERING:
                work[span.name] += int(span.thread)
    long_tasks = [i for i, task in enumerate(tasks) if task.dur >= LONG_US]
    lines = [f"{path.name}: {len(tasks)} tasks, thread time {sum(t.thread for t in tasks) / 1000:.0f} ms;"
             f" {len(long_tasks)} long ({sum(tasks[i].dur for i in long_tasks) / 1000:.0f} ms)",
             "  by task: " + "; ".join(f"{kind} ×{counts[kind]} ({longs[kind]} long) {ms / 1000:.0f} ms"
                                       for kind, ms in kinds.most_common(8)),
             "  of which: " + ", ".join(f"{name} {ms / 1000:.0f} ms" for name, ms in work.most_common())]
    if project and tasks:
        # An unthrottled game's tasks, their thread time taken `project` times: the long tasks a page that
        # much slower would have, unstretched by the machine's load (a projection: a slower page also
        # merges more messages into one drawing).
        slow = [project * task.thread for task in tasks if project * task.thread >= LONG_US]
        wall = tasks[-1].end - tasks[0].start
        busy = project * sum(task.thread for task in tasks)
        lines.append(f"  projected at CPU ×{project:g}: {len(slow)} long tasks,"
                     f" {100 * sum(slow) / wall:.1f} % of {wall / 1e6:.0f} s"
                     f" (thread time {100 * busy / wall:.0f} %)")
    for i in sorted(sorted(long_tasks, key=lambda i: -tasks[i].dur)[:slowest]):
        task = tasks[i]
        lines.append(f"  task at {task.start / 1000:.0f} ms: {task.dur / 1000:.0f} /"
                     f" {task.thread / 1000:.0f} ms")
        stack: list[Span] = []
        for span in inside[i]:
            while stack and stack[-1].end <= span.start:
                stack.pop()
            if span.dur >= 5000:
                times = f"{span.dur / 1000:.0f} / {span.thread / 1000:.0f}"
                lines.append("    " + "  " * len(stack) + f"{span.label()} {times}")
            stack.append(span)
    profile = path.with_suffix(".cpuprofile")
    if profile.exists():
        lines.append(profile_report(profile, tasks))
    return "\n".join(lines)


def run_line(run: OldTvRun) -> str:
    return (f"  {run.seconds:.0f} s, {run.moves} moves: long tasks {100 * run.long_share:.1f} %"
            f" ({run.long_count}, the longest {run.longest_ms:.0f} ms); tap → TV p90"
            f" {p90(run.taps_ms):.0f} ms ({len(run.taps_ms)} taps); per move: "
            + ", ".join(f"{k.removesuffix('Duration')} {v:.0f} ms" for k, v in run.per_move_ms.items()))


def summary(name: str, version: str, throttle: float, runs: list[OldTvRun]) -> str:
    shares = [run.long_share for run in runs]
    verdict = "met" if statistics.median(shares) <= TARGET else "NOT met"
    taps = [t for run in runs for t in run.taps_ms]
    return (f"old TV: {name} ({version}), CPU ×{throttle:g}, {len(runs)} all-bot 7-seat games at 1920×1080"
            f" (min / median / max over games): long-task share {spread([100 * s for s in shares], ' %', 1)}"
            f" (target ≤ {100 * TARGET:.0f} %: {verdict}); long tasks per game"
            f" {spread([float(run.long_count) for run in runs])}; the longest task"
            f" {spread([run.longest_ms for run in runs], ' ms')}; tap → TV p90"
            f" {spread([p90(run.taps_ms) for run in runs], ' ms')}"
            f" (all {len(taps)} taps: {spread(taps, ' ms')})")


async def main_async(args: argparse.Namespace) -> int:
    names = tuple(args.engine or ENGINES)
    for name in names:
        why = missing(name)
        if why:
            print(f"old TV: {name} cannot run here: {why}", file=sys.stderr)
            return 1
    roots = [Path(args.root or ROOT).resolve()] + ([Path(args.against).resolve()] if args.against else [])
    for root in roots:
        if not (root / "web" / "dist" / "board.html").is_file():
            print(f"old TV: {root} has no built pages (npm --prefix web run build there)", file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory() as data:
        hosts = [Host(f"{data}/{k}", root) for k, root in enumerate(roots)]
        try:
            for host in hosts:
                await host.ready()
            for name in names:
                engine = await launch(name)
                runs: list[list[OldTvRun]] = [[] for _ in roots]
                try:
                    for seed in range(args.runs):
                        for k, host in enumerate(hosts):  # interleaved: the load falls on each alike
                            label = f"{name} ({roots[k].name})" if args.against else name
                            trace = (Path(args.trace) / f"{name}-{roots[k].name}-{seed}.json"
                                     if args.trace else None)
                            run = await run_game(host.url, engine, args.throttle, seed, trace)
                            runs[k].append(run)
                            print(f"{label}, CPU ×{args.throttle:g}:" + run_line(run), flush=True)
                            if trace:
                                project = THROTTLE if args.throttle == 1 else 0.0
                                print(trace_report(trace, project=project), flush=True)
                finally:
                    await engine.close()
                for k, root in enumerate(roots):
                    label = f"{name} ({root})" if args.against else name
                    print(summary(label, engine.version, args.throttle, runs[k]), flush=True)
        finally:
            for host in hosts:
                host.stop()
    print(f"(load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.oldtvbench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="append", help="an engine of the DevTools protocol to measure"
                        " (repeatable; default chromium-80; chromium, chromium-92 also work)")
    parser.add_argument("--runs", type=int, default=3, help="games per engine (default 3)")
    parser.add_argument("--throttle", type=float, default=THROTTLE, help="CPU slow-down (default ×4)")
    parser.add_argument("--root", metavar="ROOT", help="serve the pages of another checkout (built)")
    parser.add_argument("--against", metavar="ROOT", help="alternate the games with another checkout's pages")
    parser.add_argument("--trace", metavar="DIR", help="trace each game into DIR and print where its long"
                        " tasks spent their time")
    return asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
