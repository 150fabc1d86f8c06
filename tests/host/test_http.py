"""HTTP side: pages with no-cache, the 503 before the web build, static files, QR codes, catalogs."""

from __future__ import annotations

import json

import pytest

import engine
from host.app import HUB, NOT_BUILT, TABLES, create_app
from host.qr import qr_svg


@pytest.fixture
def dist(tmp_path):
    d = tmp_path / "dist"
    d.mkdir()
    for name in ("board.html", "phone.html", "board.js", "app.css"):
        (d / name).write_text(f"<!-- {name} -->")
    (tmp_path / "secret.txt").write_text("not for phones")
    return d


async def test_pages_and_static_files_are_served_without_caching(aiohttp_client, data_dir, dist):
    client = await aiohttp_client(create_app(data_dir, web_dir=dist))
    for path, name in (("/", "board.html"), ("/board/ABCD", "board.html"), ("/t/ABCD", "phone.html"),
                       ("/static/board.js", "board.js"), ("/static/app.css", "app.css")):
        resp = await client.get(path)
        assert resp.status == 200, path
        assert resp.headers["Cache-Control"] == "no-cache"
        assert await resp.text() == f"<!-- {name} -->"
    for path in ("/static/missing.js", "/static/../secret.txt", "/static/%2e%2e/secret.txt"):
        assert (await client.get(path)).status == 404, path


async def test_pages_answer_503_until_the_web_build_exists(aiohttp_client, data_dir, tmp_path):
    client = await aiohttp_client(create_app(data_dir, web_dir=tmp_path / "nowhere"))
    for path in ("/", "/board/ABCD", "/t/ABCD", "/static/board.js"):
        resp = await client.get(path)
        assert resp.status == 503 and await resp.text() == NOT_BUILT


async def test_qr_code_holds_the_lan_join_url(aiohttp_client, data_dir):
    app = create_app(data_dir, base_urls=["http://192.168.1.20:8765", "http://10.0.0.7:8765"])
    client = await aiohttp_client(app)
    table = await app[TABLES].create("duel")
    payload = app[HUB].table_payload(table)
    assert payload["join_url"] == f"http://192.168.1.20:8765/t/{table.code}"
    assert payload["join_urls"][1] == f"http://10.0.0.7:8765/t/{table.code}"
    assert payload["board_url"] == f"http://192.168.1.20:8765/board/{table.code}"
    resp = await client.get(f"/qr/{table.code}.svg")
    assert resp.status == 200 and resp.content_type == "image/svg+xml"
    body = await resp.read()
    assert body == qr_svg(payload["join_url"]) and b"<svg" in body
    assert (await client.get(f"/qr/{table.code.lower()}.svg")).status == 200
    assert (await client.get("/qr/ZZZZ.svg")).status == 404


async def test_without_lan_addresses_links_use_the_host_header(aiohttp_client, data_dir):
    app = create_app(data_dir)
    client = await aiohttp_client(app)
    await client.get("/catalog/duel.json")
    table = await app[TABLES].create("duel")
    assert app[HUB].table_payload(table)["join_url"] == f"http://{client.host}:{client.port}/t/{table.code}"


async def test_catalog(aiohttp_client, data_dir):
    client = await aiohttp_client(create_app(data_dir))
    resp = await client.get("/catalog/duel.json")
    assert resp.status == 200 and resp.content_type == "application/json"
    assert json.loads(await resp.text()) == json.loads(json.dumps(engine.catalog("duel")))
    assert (await client.get("/catalog/chess.json")).status == 404


async def test_classic_catalog_holds_the_cities_cards_and_boards(aiohttp_client, data_dir):
    """One catalog serves every classic table: the base cards and, for Cities tables, the black cards and
    Byzantium and Petra."""
    client = await aiohttp_client(create_app(data_dir))
    served = json.loads(await (await client.get("/catalog/classic.json")).text())
    assert served == json.loads(json.dumps(engine.catalog("classic", {"cities": True})))
    assert sum(card["color"] == "black" for card in served["cards"]) == 42
    assert {"byzantium_A", "petra_B"} <= {board["id"] for board in served["boards"]}


async def test_specs_give_every_kind_its_seat_range_and_player_options(aiohttp_client, data_dir):
    client = await aiohttp_client(create_app(data_dir))
    resp = await client.get("/specs.json")
    assert resp.status == 200 and resp.content_type == "application/json"
    specs = json.loads(await resp.text())
    assert sorted(specs) == engine.kinds()
    for kind, spec in specs.items():
        declared = engine.spec(kind)
        assert (spec["min_seats"], spec["max_seats"], spec["default_seats"]) == \
            (declared.min_seats, declared.max_seats, declared.default_seats)
        names = {o["name"] for o in spec["options"]}
        assert names == {o.name for o in declared.options if o.public and not o.testing}
    assert {"name": "sides", "type": "str", "default": "random", "allowed": ["random", "A", "B"]} \
        in specs["classic"]["options"]
    assert "setup" not in {o["name"] for o in specs["classic"]["options"]}  # a testing option stays hidden
