"""Views sent as small updates: the difference between two JSON-like documents as a list of operations.

A client's *document* is ``{"view": ..., "legal_actions": [...]}``, the two parts of a ``view`` message that
change from move to move (docs/protocol.md, "Views as patches"). An operation is a short list; ``path`` is a
list of map keys (strings) and list indices (integers) from the document's root:

- ``["set", path, value]``: put ``value`` at ``path``: a map's key (added or replaced), or a list's index
  (an index equal to the list's length appends);
- ``["del", path]``: remove that key from its map;
- ``["cut", path, length]``: keep the first ``length`` items of the list at ``path``.

Operations apply in order. :func:`apply_ops` builds a new document and never changes the one it is given:
parts no operation touched are the same objects as before (a page can skip what did not change).
"""

from __future__ import annotations

from typing import Any

import msgpack

Op = list[Any]
Path = list[str | int]


def packed_size(data: Any) -> int:
    """The bytes ``data`` takes in msgpack, the wire's encoding."""
    return len(msgpack.packb(data, use_bin_type=True))


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn ``old`` into ``new`` (an empty list when they are equal)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if old == new and type(old) is type(new):
        return
    if isinstance(old, dict) and isinstance(new, dict):
        inner = _dict_ops(old, new, path)
    elif isinstance(old, list) and isinstance(new, list):
        inner = _list_ops(old, new, path)
    else:
        ops.append(["set", path, new])
        return
    # Many small changes inside a value can cost more than the value itself: then send the value.
    if path and len(inner) > 1 and packed_size(inner) >= packed_size(new) + len(path) * 4:
        ops.append(["set", path, new])
    else:
        ops.extend(inner)


def _dict_ops(old: dict[str, Any], new: dict[str, Any], path: Path) -> list[Op]:
    ops: list[Op] = [["del", [*path, key]] for key in old if key not in new]
    for key, value in new.items():
        if key in old:
            _diff(old[key], value, [*path, key], ops)
        else:
            ops.append(["set", [*path, key], value])
    return ops


def _list_ops(old: list[Any], new: list[Any], path: Path) -> list[Op]:
    ops: list[Op] = []
    if len(new) < len(old):
        ops.append(["cut", path, len(new)])
    for index, value in enumerate(new):
        if index < len(old):
            _diff(old[index], value, [*path, index], ops)
        else:
            ops.append(["set", [*path, index], value])
    return ops


class PatchError(ValueError):
    """An operation that does not fit the document (a client then asks for the whole view)."""


def apply_ops(doc: Any, ops: list[Op]) -> Any:
    """The document ``doc`` after ``ops`` (a new document; ``doc`` is left as it was)."""
    for op in ops:
        if not isinstance(op, list) or len(op) < 2 or not isinstance(op[1], list):
            raise PatchError(f"not an operation: {op!r}")
        doc = _apply_at(doc, op, op[1], 0)
    return doc


def _apply_at(node: Any, op: Op, path: Path, depth: int) -> Any:
    kind = op[0]
    if depth == len(path):
        if kind == "set" and len(op) == 3:
            return op[2]
        if kind == "cut" and len(op) == 3 and isinstance(node, list) and isinstance(op[2], int) \
                and 0 <= op[2] <= len(node):
            return node[:op[2]]
        raise PatchError(f"operation {kind!r} does not fit the document at {path!r}")
    key = path[depth]
    last = depth == len(path) - 1
    if isinstance(node, dict) and isinstance(key, str):
        copied = dict(node)
        if last and kind == "del":
            if key not in copied:
                raise PatchError(f"no key {key!r} to remove at {path!r}")
            del copied[key]
        elif last and kind == "set":
            copied[key] = op[2] if len(op) == 3 else _missing(op)
        elif key in copied:
            copied[key] = _apply_at(copied[key], op, path, depth + 1)
        else:
            raise PatchError(f"no key {key!r} at {path!r}")
        return copied
    if isinstance(node, list) and isinstance(key, int) and not isinstance(key, bool):
        items = list(node)
        if last and kind == "set" and key == len(items):
            items.append(op[2] if len(op) == 3 else _missing(op))
        elif 0 <= key < len(items):
            items[key] = _apply_at(items[key], op, path, depth + 1)
        else:
            raise PatchError(f"index {key!r} out of range at {path!r}")
        return items
    raise PatchError(f"path {path!r} does not fit the document")


def _missing(op: Op) -> Any:
    raise PatchError(f"operation without a value: {op!r}")


def with_choosing(doc: dict[str, Any], waiting: list[int]) -> dict[str, Any]:
    """The document after a ``choosing`` message (a seat chose during a simultaneous turn), by the rule every
    client applies: ``view.waiting`` becomes ``waiting``, and ``view.chosen``, when the view has it, marks
    every seat not in ``waiting``; nothing else changes."""
    view = doc.get("view")
    if not isinstance(view, dict):
        return doc
    changed = {**view, "waiting": list(waiting)}
    if isinstance(view.get("chosen"), list):
        changed["chosen"] = [seat not in waiting for seat in range(len(view["chosen"]))]
    return {**doc, "view": changed}
