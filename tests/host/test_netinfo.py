"""LAN address detection: the route probe, adapters, and what binding to one address means."""

from __future__ import annotations

from types import SimpleNamespace

import ifaddr

from host import netinfo


def _adapter(name, *ips):
    return SimpleNamespace(name=name, nice_name=name, ips=[SimpleNamespace(ip=ip) for ip in ips])


def test_loopback_or_one_address_binds_only_there():
    assert netinfo.lan_ips("127.0.0.1") == ["127.0.0.1"]
    assert netinfo.lan_ips("localhost") == ["127.0.0.1"]
    assert netinfo.lan_ips("192.168.4.2") == ["192.168.4.2"]


def test_adapters_skip_loopback_link_local_and_virtual_bridges(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [
        _adapter("lo", "127.0.0.1"), _adapter("docker0", "172.17.0.1"), _adapter("veth12", "172.18.0.1"),
        _adapter("tun0", "81.2.69.160"), _adapter("wlan0", "192.168.1.5", "169.254.3.4", ("fe80::1", 0, 2)),
    ])
    assert netinfo.adapter_ips() == ["192.168.1.5", "81.2.69.160"]
    monkeypatch.setattr(netinfo, "route_probe", lambda: "81.2.69.160")
    assert netinfo.lan_ips() == ["81.2.69.160", "192.168.1.5"]
    monkeypatch.setattr(netinfo, "route_probe", lambda: None)
    assert netinfo.lan_ips("0.0.0.0") == ["192.168.1.5", "81.2.69.160"]


def test_an_offline_laptop_falls_back_to_loopback(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [_adapter("lo", "127.0.0.1")])
    monkeypatch.setattr(netinfo, "route_probe", lambda: None)
    assert netinfo.lan_ips() == ["127.0.0.1"]


def test_route_probe_never_answers_loopback():
    ip = netinfo.route_probe()
    assert ip is None or not ip.startswith("127.")
