"""``train-companion doctor`` on simulated hardware: the checklist, its fixes, its exit status."""

from __future__ import annotations

import http.server
import json
import os
import socket
import subprocess
import sys
import threading

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.cli.doctor import _ownership_fix, check_clock, check_data_dir, check_web_port
from companion.cli.doctor_parts import check_centerpiece
from companion.config import load_config
from hardware.simulated import SimulatedCenterpiece


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def table(tmp_path):
    """A config for a table here: a photo folder for a camera, a free port."""
    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "mat.png"), np.full((480, 640, 3), 140, np.uint8))
    port = free_port()

    def write(extra: str = "", camera: str = str(photos)) -> str:
        path = tmp_path / "config.toml"
        path.write_text(
            f'data_dir = "{tmp_path / "data"}"\n[web]\nhost = "127.0.0.1"\nport = {port}\n'
            f'[camera]\nsource = "{camera}"\n{extra}'
        )
        return str(path)

    write.port = port
    return write


def doctor(capsys, *args: str) -> tuple[int, str]:
    status = main(["doctor", *args])
    return status, capsys.readouterr().out


def line(output: str, part: str) -> str:
    """One part's finding, its wrapped lines joined (the verdict first)."""
    rows = output.splitlines()
    start = next(
        i for i, row in enumerate(rows) if row[2:3] != " " and row[10:].startswith(part + " ")
    )
    block = [rows[start]]
    for row in rows[start + 1 :]:
        if not row.startswith("          "):  # the next part's verdict, or the summary
            break
        block.append(row.strip())
    return " ".join(block)


def test_a_table_in_order_is_ready_and_exits_0(capsys, table):
    status, out = doctor(capsys, "--simulate", "--config", table())
    assert status == 0, out
    assert "ready for a game night" in out
    assert "took a 640x480 frame" in line(out, "camera")
    assert "centerpiece 1.0.0" in line(out, "centerpiece")
    for seat, gpio in ((1, 17), (4, 5)):
        assert f"GPIO {gpio}" in line(out, f"seat {seat}")
    assert line(out, f"web port {table.port}").split()[0] == "ok"
    assert line(out, "clock").split()[0] in ("ok", "warn", "unknown")
    assert f"OpenCV {cv2.__version__}: read a rendered hand" in line(out, "recogniser")


def test_a_network_this_opencv_cannot_load_fails_with_the_fix(capsys, table, tmp_path, monkeypatch):
    """As the spotter once was on a Pi's OpenCV 4.11: the service would start, and every
    photo of a hand would fail."""
    from vision import nets, spot

    broken = tmp_path / "spotter.onnx"
    broken.write_bytes(b"not a network")
    monkeypatch.setattr(spot, "_model", lambda path: nets.open_net(broken))
    status, out = doctor(capsys, "--simulate", "--config", table())
    assert status == 1
    finding = line(out, "recogniser")
    assert finding.split()[0] == "FAIL" and "cannot read photos" in finding
    assert "tools/install-pi.sh" in finding and "Traceback" not in out


def test_a_picamera2_that_will_not_import_fails_with_the_fix(capsys, table, tmp_path, monkeypatch):
    fake = tmp_path / "site" / "picamera2"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ValueError('numpy.dtype size changed')\n")
    monkeypatch.syspath_prepend(str(fake.parent))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    status, out = doctor(capsys, "--simulate", "--config", table(camera="picamera2"))
    assert status == 1
    assert line(out, "camera").split()[0] == "FAIL"
    assert "numpy" in out and "tools/install-pi.sh" in out
    assert "1 to fix" in out


def test_a_bad_config_is_named_and_the_rest_is_checked_on_the_defaults(capsys, table):
    status, out = doctor(capsys, "--simulate", "--config", table("set = 7\n"))
    assert status == 1
    assert line(out, "config").split()[0] == "FAIL"
    assert "camera.set" in out and "fix: edit" in out
    assert line(out, "centerpiece").split()[0] == "ok"


def test_an_unknown_camera_name_is_a_config_failure(capsys, table):
    status, out = doctor(capsys, "--simulate", "--config", table(camera="webcam"))
    assert status == 1 and "unknown camera 'webcam'" in out


def test_a_dark_calibrated_mat_is_a_warning_not_a_failure(capsys, table, tmp_path):
    cv2.imwrite(str(tmp_path / "photos" / "mat.png"), np.full((480, 640, 3), 20, np.uint8))
    corners = "mat_corners = [[10, 10], [600, 10], [600, 450], [10, 450]]\n"
    status, out = doctor(capsys, "--simulate", "--config", table(corners))
    assert status == 0
    assert line(out, "scoring mat").split()[0] == "warn" and "too dark" in out


def test_the_centerpiece_on_its_port_answers_with_its_firmware_version():
    with SimulatedCenterpiece() as hub:
        config = load_config(None)
        config = type(config)(centerpiece={"port": hub.port})
        finding = check_centerpiece(config, simulate=False)
    assert finding.verdict == "ok" and "centerpiece 1.0.0" in finding.detail


def test_a_missing_centerpiece_says_how_to_plug_and_flash_it(tmp_path):
    config = type(load_config(None))(centerpiece={"port": str(tmp_path / "centerpiece")})
    finding = check_centerpiece(config, simulate=False)
    assert finding.verdict == "FAIL" and "plug the Pico in" in finding.fix
    assert "mpremote" in finding.fix or "flash" in finding.fix


@pytest.mark.slow  # the doctor waits out its 2 s question to the silent program
def test_a_web_port_taken_by_another_program_is_a_failure():
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        finding = check_web_port("127.0.0.1", port)
    assert finding.verdict == "FAIL" and "another program" in finding.detail


def test_a_web_port_the_companion_itself_holds_is_only_a_warning():
    class State(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"seq": 12}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    with http.server.HTTPServer(("127.0.0.1", 0), State) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            finding = check_web_port("127.0.0.1", server.server_address[1])
        finally:
            server.shutdown()
    assert finding.verdict == "warn" and "systemctl stop" in finding.fix


def test_a_data_dir_that_is_a_file_fails_and_a_new_one_will_be_created(tmp_path):
    (tmp_path / "file").write_text("")
    assert check_data_dir(tmp_path / "file").verdict == "FAIL"
    finding = check_data_dir(tmp_path / "new" / "data")
    assert finding.verdict == "ok" and "will be created" in finding.detail
    assert "free" in check_data_dir(tmp_path).detail


def answers(stdout: str, returncode: int = 0):
    def run(command, **kwargs):
        return subprocess.CompletedProcess(command, returncode, stdout=stdout, stderr="")

    return run


def no_timedatectl(command, **kwargs):
    raise FileNotFoundError(command[0])


def test_the_clock_is_read_from_timedatectl_or_else_the_kernel():
    assert check_clock(answers("yes\n")).verdict == "ok"
    unsynced = check_clock(answers("no\n"))
    assert unsynced.verdict == "warn" and "set-ntp" in unsynced.fix
    fallback = check_clock(no_timedatectl)  # the kernel's own word, or "unknown"
    assert fallback.verdict in ("ok", "warn", "unknown") and fallback.detail
    assert "adjtimex" in fallback.detail


def test_doctor_from_the_command_line(table):
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "doctor", "--simulate", "--config", table()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ready for a game night" in done.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give a folder away")
def test_a_data_dir_of_another_user_says_to_check_as_that_user(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    os.chown(folder, 65534, 65534)
    fix = _ownership_fix(folder)
    assert "sudo -u" in fix and "train-companion doctor" in fix
