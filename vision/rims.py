"""Where a tile read meets the table: how many sides of its outline stand out from it.

A tile face up lies on the table with a rim all round: the face on one side of its outline,
the cloth (or a neighbour's groove) on the other. An outline the reader drew across things
that are not a tile (a row of tiles standing on edge, two face-down tiles and the gap
between them) has sides that run through the middle of a face or over bare cloth, the same
colour on both sides. The reader asks this only of tiles it already doubts (vision/doubt.py).
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from vision.shapes import outline_width
from vision.shrink import scaled_by
from vision.thresholds import RIM_CONTRAST, RIM_LOOK_PX, RIM_REACH

SAMPLES = 15  # points a side, between 15% and 85% of the way along (the corners are round)
FEWEST_SEEN = 5  # a side with fewer of its points in the photo is not seen


class Rims(NamedTuple):
    edged: int  # sides of the outline that stand out from the table (RIM_CONTRAST or more)
    flat: int  # sides in the photo that do not


def rims(image: np.ndarray, corners) -> Rims:
    """How many sides of the outline ``corners`` (4x2 photo px) stand out from the table:
    the median colour difference (Lab) between points RIM_REACH of the tile's width inside
    and outside each side. A side off the photo is neither."""
    outline = np.float32(corners)
    width = max(outline_width(outline), 1.0)
    scale = RIM_LOOK_PX / width
    reach = RIM_REACH * RIM_LOOK_PX
    height, wide = image.shape[:2]
    x0, y0 = np.floor(np.maximum(outline.min(axis=0) - width, 0)).astype(int)
    x1 = int(min(wide, np.ceil(outline[:, 0].max() + width)))
    y1 = int(min(height, np.ceil(outline[:, 1].max() + width)))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return Rims(0, 0)
    piece = image[y0:y1, x0:x1]
    if scale < 1:
        piece = scaled_by(piece, scale)
    else:
        piece = cv2.resize(piece, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    lab = cv2.blur(cv2.cvtColor(piece, cv2.COLOR_BGR2LAB).astype(np.float32), (3, 3))
    points = (outline - [x0, y0]) * scale
    middle = points.mean(axis=0)
    edged = flat = 0
    for a, b in zip(points, np.roll(points, -1, axis=0), strict=True):
        along = a + (b - a) * np.linspace(0.15, 0.85, SAMPLES)[:, None]
        normal = np.array([a[1] - b[1], b[0] - a[0]]) / (np.linalg.norm(b - a) + 1e-6)
        if np.dot(middle - (a + b) / 2, normal) < 0:
            normal = -normal  # inwards
        inner, outer = along + normal * reach, along - normal * reach
        seen = _seen(inner, lab.shape) & _seen(outer, lab.shape)
        if np.count_nonzero(seen) < FEWEST_SEEN:
            continue
        apart = np.linalg.norm(_at(lab, inner[seen]) - _at(lab, outer[seen]), axis=1)
        if float(np.median(apart)) >= RIM_CONTRAST:
            edged += 1
        else:
            flat += 1
    return Rims(edged, flat)


def _seen(points: np.ndarray, shape) -> np.ndarray:
    """The points in the piece: the piece is cut from the photo, so they are in it too."""
    return np.all((points >= 0) & (points <= [shape[1] - 1, shape[0] - 1]), axis=1)


def _at(lab: np.ndarray, points: np.ndarray) -> np.ndarray:
    xs, ys = np.round(points).astype(int).T
    return lab[ys, xs]
