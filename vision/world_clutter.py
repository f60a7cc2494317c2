"""Things that lie on a games table besides the tiles: playing cards, coins, pencils, a
score pad with ruled lines and scribbles, train markers (cylinders or little trains), dice,
and the round hub with its slots.

None of them is to be read as a tile, so each is returned with its outline (for shadows and
for keeping the tiles clear) and its 4-corner box (a negative for training a verifier).
Sizes are in tile widths (``unit``, canvas px). Flat things with lettering are drawn upright
on a small sprite and stamped onto the canvas turned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.world_tiles import SHIFT, disc, fill, rounded_outline

CLUTTER = ("card", "coin", "pencil", "pad", "marker", "hub", "die")
"""What ``make`` draws; a marker is a small cylinder or, half the time, a plastic train."""


@dataclass
class Clutter:
    kind: str
    outline: np.ndarray  # Nx2 canvas px
    box: np.ndarray  # 4x2 canvas px
    draw: Callable[[np.ndarray], None]
    radius: float = 0.0  # round things: coins, markers, the hub
    spokes: tuple[float, ...] = ()  # the hub: the directions its train slots point, radians


def _box(centre, angle, w, h) -> np.ndarray:
    c, s = np.cos(angle), np.sin(angle)
    ax, ay = np.array([c, s]) * w / 2, np.array([-s, c]) * h / 2
    centre = np.asarray(centre, np.float64)
    return np.float32([centre - ax - ay, centre + ax - ay, centre + ax + ay, centre - ax + ay])


def stamp(canvas: np.ndarray, sprite: np.ndarray, centre, angle: float) -> None:
    """Lay the BGRA ``sprite`` on the canvas, its middle at ``centre``, turned ``angle`` rad."""
    sh, sw = sprite.shape[:2]
    box = _box(centre, angle, sw, sh)
    x0, y0 = np.floor(box.min(axis=0)).astype(int)
    x1, y1 = np.ceil(box.max(axis=0)).astype(int) + 1
    ch, cw = canvas.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, cw), min(y1, ch)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.float32([[0, 0], [sw, 0], [sw, sh]])
    m = cv2.getAffineTransform(src, box[:3] - np.float32([x0, y0]))
    warped = cv2.warpAffine(sprite, m, (x1 - x0, y1 - y0), flags=cv2.INTER_AREA)
    alpha = warped[..., 3:4].astype(np.float32) / 255
    roi = canvas[y0:y1, x0:x1]
    roi[:] = (roi * (1 - alpha) + warped[..., :3] * alpha).astype(np.uint8)


def _sprite(w: float, h: float, colour, corner: float) -> np.ndarray:
    img = np.zeros((max(2, int(h)), max(2, int(w)), 4), np.uint8)
    outline = rounded_outline(np.float64([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]), corner)
    fill(img, outline, (*colour, 255))
    return img


def _suit(img, p, size, suit, colour) -> None:
    x, y = p
    if suit == 0:  # diamond
        pts = np.array([[x, y - size], [x + size * 0.7, y], [x, y + size], [x - size * 0.7, y]])
        fill(img, pts, colour)
    elif suit == 1:  # heart
        disc(img, (x - size * 0.45, y - size * 0.3), size * 0.5, colour)
        disc(img, (x + size * 0.45, y - size * 0.3), size * 0.5, colour)
        fill(
            img,
            np.array(
                [
                    [x - size * 0.92, y - size * 0.1],
                    [x + size * 0.92, y - size * 0.1],
                    [x, y + size],
                ]
            ),
            colour,
        )
    else:  # club or spade: round lobes and a stem
        for dx, dy in ((0, -0.45), (-0.5, 0.1), (0.5, 0.1)) if suit == 2 else ((-0.4, 0), (0.4, 0)):
            disc(img, (x + dx * size, y + dy * size), size * 0.45, colour)
        if suit == 3:
            fill(img, np.array([[x - size * 0.8, y], [x + size * 0.8, y], [x, y - size]]), colour)
        fill(
            img,
            np.array(
                [
                    [x - size * 0.1, y],
                    [x + size * 0.1, y],
                    [x + size * 0.3, y + size],
                    [x - size * 0.3, y + size],
                ]
            ),
            colour,
        )


def card(rng, unit):
    w, h = unit * 2.6, unit * 3.7
    if rng.random() < 0.3:  # face down: a patterned back
        back = tuple(float(v) for v in rng.choice([(40, 40, 160), (150, 60, 30)]))
        img = _sprite(w, h, (245, 245, 245), unit * 0.2)
        inner = _sprite(w * 0.88, h * 0.9, back, unit * 0.1)
        img[
            int(h * 0.05) : int(h * 0.05) + inner.shape[0],
            int(w * 0.06) : int(w * 0.06) + inner.shape[1],
        ][inner[..., 3] > 0] = inner[inner[..., 3] > 0]
        step = max(3, int(unit * 0.2))
        for k in range(-int(h), int(w + h), step):
            cv2.line(img, (k, 0), (k + int(h), int(h)), (255, 255, 255, 255), 1, cv2.LINE_AA)
            cv2.line(img, (k, int(h)), (k + int(h), 0), (255, 255, 255, 255), 1, cv2.LINE_AA)
        img[..., 3] = _sprite(w, h, (0, 0, 0), unit * 0.2)[..., 3]
        return img
    img = _sprite(w, h, (245, 248, 248), unit * 0.2)
    suit = int(rng.integers(4))
    colour = (40, 30, 200, 255) if suit < 2 else (25, 25, 25, 255)
    rank = int(rng.integers(1, 11))
    label = {1: "A"}.get(rank, str(rank))
    scale = unit / 40
    cv2.putText(
        img,
        label,
        (int(w * 0.06), int(h * 0.14)),
        cv2.FONT_HERSHEY_SIMPLEX,
        scale,
        colour,
        max(1, int(scale * 2)),
        cv2.LINE_AA,
    )
    cols = 1 if rank < 4 else 2
    per_col = int(np.ceil(rank / cols))
    placed = 0
    for c in range(cols):
        for r in range(per_col):
            if placed == rank:
                break
            x = w * (0.5 if cols == 1 else 0.3 + 0.4 * c)
            y = h * (0.2 + 0.6 * (r + 0.5) / per_col)
            _suit(img, (x, y), unit * 0.22, suit, colour)
            placed += 1
    return img


def pad(rng, unit):
    """A score pad: ruled lines, a red margin and handwriting-like scribbles and figures."""
    w, h = unit * rng.uniform(3.5, 5), unit * rng.uniform(5, 7)
    paper = tuple(float(v) for v in rng.choice([(245, 248, 250), (180, 240, 250)]))
    img = _sprite(w, h, paper, unit * 0.05)
    step = unit * rng.uniform(0.25, 0.4)
    for y in np.arange(step * 2, h, step):
        cv2.line(img, (0, int(y)), (int(w), int(y)), (200, 170, 130, 255), 1, cv2.LINE_AA)
    cv2.line(img, (int(w * 0.2), 0), (int(w * 0.2), int(h)), (90, 90, 220, 255), 1, cv2.LINE_AA)
    ink = tuple(float(v) for v in rng.choice([(120, 40, 20), (40, 40, 40), (100, 100, 100)])) + (
        255.0,
    )
    for y in np.arange(step * 3, h - step, step):
        if rng.random() < 0.3:
            continue
        x = w * rng.uniform(0.22, 0.3)
        if rng.random() < 0.5:
            text = str(int(rng.integers(0, 300)))
            cv2.putText(
                img,
                text,
                (int(x), int(y - step * 0.15)),
                cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
                step / 32,
                ink,
                1,
                cv2.LINE_AA,
            )
            continue
        pts = [(x, y - step * 0.3)]  # a scribbled word: a wobbly line with loops
        for _ in range(int(rng.integers(6, 25))):
            px, _py = pts[-1]
            pts.append(
                (px + rng.uniform(1, max(1.5, step * 0.35)), y - step * rng.uniform(0.1, 0.7))
            )
        poly = np.round(np.array(pts) * (1 << SHIFT)).astype(np.int32)
        cv2.polylines(img, [poly], False, ink, 1, cv2.LINE_AA, SHIFT)
    return img


def pencil(rng, unit):
    length, width = unit * rng.uniform(5, 8), unit * rng.uniform(0.28, 0.35)
    body = tuple(
        float(v) for v in rng.choice([(30, 200, 240), (40, 40, 180), (60, 120, 40), (40, 40, 40)])
    )
    img = np.zeros((int(width) + 2, int(length) + 2, 4), np.uint8)
    tip = width * 1.6
    fill(
        img,
        np.array([[tip, 0], [length * 0.88, 0], [length * 0.88, width], [tip, width]]),
        (*body, 255),
    )
    dark = tuple(c * 0.7 for c in body) + (255,)
    cv2.line(img, (int(tip), int(width / 2)), (int(length * 0.88), int(width / 2)), dark, 1)
    fill(
        img,
        np.array(
            [[length * 0.88, 0], [length * 0.93, 0], [length * 0.93, width], [length * 0.88, width]]
        ),
        (180, 180, 190, 255),
    )
    fill(
        img,
        np.array(
            [
                [length * 0.93, 0],
                [length, width * 0.1],
                [length, width * 0.9],
                [length * 0.93, width],
            ]
        ),
        (160, 150, 230, 255),
    )
    fill(img, np.array([[0, width / 2], [tip, 0], [tip, width]]), (120, 170, 210, 255))
    fill(
        img,
        np.array([[0, width / 2], [tip * 0.35, width * 0.33], [tip * 0.35, width * 0.67]]),
        (50, 50, 50, 255),
    )
    return img


def _round(kind: str, rng, unit):
    """Coins and markers, drawn straight onto the canvas as discs."""
    if kind == "coin":
        radius = unit * rng.uniform(0.35, 0.6)
        metal = np.array(rng.choice([(60, 110, 170), (170, 170, 165), (70, 160, 200)]), float)
    else:
        radius = unit * rng.uniform(0.2, 0.35)
        metal = rng.uniform(20, 240, 3)
    dark, light = tuple(metal * 0.65), tuple(np.minimum(metal * 1.25 + 10, 255))

    def draw(canvas, centre, angle):
        lift = np.array([np.cos(angle), np.sin(angle)]) * radius * (0.15 if kind == "coin" else 0.6)
        disc(canvas, centre + lift, radius, dark)
        disc(canvas, centre, radius, tuple(metal))
        disc(canvas, centre, radius * 0.82, light if kind == "coin" else tuple(metal))
        if kind == "coin":
            disc(canvas, centre + radius * 0.1, radius * 0.5, tuple(metal))

    return radius, draw


def die(rng, unit):
    """A die seen from above: a rounded cube whose pips look much like a domino's."""
    side = unit * rng.uniform(0.6, 0.8)
    body = tuple(float(v) for v in rng.choice([(240, 240, 240), (40, 40, 200), (30, 30, 30)]))
    ink = (30.0, 30.0, 30.0) if body[0] > 200 else (240.0, 240.0, 240.0)
    depth = side * 0.14  # the near faces of the cube, a little darker
    img = np.zeros((int(side + depth) + 1, int(side + depth) + 1, 4), np.uint8)
    square = np.float64([[0, 0], [side - 1, 0], [side - 1, side - 1], [0, side - 1]])
    fill(img, rounded_outline(square + depth, side * 0.18), (*(c * 0.7 for c in body), 255.0))
    fill(img, rounded_outline(square, side * 0.18), (*body, 255.0))
    grid = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8]}
    cells = grid.get(int(rng.integers(1, 7)), [0, 2, 3, 5, 6, 8])
    for cell in cells:
        x, y = 0.25 + 0.25 * (cell % 3), 0.25 + 0.25 * (cell // 3)
        disc(img, (x * side, y * side), side * 0.09, (*ink, 255.0))
    return img


def train(rng, unit):
    """A little plastic train, a player's marker: a body, a cab, a chimney and wheels."""
    length, width = unit * rng.uniform(0.9, 1.3), unit * rng.uniform(0.4, 0.55)
    plastic = tuple(float(v) for v in rng.uniform(20, 240, 3))
    dark = tuple(c * 0.6 for c in plastic) + (255.0,)
    img = np.zeros((int(width) + 2, int(length) + 2, 4), np.uint8)
    fill(
        img,
        rounded_outline(
            np.float64(
                [
                    [0, width * 0.15],
                    [length, width * 0.15],
                    [length, width * 0.85],
                    [0, width * 0.85],
                ]
            ),
            width * 0.15,
        ),
        (*plastic, 255),
    )
    fill(
        img,
        np.array([[length * 0.6, 0], [length, 0], [length, width], [length * 0.6, width]]),
        dark,
    )
    disc(img, (length * 0.25, width / 2), width * 0.17, dark)
    for x in (0.2, 0.45, 0.75):
        for y in (0.08, 0.92):
            disc(img, (length * x, width * y), width * 0.09, (30, 30, 30, 255))
    return img


def hub(rng, unit):
    """The round hub at the middle of the table: slots for the engine and each train."""
    radius = unit * rng.uniform(1.8, 2.6)
    plastic = tuple(
        float(v) for v in rng.choice([(90, 90, 90), (40, 120, 40), (40, 40, 160), (30, 30, 30)])
    )
    size = int(radius * 2) + 4
    img = np.zeros((size, size, 4), np.uint8)
    c = np.array([size / 2, size / 2])
    disc(img, c, radius, (*plastic, 255))
    slot = tuple(v * 0.6 for v in plastic) + (255,)
    slots = int(rng.choice([8, 9]))
    spokes = tuple(2 * np.pi * k / slots for k in range(slots))
    for k in range(slots):
        a = 2 * np.pi * k / slots
        d = np.array([np.cos(a), np.sin(a)])
        n = np.array([-d[1], d[0]])
        p0 = c + d * radius * 0.45
        quad = np.array(
            [
                p0 - n * unit * 0.3,
                p0 + n * unit * 0.3,
                p0 + n * unit * 0.3 + d * radius * 0.5,
                p0 - n * unit * 0.3 + d * radius * 0.5,
            ]
        )
        fill(img, quad, slot)
    fill(
        img,
        np.array(
            [
                c - unit * 0.6,
                c + (unit * 0.6, -unit * 0.6),
                c + unit * 0.6,
                c + (-unit * 0.6, unit * 0.6),
            ]
        ),
        slot,
    )
    return img, spokes


def make(rng: np.random.Generator, kind: str, centre, unit: float) -> Clutter:
    """One ``kind`` of thing (see ``CLUTTER``) about ``unit`` tile-widths big at ``centre``."""
    angle = rng.uniform(0, 2 * np.pi)
    centre = np.asarray(centre, np.float64)
    if kind == "marker" and rng.random() < 0.5:
        kind = "train"
    if kind in ("coin", "marker"):
        radius, draw_round = _round(kind, rng, unit)
        return Clutter(
            kind,
            _ring(centre, radius),
            _box(centre, angle, 2 * radius, 2 * radius),
            lambda canvas: draw_round(canvas, centre, angle),
            radius=radius,
        )
    draw = {"card": card, "pad": pad, "pencil": pencil, "hub": hub, "train": train, "die": die}
    draw = draw[kind]
    sprite = draw(rng, unit)
    if kind == "hub":
        sprite, spokes = sprite
        radius = (sprite.shape[0] - 4) / 2
        return Clutter(
            kind,
            _ring(centre, radius),
            _box(centre, angle, sprite.shape[1], sprite.shape[0]),
            lambda canvas: stamp(canvas, sprite, centre, angle),
            radius=radius,
            spokes=tuple(angle + a for a in spokes),
        )
    box = _box(centre, angle, sprite.shape[1], sprite.shape[0])
    return Clutter(kind, box, box, lambda canvas: stamp(canvas, sprite, centre, angle))


def _ring(centre, radius: float) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, 24, endpoint=False)
    return centre + radius * np.stack([np.cos(a), np.sin(a)], 1)
