"""How a set of dominoes looks, and drawing its tiles onto a table seen from above.

A ``TileLook`` is one set's style, drawn once per photo: the face (ivory, white, black or a
colour), the pips (black, white, one colour, or the per-value colours of double-12 and
double-15 sets), flat or engraved pips, the divider, a brass spinner, the corner radius and
the colour of the sides. The drawing functions work on a uint8 BGR canvas in place, with
anti-aliased polygons and circles at sub-pixel precision (``SHIFT`` fractional bits).

A tile's place is given by its centre, the unit vector ``along`` it (from the half showing
``tile.ends[0]`` to the half showing ``tile.ends[1]``) and its width; its length is twice the
width. Its corners come in this order: the two corners of the short edge at the ``ends[0]``
end, then the two at the ``ends[1]`` end, going round the tile clockwise on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.tiles import Tile
from vision.synth import GRID_CELLS

STYLES = ("ivory", "white", "black", "coloured")
"""Tile faces ``render_world(style=...)`` accepts."""

PIP_FINISHES = ("flat", "engraved", "highlight")
"""How pips are made (draw_pip): flat paint, a dimple with one wall in shade, a glossy bead
catching the lamp."""

SET_SIZES = (6, 9, 12, 15)
CLEAR_OF_DIVIDER = 0.1  # no pip comes nearer the divider than this (tile widths), as made
SHIFT = 4  # fractional bits of the coordinates handed to OpenCV's drawing functions
ONE = 1 << SHIFT

# per-value pip colours (BGR) as real double-12 and double-15 sets print them: 1 light blue,
# 2 green, 3 red, 4 brown, 5 dark blue, 6 yellow, 7 purple, 8 dark green, 9 navy, 10 red or
# orange, 11 black or brown, 12 grey; 13 to 15 teal, pink, olive
VALUE_COLOURS = {
    1: (225, 180, 80),
    2: (60, 160, 40),
    3: (40, 40, 200),
    4: (40, 70, 120),
    5: (150, 50, 20),
    6: (30, 200, 230),
    7: (160, 50, 150),
    8: (50, 100, 20),
    9: (110, 30, 30),
    10: (30, 60, 220),
    11: (30, 30, 60),
    12: (140, 140, 140),
    13: (150, 150, 30),
    14: (160, 110, 240),
    15: (40, 130, 110),
}
FACES = {
    "ivory": [(200, 232, 242), (185, 225, 240), (210, 235, 240)],
    "white": [(242, 244, 244), (235, 238, 240), (250, 250, 250)],
    "black": [(25, 25, 25), (35, 30, 30), (15, 15, 20)],
    "coloured": [
        (40, 40, 170),  # red
        (150, 80, 20),  # blue
        (50, 120, 40),  # green
        (40, 150, 220),  # orange
        (130, 40, 110),  # purple
        (70, 210, 240),  # yellow
        (230, 190, 130),  # light blue
        (190, 160, 245),  # pink
    ],
}


@dataclass(frozen=True)
class TileLook:
    """The style of one set of tiles (everything in BGR, sizes as fractions of the width)."""

    style: str
    face: tuple[float, float, float]
    side: tuple[float, float, float]
    back: tuple[float, float, float]
    pip_mode: str  # "black", "white", "one colour" or "per value"
    pip_colour: tuple[float, float, float]
    palette: dict[int, tuple[float, float, float]]
    pip_finish: str  # "flat", "engraved" or "highlight"
    pip_scale: float
    divider: tuple[float, float, float]
    divider_length: float
    divider_width: float
    spinner: bool
    corner: float
    pip_spread: float  # how far the outer pips sit from the half's edges
    logo: bool  # face-down tiles show a mark on the back
    light: tuple[float, float] = (-0.7, -0.7)  # towards the lamp, for pips' relief

    def pip_colour_for(self, value: int):
        if self.pip_mode == "per value":
            return self.palette.get(value, self.pip_colour)
        return self.pip_colour


def _jitter(rng, colour, spread=10.0):
    return tuple(float(v) for v in np.clip(np.asarray(colour) + rng.normal(0, spread, 3), 0, 255))


def choose_look(rng: np.random.Generator, style: str, set_max: int) -> TileLook:
    """A random set of the given face ``style`` (one of ``STYLES``)."""
    options = FACES[style]
    face = _jitter(rng, options[rng.integers(len(options))], 6)
    dark_face = np.mean(face) < 110
    if style == "black":
        modes = ["white", "white", "per value", "one colour"]
    elif style == "coloured":  # light pips on dark colours, dark pips on light ones
        modes = ["white"] if np.mean(face) < 130 else ["black", "black", "white"]
    else:
        modes = (
            ["black", "per value", "per value", "one colour"]
            if set_max > 6
            else [
                "black",
                "black",
                "one colour",
            ]
        )
    pip_mode = modes[rng.integers(len(modes))]
    bright = [(60, 190, 230), (60, 60, 230), (230, 200, 90), (90, 210, 90)]  # gold, red, ...
    inks = bright if dark_face else [(40, 40, 180), (160, 60, 20), (40, 160, 210), (40, 110, 40)]
    pip_colour = {
        "black": _jitter(rng, (25, 25, 25), 5),
        "white": _jitter(rng, (235, 240, 240), 5),
        "one colour": _jitter(rng, inks[rng.integers(len(inks))]),
        "per value": (30.0, 30.0, 30.0),
    }[pip_mode]
    palette = {v: _jitter(rng, c, 12) for v, c in VALUE_COLOURS.items()}
    if dark_face:  # sets with black faces print their colours light enough to see
        palette = {v: tuple(min(255.0, x * 0.6 + 110) for x in c) for v, c in palette.items()}
    if rng.random() < 0.3:  # another maker's colour code: a few values swapped around
        keys = rng.permutation(list(palette))[:4]
        values = [palette[k] for k in keys]
        palette.update(dict(zip(keys[::-1], values, strict=True)))
    shade = rng.uniform(0.6, 0.85)  # the sides face away from the lamp: the face, darker
    side = tuple(c * shade for c in face)
    if dark_face:
        side = tuple(c + 15 for c in face)
    back = (
        face if rng.random() < 0.7 else _jitter(rng, (30, 30, 30) if not dark_face else (230,) * 3)
    )
    divider = (
        pip_colour
        if rng.random() < 0.6 and pip_mode != "per value"
        else ((220, 220, 220) if dark_face else (30, 30, 30))
    )
    if rng.random() < 0.15:
        divider = (60, 150, 190)  # brass
    lamp = rng.uniform(0, 2 * np.pi)
    return TileLook(
        style=style,
        face=face,
        side=side,
        back=back,
        pip_mode=pip_mode,
        pip_colour=pip_colour,
        palette=palette,
        pip_finish=PIP_FINISHES[rng.integers(len(PIP_FINISHES))],
        pip_scale=float(rng.uniform(0.85, 1.1)),
        divider=divider,
        divider_length=float(rng.uniform(0.55, 0.9)),
        divider_width=float(rng.uniform(0.025, 0.055)),
        spinner=bool(rng.random() < 0.4),
        corner=float(rng.uniform(0.04, 0.18)),
        pip_spread=float(rng.uniform(0.14, 0.22)),
        logo=bool(rng.random() < 0.5),
        light=(float(np.cos(lamp)), float(np.sin(lamp))),
    )


def pip_layout(count: int, spread: float = 0.18) -> list[tuple[float, float]]:
    """Pip centres in a unit half: x across (0..1), y along from the tile's end (0..1).

    0 to 9 sit on a 3x3 grid as on every set; 10 to 12 use four rows (two full outer columns
    and the rest down the middle), 13 to 15 five rows, as double-12 and double-15 sets do.
    """
    lo, hi = spread, 1 - spread
    if count <= 9:
        cells = GRID_CELLS[count]
        mid = (lo + hi) / 2
        return [((lo, mid, hi)[i % 3], (lo, mid, hi)[i // 3]) for i in cells]
    rows = 4 if count <= 12 else 5
    ys = np.linspace(lo, hi, rows)
    points = [(x, float(y)) for y in ys for x in (lo, hi)]
    middle = count - 2 * rows  # down the middle column, centred between the rows
    start, step = (rows - middle) / 2, ys[1] - ys[0]
    points += [(0.5, float(ys[0] + step * (start + i))) for i in range(middle)]
    return points


def pip_radius(set_max: int, look: TileLook) -> float:
    """Pip radius as a fraction of the tile's width: every pip of a set is the same size."""
    base = {6: 0.095, 9: 0.085, 12: 0.065, 15: 0.052}[set_max]
    return base * look.pip_scale


