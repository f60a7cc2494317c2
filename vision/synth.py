"""Synthetic photos of hands with ground truth, for tests and the benchmark.

Each photo is a table (black cloth, white paper, wood, felt) with tiles laid face up, alone
or touching in rows, in any rotation; ivory or white faces with black or coloured pips
(the usual double-12 colour code), a brass spinner on some dividers, face-down tiles and a
coin as distractors; then a tilt of the camera, uneven light, a shadow, glare, blur, noise
and JPEG compression. Everything is drawn from a seed, so a set of photos is a seed range.

Memory: a 1920x1080 canvas is 25 MB in float32, so the renderer works on it in place, and
lays each tile and draws its noise a band of rows at a time (the noise is the same numbers,
in the same order, as one big draw: a photo for a seed never changes). Its arrays peak at
about 55 MB, not 250 MB.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.tiles import Tile

# the usual double-12 colour code (BGR): 1 light blue, 2 green, 3 red, 4 brown, 5 blue,
# 6 yellow, 7 magenta, 8 teal, 9 purple, 10 orange, 11 maroon, 12 grey
PIP_COLOURS = {
    1: (230, 170, 60),
    2: (60, 160, 40),
    3: (40, 40, 210),
    4: (40, 70, 120),
    5: (180, 60, 20),
    6: (30, 200, 230),
    7: (170, 50, 200),
    8: (140, 140, 20),
    9: (140, 40, 110),
    10: (20, 120, 240),
    11: (40, 20, 120),
    12: (150, 150, 150),
}
FACES = {"ivory": (200, 232, 242), "white": (240, 242, 242), "cream": (215, 240, 250)}
TABLES = ("black", "paper", "wood", "felt")
BAND_ROWS = 64  # rows worked on at a time where a whole photo of temporaries is not needed


@dataclass(frozen=True)
class TruthTile:
    tile: Tile
    corners: np.ndarray  # 4x2, image pixels


GRID_CELLS = {
    0: [],
    1: [4],
    2: [0, 8],
    3: [0, 4, 8],
    4: [0, 2, 6, 8],
    5: [0, 2, 4, 6, 8],
    6: [0, 2, 3, 5, 6, 8],
    7: [0, 2, 3, 4, 5, 6, 8],
    8: [0, 1, 2, 3, 5, 6, 7, 8],
    9: list(range(9)),
}
"""Which cells of a 3x3 grid (row by row) hold the pips of 0 to 9, as every set prints them."""


def pip_layout(count: int) -> list[tuple[float, float]]:
    """Pip centres for ``count`` pips in a unit half (x across, y along), as sets print them."""
    if count <= 9:
        g = GRID_CELLS[count]
        return [(0.2 + 0.3 * (i % 3), 0.2 + 0.3 * (i // 3)) for i in g]
    rows = 4 if count <= 12 else 5 if count <= 15 else 6
    middle = count - 2 * rows
    cells = [(c, r) for r in range(rows) for c in (0, 2)]
    centre = list(range(rows))
    skip = (rows - middle) / 2
    cells += [(1, r) for r in centre[int(np.floor(skip)) : rows - int(np.ceil(skip))]]
    step = 0.7 / (rows - 1)
    return [(0.18 + 0.32 * c, 0.15 + step * r) for c, r in cells]


def draw_tile(tile: Tile, width: int, face, coloured: bool, spinner: bool) -> np.ndarray:
    """A tile seen from straight above, ``width`` px across and twice as long, BGRA."""
    s = 4  # draw large, shrink for smooth edges
    w, h = width * s, 2 * width * s
    img = np.zeros((h, w, 4), np.uint8)
    rim = tuple(int(c * 0.8) for c in face)
    r = int(w * 0.12)
    for colour, inset in ((rim, 0), (face, int(w * 0.035))):
        box = np.zeros((h, w), np.uint8)
        cv2.rectangle(box, (r + inset, inset), (w - r - inset, h - inset), 255, -1)
        cv2.rectangle(box, (inset, r + inset), (w - inset, h - r - inset), 255, -1)
        for cx, cy in ((r, r), (w - r, r), (r, h - r), (w - r, h - r)):
            cv2.circle(box, (cx, cy), r - inset, 255, -1)
        img[box > 0] = (*colour, 255)
    bar = int(w * 0.4)
    cv2.rectangle(
        img,
        (w // 2 - bar, h // 2 - int(w * 0.025)),
        (w // 2 + bar, h // 2 + int(w * 0.025)),
        (25, 25, 25, 255),
        -1,
    )
    if spinner:
        cv2.circle(img, (w // 2, h // 2), int(w * 0.085), (40, 150, 190, 255), -1)
        cv2.circle(
            img,
            (w // 2 - int(w * 0.02), h // 2 - int(w * 0.02)),
            int(w * 0.03),
            (150, 220, 240, 255),
            -1,
        )
    for half, end in enumerate(tile.ends):
        radius = int(w * (0.085 if end <= 9 else 0.065 if end <= 12 else 0.05))
        colour = PIP_COLOURS.get(end, (30, 30, 30)) if coloured else (25, 25, 25)
        for px, py in pip_layout(end):
            y = py * h / 2 if half == 0 else h - py * h / 2
            cv2.circle(img, (int(px * w), int(y)), radius, (*colour, 255), -1, cv2.LINE_AA)
    return cv2.resize(img, (width, 2 * width), interpolation=cv2.INTER_AREA)


def _table(rng: np.random.Generator, kind: str, size: tuple[int, int]) -> np.ndarray:
    width, height = size
    if kind == "black":
        base = np.full((height, width, 3), 28, np.float32)
    elif kind == "paper":
        base = np.full((height, width, 3), 235, np.float32)
    elif kind == "felt":
        base = np.full((height, width, 3), (40, 110, 30), np.float32)
    else:
        grain = np.sin(np.linspace(0, 60, width)[None, :] + rng.normal(0, 0.3, (height, 1)))
        base = np.empty((height, width, 3), np.float32)
        for channel, (offset, amplitude) in enumerate(((60, 15), (100, 20), (150, 20))):
            base[..., channel] = offset + amplitude * grain  # rounded to float32 as astype
        del grain
    for rows, noise in _normal_bands(rng, 0, 4, base.shape):
        base[rows] += noise.astype(np.float32)
    return base


def _normal_bands(
    rng: np.random.Generator, loc: float, scale: float, shape: tuple, rows: int = BAND_ROWS
):
    """``rng.normal(loc, scale, shape)`` a band of ``rows`` rows at a time: the same numbers
    as one draw (the generator hands them out in order), without a float64 copy of a photo."""
    for top in range(0, shape[0], rows):
        band = slice(top, min(top + rows, shape[0]))
        yield band, rng.normal(loc, scale, (band.stop - band.start, *shape[1:]))


def render(
    seed: int = 0,
    size: tuple[int, int] = (1920, 1080),
    tiles: int | list[Tile] | None = None,
    set_max: int = 12,
    hard: bool = True,
    slant: float = 0.0,
) -> tuple[np.ndarray, list[TruthTile]]:
    """A synthetic photo of a hand and the tiles in it (value and corners). ``tiles`` is how
    many to draw at random from the set, or the very tiles to show (a simulated hand).
    ``slant`` tilts the camera that many degrees from straight down (a phone held at an
    angle: the far side of the table at the top, squashed)."""
    rng = np.random.default_rng(seed)
    width, height = size
    table = str(rng.choice(TABLES))
    canvas = _table(rng, table, size)
    occupied = np.zeros((height, width), np.uint8)
    if isinstance(tiles, list):
        chosen = list(tiles)
    else:
        count = int(tiles if tiles is not None else rng.integers(1, 10))
        pool = [Tile(a, b) for b in range(set_max + 1) for a in range(b + 1)]
        picks = rng.choice(len(pool), size=min(count, len(pool)), replace=False)
        chosen = [pool[i] for i in picks]
    face = FACES[str(rng.choice(list(FACES)))]
    coloured = set_max > 6 and rng.random() < 0.7
    tile_w = int(min(width, height) * rng.uniform(0.07, 0.11))
    truths: list[TruthTile] = []
    queue = list(chosen) + [None] * int(rng.integers(0, 3) if hard else 0)  # None: face-down
    while queue:
        row = [queue.pop() for _ in range(min(len(queue), int(rng.integers(1, 4))))]
        angle = rng.uniform(0, 2 * np.pi)
        along, across = (
            np.array([np.cos(angle), np.sin(angle)]),
            np.array([-np.sin(angle), np.cos(angle)]),
        )
        for _attempt in range(60):
            origin = rng.uniform(
                [tile_w * 2, tile_w * 2], [width - tile_w * 2, height - tile_w * 2]
            )
            placed = []
            for i, tile in enumerate(row):
                centre = origin + along * i * (tile_w + 1)
                corners = np.float32(
                    [
                        centre + along * dx * tile_w / 2 + across * dy * tile_w
                        for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
                    ]
                )
                placed.append((tile, corners))
            mask = np.zeros_like(occupied)
            for _, corners in placed:
                cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
            inside = all(
                (c >= 0).all() and (c[:, 0] < width).all() and (c[:, 1] < height).all()
                for _, c in placed
            )
            if inside and not (mask & cv2.dilate(occupied, np.ones((9, 9), np.uint8))).any():
                occupied |= mask
                break
        else:
            continue
        for tile, corners in placed:
            if tile is None:
                sprite = draw_tile(Tile(0, 0), tile_w, face, False, False)
                sprite[..., :3] = np.array(face, np.uint8)[None, None, :]
            else:
                sprite = draw_tile(tile, tile_w, face, coloured, bool(rng.random() < 0.3))
                truths.append(TruthTile(tile, corners))
            src = np.float32([[0, 0], [tile_w, 0], [tile_w, 2 * tile_w], [0, 2 * tile_w]])
            m = cv2.getPerspectiveTransform(src, corners)
            warped = cv2.warpPerspective(sprite, m, size, flags=cv2.INTER_LINEAR)
            alpha = warped[..., 3:4].astype(np.float32)
            alpha /= 255
            shade = cv2.GaussianBlur(alpha, (0, 0), tile_w * 0.05)
            shade *= 0.35
            keep = np.subtract(1, shade, out=shade)[..., None]
            # canvas * (1 - shade) * (1 - alpha) + sprite * alpha, in that order, in place
            # and a band of rows at a time (no photo-sized temporaries)
            for top in range(0, height, BAND_ROWS):
                rows = slice(top, top + BAND_ROWS)
                paint = warped[rows, :, :3] * alpha[rows]
                canvas[rows] *= keep[rows]
                canvas[rows] *= 1 - alpha[rows]
                canvas[rows] += paint
            del warped, alpha, shade, keep, paint
    if hard and rng.random() < 0.5:  # a coin
        centre = (int(rng.uniform(50, width - 50)), int(rng.uniform(50, height - 50)))
        cv2.circle(canvas, centre, int(tile_w * 0.35), (60, 110, 170), -1)
    del occupied
    image = _light(rng, canvas, hard)
    del canvas
    if slant:
        image, truths = _slanted(image, truths, slant)
    return _camera(rng, image, truths, hard)


def _light(rng, canvas: np.ndarray, hard: bool) -> np.ndarray:
    """Uneven light, a shadow and glare on the float canvas (changed in place): the photo."""
    height, width = canvas.shape[:2]
    # pixel coordinates as a row and a column: broadcasting gives what a full grid would
    yy = np.arange(height, dtype=np.float32)[:, None]
    xx = np.arange(width, dtype=np.float32)[None, :]
    light = (
        1
        + rng.uniform(-0.25, 0.25) * (xx / width - 0.5)
        + rng.uniform(-0.25, 0.25) * (yy / height - 0.5)
    )
    light *= rng.uniform(0.7, 1.1)
    canvas *= light[..., None]
    del light
    if hard and rng.random() < 0.5:  # soft shadow of a hand or a lamp arm
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        shadow = np.exp(-(((xx - cx) / (width * 0.2)) ** 2 + ((yy - cy) / (height * 0.3)) ** 2))
        canvas *= (1 - 0.35 * shadow)[..., None]
        del shadow
    if hard and rng.random() < 0.5:  # glare
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        glare = np.exp(-(((xx - cx) / (width * 0.04)) ** 2 + ((yy - cy) / (height * 0.04)) ** 2))
        canvas += (120 * glare)[..., None]
        del glare
    return np.clip(canvas, 0, 255, out=canvas).astype(np.uint8)


def _seen_through(truths: list[TruthTile], m: np.ndarray) -> list[TruthTile]:
    """The tiles' corners after the photo is warped by the 3x3 matrix ``m``."""
    return [TruthTile(t.tile, cv2.perspectiveTransform(t.corners[None], m)[0]) for t in truths]


