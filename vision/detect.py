"""Stage 1, finding the tiles.

Every face-up domino has one divider: a short dark straight bar across the middle of its
face with bright face on both sides and beyond both of its ends. The detector finds those
bars (so touching tiles in rows and blocks do not fuse into one blob, and face-down tiles,
which have none, are never tiles), then measures each tile's width and length from the face
edges around its bar, and keeps the best of overlapping hypotheses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

WORK_SIDE = 1280
"""Tiles are found on a copy whose longer side is this many pixels."""

REJECTS: list = []
"""Why the last candidates were rejected (for the bench's verbose mode and debugging)."""

SPAN = 0.76
"""The divider spans about this much of the tile's width (used when no edge is seen)."""


@dataclass
class Bar:
    centre: np.ndarray  # (x, y), working pixels
    along: np.ndarray  # unit vector along the bar
    length: float
    thickness: float
    gap: tuple[float, float] | None = None  # a spinner's stud, offsets along the bar


@dataclass
class Found:
    corners: np.ndarray  # 4x2 float, working pixels: long side first
    score: float  # 0..1, how much it looks like a tile face


def working_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The grey working copy and its scale (working px per image px)."""
    h, w = image.shape[:2]
    scale = WORK_SIDE / max(h, w)
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=interp)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), scale


LEVELS = (1.0, 0.5, 0.25)
"""The dark-bar mask is local (a block of about 1/24 of the picture), so big tiles (a
close-up of one tile) are found on reduced copies."""


def bars_at_all_scales(gray: np.ndarray) -> list[Bar]:
    bars = []
    for f in LEVELS:
        if f == 1.0:
            level = gray
        else:
            size = (round(gray.shape[1] * f), round(gray.shape[0] * f))
            if min(size) < 48:
                break
            level = cv2.resize(gray, size, interpolation=cv2.INTER_AREA)
        block = max(15, (max(gray.shape) // 24) | 1)
        for b in find_bars(level, block):
            if f < 1.0 and b.length < 12 / f:
                continue  # on a reduced copy, small bars are pip clusters
            bars.append(Bar(b.centre / f, b.along, b.length / f, b.thickness / f))
    return bars


def find_bars(gray: np.ndarray, block: int = 0) -> list[Bar]:
    """Dark, thin, straight components: divider candidates."""
    block = block or max(15, (max(gray.shape) // 24) | 1)
    dark = cv2.adaptiveThreshold(
        gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 18
    )
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    limit = max(gray.shape) * 0.9
    bars = []
    for i in range(1, count):
        x, y, bw, bh, area = stats[i]
        big = max(bw, bh)
        if area < 10 or big < 9 or big > limit:
            continue
        if area / (bw * bh) > 0.55 and big < 2.5 * min(bw, bh):
            continue  # round or square: a pip
        ys, xs = np.nonzero(labels[y : y + bh, x : x + bw] == i)
        bar = _as_bar(xs + x, ys + y)
        if bar is not None:
            bars.append(bar)
    return _merge_collinear(bars)


def _as_bar(xs: np.ndarray, ys: np.ndarray) -> Bar | None:
    pts = np.stack([xs, ys], 1).astype(np.float32)
    centre = pts.mean(0)
    d = pts - centre
    cov = d.T @ d / len(pts)
    vals, vecs = np.linalg.eigh(cov)
    along = vecs[:, 1]
    t = d @ along
    s = d @ vecs[:, 0]
    lo, hi = np.percentile(t, [1, 99])
    length = float(hi - lo) + 1
    if length < 9:
        return None
    nb = 12
    pos = (t - lo) / (hi - lo + 1e-6)
    bins = np.clip((pos * nb).astype(int), 0, nb - 1)
    counts = np.bincount(bins, minlength=nb)
    widths = counts / (length / nb)
    if (counts == 0).sum() > 1:
        return None
    thick = float(np.median(widths))
    if thick > length / 4 or max(widths[0], widths[-1]) > length / 3:
        return None
    arms = (pos < 0.3) | (pos > 0.7)  # a spinner may sit on the middle
    if float(np.percentile(np.abs(s[arms]), 90)) * 2 > max(length / 5, 3.0):
        return None  # bent, or a cluster of pips
    mid = centre + along * (lo + hi) / 2
    return Bar(mid, along.astype(np.float64), length, max(thick, 1.0))


def _merge_collinear(bars: list[Bar]) -> list[Bar]:
    """Add the divider whose two arms are split by a spinner (a brass stud on its middle).

    The dividers of two tiles side by side are collinear too, so the arms are kept as well:
    the face check and the overlap ranking decide between them."""
    out = list(bars)
    cos_max = math.cos(math.radians(10))
    for i, a in enumerate(bars):
        for b in bars[i + 1 :]:
            if abs(float(a.along @ b.along)) < cos_max:
                continue
            gap_vec = b.centre - a.centre
            dist = float(np.linalg.norm(gap_vec))
            off = abs(float(gap_vec @ np.array([-a.along[1], a.along[0]])))
            arm = max(a.length, b.length)
            ratio = arm / min(a.length, b.length)
            gap = dist - (a.length + b.length) / 2
            if ratio > 1.6 or off > 0.12 * dist or not 0.25 * arm < gap < 1.3 * arm:
                continue
            sign = 1.0 if float(gap_vec @ a.along) > 0 else -1.0
            ends = [
                a.centre - sign * a.along * a.length / 2,
                b.centre + sign * a.along * b.length / 2,
            ]
            centre = (ends[0] + ends[1]) / 2
            length = float(np.linalg.norm(ends[1] - ends[0]))
            inner = (ends[0] + sign * a.along * a.length, ends[1] - sign * a.along * b.length)
            gap_at = sorted(float((p - centre) @ a.along) for p in inner)
            out.append(
                Bar(centre, a.along, length, max(a.thickness, b.thickness), (gap_at[0], gap_at[1]))
            )
    return out


def _profile(
    gray: np.ndarray,
    start: np.ndarray,
    step: np.ndarray,
    across: np.ndarray,
    offsets: list[float],
    n: int,
) -> np.ndarray:
    """Brightest grey level over parallel lines ``start + k*step + o*across`` (k < n)."""
    k = np.arange(n, dtype=np.float32)[None, :]
    o = np.asarray(offsets, np.float32)[:, None]
    xs = start[0] + k * step[0] + o * across[0]
    ys = start[1] + k * step[1] + o * across[1]
    lines = cv2.remap(
        gray,
        xs.astype(np.float32),
        ys.astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    return lines.max(0).astype(np.float32)


def _edge(gray, centre, direction, across, offsets, near, far) -> float | None:
    """Distance from ``centre`` along ``direction`` to the face's edge, if one is clear."""
    n = int(far) + 3
    prof = _profile(gray, centre, direction, across, offsets, n)
    prof = np.convolve(prof, np.ones(3) / 3, mode="same")
    lo, hi = int(near), min(int(far), n - 3)
    if hi <= lo + 2:
        return None
    drop = prof[lo - 2 : hi - 2] - prof[lo + 2 : hi + 2]
    k = int(np.argmax(drop))
    face = float(np.median(prof[max(1, lo // 2) : lo]))
    if drop[k] < max(12.0, 0.12 * face):
        return None
    return float(lo + k)


def tile_from_bar(gray: np.ndarray, bar: Bar) -> Found | None:
    """Measure the tile around a divider candidate; None if it is not on a tile face."""
    u = bar.along
    nrm = np.array([-u[1], u[0]])
    half_l = bar.length / 2
    w_guess = bar.length / SPAN
    offs = [f * w_guess for f in (-0.8, -0.55, -0.3, 0.3, 0.55, 0.8)]
    sides = [
        _edge(gray, bar.centre, s * u, nrm, offs, half_l + 1, half_l / SPAN * 1.25) for s in (1, -1)
    ]
    found = [d for d in sides if d is not None]
    if len(found) == 2 and max(found) < 1.6 * min(found):
        width = sum(found)
        shift = (sides[0] - sides[1]) / 2
    elif found:
        width = 2 * min(found)
        shift = 0.0
    else:
        width, shift = w_guess, 0.0
    width = float(np.clip(width, bar.length * 1.02, bar.length * 1.6))
    centre = bar.centre + u * shift
    offs = [f * width for f in (-0.35, -0.2, 0.2, 0.35)]
    ends = [_edge(gray, centre, s * nrm, u, offs, width * 0.8, width * 1.2) for s in (1, -1)]
    got = [d for d in ends if d is not None]
    if len(got) == 2:
        a, b = ends
    elif got:
        a = b = got[0]
    else:
        a = b = width
    a, b = (float(np.clip(v, width * 0.8, width * 1.2)) for v in (a, b))
    corners = np.array(
        [
            centre - nrm * b - u * width / 2,
            centre + nrm * a - u * width / 2,
            centre + nrm * a + u * width / 2,
            centre - nrm * b + u * width / 2,
        ]
    )
    score = _face_score(gray, corners, bar)
    if score <= 0:
        return None
    return Found(corners, score)


def _sample(gray: np.ndarray, pts: np.ndarray) -> np.ndarray:
    pts = np.asarray(pts, np.float32).reshape(1, -1, 2)
    vals = cv2.remap(
        gray,
        pts[..., 0],
        pts[..., 1],
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    return vals.reshape(-1).astype(np.float32)


def _face_score(gray: np.ndarray, corners: np.ndarray, bar: Bar) -> float:
    """How much the quad looks like a tile face split by this bar (0 = not at all)."""
    dst = np.float32([[0, 0], [64, 0], [64, 32], [0, 32]])
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    face = cv2.warpPerspective(gray, m, (64, 32), flags=cv2.INTER_LINEAR).astype(np.float32)
    inner = face[3:29, 3:61]
    level = float(np.percentile(inner, 80))
    t = np.linspace(-0.45, 0.45, 19)[:, None] * bar.length
    along = _sample(gray, bar.centre + t * bar.along)
    divider = float(np.median(along))
    contrast = level - divider
    if contrast < 30:
        REJECTS.append(("contrast", contrast))
        return 0.0
    facelike = along > level - 0.25 * contrast
    if bar.gap is not None:
        lo, hi = bar.gap
        span = hi - lo
        facelike = facelike[(t[:, 0] < lo) | (t[:, 0] > hi)]
        # a stud sits right against both arms; two tiles' dividers have face between them
        probe = _sample(
            gray, bar.centre + np.array([[lo + 0.2 * span], [hi - 0.2 * span]]) * bar.along
        )
        if (probe > level - 0.25 * contrast).all():
            REJECTS.append(("face in the gap",))
            return 0.0
    else:  # one component: a bright stud highlight in the middle is no gap
        facelike = facelike[np.abs(t[:, 0]) > 0.18 * bar.length]
    if float(facelike.mean()) > 0.12:
        REJECTS.append(("face on the bar",))
        return 0.0  # two dividers in a row, with face between them
    near = np.abs(inner - level) < max(20.0, 0.15 * level)
    uniform = float(near.mean())
    # face beyond both ends of the bar (a gap between two tiles runs out of the face)
    ends = []
    for s in (1, -1):
        d = np.array([2.0, 0.06 * bar.length + 2])[:, None]
        ends.append(_sample(gray, bar.centre + s * bar.along * (bar.length / 2 + d)).max())
    ends_ok = min(ends) > divider + 0.75 * contrast
    if uniform < 0.4 or not ends_ok:
        REJECTS.append(("uniform/ends", round(uniform, 2), [round(e) for e in ends], divider))
        return 0.0
    return float(np.clip(uniform * min(1.0, contrast / 80), 0, 1))


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    small = min(cv2.contourArea(a.astype(np.float32)), cv2.contourArea(b.astype(np.float32)))
    return float(inter) / max(small, 1e-6)


def find_tiles(gray: np.ndarray) -> list[Found]:
    """Tiles in the working copy, best first, without overlaps."""
    found = [f for bar in bars_at_all_scales(gray) if (f := tile_from_bar(gray, bar)) is not None]
    found = _typical_size(found)
    found.sort(key=lambda f: -f.score)
    kept: list[Found] = []
    for f in found:
        if all(_overlap(f.corners, k.corners) < 0.3 for k in kept):
            kept.append(f)
    return _same_size(kept)


def _width(f: Found) -> float:
    return float(np.linalg.norm(f.corners[0] - f.corners[3]))


def _typical_size(found: list[Found]) -> list[Found]:
    """Keep the candidates near the width most candidates (weighted by score) agree on.

    Long bars that are not dividers (the gap along two tiles side by side) make giant
    candidates, a spinner's arm alone makes a small one; the real tiles agree."""
    if len(found) < 3:
        return found
    logs = np.log([_width(f) for f in found])
    scores = np.array([f.score for f in found])
    support = [(scores * (np.abs(logs - w) < 0.22)).sum() for w in logs]
    typical = logs[int(np.argmax(support))]
    return [f for f, w in zip(found, logs, strict=True) if abs(w - typical) < 0.45]


def _same_size(found: list[Found]) -> list[Found]:
    """Tiles of one set in one photo are about one size (perspective aside): drop the odd
    ones out, which are bars on other things or gaps between tiles."""
    if len(found) < 3:
        return found
    widths = np.array([_width(f) for f in found])
    typical = float(np.median(widths))
    return [f for f, w in zip(found, widths, strict=True) if 0.65 < w / typical < 1.5]
