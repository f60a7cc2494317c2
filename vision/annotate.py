"""The picture players see: each tile outlined, its value drawn large, doubtful ones in red;
a dim photo lit up as it was read (vision/light.py), so the tiles can be checked on it."""

from __future__ import annotations

import cv2
import numpy as np

from vision.light import lit
from vision.reading import Recognition

SURE = (60, 200, 60)
DOUBTFUL = (40, 40, 230)


def annotate(image: np.ndarray, recognition: Recognition) -> np.ndarray:
    """A copy of ``image`` with the recognised tiles drawn on it."""
    picture = lit(image).copy()
    scale = max(picture.shape[:2]) / 1000
    thickness = _stroke(scale)
    for found in recognition.tiles:
        colour = DOUBTFUL if found.doubtful else SURE
        outline = np.round(np.array(found.corners)).astype(np.int32)
        cv2.polylines(picture, [outline], True, colour, thickness, cv2.LINE_AA)
        label = f"{found.ends[0]}|{found.ends[1]}"
        if found.doubtful:
            label += "?"
        (left, top), (right, bottom), size, weight = label_box(label, found.corners, scale)
        cv2.rectangle(picture, (left, top), (right, bottom), (255, 255, 255), -1)
        origin = (left + 4, bottom - 6)
        cv2.putText(
            picture, label, origin, cv2.FONT_HERSHEY_SIMPLEX, size, colour, weight, cv2.LINE_AA
        )
    banner = f"total {recognition.pip_total}"
    if recognition.status == "unreadable":
        banner = "cannot read: " + "; ".join(recognition.reasons)
    elif recognition.low_confidence:
        banner += "  - please check the red tiles"
    for colour, width in (((0, 0, 0), thickness + 2), ((255, 255, 255), thickness)):
        # a dark outline under white letters: readable on any table
        cv2.putText(
            picture,
            banner,
            (10, int(40 * scale) + 10),
            cv2.FONT_HERSHEY_SIMPLEX,
            1.2 * scale,
            colour,
            width,
            cv2.LINE_AA,
        )
    return picture


def _stroke(scale: float) -> int:
    """The outlines' and the full-size values' line width for a picture of this scale."""
    return max(2, round(3 * scale))


def label_box(label: str, corners, scale: float):
    """Where a tile's value is written: a white box centred on the tile, its top-left and
    bottom-right corners, with the text's size and stroke. As large as reads well from
    across the table, but no larger than fits on the tile (give or take a little), so the
    values of small touching tiles do not run into one another."""
    c = np.asarray(corners, float)  # one end's two corners, then the other end's
    along = (c[2] + c[3] - c[0] - c[1]) / 2
    length = float(np.linalg.norm(along))
    width = (float(np.linalg.norm(c[1] - c[0])) + float(np.linalg.norm(c[2] - c[3]))) / 2
    u = along / max(length, 1e-6)
    v = np.array([-u[1], u[0]])
    thickness = _stroke(scale)
    (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, 1.0, thickness)
    # the white box, (w, h) * size plus a margin of (8, 10), fits on the tile when its
    # corners do, along the tile's length and across its width
    fits = min(
        (extent - 8 * abs(axis[0]) - 10 * abs(axis[1])) / (w * abs(axis[0]) + h * abs(axis[1]))
        for extent, axis in ((length, u), (width, v))
    )
    size = max(min(1.2 * scale, fits), 0.35)  # 0.35: still legible, zoomed in
    weight = max(1, round(thickness * size / (1.2 * scale)))
    (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, size, weight)
    cx, cy = c.mean(axis=0)
    left, bottom = int(cx - w / 2) - 4, int(cy + h / 2) + 6
    return (left, bottom - h - 10), (left + w + 8, bottom), size, weight
