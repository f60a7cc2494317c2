"""Before stage 1: undo the squash of a camera held at a slant.

A phone held at an angle over the table squashes everything on it along one direction:
round pips look like ellipses, a tile looks short and its divider no longer square to its
sides. Pips are round on every set, so their shapes in the picture tell the slant: the
direction they are squashed in and by how much. The working copy is stretched back along
that direction before the tiles are found, and their corners are mapped back to the photo.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SQUASHED = 0.96
"""Pips narrower than this (short over long axis) mean the camera is slanted, by about 16°
or more. Seen square on, pips measure 0.98-1.0."""

LEAST_PIPS = 8
"""Fewer round-ish marks than this tell nothing about the slant."""

PIP_CLOSING = 31
"""Marks up to about this wide (working pixels) are measured as pips."""


@dataclass(frozen=True)
class Slant:
    squash: float  # short over long axis of a pip, 0..1
    direction: np.ndarray  # unit vector of the squashed direction, in working pixels


def _pip_shapes(work: np.ndarray) -> list[tuple[float, np.ndarray]]:
    """Each solid, elliptical dark mark's area and shape (its second moments, scaled to a
    determinant of 1)."""
    # the darkest channel: black pips and coloured ones alike are dark in it, the face not
    blue, green, red = cv2.split(work)
    gray = cv2.min(cv2.min(blue, green), red)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (PIP_CLOSING, PIP_CLOSING))
    around = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel).astype(np.float32)
    dark = (gray < around - np.maximum(25.0, 0.35 * around)).astype(np.uint8)
    contours, _ = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    shapes = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if len(contour) < 8 or not 16 <= area <= 1500:
            continue
        # a pip with a highlight bitten out of its side, or a bar, is not an ellipse
        if area < 0.92 * cv2.contourArea(cv2.convexHull(contour)):
            continue
        m = cv2.moments(contour)
        spread = np.array([[m["mu20"], m["mu11"]], [m["mu11"], m["mu02"]]]) / m["m00"]
        small, large = np.linalg.eigvalsh(spread)
        if small <= 0:
            continue
        # a filled ellipse covers 4*pi*sqrt(small*large); a ragged blot does not
        if not 0.9 < area / (4 * np.pi * np.sqrt(small * large)) < 1.1:
            continue
        if np.sqrt(small / large) < 0.35:
            continue
        shapes.append((area, spread / np.sqrt(np.linalg.det(spread))))
    return shapes


def measure_slant(work: np.ndarray) -> Slant | None:
    """The camera's slant read from the pips, or None when the view is square enough (or
    there are too few pips to tell)."""
    shapes = _pip_shapes(work)
    if len(shapes) < LEAST_PIPS:
        return None
    typical = float(np.median([area for area, _ in shapes]))
    # pips of one set are of one size; much smaller or larger marks are something else
    shapes = [shape for area, shape in shapes if typical / 2.5 < area < typical * 2.5]
    mean = np.mean(shapes, axis=0)
    values, vectors = np.linalg.eigh(mean)
    squash = float(np.sqrt(values[0] / values[1]))
    direction = vectors[:, 0]
    # the pips must agree: most squashed the same way (or hardly squashed at all)
    agreeing = 0
    for shape in shapes:
        own_values, own_vectors = np.linalg.eigh(shape)
        if own_values[0] / own_values[1] > 0.8 or abs(own_vectors[:, 0] @ direction) > 0.9:
            agreeing += 1
    if squash >= SQUASHED or agreeing < 0.8 * len(shapes):
        return None
    return Slant(squash, direction)


def level(work: np.ndarray, slant: Slant | None) -> tuple[np.ndarray, np.ndarray]:
    """The working copy stretched so the pips are round again, and the 2x3 affine map from
    the stretched copy back to the working copy."""
    if slant is None:
        return work, np.float32([[1, 0, 0], [0, 1, 0]])
    d = slant.direction.reshape(2, 1)
    stretch = np.eye(2) + (1 / slant.squash - 1) * (d @ d.T)
    height, width = work.shape[:2]
    corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], float) @ stretch.T
    low, high = corners.min(axis=0), corners.max(axis=0)
    forward = np.hstack([stretch, -low.reshape(2, 1)]).astype(np.float32)
    size = tuple(int(np.ceil(v)) for v in high - low)
    flat = cv2.warpAffine(work, forward, size, flags=cv2.INTER_LINEAR)
    return flat, cv2.invertAffineTransform(forward)


def to_working(points: np.ndarray, back: np.ndarray) -> np.ndarray:
    """Points of the stretched copy in the working copy's pixels."""
    return (np.asarray(points, np.float32) @ back[:, :2].T + back[:, 2]).astype(np.float32)
