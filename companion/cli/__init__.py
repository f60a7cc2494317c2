"""The ``train-companion`` command line: the composition root.

Each command lives in its own module with ``add_parser(subparsers)`` and ``run(args)``;
heavy imports (OpenCV, gpiozero, Flask) happen inside ``run`` so ``--help`` stays quick and
one missing optional part never breaks the other commands.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from companion.errors import CompanionError

COMMANDS = (
    "games",
    "simulate",
    "demo",
    "serve",
    "hardware-test",
    "recognise",
    "doctor",
    "calibrate",
)


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a usage mistake in one line and exits with status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="train-companion",
        description="The tabletop companion for domino train games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=OneLineParser
    )
    subparsers.required = True
    for name in COMMANDS:
        module = importlib.import_module(f"companion.cli.{name.replace('-', '_')}")
        sub = module.add_parser(subparsers)
        sub.set_defaults(run=module.run)
    return parser


def version() -> str:
    """The installed package's version (from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("train-companion")
    except PackageNotFoundError:
        return "unknown (not installed: pip install .)"


def check_config_file(args: argparse.Namespace) -> None:
    """A ``--config`` that is not a readable file of UTF-8 text is refused before the command
    starts (a FIFO would hang it, /dev/zero fill its memory). ``serve`` reads its own and
    runs on the defaults while its file is wrong (``config_fallback``)."""
    from pathlib import Path

    from companion.config import read_config_text

    path = getattr(args, "config", None)
    if path is not None and not getattr(args, "config_fallback", False):
        read_config_text(Path(path))


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        check_config_file(args)
        return int(args.run(args) or 0)
    except CompanionError as error:
        print(f"train-companion: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("train-companion: stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
