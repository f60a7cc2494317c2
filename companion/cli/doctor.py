"""``train-companion doctor``: is this Pi ready for a game night? A checklist with the fixes.

Each line is one part: the config, the data directory, the camera, GPIO and every seat's
pins, the centerpiece, the score pad's port and the clock. ``ok`` is fine, ``warn`` works
but deserves a look, ``FAIL`` stops a part from working (each with its fix), ``unknown``
could not be told here. The exit status is 0 when nothing failed, 1 otherwise.

Run it with the service stopped (``sudo systemctl stop train-companion``): the running
service holds the GPIO pins, the centerpiece's port and the web port.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import errno
import json
import os
import shutil
import socket
import subprocess
import tempfile
import textwrap
import urllib.request
from collections.abc import Callable
from pathlib import Path

from companion.cli.doctor_parts import (
    STOP_SERVICE,
    Finding,
    check_camera,
    check_centerpiece,
    check_recogniser,
    check_seats,
)
from companion.config import Config, load_config
from companion.errors import CompanionError

SYSTEM_CONFIG = Path("/etc/train-companion/config.toml")
LOW_SPACE_MB = 200  # a game night of photos is some 20 MB; below this the card is nearly full
FAIL_SPACE_MB = 50


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "doctor",
        help="check that this Pi is ready: config, disk, camera, seats, centerpiece, clock",
        description="A checklist of everything the companion needs, each problem with its "
        "fix. Exit status 0 when nothing failed. Stop the service first: it holds the pins "
        "and ports.",
    )
    parser.add_argument(
        "--config",
        type=Path,
        help=f"the TOML config file (default: {SYSTEM_CONFIG} if it exists)",
    )
    parser.add_argument("--data-dir", type=Path, help="where the event log and photos live")
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="mock GPIO, the simulated centerpiece, and a synthetic camera for source auto",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    from companion.cli import version

    path = args.config
    if path is None and SYSTEM_CONFIG.exists():
        path = SYSTEM_CONFIG
    findings = examine(path, args.data_dir, simulate=args.simulate)
    print(f"train-companion {version()} doctor, config: {path or 'built-in defaults'}\n")
    print(report(findings))
    return 1 if any(f.verdict == "FAIL" for f in findings) else 0


def report(findings: list[Finding], columns: int = 100) -> str:
    width = max(len(f.part) for f in findings)
    indent = " " * (width + 12)
    lines = []
    for f in findings:
        first = f"  {f.verdict:<7} {f.part:<{width}}  "
        lines += textwrap.wrap(
            f.detail, columns, initial_indent=first, subsequent_indent=indent
        ) or [first]
        if f.fix:
            lines += textwrap.wrap(
                f"fix: {f.fix}", columns, initial_indent=indent, subsequent_indent=indent + "     "
            )
    failed = sum(f.verdict == "FAIL" for f in findings)
    warned = sum(f.verdict == "warn" for f in findings)
    summary = f"{failed} to fix (FAIL above)" if failed else "ready for a game night"
    if warned:
        summary += f"; {warned} warning{'s' * (warned > 1)} worth a look"
    return "\n".join(lines) + f"\n\n{summary}"


def examine(
    config_path: Path | None,
    data_dir: Path | None = None,
    simulate: bool = False,
    run_command: Callable = subprocess.run,
) -> list[Finding]:
    """Every check, in the order a player would set the table up."""
    finding, config = check_config(config_path)
    findings = [finding]
    if data_dir is not None:
        from dataclasses import replace

        config = replace(config, data_dir=data_dir)
    findings.append(check_data_dir(config.data_dir))
    findings += check_camera(config, simulate)
    findings.append(check_recogniser())
    findings += check_seats(config, simulate)
    findings.append(check_centerpiece(config, simulate))
    findings.append(check_web_port(config.host, config.port))
    findings.append(check_clock(run_command))
    return findings


# --- the checks ---------------------------------------------------------------------------


def check_config(path: Path | None) -> tuple[Finding, Config]:
    from hardware.config import parse_centerpiece, parse_seats
    from vision.capture import parse_source

    fix = f"edit {path}; config.example.toml explains every key"
    try:
        config = load_config(path)
        seats = parse_seats(config.seats)
        centerpiece = parse_centerpiece(config.centerpiece)
        parse_source(config.camera)
    except CompanionError as error:
        return Finding("config", "FAIL", f"{error}; checking the rest on the defaults", fix), (
            load_config(None)
        )
    where = path or "no config file: built-in defaults"
    detail = f"{where}: {seats.count} seats, camera {config.camera}, centerpiece {centerpiece.port}"
    return Finding("config", "ok", detail), config


def check_data_dir(directory: Path) -> Finding:
    directory = Path(directory)
    existing = directory
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        return Finding("data directory", "FAIL", f"{existing} is not a folder", "set data_dir")
    if existing == directory:
        try:
            with tempfile.NamedTemporaryFile(dir=directory, prefix=".doctor-"):
                pass
        except OSError as error:
            return Finding(
                "data directory",
                "FAIL",
                f"{directory} is not writable ({error.strerror})",
                _ownership_fix(directory),
            )
        state = "writable"
    elif os.access(existing, os.W_OK):
        state = "will be created"
    else:
        return Finding(
            "data directory",
            "FAIL",
            f"{directory} does not exist and {existing} is not writable",
            f"sudo install -d -o train-companion -g train-companion {directory}",
        )
    free_mb = shutil.disk_usage(existing).free / 1e6
    detail = f"{directory}: {state}, {_size(free_mb)} free"
    if free_mb < FAIL_SPACE_MB:
        return Finding("data directory", "FAIL", detail, _SPACE_FIX)
    if free_mb < LOW_SPACE_MB:
        return Finding("data directory", "warn", detail, _SPACE_FIX)
    return Finding("data directory", "ok", detail)


def _ownership_fix(directory: Path) -> str:
    import pwd

    owner = directory.stat().st_uid
    if owner != os.geteuid():
        try:
            name = pwd.getpwuid(owner).pw_name
        except KeyError:
            name = str(owner)
        return (
            f"it belongs to {name}: check it as the service does, "
            f"sudo -u {name} train-companion doctor"
        )
    return f"sudo chown -R train-companion: {directory} (and check the card is not read-only)"


_SPACE_FIX = "free some space (old files in the home folder, `sudo apt clean`) or a larger card"


def check_web_port(host: str, port: int) -> Finding:
    part = f"web port {port}"
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        try:
            sock.bind((host, port))
            return Finding(part, "ok", f"free on {host}")
        except OSError as error:
            problem = error
    if problem.errno == errno.EACCES:
        return Finding(part, "FAIL", "ports below 1024 need root", "use port = 8080 in [web]")
    if problem.errno != errno.EADDRINUSE:
        return Finding(part, "FAIL", f"cannot listen on {host}: {problem.strerror}", "check host")
    if _companion_answers(port):
        return Finding(
            part, "warn", "train-companion is already serving on it (the service is running)",
            "to check the seats and centerpiece too: " + STOP_SERVICE,
        )  # fmt: skip
    return Finding(
        part, "FAIL", "taken by another program", "choose another port in [web], e.g. 8081"
    )


def _companion_answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=2) as answer:
            return "seq" in json.load(answer)
    except (OSError, ValueError):
        return False


def check_clock(run_command: Callable = subprocess.run) -> Finding:
    """Game times in the event log come from the clock; a Pi without a battery-backed clock
    starts at the time it was last shut down until NTP sets it."""
    fix = "connect the Pi to the internet once; sudo timedatectl set-ntp true"
    try:
        done = run_command(
            ["timedatectl", "show", "--property=NTPSynchronized", "--value"],
            capture_output=True,
            text=True,
            timeout=5,
        )
        answer = done.stdout.strip() if done.returncode == 0 else ""
    except (OSError, subprocess.SubprocessError):
        answer = ""
    if answer == "yes":
        return Finding("clock", "ok", "synchronised (timedatectl)")
    if answer == "no":
        return Finding("clock", "warn", "not synchronised: game times may be wrong", fix)
    state = _adjtimex_state()
    if state is None:
        return Finding("clock", "unknown", "cannot tell: no timedatectl, no adjtimex")
    if state == 5:  # TIME_ERROR: the kernel's clock is not synchronised
        return Finding("clock", "warn", "not synchronised (adjtimex): game times may be wrong", fix)
    return Finding("clock", "ok", "synchronised (adjtimex)")


def _adjtimex_state() -> int | None:
    """The kernel's clock state (0 TIME_OK .. 5 TIME_ERROR), read-only, or None."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        timex = ctypes.create_string_buffer(512)  # struct timex, modes = 0: only read
        state = libc.adjtimex(timex)
    except (OSError, AttributeError):
        return None
    return state if 0 <= state <= 5 else None


def _size(megabytes: float) -> str:
    return f"{megabytes / 1000:.1f} GB" if megabytes >= 1000 else f"{megabytes:.0f} MB"
