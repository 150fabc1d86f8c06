"""``make bench``'s TV figures (issue 16): what a 7-seat move costs the network and the TV.

1. **Bytes per move**: whole 7-seat games (7 Wonders, and with Cities) played by 7 headless phones with
   random moves while a board watches; every message of the game's traffic each client received (``view``,
   ``view_patch``, ``choosing``, ``events``, msgpack-encoded) summed over all clients, per move.
2. **The TV under load**: an all-bot 7-seat game at the normal bot pace (6 ``easy`` bot seats and one
   headless phone that taps a random move half a second after its turn comes), the board page open in
   Debian's chromium at 1920×1080, the CPU throttled ×4 through CDP (``Emulation.setCPUThrottlingRate``,
   a TV stick) and not throttled (a laptop): the share of the board's main thread spent in long tasks
   (PerformanceObserver ``longtask``) while the game runs, and each tap's time until the TV shows its step.
   Wall-clock figures stretch on a loaded machine, so each game also reports the board's work per move
   (``Performance.getMetrics``): the main thread's wall-clock time in tasks, scripts, layout and style and,
   unthrottled, the CPU time of the page's main thread (``ThreadTime``, the figure to compare versions by)
   and of its renderer process (throttled, Chromium's throttle itself keeps the thread busy). The
   unthrottled games are traced, and their main-thread tasks' CPU times, taken 4x, give a long-task share
   that the machine's load does not stretch (a projection: a throttled page also merges more messages into
   one frame). The settings are interleaved, and every figure is given as min / median / max over games.

    .venv/bin/python -m tests.web.tvbench [--runs 3] [--games 2] [--throttle 4 ...] [--profile trace.json]

The host runs in its own process (``python -m host``) on a free loopback port with a throwaway data folder.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from playwright.async_api import async_playwright

from host.tools.phone import Phone, create_table, new_client
from host.tools.viewkeeper import ViewKeeper
from host.viewpatch import packed_size
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[2]
TRAFFIC = ("view", "view_patch", "choosing", "events")
GAME_LIMIT = 600.0  # seconds: a hang guard only
TAP_DELAY = 0.5  # seconds between the phone's turn and its tap
THROTTLES = (4.0, 1.0)
LONG_TASK_MS = 50.0  # the browser's long task
PROJECTED_SLOWDOWN = 4.0  # the unthrottled games' tasks, in CPU time, as a TV stick would take them
TASKS_TRACE = "disabled-by-default-devtools.timeline"  # the trace category of each task's CPU time
# --profile: the whole timeline, with the JavaScript samples (a trace Chromium's DevTools opens)
PROFILE_TRACE = (TASKS_TRACE, "devtools.timeline", "disabled-by-default-devtools.timeline.stack",
                 "v8.execute", "disabled-by-default-v8.cpu_profiler")

# In the page before any script: every long task, and when each step was first shown (the next frame).
PROBE = """
window.__longtasks = [];
window.__shown = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ entryTypes: ["longtask"] });
new MutationObserver(() => {
  const step = Number(document.body.dataset.step);
  if (!(step in window.__shown)) {
    requestAnimationFrame(() => {
      if (!(step in window.__shown)) window.__shown[step] = performance.timeOrigin + performance.now();
    });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-step"] });
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Host:
    """``python -m host`` in a subprocess on a free port, with a throwaway data folder; ``root``: the
    checkout whose host and built pages to serve (another one's: to compare builds)."""

    def __init__(self, data: str, root: Path = ROOT) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "host", "--host", "127.0.0.1", "--port", str(self.port), "--data", data,
             "--bot-workers", "1"], cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def ready(self) -> None:
        async with aiohttp.ClientSession() as session:
            for _ in range(300):
                try:
                    async with session.get(f"{self.url}/specs.json") as reply:
                        if reply.status == 200:
                            return
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.1)
        raise RuntimeError("the host did not start")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def wire_bytes(received: list[tuple[str, Any]]) -> int:
    """The bytes of a client's game traffic (the whole views a patch rebuilt are the client's own record)."""
    total, last = 0, ""
    for event, payload in received:
        if event in TRAFFIC and not (event == "view" and last == "view_patch"):
            total += packed_size([event, payload])
        last = event
    return total


class Watcher:
    """A board page's traffic, from Python: watches a table and records what it receives."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.sio = new_client()
        self.received: list[tuple[str, Any]] = []
        self.views = ViewKeeper()
        for event in TRAFFIC:
            self.sio.on(event, self._keeper(event))

    def _keeper(self, event: str) -> Any:
        async def keep(data: Any) -> None:
            self.received.append((event, data))
            self.views.receive(event, data)
        return keep

    async def watch(self, code: str) -> None:
        await self.sio.connect(self.url, transports=["websocket"])
        await self.sio.call("watch", {"code": code})


async def bytes_per_move(url: str, options: dict[str, Any], seed: int) -> float:
    """One 7-seat game of headless phones: the traffic to every client together, per move."""
    code = await create_table(url, "classic", options, seats=7)
    board = Watcher(url)
    await board.watch(code)
    phones = [Phone(url, code, f"Player {n}", seed=seed * 10 + n) for n in range(7)]
    try:
        for phone in phones:
            await phone.join()
        await asyncio.wait_for(asyncio.gather(*(p.play() for p in phones)), GAME_LIMIT)
        await asyncio.sleep(0.5)  # the board's last messages
        steps = max(int((p.view or {}).get("step", 0)) for p in phones)
        total = sum(wire_bytes(p.received) for p in phones) + wire_bytes(board.received)
        return total / max(1, steps)
    finally:
        for phone in phones:
            await phone.close()
        await board.sio.disconnect()


class TappingPhone(Phone):
    """A seat's phone that taps a random move half a second after its turn comes, noting when it sent it."""

    def __init__(self, url: str, code: str, seed: int) -> None:
        super().__init__(url, code, "Tapper", seed=seed)
        self.sent: list[float] = []  # wall-clock milliseconds of each tap

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(TAP_DELAY)
        action = random.Random(len(self.sent)).choice(current["legal_actions"])
        self.sent.append(time.time() * 1000)
        return dict(action)

    def tap_steps(self) -> list[int]:
        """The step each accepted tap made (its ``events``), in order."""
        return [d["step"] for e, d in self.received if e == "events" and d.get("seat") == self.seat]


# Chromium's page metrics: the main thread's wall-clock time in tasks, scripts, layout and style, the main
# thread's CPU time (ThreadTime) and the renderer process's (ProcessTime), in seconds.
METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "ThreadTime",
           "ProcessTime")


