"""``train-companion serve``: the companion at the table, as the systemd service runs it."""

from __future__ import annotations

import argparse
import signal
import threading
from pathlib import Path

from companion.cli import arguments
from companion.errors import ConfigError


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "serve",
        help="run the companion: seats, centerpiece, camera and the score pad",
        description="Run the companion at the table: seat buttons and LEDs, the centerpiece, "
        "the camera and the score pad for phones.",
    )
    parser.add_argument("--config", type=Path, help="the TOML config file")
    parser.add_argument("--data-dir", type=Path, help="where the event log and photos live")
    parser.add_argument(
        "--host", type=arguments.host, help="address for the score pad (default 0.0.0.0)"
    )
    parser.add_argument("--port", type=arguments.port, help="port for the score pad (default 8080)")
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="no Pi needed: mock GPIO, the simulated centerpiece and a synthetic camera",
    )
    parser.set_defaults(config_fallback=True)  # a wrong file: say so, run on the defaults
    return parser


def settings(args: argparse.Namespace):
    """The config with the command line's overrides. A bad file is reported and the
    defaults are used, so a typo never turns into a restart loop."""
    from dataclasses import replace

    from companion.cli.assemble import say
    from companion.config import load_config

    problem = None
    try:
        config = load_config(args.config)
    except ConfigError as error:
        problem = str(error)
        say(f"{error}; running on the defaults until it is fixed")
        config = load_config(None)
    overrides = {
        k: v
        for k, v in (("data_dir", args.data_dir), ("host", args.host), ("port", args.port))
        if v is not None
    }
    return replace(config, **overrides), problem


def run(args: argparse.Namespace) -> int:
    from companion.cli.assemble import Table
    from companion.logs import setup_logging
    from companion.notify import notify, watchdog_interval

    # one line per message with its level (journald priorities under systemd)
    setup_logging()
    config, problem = settings(args)
    stopping = threading.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, lambda *_: stopping.set())
    with Table(config, simulate=args.simulate) as table:
        table.start()
        if problem:
            table.companion.degraded["config"] = problem
        if table.web is not None:
            import web

            url, code = web.join_url(config.host, table.web.port), table.companion.join_code
            web.print_join_qr(web.join_link(url, code) if code else url)
            web.print_join_code(url, code)
            web.tell_each_new_code(table.companion, url)
        notify("READY=1")
        interval = watchdog_interval() or 1.0
        while not stopping.wait(min(interval, 1.0)):
            if table.companion.alive:
                notify("WATCHDOG=1")
                notify(f"STATUS={status(table.companion.state())}")
        notify("STOPPING=1")
    return 0


def status(state: dict) -> str:
    if not state.get("game"):
        return "waiting for the host to set up a game"
    turn = state.get("turn")
    where = f"round {state['round']['number']}" if state.get("round") else ""
    who = f", {turn['player']} to play" if turn else f", {state['phase']}"
    return f"{state['game']} {where}{who}"
