"""Synthetic photos of domino tiles with ground truth, for tests, the bench and the demo.

``render(tiles, seed, **style)`` lays the tiles on a table (scattered at any rotation, or
touching in rows), then photographs the table: perspective, lighting gradient, glare,
shadows, blur, sensor noise and JPEG. It returns the BGR image and the ground truth: for each
tile its value and its four corners in the image.

Styles (keyword arguments, each with a seeded random default when ``None``):

- ``size``: (width, height) of the photo, default (1920, 1080)
- ``face``: "ivory", "white" or "coloured" tile faces
- ``pips``: "black" or "coloured" (the Mexican Train palette, a colour per value)
- ``background``: "cloth", "paper", "wood" or "felt"
- ``layout``: "scatter" (any rotation) or "rows" (touching, side by side)
- ``spinner``: a brass stud on every divider
- ``tilt``: perspective, degrees (0..35)
- ``light``: overall brightness factor (1.0 normal, 0.3 dim)
- ``glare``: a specular spot on the table
- ``blur``, ``noise``, ``jpeg``: blur sigma (px), noise sigma (grey levels), JPEG quality
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.tiles import Tile

# Pip positions in a unit square half, columns x rows; the usual layouts up to 18.
_C3 = (0.22, 0.5, 0.78)


def _grid(cols: list[int], rows: int) -> list[tuple[float, float]]:
    """Three columns with ``cols`` pips each, evenly spaced on a ``rows``-row pitch."""
    pitch = 0.64 / (rows - 1)
    out = []
    for x, count in zip(_C3, cols, strict=True):
        top = 0.5 - pitch * (count - 1) / 2
        out.extend((x, top + pitch * i) for i in range(count))
    return out


PIP_LAYOUTS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(x, y) for x in (0.27, 0.73) for y in (0.22, 0.5, 0.78)],
    7: [(x, y) for x in (0.27, 0.73) for y in (0.22, 0.5, 0.78)] + [(0.5, 0.5)],
    8: [(x, y) for x in _C3 for y in (0.22, 0.5, 0.78) if (x, y) != (0.5, 0.5)],
    9: [(x, y) for x in _C3 for y in (0.22, 0.5, 0.78)],
    10: _grid([4, 2, 4], 4),
    11: _grid([4, 3, 4], 4),
    12: _grid([4, 4, 4], 4),
    13: _grid([5, 3, 5], 5),
    14: _grid([5, 4, 5], 5),
    15: _grid([5, 5, 5], 5),
    16: _grid([6, 4, 6], 6),
    17: _grid([6, 5, 6], 6),
    18: _grid([6, 6, 6], 6),
}

# A Mexican Train palette (BGR), a colour per value; 0 has none.
PALETTE: dict[int, tuple[int, int, int]] = {
    1: (200, 150, 40),
    2: (60, 150, 40),
    3: (40, 40, 200),
    4: (30, 90, 150),
    5: (170, 60, 30),
    6: (40, 190, 230),
    7: (140, 40, 120),
    8: (120, 130, 30),
    9: (40, 120, 20),
    10: (60, 60, 60),
    11: (50, 50, 90),
    12: (150, 150, 150),
    13: (90, 30, 160),
    14: (30, 100, 230),
    15: (110, 70, 30),
    16: (80, 120, 160),
    17: (30, 30, 30),
    18: (120, 40, 40),
}

FACES = {"ivory": (200, 232, 242), "white": (245, 245, 245), "coloured": (210, 225, 200)}
BACKGROUNDS = ("cloth", "paper", "wood", "felt")


@dataclass(frozen=True)
class TruthTile:
    tile: Tile
    corners: list[tuple[float, float]]


def _face(tile: Tile, width: int, face: tuple, pips: str, spinner: bool, rng) -> np.ndarray:
    """The tile seen from above, horizontal: width x width/2, BGR."""
    h = width // 2
    img = np.full((h, width, 3), face, np.float32)
    # a little shading towards the edges, like a rounded tile
    yy, xx = np.mgrid[0:h, 0:width].astype(np.float32)
    edge = np.minimum.reduce([xx, yy, width - 1 - xx, h - 1 - yy]) / (0.08 * h)
    img *= (0.85 + 0.15 * np.clip(edge, 0, 1))[..., None]
    ends = list(tile.ends)
    if rng.random() < 0.5:
        ends.reverse()
    for side, value in enumerate(ends):
        colour = (25, 25, 25) if pips == "black" else PALETTE.get(value, (30, 30, 30))
        layout = PIP_LAYOUTS[value]
        rows = max(3, math.ceil(len(layout) / 3)) if value > 9 else 3
        radius = min(0.1 * h, 0.36 * 0.84 * h * 0.64 / (rows - 1))
        for x, y in layout:
            cx = side * h + (0.08 + 0.84 * x) * h
            cy = (0.08 + 0.84 * y) * h
            cv2.circle(
                img, (int(cx * 8), int(cy * 8)), int(radius * 8), colour, -1, cv2.LINE_AA, shift=3
            )
            cv2.circle(
                img,
                (int((cx - radius * 0.3) * 8), int((cy - radius * 0.3) * 8)),
                int(radius * 0.25 * 8),
                tuple(min(255, c + 60) for c in colour),
                -1,
                cv2.LINE_AA,
                shift=3,
            )
    t = max(2, int(0.05 * h))
    cv2.rectangle(img, (h - t // 2, int(0.12 * h)), (h + t // 2, int(0.88 * h)), (30, 30, 30), -1)
    if spinner:
        cv2.circle(img, (h, h // 2), int(0.14 * h), (60, 150, 190), -1, cv2.LINE_AA)
        cv2.circle(img, (h, h // 2), int(0.08 * h), (120, 200, 230), -1, cv2.LINE_AA)
    return img


def _background(kind: str, size: tuple[int, int], rng) -> np.ndarray:
    w, h = size
    small = rng.normal(0, 1, (h // 8 + 1, w // 8 + 1)).astype(np.float32)
    texture = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    if kind == "wood":
        base = np.array(rng.choice([(40, 80, 130), (70, 120, 170), (25, 45, 75)]), np.float32)
        grain = np.sin(np.linspace(0, rng.uniform(30, 60), h)[:, None] + 3 * texture)
        img = base + 18 * grain[..., None]
    elif kind == "paper":
        img = np.full((h, w, 3), rng.uniform(225, 250), np.float32) + 3 * texture[..., None]
    elif kind == "felt":
        base = np.array(rng.choice([(40, 110, 30), (110, 60, 20), (30, 30, 120)]), np.float32)
        img = base + 6 * texture[..., None]
    else:  # cloth: dark
        img = np.full((h, w, 3), rng.uniform(15, 45), np.float32) + 5 * texture[..., None]
    return img.astype(np.float32)


def _placements(n: int, layout: str, size: tuple[int, int], tw: int, rng) -> list:
    """(centre, angle) per tile, without overlaps."""
    w, h = size
    if layout == "rows":
        angle = rng.uniform(0, 180)
        per_row = max(1, min(n, int(rng.integers(3, 8))))
        a = math.radians(angle)
        # cv2.getRotationMatrix2D turns anticlockwise on screen (y points down)
        along = np.array([math.cos(a), -math.sin(a)])  # the long axis of each tile
        across = np.array([math.sin(a), math.cos(a)])
        gap = tw * rng.uniform(0.0, 0.03)
        out = []
        centre = np.array([w / 2, h / 2])
        rows = math.ceil(n / per_row)
        for i in range(n):
            r, c = divmod(i, per_row)
            pos = centre + across * (c - (per_row - 1) / 2) * (tw / 2 + gap)
            pos = pos + along * (r - (rows - 1) / 2) * (tw + gap)
            out.append((pos, angle))
        return out
    out = []
    for _ in range(n):
        for _try in range(400):
            pos = np.array(
                [rng.uniform(tw * 0.6, w - tw * 0.6), rng.uniform(tw * 0.6, h - tw * 0.6)]
            )
            if all(np.linalg.norm(pos - p) > tw * 1.15 for p, _ in out):
                break
        out.append((pos, rng.uniform(0, 360)))
    return out


def render(tiles: list[Tile], seed: int, **style: Any) -> tuple[np.ndarray, list[TruthTile]]:
    """A photo of ``tiles`` on a table and the ground truth (see the module docstring)."""
    rng = np.random.default_rng(seed)
    pick = style.get
    size = tuple(pick("size") or (1920, 1080))
    face_name = pick("face") or str(rng.choice(list(FACES)))
    pips = pick("pips") or str(rng.choice(["black", "coloured"]))
    background = pick("background") or str(rng.choice(BACKGROUNDS))
    layout = pick("layout") or str(rng.choice(["scatter", "rows"]))
    spinner = bool(pick("spinner")) if pick("spinner") is not None else rng.random() < 0.2
    tilt = float(pick("tilt") if pick("tilt") is not None else rng.uniform(0, 25))
    light = float(pick("light") if pick("light") is not None else rng.uniform(0.75, 1.1))
    glare = bool(pick("glare")) if pick("glare") is not None else rng.random() < 0.3
    blur = float(pick("blur") if pick("blur") is not None else rng.uniform(0, 1.2))
    noise = float(pick("noise") if pick("noise") is not None else rng.uniform(1, 5))
    quality = int(pick("jpeg") or rng.integers(70, 95))

    w, h = size
    n = len(tiles)
    fit = math.sqrt(w * h / max(n, 1) / 6)
    tw = int(np.clip(pick("tile_px") or min(fit, h / 4.5) * rng.uniform(0.8, 1.0), 60, 600))
    tw -= tw % 2
    img = _background(background, (w, h), rng)
    face = np.array(FACES[face_name], np.float32) * rng.uniform(0.92, 1.0)
    truth = []
    for tile, (pos, angle) in zip(tiles, _placements(n, layout, (w, h), tw, rng), strict=True):
        art = _face(tile, tw, tuple(face), pips, spinner, rng)
        th = tw // 2
        src = np.float32([[0, 0], [tw, 0], [tw, th], [0, th]])
        m = cv2.getRotationMatrix2D((tw / 2, th / 2), angle, 1.0)
        m[:, 2] += pos - np.array([tw / 2, th / 2])
        corners = cv2.transform(src[None], m)[0]
        # a soft shadow
        shadow = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(shadow, (corners + tw * 0.03).astype(np.int32), 1.0)
        shadow = cv2.GaussianBlur(shadow, (0, 0), tw * 0.03)
        img *= (1 - 0.45 * shadow)[..., None]
        mask = np.zeros((th, tw), np.float32)
        r = int(th * 0.1)
        cv2.rectangle(mask, (r, 0), (tw - r, th), 1.0, -1)
        cv2.rectangle(mask, (0, r), (tw, th - r), 1.0, -1)
        for cx, cy in ((r, r), (tw - r, r), (r, th - r), (tw - r, th - r)):
            cv2.circle(mask, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
        warped = cv2.warpAffine(art, m, (w, h), flags=cv2.INTER_LINEAR)
        alpha = cv2.warpAffine(mask, m, (w, h), flags=cv2.INTER_LINEAR)[..., None]
        img = img * (1 - alpha) + warped * alpha
        truth.append((tile, corners))

    # the camera: perspective
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    t = math.tan(math.radians(tilt)) * 0.25
    side = rng.choice([0, 1, 2, 3])
    dst = src.copy()
    shrink = t * w
    if side == 0:
        dst[0, 0] += shrink
        dst[1, 0] -= shrink
    elif side == 1:
        dst[2, 0] -= shrink
        dst[3, 0] += shrink
    elif side == 2:
        dst[1, 1] += shrink * h / w
        dst[2, 1] -= shrink * h / w
    else:
        dst[0, 1] += shrink * h / w
        dst[3, 1] -= shrink * h / w
    homography = cv2.getPerspectiveTransform(src, dst)
    img = cv2.warpPerspective(img, homography, (w, h), borderMode=cv2.BORDER_REFLECT)
    # lighting: gradient, glare, brightness
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-0.25, 0.25, 2)
    img *= (light * (1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5)))[..., None]
    if glare:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * (tw * rng.uniform(0.3, 0.8)) ** 2))
        img += (spot * 160)[..., None]
    if blur > 0.2:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    img += rng.normal(0, noise, img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    result = []
    for tile, corners in truth:
        pts = cv2.perspectiveTransform(corners[None].astype(np.float64), homography)[0]
        result.append(TruthTile(tile, [(float(x), float(y)) for x, y in pts]))
    return out, result


def random_hand(rng: np.random.Generator, set_max: int = 12, low: int = 1, high: int = 10):
    """A hand of distinct tiles from a double-``set_max`` set."""
    from companion.tiles import double_set

    full = double_set(set_max)
    count = int(rng.integers(low, high + 1))
    return [full[i] for i in rng.choice(len(full), count, replace=False)]
