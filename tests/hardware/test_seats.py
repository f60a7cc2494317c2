"""Seat buttons and LEDs on the real gpiozero with mock pins."""

from __future__ import annotations

import statistics
import threading
import time

import pytest
from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hw_support import wait_until

from hardware.config import SeatsConfig, parse_seats
from hardware.seats import LED_STATES, SeatPinError, Seats, SeatsError


@pytest.fixture
def gestures():
    return []


@pytest.fixture
def seats(quick_seats_config, pwm_factory, gestures):
    with Seats(
        quick_seats_config,
        pin_factory=pwm_factory,
        on_gesture=lambda seat, gesture: gestures.append((seat, gesture)),
    ) as table:
        yield table


def press(seats, seat, seconds=0.03, *, bounce=0):
    """Press a seat's button like a finger would, with ``bounce`` chatters at each end."""
    pin = seats.seat(seat).button.pin
    for _ in range(bounce):
        pin.drive_low()
        pin.drive_high()
    pin.drive_low()
    time.sleep(seconds)
    for _ in range(bounce):
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()


def test_a_short_press_is_a_press(seats, gestures):
    press(seats, 1)
    assert wait_until(lambda: gestures, 1.0)
    time.sleep(0.2)
    assert gestures == [(1, "press")]


def test_a_second_press_soon_after_is_a_double_not_two_presses(seats, gestures):
    press(seats, 2)
    time.sleep(0.05)
    press(seats, 2)
    time.sleep(0.5)
    assert gestures == [(2, "double")]


def test_two_presses_far_apart_are_two_presses(seats, gestures):
    press(seats, 2)
    time.sleep(0.6)
    press(seats, 2)
    time.sleep(0.6)
    assert gestures == [(2, "press"), (2, "press")]


def test_holding_is_a_hold_reported_on_release(seats, gestures):
    pin = seats.seat(3).button.pin
    pin.drive_low()
    time.sleep(0.75)
    assert gestures == []  # it might still become "out"
    pin.drive_high()
    assert wait_until(lambda: gestures, 0.5)
    time.sleep(0.2)
    assert gestures == [(3, "hold")]


def test_a_very_long_hold_is_out_while_still_held_and_the_release_adds_nothing(seats, gestures):
    pin = seats.seat(1).button.pin
    pin.drive_low()
    assert wait_until(lambda: gestures, 2.0)
    assert gestures == [(1, "out")]
    time.sleep(0.2)
    pin.drive_high()
    time.sleep(0.3)
    assert gestures == [(1, "out")]


def test_contact_bounce_gives_one_gesture(seats, gestures):
    press(seats, 1, 0.05, bounce=6)
    time.sleep(0.6)
    press(seats, 1, 0.75, bounce=6)
    time.sleep(0.3)
    assert gestures == [(1, "press"), (1, "hold")]


def test_seats_do_not_mix_up_their_buttons(seats, gestures):
    press(seats, 1)
    press(seats, 3)
    time.sleep(0.6)
    assert sorted(gestures) == [(1, "press"), (3, "press")]


def test_default_timings_hold_for_1_2_seconds(pwm_factory, gestures):
    config = SeatsConfig()
    with Seats(config, pin_factory=pwm_factory, on_gesture=lambda *g: gestures.append(g)) as seats:
        press(seats, 1, 0.9)
        press(seats, 2, 1.5)
        time.sleep(config.double_press_s + 0.2)
    assert sorted(gestures) == [(1, "press"), (2, "hold")]


def test_without_double_press_a_press_is_reported_on_release(pwm_factory, gestures):
    config = parse_seats({"double_press_s": 0})
    with Seats(config, pin_factory=pwm_factory, on_gesture=lambda *g: gestures.append(g)) as seats:
        press(seats, 1)
        assert gestures == [(1, "press")]  # already, on the release's own thread


# --- LEDs ------------------------------------------------------------------------------------


