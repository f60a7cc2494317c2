"""Bench: the centerpiece's timings that the tests only check happen, here measured.

    .venv/bin/python bench/centerpiece.py [--runs 3]

The real host driver talks to the real firmware (under CPython, behind a pseudo-terminal):
- replug: from plugging the centerpiece back in to the driver connected (target < 2 s);
- silence: from the host going away to the hub falling silent (the sheet of docs/protocol.md:
  3 s without a heartbeat; expected 3-4.5 s);
- queue: the time for 500 play() calls on a full queue (the caller never waits; < 0.5 s).
Nothing is asserted; it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hardware.centerpiece import Centerpiece  # noqa: E402
from hardware.simulated import SimulatedCenterpiece  # noqa: E402


def wait_until(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.002)
    return bool(condition())


def replug(folder: Path) -> float:
    port = folder / "centerpiece"
    first = SimulatedCenterpiece(link_path=port)
    with Centerpiece(str(port)) as driver:
        driver.wait_connected(2.0)
        first.close()
        wait_until(lambda: not driver.connected, 2.0)
        time.sleep(2.5)  # let the reconnect backoff reach its ceiling
        with SimulatedCenterpiece(link_path=port):
            plugged = time.monotonic()
            driver.wait_connected(10.0)
            return time.monotonic() - plugged


def silence(folder: Path) -> float:
    with SimulatedCenterpiece(link_path=folder / "hub") as sim, Centerpiece(sim.port) as driver:
        driver.wait_connected(2.0)
        driver.play("chugging", repeat=0).wait(1.0)
        wait_until(lambda: sim.playing, 1.0)
        driver.close()
        gone = time.monotonic()
        wait_until(lambda: not sim.playing, 10.0)
        return time.monotonic() - gone


def queue(folder: Path) -> float:
    with SimulatedCenterpiece(link_path=folder / "q") as sim, Centerpiece(sim.port) as driver:
        driver.wait_connected(2.0)
        started = time.monotonic()
        for _ in range(500):
            driver.play("whistle")
        return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for name, measure in (("replug", replug), ("silence", silence), ("queue", queue)):
        figures = []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as folder:
                figures.append(measure(Path(folder)))
        shown = " ".join(f"{f:.3f}" for f in figures)
        print(f"{name:8} seconds: {shown}  (max {max(figures):.3f})")


if __name__ == "__main__":
    main()
