"""Stage 1, second half: outline a tile around its divider.

The divider runs across the tile's short side and the tile is about twice as long as wide;
the face ends where the face colour stops, or where a touching neighbour's divider says the
next tile begins. Seen at a slant, the tile's sides lean against its divider.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.thresholds import EDGE_FACE_FRACTION, MAX_DEPTH, MAX_LEAN, MIN_DEPTH

if TYPE_CHECKING:
    from vision.find import Divider


@dataclass(frozen=True)
class FoundTile:
    # 4x2 float32 in working pixels: end A left, end A right, end B right, end B left
    corners: np.ndarray
    divider: Divider
    width: float


def _face_extent(face: np.ndarray, start: int, stop: int, prior: int) -> int:
    """Where the tile ends between lines start..stop of a patch (rows are lines across).

    The first line with little face colour left; when the table is the face's own colour
    (white tiles on white paper) the usual proportions of a tile decide. (The darkest line
    is no guide: a row or column of pips is darker than any rim.)
    """
    stop = max(stop, start + 1)
    coverage = face[start:stop].mean(axis=1)
    below = np.nonzero(coverage < EDGE_FACE_FRACTION)[0]
    if len(below):
        return start + int(below[0])
    return prior


def outline_tile(work: np.ndarray, divider: Divider, others: list[Divider]) -> FoundTile:
    """The tile around a divider, measured from where its face colour stops."""
    along, normal = divider.along, np.array([-divider.along[1], divider.along[0]])
    width0 = divider.length / 0.8
    px = 80.0 / width0  # patch pixels per working pixel
    half_w, half_l = 0.8 * width0, 1.4 * width0
    size = (round(2 * half_w * px), round(2 * half_l * px))
    # affine map from patch (u, v) to working (x, y)
    origin = divider.centre - along * half_w - normal * half_l
    to_work = np.float32(
        [
            [along[0] / px, normal[0] / px, origin[0]],
            [along[1] / px, normal[1] / px, origin[1]],
        ]
    )
    patch = cv2.warpAffine(
        work,
        to_work,
        size,
        flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0),
    )
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    cu, cv_ = size[0] // 2, size[1] // 2
    sample = np.concatenate(
        [
            lab[cv_ - 64 : cv_ - 12, cu - 24 : cu + 24].reshape(-1, 3),
            lab[cv_ + 12 : cv_ + 64, cu - 24 : cu + 24].reshape(-1, 3),
        ]
    )
    face_colour = np.median(sample, axis=0)
    distance = np.linalg.norm(lab - face_colour, axis=2)
    face = (distance < 28).astype(np.uint8)
    face = cv2.morphologyEx(face, cv2.MORPH_CLOSE, np.ones((15, 15), np.uint8)).astype(float)
    # sideways: columns over the central rows of both halves
    band = slice(cv_ - 60, cv_ + 60)
    half_bar = round(divider.length * px / 2)
    reach_across = round(half_bar / 0.55)
    prior = round(half_bar / 0.8)
    right = _face_extent(face[band].T, cu + half_bar, min(size[0], cu + reach_across), cu + prior)
    flip = size[0] - 1 - cu
    left = (
        size[0]
        - 1
        - _face_extent(
            face[band].T[::-1],
            flip + half_bar,
            min(size[0], flip + reach_across),
            flip + prior,
        )
    )
    width = (right - left) / px
    mid_u = (left + right) / 2
    centre = divider.centre + along * (mid_u - cu) / px
    capped = False
    for other in others:  # a touching neighbour's divider in line with ours: meet halfway
        offset = other.centre - centre
        if abs(offset @ normal) < 0.3 * width and 0.3 * width < abs(offset @ along) < 1.6 * width:
            width = min(width, abs(float(offset @ along)))
            capped = True
    w_px = round(width * px)
    # lengthways: each half from the bar to where the face stops
    strip = slice(round(mid_u - w_px * 0.3), round(mid_u + w_px * 0.3))
    # lengthways rows of pips look just like edges, so unless the face colour stops the
    # tile's proportions (twice as long as wide) decide
    cols = face[:, strip]
    reach = (round(w_px * 0.8), round(w_px * 1.2))
    down = _face_extent(cols, cv_ + reach[0], min(size[1], cv_ + reach[1]), cv_ + w_px)
    flip = size[1] - 1 - cv_
    up = (
        size[1]
        - 1
        - _face_extent(cols[::-1], flip + reach[0], min(size[1], flip + reach[1]), flip + w_px)
    )
    ends = [(up - cv_) / px, (down - cv_) / px]
    for other in others:  # a touching neighbour at an end: stop where it begins
        offset = other.centre - centre
        along_off, normal_off = offset @ along, offset @ normal
        if abs(along_off) < 0.3 * width and 0.5 * width < abs(normal_off) < 3 * width:
            # in line it reaches half way; a double laid crosswise only half its width
            crosswise = abs(float(other.along @ along)) < 0.5
            reach = abs(normal_off) - 0.5 * other.length / 0.8 if crosswise else abs(normal_off) / 2
            if normal_off > 0:
                ends[1] = min(ends[1], reach)
            else:
                ends[0] = max(ends[0], -reach)
    a, b = ends
    lean = _lean(face, cu, cv_, half_bar, reach_across, w_px) if not capped else 0.0
    # halves of unequal length are the camera's perspective: the near half is the longer,
    # and the near end as much wider as the divider sits off the middle
    depth = float(np.clip(-(a + b) / (b - a), -MAX_DEPTH, MAX_DEPTH)) if b > a else 0.0
    if abs(depth) < MIN_DEPTH:
        depth = 0.0  # halves this close are one length, measured a pixel or two apart
    wa, wb = width / 2 / (1 - depth), width / 2 / (1 + depth)
    corners = np.float32(
        [
            centre + normal * a + along * (lean * a - wa),
            centre + normal * a + along * (lean * a + wa),
            centre + normal * b + along * (lean * b + wb),
            centre + normal * b + along * (lean * b - wb),
        ]
    )
    return FoundTile(corners, divider, float(width))


def _lean(face, cu: int, cv_: int, half_bar: int, reach: int, w_px: int) -> float:
    """How far the tile's middle moves along the divider per unit along the tile.

    Seen at a slant a tile is no longer square: its sides lean against the divider. The
    middle of the face near each outer end tells by how much. Where the face colour does
    not stop (a table of the face's own colour) the tile is taken as square."""
    middles = []
    for rows in (
        slice(cv_ - round(0.85 * w_px), cv_ - round(0.45 * w_px)),
        slice(cv_ + round(0.45 * w_px), cv_ + round(0.85 * w_px)),
    ):
        band = face[rows].T
        size = band.shape[0]
        right = _face_extent(band, cu + half_bar, min(size, cu + reach), -1)
        flip = size - 1 - cu
        left = _face_extent(band[::-1], flip + half_bar, min(size, flip + reach), -1)
        if right < 0 or left < 0:
            return 0.0
        left = size - 1 - left
        if abs((right - left) - w_px) > 0.2 * w_px:
            return 0.0
        middles.append((left + right) / 2)
    lean = (middles[1] - middles[0]) / (1.3 * w_px)
    return float(np.clip(lean, -MAX_LEAN, MAX_LEAN))


def looks_like_a_tile(found: FoundTile) -> bool:
    """A divider spans most of the tile's width and the tile is about twice as long."""
    length = float(np.linalg.norm(found.corners[0] - found.corners[3]))
    if found.width <= 0:
        return False
    return 0.55 <= found.divider.length / found.width <= 0.98 and 1.5 <= length / found.width <= 2.5
