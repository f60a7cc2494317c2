"""Turning one seat button's presses and releases into the gestures players use, at once.

- **press**: a short press (end my turn), reported the moment the button comes up;
- **double**: a second press within ``double_press_s`` of that release (my last tile). The
  press was already reported and acted on, so ``double`` *amends* it: "the press you just
  heard was a double". The service keeps the turn where the press put it and adds the
  last-tile tap for the seat that pressed (companion/service.py), so the table never waits
  for a second press that may not come, and the turn never moves twice;
- **hold**: held at least ``hold_s`` and released before ``out_hold_s`` (I can't play);
- **out**: held ``out_hold_s`` (I'm out), reported while still held.

Each gesture is reported once; a double press is heard as ``press`` then ``double``. With
``double_press_s = 0`` there is no double press.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Protocol

GESTURES = ("press", "hold", "double", "out")


class Clock(Protocol):
    """What the seats need of a clock: the time, and alarms that can be cancelled."""

    def now(self) -> float: ...

    def at(self, when: float, callback: Callable[[], None]) -> int: ...

    def cancel(self, alarm_id: int | None) -> None: ...

    def close(self) -> None: ...


class AlarmClock:
    """One thread that runs callbacks at their time; the timers of every seat share it."""

    def __init__(self, name: str = "seat alarms") -> None:
        self._alarms: list[tuple[float, int, Callable[[], None]]] = []
        self._cancelled: set[int] = set()
        self._ids = itertools.count()
        self._wakeup = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @staticmethod
    def now() -> float:
        return time.monotonic()

    def at(self, when: float, callback: Callable[[], None]) -> int:
        """Run ``callback`` at monotonic time ``when``; returns a handle for cancel()."""
        with self._wakeup:
            alarm_id = next(self._ids)
            heapq.heappush(self._alarms, (when, alarm_id, callback))
            self._wakeup.notify()
            return alarm_id

    def cancel(self, alarm_id: int | None) -> None:
        if alarm_id is not None:
            with self._wakeup:
                self._cancelled.add(alarm_id)

    def _run(self) -> None:
        while True:
            with self._wakeup:
                while not self._closed:
                    if self._alarms:
                        delay = self._alarms[0][0] - time.monotonic()
                        if delay <= 0:
                            break
                        self._wakeup.wait(delay)
                    else:
                        self._wakeup.wait()
                if self._closed:
                    return
                _, alarm_id, callback = heapq.heappop(self._alarms)
                if alarm_id in self._cancelled:
                    self._cancelled.discard(alarm_id)
                    continue
            callback()

    def close(self) -> None:
        with self._wakeup:
            self._closed = True
            self._wakeup.notify()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)


class GestureReader:
    """The gesture state machine of one button. Feed it debounced ``down``/``up`` edges."""

    IDLE, DOWN, CONSUMED = range(3)

    def __init__(
        self,
        clock: Clock,
        report: Callable[[str], None],
        *,
        hold_s: float,
        out_hold_s: float,
        double_press_s: float,
    ) -> None:
        self._clock = clock
        self._report = report
        self.hold_s = hold_s
        self.out_hold_s = out_hold_s
        self.double_press_s = double_press_s
        self._lock = threading.Lock()
        self._state = self.IDLE
        self._down_at = 0.0
        self._pressed_at: float | None = None  # when the last short press came up
        self._alarm: int | None = None
        self._generation = 0

    def down(self, now: float) -> None:
        gesture = None
        with self._lock:
            if self._state != self.IDLE:
                return
            pressed_at, self._pressed_at = self._pressed_at, None
            if pressed_at is not None and now - pressed_at < self.double_press_s:
                # the second press of a double: the rest of it (however long) says nothing
                self._state, gesture = self.CONSUMED, "double"
            else:
                self._state = self.DOWN
                self._down_at = now
                self._set_out_alarm(now + self.out_hold_s)
        if gesture:
            self._report(gesture)

    def up(self, now: float) -> None:
        gesture = None
        with self._lock:
            if self._state == self.DOWN:
                self._cancel_alarm()
                if now - self._down_at >= self.hold_s:
                    gesture = "hold"
                else:
                    gesture = "press"
                    self._pressed_at = now
            self._state = self.IDLE
        if gesture:
            self._report(gesture)

    def _set_out_alarm(self, when: float) -> None:
        self._generation += 1
        generation = self._generation

        def ring() -> None:
            with self._lock:
                if self._generation != generation or self._state != self.DOWN:
                    return
                self._alarm = None
                self._state = self.CONSUMED  # its release says nothing more
            self._report("out")

        self._alarm = self._clock.at(when, ring)

    def _cancel_alarm(self) -> None:
        self._generation += 1
        self._clock.cancel(self._alarm)
        self._alarm = None
