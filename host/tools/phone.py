"""A headless phone: speaks the protocol exactly as the browser does and plays with a bot's policy.

``python -m host.tools.phone --url URL --new duel`` creates a table with autostart and prints its code;
``python -m host.tools.phone --url URL --table CODE --name NAME --policy random|easy|medium|hard [--delay S]
[--seed N]`` joins, plays until the game ends and prints the result as one JSON line. The policy decides
from what the phone received (its seat's view and legal actions), in a thread so the connection stays
alive while a searching level thinks (its level's default time per decision).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from typing import Any

import socketio

from engine.bots import LEVELS, Budget, Policy, make_policy
from host.tools.viewkeeper import VIEW_EVENTS, ViewKeeper
from host.wire import JsMsgPackPacket

CALL_TIMEOUT = 10.0
# Refusals that only mean the view acted on was already stale (another seat moved first in a game with
# simultaneous turns): the phone waits for its next view instead of failing.
STALE_ERRORS = ("not_your_turn", "game_over", "illegal_action")
RETRY_PAUSE = 0.2  # seconds before a phone sends again a move refused by a stopping host
RECONNECT_PATIENCE = 60.0  # seconds a phone keeps trying to reach a restarting host
RANDOM = "random"  # the default policy: any legal action, drawn by the phone's own generator


class PhoneError(RuntimeError):
    """The host refused a request the phone needed."""


def new_client() -> socketio.AsyncClient:
    """A Socket.IO client speaking the host's msgpack dialect."""
    return socketio.AsyncClient(serializer=JsMsgPackPacket, reconnection=False)


async def call(sio: socketio.AsyncClient, event: str, payload: dict[str, Any]) -> dict[str, Any]:
    """Emit ``event`` with an ack; raise :class:`PhoneError` on an error ack."""
    ack = await sio.call(event, payload, timeout=CALL_TIMEOUT)
    if not isinstance(ack, dict) or not ack.get("ok"):
        raise PhoneError(f"{event}: {ack!r}")
    return ack


async def create_table(
    url: str, game: str = "duel", options: dict[str, Any] | None = None, seats: int | None = None
) -> str:
    """Create a table with autostart at the host ``url`` (``seats`` players, else the game's default) and
    return its code."""
    sio = new_client()
    await sio.connect(url, transports=["websocket"], auth={"token": None})
    try:
        payload: dict[str, Any] = {"game": game, "options": options or {}, "autostart": True}
        if seats is not None:
            payload["seats"] = seats
        ack = await call(sio, "create_table", payload)
        return str(ack["code"])
    finally:
        await sio.disconnect()