def led_values(seats, seat, seconds):
    """The values seat's LED pin went through over ``seconds``."""
    pin = seats.seat(seat).led.pin
    pin.clear_states()
    time.sleep(seconds)
    return [state.state for state in pin.states]


def toggle_interval(seats, seat, seconds):
    pin = seats.seat(seat).led.pin
    pin.clear_states()
    time.sleep(seconds)
    return statistics.median(state.timestamp for state in pin.states[1:])


def test_off_and_turn_are_steady(seats):
    seats.show(1, "turn")
    assert set(led_values(seats, 1, 0.3)) == {1.0}
    seats.show(1, "off")
    assert set(led_values(seats, 1, 0.3)) == {0.0}


def test_marker_blinks_slowly_and_last_tile_fast(seats):
    seats.show(1, "marker")
    seats.show(2, "last_tile")
    slow = toggle_interval(seats, 1, 2.0)
    seats.show(1, "off")
    fast = toggle_interval(seats, 2, 0.8)
    assert 0.4 <= slow <= 0.8
    assert 0.08 <= fast <= 0.2
    assert set(led_values(seats, 2, 0.3)) == {0.0, 1.0}  # a hard blink, no fading


def test_photo_breathes_and_winner_celebrates(seats):
    seats.show(1, "photo")
    breathing = led_values(seats, 1, 1.5)
    seats.show(2, "winner")
    celebration = led_values(seats, 2, 1.5)
    # Breathing fades smoothly through many levels and never flashes.
    assert len({round(v, 1) for v in breathing}) >= 8
    assert max(abs(a - b) for a, b in zip(breathing, breathing[1:], strict=False)) < 0.3
    # The celebration flashes full on and off and glows in between.
    jumps = [abs(a - b) for a, b in zip(celebration, celebration[1:], strict=False)]
    assert max(jumps) == 1.0
    assert any(0 < v < 1 for v in celebration)


def test_one_seats_led_never_disturbs_anothers(seats):
    seats.show(1, "turn")
    seats.show(2, "winner")
    seats.show(3, "last_tile")
    for state in LED_STATES:
        seats.show(2, state)
        assert set(led_values(seats, 1, 0.15)) == {1.0}, state
    seats.show(1, "off")
    assert len(led_values(seats, 3, 0.5)) >= 3  # seat 3 kept blinking all along


def test_plain_leds_do_every_state_without_pwm(quick_seats_config, plain_factory):
    with Seats(quick_seats_config, pin_factory=plain_factory) as seats:
        assert not seats.seat(1).dimmable
        for state in LED_STATES:
            seats.show(1, state)
            values = led_values(seats, 1, 0.2)
            assert set(values) <= {False, True}, state
            assert seats.showing(1) == state
        seats.show(1, "winner")
        assert len(led_values(seats, 1, 0.6)) >= 4  # flashing


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


def test_a_gesture_callback_can_light_the_seat_at_once(pwm_factory):
    # The service may answer a press straight from gpiozero's thread; that must not deadlock.
    table: list[Seats] = []
    config = parse_seats({"double_press_s": 0})
    with Seats(
        config, pin_factory=pwm_factory, on_gesture=lambda seat, _: table[0].show(seat, "turn")
    ) as seats:
        table.append(seats)
        presser = threading.Thread(target=press, args=(seats, 2), daemon=True)
        presser.start()
        presser.join(timeout=2.0)
        assert not presser.is_alive(), "pressing a button deadlocked"
        assert seats.seat(2).led.value == 1.0 and seats.showing(2) == "turn"


def test_a_failing_gpio_library_is_a_one_line_error_not_a_traceback(quick_seats_config):
    class RefusingFactory(MockFactory):
        def pin(self, name, pin_class=None, **kwargs):
            raise PermissionError(13, "Permission denied", "/dev/gpiochip0")

    with pytest.raises(SeatPinError, match="gpio group"):
        Seats(quick_seats_config, pin_factory=RefusingFactory(pin_class=MockPWMPin))
