"""``train-companion hardware-test`` as a user runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import tty

import pytest

from companion.cli import main


def hardware_test(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, GPIOZERO_PIN_FACTORY="mock", GPIOZERO_MOCK_PIN_CLASS="mockpwmpin")
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "hardware-test", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_all_checks_pass_on_mock_pins_and_the_simulated_centerpiece():
    result = hardware_test("--seats", "3")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for seat in (1, 2, 3):
        assert any(line.startswith(f"seat {seat} LED") and " pass " in line for line in lines)
        assert any(line.startswith(f"seat {seat} button") and "press" in line for line in lines)
    assert not any(line.startswith("seat 4") for line in lines)
    for sound in ("whistle", "chugging", "clickety-clack", "crossing-bells", "rooster"):
        assert any(line.startswith(f"sound {sound}") and "acked" in line for line in lines)
    assert "12 of 12 checks passed" in result.stdout


@pytest.mark.slow  # waits out the centerpiece's real-time timeout
def test_a_centerpiece_that_never_answers_fails_with_status_1():
    master, slave = os.openpty()  # a serial line with nothing on the other end
    tty.setraw(slave)
    try:
        result = hardware_test("--seats", "2", "--port", os.ttyname(slave))
        assert result.returncode == 1
        [row] = [line for line in result.stdout.splitlines() if line.startswith("centerpiece ")][1:]
        assert row.split()[1] == "FAIL" and os.ttyname(slave) in row
        assert "running hardware/firmware/main.py" in row
    finally:
        os.close(master)
        os.close(slave)
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("config", "args", "message"),
    [
        ("[seats]\npins = [[17, 27], [22, 17]]\n", [], "seats.pins: GPIO 17 is used twice"),
        ("[seats]\npins = [[17, 27], [22, 99]]\n", [], "seats.pins: GPIO 99 (seat 2 LED)"),
        ("[centerpiece]\nvolume = 300\n", [], "centerpiece.volume is 300"),
        ("", ["--port", "/dev/no-centerpiece-here"], "--port /dev/no-centerpiece-here does not"),
        ("", ["--seats", "12"], "--seats 12: a table has 2-8 seats"),
    ],
)
def test_mistakes_end_in_one_line_naming_the_key(tmp_path, capsys, config, args, message):
    path = tmp_path / "companion.toml"
    path.write_text(config)
    assert main(["hardware-test", "--config", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
