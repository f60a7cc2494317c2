"""Procedural tables for the world renderer: wood, cloth, felt, paper, stone, printed cloths
and game boards, busy photo-like surfaces, black fabric and saturated colours.

Every surface is drawn from a ``numpy.random.Generator`` into a BGR ``uint8`` picture of the
table seen from straight above (the renderer tilts it afterwards). Textures are sums of a few
octaves of small random grids blown up with ``cv2.resize``, so a 2-megapixel table costs tens
of milliseconds, not seconds.
"""

from __future__ import annotations

import string

import cv2
import numpy as np

BACKGROUNDS = (
    "wood",
    "weave",
    "felt",
    "paper",
    "stone",
    "pattern",
    "board",
    "noise",
    "black",
    "saturated",
    "plain",
)
"""The kinds of table, in the order ``render_world(background=...)`` accepts them."""

VARIANTS = {
    "weave": ("linen", "tartan", "stripes"),
    "stone": ("marble", "granite", "terrazzo"),
    "pattern": ("dots", "flowers", "gingham", "stripes"),
    "noise": ("mottled", "grass", "towel"),
}
SMOOTH = ("felt", "saturated", "plain")
TURNED = ("wood", "weave", "pattern", "stone")  # the others look the same turned any way
FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
)


def smooth_noise(rng: np.random.Generator, h: int, w: int, cell: float, cell_y=None, ch=1):
    """Gaussian noise with features about ``cell`` px across (``cell_y`` tall), float32."""
    cy = cell if cell_y is None else cell_y
    gw, gh = max(2, int(w / max(cell, 1)) + 2), max(2, int(h / max(cy, 1)) + 2)
    grid = rng.standard_normal((gh, gw, ch), dtype=np.float32)
    if gw * 2 > w or gh * 2 > h:
        big = cv2.resize(grid, (w, h), interpolation=cv2.INTER_LINEAR)
    else:
        big = cv2.resize(grid, (w, h), interpolation=cv2.INTER_CUBIC)
    return big.reshape(h, w, ch) if ch > 1 else big.reshape(h, w)


def fbm(rng, h: int, w: int, cells=(160, 40, 10), gains=(1.0, 0.5, 0.25)) -> np.ndarray:
    """A few octaves of smooth noise added up: clouds, mottling, stains."""
    out = np.zeros((h, w), np.float32)
    for cell, gain in zip(cells, gains, strict=True):
        out += gain * smooth_noise(rng, h, w, cell)
    return out


def _colour(rng, base, spread=12.0) -> np.ndarray:
    return np.clip(np.asarray(base, np.float64) + rng.normal(0, spread, 3), 0, 255).astype(
        np.float32
    )


def _paint(field: np.ndarray, low, high) -> np.ndarray:
    """Map a field in [0, 1] onto a colour ramp from ``low`` to ``high`` (BGR), float32."""
    low, high = np.asarray(low, np.float32), np.asarray(high, np.float32)
    ramp = np.column_stack([high - low, low]).astype(np.float32)  # colour = ramp @ (f, 1)
    out = cv2.transform(np.ascontiguousarray(field, np.float32)[..., None], ramp)
    return out.reshape(*field.shape, 3)


def _folds(rng, h: int, w: int, strength: float) -> np.ndarray:
    """Soft light and dark bands of a cloth that was not ironed, as a gain around 1."""
    ridge = np.abs(smooth_noise(rng, h, w, max(h, w) / 3))
    return (
        1
        + 0.4 * strength * (0.5 - np.minimum(ridge, 1.0))
        + 0.5 * strength * fbm(rng, h, w, (max(h, w) / 3, max(h, w) / 8), (1.0, 0.4))
    )


