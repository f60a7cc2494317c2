"""The parts at the table, for ``train-companion doctor``: the camera, the seats' pins and the
centerpiece. Each check opens the real part (or its simulation) and says what it found, with
the fix for a player when it fails.
"""

from __future__ import annotations

import os
from contextlib import closing
from dataclasses import dataclass

from companion.config import Config
from companion.errors import CompanionError

CENTERPIECE_WAIT_S = 3.0
STOP_SERVICE = "stop the service first: sudo systemctl stop train-companion"


@dataclass(frozen=True)
class Finding:
    part: str
    verdict: str  # "ok", "warn", "FAIL" or "unknown"
    detail: str
    fix: str = ""


def check_camera(config: Config, simulate: bool) -> list[Finding]:
    try:
        from vision.capture import CameraError, NoCamera, open_source
    except Exception as error:  # numpy or OpenCV that cannot load
        return [Finding("camera", "FAIL", f"the camera software cannot load: {error}", _REINSTALL)]
    if simulate and config.camera == "auto":
        from companion.cli.assemble import _made_up_hand
        from vision.reader import SyntheticCamera

        opener = lambda: SyntheticCamera(_made_up_hand, set_max=config.camera_set)  # noqa: E731
    else:
        opener = lambda: open_source(config.camera)  # noqa: E731
    try:
        with closing(opener()) as camera:
            frame = camera.still()
    except NoCamera as error:
        return [Finding("camera", "ok", str(error))]
    except CameraError as error:
        return [Finding("camera", "FAIL", str(error), _camera_fix(config.camera))]
    except Exception as error:
        detail = f"{type(error).__name__}: {error}"
        return [Finding("camera", "FAIL", detail, _camera_fix(config.camera))]
    height, width = frame.shape[:2]
    name = "synthetic camera" if simulate and config.camera == "auto" else config.camera
    findings = [Finding("camera", "ok", f"{name}: took a {width}x{height} frame")]
    findings.append(_calibration(config, frame))
    return findings


_REINSTALL = "run tools/install-pi.sh again (it keeps numpy and OpenCV in step with picamera2)"


def check_recogniser() -> Finding:
    """The recogniser's networks load with the OpenCV installed, and read a rendered hand."""
    try:
        import cv2

        from companion.tiles import Tile
        from vision.recognise import recognise
        from vision.synth import render

        hand = [Tile(3, 5), Tile(6, 6), Tile(0, 4)]
        photo, _ = render(0, size=(1280, 720), tiles=hand, hard=False)
        reading = recognise(photo)
    except Exception as error:  # a network this OpenCV cannot load, a missing model file
        said = " ".join(str(error).split())  # OpenCV's errors run over several lines
        detail = f"the recogniser cannot read photos: {type(error).__name__}: {said}"
        return Finding("recogniser", "FAIL", detail, _REINSTALL)
    pips, opencv = sum(t.pips for t in hand), f"OpenCV {cv2.__version__}"
    if reading.pip_total != pips:
        detail = f"{opencv}: a rendered hand of {pips} pips read as {reading.pip_total}"
        return Finding("recogniser", "warn", detail, _REINSTALL)
    detail = f"{opencv}: read a rendered hand of {len(hand)} tiles ({pips} pips)"
    return Finding("recogniser", "ok", detail)


def _camera_fix(source: str) -> str:
    return (
        f'[camera] source is "{source}": check the cable and `rpicam-hello --list-cameras` '
        '(Pi camera) or `ls /dev/video*` (USB); "none" runs without a camera'
    )


def _calibration(config: Config, frame) -> Finding:
    from vision.calibration import check_lighting, from_config

    if not config.mat_corners:
        return Finding(
            "scoring mat",
            "warn",
            "not calibrated: the whole picture is read",
            "train-companion calibrate (docs/build.md, Calibrate)",
        )
    mat = from_config(config.mat_corners, config.mat_size_mm)
    lighting = check_lighting(mat.to_mat(frame))
    width, height = config.mat_size_mm
    detail = f"{width:g}x{height:g} mm, light: {lighting.message}"
    if lighting.ok:
        return Finding("scoring mat", "ok", detail)
    return Finding("scoring mat", "warn", detail, "train-companion calibrate shows the light")


def check_seats(config: Config, simulate: bool) -> list[Finding]:
    import warnings

    from gpiozero import PinFactoryFallback

    from hardware.config import PHYSICAL_PIN, parse_seats
    from hardware.seats import Seats

    warnings.filterwarnings("ignore", category=PinFactoryFallback)
    try:
        seats_config = parse_seats(config.seats)
    except CompanionError as error:
        return [Finding("GPIO", "FAIL", str(error), "fix [seats] in the config")]
    factory = None
    if simulate:
        from gpiozero.pins.mock import MockFactory, MockPWMPin

        factory = MockFactory(pin_class=MockPWMPin)
    try:
        seats = Seats(seats_config, pin_factory=factory)
    except CompanionError as error:
        text = str(error)
        fix = STOP_SERVICE if "in use" in text or "busy" in text.lower() else ""
        return [Finding("GPIO", "FAIL", text, fix)]
    findings = []
    with seats:
        first = seats.seat(1)
        name = type(first.button.pin_factory).__name__.removesuffix("Factory")
        findings.append(Finding("GPIO", "ok", f"pin factory {name}"))
        for number, pins in enumerate(seats_config.pins, start=1):
            seat = seats.seat(number)
            where = (
                f"button GPIO {pins.button} (pin {PHYSICAL_PIN[pins.button]}), "
                f"LED GPIO {pins.led} (pin {PHYSICAL_PIN[pins.led]})"
            )
            if seat.button.is_pressed:
                findings.append(
                    Finding(
                        f"seat {number}",
                        "FAIL",
                        f"{where}: the button reads pressed while nobody touches it",
                        f"wire the button between GPIO {pins.button} and GND, not 3V3; "
                        "check for a short",
                    )
                )
            else:
                findings.append(Finding(f"seat {number}", "ok", f"{where}: button released"))
    return findings


def check_centerpiece(config: Config, simulate: bool) -> Finding:
    from contextlib import ExitStack

    from hardware.centerpiece import Centerpiece
    from hardware.config import parse_centerpiece

    try:
        port = parse_centerpiece(config.centerpiece).port
    except CompanionError as error:
        return Finding("centerpiece", "FAIL", str(error), "fix [centerpiece] in the config")
    with ExitStack() as stack:
        if simulate:
            from hardware.simulated import SimulatedCenterpiece

            port = stack.enter_context(SimulatedCenterpiece()).port
        elif not os.path.exists(port):
            return Finding(
                "centerpiece",
                "FAIL",
                f"no {port}",
                "plug the Pico in with a data USB cable, install systemd/99-centerpiece.rules "
                "(`ls /dev/serial/by-id/` shows it), and flash it (docs/build.md, The Pico)",
            )
        centerpiece = stack.enter_context(Centerpiece(port))
        try:
            centerpiece.wait_connected(CENTERPIECE_WAIT_S)
        except CompanionError as error:
            text = str(error)
            fix = (
                STOP_SERVICE
                if "in use" in text
                else (
                    "is the firmware on the Pico? copy it with mpremote (docs/build.md, The Pico)"
                )
            )
            return Finding("centerpiece", "FAIL", text, fix)
        health = centerpiece.health()
    return Finding(
        "centerpiece", "ok", f"{health.firmware_version} on {port}, {health.sounds} sounds"
    )
