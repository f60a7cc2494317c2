"""Argument types for the command line: each refuses a bad value in one line that names it
(argparse adds the option's name: ``argument --port: ...``), before anything starts."""

from __future__ import annotations

import argparse
import ipaddress
import math
import re

HOST_NAME = re.compile(r"(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?)+")
FASTEST = 1000.0


def port(text: str) -> int:
    """A TCP port: 1-65535, or 0 for any free port."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(
            f"a port is a whole number from 1 to 65535 (0: any free port), not {text!r}"
        )
    return number


def host(text: str) -> str:
    """An address to serve on: an IPv4 or IPv6 address, or a host name."""
    if re.fullmatch(r"[0-9.]+", text):  # dotted numbers: it must be a real IPv4 address
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an IPv4 address") from None
        return text
    if ":" in text:
        try:
            ipaddress.IPv6Address(text.strip("[]"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an IPv6 address") from None
        return text.strip("[]")
    if not HOST_NAME.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an address or a host name (e.g. 0.0.0.0, 127.0.0.1, pi.local)"
        )
    return text


def speed(text: str) -> float:
    """The demo's pace: 0 (as fast as it can) to 1000 times people's pace."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 <= value <= FASTEST:
        raise argparse.ArgumentTypeError(
            f"a speed is a number from 0 (as fast as it can) to {FASTEST:g}, not {text!r}"
        )
    return value
