"""Refine a rough outline onto the tile: the spotter (vision/spot.py) puts a peak in 97% of
the tiles of rendered tables, but its outline is rough (its direction 13 degrees off at the
median, its length and width 15%): too rough to cut the halves from. A small learned model
(trained by training/refiner.py; card in vision/models/README.md) looks at a patch of the
photo round the rough outline, turned along it and scaled to its length, and says where the
tile's four corners are. Done twice, the second look starting from the first.

The patch: REFINE_PATCH px square, the rough outline's middle in its middle, its length
along x and REFINE_LENGTH px long. The model gives the corners there as (x, y) pairs in
units of REFINE_LENGTH from the patch's middle: end A (the end towards -x) first, going
round clockwise on screen, as every stage takes them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.nets import open_net, standardised
from vision.shrink import halvings, scaled_size, shrunk
from vision.thresholds import REFINE_LENGTH, REFINE_LOOKS, REFINE_PATCH

MODEL = Path(__file__).with_name("models") / "refiner.onnx"
PIECE_QUICK_FROM = 8
"""A piece round a tile is halved first only when it shrinks 8 times or more, as the refiner
learned its patches: halved from 3 times on, as the photo's other shrinks are, its patches
differ by a grey level or two, and rendered table 1500360 lost its 1|6 again, for a 1|1 on
the granite beside it, and 910024 had its 0|10 read as an unmarked 2|10; taught again on
such patches, it read a slanted mat 13 pips short and called it ok (docs/vision-history.md,
2026-12-07)."""
MIDDLE = (REFINE_PATCH - 1) / 2
"""The patch's middle, in px (a pixel's centre is at its whole coordinates): turning the
patch half round about it maps every pixel onto a pixel."""


def _whole_halvings(span: tuple[int, int], side: int, step: int) -> tuple[int, int]:
    """The span ``start, end`` of a photo's side (``side`` px) grown to a multiple of
    ``step`` px, away from the photo's edge where it meets it (as it was where the photo is
    too small)."""
    start, end = span
    length = -(-(end - start) // step) * step
    if length > side:
        return start, end
    end = min(side, start + length)
    return end - length, end


def patch(image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The patch round the rough outline ``corners`` (4x2 photo px, ends first), and the
    2x3 affine map from photo px to the patch's px."""
    c = np.float32(corners)
    end_a, end_b = (c[0] + c[1]) / 2, (c[2] + c[3]) / 2
    length = max(float(np.linalg.norm(end_b - end_a)), 1.0)
    along = (end_b - end_a) / length
    middle = c.mean(axis=0)
    scale = REFINE_LENGTH / length
    # shrink a piece of the photo first (INTER_AREA: no aliasing of small pips and edges),
    # then turn it: warpAffine alone would sample a big tile's patch sparsely
    reach = REFINE_PATCH * 0.75 / scale
    height, width = image.shape[:2]
    x0, y0 = int(max(0, np.floor(middle[0] - reach))), int(max(0, np.floor(middle[1] - reach)))
    x1 = int(min(width, np.ceil(middle[0] + reach)))
    y1 = int(min(height, np.ceil(middle[1] + reach)))
    if x1 - x0 < 2 or y1 - y0 < 2:
        x0, y0, x1, y1 = 0, 0, width, height
    piece = image[y0:y1, x0:x1]
    if scale < 1:  # a big shrink halves first (vision/shrink.py): whole halvings lose no px
        size = scaled_size(x1 - x0, y1 - y0, scale)
        step = 2 ** halvings(x1 - x0, y1 - y0, size, PIECE_QUICK_FROM)
        x0, x1 = _whole_halvings((x0, x1), width, step)
        y0, y1 = _whole_halvings((y0, y1), height, step)
        piece = shrunk(image[y0:y1, x0:x1], scaled_size(x1 - x0, y1 - y0, scale), PIECE_QUICK_FROM)
    sx, sy = (piece.shape[1] / (x1 - x0), piece.shape[0] / (y1 - y0)) if scale < 1 else (1, 1)
    # photo -> piece: subtract the piece's origin and shrink; piece -> patch: turn and scale
    to_piece = np.float64([[sx, 0, -x0 * sx], [0, sy, -y0 * sy], [0, 0, 1]])
    turn = np.float64([[along[0], along[1], 0], [-along[1], along[0], 0], [0, 0, 1]])
    grow = scale / np.array([sx, sy]).mean()
    centre = to_piece @ np.array([middle[0], middle[1], 1.0])
    to_patch = (
        np.float64([[1, 0, MIDDLE], [0, 1, MIDDLE], [0, 0, 1]])
        @ np.diag([grow, grow, 1.0])
        @ turn
        @ np.float64([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    )
    out = cv2.warpAffine(
        piece,
        to_patch[:2],
        (REFINE_PATCH, REFINE_PATCH),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return out, (to_patch @ to_piece)[:2]


def network_input(patches: list[np.ndarray]) -> np.ndarray:
    """N x 3 x REFINE_PATCH x REFINE_PATCH, each patch scaled to its own mean and spread."""
    if not patches:
        return np.zeros((0, 3, REFINE_PATCH, REFINE_PATCH), np.float32)
    return standardised(np.stack(patches))


def to_units(points: np.ndarray) -> np.ndarray:
    """Patch px -> the model's units (REFINE_LENGTH from the patch's middle)."""
    return (np.asarray(points, np.float32) - MIDDLE) / REFINE_LENGTH


def from_units(values: np.ndarray) -> np.ndarray:
    return np.asarray(values, np.float32).reshape(-1, 4, 2) * REFINE_LENGTH + MIDDLE


@cache
def _model(path: Path = MODEL) -> cv2.dnn.Net:
    return open_net(path)


def refine(
    image: np.ndarray, outlines: list[np.ndarray], looks: int = REFINE_LOOKS
) -> list[np.ndarray]:
    """Each rough outline (4x2 photo px, ends first) refined onto its tile, ``looks`` times."""
    current = [np.float32(c) for c in outlines]
    for _ in range(looks):
        if not current:
            break
        patches, maps = zip(*(patch(image, c) for c in current), strict=True)
        model = _model(MODEL)
        model.setInput(network_input(list(patches)))
        found = from_units(model.forward())
        current = [_back(points, m) for points, m in zip(found, maps, strict=True)]
    return current


def _back(points: np.ndarray, to_patch: np.ndarray) -> np.ndarray:
    back = cv2.invertAffineTransform(to_patch)
    return np.float32(points @ back[:, :2].T + back[:, 2])
