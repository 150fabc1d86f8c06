"""engine/ has no import cycle (a module that needs another's name at call time takes it as an argument),
and the parts of the host's Socket.IO side import one another in one direction only."""

from tests.imports import cycles, import_graph

# The parts host.sockets.Hub is built of, each after every part it may import (its dependencies come in
# through its constructor): a part importing one at or after its own place would make a cycle possible.
HUB_PARTS = ["host.connections", "host.delivery", "host.rights", "host.turns", "host.hints", "host.seating",
             "host.hostphone", "host.listing", "host.sockets"]


def test_engine_has_no_import_cycle():
    assert cycles(import_graph("engine")) == []


def test_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_hubs_parts_have_no_import_cycle():
    graph = import_graph("host")
    assert set(HUB_PARTS) <= set(graph)
    assert cycles({part: graph[part] & set(HUB_PARTS) for part in HUB_PARTS}) == []


def test_each_hub_part_imports_only_the_parts_before_it():
    graph = import_graph("host")
    upward = {part: sorted(t for t in graph[part] if t in HUB_PARTS[HUB_PARTS.index(part):])
              for part in HUB_PARTS}
    assert upward == {part: [] for part in HUB_PARTS}
