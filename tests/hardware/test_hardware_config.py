"""The [seats] and [centerpiece] tables: defaults, and messages that name the key."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from companion.errors import ConfigError
from hardware.config import (
    DEFAULT_PINS,
    PHYSICAL_PIN,
    load_hardware_config,
    parse_centerpiece,
    parse_hardware_config,
    parse_seats,
)


def test_defaults_are_four_seats_on_the_documented_pins():
    config = parse_hardware_config({})
    assert config.seats.count == 4
    assert [(s.button, s.led) for s in config.seats.pins] == list(DEFAULT_PINS[:4])
    assert (config.seats.hold_s, config.seats.out_hold_s) == (1.2, 4.0)
    assert config.centerpiece.port == "/dev/centerpiece"


def test_the_default_map_serves_eight_seats_without_clashes():
    pins = [gpio for pair in DEFAULT_PINS for gpio in pair]
    assert len(DEFAULT_PINS) == 8 and len(set(pins)) == 16
    assert parse_seats({"count": 8}).count == 8


def test_physical_pin_numbers_agree_with_gpiozero_board_info():
    board = MockFactory().board_info
    for gpio, physical in PHYSICAL_PIN.items():
        [(header, info)] = board.find_pin(f"GPIO{gpio}")
        assert (header.name, info.number) == ("J8", physical)


def test_wiring_doc_lists_the_default_map():
    from pathlib import Path

    wiring = (Path(__file__).parents[2] / "docs" / "wiring.md").read_text()
    for seat, (button, led) in enumerate(DEFAULT_PINS, start=1):
        button_pin, led_pin = PHYSICAL_PIN[button], PHYSICAL_PIN[led]
        assert f"| {seat} | GPIO {button} | {button_pin} | GPIO {led} | {led_pin} |" in wiring


def test_pins_as_pairs_or_as_two_lists():
    pairs = parse_seats({"pins": [[4, 18], [17, 27], [22, 23]]})
    lists = parse_seats({"buttons": [4, 17, 22], "leds": [18, 27, 23]})
    assert pairs.pins == lists.pins and pairs.count == 3


def test_count_takes_the_first_seats_of_a_longer_map():
    assert parse_seats({"count": 2, "pins": [[4, 18], [17, 27], [22, 23]]}).count == 2
    assert parse_seats({}, count=6).count == 6


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"pins": [[17, 27], [22, 17]]}, "GPIO 17 is used twice (seat 1 button, seat 2 LED)"),
        ({"pins": [[17, 27], [22, 40]]}, "GPIO 40 (seat 2 LED) is not a pin on the 40-pin header"),
        ({"pins": [[0, 27], [22, 23]]}, "GPIO 0 (seat 1 button) is not a pin"),
        ({"pins": [[17, 27]]}, "seats.pins lists 1 seats: a table has 2-8"),
        ({"count": 9}, "seats.count is 9"),
        ({"count": 5, "pins": [[17, 27], [22, 23]]}, "seats.count is 5 but seats.pins lists 2"),
        ({"pins": [17, 27]}, "seats.pins must be a list of [button, LED] pairs"),
        ({"pins": [["a", 27], [22, 23]]}, "seats.pins[0] button must be a whole number"),
        ({"buttons": [17, 22], "leds": [27]}, "seats.buttons has 2 pins but seats.leds has 1"),
        ({"hold_s": 5.0}, "seats.out_hold_s (4) must be longer than seats.hold_s (5)"),
        ({"hold_s": "long"}, "seats.hold_s must be a number of seconds"),
        ({"bounce_s": -1}, "seats.bounce_s is -1"),
        ({"holdtime": 1}, "seats.holdtime is not a setting"),
    ],
)
def test_seat_mistakes_name_the_key(table, message):
    with pytest.raises(ConfigError) as error:
        parse_seats(table)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"volume": 130}, "centerpiece.volume is 130"),
        ({"port": ""}, "centerpiece.port must be a device path"),
        ({"baud": 9600}, "centerpiece.baud is not a setting"),
    ],
)
def test_centerpiece_mistakes_name_the_key(table, message):
    with pytest.raises(ConfigError, match=message.replace(".", r"\.")):
        parse_centerpiece(table)


def test_loading_a_toml_file(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text(
        '[seats]\ncount = 3\nhold_s = 1.5\n\n[centerpiece]\nport = "/dev/ttyACM0"\nvolume = 40\n'
        "\n[web]\nport = 8080\n"  # other tables belong to other parts of the product
    )
    config = load_hardware_config(path)
    assert config.seats.count == 3 and config.seats.hold_s == 1.5
    assert config.centerpiece.port == "/dev/ttyACM0" and config.centerpiece.volume == 40


def test_missing_or_broken_files_are_named(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        load_hardware_config(tmp_path / "nope.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("[seats\ncount = 3\n")
    with pytest.raises(ConfigError, match="broken.toml is not valid TOML"):
        load_hardware_config(broken)
