"""host/ is the server; its own tools (headless phones, bench drivers) live in host/tools/, apart from it."""

from tests.imports import cycles, import_graph


def test_host_has_no_import_cycle():
    assert cycles(import_graph("host")) == []


def test_the_server_never_imports_its_tools():
    graph = import_graph("host")
    server = [name for name in graph if not name.startswith("host.tools")]
    assert {name: sorted(t for t in graph[name] if t.startswith("host.tools")) for name in server} == \
        {name: [] for name in server}
    assert {"host.tools.phone", "host.tools.bench", "host.tools.benchphone"} <= set(graph)
