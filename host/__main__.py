"""``python -m host``: start the host, print the LAN addresses and a QR code of the main one."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from host.app import create_app
from host.config import HostConfig
from host.netinfo import lan_ips
from host.qr import qr_ascii
from host.serve import ConnectionGate, serve
from host.store import StoreError

DEFAULT_PORT = 8765
SHUTDOWN_TIMEOUT = 0.5  # seconds open connections get to close (aiohttp may wait it twice)
EXIT_STORE = 2  # the data folder cannot be used


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m host", description="Wonders Table host")
    parser.add_argument("--host", default="0.0.0.0", help="address to bind (default 0.0.0.0: every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--data", default="data", help="folder of the saved tables (default ./data)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another host name the pages may be opened by (e.g. laptop.local); repeatable")
    parser.add_argument("--testing", action="store_true",
                        help="accept testing-only game options (fixed deals) over the network")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    config = HostConfig(testing=args.testing, allow_hosts=tuple(args.allow_host))
    bases = [f"http://{ip}:{args.port}" for ip in lan_ips(args.host)]
    try:
        app = create_app(args.data, base_urls=bases, config=config)
    except StoreError as exc:
        print(f"host: {exc}", file=sys.stderr)
        return EXIT_STORE
    except KeyboardInterrupt:  # Ctrl-C while the saved tables were being restored
        return 0
    banner = "\n".join([
        "Wonders Table host. Open the board on the TV or this laptop; phones scan the QR code there.",
        *(f"  board: {base}/" for base in bases),
        qr_ascii(f"{bases[0]}/"),
        f"Main address: {bases[0]}/   (saved tables: {args.data}/)   Ctrl-C stops.",
        "If phones cannot connect, allow this port through the laptop's firewall.",
    ])
    gate = ConnectionGate.for_limits(config.limits, config.trusts)
    try:
        # The banner is printed once the port is listening: the addresses shown then really answer.
        asyncio.run(serve(app, args.host, args.port, gate, shutdown_timeout=SHUTDOWN_TIMEOUT,
                          on_listening=lambda: print(banner, flush=True)))
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the host was listening
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
