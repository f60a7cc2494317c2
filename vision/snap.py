"""Snap a rough outline onto the tile's edges: the spotter finds a tile's middle well but its
direction and size only roughly (vision/spot.py), too roughly to cut the halves from.

Round the rough middle, the photo is scaled so the tile is SNAP_LENGTH px long. For every
direction (SNAP_TURN degrees apart) and a range of lengths and widths, a rectangle scores
by how strongly the brightness changes across its four sides and across its middle (the
divider), the weakest side counting extra: a tile's outline is edged all round. The best
rectangle is then moved, turned and resized a little for a closer fit.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.spot import ends_first
from vision.thresholds import SNAP_LENGTH, SNAP_TURN

_ALONG = np.linspace(-0.42, 0.42, 12)
"""Where each side is sampled, as shares of its length (the corners are left out)."""
_LENGTHS = np.linspace(0.7, 1.4, 8)
_WIDTHS = np.linspace(0.6, 1.5, 10)
"""Lengths and widths tried, as shares of the rough outline's."""


def snap(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The rectangle (4x2 photo px, ends first as vision/spot.py gives them) that fits the
    tile round the rough outline ``corners`` best."""
    c = np.float32(corners)
    end_a, end_b = (c[0] + c[1]) / 2, (c[2] + c[3]) / 2
    length = float(np.linalg.norm(end_b - end_a))
    width = float(np.linalg.norm(c[0] - c[1]) + np.linalg.norm(c[2] - c[3])) / 2
    scale = SNAP_LENGTH / max(length, 1.0)
    side = 2 * SNAP_LENGTH
    middle = c.mean(axis=0)
    to_piece = np.float32(
        [[scale, 0, SNAP_LENGTH - scale * middle[0]], [0, scale, SNAP_LENGTH - scale * middle[1]]]
    )
    piece = cv2.warpAffine(
        image, to_piece, (side, side), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    grey = cv2.cvtColor(piece, cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.0)
    slopes = cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1)

    lengths, widths = np.meshgrid(_LENGTHS * SNAP_LENGTH, _WIDTHS * SNAP_LENGTH * width / length)
    lengths, widths = lengths.ravel(), widths.ravel()
    centre = np.full(lengths.shape, float(SNAP_LENGTH))
    best = (-1.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    for turn in np.arange(0.0, 180.0, SNAP_TURN):
        scores = _fit(slopes, turn, centre, centre, lengths, widths)
        i = int(scores.argmax())
        if scores[i] > best[0]:
            best = (scores[i], turn, lengths[i], widths[i], SNAP_LENGTH, SNAP_LENGTH)

    # a closer fit: a few px either way, a degree or three, a tenth longer or shorter
    score, turn, length, width, x, y = best
    shift, grow = np.arange(-4, 5, 2.0), np.linspace(0.9, 1.1, 5)
    dx, dy, dl, dw = (a.ravel() for a in np.meshgrid(shift, shift, grow, grow))
    for nudge in (-3, -2, -1, 0, 1, 2, 3):
        scores = _fit(
            slopes, best[1] + nudge, best[4] + dx, best[5] + dy, best[2] * dl, best[3] * dw
        )
        i = int(scores.argmax())
        if scores[i] > score:
            score, turn = scores[i], best[1] + nudge
            x, y, length, width = best[4] + dx[i], best[5] + dy[i], best[2] * dl[i], best[3] * dw[i]
    box = cv2.boxPoints(((float(x), float(y)), (float(length), float(width)), float(turn)))
    back = cv2.invertAffineTransform(to_piece)
    return ends_first(box @ back[:, :2].T + back[:, 2])


def _fit(slopes, turn, x, y, lengths, widths) -> np.ndarray:
    """How well each rectangle (middles ``x``, ``y``; ``lengths`` along the direction
    ``turn``, ``widths`` across) lies on edges: the mean change of brightness across its
    sides, plus half the weakest side's, plus a third of the change across its middle."""
    along = np.array([np.cos(np.radians(turn)), np.sin(np.radians(turn))])
    across = np.array([-along[1], along[0]])
    slope_x, slope_y = slopes
    edge_across_ends = cv2.GaussianBlur(
        np.abs(slope_x * along[0] + slope_y * along[1]), (0, 0), 1.2
    )
    edge_across_sides = cv2.GaussianBlur(
        np.abs(slope_x * across[0] + slope_y * across[1]), (0, 0), 1.2
    )
    x, y = np.asarray(x, float)[:, None], np.asarray(y, float)[:, None]
    half_length, half_width = np.asarray(lengths)[:, None] / 2, np.asarray(widths)[:, None] / 2
    spread_across = _ALONG * 2 * half_width
    spread_along = _ALONG * 2 * half_length

    def sampled(edges, px, py):
        size = edges.shape[0]
        xi = np.clip(np.rint(px).astype(int), 0, size - 1)
        yi = np.clip(np.rint(py).astype(int), 0, size - 1)
        return edges[yi, xi].mean(axis=1)

    sides = []
    for sign in (-1, 1):
        ex = x + sign * half_length * along[0] + spread_across * across[0]
        ey = y + sign * half_length * along[1] + spread_across * across[1]
        sides.append(sampled(edge_across_ends, ex, ey))
    for sign in (-1, 1):
        sx = x + sign * half_width * across[0] + spread_along * along[0]
        sy = y + sign * half_width * across[1] + spread_along * along[1]
        sides.append(sampled(edge_across_sides, sx, sy))
    divider = sampled(
        edge_across_ends, x + spread_across * across[0], y + spread_across * across[1]
    )
    sides = np.stack(sides)
    return sides.mean(axis=0) + 0.5 * sides.min(axis=0) + 0.3 * divider
