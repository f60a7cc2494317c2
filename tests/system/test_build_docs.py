"""docs/build.md and its wiring pictures agree with the code a newcomer will run."""

import re
import subprocess
import sys
from pathlib import Path

from companion.cli import build_parser
from hardware.config import DEFAULT_PINS, PHYSICAL_PIN

ROOT = Path(__file__).parents[2]
BUILD = (ROOT / "docs" / "build.md").read_text()
sys.path.insert(0, str(ROOT / "tools"))
import draw_wiring  # noqa: E402


def test_the_wiring_pictures_are_drawn_from_the_current_pin_maps():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "draw_wiring.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_every_default_seat_pin_is_labelled_in_the_seat_picture():
    seats = draw_wiring.seats_svg()
    for seat, (button, led) in enumerate(DEFAULT_PINS, start=1):
        assert f"GPIO {button}  seat {seat} button" in seats
        assert f"GPIO {led}  seat {seat} LED" in seats
    for pin in range(1, 41):  # every header pin is numbered
        assert f">{pin}</text>" in seats
    button, led = DEFAULT_PINS[0]  # and seat 1's circuit names its physical pins
    assert f"GPIO {button} (pin {PHYSICAL_PIN[button]})" in seats
    assert f"GPIO {led} (pin {PHYSICAL_PIN[led]})" in seats


def test_the_centerpiece_picture_and_build_md_give_the_firmwares_pins():
    pins = draw_wiring.firmware_pins()
    picture = draw_wiring.centerpiece_svg()
    for name, words in (("SOUNDER_PIN", "Sounder"), ("BUTTON_PIN", "Round button")):
        gp = pins[name]
        pin = draw_wiring.pico_pin(gp)
        assert f"{pin} GP{gp}" in picture
        assert re.search(rf"\*\*{words}\*\*: GP{gp} \(pin {pin}\)", BUILD), words
    knock = pins["KNOCK_ADC_PIN"]
    assert f"GP{knock}/ADC0 (pin {draw_wiring.pico_pin(knock)})" in BUILD


def test_the_pico_pin_numbers_follow_the_board():
    assert [draw_wiring.pico_pin(gp) for gp in (0, 14, 15, 16, 22, 26, 28)] == [
        1, 19, 20, 21, 29, 31, 34,
    ]  # fmt: skip


def test_build_md_shows_its_pictures_and_only_commands_that_exist():
    for picture in ("wiring-seats.svg", "wiring-centerpiece.svg"):
        assert f"]({picture})" in BUILD and (ROOT / "docs" / picture).exists()
    commands = set(build_parser()._subparsers._group_actions[0].choices)
    used = set(re.findall(r"train-companion ([a-z][a-z-]*)", BUILD)) - {"train-companion"}
    assert {"doctor", "calibrate", "hardware-test"} <= used
    assert used <= commands, used - commands
