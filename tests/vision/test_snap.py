"""Snapping the spotter's rough outline onto the tile's edges (vision/snap.py): a tile seen
only roughly is cut into halves where its pips really are."""

import cv2
import numpy as np

from vision import counter
from vision.halves import split_halves
from vision.snap import snap
from vision.world import render_world

FRESH = range(990_200, 990_204)
"""Seeds no training or tuning run uses."""


def _rough(corners: np.ndarray, turn: float, longer: float, wider: float, off: float):
    """The tile's outline as the spotter might give it: turned ``turn`` degrees, its length
    and width scaled, its middle moved ``off`` of its length."""
    c = np.float32(corners)
    middle = c.mean(axis=0)
    along = (c[2] + c[3] - c[0] - c[1]) / 2
    length = float(np.linalg.norm(along))
    width = float(np.linalg.norm(c[0] - c[1]))
    angle = np.degrees(np.arctan2(along[1], along[0])) + turn
    box = ((float(middle[0] + off * length), float(middle[1])), (length * longer, width * wider))
    return cv2.boxPoints((*box, float(angle)))


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    union = abs(cv2.contourArea(np.float32(a))) + abs(cv2.contourArea(np.float32(b))) - inter
    return inter / union


def _tiles():
    for seed in FRESH:
        photo = render_world(seed, size=(1280, 720), slant=0, clean=True)
        for tile in photo.tiles:
            yield photo.image, tile


def test_a_rough_outline_snaps_onto_the_tile():
    fits = []
    for image, tile in _tiles():
        rough = _rough(tile.corners, turn=15, longer=1.2, wider=0.8, off=0.04)
        assert _overlap(rough, tile.corners) < 0.7  # too rough to cut the halves from
        fits.append(_overlap(snap(image, rough), tile.corners))
    assert len(fits) >= 10
    assert np.mean(np.array(fits) >= 0.8) >= 0.8, np.round(fits, 2)


def test_a_snapped_tile_reads_as_the_tile():
    right = total = 0
    for image, tile in _tiles():
        rough = _rough(tile.corners, turn=-12, longer=0.85, wider=1.2, off=-0.03)
        halves = counter.read(list(split_halves(image, snap(image, rough))))
        right += sorted(h.pips for h in halves) == sorted(tile.tile.ends)
        total += 1
    assert right >= 0.8 * total, (right, total)
