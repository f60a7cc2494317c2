"""Clocks the tests move by hand, and mock pins that say when they change.

``HandClock`` is a ``hardware.gestures.Clock`` that only moves when the test says so;
``TableClock`` is the centerpiece driver's and board's, which a test moves on past their
timeouts; the pins are gpiozero's own mock pins with a doorbell on them. All are real parts
of the seats' and the centerpiece's world, so no test sleeps to wait for a thread or a
timeout.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable

from gpiozero.pins.mock import MockPin, MockPWMPin


class HandClock:
    """Only moves when the test says so: the alarms due run on the test's own thread, in
    order, as the clock passes them."""

    def __init__(self, now: float = 0.0) -> None:
        self._now = now
        self._alarms: list[tuple[float, int, Callable[[], None]]] = []
        self._ids = itertools.count()
        self._cancelled: set[int] = set()

    def now(self) -> float:
        return self._now

    def at(self, when: float, callback: Callable[[], None]) -> int:
        alarm_id = next(self._ids)
        heapq.heappush(self._alarms, (when, alarm_id, callback))
        return alarm_id

    def cancel(self, alarm_id: int | None) -> None:
        if alarm_id is not None:
            self._cancelled.add(alarm_id)

    def advance(self, to: float) -> None:
        while self._alarms and self._alarms[0][0] <= to:
            when, alarm_id, callback = heapq.heappop(self._alarms)
            if alarm_id not in self._cancelled:
                self._now = when
                callback()
        self._now = max(self._now, to)

    def wait(self, seconds: float) -> None:
        self.advance(self._now + seconds)

    def close(self) -> None:
        pass


class TableClock:
    """The host's and the centerpiece board's clocks: real time, except that a test can move
    both on by seconds at once, so the 3 s timeouts between them pass without 3 s of
    waiting. ``monotonic`` is the host driver's clock, ``ticks_ms`` the board's."""

    def __init__(self) -> None:
        self._ahead = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self._ahead

    def ticks_ms(self) -> int:
        return int(self.monotonic() * 1000) & 0x3FFFFFFF  # as MicroPython's ticks_ms wraps

    def skip(self, seconds: float) -> None:
        """``seconds`` pass at once on the host and the board."""
        self._ahead += seconds


class _Doorbell:
    """Rings on every change of the pin's state; ``wait_changes(n)`` waits for n of them."""

    def _change_state(self, value):
        changed = super()._change_state(value)
        if changed:
            with self._bell():
                self._bell().notify_all()
        return changed

    def _bell(self) -> threading.Condition:
        bell = self.__dict__.get("_doorbell")
        if bell is None:
            bell = self.__dict__.setdefault("_doorbell", threading.Condition())
        return bell

    def wait_changes(self, count: int, timeout: float = 5.0) -> list:
        """The values the pin went through from ``clear_states()`` until ``count`` changes
        (or the timeout: then fewer)."""
        with self._bell():
            self._bell().wait_for(lambda: len(self.states) > count, timeout)
        return [state.state for state in self.states[1 : count + 1]]


class WatchedPWMPin(_Doorbell, MockPWMPin):
    pass


class WatchedPin(_Doorbell, MockPin):
    pass