def _slanted(image: np.ndarray, truths: list[TruthTile], degrees: float):
    """The table seen by a camera tilted ``degrees`` from straight down, all of it kept in
    the frame; past the table's edge is a plain floor of its average colour."""
    height, width = image.shape[:2]
    tilt = np.deg2rad(degrees)
    centred = np.array([[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1]])
    camera = np.array([[1, 0, 0], [0, np.cos(tilt), 0], [0, -np.sin(tilt) / width, 1]])
    m = np.linalg.inv(centred) @ camera @ centred
    frame = np.float32([[[0, 0], [width, 0], [width, height], [0, height]]])
    seen = cv2.perspectiveTransform(frame, m)[0]
    low, high = seen.min(axis=0), seen.max(axis=0)
    k = min(width / (high[0] - low[0]), height / (high[1] - low[1]))
    m = np.array([[k, 0, -low[0] * k], [0, k, -low[1] * k], [0, 0, 1]]) @ m
    floor = tuple(float(v) for v in cv2.mean(image)[:3])
    image = cv2.warpPerspective(image, m, (width, height), borderValue=floor)
    return image, _seen_through(truths, m)


def _camera(rng, image: np.ndarray, truths: list[TruthTile], hard: bool):
    """The camera's side: tilt, focus, sensor noise and JPEG, on the 8-bit photo."""
    height, width = image.shape[:2]
    if hard:  # camera tilt: move the corners of the picture up to about 8% each way
        src = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
        dst = src + rng.uniform(-0.08, 0.08, (4, 2)).astype(np.float32) * [width, height]
        dst = np.clip(dst, [0, 0], [width, height]).astype(np.float32)
        m = cv2.getPerspectiveTransform(src, dst)
        image = cv2.warpPerspective(image, m, (width, height), borderMode=cv2.BORDER_REPLICATE)
        truths = _seen_through(truths, m)
    if rng.random() < 0.5:
        image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.5, 1.2))
    noisy = np.empty_like(image)
    for rows, noise in _normal_bands(rng, 0, rng.uniform(1, 5), image.shape):
        noisy[rows] = np.clip(image[rows] + noise, 0, 255)  # float64 to uint8 as astype does
    image = noisy
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 95))])
    return cv2.imdecode(jpeg, cv2.IMREAD_COLOR), truths