def _pts(points: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(points) * ONE).astype(np.int32)


def tile_corners(centre, along, width: float, length: float | None = None) -> np.ndarray:
    """The four corners (see the module docstring for the order), float32 4x2."""
    length = 2 * width if length is None else length
    along = np.asarray(along, np.float64)
    along = along / np.linalg.norm(along)  # towards ends[1]
    across = np.array([-along[1], along[0]])
    c = np.asarray(centre, np.float64)
    return np.float32(
        [
            c - along * length / 2 + across * width / 2,
            c - along * length / 2 - across * width / 2,
            c + along * length / 2 - across * width / 2,
            c + along * length / 2 + across * width / 2,
        ]
    )


def rounded_outline(corners: np.ndarray, radius: float) -> np.ndarray:
    """The outline of the rectangle ``corners`` with its corners rounded off by ``radius`` px
    (more points on bigger curves, so a close-up stays smooth)."""
    corners = np.asarray(corners, np.float64)
    steps = int(np.clip(radius / 3, 1, 14)) + 2
    t = np.linspace(0, np.pi / 2, steps)[:, None]
    out = []
    n = len(corners)
    for i in range(n):
        p, prev, nxt = corners[i], corners[i - 1], corners[(i + 1) % n]
        a = (prev - p) / (np.linalg.norm(prev - p) + 1e-9)
        b = (nxt - p) / (np.linalg.norm(nxt - p) + 1e-9)
        centre = p + (a + b) * radius
        # from the tangent point on the edge from ``prev`` round to the one towards ``nxt``
        out.append(centre - (b * np.cos(t) + a * np.sin(t)) * radius)
    return np.vstack(out)


