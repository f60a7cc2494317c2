"""tools/install-pi.sh: what it promises the unit file and the camera, checked without a Pi."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "tools" / "install-pi.sh"
UNIT = ROOT / "systemd" / "train-companion.service"


def script_value(name: str) -> str:
    return re.search(rf"^{name}=(\S+)$", SCRIPT.read_text(), re.M).group(1)


def test_the_units_documentation_is_what_the_script_installs():
    docs = script_value("DOCS")
    links = re.search(r"^Documentation=(.+)$", UNIT.read_text(), re.M).group(1).split()
    assert links
    for link in links:
        assert link.startswith(f"file://{docs}/"), link
        assert (ROOT / "docs" / link.removeprefix(f"file://{docs}/")).is_file(), link
    assert 'cp -r "$SOURCE"/docs/* "$DOCS"/' in SCRIPT.read_text()


def test_the_venv_sees_apts_picamera2_and_keeps_apts_numpy():
    text = SCRIPT.read_text()
    assert "--system-site-packages" in text and "python3-picamera2" in text
    assert 'echo "numpy==$NUMPY"' in text and "opencv-python-headless<4.12" in text
    assert "--constraint" in text
    assert script_value("PREFIX") in UNIT.read_text()  # ExecStart runs the venv's command


@pytest.mark.skipif(shutil.which("sh") is None, reason="no sh")
def test_the_script_is_valid_shell():
    done = subprocess.run(["sh", "-n", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed")
def test_shellcheck_finds_nothing_in_the_script():
    done = subprocess.run(["shellcheck", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
