"""The one game-agnostic interface that every game of the engine implements.

Host, bots and tests talk to games only through this module. A game is a plain Python
object with the methods of :class:`Game`; each game kind lives in its own package
(``engine.duel``, ``engine.classic``) whose ``rules`` module exposes:

- ``SPEC: GameSpec``  (the game's declared facts: seat range, options)
- ``new_game(seats: int, seed: int, options: dict | None) -> Game``
- ``restore(data: dict) -> Game``  (saves of the game's older formats; the current format, see
  :func:`save`, is restored here by replaying its log)
- ``catalog(options: dict | None) -> dict``
- ``sample(view: dict, seed: int) -> Game``  (a whole game consistent with one seat's view)
- optionally ``digest(game) -> str``  (a hash of the whole state, written in saves and checked at restore)

Everything here is pure: no I/O, no clock, no asyncio. All randomness comes from the
game's seed, so the same (kind, seats, seed, options, action log) always gives the same game.

One save format serves every game: ``{"kind", "version", "seats", "seed", "options", "log"}`` and, for
the games that keep one, ``"digest"`` (:func:`save`), restored by replaying the log from the setup
(:func:`restore`).
"""

from __future__ import annotations

import copy
import importlib
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

# Which engine this process runs: the compiled fast path or plain Python (see engine/native.py).
from engine.native import ENGINE_PATH as ENGINE_PATH

Action = dict[str, Any]
Event = dict[str, Any]

GAME_MODULES: dict[str, str] = {
    "duel": "engine.duel.rules",
    "classic": "engine.classic.rules",
}

# The version of the save format written by :func:`save`; older versions are each game's business.
SAVE_VERSION = 2
SAVE_KEYS = frozenset({"kind", "version", "seats", "seed", "options", "log"})


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game is left untouched."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game kind, as ``new_game(options=...)`` takes it.

    ``type`` is ``"bool"``, ``"str"``, ``"int"``, ``"list"`` or ``"object"``; ``allowed`` lists the
    values a client may pick from (``None``: any value the game validates). ``public`` options may
    be shown to every client; ``testing`` options (fixed deals for tests and replays) are accepted
    over the network only by a host started for testing, and are never sent to any client.
    """

    name: str
    type: str
    default: Any
    allowed: tuple[Any, ...] | None = None
    public: bool = True
    testing: bool = False
    doc: str = ""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The declared facts of a game kind: its name, seat range, turn style and options."""

    kind: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: int
    simultaneous: bool
    options: tuple[OptionSpec, ...] = ()

    def option(self, name: str) -> OptionSpec | None:
        """The option called ``name``, or ``None``."""
        return next((o for o in self.options if o.name == name), None)

    def public_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The part of ``options`` every player may know (no testing-only option)."""
        out = {}
        for name, value in options.items():
            declared = self.option(name)
            if declared is not None and declared.public and not declared.testing:
                out[name] = value
        return out

    def accepts_seats(self, seats: object) -> bool:
        """True if ``seats`` is a whole number within the declared range."""
        return (isinstance(seats, int) and not isinstance(seats, bool)
                and self.min_seats <= seats <= self.max_seats)


@runtime_checkable
class Game(Protocol):
    """What every game offers. Seats are integers ``0 .. seats-1``."""

    kind: str
    seats: int

    def to_act(self) -> list[int]:
        """Seats that must act now (several for simultaneous turns); empty when over."""

    def waiting(self) -> list[int]:
        """Seats of :meth:`to_act` whose decision the game still waits for."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, as plain JSON-able dicts with a ``"type"``."""

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; return public events, or raise :class:`IllegalAction`."""

    def view(self, seat: int | None, *, memory: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public view for the shared board).

        Every view carries ``"kind"`` and ``"seat"``. With ``memory=False`` the parts that record past
        turns (the game's docs name them) are None and everything else is as in the full view: a cheaper
        view for callers that decide from the present only (bots' playouts). Clients and
        :func:`sample` always get the full view.
        """

    def is_over(self) -> bool:
        """True once the game has ended."""

    def result(self) -> dict[str, Any] | None:
        """Winners, victory type and the score pad per seat; ``None`` while playing."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON- and msgpack-safe save that :func:`restore` turns back into this game."""

    def clone(self) -> Game:
        """An independent copy: applying actions to one never changes the other."""

    @property
    def action_log(self) -> list[list[Any]]:
        """Every applied action so far as ``[seat, action]`` pairs, oldest first."""


def _module(kind: str) -> Any:
    try:
        name = GAME_MODULES[kind]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game kind {kind!r}; known: {sorted(GAME_MODULES)}") from None
    return importlib.import_module(name)


def kinds() -> list[str]:
    """Every game kind the engine knows."""
    return sorted(GAME_MODULES)


def spec(kind: str) -> GameSpec:
    """The declared facts of ``kind`` (seat range, options); ``ValueError`` for an unknown kind."""
    declared: GameSpec = _module(kind).SPEC
    return declared


