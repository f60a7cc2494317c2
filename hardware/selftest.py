"""The hardware test: every seat LED, every seat button and every centerpiece sound, checked.

``train-companion hardware-test`` runs this. On mock pins (GPIOZERO_PIN_FACTORY=mock) it
presses the buttons itself; without a port it starts the simulated centerpiece.
"""

from __future__ import annotations

import contextlib
import os
import queue
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hardware import protocol
from hardware.centerpiece import Centerpiece, CenterpieceError
from hardware.config import HardwareConfig
from hardware.seats import Seats

CONNECT_TIMEOUT_S = 5.0
ACK_TIMEOUT_S = 1.0
REAL_PRESS_TIMEOUT_S = 15.0


class PortMissing(CenterpieceError):
    """The centerpiece port given does not exist."""


@dataclass(frozen=True)
class Check:
    name: str
    passed: bool
    detail: str


def run_hardware_test(
    config: HardwareConfig,
    port: str | None,
    say: Callable[[str], None] = print,
    pin_factory: object = None,
) -> list[Check]:
    """Run every check and return the results, in order."""
    if port is not None and not os.path.exists(port):
        raise PortMissing(
            f"--port {port} does not exist: plug the centerpiece in, or give the right port "
            "(/dev/centerpiece with the udev rule, or a /dev/serial/by-id/ path)"
        )
    checks: list[Check] = []
    checks += check_seats(config, say, pin_factory)
    checks += check_centerpiece(config, port, say)
    return checks


def check_seats(
    config: HardwareConfig, say: Callable[[str], None], pin_factory: object
) -> list[Check]:
    gestures: queue.Queue[tuple[int, str]] = queue.Queue()
    checks = []
    with Seats(
        config.seats, pin_factory=pin_factory, on_gesture=lambda *g: gestures.put(g)
    ) as seats:
        mock = _is_mock(seats.seat(1).button.pin_factory)
        if not mock:
            say("watch the seat LEDs: each lights for half a second, clockwise from seat 1")
        for number in range(1, seats.count + 1):
            led = seats.seat(number).led
            seats.show(number, "turn")
            lit = bool(led.value)
            time.sleep(0.05 if mock else 0.5)
            seats.show(number, "off")
            checks.append(Check(f"seat {number} LED", lit, "lit" if lit else "did not light"))
        for number in range(1, seats.count + 1):
            seats.show(number, "turn")
            if mock:
                pin = seats.seat(number).button.pin
                pin.drive_low()
                time.sleep(0.03)
                pin.drive_high()
                timeout = config.seats.double_press_s + 1.0
            else:
                say(f"press seat {number}'s button (its LED is lit)")
                timeout = REAL_PRESS_TIMEOUT_S
            checks.append(_await_press(gestures, number, timeout))
            seats.show(number, "off")
    return checks


def _await_press(gestures: queue.Queue[tuple[int, str]], number: int, timeout: float) -> Check:
    name = f"seat {number} button"
    try:
        seat, gesture = gestures.get(timeout=timeout)
    except queue.Empty:
        return Check(name, False, f"no press within {timeout:g} s")
    if seat != number:
        return Check(name, False, f"seat {seat}'s button answered: check the wiring")
    return Check(name, True, gesture)


def check_centerpiece(
    config: HardwareConfig, port: str | None, say: Callable[[str], None]
) -> list[Check]:
    checks: list[Check] = []
    with _centerpiece_port(port) as (path, simulated):
        say(f"centerpiece on {path}" + (" (simulated)" if simulated else ""))
        with Centerpiece(path, volume=config.centerpiece.volume) as centerpiece:
            try:
                centerpiece.wait_connected(CONNECT_TIMEOUT_S)
            except CenterpieceError as error:
                return [Check("centerpiece", False, str(error))]
            health = centerpiece.health()
            checks.append(Check("centerpiece", True, f"{health.firmware_version} on {path}"))
            for number, sound in enumerate(protocol.SOUNDS):
                started = time.monotonic()
                receipt = centerpiece.play(number)
                acked = receipt.wait(ACK_TIMEOUT_S)
                took = (time.monotonic() - started) * 1000
                detail = f"acked in {took:.1f} ms" if acked else (receipt.outcome or "no ACK")
                checks.append(Check(f"sound {sound}", acked, detail))
                if not simulated:
                    time.sleep(1.5)  # let it be heard
            centerpiece.stop().wait(ACK_TIMEOUT_S)
    return checks


@contextlib.contextmanager
def _centerpiece_port(port: str | None) -> Iterator[tuple[str, bool]]:
    if port is not None:
        yield port, False
        return
    from hardware.simulated import SimulatedCenterpiece

    with SimulatedCenterpiece() as simulated:
        yield simulated.port, True


def _is_mock(factory: object) -> bool:
    from gpiozero.pins.mock import MockFactory

    return isinstance(factory, MockFactory)


def format_table(checks: list[Check]) -> str:
    width = max([len(c.name) for c in checks] + [5])
    lines = [f"{'check':<{width}}  result  detail"]
    for check in checks:
        lines.append(
            f"{check.name:<{width}}  {'pass' if check.passed else 'FAIL':<6}  {check.detail}"
        )
    passed = sum(c.passed for c in checks)
    lines.append(f"{passed} of {len(checks)} checks passed")
    return "\n".join(lines)
