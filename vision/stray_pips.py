"""Pips no tile explains, on a table of the tiles' own colour: a tile every look missed.

The look for unexplained face (vision/scene.py) finds a missed tile by its face colour, and
is no guide where the table is of that colour: white tiles on a white cloth, ivory on
paper. There the pips still stand out. Outside the tiles read (grown to take in their
shadows), this looks for pip-sized spots unlike the table round them, and for groups of
them laid as a tile's pips lie: STRAY_PIPS or more, each within a third of a tile's length
of the next, the group spread over STRAY_SPREAD of a tile's length and fitting in one
tile. Crumbs of a pattern are too few or too far apart; a spotted cloth has too many spots
(STRAY_MOST_SPOTS) to say anything.

Everything is measured in the tiles read: the photo is scaled so that they are
STRAY_TILE_PX long, and a pip is a spot STRAY_PIP_SIZES of that long.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.shapes import fill_outline, outline_length
from vision.shrink import scaled_by
from vision.thresholds import (
    STRAY_CONTRAST,
    STRAY_MOST_SPOTS,
    STRAY_PIP_SIZES,
    STRAY_PIPS,
    STRAY_SPREAD,
    STRAY_TILE_PX,
)


def stray_pip_groups(image: np.ndarray, tiles: list[np.ndarray]) -> list[np.ndarray]:
    """Each group of pips outside ``tiles`` (outlines in ``image`` px) laid as one tile's
    pips lie, as the rectangle round it (4x2, ``image`` px)."""
    if not tiles:
        return []
    length = float(np.median([outline_length(c) for c in tiles]))
    if length <= 0:
        return []
    scale = min(STRAY_TILE_PX / length, 1.0)
    small = scaled_by(image, scale)
    length *= scale  # as the tiles are in ``small``
    pips = _spots(small, [c * scale for c in tiles], length)
    return [group / scale for group in _groups(pips, length)]


def _spots(small: np.ndarray, tiles: list[np.ndarray], length: float) -> np.ndarray:
    """The middles of the pip-sized spots outside the tiles that stand out from the table
    round them, darker or of another tint (N x 2, px of ``small``)."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    pip = max(int(round(length * max(STRAY_PIP_SIZES))), 1)
    # darker than the face or table round it: a closing wider than a pip fills the pips in
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (pip + 2, pip + 2))
    darker = cv2.morphologyEx(lab[..., 0], cv2.MORPH_BLACKHAT, disc).astype(np.float32)
    # of another tint than the face round it: the median over a few pips' width
    around = 2 * pip + 1
    a, b = (cv2.medianBlur(lab[..., i], around).astype(np.float32) for i in (1, 2))
    tint = np.hypot(lab[..., 1] - a, lab[..., 2] - b)
    unlike = np.maximum(darker, tint)
    marks = (unlike > STRAY_CONTRAST).astype(np.uint8)
    # a divider, a rim or a thread is thinner than a pip, and would link pips into one
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    marks = cv2.morphologyEx(marks, cv2.MORPH_OPEN, cross)
    for corners in tiles:  # the tiles read, their rims and shadows
        fill_outline(marks, corners, 0, grown=1.15)
    count, _, stats, middles = cv2.connectedComponentsWithStats(marks, connectivity=8)
    least, most = (length * s for s in STRAY_PIP_SIZES)
    kept = []
    for i in range(1, count):
        x, y, w, h, pixels = stats[i]
        if least <= max(w, h) <= most and min(w, h) >= 0.5 * max(w, h) and pixels >= 0.4 * w * h:
            kept.append(middles[i])
    return np.float32(kept).reshape(-1, 2)


def _groups(pips: np.ndarray, length: float) -> list[np.ndarray]:
    """Pips linked within a third of a tile's length, each group of STRAY_PIPS or more
    that fits in a tile and spreads over STRAY_SPREAD of it, as the rectangle round it."""
    if not STRAY_PIPS <= len(pips) <= STRAY_MOST_SPOTS:
        return []
    near = np.linalg.norm(pips[:, None] - pips[None], axis=2) < length / 3
    group = np.arange(len(pips))
    for _ in range(len(pips)):  # each pip takes the smallest label it is linked to
        joined = np.where(near, group[None, :], len(pips)).min(axis=1)
        if np.array_equal(joined, group):
            break
        group = joined
    found = []
    for label in np.unique(group):
        members = pips[group == label]
        if len(members) < STRAY_PIPS:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(members)
        if max(w, h) < STRAY_SPREAD * length or max(w, h) > 1.1 * length:
            continue
        if min(w, h) > 0.6 * length:
            continue
        # the tile round its pips: a pip's width more at every side
        found.append(cv2.boxPoints(((cx, cy), (w + 0.2 * length, h + 0.2 * length), angle)))
    return found
