"""A camera held at a slant: the squash is read from the pips and undone."""

import cv2
import numpy as np
import pytest

from companion.tiles import Tile
from vision.counter import read
from vision.find import working_copy
from vision.halves import split_halves
from vision.recognise import recognise
from vision.slant import Slant, level, measure_slant, to_working
from vision.synth import draw_tile, render

HAND = [Tile(2, 5), Tile(6, 9), Tile(0, 11), Tile(4, 4), Tile(3, 8), Tile(7, 12)]


def test_a_square_on_photo_is_left_as_it_is():
    image, _ = render(0, tiles=HAND, hard=False)
    assert measure_slant(working_copy(image)[0]) is None


def test_the_slant_is_read_from_the_pips():
    """At 50° the pips are squashed up and down, and those at the top of the picture (the
    far side) are smaller: the table recedes towards the top."""
    image, _ = render(0, tiles=HAND, hard=False, slant=50)
    work = working_copy(image)[0]
    slant = measure_slant(work)
    assert slant is not None
    assert slant.squash < 0.85
    assert abs(slant.direction[1]) > 0.95  # squashed up and down, as the camera tilts
    assert slant.recede is not None
    height, width = work.shape[:2]
    w_top, w_bottom = (slant.recede[2] @ [width / 2, y, 1] for y in (0, height))
    assert w_top < w_bottom  # the top is brought forward


def _grid_of_discs(size: int = 900) -> np.ndarray:
    """A table of round black marks, as a camera straight above sees it."""
    table = np.full((size, size, 3), 235, np.uint8)
    for y in range(60, size - 40, 70):
        for x in range(60, size - 40, 70):
            cv2.circle(table, (x, y), 9, (20, 20, 20), -1, cv2.LINE_AA)
    return table


def test_a_receding_table_is_brought_forward_until_the_pips_are_alike():
    """Seen steeply, far pips are smaller and more squashed than near ones; levelled, they
    are all round and of one size, and points map back to the photo."""
    table = _grid_of_discs()
    flat_corners = np.float32([[0, 0], [900, 0], [900, 900], [0, 900]])
    seen_corners = np.float32([[180, 150], [720, 150], [880, 700], [20, 700]])  # far side up
    camera = cv2.getPerspectiveTransform(flat_corners, seen_corners)
    photo = cv2.warpPerspective(table, camera, (900, 720), borderValue=(235, 235, 235))
    slant = measure_slant(photo)
    assert slant is not None and slant.recede is not None
    flat, back = level(photo, slant)
    marks = cv2.findContours(
        (cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY) < 128).astype(np.uint8),
        cv2.RETR_EXTERNAL,
        cv2.CHAIN_APPROX_NONE,
    )[0]
    areas = np.array([cv2.contourArea(m) for m in marks if len(m) >= 8])
    inner = areas[(areas > np.median(areas) / 3)]
    assert np.percentile(inner, 90) / np.percentile(inner, 10) < 1.5  # seen: more than 4
    rounds = [min(cv2.fitEllipse(m)[1]) / max(cv2.fitEllipse(m)[1]) for m in marks if len(m) >= 8]
    assert np.median(rounds) > 0.9
    # a mark's centre in the levelled copy maps back onto a mark in the photo
    centre = cv2.minEnclosingCircle(marks[len(marks) // 2])[0]
    x, y = to_working(np.float32([centre]), back)[0]
    assert cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)[round(y), round(x)] < 128


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


@pytest.mark.slow  # renders and reads four whole hands
def test_a_hand_photographed_at_a_slant_is_read():
    """At 50° from straight down the tiles look short, their dividers askew and the far
    ones small; before the squash was undone about one tile in six was read right, and
    before the far side was brought forward, 21 of 24."""
    right = 0
    for seed in range(4):
        image, _ = render(seed, tiles=HAND, hard=False, slant=50)
        read = [t.tile for t in recognise(image).tiles]
        right += sum(min(read.count(t), 1) for t in HAND)
    assert right >= 23  # of 24


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
    counts = [read([half])[0].pips for half in split_halves(photo, seen)]
    assert counts == [9, 12]


def test_a_towels_weave_is_not_taken_for_pips_at_a_slant():
    """Tufts of a towel lie mostly one way, but some long and thin, some nearly round:
    pips seen at a slant are all of one shape. The weave must not level the picture."""
    rng = np.random.default_rng(4)
    towel = np.full((720, 1280, 3), (40, 170, 230), np.uint8)
    for _ in range(300):
        centre = (int(rng.integers(20, 1260)), int(rng.integers(20, 700)))
        long = int(rng.integers(6, 12))
        short = max(1, round(long * rng.uniform(0.25, 1.0)))
        angle = float(rng.uniform(-40, 40))
        cv2.ellipse(towel, (centre, (2 * short, 2 * long), angle), (10, 60, 110), -1, cv2.LINE_AA)
    assert measure_slant(towel) is None
