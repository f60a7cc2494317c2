"""The seats around the table: a push button and an LED at each, on the Pi's GPIO (gpiozero).

Wire each seat's button between its GPIO and ground (the internal pull-up is used) and its
LED through a 330 ohm resistor from its GPIO to ground; docs/wiring.md has the pin table.
Then::

    from hardware.config import SeatsConfig
    from hardware.seats import Seats

    with Seats(SeatsConfig(), on_gesture=lambda seat, gesture: print(seat, gesture)) as seats:
        seats.show(1, "turn")       # seat 1's LED on: your turn
        input("press seat 1's button, then Enter")

Gestures reach ``on_gesture(seat, gesture)`` on gpiozero's threads with seats numbered 1..N
clockwise and gestures "press", "hold", "double" and "out" (hardware/gestures.py). A press is
reported the moment the button comes up; a quick second press follows it as "double", which
amends the press just reported. LED states
are "off", "turn", "marker", "last_tile", "photo" and "winner". The pins come from gpiozero's
pin factory: lgpio on a Pi, ``MockFactory`` in tests and simulations (GPIOZERO_PIN_FACTORY).
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable
from typing import Any

from gpiozero import LED, PWMLED, BadPinFactory, Button, GPIOZeroError, PinPWMUnsupported

from companion.errors import CompanionError, ConfigError
from hardware.config import SeatPins, SeatsConfig
from hardware.gestures import AlarmClock, Clock, GestureReader

log = logging.getLogger(__name__)

LED_STATES = ("off", "turn", "marker", "last_tile", "photo", "winner")

# The round winner's celebration: three bright flashes, then a glow that fades, over and over.
# One value every CELEBRATION_STEP_S seconds.
CELEBRATION_STEP_S = 0.04
CELEBRATION = (
    (1.0, 1.0, 0.0, 0.0) * 3
    + tuple(i / 10 for i in range(1, 11))
    + tuple(i / 10 for i in range(10, -1, -1))
    + (0.0,) * 5
)


class SeatsError(CompanionError):
    """A seat number or LED state the seats do not know."""


class SeatPinError(ConfigError):
    """A seat's GPIO pin cannot be used; the message names the config key and the pin."""


GestureCallback = Callable[[int, str], object]


class Seat:
    """One seat: its button read into gestures, and its LED."""

    def __init__(
        self,
        number: int,
        pins: SeatPins,
        config: SeatsConfig,
        clock: Clock,
        report: Callable[[int, str], None],
        pin_factory: Any = None,
    ) -> None:
        self.number = number
        self.bounce_s = config.bounce_s
        self.button: Button | None = None
        self.led: LED | PWMLED | None = None
        self.showing = "off"
        self._clock = clock
        # One lock per job: a gesture callback may set this seat's LED straight away.
        self._button_lock = threading.Lock()  # debounce state and gesture order
        self._led_lock = threading.Lock()
        self._pressed = False
        self._last_edge = -1e9
        self._settle_alarm: int | None = None
        self._gestures = GestureReader(
            clock,
            lambda gesture: report(number, gesture),
            hold_s=config.hold_s,
            out_hold_s=config.out_hold_s,
            double_press_s=config.double_press_s,
        )
        try:
            self.button = self._make(
                "button", pins.button, lambda: Button(pins.button, pin_factory=pin_factory)
            )
            self.led = self._make("LED", pins.led, lambda: self._make_led(pins.led, pin_factory))
            self.button.when_pressed = self._edge
            self.button.when_released = self._edge
        except BaseException:
            self.close()
            raise

    @property
    def dimmable(self) -> bool:
        return isinstance(self.led, PWMLED)

    def _make(self, role: str, gpio: int, build: Callable[[], Any]) -> Any:
        try:
            return build()
        except BadPinFactory:
            raise
        except GPIOZeroError as error:
            raise SeatPinError(
                f"seats.pins: seat {self.number} {role} on GPIO {gpio} cannot be used: {error} "
                "(check the pin map in the config against docs/wiring.md)"
            ) from None

    @staticmethod
    def _make_led(gpio: int, pin_factory: Any) -> LED | PWMLED:
        try:
            return PWMLED(gpio, pin_factory=pin_factory)
        except PinPWMUnsupported:
            return LED(gpio, pin_factory=pin_factory)

    # --- the button: leading-edge debounce, then the gesture machine --------------------------

    def _edge(self) -> None:
        now = self._clock.now()
        with self._button_lock:
            if now - self._last_edge < self.bounce_s:
                # Contact bounce: look again when it has settled.
                if self._settle_alarm is None:
                    when = self._last_edge + self.bounce_s
                    self._settle_alarm = self._clock.at(when, self._settle)
                return
            self._accept(now)

    def _settle(self) -> None:
        with self._button_lock:
            self._settle_alarm = None
            self._accept(self._clock.now())

    def _accept(self, now: float) -> None:
        """Pass a change of the button's state to the gesture machine. Under the button lock,
        so presses and releases reach it in the order they happened."""
        button = self.button
        if button is None or button.closed:
            return
        pressed = bool(button.is_pressed)
        if pressed == self._pressed:
            return
        self._pressed = pressed
        self._last_edge = now
        if pressed:
            self._gestures.down(now)
        else:
            self._gestures.up(now)

    # --- the LED -------------------------------------------------------------------------

    def show(self, state: str) -> None:
        led = self.led
        if led is None:
            return
        with self._led_lock:
            led.source = None  # ends a celebration
            if state == "off":
                led.off()
            elif state == "turn":
                led.on()
            elif state == "marker":
                led.blink(on_time=0.6, off_time=0.6)
            elif state == "last_tile":
                led.blink(on_time=0.12, off_time=0.12)
            elif state == "photo":
                if isinstance(led, PWMLED):
                    led.pulse(fade_in_time=1.2, fade_out_time=1.2)
                else:
                    led.blink(on_time=0.1, off_time=1.4)  # a slow wink where it cannot fade
            elif state == "winner":
                led.off()
                pattern = CELEBRATION if isinstance(led, PWMLED) else tuple(map(round, CELEBRATION))
                led.source_delay = CELEBRATION_STEP_S
                led.source = itertools.cycle(pattern)
            self.showing = state

    def __enter__(self) -> Seat:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        with self._button_lock:
            self._clock.cancel(self._settle_alarm)
            self._settle_alarm = None
        with self._led_lock:
            for device in (self.button, self.led):
                if device is not None:
                    try:
                        device.close()
                    except GPIOZeroError:
                        log.exception("closing seat %d", self.number)


