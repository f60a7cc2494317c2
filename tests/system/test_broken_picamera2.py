"""A Pi whose picamera2 cannot be imported (apt's build against numpy 1.x, a venv with numpy 2)
serves without the camera, says why, and still scores a phone's photo: no crash loop."""

from __future__ import annotations

import http.cookiejar
import json
import os
import subprocess
import sys
import urllib.request
import uuid

import cv2
import pytest
from ports import free_port
from process_output import Output

from companion.tiles import Tile
from vision import synth

PIN = "2468"


@pytest.fixture
def fake_site(tmp_path):
    package = tmp_path / "fake-site" / "picamera2"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(
        "raise ValueError('numpy.dtype size changed, may indicate binary incompatibility')\n"
    )
    return package.parent


def multipart(field: str, filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; '
            f'filename="{filename}"\r\nContent-Type: image/png\r\n\r\n'
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def test_serve_with_a_broken_picamera2_runs_without_the_camera_and_scores_phone_photos(
    tmp_path, fake_site
):
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(
        f'[camera]\nsource = "picamera2"\n\n[centerpiece]\nport = "{tmp_path / "no-centerpiece"}"\n'
    )
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(fake_site), *sys.path]),
        "GPIOZERO_PIN_FACTORY": "mock",
        "TRAIN_COMPANION_PIN": PIN,
    }
    command = [sys.executable, "-m", "companion.cli", "serve", "--config", str(config)]
    command += ["--data-dir", str(tmp_path / "data"), "--host", "127.0.0.1", "--port", str(port)]
    base = f"http://127.0.0.1:{port}"
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
    )
    said = Output(process)
    try:
        # serve says the join code once the score pad listens
        assert said.wait_for("Join code:", timeout=60), "serve did not come up:\n" + said.text()
        with opener.open(base + "/api/state", timeout=10) as answer:
            assert json.load(answer)["phase"] == "setup"
        assert "camera: picamera2 is installed but cannot be imported" in said.text()
        assert "numpy" in said.text() and "tools/install-pi.sh" in said.text()

        login = urllib.request.Request(
            base + "/api/login",
            data=json.dumps({"pin": PIN}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with opener.open(login, timeout=10) as answer:
            token = json.load(answer)["csrf_token"]
        image, _ = synth.render(seed=3, tiles=[Tile(2, 5), Tile(6, 6)], hard=False)
        body, kind = multipart("photo", "hand.png", cv2.imencode(".png", image)[1].tobytes())
        upload = urllib.request.Request(
            base + "/api/photos",
            data=body,
            headers={"Content-Type": kind, "X-CSRF-Token": token},
        )
        with opener.open(upload, timeout=60) as answer:
            reading = json.load(answer)
        assert reading["pip_total"] == 19
        assert process.poll() is None
    finally:
        process.terminate()
        process.wait(10)
