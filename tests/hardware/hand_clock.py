"""Clocks the tests move by hand, and mock pins that say when they change.

``HandClock`` is a ``hardware.gestures.Clock`` that only moves when the test says so;
``BoardClock`` is the simulated centerpiece's, which a test can move on past a timeout; the
pins are gpiozero's own mock pins with a doorbell on them. All are real parts of the seats'
and the centerpiece's world, so no test sleeps to wait for a thread or a timeout.
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


class BoardClock:
    """The centerpiece board's ``ticks_ms``: the host's clock, except that a test can move it
    on by seconds at once, so the board's 3 s timeouts pass without 3 s of waiting."""

    def __init__(self) -> None:
        self._ahead_ms = 0

    def __call__(self) -> int:
        return (int(time.monotonic() * 1000) + self._ahead_ms) & 0x3FFFFFFF  # as ticks_ms

    def skip(self, seconds: float) -> None:
        """``seconds`` pass at once on the board, and none on the host."""
        self._ahead_ms += int(seconds * 1000)


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
