"""Bad arguments and config files on the command line: one line naming the problem and
exit status 2, never a traceback, never a hang, never serving somewhere else."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from companion.config import load_config
from companion.errors import ConfigError


def run_cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=os.environ | {"GPIOZERO_PIN_FACTORY": "mock"},
    )


def one_line_error(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


SIMULATE = ["simulate", "--game", "supertrain", "--players", "3"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["serve", "--port", "-5"], ["--port", "-5"]),
        (["serve", "--port", "70000"], ["--port", "70000"]),
        (["serve", "--port", "eighty"], ["--port"]),
        (["demo", "--port", "-5"], ["--port"]),
        (["demo", "--port", "70000"], ["--port", "70000"]),
        (["serve", "--host", "999.999.999.999"], ["--host", "999.999.999.999"]),
        (["serve", "--host", "bad host name"], ["--host"]),
        (["serve", "--host", ""], ["--host"]),
        (["demo", "--speed", "nan"], ["--speed", "nan"]),
        (["demo", "--speed", "inf"], ["--speed", "inf"]),
        (["demo", "--speed", "-1"], ["--speed"]),
        (["demo", "--players", "0"], ["players"]),
        (SIMULATE + ["--option", "x=" + "[" * 100000], ["x"]),
        (SIMULATE + ["--option", "starting_engine=true"], ["starting_engine"]),
    ],
)  # fmt: skip
def test_a_bad_argument_is_one_line_and_status_2(args, words):
    one_line_error(run_cli(*args), *words)


def test_a_deeply_nested_config_is_named(tmp_path):
    path = tmp_path / "nested.toml"
    path.write_text("a = " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(ConfigError, match="nested"):
        load_config(path)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe\x00p\x00i\x00n", "UTF-8"),
        (b"[web]\nport = '8080'\n", "web.port"),
        (b"web = 3\n", "web"),
        (b"x" * (2 * 1024 * 1024), "too large"),
    ],
)
def test_a_bad_config_file_is_named(tmp_path, content, words):
    path = tmp_path / "config.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError, match=words):
        load_config(path)


def test_a_config_that_is_not_a_file_is_refused_at_once(tmp_path):
    fifo = tmp_path / "config.fifo"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path):
        with pytest.raises(ConfigError, match="not a regular file|directory"):
            load_config(path)


@pytest.mark.parametrize("path", ["/dev/zero", "FIFO"])
def test_hardware_test_with_a_config_that_is_not_a_file(tmp_path, path):
    if path == "FIFO":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    one_line_error(run_cli("hardware-test", "--config", path, "--seats", "2", timeout=30))
