"""From a seat's button to the table's answer, through the whole companion.

    taskset -c 0 .venv/bin/python bench/turns.py [--presses 300] [--rounds 13]

The real Table of `serve --simulate`: gpiozero mock pins, the game loop with its SQLite
event log (synchronous=FULL), the seat LEDs and the centerpiece firmware on a pty. The seat
to move presses (double_press_s = 0, so the press is known when the button comes up); the
clock starts at that release and stops when

- the "end of turn" event is committed (the first listener runs),
- the next seat's LED has changed (the listener after the LEDs runs),
- the simulated centerpiece starts the clickety-clack (the PLAY frame crossed the wire).

Then a whole simulated game night at speed 0 shows the memory after each round.
Prints figures; asserts nothing. Targets: p99 <= 10 ms, RSS flat and <= 150 MB. The peak
(VmHWM) is printed too: it is reached while a photo is rendered and read, between samples.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import commands as c  # noqa: E402
from companion.cli.assemble import Table  # noqa: E402
from companion.cli.demo import Demo  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.entries import ActionEntry  # noqa: E402
from companion.simtable import SimulatedTable  # noqa: E402

NAMES = ["Ann", "Bob", "Cy", "Di"]


def rss_mb(field: str = "VmRSS") -> float:
    """The resident set (or with ``VmHWM``, its peak) of this process, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def reset_peak() -> None:
    """Start VmHWM afresh (Linux 4.0+), so the peak is the game night's alone."""
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def percentiles(values: list[float]) -> str:
    values = sorted(values)
    p50 = statistics.median(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return f"p50 {p50 * 1000:6.2f} ms   p99 {p99 * 1000:6.2f} ms"


def measure_presses(data_dir: Path, presses: int) -> None:
    config = load_config(None, environ={})
    config = replace(config, data_dir=data_dir, seats={"double_press_s": 0})
    with Table(config, simulate=True, seats=4, web=False) as table:
        table.start()
        hub, companion = table.simulated_centerpiece, table.companion
        table.centerpiece.wait_connected(5)
        committed, lit = threading.Event(), threading.Event()
        times: dict[str, float] = {}

        def on_commit(announcement) -> None:
            if isinstance(announcement.stored.entry, ActionEntry):
                times["commit"] = time.perf_counter()
                committed.set()

        def after_leds(announcement) -> None:
            if isinstance(announcement.stored.entry, ActionEntry):
                times["led"] = time.perf_counter()
                lit.set()

        companion.add_listener(on_commit, first=True)
        companion.add_listener(after_leds)
        companion.call(c.NewGame("mexican-train", NAMES))
        table.centerpiece.volume(0)
        results: dict[str, list[float]] = {"commit": [], "led": [], "play": []}
        for _ in range(presses):
            table.centerpiece.stop()
            hub_idle(hub)
            committed.clear()
            lit.clear()
            seat = companion.state()["turn"]["seat"]
            pin = table.seats.seat(seat).button.pin
            pin.drive_low()
            time.sleep(0.03)
            pin.drive_high()
            released = time.perf_counter()
            if not (committed.wait(2) and lit.wait(2)):
                print("a press was lost", file=sys.stderr)
                continue
            deadline = released + 2
            while not hub.playing and time.perf_counter() < deadline:
                time.sleep(0.0002)
            played = time.perf_counter()
            results["commit"].append(times["commit"] - released)
            results["led"].append(times["led"] - released)
            results["play"].append(played - released)
        print(f"{len(results['commit'])} presses by the seat to move")
        print(f"  press -> event committed : {percentiles(results['commit'])}")
        print(f"  press -> next seat's LED : {percentiles(results['led'])}")
        print(f"  press -> sound on the hub: {percentiles(results['play'])}")


def hub_idle(hub) -> None:
    """Wait for the last clickety-clack to stop so the next PLAY is seen afresh."""
    deadline = time.monotonic() + 3
    while hub.playing and time.monotonic() < deadline:
        time.sleep(0.005)


def game_night_memory(data_dir: Path, rounds: int) -> None:
    config = replace(load_config(None, environ={}), data_dir=data_dir)
    options = {"rounds": rounds, "last_engine": 0}  # down to 0-0: up to 13 rounds
    sim = SimulatedTable("mexican-train", NAMES, seed=7, options=options)
    with Table(
        config, simulate=True, seats=4, seat_scale=0.1, hand_for_seat=sim.hand, web=False
    ) as table:
        table.start()
        demo = Demo(table, sim, speed=0, out=lambda *_: None)
        sim.deal()
        table.companion.call(c.NewGame("mexican-train", NAMES, None, options, sim.match.state.turn))
        samples = [rss_mb()]
        reset_peak()
        started = time.perf_counter()
        while True:
            demo.play_round()
            samples.append(rss_mb())
            if sim.last_round:
                break
            demo.next_round(sim.deal())
        took = time.perf_counter() - started
    print(f"game night at speed 0: {rounds} rounds in {took:.1f} s")
    print("  RSS after each round (MB): " + " ".join(f"{m:.0f}" for m in samples))
    print(f"  RSS at the end: {samples[-1]:.1f} MB (start {samples[0]:.1f} MB)")
    print(f"  peak RSS during the game night (VmHWM): {rss_mb('VmHWM'):.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=13)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        measure_presses(Path(first), args.presses)
        game_night_memory(Path(second), args.rounds)


if __name__ == "__main__":
    main()
