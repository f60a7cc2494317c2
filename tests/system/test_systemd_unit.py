"""The unit file: systemd's own checks, when systemd-analyze is on the machine."""

import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.notify import notify, watchdog_interval

UNIT = Path(__file__).parents[2] / "systemd" / "train-companion.service"
ANALYZE = shutil.which("systemd-analyze")


@pytest.fixture
def unit_here(tmp_path):
    """The unit with ExecStart pointing at this checkout's installed command."""
    command = Path(sys.executable).parent / "train-companion"
    text = UNIT.read_text().replace("/opt/train-companion/bin/train-companion", str(command))
    path = tmp_path / "train-companion.service"
    path.write_text(text)
    return path


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_finds_nothing_wrong(unit_here):
    done = subprocess.run([ANALYZE, "verify", str(unit_here)], capture_output=True, text=True)
    problems = [line for line in done.stderr.splitlines() if "train-companion.service" in line]
    assert done.returncode == 0 and not problems, done.stderr


@pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")
def test_security_exposure_is_printed(unit_here):
    done = subprocess.run(
        [ANALYZE, "security", "--offline=true", str(unit_here)], capture_output=True, text=True
    )
    overall = [line for line in done.stdout.splitlines() if "Overall exposure" in line]
    print(overall[0] if overall else done.stdout[-500:])
    assert overall, done.stderr
    score = float(overall[0].split("train-companion.service:")[1].split()[0])
    assert score <= 2.0, overall[0]


def memory_setting(text: str, name: str) -> int:
    """A MemoryMax=/MemoryHigh= value in bytes."""
    value = next(line for line in text.splitlines() if line.startswith(f"{name}="))
    value = value.split("=", 1)[1].strip()
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    return int(value[:-1]) * units[value[-1]] if value[-1] in units else int(value)


def test_memory_is_limited_for_a_2_gb_pi():
    """The service may use what it needs (about 300 MB at its worst, reading a 50-megapixel
    photo), is pressed to give memory back above MemoryHigh= and is stopped (and restarted,
    the game resumed from the log) above MemoryMax=, long before a 2 GB Pi runs out."""
    text = UNIT.read_text()
    high, most = memory_setting(text, "MemoryHigh"), memory_setting(text, "MemoryMax")
    assert 400 * 2**20 <= high < most <= 1024 * 2**20


def test_unit_asks_for_what_the_issue_names():
    text = UNIT.read_text()
    for setting in (
        "Type=notify",
        "Restart=on-failure",
        "StateDirectory=",
        "LG_WD=",
        "ProtectSystem=strict",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "NoNewPrivileges=yes",
        "SupplementaryGroups=gpio dialout video",
        "WatchdogSec=",
    ):
        assert setting in text


def test_notify_reaches_a_listening_socket(tmp_path):
    path = str(tmp_path / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        server.bind(path)
        assert notify("READY=1", {"NOTIFY_SOCKET": path})
        assert server.recv(100) == b"READY=1"
    assert not notify("READY=1", {})
    assert watchdog_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert watchdog_interval({}) is None
