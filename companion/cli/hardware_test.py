"""``train-companion hardware-test``: check each seat LED and button and each centerpiece sound."""

from __future__ import annotations

import argparse

from companion.errors import ConfigError

MIN_SEATS, MAX_SEATS = 2, 8


def add_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "hardware-test",
        help="check the seat buttons and LEDs and the centerpiece",
        description=(
            "Lights each seat LED in turn, asks for each seat button, plays each centerpiece "
            "sound and waits for its ACK, then prints a pass/fail table. Exit status 0 only "
            "if everything passed. With GPIOZERO_PIN_FACTORY=mock it presses the buttons "
            "itself; without --port it uses the simulated centerpiece."
        ),
    )
    parser.add_argument("--config", metavar="PATH", help="the TOML config ([seats], [centerpiece])")
    parser.add_argument("--port", metavar="DEV", help="the centerpiece's serial port")
    parser.add_argument("--seats", metavar="N", type=int, help="how many seats to check (2-8)")
    return parser


def run(args: argparse.Namespace) -> int:
    # The composition root: hardware is imported here, never at module level.
    from hardware.config import load_hardware_config
    from hardware.selftest import format_table, run_hardware_test

    if args.seats is not None and not MIN_SEATS <= args.seats <= MAX_SEATS:
        raise ConfigError(f"--seats {args.seats}: a table has {MIN_SEATS}-{MAX_SEATS} seats")
    config = load_hardware_config(args.config, seats=args.seats)
    checks = run_hardware_test(config, args.port, say=lambda line: print(line, flush=True))
    print(format_table(checks))
    return 0 if all(check.passed for check in checks) else 1
