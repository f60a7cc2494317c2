"""Log lines carry their level (journald priorities under systemd), and --version answers."""

import logging
import os
import subprocess
import sys

import pytest

from companion.cli import main
from companion.logs import setup_logging


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    yield
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])


def test_under_journald_each_line_starts_with_its_priority(tmp_path, restore_logging):
    with open(tmp_path / "journal", "w") as stream:
        status = os.fstat(stream.fileno())
        environ = {"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"}
        setup_logging(logging.DEBUG, environ=environ, stream=stream)
        log = logging.getLogger("train_companion.test")
        log.warning("the camera is unplugged")
        log.error("cannot write the event log")
        log.info("centerpiece on /dev/centerpiece")
        log.debug("frame 3")
    lines = (tmp_path / "journal").read_text().splitlines()
    assert lines == [
        "<4>the camera is unplugged",
        "<3>cannot write the event log",
        "<6>centerpiece on /dev/centerpiece",
        "<7>frame 3",
    ]


def test_a_journal_stream_of_another_file_is_not_the_journal(tmp_path, restore_logging):
    """JOURNAL_STREAM inherited by a child whose standard error goes elsewhere: level names."""
    other = tmp_path / "other"
    other.write_text("")
    status = os.stat(other)
    with open(tmp_path / "terminal", "w") as stream:
        environ = {"JOURNAL_STREAM": f"{status.st_dev}:{status.st_ino}"}
        setup_logging(environ=environ, stream=stream)
        logging.getLogger("x").warning("glare at top left")
        logging.getLogger("x").debug("not shown at INFO")
    assert (tmp_path / "terminal").read_text() == "train-companion: warning: glare at top left\n"


def test_version_is_the_installed_one(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"train-companion {version('train-companion')}"


def test_version_from_the_installed_command():
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("train-companion 0.")


def test_a_part_that_cannot_start_is_a_warning_in_the_journal(tmp_path, monkeypatch):
    from companion.cli.assemble import say

    with open(tmp_path / "journal", "w") as stream:
        status = os.fstat(stream.fileno())
        monkeypatch.setenv("JOURNAL_STREAM", f"{status.st_dev}:{status.st_ino}")
        monkeypatch.setattr(sys, "stderr", stream)
        say("camera: picamera2 is installed but cannot be imported")
    assert (tmp_path / "journal").read_text() == (
        "<4>train-companion: camera: picamera2 is installed but cannot be imported\n"
    )
