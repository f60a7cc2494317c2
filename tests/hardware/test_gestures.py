"""The gesture machine on its own, on a hand-turned clock: any way of pressing a button gives
exactly the gestures a player means, each once."""

from __future__ import annotations

import heapq
import itertools

from hypothesis import given
from hypothesis import strategies as st

from hardware.gestures import GestureReader

HOLD_S, OUT_S, DOUBLE_S = 1.2, 4.0, 0.35


class HandClock:
    """An AlarmClock that only moves when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0
        self._alarms: list[tuple[float, int, object]] = []
        self._ids = itertools.count()
        self._cancelled: set[int] = set()

    def at(self, when, callback):
        alarm_id = next(self._ids)
        heapq.heappush(self._alarms, (when, alarm_id, callback))
        return alarm_id

    def cancel(self, alarm_id):
        if alarm_id is not None:
            self._cancelled.add(alarm_id)

    def advance(self, to: float) -> None:
        while self._alarms and self._alarms[0][0] <= to:
            when, alarm_id, callback = heapq.heappop(self._alarms)
            if alarm_id not in self._cancelled:
                self.now = when
                callback()
        self.now = to


# Durations and gaps kept clear of the thresholds, where "held 1.2 s" is a matter of luck.
press_lengths = st.sampled_from(["short", "hold", "out"]).flatmap(
    lambda kind: {
        "short": st.floats(0.03, HOLD_S - 0.05),
        "hold": st.floats(HOLD_S + 0.05, OUT_S - 0.05),
        "out": st.floats(OUT_S + 0.05, OUT_S + 3),
    }[kind]
)
gaps = st.one_of(st.floats(0.03, DOUBLE_S - 0.05), st.floats(DOUBLE_S + 0.05, 3.0))


def what_the_player_meant(presses: list[tuple[float, float]]) -> list[str]:
    """The rules in the players' words, press by press (length, gap before the next)."""
    meant = []
    index = 0
    while index < len(presses):
        length, gap = presses[index]
        if length >= OUT_S:
            meant.append("out")
        elif length >= HOLD_S:
            meant.append("hold")
        elif index + 1 < len(presses) and gap < DOUBLE_S:
            meant.append("double")  # the second press belongs to the double, however long
            index += 1
        else:
            meant.append("press")
        index += 1
    return meant


@given(st.lists(st.tuples(press_lengths, gaps), min_size=1, max_size=12))
def test_every_way_of_pressing_gives_exactly_the_meant_gestures(presses):
    clock = HandClock()
    heard: list[str] = []
    reader = GestureReader(
        clock, heard.append, hold_s=HOLD_S, out_hold_s=OUT_S, double_press_s=DOUBLE_S
    )
    t = 1.0
    for length, gap in presses:
        clock.advance(t)
        reader.down(t)
        t += length
        clock.advance(t)
        reader.up(t)
        t += gap
    clock.advance(t + 10)
    assert heard == what_the_player_meant(presses)


def test_out_is_heard_while_the_button_is_still_held():
    clock = HandClock()
    heard: list[str] = []
    reader = GestureReader(
        clock, heard.append, hold_s=HOLD_S, out_hold_s=OUT_S, double_press_s=DOUBLE_S
    )
    reader.down(0.0)
    clock.advance(OUT_S - 0.01)
    assert heard == []
    clock.advance(OUT_S + 0.01)
    assert heard == ["out"]