def new_game(kind: str, *, seats: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """Start a new game of ``kind`` for ``seats`` players from ``seed`` and ``options``.

    ``ValueError`` for a seat count outside the spec's range, options that are not a dict, or anything
    else the game refuses (each game checks its own options).
    """
    module = _module(kind)
    declared: GameSpec = module.SPEC
    if not declared.accepts_seats(seats):
        raise ValueError(f"{declared.title} is played by {declared.min_seats} to {declared.max_seats} seats,"
                         f" not {seats!r}")
    if options is not None and not isinstance(options, dict):
        raise ValueError("the options must be a dict")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the seed must be an int")
    game: Game = module.new_game(seats, seed, options)
    return game


def save(kind: str, *, seats: int, seed: int, options: dict[str, Any] | None,
         log: list[list[Any]], digest: str | None = None) -> dict[str, Any]:
    """The save of a game (what :meth:`Game.to_dict` returns): plain data, restored by replay.

    ``digest`` (a game's hash of the whole state the log reaches, see :func:`restore`) is optional.
    """
    data = {
        "kind": kind,
        "version": SAVE_VERSION,
        "seats": seats,
        "seed": seed,
        "options": copy.deepcopy(options) if options else {},
        "log": [[seat, copy.deepcopy(action)] for seat, action in log],
    }
    if digest is not None:
        data["digest"] = digest
    return data


@dataclass(frozen=True, slots=True)
class SavedGame:
    """A save of the current format, checked for shape (:func:`read_save`)."""

    kind: str
    seats: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]]
    digest: str | None = None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_save(data: Any) -> SavedGame:
    """The parts of a current-format save; ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError("not a saved game: a dict with a 'kind' is expected")
    kind = data["kind"]
    declared = spec(kind)
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"not a saved {kind} game: version {data.get('version')!r} is not {SAVE_VERSION}")
    missing = SAVE_KEYS - set(data)
    if missing:
        raise ValueError(f"not a saved {kind} game: missing {sorted(missing)}")
    unknown = set(data) - SAVE_KEYS - {"digest"}
    if unknown:
        raise ValueError(f"saved {kind} game: unexpected keys {sorted(map(str, unknown))}")
    seats, seed, options, log = data["seats"], data["seed"], data["options"], data["log"]
    if not declared.accepts_seats(seats):
        raise ValueError(f"not a saved {kind} game: {declared.title} is played by {declared.min_seats}"
                         f" to {declared.max_seats} seats, not {seats!r}")
    if not _is_int(seed):
        raise ValueError(f"saved {kind} game: the seed must be an int")
    if not isinstance(options, dict):
        raise ValueError(f"saved {kind} game: 'options' must be a dict")
    if not isinstance(log, list):
        raise ValueError(f"saved {kind} game: 'log' must be a list of [seat, action] pairs")
    for step, entry in enumerate(log):
        if not (isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[1], dict)):
            raise ValueError(f"saved {kind} game: log entry {step} is not a [seat, action] pair")
    digest = data.get("digest")
    if digest is not None and not isinstance(digest, str):
        raise ValueError(f"saved {kind} game: 'digest' must be a string")
    pairs = [[seat, action] for seat, action in log]
    return SavedGame(kind, seats, seed, copy.deepcopy(options), pairs, digest)


def replay_save(saved: SavedGame) -> Game:
    """The game of a save, rebuilt by replaying its log; ``ValueError`` if the log does not replay, or
    if the save has a digest and the game reaches another state (the game kind's ``digest(game)``)."""
    try:
        game = new_game(saved.kind, seats=saved.seats, seed=saved.seed, options=saved.options)
    except ValueError as err:
        raise ValueError(f"saved {saved.kind} game: {err}") from None
    for step, (seat, action) in enumerate(saved.log):
        try:
            game.apply(seat, copy.deepcopy(action))
        except IllegalAction as err:
            raise ValueError(f"saved {saved.kind} game: log entry {step} is illegal: {err}") from None
    if saved.digest is not None:
        digest_of = getattr(_module(saved.kind), "digest", None)
        if digest_of is None:
            raise ValueError(f"saved {saved.kind} game: this game keeps no digest")
        if digest_of(game) != saved.digest:
            raise ValueError(f"saved {saved.kind} game: the state its log reaches does not match its digest")
    return game


def restore(data: dict[str, Any]) -> Game:
    """Rebuild a game from :meth:`Game.to_dict` output (or from a save of a game's older format)."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ValueError("not a saved game: a dict with a 'kind' is expected")
    module = _module(data["kind"])
    if _is_int(data.get("version")) and data["version"] == SAVE_VERSION:
        return replay_save(read_save(data))
    game: Game = module.restore(data)
    return game


def replay(
    kind: str,
    *,
    seats: int,
    seed: int,
    options: dict[str, Any] | None,
    log: list[list[Any]],
) -> Game:
    """Rebuild a game by replaying an action log from its setup."""
    game = new_game(kind, seats=seats, seed=seed, options=options)
    for seat, action in log:
        game.apply(seat, action)
    return game


def sample(view: dict[str, Any], *, seed: int) -> Game:
    """A complete game consistent with one seat's ``view`` (its ``kind`` and ``seat`` included).

    Every hidden thing is drawn at random, from ``seed``, among what that seat cannot rule out;
    ``sample(v, seed=s).view(v["seat"]) == v``, the same ``(view, seed)`` always gives the same game,
    and so do two games that look the same to the seat. Bots search on samples, never on the real game.
    """
    if not isinstance(view, dict) or "kind" not in view:
        raise ValueError("not a view: a dict with a 'kind' is expected")
    if not isinstance(view.get("seat"), int) or isinstance(view.get("seat"), bool):
        raise ValueError("only a seat's view can be sampled (the public view has no seat)")
    game: Game = _module(view["kind"]).sample(view, seed)
    return game


def catalog(kind: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every card, wonder and token of ``kind`` as plain dicts (public data)."""
    data: dict[str, Any] = _module(kind).catalog(options)
    return data
