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
    inner = diff[6:-6, 6:-6]
    otsu, _ = cv2.threshold(
        np.clip(inner, 0, 255).astype(np.uint8), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU
    )
    thresh = float(np.clip(otsu, 30, 70))
    mask = (diff > thresh).astype(np.uint8)
    # the rim, the divider and a spinner on it are not pips
    m = int(SIDE * 0.06)
    mask[:m] = 0
    mask[-m:] = 0
    mask[:, :m] = 0
    mask[:, -m:] = 0
    strip = int(SIDE * 0.07)
    mask[:, SIDE - strip : SIDE + strip] = 0
    cv2.circle(mask, (SIDE, SIDE // 2), int(SIDE * 0.2), 0, -1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    halves = (mask[:, :SIDE], mask[:, SIDE:])
    return tuple(_count(h, set_max) for h in halves)  # type: ignore[return-value]


def _count(mask: np.ndarray, set_max: int) -> HalfCount:
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    min_area = np.pi * (SIDE / 30) ** 2
    max_area = np.pi * (SIDE / 4.5) ** 2
    areas = []
    doubtful = 0
    for i in range(1, count):
        x, y, w, h, area = stats[i]
        if area < min_area * 0.5:
            continue
        if area < min_area or area > max_area * 2.5:
            doubtful += 1
            continue
        fill = area / (w * h)
        if fill < 0.45 or max(w, h) > 3.2 * min(w, h):
            doubtful += 1
            continue
        areas.append(float(area))
    pips = 0
    conf = 1.0
    if areas:
        ref = float(np.median(areas))
        for a in areas:
            k = max(1, round(a / ref)) if a > 1.7 * ref else 1
            pips += k
            if k > 1:
                conf -= 0.15
        spread = float(np.std(areas) / ref)
        conf -= max(0.0, spread - 0.35)
    conf -= 0.2 * doubtful
    if pips > set_max:
        conf -= 0.5
    return HalfCount(pips, float(np.clip(conf, 0.0, 1.0)))
