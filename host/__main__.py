"""``python -m host`` (``wonders-table`` when installed from the wheel): start the host, print the LAN
addresses and a QR code of the main one."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import threading
import webbrowser
from pathlib import Path

import platformdirs

from engine.native import ENGINE_PATH
from host.app import create_app
from host.config import BotSettings, HostConfig
from host.netinfo import lan_ips
from host.qr import qr_ascii
from host.serve import ConnectionGate, serve
from host.store import StoreError

DEFAULT_PORT = 8765
SHUTDOWN_TIMEOUT = 0.5  # seconds open connections get to close (aiohttp may wait it twice)
EXIT_STORE = 2  # the data folder cannot be used
APP_NAME = "wonders-table"


def default_data_dir() -> Path:
    """Where the saved tables go unless ``--data`` says: this user's data folder for the app (on Linux
    ``~/.local/share/wonders-table``, on macOS ``~/Library/Application Support/wonders-table``, on Windows
    ``%LOCALAPPDATA%\\wonders-table``). ``make run`` passes ``--data data`` in a checkout."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def parse_args(argv: list[str] | None = None, prog: str = "python -m host") -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(prog=prog, description="Wonders Table host")
    parser.add_argument("--host", default="0.0.0.0", help="address to bind (default 0.0.0.0: every one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--data", default=None, metavar="DIR",
                        help=f"folder of the saved tables (default: this user's data folder, "
                             f"{default_data_dir()})")
    parser.add_argument("--open", action="store_true",
                        help="open the board in this computer's web browser once the host is listening")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another host name the pages may be opened by (e.g. laptop.local); repeatable")
    parser.add_argument("--testing", action="store_true",
                        help="accept testing-only game options (fixed deals) over the network")
    bots = BotSettings()
    parser.add_argument("--bot-pace", type=float, default=bots.pace_seconds, metavar="S",
                        help=f"seconds a move stays on the TV before a bot plays the next "
                             f"(default {bots.pace_seconds:g})")
    parser.add_argument("--takeover-after", type=float, default=bots.takeover_after_seconds, metavar="S",
                        help=f"seconds a phone must be away before the board may let a bot play for it "
                             f"(default {bots.takeover_after_seconds:g})")
    parser.add_argument("--bot-workers", type=int, default=bots.workers, metavar="N",
                        help=f"processes bots think in (default {bots.workers}: cores but one, at most 4)")
    args = parser.parse_args(argv)
    if args.data is None:
        args.data = str(default_data_dir())
    if args.bot_pace < 0 or args.takeover_after < 0 or args.bot_workers < 1:
        parser.error("--bot-pace and --takeover-after must be 0 or more, --bot-workers 1 or more")
    return args


def board_here(bind_host: str, port: int, bases: list[str]) -> str:
    """The board's address for a browser on this computer: by loopback when the host listens there (the
    board is then this machine's own, trusted), else the main address."""
    if bind_host in ("0.0.0.0", ""):
        return f"http://127.0.0.1:{port}/"
    if bind_host == "::":
        return f"http://[::1]:{port}/"
    return f"{bases[0]}/"


def open_board(url: str) -> None:
    """Open ``url`` in this computer's browser, in a thread: a text-mode browser may hold it (the host
    goes on meanwhile)."""
    def run() -> None:
        try:
            opened = webbrowser.open(url)
        except Exception as exc:  # a broken browser setting must not stop the host
            logging.getLogger("host").warning("could not open a browser (%s): open %s", exc, url)
            return
        if not opened:
            logging.getLogger("host").warning("no browser to open here: open %s", url)

    threading.Thread(target=run, name="open-board", daemon=True).start()


def main(argv: list[str] | None = None, prog: str = "python -m host") -> int:
    """Command-line entry point."""
    args = parse_args(argv, prog)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    bots = BotSettings(pace_seconds=args.bot_pace, takeover_after_seconds=args.takeover_after,
                       workers=args.bot_workers)
    config = HostConfig(testing=args.testing, allow_hosts=tuple(args.allow_host), bots=bots)
    bases = [f"http://{ip}:{args.port}" for ip in lan_ips(args.host)]
    gate = ConnectionGate.for_limits(config.limits, config.trusts)  # raises the file limit first
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
        f"Saved tables: {os.path.abspath(args.data)}",
        f"Engine: {ENGINE_PATH.describe()}",
        f"Main address: {bases[0]}/   Ctrl-C stops.",
        "If phones cannot connect, allow this port through the laptop's firewall.",
    ])

    def listening() -> None:
        print(banner, flush=True)
        if args.open:
            open_board(board_here(args.host, args.port, bases))

    try:
        # The banner is printed once the port is listening: the addresses shown then really answer.
        asyncio.run(serve(app, args.host, args.port, gate, shutdown_timeout=SHUTDOWN_TIMEOUT,
                          on_listening=listening))
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the host was listening
        return 0
    return 0


def wonders_table() -> int:
    """The ``wonders-table`` command of the installed app (pyproject.toml [project.scripts])."""
    return main(prog="wonders-table")


if __name__ == "__main__":
    sys.exit(main())
