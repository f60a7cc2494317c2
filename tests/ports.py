"""A port for a server a test starts, stops and starts again on the same port.

The kernel hands out ports for every bind to port 0 and every outgoing connection from its
own range (net.ipv4.ip_local_port_range). With the tests running side by side (pytest-xdist),
another worker takes such ports all the time, and could take a server's port in the moment
between a power cut and the restart. These ports come from just below that range, where only
the tests that ask here look.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

KERNEL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def _kernel_low() -> int:
    try:
        return int(KERNEL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def free_port() -> int:
    """A port on 127.0.0.1 that is free now and that the kernel never gives out by itself."""
    low = _kernel_low()
    # not the random module's shared generator: Hypothesis seeds it the same in every worker
    for port in random.SystemRandom().sample(range(max(1024, low - 8000), low), 100):
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue  # in use (or still closing)
            return port
    raise RuntimeError(f"no free port below {low}, the start of the kernel's own range")
