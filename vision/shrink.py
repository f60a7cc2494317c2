"""Shrinking a photo, or a piece of one, by averaging areas, quickly where it shrinks a lot.

Every stage that shrinks looks at an average over each new pixel's area (OpenCV's
INTER_AREA): nothing is lost between samples, so small pips and thin edges stay. OpenCV
averages quickly when it shrinks by a whole number and slowly otherwise: a 4032 px phone
photo to 384 px took 25 ms, and a 1300 px piece of it round a tile to the refiner's 120 px
4 ms. Halving is quick, so a big shrink is done as halvings first, then the rest by areas.
Only shrinks of QUICK_FROM times or more are split, and the halvings stop while QUICK_FROM
times is left to go. The picture is then the one-step picture within a grey level or two
(a 4032 px photo to 384 px: 0.3 of a grey level on average, 3 values in a thousand more
than 2 apart, 11 at most, at sharp edges; halving to the last moved edges by up to 33), and
every bench set reads it within the noise a grey level makes (docs/vision-history.md,
2026-12-07). The refiner's pieces are halved only from 8 times on, as it learned them
(vision/refine.py). Shrinks under QUICK_FROM times are OpenCV's one step.
"""

from __future__ import annotations

import cv2
import numpy as np

QUICK_FROM = 3
"""A shrink this many times or more is done as halvings first, while this many times is
left to go (a stage may ask for another, as the refiner does)."""


def shrunk(image: np.ndarray, size: tuple[int, int], quick_from: int = QUICK_FROM) -> np.ndarray:
    """``image`` shrunk to ``size`` (width, height) by averaging areas, halved first from
    ``quick_from`` times on. A halving leaves out an odd last row or column: a piece whose
    sides are multiples of 2 to the power of ``halvings`` loses none (vision/refine.py cuts
    its pieces so)."""
    for _ in range(halvings(image.shape[1], image.shape[0], size, quick_from)):
        image = _halved(image)
    return by_areas(image, size)


def by_areas(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``image`` resized to ``size`` by averaging areas (INTER_AREA): the very picture
    OpenCV's one step gives, a fifth quicker where it shrinks 2 times or more but not by a
    whole number. OpenCV averages in floats either way and rounds each pixel to the nearest
    byte, half to even, as ``np.rint`` does; from bytes it is slower there than from floats.
    Under 2 times, turning the bigger picture into floats costs more than it saves, and a
    whole-number shrink has OpenCV's own quick way. (The refiner's 3,313 pieces of 80 mats
    and tables: every pixel alike, 0.84 ms a piece against 0.67; docs/vision-history.md.)"""
    height, width = image.shape[:2]
    whole = width % size[0] == 0 and height % size[1] == 0
    if image.dtype != np.uint8 or whole or width < 2 * size[0] or height < 2 * size[1]:
        return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    floats = cv2.resize(image.astype(np.float32), size, interpolation=cv2.INTER_AREA)
    return np.rint(floats).astype(np.uint8)


def _halved(image: np.ndarray) -> np.ndarray:
    """``image`` at half its size, each pixel the mean of four (an odd last row or column
    left out)."""
    rows, columns = image.shape[0] // 2, image.shape[1] // 2
    return cv2.resize(
        image[: rows * 2, : columns * 2], (columns, rows), interpolation=cv2.INTER_AREA
    )


def scaled_size(width: int, height: int, scale: float) -> tuple[int, int]:
    """A ``width`` x ``height`` picture's size scaled by ``scale``, each side rounded (as
    ``cv2.resize(image, None, fx=scale, fy=scale)`` rounds it) and at least 1 px."""
    return max(1, round(width * scale)), max(1, round(height * scale))


def scaled_by(image: np.ndarray, scale: float) -> np.ndarray:
    """``image`` scaled by ``scale`` by averaging areas, sized as ``scaled_size``."""
    height, width = image.shape[:2]
    size = scaled_size(width, height, scale)
    if not halvings(width, height, size):
        # OpenCV's own sizing as the stages have always had it: they were tuned on it
        return cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return shrunk(image, size)


def to_side(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``image`` scaled so its long side is ``side`` px (shrunk by areas, grown
    bilinearly), and the scale used."""
    height, width = image.shape[:2]
    scale = side / max(height, width)
    size = scaled_size(width, height, scale)
    if scale < 1:
        return shrunk(image, size), scale
    return cv2.resize(image, size, interpolation=cv2.INTER_LINEAR), scale


def halved_to_side(image: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """``image`` scaled so its long side is ``side`` px, and the scale used, quickly: halved
    by areas while it is twice that or more, then the rest (under 2 times) bilinearly; grown
    bilinearly. The spotter's look (vision/spot.py): a 1920 px photo to 768 px in 1.1 ms
    where ``to_side`` takes 6.7, within a grey level on average (0.2; 2 values in a thousand
    more than 2 apart, 25 at most, at sharp edges)."""
    height, width = image.shape[:2]
    scale = side / max(height, width)
    size = scaled_size(width, height, scale)
    for _ in range(halvings(width, height, size, quick_from=2)):
        image = _halved(image)
    return cv2.resize(image, size, interpolation=cv2.INTER_LINEAR), scale


def halvings(width: int, height: int, size: tuple[int, int], quick_from: int = QUICK_FROM) -> int:
    """How many times ``shrunk`` halves a ``width`` x ``height`` picture on its way to
    ``size``."""
    count = 0
    while width >= quick_from * size[0] and height >= quick_from * size[1]:
        width, height, count = width // 2, height // 2, count + 1
    return count
