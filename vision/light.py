"""Light a dim photo up before it is read, as a phone's camera would have.

The finder's bars are dark by a number of brightness levels (vision/thresholds.py
DARKNESS), and the learned stages scale each patch to its own spread with a floor
(vision/spot.py, counter.py, verify.py): in a dim photo a tile's face and divider lie
closer together than any of them learned. A photo whose brightest part (its brightest
0.1%: tiles are the brightest things on most tables, and one tile on a black cloth covers
less than 1% of the photo) is darker than DIM_BELOW is brightened until it is that bright,
by at most MAX_GAIN.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.shrink import scaled_by
from vision.thresholds import DIM_BELOW, MAX_GAIN

MEASURE_SIDE = 480
"""The photo is measured on a copy this long: its brightest 0.1% is a broad figure."""


def brightest(image: np.ndarray) -> float:
    """The brightness (0..255) of the photo's brightest 0.1%."""
    scale = min(1.0, MEASURE_SIDE / max(image.shape[:2]))
    small = scaled_by(image, scale)
    return float(np.percentile(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), 99.9))


def lit(image: np.ndarray) -> np.ndarray:
    """The photo, brightened if its brightest 0.1% is under DIM_BELOW; else the photo itself."""
    level = brightest(image)
    if level >= DIM_BELOW or level <= 0:
        return image
    return cv2.convertScaleAbs(image, alpha=min(MAX_GAIN, DIM_BELOW / level))
