"""Before stage 1: undo the slant of a camera held at an angle over the table.

A phone held at an angle squashes everything on the table along one direction: round pips
look like ellipses, a tile looks short and its divider no longer square to its sides. Pips
are round on every set, so their shapes in the picture tell the slant: the direction they
are squashed in and by how much. Seen steeply, the table also recedes: the far side is
smaller and more squashed than the near side, and the pips' shapes agree only once the
far side is brought forward. The working copy is brought forward and stretched back
before the tiles are found, and their corners are mapped back to the photo.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.find import darker_than_nearby
from vision.thresholds import (
    ALIKE,
    FRONT_SIDES,
    LEAST_PIPS,
    MAX_GROWTH,
    PIP_CLOSING,
    RECEDES,
    SQUASHED,
)


@dataclass(frozen=True)
class Slant:
    squash: float  # short over long axis of a pip, 0..1 (1: not squashed)
    direction: np.ndarray  # unit vector of the squashed direction, in working pixels
    # the table recedes: the projective map (3x3) that brings the far side forward, or None
    recede: np.ndarray | None = None


def _pips(work: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The solid, elliptical dark marks: their centres (n, 2), areas (n,) and shapes (n, 2,
    2: second moments scaled to a determinant of 1)."""
    # the darkest channel: black pips and coloured ones alike are dark in it, the face not
    blue, green, red = cv2.split(work)
    darkest = cv2.min(cv2.min(blue, green), red)
    dark = darker_than_nearby(darkest, PIP_CLOSING)
    contours, _ = cv2.findContours(dark, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    centres, areas, shapes = [], [], []
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
        centres.append((m["m10"] / m["m00"], m["m01"] / m["m00"]))
        areas.append(area)
        shapes.append(spread / np.sqrt(np.linalg.det(spread)))
    return np.array(centres).reshape(-1, 2), np.array(areas), np.array(shapes).reshape(-1, 2, 2)


def measure_slant(work: np.ndarray) -> Slant | None:
    """The camera's slant read from the pips, or None when the view is square enough (or
    there are too few pips to tell)."""
    centres, areas, shapes = _pips(work)
    if len(areas) < LEAST_PIPS:
        return None
    # pips of one set are of one size; much smaller or larger marks are something else
    typical = float(np.median(areas))
    alike = (typical / 2.5 < areas) & (areas < typical * 2.5)
    centres, shapes = centres[alike], shapes[alike]
    slant = _squashed(shapes)
    if slant is None or slant.squash >= SQUASHED:
        return None
    recede = _recede(centres, shapes, slant, work.shape[1::-1])
    if recede is None:
        return slant
    forward = _squashed(_brought_forward(centres, shapes, recede))
    if forward is None:
        return slant
    return Slant(forward.squash, forward.direction, recede)


def _squashed(shapes: np.ndarray) -> Slant | None:
    """The pips' mean squash and its direction, if they agree on it (most squashed the
    same way, or hardly at all); None when they do not."""
    values, vectors = np.linalg.eigh(np.mean(shapes, axis=0))
    direction, across = vectors[:, 0], vectors[:, 1]
    # a pip agrees when it is narrower along the squash than across it; and pips are all
    # of a shape (nearly: perspective varies it), where the weave of a towel or the grain
    # of wood is all sorts
    agreeing = direction @ shapes @ direction < across @ shapes @ across
    if agreeing.sum() < 0.8 * len(shapes) or _spread(shapes) > ALIKE:
        return None
    return Slant(min(float(np.sqrt(values[0] / values[1])), 1.0), direction)


def _receding(centre: np.ndarray, gradient: np.ndarray) -> np.ndarray:
    """The map p -> centre + (p - centre) / w, w = 1 + gradient . (p - centre): it brings
    forward the side of the picture where w < 1, as a 3x3 matrix."""
    shift = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    bring = np.array([[1, 0, 0], [0, 1, 0], [gradient[0], gradient[1], 1]])
    return np.linalg.inv(shift) @ bring @ shift


def _brought_forward(centres: np.ndarray, shapes: np.ndarray, recede: np.ndarray):
    """The pips' shapes after a projective map: their moments through its local Jacobian
    at each pip (scaled to a determinant of 1)."""
    w = centres @ recede[2, :2] + recede[2, 2]
    mapped = (centres @ recede[:2, :2].T + recede[:2, 2]) / w[:, None]
    jacobian = (recede[:2, :2] - mapped[:, :, None] * recede[2, :2]) / w[:, None, None]
    moved = jacobian @ shapes @ jacobian.transpose(0, 2, 1)
    return moved / np.sqrt(np.linalg.det(moved))[:, None, None]


def _spread(shapes: np.ndarray) -> float:
    """How unlike one another the pips' shapes are (the best 80% of them)."""
    mean = np.mean(shapes, axis=0)
    apart = np.linalg.norm((shapes - mean / np.sqrt(np.linalg.det(mean))).reshape(-1, 4), axis=1)
    return float(np.mean(np.sort(apart)[: max(1, int(0.8 * len(apart)))] ** 2))


def _recede(centres, shapes, slant: Slant, size) -> np.ndarray | None:
    """The projective map that brings the far side of a receding table forward, or None.

    A camera tilted by t squashes the pips to about cos t along one direction, and the
    table recedes along that same direction: w = 1 + g . (p - middle) shrinks towards the
    far side by sin t / f a pixel, f the focal length in pixels (no less than about a
    third of the picture's width, even for an ultra-wide phone camera). In perspective
    the pips near and far are squashed unlike; once the far side is brought forward by
    the right g they are all alike (an affine view, which the squash then undoes). So g
    is the one, along the squash, that makes the pips' shapes agree best, and clearly
    better than none does."""
    middle = np.array(size, float) / 2
    reach = np.sqrt(1 - slant.squash**2) * 3.5 / max(size)
    steps = np.linspace(-reach, reach, 41)
    maps = [_receding(middle, slant.direction * step) for step in steps]
    spreads = [_spread(_brought_forward(centres, shapes, m)) for m in maps]
    best = int(np.argmin(spreads))
    if spreads[best] > RECEDES * spreads[len(steps) // 2]:
        return None
    corners = np.array([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]], float)
    if (corners @ maps[best][2, :2] + maps[best][2, 2]).min() < 0.25:
        return None
    return maps[best]


def near_side(slant: Slant | None) -> np.ndarray | None:
    """Seen this steeply (about 30° or more), thick tiles show their front sides: the unit
    vector in the levelled copy towards the camera, or None. A receding table says which
    side is near; otherwise it is the bottom of the picture, as a phone is held."""
    if slant is None or slant.squash > FRONT_SIDES:
        return None
    direction = slant.direction
    if slant.recede is not None:
        towards = float(slant.recede[2, :2] @ direction)  # w grows towards the camera
    else:
        towards = float(direction[1])
    return direction if towards > 0 else -direction


def level(work: np.ndarray, slant: Slant | None) -> tuple[np.ndarray, np.ndarray]:
    """The working copy brought forward and stretched so the pips are one size and round
    again, and the 3x3 map from the levelled copy back to the working copy."""
    if slant is None:
        return work, np.eye(3, dtype=np.float32)
    d = slant.direction.reshape(2, 1)
    stretch = np.eye(3)
    stretch[:2, :2] += (1 / slant.squash - 1) * (d @ d.T)
    forward = stretch if slant.recede is None else stretch @ slant.recede
    height, width = work.shape[:2]
    frame = np.float32([[[0, 0], [width, 0], [width, height], [0, height]]])
    seen = cv2.perspectiveTransform(frame, forward)[0]
    low, high = seen.min(axis=0), seen.max(axis=0)
    grow = 1.0
    if slant.recede is not None:
        # the near side keeps its scale (bringing forward shrinks it by its w), the far
        # side is enlarged to match it, within MAX_GROWTH
        near = float((frame[0] @ slant.recede[2, :2] + slant.recede[2, 2]).max())
        grow = min(near, np.sqrt(MAX_GROWTH * width * height / float(np.prod(high - low))))
    fit = np.array([[grow, 0, -low[0] * grow], [0, grow, -low[1] * grow], [0, 0, 1]])
    forward = fit @ forward
    size = tuple(int(np.ceil(v)) for v in (high - low) * grow)
    # past the picture's edge, its own average colour: a black border would be found as
    # dark marks, and a replicated edge as streaks
    edge = tuple(float(v) for v in cv2.mean(work)[:3])
    flat = cv2.warpPerspective(work, forward, size, flags=cv2.INTER_LINEAR, borderValue=edge)
    return flat, np.linalg.inv(forward)


def to_working(points: np.ndarray, back: np.ndarray) -> np.ndarray:
    """Points of the levelled copy in the working copy's pixels."""
    points = np.asarray(points, np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(points, np.asarray(back, np.float64))[:, 0, :]
