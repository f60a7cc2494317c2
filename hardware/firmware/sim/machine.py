"""A fake ``machine`` module: just enough of MicroPython's Pin, PWM and ADC for the firmware.

This is a board simulation, not a driver. Each object remembers its state and has extra
methods (``drive``, ``feed``, ``sounding``) that let the simulated centerpiece press the
button, knock on the table and listen to the sounder.
"""

from __future__ import annotations

import threading
from collections import deque


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id: int, mode: int = -1, pull: int = -1, value: int | None = None) -> None:
        self.id = id
        self.mode = mode
        self.pull = pull
        self._level = 1 if pull == self.PULL_UP else 0
        if value is not None:
            self._level = 1 if value else 0

    def value(self, level: int | None = None) -> int | None:
        if level is None:
            return self._level
        self._level = 1 if level else 0
        return None

    def drive(self, level: int) -> None:
        """Simulation: what the outside world does to an input pin (0 = pulled to ground)."""
        self._level = 1 if level else 0


class PWM:
    def __init__(self, pin: Pin, freq: int = 1000, duty_u16: int = 0) -> None:
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self.notes: deque[tuple[int, int]] = deque(maxlen=256)  # (freq, duty) as played

    def freq(self, value: int | None = None) -> int | None:
        if value is None:
            return self._freq
        if not 8 <= value <= 62_500_000:
            raise ValueError("freq out of range")
        self._freq = int(value)
        return None

    def duty_u16(self, value: int | None = None) -> int | None:
        if value is None:
            return self._duty
        if not 0 <= value <= 65535:
            raise ValueError("duty out of range")
        self._duty = int(value)
        if value:
            self.notes.append((self._freq, self._duty))
        return None

    def deinit(self) -> None:
        self._duty = 0

    @property
    def sounding(self) -> bool:
        """Simulation: is the sounder making a noise right now?"""
        return self._duty > 0


class ADC:
    def __init__(self, pin: Pin | int) -> None:
        self.pin = pin
        self.resting = 32768  # the piezo is biased to mid-rail
        self._samples: deque[int] = deque()
        self._lock = threading.Lock()

    def read_u16(self) -> int:
        with self._lock:
            return self._samples.popleft() if self._samples else self.resting

    def feed(self, samples: list[int]) -> None:
        """Simulation: the next readings, one per firmware loop, then back to resting."""
        with self._lock:
            self._samples.extend(max(0, min(65535, int(s))) for s in samples)


class BoardReset(Exception):
    """Simulation: the firmware asked for a reset."""


def reset() -> None:
    raise BoardReset()
