"""The ``[seats]`` and ``[centerpiece]`` tables of the product's TOML config, checked.

::

    [seats]
    count = 4
    pins = [[17, 27], [22, 23], [24, 25], [5, 6]]   # [button, LED] per seat, BCM numbers
    hold_s = 1.2           # hold at least this long: I can't play (draw, pass, marker)
    out_hold_s = 4.0       # hold at least this long: I'm out
    double_press_s = 0.35  # a second press within this after release: my last tile
    bounce_s = 0.02        # contact bounce shorter than this is ignored

    [centerpiece]
    port = "/dev/centerpiece"   # or /dev/serial/by-id/usb-MicroPython_...
    volume = 70

Every table and key is optional; defaults are below. A wrong value raises ConfigError naming
the key, e.g. ``seats.pins: GPIO 17 is used twice (seat 1 button, seat 3 LED)``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

MIN_SEATS = 2
MAX_SEATS = 8

# BCM numbers of the GPIOs on the 40-pin header that a seat may use. GPIO 0 and 1 are kept
# for the HAT ID EEPROM.
HEADER_GPIOS = frozenset(range(2, 28))

# BCM GPIO -> physical pin on the 40-pin header (docs/wiring.md).
PHYSICAL_PIN = {
    2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
    14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18,
    25: 22, 26: 37, 27: 13,
}  # fmt: skip

# The default map: [button, LED] per seat, neighbours on the header, leaving I2C (2, 3),
# UART (14, 15) and SPI0 (7-11) free.
DEFAULT_PINS: tuple[tuple[int, int], ...] = (
    (17, 27),
    (22, 23),
    (24, 25),
    (5, 6),
    (12, 13),
    (16, 26),
    (20, 21),
    (4, 18),
)

DEFAULT_PORT = "/dev/centerpiece"


@dataclass(frozen=True)
class SeatPins:
    button: int
    led: int


@dataclass(frozen=True)
class SeatsConfig:
    """Seats 1..count clockwise; ``pins[0]`` is seat 1."""

    pins: tuple[SeatPins, ...] = tuple(SeatPins(b, led) for b, led in DEFAULT_PINS[:4])
    hold_s: float = 1.2
    out_hold_s: float = 4.0
    double_press_s: float = 0.35
    bounce_s: float = 0.02

    @property
    def count(self) -> int:
        return len(self.pins)


@dataclass(frozen=True)
class CenterpieceConfig:
    port: str = DEFAULT_PORT
    volume: int = 70


@dataclass(frozen=True)
class HardwareConfig:
    seats: SeatsConfig = field(default_factory=SeatsConfig)
    centerpiece: CenterpieceConfig = field(default_factory=CenterpieceConfig)


def load_hardware_config(path: str | Path | None, seats: int | None = None) -> HardwareConfig:
    """Read the two hardware tables from a TOML file (None: defaults); ``seats`` overrides
    ``seats.count``."""
    if path is None:
        return parse_hardware_config({}, seats)
    try:
        with open(path, "rb") as file:
            document = tomllib.load(file)
    except FileNotFoundError:
        raise ConfigError(f"config file {path} does not exist") from None
    except OSError as error:
        raise ConfigError(f"cannot read config file {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    return parse_hardware_config(document, seats)


def parse_hardware_config(document: Mapping[str, Any], seats: int | None = None) -> HardwareConfig:
    """Check the ``[seats]`` and ``[centerpiece]`` tables of a parsed config document."""
    return HardwareConfig(
        seats=parse_seats(_table(document, "seats"), count=seats),
        centerpiece=parse_centerpiece(_table(document, "centerpiece")),
    )


def parse_seats(table: Mapping[str, Any], count: int | None = None) -> SeatsConfig:
    """The ``[seats]`` table; ``count`` (e.g. from --seats) overrides ``seats.count``."""
    _known(table, "seats", {"count", "pins", "buttons", "leds", *_TIMINGS})
    if count is None and "count" in table:
        count = _integer(table, "seats.count", table["count"])
    pins = _seat_pins(table)
    if count is not None and not MIN_SEATS <= count <= MAX_SEATS:
        raise ConfigError(f"seats.count is {count}: a table has {MIN_SEATS}-{MAX_SEATS} seats")
    if pins is None:
        pins = tuple(SeatPins(b, led) for b, led in DEFAULT_PINS[: count or 4])
    elif count is not None and count != len(pins):
        if count > len(pins):
            raise ConfigError(
                f"seats.count is {count} but seats.pins lists {len(pins)} seats: "
                "give pins for every seat"
            )
        pins = pins[:count]
    if not MIN_SEATS <= len(pins) <= MAX_SEATS:
        raise ConfigError(
            f"seats.pins lists {len(pins)} seats: a table has {MIN_SEATS}-{MAX_SEATS} seats"
        )
    _check_pins(pins)
    timings = {name: _seconds(table, name, default) for name, default in _TIMINGS.items()}
    if timings["out_hold_s"] <= timings["hold_s"]:
        raise ConfigError(
            f"seats.out_hold_s ({timings['out_hold_s']:g}) must be longer than "
            f"seats.hold_s ({timings['hold_s']:g})"
        )
    if timings["bounce_s"] >= timings["hold_s"]:
        raise ConfigError("seats.bounce_s must be shorter than seats.hold_s")
    return SeatsConfig(pins=pins, **timings)


def parse_centerpiece(table: Mapping[str, Any]) -> CenterpieceConfig:
    _known(table, "centerpiece", {"port", "volume"})
    port = table.get("port", DEFAULT_PORT)
    if not isinstance(port, str) or not port.strip():
        raise ConfigError('centerpiece.port must be a device path such as "/dev/centerpiece"')
    volume = _integer(table, "centerpiece.volume", table.get("volume", 70))
    if not 0 <= volume <= 100:
        raise ConfigError(f"centerpiece.volume is {volume}: use 0-100")
    return CenterpieceConfig(port=port.strip(), volume=volume)


_TIMINGS = {"hold_s": 1.2, "out_hold_s": 4.0, "double_press_s": 0.35, "bounce_s": 0.02}


def _table(document: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    table = document.get(name, {})
    if not isinstance(table, Mapping):
        raise ConfigError(f"[{name}] must be a table")
    return table


def _known(table: Mapping[str, Any], name: str, keys: set[str]) -> None:
    for key in table:
        if key not in keys:
            raise ConfigError(
                f"{name}.{key} is not a setting; known settings: {', '.join(sorted(keys))}"
            )


def _integer(table: Mapping[str, Any], key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{key} must be a whole number, not {value!r}")
    return value


def _seconds(table: Mapping[str, Any], name: str, default: float) -> float:
    value = table.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"seats.{name} must be a number of seconds, not {value!r}")
    if not 0 <= value <= 30 or (value == 0 and name != "double_press_s"):
        raise ConfigError(f"seats.{name} is {value}: use a number of seconds above 0, up to 30")
    return float(value)


def _seat_pins(table: Mapping[str, Any]) -> tuple[SeatPins, ...] | None:
    if "pins" in table:
        if "buttons" in table or "leds" in table:
            raise ConfigError("give either seats.pins or seats.buttons with seats.leds, not both")
        pairs = table["pins"]
        if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 for pair in pairs
        ):
            raise ConfigError("seats.pins must be a list of [button, LED] pairs, e.g. [[17, 27]]")
        return tuple(
            SeatPins(
                _integer(table, f"seats.pins[{n}] button", pair[0]),
                _integer(table, f"seats.pins[{n}] LED", pair[1]),
            )
            for n, pair in enumerate(pairs)
        )
    if "buttons" in table or "leds" in table:
        buttons, leds = table.get("buttons"), table.get("leds")
        if not isinstance(buttons, list) or not isinstance(leds, list):
            raise ConfigError("seats.buttons and seats.leds must both be lists of GPIO numbers")
        if len(buttons) != len(leds):
            raise ConfigError(
                f"seats.buttons has {len(buttons)} pins but seats.leds has {len(leds)}: "
                "one of each per seat"
            )
        return tuple(
            SeatPins(
                _integer(table, f"seats.buttons[{n}]", button),
                _integer(table, f"seats.leds[{n}]", led),
            )
            for n, (button, led) in enumerate(zip(buttons, leds, strict=True))
        )
    return None


def _check_pins(pins: tuple[SeatPins, ...]) -> None:
    used: dict[int, str] = {}
    for seat, pair in enumerate(pins, start=1):
        for role, gpio in (("button", pair.button), ("LED", pair.led)):
            where = f"seat {seat} {role}"
            if gpio not in HEADER_GPIOS:
                raise ConfigError(
                    f"seats.pins: GPIO {gpio} ({where}) is not a pin on the 40-pin header; "
                    "use BCM numbers 2-27 (docs/wiring.md)"
                )
            if gpio in used:
                raise ConfigError(f"seats.pins: GPIO {gpio} is used twice ({used[gpio]}, {where})")
            used[gpio] = where