def fill(canvas, outline, colour) -> None:
    cv2.fillPoly(canvas, [_pts(outline)], colour, cv2.LINE_AA, SHIFT)


def disc(canvas, centre, radius, colour) -> None:
    cv2.circle(
        canvas, tuple(_pts(centre)), int(round(radius * ONE)), colour, -1, cv2.LINE_AA, SHIFT
    )


def draw_body(canvas, footprint: np.ndarray, top: np.ndarray, colour, radius: float) -> None:
    """The tile's sides: everything between where it stands and its raised top face."""
    rounded = [rounded_outline(np.asarray(q, np.float64), radius) for q in (footprint, top)]
    hull = cv2.convexHull(np.float32(np.vstack(rounded)))[:, 0, :]
    fill(canvas, hull, colour)
    edge = tuple(c * 0.7 for c in colour)
    cv2.polylines(canvas, [_pts(hull)], True, edge, 1, cv2.LINE_AA, SHIFT)


def draw_face(canvas, look: TileLook, tile: Tile, corners: np.ndarray, set_max: int, rng) -> None:
    """The face of ``tile`` filling the quad ``corners`` (a rectangle on the canvas)."""
    width = float(np.linalg.norm(corners[1] - corners[0]))
    along = (corners[3] - corners[0]) / (np.linalg.norm(corners[3] - corners[0]) + 1e-9)
    across = (corners[0] - corners[1]) / (width + 1e-9)
    centre = corners.mean(axis=0)
    radius = look.corner * width
    shade = rng.uniform(0.94, 1.04)
    face = tuple(min(255.0, c * shade) for c in look.face)
    rim = tuple(c * 0.88 for c in face)
    fill(canvas, rounded_outline(corners, radius), rim)
    inset = width * 0.035
    inner = corners + np.float32(
        [
            across * -inset + along * inset,
            across * inset + along * inset,
            across * inset - along * inset,
            across * -inset - along * inset,
        ]
    )
    fill(canvas, rounded_outline(inner, max(radius - inset, 0.5)), face)
    seam = tuple(c * 0.55 for c in look.side)  # where touching tiles meet: a dark hairline
    cv2.polylines(
        canvas, [_pts(rounded_outline(corners, radius))], True, seam, 1, cv2.LINE_AA, SHIFT
    )
    half = look.divider_length * width / 2
    bar = look.divider_width * width / 2
    fill(
        canvas,
        np.array(
            [
                centre - across * half - along * bar,
                centre + across * half - along * bar,
                centre + across * half + along * bar,
                centre - across * half + along * bar,
            ]
        ),
        look.divider,
    )
    if look.spinner:
        disc(canvas, centre, width * 0.075, (50, 130, 170))
        disc(canvas, centre, width * 0.055, (90, 180, 215))
        disc(canvas, centre - (across + along) * width * 0.02, width * 0.02, (190, 235, 250))
    r = pip_radius(set_max, look) * width
    for value, pips in zip(tile.ends, pip_centres(tile, corners, look, set_max), strict=True):
        for p in pips:
            draw_pip(canvas, p, r, look.pip_colour_for(value), look.pip_finish, look.light, face)


