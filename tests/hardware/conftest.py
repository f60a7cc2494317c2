"""Fixtures for the hardware tests: mock GPIO pins, the simulated centerpiece, a raw wire."""

from __future__ import annotations

import os
import threading
import tty
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin, MockPWMPin
from hand_clock import TableClock
from hw_support import HostProbe

from hardware.config import parse_seats
from hardware.simulated import SimulatedCenterpiece


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


@pytest.fixture
def plain_factory() -> Iterator[MockFactory]:
    factory = MockFactory(pin_class=MockPin)
    yield factory
    factory.reset()


@pytest.fixture
def quick_seats_config():
    """Short gesture timings so the tests do not wait 4 s for an "out", with margins of at
    least 0.2 s around every threshold the tests use (the machine may be busy)."""
    return parse_seats(
        {"count": 3, "hold_s": 0.5, "out_hold_s": 1.0, "double_press_s": 0.3, "bounce_s": 0.01}
    )


@pytest.fixture
def escaped_exceptions(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """Exceptions that escaped any thread during the test."""
    escaped: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: escaped.append(args.exc_value))
    return escaped


@pytest.fixture
def table_clock() -> TableClock:
    """The clock of the simulated centerpiece and of the drivers the tests give it to;
    ``table_clock.skip(3.5)`` outlasts their timeouts."""
    return TableClock()


@pytest.fixture
def sim(table_clock: TableClock) -> Iterator[SimulatedCenterpiece]:
    with SimulatedCenterpiece(ticks_ms=table_clock.ticks_ms) as centerpiece:
        yield centerpiece


@pytest.fixture
def host_probe(sim: SimulatedCenterpiece) -> Iterator[HostProbe]:
    wire = HostProbe(os.open(sim.tty_path, os.O_RDWR | os.O_NOCTTY))
    yield wire
    wire.close()


@pytest.fixture
def fake_hub_line():
    """A bare pseudo-terminal: the test is the hub, the driver opens the other end."""
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    yield HostProbe(master), path
    os.close(master)
    os.close(slave)
