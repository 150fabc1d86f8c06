"""Game records: a finished game as one JSON document, checked by replaying it, and its public timeline.

A record is plain data::

    {"format": RECORD_FORMAT, "kind", "version", "seats", "seed", "options", "log",
     "names", "bots", "result", "digest", "ended"?}

``version`` is the save version the log was written under (older versions still replay: their logs
are the same actions); ``names`` and ``bots`` give each seat's player name and bot level (``None``
where there is none); ``result`` is the game's :meth:`Game.result`; ``digest`` a hash of the state the
log reaches (every seat's view and the public one). :func:`check_record` replays a record and refuses it
when anything differs. Everything here is pure: the caller reads and writes the files.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine import api

RECORD_FORMAT = "wonders-table-record"
KNOWN_VERSIONS = frozenset({1, api.SAVE_VERSION})  # save versions whose logs replay as they are
REQUIRED_KEYS = frozenset({"format", "kind", "version", "seats", "seed", "options", "log", "names", "bots",
                           "result", "digest"})
OPTIONAL_KEYS = frozenset({"ended"})
MAX_NAME = 64  # characters of one player name in a record
MAX_LOG = 5000  # actions of one record (a 7-seat Cities game has a few hundred)
REPLAY_MEMO_EVERY = 16  # a replay keeps a copy of the game every this many steps (for stepping back)


@dataclass(frozen=True, slots=True)
class Record:
    """A record's parts, checked for shape (:func:`read_record`)."""

    kind: str
    version: int
    seats: int
    seed: int
    options: dict[str, Any]
    log: list[list[Any]]
    names: list[str | None]
    bots: list[str | None]
    result: dict[str, Any]
    digest: str
    ended: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-able data (what :func:`read_record` reads back)."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT, "kind": self.kind, "version": self.version, "seats": self.seats,
            "seed": self.seed, "options": copy.deepcopy(self.options),
            "log": [[seat, copy.deepcopy(action)] for seat, action in self.log],
            "names": list(self.names), "bots": list(self.bots), "result": copy.deepcopy(self.result),
            "digest": self.digest,
        }
        if self.ended is not None:
            data["ended"] = self.ended
        return data


