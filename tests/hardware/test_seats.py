"""Seat buttons and LEDs on the real gpiozero with mock pins, on a hand-turned clock."""

from __future__ import annotations

import threading

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hand_clock import HandClock, WatchedPin, WatchedPWMPin

from hardware.config import SeatsConfig, parse_seats
from hardware.seats import LED_STATES, SeatPinError, Seats, SeatsError


@pytest.fixture
def clock():
    return HandClock(100.0)


@pytest.fixture
def watched_factory():
    factory = MockFactory(pin_class=WatchedPWMPin)
    yield factory
    factory.reset()


@pytest.fixture
def gestures():
    return []


@pytest.fixture
def seats(quick_seats_config, watched_factory, gestures, clock):
    with Seats(
        quick_seats_config,
        pin_factory=watched_factory,
        on_gesture=lambda seat, gesture: gestures.append((seat, gesture)),
        clock=clock,
    ) as table:
        yield table


def press(seats, clock, seat, seconds=0.03, *, bounce=0):
    """Press a seat's button like a finger would, with ``bounce`` chatters at each end."""
    pin = seats.seat(seat).button.pin
    for _ in range(bounce):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    clock.wait(seconds)
    for _ in range(bounce):
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()


# --- buttons -------------------------------------------------------------------------------


def test_a_short_press_is_heard_the_moment_the_button_comes_up(seats, clock, gestures):
    press(seats, clock, 1)
    assert gestures == [(1, "press")]  # no double-press window waited out
    clock.wait(5.0)
    assert gestures == [(1, "press")]


def test_a_second_press_soon_after_amends_the_first_into_a_double(seats, clock, gestures):
    press(seats, clock, 2)
    clock.wait(0.05)
    press(seats, clock, 2)
    clock.wait(5.0)
    assert gestures == [(2, "press"), (2, "double")]


def test_two_presses_far_apart_are_two_presses(seats, clock, gestures):
    press(seats, clock, 2)
    clock.wait(0.6)
    press(seats, clock, 2)
    clock.wait(0.6)
    assert gestures == [(2, "press"), (2, "press")]


def test_holding_is_a_hold_reported_on_release(seats, clock, gestures):
    pin = seats.seat(3).button.pin
    pin.drive_low()
    clock.wait(0.75)
    assert gestures == []  # it might still become "out"
    pin.drive_high()
    assert gestures == [(3, "hold")]
    clock.wait(5.0)
    assert gestures == [(3, "hold")]


def test_a_very_long_hold_is_out_while_still_held_and_the_release_adds_nothing(
    seats, clock, gestures
):
    pin = seats.seat(1).button.pin
    pin.drive_low()
    clock.wait(0.9)
    assert gestures == []
    clock.wait(0.2)
    assert gestures == [(1, "out")]
    pin.drive_high()
    clock.wait(1.0)
    assert gestures == [(1, "out")]


def test_contact_bounce_gives_one_gesture(seats, clock, gestures):
    press(seats, clock, 1, 0.05, bounce=6)
    clock.wait(0.6)
    press(seats, clock, 1, 0.75, bounce=6)
    clock.wait(0.3)
    assert gestures == [(1, "press"), (1, "hold")]


def test_seats_do_not_mix_up_their_buttons(seats, clock, gestures):
    press(seats, clock, 1)
    press(seats, clock, 3)
    clock.wait(0.6)
    assert gestures == [(1, "press"), (3, "press")]


def test_default_timings_hold_for_1_2_seconds(watched_factory, gestures, clock):
    config = SeatsConfig()
    with Seats(
        config, watched_factory, on_gesture=lambda *g: gestures.append(g), clock=clock
    ) as seats:
        press(seats, clock, 1, 0.9)
        press(seats, clock, 2, 1.5)
        clock.wait(config.double_press_s + 0.2)
    assert gestures == [(1, "press"), (2, "hold")]


def test_without_double_press_two_quick_presses_are_two_presses(watched_factory, gestures, clock):
    config = parse_seats({"double_press_s": 0})
    with Seats(
        config, watched_factory, on_gesture=lambda *g: gestures.append(g), clock=clock
    ) as seats:
        press(seats, clock, 1)
        clock.wait(0.05)
        press(seats, clock, 1)
    assert gestures == [(1, "press"), (1, "press")]


# --- LEDs ------------------------------------------------------------------------------------


def led_pin(seats, seat):
    return seats.seat(seat).led.pin


def changes_while(seats, seat, watch, count):
    """What seat ``seat``'s LED did while seat ``watch``'s LED changed ``count`` times."""
    mine, clock_pin = led_pin(seats, seat), led_pin(seats, watch)
    mine.clear_states()
    clock_pin.clear_states()
    assert len(clock_pin.wait_changes(count)) == count
    return [state.state for state in mine.states[1:]]


@pytest.mark.slow  # gpiozero's own threads blink and fade the LEDs in real time
def test_off_and_turn_are_steady(seats):
    seats.show(3, "last_tile")  # a fast blink next door keeps the time
    seats.show(1, "turn")
    assert changes_while(seats, 1, 3, 8) == [] and led_pin(seats, 1).state == 1.0
    seats.show(1, "off")
    assert changes_while(seats, 1, 3, 8) == [] and led_pin(seats, 1).state == 0.0


