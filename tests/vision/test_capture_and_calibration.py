"""Frame sources, the mat's calibration and the lighting check."""

import sys

import cv2
import numpy as np
import pytest

from companion.tiles import Tile
from vision.calibration import CalibrationError, check_lighting, from_config, from_markers
from vision.capture import (
    CameraError,
    FileSource,
    FrameSource,
    NoCamera,
    open_source,
    parse_source,
)


def test_a_folder_replays_its_photos_in_order(tmp_path, one_tile):
    for name, tile in (("a.png", Tile(1, 2)), ("b.png", Tile(3, 4))):
        cv2.imwrite(str(tmp_path / name), one_tile(tile))
    (tmp_path / "notes.txt").write_text("not a photo")
    with open_source(f"files:{tmp_path}") as camera:
        assert isinstance(camera, FrameSource)
        first, second, third = camera.still(), camera.still(), camera.still()
    assert not np.array_equal(first, second) and np.array_equal(first, third)


def test_an_empty_folder_and_an_unknown_camera_say_so(tmp_path):
    with pytest.raises(CameraError, match="no photos"):
        FileSource(tmp_path)
    with pytest.raises(CameraError, match="unknown camera"):
        open_source("webcam-please")


def _mat_with_markers(size=(1000, 700), margin=40, side=80) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    mat = np.full((size[1], size[0]), 255, np.uint8)
    w, h = size
    spots = [
        (margin, margin),
        (w - margin - side, margin),
        (w - margin - side, h - margin - side),
        (margin, h - margin - side),
    ]
    for marker, (x, y) in enumerate(spots):
        mat[y : y + side, x : x + side] = cv2.aruco.generateImageMarker(dictionary, marker, side)
    return cv2.cvtColor(mat, cv2.COLOR_GRAY2BGR)


def test_markers_give_the_scoring_zone_inside_them():
    mat = _mat_with_markers()
    calibration = from_markers(mat, size_mm=(200, 130))
    inner = np.float32([[120, 120], [880, 120], [880, 580], [120, 580]])
    assert np.abs(calibration.corners - inner).max() < 3
    flat = calibration.to_mat(mat)
    assert flat.shape[:2] == (520, 800)
    back = calibration.to_image(np.float32([[0, 0], [800, 520]]))
    assert np.abs(back - inner[[0, 2]]).max() < 3


def test_a_covered_marker_is_named():
    mat = _mat_with_markers()
    mat[560:700, 0:200] = 255  # marker 3 (bottom left) covered
    with pytest.raises(CalibrationError, match="3"):
        from_markers(mat, size_mm=(200, 130))


def test_zone_corners_from_the_config_must_be_four_points():
    assert from_config([[0, 0], [10, 0], [10, 5], [0, 5]], (10, 5)).mat_size_px == (40, 20)
    with pytest.raises(CalibrationError):
        from_config([[0, 0], [10, 0]], (10, 5))


def test_the_lighting_check_says_too_dark_or_glare():
    assert "too dark" in check_lighting(np.full((300, 400, 3), 20, np.uint8)).message
    glare = np.full((300, 400, 3), 120, np.uint8)
    cv2.circle(glare, (200, 150), 40, (255, 255, 255), -1)
    assert "glare" in check_lighting(glare).message
    assert check_lighting(np.full((300, 400, 3), 150, np.uint8)).ok


def test_black_cloth_with_a_few_tiles_and_white_paper_are_not_bad_light():
    """Backgrounds run "from black cloth to white paper": neither is a lighting problem."""
    cloth = np.full((300, 400, 3), 15, np.uint8)
    cv2.rectangle(cloth, (180, 120), (230, 220), (225, 235, 240), -1)  # one ivory tile
    assert check_lighting(cloth).ok
    paper = np.full((300, 400, 3), 252, np.uint8)
    assert check_lighting(paper).ok


# --- picamera2 that cannot be imported (Raspberry Pi OS's apt build vs. the venv's numpy) ----

NUMPY_MISMATCH = (
    "numpy.dtype size changed, may indicate binary incompatibility. "
    "Expected 96 from C header, got 88 from PyObject"
)


@pytest.fixture
def broken_picamera2(tmp_path, monkeypatch):
    """A picamera2 on sys.path whose import raises ValueError, as apt's does under numpy 2."""
    package = tmp_path / "fake-site" / "picamera2"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"raise ValueError({NUMPY_MISMATCH!r})\n")
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    return package.parent


@pytest.mark.parametrize("name", ["picamera2", "picamera"])
def test_a_picamera2_that_fails_to_import_is_a_camera_error_that_says_what_to_do(
    broken_picamera2, name
):
    with pytest.raises(CameraError) as caught:
        open_source(name)
    message = str(caught.value)
    assert "picamera2" in message and "numpy" in message
    assert "tools/install-pi.sh" in message and "phones still score" in message


def test_auto_with_a_broken_picamera2_and_no_usb_camera_names_both(broken_picamera2):
    with pytest.raises(CameraError) as caught:
        open_source("auto")
    assert "picamera2" in str(caught.value) and "V4L2" in str(caught.value)


def test_the_documented_source_names_are_understood(tmp_path, one_tile):
    cv2.imwrite(str(tmp_path / "hand.png"), one_tile(Tile(2, 5)))
    assert parse_source("picamera2") == parse_source("picamera") == ("picamera2", "")
    assert parse_source("v4l2") == ("v4l2", "0") and parse_source("v4l2:1") == ("v4l2", "1")
    assert parse_source("auto") == ("auto", "") and parse_source("none") == ("none", "")
    for folder in (str(tmp_path), f"files:{tmp_path}", str(tmp_path / "hand.png")):
        assert parse_source(folder)[0] == "files"
        with open_source(folder) as camera:
            assert camera.still().shape[2] == 3
    with pytest.raises(NoCamera, match="phones"):
        open_source("none")