async def _metrics(cdp: Any) -> dict[str, float]:
    reply = await cdp.send("Performance.getMetrics")
    return {m["name"]: float(m["value"]) for m in reply["metrics"]}


@dataclass
class TvRun:
    """One all-bot 7-seat game watched by the board page at a CPU throttle."""

    throttle: float
    long_share: float  # of the game's wall-clock time, in long tasks
    long_count: int
    seconds: float
    moves: int  # the game's steps (a seat's choice, a resolution)
    spent: dict[str, float]  # the seconds of each of METRICS during the game
    taps_ms: list[float] = field(default_factory=list)
    projected: float | None = None  # the long-task share a 4x slower CPU would show (unthrottled games)
    where: dict[str, float] = field(default_factory=dict)  # --profile: main-thread CPU ms by trace event

    def per_move(self, seconds: float) -> float:
        """Milliseconds per move of a figure in seconds."""
        return 1000 * seconds / max(1, self.moves)


async def tv_run(url: str, browser: Any, throttle: float, profile: Path | None = None) -> TvRun:
    """One all-bot 7-seat game watched by the board page at ``throttle``; unthrottled, its trace is kept in
    ``profile`` when given."""
    code = await create_table(url, "classic", {}, seats=7)
    setup = new_client()
    await setup.connect(url, transports=["websocket"])
    await setup.call("watch", {"code": code})  # loopback: the board's rights
    for seat in range(1, 7):
        ack = await setup.call("set_bot", {"code": code, "seat": seat, "level": "easy"})
        assert ack.get("ok"), ack
    await setup.disconnect()
    context = await browser.new_context(viewport={"width": 1920, "height": 1080})
    page = await context.new_page()
    await page.add_init_script(PROBE)
    cdp = await context.new_cdp_session(page)
    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    await page.goto(f"{url}/board/{code}")
    await page.wait_for_selector("body[data-state='lobby']")
    phone = TappingPhone(url, code, seed=int(throttle))
    try:
        await phone.join()
        await page.wait_for_selector("body[data-state='playing']")
        began = await page.evaluate("performance.now()")
        first_step = int(await page.evaluate("Number(document.body.dataset.step)"))
        await cdp.send("Performance.enable")
        before = await _metrics(cdp)
        if throttle == 1:
            categories = list(PROFILE_TRACE if profile else [TASKS_TRACE])
            await browser.start_tracing(page=page, categories=categories)
        await asyncio.wait_for(phone.play(), GAME_LIMIT)
        await page.wait_for_selector("body[data-state='over']", timeout=GAME_LIMIT * 1000)
        ended = await page.evaluate("performance.now()")
        after = await _metrics(cdp)
        raw = await browser.stop_tracing() if throttle == 1 else None
        last_step = int(await page.evaluate("Number(document.body.dataset.step)"))
        tasks = await page.evaluate("window.__longtasks")
        shown = {int(k): v for k, v in (await page.evaluate("window.__shown")).items()}
    finally:
        await phone.close()
        await context.close()
    busy = sum(max(0.0, min(s + d, ended) - max(s, began)) for s, d in tasks)
    run = TvRun(throttle, busy / max(1.0, ended - began), sum(1 for s, _ in tasks if began <= s <= ended),
                seconds=(ended - began) / 1000, moves=max(1, last_step - first_step),
                spent={k: after[k] - before[k] for k in METRICS})
    for sent, step in zip(phone.sent, phone.tap_steps(), strict=False):
        seen = [t for s, t in shown.items() if s >= step]
        if seen:
            run.taps_ms.append(min(seen) - sent)
    if raw is not None:
        trace = json.loads(raw)
        run.projected = projected_share(main_thread_tasks(trace), run.seconds, PROJECTED_SLOWDOWN)
        if profile:
            profile.write_bytes(raw)
            run.where = main_thread_self_times(trace)
    return run