def pip_centres(tile: Tile, corners: np.ndarray, look: TileLook, set_max: int):
    """Where each half's pips sit on the face ``corners``: two arrays of Nx2 points, the
    ``ends[0]`` half first."""
    corners = np.asarray(corners, np.float64)
    width = float(np.linalg.norm(corners[1] - corners[0]))
    length = float(np.linalg.norm(corners[3] - corners[0]))
    along = (corners[3] - corners[0]) / (length + 1e-9)
    across = (corners[0] - corners[1]) / (width + 1e-9)
    centre = corners.mean(axis=0)
    spread = max(look.pip_spread, pip_radius(set_max, look) + CLEAR_OF_DIVIDER)
    halves = []
    for half_index, value in enumerate(tile.ends):
        layout = np.array(pip_layout(value, spread) if isinstance(value, int) else [])
        if not len(layout):
            halves.append(np.zeros((0, 2), np.float32))
            continue
        x, y = layout[:, :1], layout[:, 1:]
        sign = 1 if half_index == 0 else -1  # the second half is the first turned round
        points = centre + sign * (
            -along * length / 2 + along * y * length / 2 + across * (x - 0.5) * width
        )
        halves.append(points.astype(np.float32))
    return halves


def draw_pip(canvas, p, r, colour, finish: str, light, face) -> None:
    """One pip of radius ``r`` at ``p`` (px), ``finish`` "flat", "engraved" or "highlight",
    lit from ``light`` (a unit vector towards the lamp) on a face of colour ``face``."""
    light = np.array(light)
    if finish == "engraved":  # a dimple: its wall nearest the lamp in shade, the
        # far wall lit, the painted floor between
        wall = tuple(c * 0.6 for c in colour)
        lit = tuple(w + (f - w) * 0.35 for w, f in zip(wall, face, strict=True))
        disc(canvas, p, r, wall)
        disc(canvas, p - light * r * 0.18, r * 0.85, lit)
        disc(canvas, p + light * r * 0.06, r * 0.7, colour)
    elif finish == "highlight":  # a glossy bead of paint catching the lamp
        disc(canvas, p, r, colour)
        disc(canvas, p + light * r * 0.42, r * 0.3, tuple(min(255.0, c + 70) for c in colour))
    else:
        disc(canvas, p, r, colour)


def draw_back(canvas, look: TileLook, corners: np.ndarray, rng) -> None:
    """A tile lying face down: its plain back, maybe with the maker's mark in the middle."""
    width = float(np.linalg.norm(corners[1] - corners[0]))
    shade = rng.uniform(0.94, 1.04)
    colour = tuple(min(255.0, c * shade) for c in look.back)
    fill(canvas, rounded_outline(corners, look.corner * width), colour)
    if look.logo:
        centre = corners.mean(axis=0)
        mark = tuple(c * 0.8 if np.mean(colour) > 100 else c + 50 for c in colour)
        cv2.ellipse(
            canvas,
            tuple(_pts(centre)),
            (int(width * 0.3 * ONE), int(width * 0.18 * ONE)),
            float(np.degrees(np.arctan2(*(corners[3] - corners[0])[::-1]))),
            0,
            360,
            mark,
            max(1, int(width * 0.03)),
            cv2.LINE_AA,
            SHIFT,
        )
