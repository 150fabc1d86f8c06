"""Find the LAN addresses phones can reach, without sending any traffic."""

from __future__ import annotations

import ipaddress
import socket

import ifaddr

VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "lo")


def route_probe(target: str = "10.255.255.255") -> str | None:
    """The local IPv4 address the routing table would use for ``target`` (a UDP connect sends nothing)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect((target, 9))
        ip = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip


def _usable(ip: str) -> bool:
    try:
        addr = ipaddress.IPv4Address(ip)
    except ValueError:
        return False
    return not (addr.is_loopback or addr.is_link_local or addr.is_unspecified or addr.is_multicast)


def adapter_ips() -> list[str]:
    """IPv4 addresses of the real network adapters, private addresses first."""
    found: list[str] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return found
    for adapter in adapters:
        name = (adapter.nice_name or adapter.name or "").lower()
        if name.startswith(VIRTUAL_PREFIXES):
            continue
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and _usable(ip.ip) and ip.ip not in found:
                found.append(ip.ip)
    return sorted(found, key=lambda ip: not ipaddress.IPv4Address(ip).is_private)


def lan_ips(bind_host: str = "0.0.0.0") -> list[str]:
    """Every address a phone may use to reach a host bound to ``bind_host``, the best one first.

    A host bound to a loopback address is only reachable there; a host bound to one address only there.
    """
    if bind_host in ("127.0.0.1", "localhost", "::1"):
        return ["127.0.0.1"]
    if bind_host not in ("0.0.0.0", "", "::"):
        return [bind_host]
    ips: list[str] = []
    probed = route_probe()
    if probed:
        ips.append(probed)
    for ip in adapter_ips():
        if ip not in ips:
            ips.append(ip)
    return ips or ["127.0.0.1"]
