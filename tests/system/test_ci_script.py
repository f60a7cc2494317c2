""".ci/run runs the README's test command, and fails whenever that command does."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
CI = ROOT / ".ci" / "run"


def readme_test_command() -> str:
    blocks = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)
    [command] = [block for block in blocks if ".[test]" in block]
    return command


def test_ci_runs_the_readmes_test_command_verbatim_as_its_last_step():
    lines = [line for line in CI.read_text().splitlines() if line.strip()]
    assert lines[-1] == readme_test_command()
    assert "set -euo pipefail" in lines


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
@pytest.mark.parametrize(("pytest_status", "ci_status"), [(0, 0), (1, 1), (5, 5)])
def test_ci_fails_when_the_tests_fail_or_none_are_collected(tmp_path, pytest_status, ci_status):
    """.ci/run on a copy of the repository, with python3 (and so the venv's pip and pytest)
    played by stubs: pytest's status is CI's, including 5, "no tests collected"."""
    repo, stubs = tmp_path / "repo", tmp_path / "stubs"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(CI, repo / ".ci" / "run")
    stubs.mkdir()
    venv_python = f'#!/bin/sh\necho pytest "$@" >> ../calls\nexit {pytest_status}\n'
    stub(
        stubs / "python3",
        "#!/bin/sh\nmkdir -p .venv/bin\n"
        'printf "#!/bin/sh\\nexit 0\\n" > .venv/bin/pip\n'
        f"cat > .venv/bin/python <<'EOF'\n{venv_python}EOF\n"
        "chmod +x .venv/bin/pip .venv/bin/python\n",
    )
    stub(stubs / "id", "#!/bin/sh\necho 1000\n")  # not root: no apt-get here
    env = {"PATH": f"{stubs}:/usr/bin:/bin", "HOME": str(tmp_path), "CI": "true"}
    done = subprocess.run(
        ["bash", str(repo / ".ci" / "run")], capture_output=True, text=True, env=env, timeout=60
    )
    assert (tmp_path / "calls").read_text() == "pytest -m pytest\n"  # it did run the tests
    assert done.returncode == ci_status, done.stderr


def stub(path: Path, text: str) -> None:
    path.write_text(text)
    os.chmod(path, 0o755)
