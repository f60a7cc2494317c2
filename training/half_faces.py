"""Halves drawn on their own, with pips laid out every way sets lay them out and more: a
standard 3x3 grid, rows of two or three columns, a frame round the edge, pips scattered at
random. The rendered
tables (vision/world.py) use one arrangement per count, and real sets differ (a nine in
four rows of a double-12 set, say), so a counter trained on those alone learns patterns, not
pips. These make it count, with pips from small to as big as a double-six set's, flat,
engraved or glossy as the rendered tables draw them: with flat pips alone, a counter that never
saw a real set of engraved coloured pips read that set's elevens as twelves (docs/vision.md)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.thresholds import COUNT_PATCH, HALF_SIZE
from vision.world_tiles import PIP_FINISHES, draw_pip, pip_layout

LOOKS = 4
"""Bumped when the drawing changes, so cached halves are drawn anew."""

FACES = ((225, 238, 245), (240, 240, 240), (200, 225, 235), (30, 30, 30), (60, 40, 120))
"""BGR faces: ivory, white, cream, black, a coloured set."""


def drawn_half(rng: np.random.Generator, pips: int) -> np.ndarray:
    """One half with ``pips`` pips, as the halves stage cuts it from a photo, at COUNT_PATCH."""
    size = HALF_SIZE
    face = np.array(FACES[int(rng.integers(len(FACES)))], np.float64) + rng.normal(0, 12, 3)
    dark_face = face.mean() < 100
    canvas = np.empty((size, size, 3), np.float32)
    canvas[:] = np.clip(face, 0, 255)
    points = _layout(rng, pips)
    spacing = _closest(points)
    radius = size * float(np.clip(rng.uniform(0.28, 0.46) * spacing, 0.035, 0.14))
    one_colour = _pip_colour(rng, dark_face) if rng.random() < 0.85 else None
    finish = PIP_FINISHES[int(rng.integers(len(PIP_FINISHES)))]
    lamp = rng.uniform(0, 2 * np.pi)
    light = (float(np.cos(lamp)), float(np.sin(lamp)))
    for x, y in points:
        colour = one_colour or _pip_colour(rng, dark_face)
        draw_pip(canvas, np.array([x, y]) * size, radius, colour, finish, light, tuple(face))
    _edges(rng, canvas)
    return _photographed(rng, canvas)


def _layout(rng, pips: int) -> np.ndarray:
    """Pip centres in a unit half (x across, y along), one of three ways."""
    way = rng.random()
    if pips == 0:
        return np.zeros((0, 2))
    if way < 0.4:
        points = np.array(pip_layout(pips, float(rng.uniform(0.16, 0.26))), np.float64)
    elif way < 0.75:
        points = _rows(rng, pips)
    else:
        points = _scattered(rng, pips)
    return points + rng.normal(0, 0.01, points.shape)


def _rows(rng, pips: int) -> np.ndarray:
    """Rows of two or three columns, filled from the outer columns in, or round the edge
    first (a frame: the middle column's pips at its ends, as many sets print a ten)."""
    columns = 2 if pips <= 8 and rng.random() < 0.4 else 3
    rows = max(2, int(np.ceil(pips / columns)) + int(rng.integers(0, 2)))
    xs = np.linspace(0.2, 0.8, columns)
    ys = np.linspace(0.16, 0.84, rows)
    cells = [(x, y) for y in ys for x in xs]
    frame = rng.random() < 0.4

    def inner(x: float, y: float) -> bool:
        middle = abs(x - 0.5) < 0.1
        return middle and (not frame or ys[0] < y < ys[-1])

    order = sorted(range(len(cells)), key=lambda i: (inner(*cells[i]), rng.random()))
    return np.array([cells[i] for i in order[:pips]], np.float64)


def _scattered(rng, pips: int) -> np.ndarray:
    """At random, never touching."""
    least = 0.5 / np.sqrt(pips + 1)
    points: list[np.ndarray] = []
    for _ in range(400):
        p = rng.uniform(0.14, 0.86, 2)
        if all(np.linalg.norm(p - q) > least for q in points):
            points.append(p)
            if len(points) == pips:
                break
    while len(points) < pips:  # crowded: fall back on the sets' own layout
        return np.array(pip_layout(pips), np.float64)
    return np.array(points)


def _closest(points: np.ndarray) -> float:
    if len(points) < 2:
        return 0.3
    gaps = np.linalg.norm(points[:, None] - points[None], axis=2) + np.eye(len(points)) * 9
    return float(gaps.min())


def _pip_colour(rng, dark_face: bool) -> tuple[float, float, float]:
    if dark_face:
        return tuple(float(v) for v in rng.uniform(190, 255, 3))
    if rng.random() < 0.5:
        return tuple(float(v) for v in rng.uniform(0, 60, 3))
    hue = np.uint8([[[int(rng.integers(0, 180)), 220, int(rng.integers(90, 220))]]])
    return tuple(float(v) for v in cv2.cvtColor(hue, cv2.COLOR_HSV2BGR)[0, 0])


def _edges(rng, canvas: np.ndarray) -> None:
    """What an outline a little off brings into the half: the divider at the inner end, the
    rim or the table along a side."""
    size = canvas.shape[0]
    if rng.random() < 0.4:
        band = int(rng.integers(1, 7))
        canvas[size - band :] = rng.uniform(0, 90)
    for side in range(4):
        if rng.random() < 0.25:
            band = int(rng.integers(1, 9))
            colour = rng.uniform(0, 255, 3)
            if side == 0:
                canvas[:band] = colour
            elif side == 1:
                canvas[:, :band] = colour
            elif side == 2:
                canvas[:, size - band :] = colour
            else:
                canvas[size - band :] = colour


def _photographed(rng, canvas: np.ndarray) -> np.ndarray:
    """Light, blur, noise, JPEG and the shrink to COUNT_PATCH."""
    size = canvas.shape[0]
    ramp = np.linspace(-1, 1, size)[None, :, None] * rng.uniform(-30, 30)
    canvas = canvas * rng.uniform(0.6, 1.2) + ramp
    sigma = rng.uniform(0, 2.0)
    if sigma > 0.3:
        canvas = cv2.GaussianBlur(canvas, (0, 0), sigma)
    canvas = canvas + rng.normal(0, rng.uniform(0, 9), canvas.shape)
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    quality = int(rng.integers(40, 96))
    image = cv2.imdecode(cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], 1)
    return cv2.resize(image, (COUNT_PATCH, COUNT_PATCH), interpolation=cv2.INTER_AREA)


def drawn_halves(seed: int, count: int, most: int = 15) -> tuple[np.ndarray, np.ndarray]:
    """``count`` drawn halves with 0 to ``most`` pips, and their counts."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, most + 1, count)
    return np.stack([drawn_half(rng, int(n)) for n in labels]), labels.astype(np.int64)
