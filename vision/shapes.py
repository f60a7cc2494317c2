"""The geometry of outlines: four corners (4x2 px), the two at end A first, then round
clockwise on screen to end B's, as every stage of the recogniser takes them."""

from __future__ import annotations

import cv2
import numpy as np

from vision.thresholds import CENTRED


def outline_length(corners: np.ndarray) -> float:
    """An outline's length: from the middle of one end to the other's."""
    c = np.float32(corners)
    return float(np.linalg.norm((c[0] + c[1]) / 2 - (c[2] + c[3]) / 2))


def outline_along(corners: np.ndarray) -> np.ndarray:
    """The unit direction from the middle of end A to the middle of end B."""
    c = np.float32(corners)
    return ((c[2] + c[3]) - (c[0] + c[1])) / 2 / max(outline_length(c), 1e-3)


def outline_width(corners: np.ndarray) -> float:
    """An outline's width: the mean of its two ends' lengths."""
    c = np.asarray(corners)
    return float((np.linalg.norm(c[0] - c[1]) + np.linalg.norm(c[2] - c[3])) / 2)


def half_middles(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The middles of an outline's two halves: end A's, then end B's."""
    c = np.float32(corners)
    middle = c.mean(axis=0)
    return (c[:2].mean(axis=0) + middle) / 2, (c[2:].mean(axis=0) + middle) / 2


def area(corners: np.ndarray) -> float:
    return abs(cv2.contourArea(np.float32(corners)))


def fill_outline(mask: np.ndarray, corners: np.ndarray, value: int, grown: float = 1.0) -> None:
    """Fill an outline into ``mask`` with ``value``, scaled by ``grown`` about its middle
    (over 1 to take in a tile's rim and shadow, under 1 for its face alone)."""
    centre = corners.mean(axis=0)
    cv2.fillConvexPoly(mask, np.round(centre + (corners - centre) * grown).astype(np.int32), value)


def inside(point: np.ndarray, corners: np.ndarray) -> bool:
    return cv2.pointPolygonTest(np.float32(corners), (float(point[0]), float(point[1])), False) >= 0


def centred(point: np.ndarray, corners: np.ndarray) -> bool:
    """Whether ``point`` (a tile's middle, as the spotter sees it) is the outline's middle,
    give or take CENTRED of its length: an outline across two touching tiles has one of
    their middles inside it, each about a third of its length off its own middle."""
    c = np.float32(corners)
    off = float(np.linalg.norm(c.mean(axis=0) - point))
    return inside(point, c) and off <= CENTRED * outline_length(c)


def shared(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller outline's area that the two outlines have in common."""
    return _common(a, b, min(area(a), area(b)))


def shared_by_larger(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the larger outline's area that the two outlines have in common: small
    when one is far bigger than the other, though it holds the other whole."""
    return _common(a, b, max(area(a), area(b)))


def covered(corners: np.ndarray, others: list[np.ndarray]) -> float:
    """The share of an outline's area that ``others`` cover, their overlaps with it summed
    (the outlines of tiles read barely overlap one another), at most 1."""
    whole = area(corners)
    return min(1.0, sum(_common(corners, other, whole) for other in others))


def _common(a: np.ndarray, b: np.ndarray, whole: float) -> float:
    if whole <= 0:
        return 0.0
    overlap, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    return float(overlap) / whole


def turned(rough: np.ndarray) -> np.ndarray:
    """The outline turned a quarter round about its middle."""
    c = np.float32(rough)
    middle = c.mean(axis=0)
    return middle + (c - middle) @ np.float32([[0, 1], [-1, 0]])
