"""Readings and tables laid by hand for the doubt rules' tests (test_doubt.py and
test_missed_tiles.py)."""

import numpy as np

from companion.tiles import Tile
from vision.reading import RecognisedTile
from vision.scene import Scene

CALM = Scene(brightness=220.0, busy=0.01, thrown_out=0)


def laid(*values: tuple[int, int], width: float = 40.0, at: float = 0.0) -> list[RecognisedTile]:
    """Tiles read cleanly, in a row, each ``width`` wide and twice as long."""
    tiles = []
    for i, (a, b) in enumerate(values):
        x = at + i * width * 1.5
        corners = ((x, 0.0), (x + width, 0.0), (x + width, 2 * width), (x, 2 * width))
        tiles.append(RecognisedTile(Tile(a, b), 0.95, corners))
    return tiles


IVORY = (200, 232, 242)


def lay(
    table: np.ndarray, x: int, tile: Tile, face=IVORY, face_up: bool = True, width: int = 120
) -> np.ndarray:
    """Lay a tile ``width`` px wide (twice as long), straight, its top at y 150 and its left
    at ``x``, on the table; its corners."""
    from vision.synth import draw_tile

    sprite = draw_tile(tile, width, face, False, False)
    if not face_up:
        sprite[..., :3] = face  # the plain back of a tile
    alpha = sprite[..., 3:4] / 255.0
    bottom = 150 + 2 * width
    region = table[150:bottom, x : x + width]
    region[:] = (region * (1 - alpha) + sprite[..., :3] * alpha).astype(np.uint8)
    return np.float32([[x, 150], [x + width, 150], [x + width, bottom], [x, bottom]])
