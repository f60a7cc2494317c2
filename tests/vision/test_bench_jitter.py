"""bench/vision.py --jitter: every photo read with a grey level of noise, the same each run."""

import numpy as np

from bench.vision import jittered
from vision.synth import render


def test_a_quarter_of_the_values_move_one_grey_level_and_no_further():
    photo, _ = render(3)
    moved = jittered(photo, 1, "seed 3").astype(int) - photo
    assert np.abs(moved).max() == 1
    assert 0.23 < np.mean(moved != 0) < 0.27
    assert abs(np.mean(moved)) < 0.01  # as many up as down: the photo is no lighter


def test_the_same_photo_is_jittered_alike_each_run_and_each_photo_otherwise():
    photo, _ = render(3)
    once = jittered(photo, 1, "seed 3")
    assert np.array_equal(once, jittered(photo, 1, "seed 3"))
    assert not np.array_equal(once, jittered(photo, 1, "seed 4"))
    assert not np.array_equal(once, jittered(photo, 2, "seed 3"))


def test_black_and_white_stay_in_range():
    edges = np.zeros((40, 40, 3), np.uint8)
    edges[20:] = 255
    out = jittered(edges, 1, "edges")
    assert out.dtype == np.uint8
    assert out[:20].max() <= 1 and out[20:].min() >= 254
