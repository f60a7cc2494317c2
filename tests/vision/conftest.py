from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.tiles import Tile
from vision.synth import draw_tile

REAL_PHOTOS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "realphotos-dev"


def tile_photo(
    tile: Tile | None,
    width: int = 120,
    angle: float = 0.0,
    table=(30, 30, 30),
    coloured: bool = False,
    spinner: bool = False,
) -> np.ndarray:
    """One clean tile lying on a plain table, turned by ``angle`` degrees (None: face down)."""
    sprite = draw_tile(tile or Tile(0, 0), width, (200, 232, 242), coloured, spinner)
    if tile is None:
        sprite[..., :3] = (200, 232, 242)
    canvas = np.full((4 * width, 4 * width, 3), table, np.uint8)
    y0, x0 = width, int(1.5 * width)
    alpha = sprite[..., 3:4] / 255.0
    region = canvas[y0 : y0 + 2 * width, x0 : x0 + width]
    region[:] = (region * (1 - alpha) + sprite[..., :3] * alpha).astype(np.uint8)
    turn = cv2.getRotationMatrix2D((2 * width, 2 * width), angle, 1.0)
    return cv2.warpAffine(canvas, turn, canvas.shape[1::-1], borderValue=table)


@pytest.fixture
def one_tile():
    return tile_photo


@pytest.fixture
def real_photos() -> Path:
    if not (REAL_PHOTOS / "labels.csv").is_file():
        pytest.skip("the real-photo dev set (../shared) is not here")
    return REAL_PHOTOS