def _plain(value: Any) -> Any:
    """``value`` as JSON would give it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def state_digest(game: api.Game) -> str:
    """SHA-256 of everything the finished game shows: the public view and every seat's view."""
    views = [game.view(None)] + [game.view(seat) for seat in range(game.seats)]
    text = json.dumps(views, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _seat_list(value: Any, seats: int, what: str, check: Callable[[Any], bool]) -> list[Any]:
    if value is None:
        return [None] * seats
    if not isinstance(value, list) or len(value) != seats or not all(v is None or check(v) for v in value):
        raise ValueError(f"game record: {what!r} must be a list of {seats} entries (a text or null each)")
    return list(value)


def _name_ok(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME


def make_record(game: api.Game, *, seed: int, options: dict[str, Any] | None,
                names: list[str | None] | None = None, bots: list[str | None] | None = None,
                ended: float | None = None, version: int = api.SAVE_VERSION) -> Record:
    """The record of a finished ``game`` (played from ``seed`` and ``options``); ``ValueError`` while it
    is still being played."""
    if not game.is_over():
        raise ValueError("only a finished game has a record")
    result = game.result()
    assert result is not None
    return Record(kind=game.kind, version=version, seats=game.seats, seed=seed,
                  options=_plain(options or {}), log=_plain(game.action_log),
                  names=_seat_list(names, game.seats, "names", _name_ok),
                  bots=_seat_list(bots, game.seats, "bots", _name_ok),
                  result=_plain(result), digest=state_digest(game), ended=ended)


def record_from_save(data: dict[str, Any], *, names: list[str | None] | None = None,
                     bots: list[str | None] | None = None) -> Record:
    """The record of a finished game's save, of the current or an older format (each format is checked
    as :func:`engine.api.restore` checks it); the record keeps the save's version."""
    game = api.restore(copy.deepcopy(data))
    version = data.get("version", data.get("format"))
    if version not in KNOWN_VERSIONS:
        raise ValueError(f"game record: a save of version {version!r} is not known")
    saved = game.to_dict()
    return make_record(game, seed=saved["seed"], options=saved["options"], names=names, bots=bots,
                       version=int(version))


def read_record(data: Any) -> Record:
    """The parts of a record; ``ValueError`` naming what is wrong with its shape."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a game record: a map with \"format\": {RECORD_FORMAT!r} is expected")
    missing = REQUIRED_KEYS - set(data)
    if missing:
        raise ValueError(f"game record is truncated: missing {sorted(missing)}")
    unknown = set(data) - REQUIRED_KEYS - OPTIONAL_KEYS
    if unknown:
        raise ValueError(f"game record: unexpected keys {sorted(map(str, unknown))}")
    if data["version"] not in KNOWN_VERSIONS or isinstance(data["version"], bool):
        raise ValueError(f"game record: save version {data['version']!r} is not one of "
                         f"{sorted(KNOWN_VERSIONS)}")
    if not isinstance(data["log"], list) or len(data["log"]) > MAX_LOG:
        raise ValueError(f"game record: 'log' must be a list of at most {MAX_LOG} [seat, action] pairs")
    try:
        saved = api.read_save({"kind": data["kind"], "version": api.SAVE_VERSION, "seats": data["seats"],
                               "seed": data["seed"], "options": data["options"], "log": data["log"]})
    except ValueError as err:
        raise ValueError(f"game record: {err}") from None
    if not isinstance(data["result"], dict):
        raise ValueError("game record: 'result' must be a map")
    if not isinstance(data["digest"], str):
        raise ValueError("game record: 'digest' must be a text")
    ended = data.get("ended")
    if ended is not None and (not isinstance(ended, int | float) or isinstance(ended, bool)):
        raise ValueError("game record: 'ended' must be a number (seconds since 1970)")
    return Record(kind=saved.kind, version=data["version"], seats=saved.seats, seed=saved.seed,
                  options=saved.options, log=saved.log,
                  names=_seat_list(data["names"], saved.seats, "names", _name_ok),
                  bots=_seat_list(data["bots"], saved.seats, "bots", _name_ok),
                  result=copy.deepcopy(data["result"]), digest=data["digest"],
                  ended=None if ended is None else float(ended))


def _replayed(record: Record) -> api.Game:
    saved = api.SavedGame(record.kind, record.seats, record.seed, record.options, record.log)
    try:
        return api.replay_save(saved)
    except ValueError as err:
        raise ValueError(f"game record does not replay: {err}") from None


def check_record(data: Any) -> tuple[Record, api.Game]:
    """A record and its finished game, replayed from its log; ``ValueError`` when its shape is wrong, its
    log does not replay to the end of a game, or its replay's result or digest differs from its own."""
    record = read_record(data)
    game = _replayed(record)
    if not game.is_over():
        raise ValueError(f"game record is truncated: its log of {len(record.log)} actions does not reach "
                         f"the end of the game")
    if _plain(game.result()) != _plain(record.result):
        raise ValueError("game record does not match its replay: the replay's result differs")
    if state_digest(game) != record.digest:
        raise ValueError("game record does not match its replay: the replay's digest differs")
    return record, game


# -- the timeline of a replay -----------------------------------------------------------------------


def _classic_pads(game: Any) -> list[dict[str, int]]:
    from engine.classic.scoring import score_city

    return [score_city(game.state, seat) for seat in range(game.seats)]


def _duel_pads(game: Any) -> list[dict[str, int]]:
    from engine.duel.scoring import score_pad

    return [score_pad(game.state, seat) for seat in range(game.seats)]


def _duel_face_down(game: Any) -> list[dict[str, Any]]:
    from engine.duel.material import CARD_IDS

    structure = game.state.structure
    return [{"slot": i, "card": CARD_IDS[card]} for i, card in enumerate(structure.cards)
            if not structure.taken[i] and not structure.face_up[i]]


# What no seat's view shows but the finished game may: the face-down cards of a Duel's structure (a
# classic game's hidden cards are the hands, in each seat's own view).
FACE_DOWN: dict[str, Callable[[Any], list[dict[str, Any]]]] = {"duel": _duel_face_down,
                                                              "classic": lambda game: []}

# Each kind's score pads of the state now (every row is public: built cards, wonders, coins, tokens),
# and the view fields that tell one turn from the next (``()``: every action is a turn).
SCORE_PADS: dict[str, Callable[[Any], list[dict[str, int]]]] = {"classic": _classic_pads, "duel": _duel_pads}
TURN_FIELDS: dict[str, tuple[str, ...]] = {"classic": ("age", "turn"), "duel": ()}


def score_pads(game: api.Game) -> list[dict[str, int]]:
    """Each seat's points by category now (at the end: the game's own score pads)."""
    result = game.result()
    if result is not None:
        return _plain(result["scores"])
    return _plain(SCORE_PADS[game.kind](game))


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """Each seat's score pad after ``step`` actions (the end of a turn), in ``age``."""

    step: int
    age: int
    scores: list[dict[str, int]]

    def to_dict(self) -> dict[str, Any]:
        """As sent to clients."""
        return {"step": self.step, "age": self.age, "scores": self.scores}


@dataclass
class Replay:
    """A finished game walked step by step (0: the setup; ``len(log)``: the end), from its record."""

    record: Record
    memo: dict[int, api.Game] = field(default_factory=dict, repr=False)
    _events: list[list[api.Event]] = field(default_factory=list, repr=False)
    _chart: list[ChartPoint] = field(default_factory=list, repr=False)
    _ages: dict[int, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        game = api.new_game(self.record.kind, seats=self.record.seats, seed=self.record.seed,
                            options=copy.deepcopy(self.record.options))
        fields = TURN_FIELDS[game.kind]
        self.memo[0] = game.clone()
        last_key = self._turn_key(game.view(None), fields, 0)
        for step, (seat, action) in enumerate(self.record.log, start=1):
            self._events.append(game.apply(seat, copy.deepcopy(action)))
            public = game.view(None)
            age = int(public.get("age") or 0)
            self._ages.setdefault(age, step)
            key = self._turn_key(public, fields, step)
            if key != last_key or game.is_over():
                self._chart.append(ChartPoint(step, age, score_pads(game)))
                last_key = key
            if step % REPLAY_MEMO_EVERY == 0:
                self.memo[step] = game.clone()

    @staticmethod
    def _turn_key(public: dict[str, Any], fields: tuple[str, ...], step: int) -> tuple[Any, ...]:
        return tuple(public.get(name) for name in fields) if fields else (step,)

    @property
    def steps(self) -> int:
        """The number of actions in the game."""
        return len(self.record.log)

    def game_at(self, step: int) -> api.Game:
        """A copy of the game after ``step`` actions; ``ValueError`` outside ``0 .. steps``."""
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= self.steps:
            raise ValueError(f"a step of this replay is 0 to {self.steps}, not {step!r}")
        start = step - step % REPLAY_MEMO_EVERY
        game = self.memo[start].clone()
        for seat, action in self.record.log[start:step]:
            game.apply(seat, copy.deepcopy(action))
        return game

    def events(self, step: int) -> list[api.Event]:
        """The public events of action number ``step`` (1-based)."""
        return self._events[step - 1]

    def ages(self) -> dict[int, int]:
        """Each Age's first step (the draft of a Duel is Age 0)."""
        return dict(self._ages)

    def chart(self) -> list[ChartPoint]:
        """Each seat's score pad at the end of every turn (the last point is the final score pad)."""
        return list(self._chart)

    def frame(self, step: int, *, hands: bool = False) -> dict[str, Any]:
        """What the TV shows after ``step`` actions: the public view and, with ``hands``, each seat's own
        view (its hand and choice) and the face-down cards (after the end nothing is secret)."""
        game = self.game_at(step)
        out: dict[str, Any] = {"step": step, "steps": self.steps, "view": game.view(None)}
        if step:
            seat, action = self.record.log[step - 1]
            out["last"] = {"seat": seat, "action": copy.deepcopy(action), "events": self.events(step)}
        if hands:
            out["seat_views"] = [game.view(seat, memory=False) for seat in range(game.seats)]
            out["face_down"] = FACE_DOWN[game.kind](game)
        return out


def frames(record: Record) -> Iterator[dict[str, Any]]:
    """The public view after each step of ``record``, the setup first."""
    replay = Replay(record)
    for step in range(replay.steps + 1):
        yield replay.frame(step)


def seat_wonders(view: dict[str, Any], seats: int) -> list[list[str]]:
    """Each seat's wonders in a public view: a Duel player's four, a classic city's board."""
    out: list[list[str]] = [[] for _ in range(seats)]
    for player in view.get("players") or []:
        out[player["seat"]] = [w["id"] for w in player.get("wonders", [])]
    for city in view.get("cities") or []:
        if isinstance(city.get("seat"), int):
            out[city["seat"]].append(city["board"])
    return out


def summary_lines(record: Record) -> list[str]:
    """The lines printed for a checked record: the game, then one line per seat with its score."""
    winners = set(record.result.get("winners", []))
    scores: list[dict[str, Any]] = record.result.get("scores", [])
    victory = record.result.get("victory")
    lines = [f"{record.kind}, {record.seats} seats, {len(record.log)} actions, seed {record.seed}: "
             f"{victory or 'ended'}"]
    for seat in range(record.seats):
        name = record.names[seat] or f"seat {seat + 1}"
        bot = f" (bot: {record.bots[seat]})" if record.bots[seat] else ""
        total = scores[seat].get("total") if seat < len(scores) else None
        mark = "  winner" if seat in winners else ""
        lines.append(f"  {name}{bot}: {total} points{mark}")
    return lines