def main_thread_self_times(trace: Any) -> dict[str, float]:
    """The main thread's CPU milliseconds by trace event, each event's own (its nested events' taken out):
    where the page's work goes (scripts, style, layout, paint, layerize, ...)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
            and e["args"].get("name") == "CrRendererMain"}
    timed = sorted((e for e in events
                    if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "tdur" in e),
                   key=lambda e: (e["ts"], -e.get("dur", 0)))
    own: dict[str, float] = {}
    stack: list[tuple[float, dict[str, Any]]] = []  # (end, event) of the events still open
    for event in timed:
        while stack and stack[-1][0] <= event["ts"]:
            stack.pop()
        if stack:
            parent = stack[-1][1]["name"]
            own[parent] = own.get(parent, 0.0) - event["tdur"] / 1000
        own[event["name"]] = own.get(event["name"], 0.0) + event["tdur"] / 1000
        stack.append((event["ts"] + event.get("dur", 0), event))
    return dict(sorted(own.items(), key=lambda item: -item[1]))


def main_thread_tasks(trace: Any) -> list[float]:
    """The CPU milliseconds of each task of the page's main thread (CrRendererMain) in a Chromium trace."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
            and e["args"].get("name") == "CrRendererMain"}
    return [e["tdur"] / 1000 for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"
            and e.get("name") == "RunTask" and "tdur" in e]


def projected_share(tasks_ms: list[float], seconds: float, slowdown: float) -> float:
    """The share of ``seconds`` that tasks of ``tasks_ms`` CPU milliseconds would spend in long tasks (over
    50 ms) on a CPU ``slowdown`` times slower: a figure that other work on the machine does not stretch."""
    slow = [slowdown * t for t in tasks_ms]
    return sum(t for t in slow if t > LONG_TASK_MS) / 1000 / max(seconds, 1e-9)


def spread(values: list[float], unit: str = "", digits: int = 0) -> str:
    """min / median / max of ``values``."""
    if not values:
        return "none"
    fmt = f"{{:.{digits}f}}{unit}"
    return " / ".join(fmt.format(v) for v in (min(values), statistics.median(values), max(values)))


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else float("nan")


