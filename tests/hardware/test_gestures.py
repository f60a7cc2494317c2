"""The gesture machine on its own, on a hand-turned clock: any way of pressing a button gives
exactly the gestures a player means, each once, and a press is heard the moment it ends."""

from __future__ import annotations

from hand_clock import HandClock
from hypothesis import given
from hypothesis import strategies as st

from hardware.gestures import GestureReader

HOLD_S, OUT_S, DOUBLE_S = 1.2, 4.0, 0.35


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
            meant += ["press", "double"]  # heard at once, then amended
            index += 1  # the second press belongs to the double, however long
        else:
            meant.append("press")
        index += 1
    return meant


def reader_on(clock: HandClock, heard: list) -> GestureReader:
    return GestureReader(
        clock, heard.append, hold_s=HOLD_S, out_hold_s=OUT_S, double_press_s=DOUBLE_S
    )


@given(st.lists(st.tuples(press_lengths, gaps), min_size=1, max_size=12))
def test_every_way_of_pressing_gives_exactly_the_meant_gestures(presses):
    clock = HandClock()
    heard: list[str] = []
    reader = reader_on(clock, heard)
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


def test_a_press_is_heard_when_the_button_comes_up_not_after_the_double_press_window():
    clock = HandClock()
    heard: list[str] = []
    reader = reader_on(clock, heard)
    reader.down(0.0)
    reader.up(0.05)
    assert heard == ["press"]  # the clock has not moved on: nothing waited
    reader.down(0.2)
    assert heard == ["press", "double"]  # the second press amends it, on its way down
    reader.up(0.25)
    clock.advance(5.0)
    assert heard == ["press", "double"]


def test_out_is_heard_while_the_button_is_still_held():
    clock = HandClock()
    heard: list[str] = []
    reader = reader_on(clock, heard)
    reader.down(0.0)
    clock.advance(OUT_S - 0.01)
    assert heard == []
    clock.advance(OUT_S + 0.01)
    assert heard == ["out"]
    reader.up(OUT_S + 0.5)
    assert heard == ["out"]


def test_without_a_double_press_window_a_quick_second_press_is_a_second_press():
    clock = HandClock()
    heard: list[str] = []
    reader = GestureReader(clock, heard.append, hold_s=HOLD_S, out_hold_s=OUT_S, double_press_s=0)
    for t in (0.0, 0.1):
        reader.down(t)
        reader.up(t + 0.03)
    assert heard == ["press", "press"]
