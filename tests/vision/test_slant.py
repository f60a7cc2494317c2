"""A camera held at a slant: the squash is read from the pips and undone."""

import cv2
import numpy as np

from companion.tiles import Tile
from vision.find import working_copy
from vision.halves import split_halves
from vision.pips import count_pips
from vision.recognise import recognise
from vision.slant import Slant, level, measure_slant, to_working
from vision.synth import draw_tile, render

HAND = [Tile(2, 5), Tile(6, 9), Tile(0, 11), Tile(4, 4), Tile(3, 8), Tile(7, 12)]


def test_a_square_on_photo_is_left_as_it_is():
    image, _ = render(0, tiles=HAND, hard=False)
    assert measure_slant(working_copy(image)[0]) is None


def test_the_slant_is_read_from_the_pips():
    image, _ = render(0, tiles=HAND, hard=False, slant=50)
    slant = measure_slant(working_copy(image)[0])
    assert slant is not None
    assert abs(slant.squash - np.cos(np.deg2rad(50))) < 0.1
    assert abs(slant.direction[1]) > 0.95  # squashed up and down, as the camera tilts


def test_a_slant_of_thirty_degrees_is_levelled_too():
    """A phone held a little off straight down is the usual photo; its squash is read
    (square on, the pips measure 0.98-1.0)."""
    image, _ = render(0, tiles=HAND, hard=False, slant=30)
    slant = measure_slant(working_copy(image)[0])
    assert slant is not None
    assert abs(slant.squash - np.cos(np.deg2rad(30))) < 0.1


def test_levelling_stretches_the_squash_out_and_maps_corners_back():
    work = np.zeros((300, 400, 3), np.uint8)
    cv2.ellipse(work, (200, 150), (30, 15), 0, 0, 360, (255, 255, 255), -1)  # a squashed disc
    flat, back = level(work, Slant(0.5, np.array([0.0, 1.0])))
    assert flat.shape[:2] == (600, 400)
    ys, xs = np.nonzero(flat[..., 0] > 128)
    assert abs((ys.max() - ys.min()) - (xs.max() - xs.min())) <= 3  # round again
    centre = np.float32([[xs.mean(), ys.mean()]])
    assert np.allclose(to_working(centre, back), [[200, 150]], atol=1)


def test_a_hand_photographed_at_a_slant_is_read():
    """At 50° from straight down the tiles look short and their dividers askew; before
    the squash was undone about one tile in six was read right."""
    right = 0
    for seed in range(4):
        image, _ = render(seed, tiles=HAND, hard=False, slant=50)
        read = [t.tile for t in recognise(image).tiles]
        right += sum(min(read.count(t), 1) for t in HAND)
    assert right >= 18  # of 24


def test_a_tile_in_perspective_is_split_at_its_divider():
    """The near half of a tile looks longer than the far half; the halves must still meet
    at the divider, or a row of pips moves from one half to the other."""
    sprite = draw_tile(Tile(9, 12), 100, (200, 232, 242), False, False)
    flat = np.float32([[0, 0], [100, 0], [100, 200], [0, 200]])
    seen = np.float32([[170, 100], [250, 100], [290, 420], [130, 420]])
    matrix = cv2.getPerspectiveTransform(flat, seen)
    photo = np.full((520, 420, 3), 30, np.uint8)
    warped = cv2.warpPerspective(sprite, matrix, (420, 520))
    alpha = warped[..., 3:4] / 255.0
    photo = (photo * (1 - alpha) + warped[..., :3] * alpha).astype(np.uint8)
    counts = [count_pips(half).count for half in split_halves(photo, seen)]
    assert counts == [9, 12]
