"""Arena-only variants of ``hard``: ``hard:field=value[,field=value...]`` plays ``hard`` with those fields of
its :class:`~engine.bots.search.SearchSettings` changed, so that a search setting can be screened head to
head against ``hard`` in the same games (``arena classic --bots hard,hard:candidate_limit=16,...``).

A value is read by the field's type: an integer, a number, ``true`` / ``false``, or ``None`` where the
field allows it. A variant's canonical name lists its fields sorted, without spaces, so the same variant
written two ways is one bot in the arena's files and fingerprints.

Like the arena, this is a tool module: tables never seat a variant (the host keeps to
:data:`engine.bots.levels.LEVELS`, and :func:`engine.bots.levels.make_policy` refuses variants), and the
bots' fingerprints leave this file out (a variant's fingerprint is ``hard``'s sources and its name).
"""

from __future__ import annotations

import math
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Union, get_args, get_origin, get_type_hints

from engine.bots.knowledge import knowledge_for
from engine.bots.levels import ARENA_LEVELS, make_policy
from engine.bots.policy import Policy
from engine.bots.puct import PriorSearchPolicy
from engine.bots.search import SETTINGS, PlayoutSearchPolicy, SearchSettings

VARIANT_BASE = "hard"
"""The only level that takes settings."""
SettingValue = int | float | bool | None
SETTING_TYPES: dict[str, object] = get_type_hints(SearchSettings)
"""Each field of :class:`SearchSettings` by name, with its type."""
SETTING_RANGES: dict[str, tuple[float, float]] = {
    "world_reuse": (1, math.inf), "root_breadth": (1, math.inf), "candidate_limit": (1, math.inf),
    "balanced_share": (0, 1), "time_reserve": (0, 0.5), "value_mix": (0, 1),
}
"""The values a variant may take where the default range (0 or more) would break the search (a zero
reuse, breadth or limit) or make no sense (a share above 1; a time reserve above half the budget)."""
DEFAULT_RANGE = (0.0, math.inf)


@dataclass(frozen=True, slots=True)
class ArenaLevel:
    """A level the arena may seat: a level of :data:`ARENA_LEVELS` and, for ``hard``, settings changed."""

    base: str
    overrides: Mapping[str, SettingValue] = field(default_factory=dict)
    """Fields of :class:`SearchSettings` and their values (none: the level itself)."""

    @property
    def name(self) -> str:
        """The canonical name: the base level, then ``:field=value`` pairs sorted by field, no spaces."""
        if not self.overrides:
            return self.base
        pairs = ",".join(f"{name}={_shown(self.overrides[name])}" for name in sorted(self.overrides))
        return f"{self.base}:{pairs}"

    def settings(self, kind: str) -> SearchSettings:
        """``hard``'s settings for game ``kind`` with the overrides applied."""
        changes: dict[str, Any] = dict(self.overrides)  # each value read by its field's type
        return replace(SETTINGS[kind], **changes)


def parse_level(text: str) -> ArenaLevel:
    """The arena level ``text`` names: a level of :data:`ARENA_LEVELS`, or ``hard:field=value[,...]``;
    ``ValueError`` naming the problem (an unknown level or field, a bad value, a variant of another level,
    a field given twice, a malformed pair)."""
    shown = text.strip()
    base, colon, rest = (part.strip() for part in shown.partition(":"))
    if base not in ARENA_LEVELS:
        raise ValueError(f"unknown bot level {base!r}; known: {', '.join(ARENA_LEVELS)}")
    if not colon:
        return ArenaLevel(base)
    if base != VARIANT_BASE:
        raise ValueError(f"{shown!r}: only {VARIANT_BASE} takes settings, not {base}")
    if not rest:
        raise ValueError(f"{shown!r}: no field=value after ':'")
    overrides: dict[str, SettingValue] = {}
    for pair in rest.split(","):
        name, equals, value = (part.strip() for part in pair.partition("="))
        if not equals or not name or not value:
            raise ValueError(f"{shown!r}: {pair.strip()!r} is not field=value")
        if name not in SETTING_TYPES:
            raise ValueError(f"{shown!r}: unknown field {name!r}; fields: "
                             f"{', '.join(SETTING_TYPES)}")
        if name in overrides:
            raise ValueError(f"{shown!r}: field {name!r} given twice")
        try:
            overrides[name] = _setting_value(name, value)
        except ValueError as err:
            raise ValueError(f"{shown!r}: {err}") from None
    return ArenaLevel(base, overrides)


def split_bots(text: str) -> list[str]:
    """The bots of a comma-separated ``--bots`` list, where a variant's own commas separate its pairs:
    ``hard,hard:a=1,b=2,easy`` is ``hard``, ``hard:a=1,b=2`` and ``easy``."""
    bots: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece:
            if not bots or ":" not in bots[-1]:
                raise ValueError(f"{piece!r} follows no hard:field=value variant")
            bots[-1] += "," + piece
        else:
            bots.append(piece)
    return bots


def make_arena_policy(level: str, kind: str) -> Policy:
    """The policy of arena level ``level`` (see :func:`parse_level`) for game ``kind``: a level of
    :data:`ARENA_LEVELS` by :func:`make_policy`, a variant as ``hard`` with its settings."""
    chosen = parse_level(level)
    if not chosen.overrides:
        return make_policy(chosen.base, kind)
    settings = chosen.settings(kind)
    search = PriorSearchPolicy if settings.uses_prior else PlayoutSearchPolicy
    return search(knowledge_for(kind), name=chosen.name, settings=settings)


def _setting_value(name: str, text: str) -> SettingValue:
    """``text`` read as a value of field ``name`` (by its type), in the field's range."""
    wanted = SETTING_TYPES[name]
    optional = get_origin(wanted) in (Union, types.UnionType) and type(None) in get_args(wanted)
    if optional:
        if text == "None":
            return None
        wanted = next(arg for arg in get_args(wanted) if arg is not type(None))
    value: SettingValue
    if wanted is bool:
        if text.lower() not in ("true", "false"):
            raise ValueError(f"{name} is true or false, not {text!r}")
        return text.lower() == "true"
    try:
        value = int(text) if wanted is int else float(text)
    except ValueError:
        what = "an integer" if wanted is int else "a number"
        raise ValueError(f"{name} takes {what}{' or None' if optional else ''}, not {text!r}") from None
    low, high = SETTING_RANGES.get(name, DEFAULT_RANGE)
    if not low <= value <= high:  # also refuses nan
        bounds = f"at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
        raise ValueError(f"{name} must be {bounds}, not {text!r}")
    return value


def _shown(value: SettingValue) -> str:
    """A value as the canonical name writes it."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
