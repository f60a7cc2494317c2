"""Stage 2, split each tile into its two halves at the divider.

Each half is warped to a square face patch (the divider band and the bevelled rim are left
out), at full photo resolution, so pips are counted on as many pixels as the photo has.
A brass spinner on the divider sits in the band that is left out.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.thresholds import DIVIDER_BAND, HALF_SIZE, RIM


def split_halves(image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two halves of a tile as square patches; each patch has its outer end at the top."""
    c = np.asarray(corners, dtype=np.float32)
    a_left, a_right, b_right, b_left = c
    # the divider is in the tile's middle, which in perspective is not the outline's: map
    # a flat tile's middle line onto the outline
    flat = np.float32([[0, 0], [1, 0], [1, 2], [0, 2]])
    middle = cv2.perspectiveTransform(
        np.float32([[[0, 1], [1, 1]]]), cv2.getPerspectiveTransform(flat, c)
    )[0]
    mid_left, mid_right = middle[0], middle[1]
    return (
        _warp_half(image, a_left, a_right, mid_right, mid_left),
        _warp_half(image, b_right, b_left, mid_left, mid_right),
    )


def _warp_half(image, outer_left, outer_right, inner_right, inner_left) -> np.ndarray:
    def lerp(p, q, t):
        return p + (q - p) * t

    # pull the quad inwards: rim at the outer end and the sides, the divider band inside
    ol = lerp(outer_left, inner_left, RIM)
    orr = lerp(outer_right, inner_right, RIM)
    il = lerp(inner_left, outer_left, DIVIDER_BAND)
    ir = lerp(inner_right, outer_right, DIVIDER_BAND)
    ol, orr = lerp(ol, orr, RIM), lerp(orr, ol, RIM)
    il, ir = lerp(il, ir, RIM), lerp(ir, il, RIM)
    source = np.float32([ol, orr, ir, il])
    n = HALF_SIZE - 1
    target = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
    matrix = cv2.getPerspectiveTransform(source, target)
    return cv2.warpPerspective(
        image, matrix, (HALF_SIZE, HALF_SIZE), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