def run_line(r: TvRun) -> str:
    """One game's figures: its length, long tasks, taps, and the board's work per move."""
    work = ", ".join(f"{label} {r.per_move(r.spent[key]):.0f}" for label, key in (
        ("tasks", "TaskDuration"), ("scripts", "ScriptDuration"), ("layout", "LayoutDuration"),
        ("style", "RecalcStyleDuration")))
    projected = ("" if r.projected is None
                 else f"; projected ×{PROJECTED_SLOWDOWN:g} long tasks {100 * r.projected:.1f} %")
    cpu = (f"main-thread CPU {r.per_move(r.spent['ThreadTime']):.1f} ms, renderer CPU"
           f" {r.per_move(r.spent['ProcessTime']):.1f} ms; " if r.throttle == 1 else "")
    return (f"  {r.seconds:.0f} s, {r.moves} moves: long tasks {100 * r.long_share:.1f} % ({r.long_count});"
            f" tap → TV p90 {p90(r.taps_ms):.0f} ms ({len(r.taps_ms)} taps); per move: {cpu}main-thread"
            f" wall ms {work}{projected}")


def where_line(run: TvRun, trace: Path) -> str:
    """--profile: where the main thread's CPU went in an unthrottled game, per move, by trace event."""
    parts = ", ".join(f"{name} {run.per_move(ms / 1000):.2f}" for name, ms in list(run.where.items())[:12])
    return f"  main-thread CPU ms per move, each trace event's own time (trace in {trace}): {parts}"


def summary(throttle: float, runs: list[TvRun]) -> str:
    """The figures of every game at one throttle: min / median / max over the games."""
    taps = [t for r in runs for t in r.taps_ms]
    thread = [r.per_move(r.spent["ThreadTime"]) for r in runs]
    projected = [100 * r.projected for r in runs if r.projected is not None]
    return (f"TV, CPU ×{throttle:g}, {len(runs)} all-bot 7-seat games (min / median / max over games):"
            f" long-task share {spread([100 * r.long_share for r in runs], ' %', 1)};"
            f" tap → TV p90 {spread([p90(r.taps_ms) for r in runs], ' ms')}"
            f" (all {len(taps)} taps: {spread(taps, ' ms')}, p90 {p90(taps):.0f} ms);"
            + (f" the board's main-thread CPU per move {spread(thread, ' ms', 1)}" if throttle == 1 else "")
            + (f"; its tasks' CPU time on a {PROJECTED_SLOWDOWN:g}x slower CPU: long-task share"
               f" {spread(projected, ' %', 1)}" if projected else ""))


async def main_async(args: argparse.Namespace) -> int:
    throttles = tuple(args.throttle or THROTTLES)
    with tempfile.TemporaryDirectory() as data:
        host = Host(data)
        try:
            await host.ready()
            for label, options in (("7 Wonders", {}), ("Cities", {"cities": True})):
                if not args.games:
                    break
                figures = [await bytes_per_move(host.url, options, seed) for seed in range(args.games)]
                print(f"bytes per 7-seat move to all 8 clients, {label} (min/median/max of {args.games}"
                      f" games): {spread(figures, ' B')}", flush=True)
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
                runs: dict[float, list[TvRun]] = {t: [] for t in throttles}
                try:
                    for _ in range(args.runs):  # interleaved: a load that comes and goes hits every setting
                        for throttle in throttles:
                            run = await tv_run(host.url, browser, throttle, args.profile)
                            runs[throttle].append(run)
                            print(f"CPU ×{throttle:g}:" + run_line(run), flush=True)
                            if run.where:
                                print(where_line(run, args.profile), flush=True)
                finally:
                    await browser.close()
                for throttle in throttles:
                    print(summary(throttle, runs[throttle]), flush=True)
        finally:
            host.stop()
    print(f"(load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; the board's"
          " CPU per move is the figure least stretched by other work)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.tvbench", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="TV games per CPU setting (default 3)")
    parser.add_argument("--games", type=int, default=2, help="games per bytes figure (default 2; 0: none)")
    parser.add_argument("--throttle", type=float, action="append",
                        help="a CPU throttle to measure the TV at (repeatable; default ×4 and ×1)")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="keep the unthrottled game's whole trace in FILE (DevTools' Performance panel"
                             " opens it; build with WT_MINIFY=0 for readable names) and print where the main"
                             " thread's CPU went (the tracing itself inflates that game's figures)")
    return asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
