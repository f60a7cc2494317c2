"""Stage 3, count the pips on one half.

Pips are round marks that are darker or more colourful than the face around them: black
pips on ivory, coloured pips on white, pale grey twelves included. The face colour is the
half's median; every pixel is scored by how far it is from the face (only darker or more
colourful counts, so glare is not a pip), and round blobs of a pip's size are counted. Big
pips close together that run into one blob are split where each pip's core stands out;
two pips run together beyond that count as two by their area. Light pips on a darker face
(white pips on a blue tile) are counted on the half's negative, where they are dark.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.halves import HALF_SIZE
from vision.ranks import byte_median, byte_percentiles
from vision.thresholds import (
    CORE_EVEN,
    CORE_LEVEL,
    LIGHT_MARKS,
    MAX_PIP_AREA,
    MIN_CONTRAST,
    PALE_FACE,
    PEAK_MARGIN,
    STANDOUT,
)

FACE_AROUND = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (23, 23))
"""The neighbourhood a pixel's face brightness is taken from, on the half-size patch: wider
than the biggest pip."""

SHINE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
"""The largest highlight on a glossy pip, on the half-size patch."""


@dataclass(frozen=True)
class PipCount:
    count: int
    confidence: float  # 0..1
    contrast: float
    covered: bool = False  # something lies over the half's edge (a coin, a finger): ask
    pip_area: float = 0.0  # one pip's area as a share of the half (0: none counted)


def pip_distance(half: np.ndarray) -> np.ndarray:
    """How unlike the face each pixel is: darker or more colourful, never brighter."""
    lab_bytes = cv2.cvtColor(half, cv2.COLOR_BGR2LAB)
    face_a, face_b = (byte_median(lab_bytes[..., channel]) for channel in (1, 2))
    lab = lab_bytes.astype(np.float32)
    darker = np.maximum(_face_around(lab[..., 0]) - lab[..., 0], 0)
    colour = np.hypot(lab[..., 1] - face_a, lab[..., 2] - face_b)
    return np.hypot(darker, 1.5 * colour)


def _face_around(lightness: np.ndarray) -> np.ndarray:
    """The face's lightness around each pixel: glare across a half lightens the face and
    its pips together, so a pip in the glare is darker than the face around it, if not
    than the face as a whole. The brightest nearby, once each pip's shine is taken off
    (or it would pass for face). Worked out at half size: the face varies slowly."""
    small = cv2.resize(lightness, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    small = cv2.morphologyEx(small, cv2.MORPH_OPEN, SHINE)
    small = cv2.morphologyEx(small, cv2.MORPH_CLOSE, FACE_AROUND)
    return cv2.resize(small, lightness.shape[::-1], interpolation=cv2.INTER_LINEAR)


@dataclass(frozen=True)
class _Blob:
    area: float
    at_edge: bool  # reaches the patch's edge
    strength: float  # how far its strongest point stands out from the face
    round: bool  # solid and about as wide as tall, away from the edge


@dataclass(frozen=True)
class _Mark:
    """One connected mark above a threshold: a pip, pips run together, or a piece of one."""

    labels: np.ndarray  # the label image it is drawn in
    label: int
    box: tuple[int, int, int, int]  # x, y, width, height
    area: float  # its share of the pips' area (a core: of the mark it was split from)
    drawn: int  # its own pixels
    centre: tuple[float, float]


def _marks(image: np.ndarray) -> list[_Mark]:
    count, labels, stats, centres = cv2.connectedComponentsWithStatsWithAlgorithm(
        image.astype(np.uint8), 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    return [
        _Mark(
            labels,
            i,
            tuple(int(v) for v in stats[i, :4]),
            float(stats[i, 4]),
            int(stats[i, 4]),
            (float(centres[i, 0]), float(centres[i, 1])),
        )
        for i in range(1, count)
    ]


def _pixels(mark: _Mark, values: np.ndarray) -> np.ndarray:
    x, y, w, h = mark.box
    return values[y : y + h, x : x + w][mark.labels[y : y + h, x : x + w] == mark.label]


def _split_at_cores(marks: list[_Mark], cores: list[_Mark]) -> list[_Mark]:
    """Each mark holding two cores or more (``cores``: marks above CORE_LEVEL) of like size
    (CORE_EVEN) split into them, the mark's area shared out among them in proportion to
    their pixels. Big pips a few px apart run together at the counting threshold, but the
    face between them still shows at the cores' level (a double-twelve set's tens to twelves
    on a small tile)."""
    if not cores:
        return marks
    split = []
    for mark in marks:
        inside = set(np.unique(_pixels(mark, cores[0].labels)).tolist()) - {0}
        held = [core for core in cores if core.label in inside]
        largest = max((core.drawn for core in held), default=0)
        held = [core for core in held if core.drawn >= CORE_EVEN * largest]
        if len(held) < 2:
            split.append(mark)
            continue
        share = mark.area / sum(core.drawn for core in held)
        split += [replace(core, area=core.drawn * share) for core in held]
    return split


def _blobs(blurred: np.ndarray, threshold: float, peak: float) -> list[_Blob]:
    """The marks above the threshold that could be pips: of a pip's size and solid, and
    not streaks along the patch's edge (the tile's rim or a neighbour's). Marks of pips run
    together are split at their cores first (_split_at_cores)."""
    marks = _split_at_cores(_marks(blurred > threshold), _marks(blurred > peak * CORE_LEVEL))
    area_total = HALF_SIZE * HALF_SIZE
    edge = HALF_SIZE * 0.04
    blobs = []
    for mark in marks:
        x, y, w, h = mark.box
        cx, cy = mark.centre
        if mark.area < area_total * 0.002 or mark.area > area_total * MAX_PIP_AREA * 2.5:
            continue
        touches = x <= 0 or y <= 0 or x + w >= HALF_SIZE or y + h >= HALF_SIZE
        if touches and not (edge < cx < HALF_SIZE - edge and edge < cy < HALF_SIZE - edge):
            continue
        fill = mark.drawn / float(w * h)
        aspect = max(w, h) / max(1, min(w, h))
        # a streak along an edge it touches is the tile's rim or a neighbour's; a mark
        # running in from the edge is pips (a row of them cut by the outline's end)
        along = (w >= h and (y <= 0 or y + h >= HALF_SIZE)) or (
            h >= w and (x <= 0 or x + w >= HALF_SIZE)
        )
        if fill < 0.3 or (aspect > 2.6 and fill < 0.6) or (along and aspect > 2.2):
            continue
        strength = float(_pixels(mark, blurred).max())
        round_ = fill > 0.6 and aspect < 1.5 and not touches
        blobs.append(_Blob(mark.area, touches, strength, round_))
    # a pip stands out from the face as far as the other round pips do; specks where
    # something paler (a coin, a smudge) just crosses the threshold do not
    strongest = max((blob.strength for blob in blobs if blob.round), default=0.0)
    return [blob for blob in blobs if blob.strength >= STANDOUT * strongest]


def light_pips(tile: np.ndarray) -> bool:
    """Whether a tile's marks are lighter than its face (white pips on a coloured or black
    tile), judged on both its halves together (a half may be blank): their brightest 1%
    stand LIGHT_MARKS times further above the median than their darkest 1% lie below it,
    on a face darker than PALE_FACE."""
    lightness = cv2.cvtColor(tile, cv2.COLOR_BGR2LAB)[..., 0]
    darkest, face, brightest = byte_percentiles(lightness, (1, 50, 99))
    return face < PALE_FACE and brightest - face > LIGHT_MARKS * max(face - darkest, 1.0)


def count_pips(half: np.ndarray, max_pips: int = 18, light: bool = False) -> PipCount:
    """The number of pips on a half patch, with how sure we are; ``light``: the tile's pips
    are lighter than its face (light_pips), and are counted on the half's negative."""
    if light:
        half = cv2.bitwise_not(half)
    distance = pip_distance(half)
    blurred = cv2.GaussianBlur(distance, (3, 3), 0)
    # the strongest pip, looked for away from the patch's edges: a sliver of dark table or
    # a neighbour's rim there would set the bar too high for pale pips
    inner = round(HALF_SIZE * PEAK_MARGIN)
    peak = float(np.percentile(blurred[inner:-inner, inner:-inner], 99.5))
    if peak < MIN_CONTRAST * 1.5:
        clean = 1.0 - peak / (MIN_CONTRAST * 1.5) * 0.3
        return PipCount(0, clean, peak)
    blobs = _blobs(blurred, max(MIN_CONTRAST, peak * 0.45), peak)
    if not blobs:
        return PipCount(0, 0.6, peak)
    areas = np.array([blob.area for blob in blobs])
    at_edge = np.array([blob.at_edge for blob in blobs])
    unit = float(np.median(areas))
    singles = areas[areas < unit * 1.6]
    if len(singles):
        unit = float(np.median(singles))
    keep = areas > unit * 0.35
    pieces = np.maximum(1, np.round(areas[keep] / unit)).astype(int)
    # a big blob reaching the patch's edge is something lying over the tile (a coin, a
    # finger) and whatever pip it hides, not a row of pips: count one, and ask
    overhang = at_edge[keep] & (pieces > 1)
    pieces[overhang] = 1
    total = int(pieces.sum())
    spread = float(np.std(areas[keep] / unit / pieces)) if len(pieces) > 1 else 0.0
    confidence = float(np.clip(1.0 - spread - 0.25 * (pieces > 1).sum(), 0.05, 1.0))
    if (~keep).any():
        confidence *= 0.85
    if overhang.any():
        confidence *= 0.5
    if peak < MIN_CONTRAST * 2.5:
        confidence *= 0.8
    if total > max_pips:
        confidence *= 0.3
    return PipCount(
        total, confidence, peak, covered=bool(overhang.any()), pip_area=unit / HALF_SIZE**2
    )
