"""bench/speed.py: a mat's time on one core, and two checkouts read in turn."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEED = ROOT / "bench" / "speed.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SPEED), *args], capture_output=True, text=True, timeout=300
    )


@pytest.mark.slow
def test_two_checkouts_read_the_same_mats_in_turn_and_their_difference_is_given():
    done = run("--photos", "1", "--rounds", "2", "--against", str(ROOT))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1 mat straight down, 1920x1080, each read 2 times, one core"
    assert lines[1].startswith("this checkout") and "median" in lines[1]
    assert lines[2].startswith(str(ROOT)) and "median" in lines[2]
    assert "minus this checkout, mat by mat: median" in lines[3]
    assert "2 of 2 mats read" in done.stderr  # the progress, apart from the figures


def test_a_folder_that_is_no_checkout_is_refused_with_why(tmp_path):
    done = run("--against", str(tmp_path))
    assert done.returncode == 2
    assert "no checkout of this project there" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_mats_to_read_is_refused():
    done = run("--photos", "0")
    assert done.returncode == 2
    assert "1 or more" in done.stderr
