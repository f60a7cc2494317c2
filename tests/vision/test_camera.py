"""Capture, calibration, the lighting check and the live hand reader."""

import logging
import time

import cv2
import numpy as np
import pytest

from companion import commands as c
from companion.errors import CompanionError
from companion.tiles import Tile
from vision.calibrate import (
    GLARE,
    TOO_DARK,
    check_lighting,
    find_mat_corners,
    mat_homography,
    to_mat,
)
from vision.reader import HandReader, SyntheticCamera, open_camera
from vision.synth import render


def test_no_camera_is_a_clear_error():
    with pytest.raises(CompanionError, match="no camera"):
        open_camera("none")
    with pytest.raises(CompanionError, match="no such camera"):
        open_camera("/nowhere/at/all")


def test_a_folder_replays_its_photos_in_order(tmp_path):
    for i, value in enumerate([40, 200]):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((20, 30, 3), value, np.uint8))
    source = open_camera(str(tmp_path))
    assert [int(source.still()[0, 0, 0]) for _ in range(3)] == [40, 200, 40]
    source.close()


def _mat_with_markers(size=(1200, 900)):
    w, h = size
    image = np.full((h, w, 3), 200, np.uint8)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    inner = {}
    side = 120
    for marker, (x, y) in enumerate([(40, 40), (w - 160, 40), (w - 160, h - 160), (40, h - 160)]):
        tag = cv2.aruco.generateImageMarker(dictionary, marker, side)
        image[y : y + side, x : x + side] = tag[..., None]
        corner = [(x + side, y + side), (x, y + side), (x, y), (x + side, y)][marker]
        inner[marker] = corner
    return image, [inner[i] for i in range(4)]


def test_the_mat_is_found_from_its_markers_and_measured_in_millimetres():
    image, want = _mat_with_markers()
    got = find_mat_corners(image)
    assert np.allclose(got, want, atol=3)
    h = mat_homography(got)
    assert np.allclose(to_mat([want[2]], h), [[600, 400]], atol=3)


def test_a_missing_marker_says_so():
    image, _ = _mat_with_markers()
    image[:300, :300] = 200
    with pytest.raises(CompanionError, match=r"markers \[0\]"):
        find_mat_corners(image)


def test_lighting_check_says_too_dark_or_glare_instead_of_guessing():
    image, _ = render([Tile(1, 2)], seed=2, background="wood", glare=False, light=1.0)
    assert check_lighting(image) is None
    assert check_lighting((image * 0.15).astype(np.uint8)) == TOO_DARK
    glare = image.copy()
    cv2.circle(glare, (900, 500), 200, (255, 255, 255), -1)
    assert check_lighting(glare) == GLARE


def _wait(items, count, timeout=20.0):
    end = time.monotonic() + timeout
    while len(items) < count and time.monotonic() < end:
        time.sleep(0.05)


def test_the_hand_reader_submits_what_the_camera_read(tmp_path):
    hands = {0: [Tile(3, 5), Tile(6, 6)], 2: [Tile(1, 12)]}
    got = []
    with HandReader(SyntheticCamera(lambda seat: hands[seat]), got.append, tmp_path) as reader:
        started = time.monotonic()
        reader.request(0)
        reader.request(2)
        assert time.monotonic() - started < 0.5  # request returns at once
        _wait(got, 2)
    assert {r.seat: r.total for r in got} == {0: 20, 2: 13}
    for read in got:
        assert isinstance(read, c.HandRead) and read.source == "camera"
        assert len(read.picture) == 36 and (tmp_path / read.picture).is_file()


def test_a_camera_error_submits_nothing_and_is_logged(tmp_path, caplog):
    class Broken:
        def still(self):
            raise CompanionError("the camera at /dev/video0 gave no picture")

        def close(self):
            pass

    got = []
    with caplog.at_level(logging.WARNING), HandReader(Broken(), got.append, tmp_path) as reader:
        reader.request(1)
        time.sleep(0.5)
    assert got == [] and "gave no picture" in caplog.text
