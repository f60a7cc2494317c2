"""The live companion's camera glue: a seat asks, the worker snaps, reads and answers."""

import logging
import time

from companion import commands as c
from companion.errors import CompanionError
from companion.tiles import Tile
from vision.reader import HandReader, SyntheticCamera


def _wait(got: list, count: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while len(got) < count and time.monotonic() < deadline:
        time.sleep(0.05)


def test_the_hand_reader_answers_each_request_with_a_reading_and_a_picture(tmp_path):
    hands = {0: [Tile(3, 5), Tile(6, 6)], 2: [Tile(1, 12)]}
    got = []
    with HandReader(SyntheticCamera(lambda seat: hands[seat]), got.append, tmp_path) as reader:
        started = time.monotonic()
        reader.request(0)
        reader.request(2)
        assert time.monotonic() - started < 0.5  # the game loop never waits for the camera
        _wait(got, 2)
    assert sorted(r.seat for r in got) == [0, 2]
    for read in got:
        assert isinstance(read, c.HandRead) and read.source == "camera"
        assert read.total == sum(a + b for a, b in read.tiles)
        assert read.picture.endswith(".jpg") and (tmp_path / read.picture).is_file()


def test_the_synthetic_camera_shows_the_hand_and_a_new_shot_each_time():
    camera = SyntheticCamera(lambda seat: [Tile(2, 4)])
    first, second = camera.still(1), camera.still(1)
    assert first.shape == second.shape and (first != second).any()


def test_with_mat_corners_the_reader_reads_the_scoring_zone_from_above(tmp_path):
    got = []
    corners = [[200, 100], [1700, 100], [1700, 1000], [200, 1000]]
    camera = SyntheticCamera(lambda seat: [Tile(5, 6)])
    with HandReader(camera, got.append, tmp_path, mat_corners=corners) as reader:
        reader.request(0)
        _wait(got, 1)
    assert len(got) == 1 and (tmp_path / got[0].picture).is_file()


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