class Phone:
    """One seat's device: joins, keeps the latest view, plays with a policy until the game is over.

    Like the browser it keeps the device token the host issues at its first connection and sends it on
    every later one (``device``: a token kept from before), reconnects with its seat token when the
    connection drops (a host restart), and gives up only when another device took its seat (``replaced``).
    """

    def __init__(
        self, url: str, code: str, name: str, *, seed: int | None = None, delay: float = 0.0,
        keep_log: bool = True, policy: str = RANDOM, device: str | None = None,
    ) -> None:
        if policy not in LEVELS:
            raise ValueError(f"unknown policy {policy!r}; known: {', '.join(LEVELS)}")
        self.url, self.code, self.name, self.delay = url, code.upper(), name, delay
        self.policy = policy
        self.policies: dict[str, Policy] = {}  # the policy of each game kind met (a table may play again)
        self.keep_log = keep_log  # keep every message received in ``received`` (tests read it; each
        # ``view_patch`` is followed there by the whole ``view`` it rebuilt)
        self.rng = random.Random(seed)
        self.auth: dict[str, Any] = {"token": None}
        self.has_device = asyncio.Event()  # set once ``auth`` holds a device token
        if device is not None:
            self.auth["device"] = device
            self.has_device.set()
        self.lost = asyncio.Event()  # set when the connection drops, cleared when it is made again
        self.sio = new_client()
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.table: dict[str, Any] | None = None
        self.replaced = False
        self.received: list[tuple[str, Any]] = []
        self.changed = asyncio.Event()
        self.views = ViewKeeper()
        for event in ("view", "view_patch", "table", "events", "error", "new_table", "choosing", "history"):
            self.sio.on(event, self._keeper(event))
        self.sio.on("device", self._keep_device)
        self.sio.on("disconnect", self._dropped)

    def _keeper(self, event: str) -> Any:
        async def keep(data: Any) -> None:
            if self.keep_log:
                self.received.append((event, data))
            if event in VIEW_EVENTS:
                rebuilt = self.views.receive(event, data, self.code)
                if rebuilt is not None:
                    self.view = rebuilt
                    if self.keep_log and event == "view_patch":  # what the patch rebuilt, as a whole view
                        self.received.append(("view", rebuilt))
                elif self.views.stale and event == "view_patch":  # a patch that did not fit: the whole view
                    await self.sio.emit("resend_view", {})
            elif event == "table" and isinstance(data, dict) and data.get("code") == self.code:
                self.table = data
            elif event == "error" and isinstance(data, dict) and data.get("error") == "replaced":
                self.replaced = True
            self.changed.set()

        return keep

    async def _keep_device(self, data: Any) -> None:
        """The host issued this phone its device token (it sends one to a connection that gave none)."""
        if isinstance(data, dict) and isinstance(data.get("device"), str):
            self.auth["device"] = data["device"]
            self.has_device.set()

    async def _dropped(self, *reason: Any) -> None:
        self.lost.set()
        self.changed.set()

    async def _connect(self) -> None:
        self.lost.clear()
        await self.sio.connect(self.url, transports=["websocket"], auth=self.auth)

    async def join(self, patience: float = RECONNECT_PATIENCE) -> int:
        """Connect and take a seat.

        The host ties the seat to this phone's device token, so the phone has its token before it asks
        (the host issues one at the first connection). If the connection drops before the answer comes,
        the join may or may not have been taken: the phone connects again (for up to ``patience`` s) and
        asks again with the same device token, and the host gives back the seat it took, if any: a lost
        answer leaves no ghost seat.
        """
        await self._connect()
        while True:
            await asyncio.wait_for(self.has_device.wait(), CALL_TIMEOUT)
            ack = await self._answer("join", {"code": self.code, "name": self.name})
            if ack is not None:
                break
            await self.reconnect(patience)
        if not isinstance(ack, dict) or not ack.get("ok"):
            raise PhoneError(f"join: {ack!r}")
        self.seat, self.auth["token"] = ack["seat"], ack["token"]
        return int(ack["seat"])

    async def _answer(self, event: str, payload: dict[str, Any]) -> Any:
        """Emit ``event`` and return the host's answer, or None if the connection dropped first."""
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()

        def keep(*args: Any) -> None:
            if not answered.done():
                answered.set_result(args[0] if args else None)

        try:
            await self.sio.emit(event, payload, callback=keep)
        except socketio.exceptions.SocketIOError:
            return None
        lost = asyncio.ensure_future(self.lost.wait())
        try:
            done, _ = await asyncio.wait({answered, lost}, timeout=CALL_TIMEOUT,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            lost.cancel()
        if answered in done:
            return answered.result()
        if lost in done:
            return None
        raise PhoneError(f"{event}: no answer in {CALL_TIMEOUT:g} s")

    async def reconnect(self, patience: float = RECONNECT_PATIENCE) -> None:
        """Connect again with the seat token, retrying with a growing pause for up to ``patience`` s."""
        pause, waited = 0.05, 0.0
        while True:
            try:
                # The host's goodbye may end the Socket.IO session before the transport below it has
                # closed; finish that teardown first, or connecting again is refused.
                await self.sio.eio.disconnect(abort=True)
                await self._connect()
                return
            except (socketio.exceptions.ConnectionError, ValueError):
                if waited >= patience:
                    raise PhoneError(f"the host at {self.url} is gone") from None
            await asyncio.sleep(pause)
            waited += pause
            pause = min(pause * 2, 2.0)

    def result(self) -> dict[str, Any] | None:
        """The game's result once the latest view shows it."""
        game_view = (self.view or {}).get("view") or {}
        return game_view.get("result")

    def _should_act(self, current: dict[str, Any]) -> bool:
        """Act once per decision: in games with simultaneous turns only while the seat is ``waiting``."""
        waiting = (current.get("view") or {}).get("waiting")
        return waiting is None or self.seat in waiting

    async def choose(self, current: dict[str, Any]) -> dict[str, Any]:
        """The move for the ``view`` message ``current``: with ``random`` any legal action, uniformly; with
        another level that bot's choice from the seat's view and legal actions (in a thread)."""
        legal: list[dict[str, Any]] = current["legal_actions"]
        if self.policy == RANDOM:
            return self.rng.choice(legal)
        view = current["view"]
        kind = str(view.get("kind") or (self.table or {}).get("game"))
        policy = self.policies.get(kind)
        if policy is None:
            policy = self.policies[kind] = make_policy(self.policy, kind)
        budget = None
        if policy.default_seconds is not None:
            budget = Budget(seconds=policy.default_seconds, clock=time.perf_counter)
        seed = self.rng.randrange(2**63)
        chosen: dict[str, Any] = await asyncio.to_thread(policy.decide, view, legal, seed=seed, budget=budget)
        return chosen

    async def play(self, until_step: int | None = None) -> dict[str, Any] | None:
        """Play until the game ends (or its step reaches ``until_step``); return the engine's result."""
        acted_step = -1
        while True:
            result = self.result()
            seen = self.view
            current = seen or {}
            if result is not None or (until_step is not None and current.get("step", 0) >= until_step):
                return result
            if not self.sio.connected:
                if self.replaced:
                    raise PhoneError("another device took this seat")
                self.view, acted_step = None, -1
                await self.reconnect()
                continue
            legal = current.get("legal_actions") or []
            if legal and current.get("step", 0) > acted_step and self._should_act(current):
                acted_step = current["step"]
                if self.delay:
                    await asyncio.sleep(self.delay)
                try:
                    ack = await self.sio.call("act", {"action": await self.choose(current)},
                                              timeout=CALL_TIMEOUT)
                except (TimeoutError, socketio.exceptions.SocketIOError):
                    continue  # the connection dropped: the next view after reconnecting tells the truth
                if ack.get("error") == "stopping":  # the host shuts down: the reconnect sends it again
                    acted_step = -1
                    await asyncio.sleep(RETRY_PAUSE)
                    continue
                if not ack.get("ok") and ack.get("error") not in STALE_ERRORS:
                    raise PhoneError(f"act: {ack!r}")
                if ack.get("ok"):
                    # Views that crossed this ack on the wire are older than our own move: skip them.
                    acted_step = max(acted_step, int(ack.get("step", 0)) - 1)
                continue
            self.changed.clear()
            if self.sio.connected and self.view is seen:
                await self.changed.wait()

    async def close(self) -> None:
        """Disconnect from the host."""
        await self.sio.disconnect()


async def play_game(url: str, code: str, name: str, *, seed: int | None = None, delay: float = 0.0,
                    policy: str = RANDOM) -> dict[str, Any] | None:
    """Join table ``code`` as ``name``, play with ``policy`` to the end and return the result."""
    phone = Phone(url, code, name, seed=seed, delay=delay, policy=policy)
    try:
        await phone.join()
        return await phone.play()
    finally:
        await phone.close()


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m host.tools.phone", description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the host, e.g. http://127.0.0.1:8765")
    parser.add_argument("--new", metavar="GAME", help="create a table with autostart, print its code, exit")
    parser.add_argument("--options", default="{}", help="engine options as JSON (with --new)")
    parser.add_argument("--seats", type=int, default=None, help="players (with --new; classic: 2 to 7)")
    parser.add_argument("--table", help="the table code to join")
    parser.add_argument("--name", default="Bot", help="the player's name")
    parser.add_argument("--policy", default=RANDOM, choices=LEVELS, help="the bot level choosing the moves")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each move")
    parser.add_argument("--seed", type=int, default=None, help="seed of the policy's choices")
    args = parser.parse_args(argv)
    try:
        if args.new:
            code = asyncio.run(create_table(args.url, args.new, json.loads(args.options), args.seats))
            print(code, flush=True)
            return 0
        if not args.table:
            parser.error("give --new GAME or --table CODE")
        result = asyncio.run(play_game(args.url, args.table, args.name, seed=args.seed, delay=args.delay,
                                       policy=args.policy))
    except (PhoneError, OSError, socketio.exceptions.SocketIOError, ValueError) as exc:
        print(f"host.tools.phone: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
