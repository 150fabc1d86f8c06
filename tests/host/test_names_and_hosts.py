"""Names as players type (or forge) them, Host headers (DNS rebinding) and odd static paths."""

from __future__ import annotations

import aiohttp
import pytest

from host.app import TABLES, create_app
from host.config import HostConfig
from host.errors import HostError
from host.names import NAME_MAX, clean_name

RLO, LRI, PDI, ZWSP, ZWJ, BOM = "\u202e", "\u2066", "\u2069", "\u200b", "\u200d", "\ufeff"


@pytest.mark.parametrize("raw, shown", [
    ("Ann", "Ann"),
    ("  Ann  ", "Ann"),
    (f"{RLO}nnA", "nnA"),  # right-to-left override stripped
    (f"{LRI}Bob{PDI}", "Bob"),
    (f"A{ZWSP}n{ZWJ}n{BOM}", "Ann"),  # zero-width characters stripped
    ("Ann\n\tBo", "AnnBo"),  # control characters stripped
    ("Ann \u00a0\u2003 Bo", "Ann Bo"),  # runs of spaces of any kind become one space
    ("Zoe\u0301", "Zoé"),  # NFC
    ("e" + "\u0301" * 40, "é\u0301\u0301"),  # NFC, then at most two combining marks on a letter
    ("Ζωή 🎲", "Ζωή 🎲"),
    ("x" * NAME_MAX, "x" * NAME_MAX),
])
def test_names_are_cleaned(raw, shown):
    assert clean_name(raw) == shown


@pytest.mark.parametrize("raw", [
    "", "   ", f"{RLO}{ZWSP}{BOM}", "\n\t", "x" * (NAME_MAX + 1), f"{'y' * NAME_MAX}{ZWSP}z", 7, None,
    "a" * 10_000,
])
def test_names_empty_after_cleaning_or_too_long_are_refused(raw):
    with pytest.raises(HostError) as refused:
        clean_name(raw)
    assert refused.value.code == "bad_request"


async def test_the_name_a_table_shows_is_the_cleaned_one(clients, server):
    board = await clients()
    code = (await board.call("create_table", {"game": "duel"}))["code"]
    await board.call("watch", {"code": code})
    ann = await clients()
    assert (await ann.call("join", {"code": code, "name": f"{RLO}nnA{ZWSP}"}))["ok"]
    table = await board.wait("table", lambda t: t["seats"][0]["taken"])
    assert table["seats"][0]["name"] == "nnA"
    invisible = await (await clients()).call("join", {"code": code, "name": f"{ZWSP}{RLO}"})
    assert invisible["error"] == "bad_request"
    assert server.app[TABLES].tables[code].seats[1].name is None


@pytest.fixture
async def http(aiohttp_client, data_dir, tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "board.html").write_text("<!-- board -->")
    (dist / "app.css").write_text("body{}")
    app = create_app(data_dir, web_dir=dist, base_urls=["http://192.168.1.20:8765"],
                     config=HostConfig(allow_hosts=("laptop.local",)))
    return await aiohttp_client(app)


@pytest.mark.parametrize("host", [
    "evil.example:8765", "evil.example", "192.168.1.21:8765", "attacker.laptop.local", "",
])
async def test_a_page_or_socket_asked_for_by_a_foreign_name_is_refused(http, host):
    """DNS rebinding: a page of evil.example whose name now points at the laptop."""
    for path in ("/", "/static/app.css", "/socket.io/?EIO=4&transport=polling", "/catalog/duel.json"):
        resp = await http.get(path, headers={"Host": host, "Origin": f"http://{host}"})
        assert resp.status == 403, (path, host)
        assert "--allow-host" in await resp.text()


@pytest.mark.parametrize("host", [
    "127.0.0.1:8765", "localhost:8765", "LOCALHOST", "[::1]:8765", "192.168.1.20:8765", "laptop.local:8765",
    "laptop.local.",
])
async def test_the_hosts_own_names_are_served(http, host):
    resp = await http.get("/", headers={"Host": host})
    assert resp.status == 200, host
    resp = await http.get("/socket.io/?EIO=4&transport=polling", headers={"Host": host})
    assert resp.status == 200 and b'"sid"' in await resp.read()


async def test_static_names_with_a_nul_byte_are_not_found(http):
    for path in ("/static/app.css%00", "/static/%00", "/static/app%00.css", "/static/..%00/x"):
        resp = await http.get(path, headers={"Host": "127.0.0.1"})
        assert resp.status == 404, path
    async with aiohttp.ClientSession() as raw:  # the same, as a browser would send it
        url = f"http://127.0.0.1:{http.port}/static/app.css%00.js"
        async with raw.get(url) as resp:
            assert resp.status == 404
    assert (await http.get("/static/app.css", headers={"Host": "127.0.0.1"})).status == 200