class Seats:
    """Every seat at the table, from the ``[seats]`` config. A context manager.

    ``clock`` keeps the time for debouncing and gestures (hardware/gestures.py's ``Clock``);
    by default an ``AlarmClock`` on the monotonic clock, closed with the seats."""

    def __init__(
        self,
        config: SeatsConfig,
        pin_factory: Any = None,
        on_gesture: GestureCallback | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.config = config
        self.on_gesture = on_gesture
        self._seats: list[Seat] = []
        self._closed = False
        self._clock = clock if clock is not None else AlarmClock()
        try:
            for number, pins in enumerate(config.pins, start=1):
                self._seats.append(
                    Seat(number, pins, config, self._clock, self._report, pin_factory)
                )
        except GPIOZeroError as error:  # e.g. no pin factory at all
            self.close()
            raise SeatPinError(
                f"seats: GPIO is not available ({error}); on a Pi install python3-lgpio, "
                "elsewhere set GPIOZERO_PIN_FACTORY=mock"
            ) from None
        except Exception as error:
            self.close()
            if not _from_gpio_library(error):
                raise
            raise SeatPinError(
                f"seats: the GPIO library failed ({type(error).__name__}: {error}); "
                "is this user in the gpio group?"
            ) from None
        except BaseException:
            self.close()
            raise

    @property
    def count(self) -> int:
        return self.config.count

    def seat(self, number: int) -> Seat:
        """Seat ``number`` (1..count, clockwise)."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise SeatsError(f"seat must be a number 1-{self.count}, not {number!r}")
        if self._closed:
            raise SeatsError("the seats are closed")
        if not 1 <= number <= len(self._seats):
            raise SeatsError(f"there is no seat {number}: seats are 1-{self.count}")
        return self._seats[number - 1]

    def show(self, seat: int, state: str) -> None:
        """Set one seat's LED: "off", "turn", "marker", "last_tile", "photo" or "winner"."""
        if state not in LED_STATES:
            raise SeatsError(f"unknown LED state {state!r}: use one of {', '.join(LED_STATES)}")
        self.seat(seat).show(state)

    def showing(self, seat: int) -> str:
        return self.seat(seat).showing

    def _report(self, seat: int, gesture: str) -> None:
        callback = self.on_gesture
        if callback is None:
            return
        try:
            callback(seat, gesture)
        except Exception:
            log.exception("gesture callback failed for seat %d %s", seat, gesture)

    def close(self) -> None:
        """Turn every LED off and release the pins. Safe to call twice."""
        self._closed = True
        for seat in self._seats:
            seat.close()
        self._clock.close()

    def __enter__(self) -> Seats:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _from_gpio_library(error: Exception) -> bool:
    """Did a pin library (lgpio, RPi.GPIO, pigpio) raise this, or the OS underneath it?"""
    module = type(error).__module__ or ""
    return isinstance(error, OSError) or module.split(".")[0] in {"lgpio", "RPi", "pigpio"}