def wood(rng, h, w, variant: int = 0):
    palettes = [
        ((40, 80, 130), (90, 150, 205)),  # oak
        ((20, 35, 60), (50, 80, 120)),  # walnut
        ((30, 50, 110), (70, 110, 180)),  # cherry
        ((90, 100, 110), (160, 170, 180)),  # weathered grey
        ((120, 170, 210), (170, 210, 235)),  # pale birch or pine
    ]
    dark, light = (_colour(rng, c, 8) for c in palettes[rng.integers(len(palettes))])
    vertical = rng.random() < 0.5
    if vertical:
        h, w = w, h
    plank = int(rng.uniform(0.08, 0.35) * h)
    rows = np.arange(h, dtype=np.float32)[:, None]
    index = np.arange(h)[:, None] // max(plank, 8)
    offsets = rng.uniform(0, 1000, 64).astype(np.float32)
    tones = rng.uniform(-0.15, 0.15, 64).astype(np.float32)
    warp = smooth_noise(rng, h, w, rng.uniform(150, 400), rng.uniform(20, 60)) * rng.uniform(4, 14)
    streak = smooth_noise(rng, h, w, rng.uniform(80, 300), rng.uniform(1.5, 4))
    ring_freq = rng.uniform(0.15, 0.5)
    rings = np.sin((rows + offsets[index % 64] + warp) * np.float32(ring_freq))
    field = 0.5 + 0.18 * rings + 0.2 * streak + tones[index % 64]
    field += 0.1 * fbm(rng, h, w, (200, 50), (1.0, 0.5))
    field = np.clip(field, 0, 1)
    img = _paint(field, dark, light)
    seams = (np.arange(h)[:, None] % max(plank, 8)) < max(1, plank // 90)
    img[np.broadcast_to(seams, (h, w))] *= 0.45
    if vertical:
        img = img.transpose(1, 0, 2)
    return img


def weave(rng, h, w, variant: int = 0):
    """Woven cloth: linen, a tartan plaid or a striped tablecloth with a diagonal twill."""
    period = rng.uniform(3, 9)
    xx = np.arange(w, dtype=np.float32)[None, :]
    yy = np.arange(h, dtype=np.float32)[:, None]
    kind = variant
    if kind == 0:  # linen
        base = _colour(rng, rng.choice([(200, 215, 225), (150, 170, 190), (120, 120, 110)]), 25)
        threads = 0.5 + 0.25 * np.sin(xx * 2 * np.pi / period) * np.sin(yy * 2 * np.pi / period)
        img = base * (0.8 + 0.3 * threads)[..., None]
    elif kind == 1:  # tartan
        palette = [_colour(rng, rng.uniform(20, 230, 3), 0) for _ in range(3)]
        band = rng.uniform(20, 120)
        sx = ((xx // band).astype(np.int32) * 7 + (xx // (band / 3)).astype(np.int32)) % 3
        sy = ((yy // band).astype(np.int32) * 5 + (yy // (band / 3)).astype(np.int32)) % 3
        pal = np.stack(palette)
        over = (((xx // period) + (yy // period)) % 2).astype(np.float32)
        img = pal[sx] * over[..., None] + pal[sy] * (1 - over[..., None])
        img = np.broadcast_to(img, (h, w, 3)).astype(np.float32)
        img = cv2.GaussianBlur(img, (0, 0), 0.8)  # threads are round, not square pixels
    else:  # stripes with a twill, like the herringbone cloths in real photos
        a, b = _colour(rng, rng.uniform(60, 230, 3), 0), _colour(rng, (215, 220, 225), 15)
        widths = rng.uniform(15, 90, 40)
        edges = np.cumsum(widths)
        which = np.searchsorted(edges, np.arange(h) % edges[-1]) % 2
        mix = rng.uniform(0.2, 1.0, 40)[np.searchsorted(edges, np.arange(h) % edges[-1]) % 40]
        stripe = (which * mix).astype(np.float32)[:, None]
        flip = ((yy // rng.uniform(20, 60)) % 2) * 2 - 1
        twill = 0.5 + 0.5 * np.sin((xx + flip * yy) * 2 * np.pi / (period * 1.5))
        img = _paint(np.broadcast_to(stripe, (h, w)).copy(), b, a)
        img *= (0.85 + 0.2 * twill)[..., None]
    img *= _folds(rng, h, w, rng.uniform(0.05, 0.3))[..., None]
    return img


def felt(rng, h, w, variant: int = 0):
    base = _colour(
        rng,
        [(40, 110, 30), (110, 60, 20), (30, 30, 120), (80, 80, 80), (40, 30, 90)][rng.integers(5)],
        15,
    )
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    img = img * (1 + 0.08 * fbm(rng, h, w, (300, 60, 8), (1, 0.5, 0.4)))[..., None]
    return img


def paper(rng, h, w, variant: int = 0):
    base = _colour(rng, [(235, 240, 245), (205, 230, 240), (245, 245, 240)][rng.integers(3)], 8)
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    fibres = smooth_noise(rng, h, w, rng.uniform(1.5, 4), rng.uniform(4, 12))
    gain = 1 + 0.02 * fibres + 0.04 * fbm(rng, h, w, (400, 100), (1, 0.5))
    img = img * gain[..., None] * _folds(rng, h, w, rng.uniform(0.0, 0.12))[..., None]
    return img


def stone(rng, h, w, variant: int = 0):
    """Marble with veins, speckled granite or terrazzo with coloured chips."""
    kind = variant
    if kind == 0:
        base = _colour(rng, [(235, 235, 235), (215, 225, 230), (200, 215, 200)][rng.integers(3)], 4)
        vein = _colour(rng, [(90, 90, 90), (130, 150, 160), (60, 100, 80)][rng.integers(3)], 20)
        angle = rng.uniform(0, np.pi)
        xx = np.arange(w, dtype=np.float32)[None, :]
        yy = np.arange(h, dtype=np.float32)[:, None]
        # veins: a few long wandering lines, fading in and out, and a cloudy body
        veins = np.zeros((h, w), np.float32)
        for _system in range(int(rng.integers(1, 3))):
            turb = fbm(rng, h, w, (600, 120, 25), (0.5, 0.06, 0.03)) * rng.uniform(0.6, 1.4)
            ca, sa = float(np.cos(angle)), float(np.sin(angle))
            s = np.abs(np.sin((xx * ca + yy * sa) * rng.uniform(0.0015, 0.004) + turb))
            one = np.exp(-s / rng.uniform(0.01, 0.05)).astype(np.float32)
            veins = np.maximum(veins, one * np.clip(0.4 + 0.7 * smooth_noise(rng, h, w, 300), 0, 1))
            angle += rng.uniform(0.3, 1.2)
        img = _paint(np.clip(veins, 0, 1), base, vein)
        img *= (1 - 0.05 * np.abs(fbm(rng, h, w, (300, 60), (1, 0.5))))[..., None]
        return img
    base = _colour(rng, rng.uniform(90, 210, 3), 10)
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32).copy()
    img *= (1 + 0.06 * fbm(rng, h, w, (200, 40), (1, 0.5)))[..., None]
    if kind == 1:  # granite: pixel-sized speckles
        speck = smooth_noise(rng, h, w, rng.uniform(1.5, 4), ch=1)
        img[speck > 1.6] *= 0.35
        img[speck < -1.9] = 240
        return img
    chips = int(h * w / rng.uniform(900, 5000))  # terrazzo: chips that look a little like pips
    pts = rng.uniform(0, 1, (chips, 2)) * (w, h)
    radii = rng.uniform(1.5, 7, chips)
    colours = rng.uniform(20, 240, (chips, 3))
    for (x, y), r, c in zip(pts, radii, colours, strict=True):
        cv2.ellipse(
            img,
            (int(x), int(y)),
            (int(r + 1), int(r * rng.uniform(0.5, 1) + 1)),
            float(rng.uniform(0, 180)),
            0,
            360,
            tuple(float(v) for v in c),
            -1,
        )
    return img


def pattern(rng, h, w, variant: int = 0):
    """A printed tablecloth: polka dots, little flowers, gingham checks or stripes."""
    base = _colour(rng, rng.uniform(40, 240, 3), 0)
    ink = _colour(rng, rng.uniform(0, 255, 3), 0)
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32).copy()
    kind = variant
    step = rng.uniform(18, 90)
    if kind in (0, 1):
        radius = step * rng.uniform(0.08, 0.3)
        for j, y in enumerate(np.arange(-step, h + step, step)):
            for x in np.arange(-step + (step / 2) * (j % 2), w + step, step):
                centre = (int(x), int(y))
                if kind == 0:
                    cv2.circle(
                        img, centre, int(radius) + 1, tuple(map(float, ink)), -1, cv2.LINE_AA
                    )
                    continue
                for k in range(5):
                    a = k * 2 * np.pi / 5
                    p = (int(x + radius * 1.2 * np.cos(a)), int(y + radius * 1.2 * np.sin(a)))
                    cv2.circle(img, p, int(radius * 0.7) + 1, tuple(map(float, ink)), -1)
                cv2.circle(img, centre, int(radius * 0.5) + 1, (60, 200, 230), -1)
    elif kind == 2:  # gingham
        xx = (np.arange(w)[None, :] // step % 2).astype(np.float32)
        yy = (np.arange(h)[:, None] // step % 2).astype(np.float32)
        t = 0.5 * (xx + yy)
        img = _paint(t, base, ink)
    else:
        yy = (np.arange(h)[:, None] // step % 2).astype(np.float32)
        img = _paint(np.broadcast_to(yy, (h, w)).copy(), base, ink)
    img *= _folds(rng, h, w, rng.uniform(0.05, 0.25))[..., None]
    return img


def _words(rng, count: int) -> list[str]:
    letters = string.ascii_uppercase + string.digits
    return ["".join(rng.choice(list(letters), rng.integers(2, 9))) for _ in range(count)]


def board(rng, h, w, variant: int = 0):
    """A printed game board or play mat: lanes, a hub, dots in rows and lettering."""
    base = _colour(
        rng, rng.choice([(200, 225, 235), (50, 110, 40), (60, 90, 140), (220, 220, 220)])
    )
    ink = _colour(rng, rng.choice([(30, 30, 30), (40, 40, 160), (200, 200, 200), (120, 60, 20)]))
    img = np.broadcast_to(base, (h, w, 3)).astype(np.uint8).copy()  # putText wants 8 bits
    ink_t = tuple(map(float, ink))
    unit = min(h, w) * rng.uniform(0.04, 0.12)
    cx, cy = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    lanes = int(rng.integers(4, 10))
    thick = max(1, int(unit * 0.06))
    for k in range(lanes):
        a = k * 2 * np.pi / lanes + rng.uniform(0, 0.2)
        end = (int(cx + 2 * w * np.cos(a)), int(cy + 2 * w * np.sin(a)))
        cv2.line(img, (int(cx), int(cy)), end, ink_t, thick, cv2.LINE_AA)
        for d in np.arange(unit * 2, max(h, w), unit * rng.uniform(1.2, 2.5)):
            p = (int(cx + d * np.cos(a + 0.15)), int(cy + d * np.sin(a + 0.15)))
            cv2.circle(img, p, max(2, int(unit * 0.12)), ink_t, -1, cv2.LINE_AA)
    cv2.circle(img, (int(cx), int(cy)), int(unit * 1.5), ink_t, thick * 2, cv2.LINE_AA)
    for _ in range(int(rng.integers(0, 6))):  # a grid of squares like a score track
        x0, y0 = rng.uniform(0, w), rng.uniform(0, h)
        for i in range(int(rng.integers(3, 12))):
            p = (int(x0 + i * unit), int(y0))
            cv2.rectangle(img, p, (p[0] + int(unit * 0.8), p[1] + int(unit * 0.8)), ink_t, thick)
    for word in _words(rng, int(rng.integers(3, 15))):
        scale = unit / 30 * rng.uniform(0.5, 1.6)
        org = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        font = int(rng.choice(FONTS))
        cv2.putText(img, word, org, font, scale, ink_t, max(1, int(scale * 2)), cv2.LINE_AA)
    img = img.astype(np.float32)
    img *= (1 + 0.03 * fbm(rng, h, w, (300, 60), (1, 0.5)))[..., None]
    return img


def noise(rng, h, w, variant: int = 0):
    """A busy surface: carpet or gravel (colour noise at several scales), grass, a towel."""
    if variant == 1:
        return _grass(rng, h, w)
    if variant == 2:
        return _towel(rng, h, w)
    mean = rng.uniform(50, 200, 3).astype(np.float32)
    tint = rng.uniform(0.6, 1.2, 3).astype(np.float32)
    light = np.zeros((h, w), np.float32)
    for cell, gain in ((rng.uniform(40, 200), 1.0), (rng.uniform(4, 20), 0.8), (1.5, 0.5)):
        light += gain * smooth_noise(rng, h, w, cell) * rng.uniform(10, 35)
    img = light[..., None] * tint + mean
    return img + smooth_noise(rng, h, w, rng.uniform(20, 80), ch=3) * rng.uniform(5, 25)


def _grass(rng, h, w):
    """A lawn: dense short blades of many greens over darker ground (drawn at half size)."""
    sh, sw = h // 2 + 1, w // 2 + 1
    img = np.empty((sh, sw, 3), np.float32)
    img[:] = _colour(rng, (25, 70, 40), 8)
    img *= (1 + 0.15 * fbm(rng, sh, sw, (150, 30), (1, 0.5)))[..., None]
    blade = max(3.0, min(sh, sw) * rng.uniform(0.015, 0.035))
    count = min(int(sh * sw / (blade * blade) * 8), 40000)
    starts = rng.uniform(0, 1, (count, 2)) * (sw, sh)
    lean = rng.normal(rng.uniform(-0.5, 0.5), 0.3, count)
    lengths = blade * rng.uniform(0.6, 1.4, count)
    greens = rng.uniform(0, 1, count)
    dark, light = np.array([20, 70, 25], float), np.array([80, 190, 130], float)
    ends = starts + np.stack([lengths * np.sin(lean), -lengths * np.cos(lean)], 1)
    colours = dark + greens[:, None] * (light - dark)
    for a, b, c in zip(starts.astype(int), ends.astype(int), colours, strict=True):
        cv2.line(img, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), tuple(c.tolist()), 1)
    return cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def _towel(rng, h, w):
    """A bath towel: deep pile of tiny loops, a woven band or two, soft folds."""
    base = _colour(rng, rng.uniform(60, 240, 3), 0)
    loops = smooth_noise(rng, h, w, rng.uniform(1.5, 3))
    img = base * (0.8 + 0.12 * loops)[..., None]
    for _ in range(int(rng.integers(0, 3))):
        top, size = int(rng.uniform(0, h)), int(rng.uniform(0.03, 0.12) * h)
        img[top : top + size] = (
            _colour(rng, rng.uniform(40, 240, 3), 0)
            * (0.85 + 0.1 * loops[top : top + size])[..., None]
        )
    return img * _folds(rng, h, w, rng.uniform(0.15, 0.4))[..., None]


def black(rng, h, w, variant: int = 0):
    """Black fabric: nearly black, a fine weave, soft folds and a few light specks of lint."""
    level = rng.uniform(8, 40)
    img = np.full((h, w, 3), level, np.float32) + rng.uniform(-4, 4, 3).astype(np.float32)
    img *= (1 + 0.15 * smooth_noise(rng, h, w, rng.uniform(2, 4)))[..., None]
    img *= _folds(rng, h, w, rng.uniform(0.2, 0.6))[..., None]
    for _ in range(int(rng.integers(0, 40))):
        p = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        cv2.circle(img, p, int(rng.integers(1, 3)), (150, 150, 150), -1)
    return img


def saturated(rng, h, w, variant: int = 0):
    colours = [(200, 170, 20), (20, 200, 240), (40, 40, 210), (20, 130, 240), (160, 60, 20)]
    base = _colour(rng, colours[rng.integers(len(colours))], 20)
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    return img * _folds(rng, h, w, rng.uniform(0.05, 0.25))[..., None]


def plain(rng, h, w, variant: int = 0):
    base = _colour(rng, rng.choice([(60, 60, 60), (150, 150, 150), (170, 190, 200), (90, 70, 50)]))
    img = np.broadcast_to(base, (h, w, 3)).astype(np.float32)
    return img * (1 + 0.03 * fbm(rng, h, w, (300, 30), (1, 0.3)))[..., None]


DRAW = {
    "wood": wood,
    "weave": weave,
    "felt": felt,
    "paper": paper,
    "stone": stone,
    "pattern": pattern,
    "board": board,
    "noise": noise,
    "black": black,
    "saturated": saturated,
    "plain": plain,
}


def draw_background(
    rng: np.random.Generator, kind: str, size: tuple[int, int], turn: float = 0.0
) -> np.ndarray:
    """A table of ``kind`` (one of ``BACKGROUNDS``), ``size`` = (width, height), BGR uint8,
    its grain, weave or print turned ``turn`` degrees (mirrored where the turn runs out)."""
    return draw_table(rng, kind, size, turn)[0]


def draw_table(
    rng: np.random.Generator, kind: str, size: tuple[int, int], turn: float = 0.0
) -> tuple[np.ndarray, str]:
    """``draw_background``'s picture, and which variant of the kind it is (``VARIANTS``:
    "stone/marble"), to sort results by."""
    width, height = size
    variants = VARIANTS.get(kind, ())
    variant = int(rng.integers(len(variants))) if variants else 0
    name = f"{kind}/{variants[variant]}" if variants else kind
    if kind in SMOOTH:  # nothing finer than a few pixels: draw at half size, blow it up
        small = DRAW[kind](rng, height // 2 + 1, width // 2 + 1, variant)
        small = np.clip(small, 0, 255).astype(np.uint8)
        img = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    else:
        img = np.clip(DRAW[kind](rng, height, width, variant), 0, 255).astype(np.uint8)
    if turn % 360 and kind in TURNED:
        m = cv2.getRotationMatrix2D((width / 2, height / 2), turn, 1.0)
        img = cv2.warpAffine(img, m, (width, height), borderMode=cv2.BORDER_REFLECT_101)
    return np.ascontiguousarray(img), name
