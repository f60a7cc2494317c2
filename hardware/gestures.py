"""Turning one seat button's presses and releases into the four gestures players use.

- **press**: a short press, and no second press within ``double_press_s`` (end my turn);
- **hold**: held at least ``hold_s`` and released before ``out_hold_s`` (I can't play);
- **double**: a second press within ``double_press_s`` of the first release (my last tile);
- **out**: held ``out_hold_s`` (I'm out), reported while still held.

Each gesture is reported exactly once. With ``double_press_s = 0`` there is no double press
and a press is reported the moment the button comes up.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable

GESTURES = ("press", "hold", "double", "out")


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

    IDLE, DOWN, WAIT_SECOND, CONSUMED = range(4)

    def __init__(
        self,
        clock: AlarmClock,
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
        self._alarm: int | None = None
        self._generation = 0

    def down(self, now: float) -> None:
        gesture = None
        with self._lock:
            if self._state == self.IDLE:
                self._state = self.DOWN
                self._down_at = now
                self._set_alarm(now + self.out_hold_s, self.DOWN, "out", self.CONSUMED)
            elif self._state == self.WAIT_SECOND:
                self._cancel_alarm()
                self._state = self.CONSUMED
                gesture = "double"
        if gesture:
            self._report(gesture)

    def up(self, now: float) -> None:
        gesture = None
        with self._lock:
            if self._state == self.DOWN:
                self._cancel_alarm()
                if now - self._down_at >= self.hold_s:
                    self._state, gesture = self.IDLE, "hold"
                elif self.double_press_s > 0:
                    self._state = self.WAIT_SECOND
                    self._set_alarm(now + self.double_press_s, self.WAIT_SECOND, "press", self.IDLE)
                else:
                    self._state, gesture = self.IDLE, "press"
            elif self._state == self.CONSUMED:
                self._state = self.IDLE
        if gesture:
            self._report(gesture)

    def _set_alarm(self, when: float, expected: int, gesture: str, after: int) -> None:
        self._generation += 1
        generation = self._generation

        def ring() -> None:
            with self._lock:
                if self._generation != generation or self._state != expected:
                    return
                self._alarm = None
                self._state = after
            self._report(gesture)

        self._alarm = self._clock.at(when, ring)

    def _cancel_alarm(self) -> None:
        self._generation += 1
        self._clock.cancel(self._alarm)
        self._alarm = None