@pytest.mark.slow  # gpiozero's own threads blink and fade the LEDs in real time
def test_marker_blinks_slowly_and_last_tile_fast(seats):
    seats.show(1, "marker")
    seats.show(2, "last_tile")
    fast = changes_while(seats, 2, 1, 4)  # while the marker blinks twice
    assert len(fast) >= 8
    assert set(fast) == {0.0, 1.0}  # a hard blink, no fading
    assert set(led_pin(seats, 1).states[i].state for i in range(1, 5)) == {0.0, 1.0}


@pytest.mark.slow  # gpiozero's own threads blink and fade the LEDs in real time
def test_photo_breathes_and_winner_celebrates(seats):
    seats.show(1, "photo")
    led_pin(seats, 1).clear_states()
    breathing = led_pin(seats, 1).wait_changes(60)
    seats.show(2, "winner")
    led_pin(seats, 2).clear_states()
    celebration = led_pin(seats, 2).wait_changes(40)
    # Breathing fades smoothly through many levels and never flashes.
    assert len({round(v, 1) for v in breathing}) >= 8
    assert max(abs(a - b) for a, b in zip(breathing, breathing[1:], strict=False)) < 0.3
    # The celebration flashes full on and off and glows in between.
    jumps = [abs(a - b) for a, b in zip(celebration, celebration[1:], strict=False)]
    assert max(jumps) == 1.0
    assert any(0 < v < 1 for v in celebration)


@pytest.mark.slow  # gpiozero's own threads blink and fade the LEDs in real time
def test_one_seats_led_never_disturbs_anothers(seats):
    seats.show(1, "turn")
    seats.show(3, "last_tile")
    for state in LED_STATES:
        seats.show(2, state)
        assert changes_while(seats, 1, 3, 4) == [], state
        assert led_pin(seats, 1).state == 1.0
    # seat 3 kept blinking all along: changes_while waited for it each time


@pytest.mark.slow  # gpiozero's own threads blink and fade the LEDs in real time
def test_plain_leds_do_every_state_without_pwm(quick_seats_config, clock):
    factory = MockFactory(pin_class=WatchedPin)
    try:
        with Seats(quick_seats_config, pin_factory=factory, clock=clock) as seats:
            assert not seats.seat(1).dimmable
            seats.show(3, "last_tile")
            for state in LED_STATES:
                seats.show(1, state)
                values = changes_while(seats, 1, 3, 4)
                assert set(values) <= {False, True}, state
                assert seats.showing(1) == state
            seats.show(1, "winner")
            led_pin(seats, 1).clear_states()
            assert len(led_pin(seats, 1).wait_changes(4)) == 4  # flashing
    finally:
        factory.reset()


def test_wrong_seat_or_state_says_what_is_allowed(seats):
    with pytest.raises(SeatsError, match="seats are 1-3"):
        seats.show(4, "turn")
    with pytest.raises(SeatsError, match="last_tile"):
        seats.show(1, "blinking")


def test_closing_releases_the_pins_and_turns_leds_off(quick_seats_config, pwm_factory):
    seats = Seats(quick_seats_config, pin_factory=pwm_factory)
    seats.show(1, "winner")
    led_gpio = quick_seats_config.pins[0].led
    seats.close()
    seats.close()  # twice is fine
    with pytest.raises(SeatsError, match="closed"):
        seats.show(1, "turn")
    with LED(led_gpio, pin_factory=pwm_factory) as led:  # the pin is free again
        assert not led.is_lit


def test_a_pin_taken_by_another_device_is_named_and_nothing_is_left_reserved(
    quick_seats_config, pwm_factory
):
    taken = quick_seats_config.pins[2].led
    with (
        LED(taken, pin_factory=pwm_factory),
        pytest.raises(SeatPinError, match=f"seat 3 LED on GPIO {taken}"),
    ):
        Seats(quick_seats_config, pin_factory=pwm_factory)
    # Seats 1 and 2 were set up before the failure; their pins were given back.
    with Seats(quick_seats_config, pin_factory=pwm_factory) as seats:
        seats.show(1, "turn")


def test_a_gesture_callback_can_light_the_seat_at_once(pwm_factory, clock):
    # The service may answer a press straight from gpiozero's thread; that must not deadlock.
    table: list[Seats] = []
    config = parse_seats({})
    with Seats(
        config,
        pin_factory=pwm_factory,
        on_gesture=lambda seat, _: table[0].show(seat, "turn"),
        clock=clock,
    ) as seats:
        table.append(seats)
        presser = threading.Thread(target=press, args=(seats, clock, 2), daemon=True)
        presser.start()
        presser.join(timeout=5.0)
        assert not presser.is_alive(), "pressing a button deadlocked"
        assert seats.seat(2).led.value == 1.0 and seats.showing(2) == "turn"


def test_a_failing_gpio_library_is_a_one_line_error_not_a_traceback(quick_seats_config):
    class RefusingFactory(MockFactory):
        def pin(self, name, pin_class=None, **kwargs):
            raise PermissionError(13, "Permission denied", "/dev/gpiochip0")

    with pytest.raises(SeatPinError, match="gpio group"):
        Seats(quick_seats_config, pin_factory=RefusingFactory(pin_class=MockPWMPin))
