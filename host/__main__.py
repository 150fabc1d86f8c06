"""``python -m host``: start the host, print the LAN addresses and a QR code of the main one."""

from __future__ import annotations

import argparse
import logging
import sys

from aiohttp import web

from host.app import create_app
from host.netinfo import lan_ips
from host.qr import qr_ascii

DEFAULT_PORT = 8765
SHUTDOWN_TIMEOUT = 0.5  # seconds open connections get to close (aiohttp may wait it twice)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m host", description="Wonders Table host")
    parser.add_argument("--host", default="0.0.0.0", help="address to bind (default 0.0.0.0: every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--data", default="data", help="folder of the saved tables (default ./data)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    bases = [f"http://{ip}:{args.port}" for ip in lan_ips(args.host)]
    app = create_app(args.data, base_urls=bases)
    banner = "\n".join([
        "Wonders Table host. Open the board on the TV or this laptop; phones scan the QR code there.",
        *(f"  board: {base}/" for base in bases),
        qr_ascii(f"{bases[0]}/"),
        f"Main address: {bases[0]}/   (saved tables: {args.data}/)   Ctrl-C stops.",
        "If phones cannot connect, allow this port through the laptop's firewall.",
    ])
    try:
        # run_app calls ``print`` once the port is listening: the addresses shown then really answer.
        web.run_app(app, host=args.host, port=args.port, shutdown_timeout=SHUTDOWN_TIMEOUT,
                    print=lambda _started: print(banner, flush=True))
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
