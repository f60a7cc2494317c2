"""Bench: from a seat button press to the seat LED and to the PLAY frame on the wire.

    .venv/bin/python bench/hardware.py [--presses 1000]

The real gpiozero on mock PWM pins drives the real Seats; a stand-in for the service (a queue
and one loop thread, as in docs DESIGN "the flow of one event") turns each press into an LED
change and a whistle; the real Centerpiece driver writes the PLAY frame to a pseudo-terminal,
whose other end is read here, frame by frame, and acked.

A press is reported the moment the button comes up, whatever the double-press window (a
quick second press amends it afterwards), so the clock starts at the release edge. The LED
time is when the mock pin changed; the wire time is when the whole PLAY frame was read at the
far end of the pty. The first block presses seat 1 with the double press off and a 5 ms
debounce, as fast as the loop answers; the second uses the default seat settings (0.35 s
double-press window, 20 ms debounce) with presses a finger makes: 50 ms down, round the
table, so no press is taken for half of a double.
Target on a Pi: p99 <= 10 ms. Nothing here is asserted; it prints figures.
"""

from __future__ import annotations

import argparse
import os
import queue
import select
import statistics
import sys
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402

from hardware import protocol as p  # noqa: E402
from hardware.centerpiece import Centerpiece  # noqa: E402
from hardware.config import parse_seats  # noqa: E402
from hardware.seats import Seats  # noqa: E402


class ProbedPin(MockPWMPin):
    """A mock PWM pin with a logic analyser on it: the time of every change."""

    changed = threading.Event()
    changed_at = 0.0

    def _change_state(self, value):
        result = super()._change_state(value)
        if result:
            type(self).changed_at = time.perf_counter()
            type(self).changed.set()
        return result


class FarEnd:
    """The hub's end of the wire: timestamps PLAY frames, acks everything, says HELLO."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.play_seen = threading.Event()
        self.play_at = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        reader = p.FrameReader()
        said_hello = False
        while not self._stop.is_set():
            readable, _, _ = select.select([self.master], [], [], 0.1)
            if not readable:
                continue
            data = os.read(self.master, 4096)
            for encoded in reader.feed(data):
                frame = p.decode_frame(encoded)
                if frame.type == p.PLAY:
                    self.play_at = time.perf_counter()
                    self.play_seen.set()
                if frame.type not in (p.ACK, p.NAK):
                    os.write(self.master, p.encode_frame(p.ack(frame.seq)))
                if not said_hello:
                    said_hello = True
                    hello = p.Frame(0, p.HELLO, bytes([1, 5]) + b"bench far end")
                    os.write(self.master, p.encode_frame(hello))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(1.0)
        os.close(self.master)
        os.close(self.slave)


def run(presses: int, settings: dict, down_s: float = 0.01) -> tuple[list[float], list[float]]:
    config = parse_seats({"count": 4} | settings)
    factory = MockFactory(pin_class=ProbedPin)
    far_end = FarEnd()
    events: queue.Queue[tuple[int, str] | None] = queue.Queue()
    to_led: list[float] = []
    to_wire: list[float] = []
    with (
        Seats(config, pin_factory=factory, on_gesture=lambda *g: events.put(g)) as seats,
        Centerpiece(far_end.path) as centerpiece,
    ):
        centerpiece.wait_connected(3.0)
        lit: dict[int, bool] = {}

        def service() -> None:  # the one thread that owns game state, reduced to its reflexes
            while (event := events.get()) is not None:
                seat, _gesture = event
                lit[seat] = not lit.get(seat, False)
                seats.show(seat, "turn" if lit[seat] else "off")
                centerpiece.play("whistle")

        loop = threading.Thread(target=service, daemon=True)
        loop.start()
        rotate = config.double_press_s > 0  # round the table: never a double press
        for number in range(presses):
            button = seats.seat(number % config.count + 1 if rotate else 1).button.pin
            ProbedPin.changed.clear()
            far_end.play_seen.clear()
            button.drive_low()
            time.sleep(down_s)
            ProbedPin.changed.clear()  # a press lights nothing; only its release may
            pressed_at = time.perf_counter()
            button.drive_high()
            if not (ProbedPin.changed.wait(2.0) and far_end.play_seen.wait(2.0)):
                print("a press got no answer", file=sys.stderr)
                continue
            to_led.append((ProbedPin.changed_at - pressed_at) * 1000)
            to_wire.append((far_end.play_at - pressed_at) * 1000)
            time.sleep(0.06 if rotate else 0.01)
        events.put(None)
        loop.join(2.0)
        health = centerpiece.health()
    far_end.close()
    if health.retransmitted or health.dropped:
        print(f"  (link: {health.retransmitted} retransmitted, {health.dropped} dropped)")
    return to_led, to_wire


def describe(name: str, samples: list[float]) -> str:
    centiles = statistics.quantiles(samples, n=100, method="inclusive")
    return (
        f"  {name:<28} p50 {statistics.median(samples):7.2f} ms   p99 {centiles[98]:7.2f} ms"
        f"   max {max(samples):7.2f} ms   (n={len(samples)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--default-presses", type=int, default=200)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {load[0]:.2f}")
    print(f"{args.presses} presses, double press off (a press is reported on release):")
    to_led, to_wire = run(args.presses, {"double_press_s": 0, "bounce_s": 0.005})
    print(describe("release -> seat LED", to_led))
    print(describe("release -> PLAY on the wire", to_wire))
    if args.default_presses:
        defaults = parse_seats({})
        print(
            f"{args.default_presses} presses, default settings (double_press_s = "
            f"{defaults.double_press_s:g} s, bounce_s = {defaults.bounce_s:g} s):"
        )
        to_led, to_wire = run(args.default_presses, {}, down_s=0.05)
        print(describe("release -> seat LED", to_led))
        print(describe("release -> PLAY on the wire", to_wire))


if __name__ == "__main__":
    main()
