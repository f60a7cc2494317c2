"""A double press on a real seat button (gpiozero mock pins) through the companion to the
seat LEDs: the turn moves once, the next seat's light comes on once and stays, and the seat
that pressed blinks its last tile."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory
from hand_clock import HandClock, WatchedPWMPin

from companion import commands as c
from companion.service import Companion
from companion.store import Store
from hardware.config import parse_seats
from hardware.seats import Seats
from hardware.table import TableOutputs


@pytest.fixture
def table(tmp_path):
    store = Store(tmp_path)
    companion = Companion(store).start()
    factory = MockFactory(pin_class=WatchedPWMPin)
    clock = HandClock(50.0)

    def gesture(seat: int, name: str) -> None:
        companion.call(c.Gesture(seat - 1, name))  # answered before the finger lets go

    seats = Seats(parse_seats({"count": 3}), factory, gesture, clock=clock)
    companion.add_listener(TableOutputs(seats))
    yield companion, seats, clock
    seats.close()
    companion.stop()
    store.close()
    factory.reset()


def tap(seats, clock, seat: int) -> None:
    pin = seats.seat(seat).button.pin
    pin.drive_low()
    clock.wait(0.05)
    pin.drive_high()


def test_a_double_press_moves_the_turn_once_and_taps_the_last_tile(table):
    companion, seats, clock = table
    turns = []
    companion.add_listener(lambda a: turns.extend(e.seat for e in a.events if e.kind == "turn"))
    companion.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy"], starter=0))
    assert [seats.showing(n) for n in (1, 2, 3)] == ["turn", "off", "off"]
    turns.clear()
    following = seats.seat(2).led.pin
    following.clear_states()
    tap(seats, clock, 1)
    assert companion.state()["turn"]["seat"] == 2  # at once, not after the window
    assert seats.showing(2) == "turn"
    clock.wait(0.1)
    tap(seats, clock, 1)  # within the 0.35 s window: the first press was a double
    clock.wait(2.0)
    assert companion.state()["turn"]["seat"] == 2 and turns == [1]
    assert companion.state()["last_tile"] == [1]
    assert seats.showing(1) == "last_tile" and seats.showing(2) == "turn"
    assert [state.state for state in following.states[1:]] == [1.0]  # on once, no flicker
