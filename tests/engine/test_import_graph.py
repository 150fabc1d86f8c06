"""engine/ has no import cycle (a module that needs another's name at call time takes it as an argument)."""

from tests.imports import cycles, import_graph


def test_engine_has_no_import_cycle():
    assert cycles(import_graph("engine")) == []


def test_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
