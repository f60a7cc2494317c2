"""Check that every runtime dependency installs on a Raspberry Pi (64-bit Raspberry Pi OS).

    python tools/check_pi_wheels.py [--python 3.11 --python 3.13]

Downloads (never installs) binary wheels for linux aarch64, glibc up to 2.36 (Bookworm),
for each CPython version, and prints one line per version; then once more as
tools/install-pi.sh installs them on Bookworm: CPython 3.11 with apt's numpy 1.24.2 kept
(picamera2 is built for it) and OpenCV below 4.12. Exit status 1 if any fails.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Bookworm has glibc 2.36; a manylinux wheel for any older glibc runs there too.
PLATFORMS = ["manylinux_2_36_aarch64"] + [f"manylinux_2_{n}_aarch64" for n in range(35, 16, -1)]
PLATFORMS += ["manylinux2014_aarch64", "linux_aarch64"]
# Raspberry Pi OS Bookworm: Python 3.11, apt's numpy (python3-numpy 1:1.24.2), which
# tools/install-pi.sh keeps, and so an OpenCV release that still supports numpy 1.x.
BOOKWORM = ("3.11", ["numpy==1.24.2", "opencv-python-headless<4.12"])


def dependencies() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["dependencies"]


def check(python: str, requirements: list[str]) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as dest:
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--only-binary",
            ":all:",
            "--python-version",
            python,
            "--implementation",
            "cp",
            "--dest",
            dest,
        ]
        for platform in PLATFORMS:
            command += ["--platform", platform]
        done = subprocess.run(command + requirements, capture_output=True, text=True)
        wheels = sorted(p.name for p in Path(dest).glob("*.whl"))
    if done.returncode != 0:
        return False, done.stderr.strip().splitlines()[-1] if done.stderr else "pip failed"
    return True, ", ".join(wheels)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", help="CPython version (default 3.11, 3.13)")
    args = parser.parse_args()
    requirements = dependencies()
    print(f"runtime dependencies: {', '.join(requirements)}")
    ok = True
    for python in args.python or ["3.11", "3.13"]:
        passed, detail = check(python, requirements)
        ok &= passed
        print(f"CPython {python} aarch64: {'ok' if passed else 'FAILED'}: {detail}")
    python, pins = BOOKWORM
    passed, detail = check(python, requirements + pins)
    ok &= passed
    print(f"Bookworm ({', '.join(pins)}): {'ok' if passed else 'FAILED'}: {detail}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
