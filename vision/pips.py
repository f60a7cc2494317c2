"""Stages 2 and 3: split a found tile into halves at its divider and count each half's pips.

A tile is rectified (its long side horizontal) from the full-resolution photo, so small
tiles keep their pips. Pips are whatever differs from the face: darker (black pips) or more
coloured (the Mexican Train palette); glare, which is brighter and colourless, is ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

SIDE = 96
"""Each half is rectified to SIDE x SIDE pixels."""

ROUND = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))


@dataclass
class HalfCount:
    pips: int
    confidence: float


def rectify(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The tile face as a 2*SIDE x SIDE BGR image; corners start on a long side."""
    dst = np.float32([[0, 0], [2 * SIDE, 0], [2 * SIDE, SIDE], [0, SIDE]])
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    return cv2.warpPerspective(image, m, (2 * SIDE, SIDE), flags=cv2.INTER_AREA)


def pip_map(face: np.ndarray) -> np.ndarray:
    """How much each pixel differs from the face colour (0 = face), darker or coloured."""
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).astype(np.float32)
    core = lab[10:-10, 10:-10].reshape(-1, 3)
    light = core[:, 0]
    bright = core[light >= np.percentile(light, 40)]
    ref = np.median(bright, 0)
    darker = np.maximum(0.0, ref[0] - lab[..., 0])
    chroma = np.hypot(lab[..., 1] - ref[1], lab[..., 2] - ref[2])
    return darker + 1.5 * chroma


def count_halves(face: np.ndarray, set_max: int) -> tuple[HalfCount, HalfCount]:
    """Count the pips of the left and right halves of a rectified tile face."""
    diff = pip_map(face)
    # the rim, the divider and a spinner on it are not pips
    keep = np.zeros(diff.shape, bool)
    m = int(SIDE * 0.05)
    keep[m:-m, m:-m] = True
    strip = int(SIDE * 0.07)
    keep[:, SIDE - strip : SIDE + strip] = False
    yy, xx = np.mgrid[0:SIDE, 0 : 2 * SIDE]
    keep &= (xx - SIDE) ** 2 + (yy - SIDE / 2) ** 2 > (SIDE * 0.2) ** 2
    diff = np.where(keep, diff, 0).astype(np.float32)
    inner = np.zeros(diff.shape, bool)
    i = int(SIDE * 0.13)
    inner[i:-i, i:-i] = True
    inner &= keep
    tile_level = float(np.percentile(diff[inner], 99.5))
    halves = (slice(0, SIDE), slice(SIDE, 2 * SIDE))
    return tuple(_count(diff[:, h], inner[:, h], tile_level, set_max) for h in halves)  # type: ignore[return-value]


def _count(diff: np.ndarray, inner: np.ndarray, tile_level: float, set_max: int) -> HalfCount:
    """The pip count that holds over the widest range of thresholds between the face and
    this half's pip colour (pips of one value share a colour; the other half's may differ)."""
    level = float(np.percentile(diff[inner], 99.5))
    if level < max(22.0, 0.25 * tile_level):
        return HalfCount(0, 1.0 if level < 15 else 0.8)
    counts = []
    # a light blur closes the highlight on a shiny pip and drops speckle
    smooth = cv2.GaussianBlur(diff, (0, 0), SIDE / 48)
    for frac in np.linspace(0.3, 0.7, 9):
        mask = (smooth > frac * level).astype(np.uint8)
        counts.append(_blobs(_fill_holes(mask)))
    votes = np.bincount(counts)
    best = int(np.argmax(votes))
    conf = float(votes[best]) / len(counts)
    if best > set_max:
        conf *= 0.5
    return HalfCount(best, conf)


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 1, -1)
    return filled


def _blobs(mask: np.ndarray) -> int:
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    min_area = np.pi * (SIDE / 30) ** 2
    max_area = np.pi * (SIDE / 4.5) ** 2
    areas = []
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if area < min_area or area > max_area * 2.5:
            continue
        if max(w, h) > 3.2 * min(w, h):
            continue
        areas.append((float(area), max(w, h) / min(w, h)))
    if not areas:
        return 0
    ref = float(np.median([a for a, _ in areas]))
    total = 0
    for a, aspect in areas:
        merged = a > 1.8 * ref and aspect > 1.6
        total += max(1, round(a / ref)) if merged else 1
    return total
