"""The live companion's camera glue: a seat asks, the worker snaps, reads and answers."""

import logging
import threading

from companion import commands as c
from companion.errors import CompanionError
from companion.tiles import Tile
from vision.reader import HandReader, SyntheticCamera


class HeldCamera(SyntheticCamera):
    """A synthetic camera whose shutter waits until the test lets it go."""

    def __init__(self, hand_for_seat):
        super().__init__(hand_for_seat)
        self.shutter = threading.Event()

    def still(self, seat=0):
        assert self.shutter.wait(30), "the test never released the camera"
        return super().still(seat)


class Answers(list):
    """What the reader submits; ``wait(n)`` returns once n answers are in."""

    def __init__(self):
        super().__init__()
        self.arrived = threading.Condition()

    def __call__(self, reading):
        with self.arrived:
            self.append(reading)
            self.arrived.notify_all()

    def wait(self, count):
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self) >= count, timeout=60)


def test_the_hand_reader_answers_each_request_with_a_reading_and_a_picture(tmp_path):
    hands = {0: [Tile(3, 5), Tile(6, 6)], 2: [Tile(1, 12)]}
    got = Answers()
    camera = HeldCamera(lambda seat: hands[seat])
    with HandReader(camera, got, tmp_path) as reader:
        reader.request(0)
        reader.request(2)
        assert got == []  # the requests returned while the camera is still busy
        camera.shutter.set()
        got.wait(2)
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
    got = Answers()
    corners = [[200, 100], [1700, 100], [1700, 1000], [200, 1000]]
    camera = SyntheticCamera(lambda seat: [Tile(5, 6)])
    with HandReader(camera, got, tmp_path, mat_corners=corners) as reader:
        reader.request(0)
        got.wait(1)
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
    assert got == [] and "gave no picture" in caplog.text
