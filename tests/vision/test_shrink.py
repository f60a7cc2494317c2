"""Shrinking by halves first where a photo shrinks a lot: the same picture, the same reading."""

from collections import Counter

import cv2
import numpy as np
import pytest

from vision import recognise, refine
from vision.shrink import (
    QUICK_FROM,
    by_areas,
    halved_to_side,
    halvings,
    scaled_by,
    shrunk,
    to_side,
)
from vision.synth import render

PHONE = (4032, 3024)
"""A 12 MP phone photo's size."""


def test_a_big_shrink_by_halves_is_the_one_step_picture_within_a_grey_level_or_two():
    photo, _ = render(3, size=PHONE)
    size = (384, 288)  # 10.5 times smaller: halved twice, then by areas
    quick = shrunk(photo, size)
    one_step = cv2.resize(photo, size, interpolation=cv2.INTER_AREA)
    assert halvings(*PHONE, size) == 2
    assert quick.shape == one_step.shape
    differ = np.abs(quick.astype(int) - one_step)
    assert differ.mean() < 0.3
    assert np.mean(differ > 2) < 0.005


def test_a_small_shrink_is_opencvs_own_to_the_last_grey_level():
    photo, _ = render(3, size=(1920, 1080))
    assert halvings(1920, 1080, (768, 432)) == 0
    assert np.array_equal(
        to_side(photo, 768)[0], cv2.resize(photo, (768, 432), interpolation=cv2.INTER_AREA)
    )
    assert np.array_equal(
        scaled_by(photo, 0.4),
        cv2.resize(photo, None, fx=0.4, fy=0.4, interpolation=cv2.INTER_AREA),
    )


def test_the_spotters_quick_look_is_the_one_step_picture_within_a_grey_level_on_average():
    """The spotter's look at 768 and 384 px, halved and then scaled bilinearly, is sized as
    the one-step look and differs from it by less than a grey level on average (its sharpest
    edges by more); a picture smaller than the look is grown as ``to_side`` grows it."""
    photo, _ = render(3, size=(1920, 1080))
    for side in (768, 384):
        quick, scale = halved_to_side(photo, side)
        one_step, one_step_scale = to_side(photo, side)
        assert quick.shape == one_step.shape and scale == one_step_scale
        differ = np.abs(quick.astype(int) - one_step)
        assert differ.mean() < 0.3
        assert np.mean(differ > 2) < 0.005
    small = photo[:300, :400]
    assert np.array_equal(halved_to_side(small, 768)[0], to_side(small, 768)[0])


def test_averaging_areas_is_opencvs_one_step_to_the_last_grey_level_at_every_shrink():
    """Shrinks of 2 times or more, not by a whole number, are averaged from floats (quicker):
    the picture is OpenCV's one step from bytes, pixel for pixel, at every shrink."""
    photo, _ = render(5, size=(1920, 1080), tiles=4)
    piece = photo[300:811, 500:1003]  # 503 x 511, a tile's piece for the refiner
    for size in [(120, 120), (251, 255), (137, 97), (400, 300), (503, 511), (1, 1)]:
        want = cv2.resize(piece, size, interpolation=cv2.INTER_AREA)
        assert np.array_equal(by_areas(piece, size), want), size
    whole = photo[:480, :640]
    assert np.array_equal(
        by_areas(whole, (160, 120)), cv2.resize(whole, (160, 120), interpolation=cv2.INTER_AREA)
    )


def test_a_shrink_by_a_scale_is_sized_as_opencv_sizes_it():
    photo = np.zeros((3001, 4033, 3), np.uint8)
    scale = 1 / (QUICK_FROM + 2.3)
    assert scaled_by(photo, scale).shape == cv2.resize(photo, None, fx=scale, fy=scale).shape


def test_a_big_tiles_patch_for_the_refiner_is_the_one_step_patch(monkeypatch):
    """The refiner learned its patches shrunk in one step: a big tile's patch, cut from a
    piece grown to whole halvings and shrunk by halves first, is that patch within a grey
    level or two."""
    photo, truth = render(5, size=PHONE, tiles=4)
    quick = [refine.patch(photo, np.float32(t.corners)) for t in truth]
    monkeypatch.setattr(refine, "shrunk", _one_step)
    for (patch, to_patch), tile in zip(quick, truth, strict=True):
        one_step, one_step_map = refine.patch(photo, np.float32(tile.corners))
        assert np.allclose(to_patch, one_step_map)
        differ = np.abs(patch.astype(int) - one_step)
        assert differ.mean() < 0.5
        assert differ.max() <= 6


def test_a_mat_tiles_patch_for_the_refiner_is_cut_as_it_learned_it(monkeypatch):
    """A tile on a 1920 px mat shrinks some 4 to 5 times into the refiner's patch: less than
    its pieces are halved from, so its patch is the one-step patch it learned, to the last
    grey level, though the photo's other shrinks of 3 times or more are halved first."""
    photo, truth = render(5, size=(1920, 1080), tiles=4)
    quick = [refine.patch(photo, np.float32(t.corners))[0] for t in truth]
    monkeypatch.setattr(refine, "shrunk", _one_step)
    for patch, tile in zip(quick, truth, strict=True):
        assert np.array_equal(patch, refine.patch(photo, np.float32(tile.corners))[0])


def _one_step(piece, size, quick_from=None):
    return cv2.resize(piece, size, interpolation=cv2.INTER_AREA)


@pytest.mark.slow
def test_a_phone_photo_reads_the_hand_as_the_same_photo_at_1920_px():
    photo, truth = render(11, size=PHONE, tiles=6)
    small = cv2.resize(photo, (1920, 1440), interpolation=cv2.INTER_AREA)
    big_reading, small_reading = recognise(photo), recognise(small)
    want = Counter(t.tile for t in truth)
    assert Counter(t.tile for t in big_reading.tiles) == want
    assert Counter(t.tile for t in small_reading.tiles) == want
