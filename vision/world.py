"""Photos of dominoes on tables the recogniser has never seen, with the truth: a renderer
that randomises the world (vision/synth.py draws tiles on plain mats; this draws the rest).

>>> from vision.world import render_world
>>> photo = render_world(5)
>>> photo.image.shape, len(photo.tiles) > 0 or photo.meta["empty"]
((1080, 1920, 3), True)

Every photo comes from a seed (``numpy.random.default_rng(seed)``, no global state), so the
same seed gives the same bytes. What is drawn:

- the table: wood, woven cloth, felt, paper, marble/granite/terrazzo, printed cloths, printed
  game boards with lanes, dots and lettering, busy photo-like surfaces, black fabric,
  saturated colours, a plain mat (``world_backgrounds.BACKGROUNDS``);
- a set of tiles: ivory, white, black or coloured faces; black, white, single-colour or
  per-value coloured pips; flat or engraved pips; rounded corners, the divider, a brass
  spinner, the sides seen in perspective (``world_tiles``); double-6, -9, -12 and -15;
- 1 to 30 tiles alone, in touching rows, in lines end to end and in blocks; or one to three
  tiles close up, filling most of the frame; or none at all;
- negatives: tiles face down (plain backs, maybe a mark), tiles standing on edge, and
  clutter: cards, coins, pencils, a score pad, train markers, the hub (``world_clutter``);
- the camera: 0 to 60 degrees from straight down, any turn, a phone lens; warm, cold, dim
  or glaring light, a soft shadow, glare; defocus, shake, sensor noise, JPEG 40 to 95.

Corners of a tile in the truth: the two corners of the short edge at the end of the half
showing ``tile.ends[0]``, then the two at the ``ends[1]`` end, going round clockwise on
screen (x right, y down). A truth tile's corners are its top face as the camera sees it,
always wholly inside the photo. Negatives' boxes may run over the photo's edge.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.tiles import Tile
from vision import world_clutter
from vision.world_backgrounds import BACKGROUNDS, beyond_the_table, draw_background
from vision.world_camera import Camera, lens_and_sensor, light, place_camera
from vision.world_layout import Placed, Table, place_heap, place_tiles, plan_groups
from vision.world_tiles import (
    SET_SIZES,
    STYLES,
    choose_look,
    draw_back,
    draw_body,
    draw_face,
    fill,
    pip_centres,
    shine,
    tile_corners,
)

PHONE_SIZES = (
    (1920, 1080), (1080, 1920), (1600, 1200), (1200, 1600), (2016, 1512), (1512, 2016),
    (1280, 960), (960, 1280), (1440, 1080), (1280, 720), (1080, 1080), (1800, 810),
)  # fmt: skip
"""Photo sizes used when none is given: phone aspect ratios at 1 to 3 megapixels."""
LIGHTS = ("neutral", "warm", "cold", "dim", "glaring")
GLOSSY = ("wood", "stone", "plain", "saturated", "black", "board")  # tables that can shine


@dataclass(frozen=True)
class TruthTile:
    """A tile lying face up in the photo, where its face is (4x2 photo px) and where its
    pips are (``pips[0]`` the ``ends[0]`` half's pip centres, Nx2 photo px; then ``pips[1]``)."""

    tile: Tile
    corners: np.ndarray
    face_up: bool = True
    pips: tuple[np.ndarray, ...] = ()


@dataclass
class WorldPhoto:
    image: np.ndarray  # BGR uint8, height x width x 3
    tiles: list[TruthTile]
    negatives: list[np.ndarray]  # 4x2 boxes (photo px) of things that are not to be read
    set_max: int
    meta: dict = field(default_factory=dict)  # how the photo was made; negative_kinds too


def _pick(rng, options, weights=None):
    p = None if weights is None else np.asarray(weights, float) / np.sum(weights)
    return options[int(rng.choice(len(options), p=p))]


def _check(name: str, value, options) -> None:
    if value is not None and value not in options:
        raise ValueError(f"{name} must be one of {', '.join(map(str, options))}, not {value!r}")


def _set_for(tiles: list[Tile]) -> int:
    if any(not isinstance(e, int) for t in tiles for e in t.ends):
        raise ValueError("the renderer draws numbered tiles only, not SuperTrain's symbols")
    top = max((e for t in tiles for e in t.ends), default=0)
    for size in SET_SIZES:
        if top <= size:
            return size
    raise ValueError(f"a tile with {top} pips is beyond the double-15 sets this draws")


def _tile_count(rng) -> int:
    band = _pick(rng, [(1, 6), (7, 15), (16, 30)], [0.4, 0.35, 0.25])
    return int(rng.integers(band[0], band[1] + 1))


def render_world(
    seed: int,
    *,
    size: tuple[int, int] | None = (1920, 1080),
    tiles: list[Tile] | None = None,
    set_max: int | None = None,
    style: str | None = None,
    background: str | None = None,
    closeup: bool | None = None,
    empty: bool | None = None,
    slant: float | None = None,
    clean: bool = False,
) -> WorldPhoto:
    """A photo of a table for ``seed``; any argument given fixes that part of the world.

    ``size`` is (width, height), or None for a phone's size and shape drawn from the seed;
    ``tiles`` the very tiles to lay face up (all of them are placed, smaller if need be);
    ``style`` one of ``STYLES``; ``background`` one of ``BACKGROUNDS``; ``slant`` the
    camera's degrees from straight down (0 to 60). ``clean`` leaves out everything but the
    table and the face-up tiles: no negatives or clutter, even light, no blur, noise or JPEG
    (for checking the drawing itself)."""
    _check("set_max", set_max, SET_SIZES)
    _check("style", style, STYLES)
    _check("background", background, BACKGROUNDS)
    if slant is not None and not 0 <= slant <= 60:
        raise ValueError(f"slant is 0 to 60 degrees from straight down, not {slant}")
    rng = np.random.default_rng(seed)
    drawn_size = PHONE_SIZES[int(rng.integers(len(PHONE_SIZES)))]
    size = tuple(size) if size is not None else drawn_size
    if tiles is not None:
        tiles = list(tiles)
        if set_max is None:
            set_max = _set_for(tiles)
        elif _set_for(tiles) > set_max:
            raise ValueError(f"those tiles are not all in a double-{set_max} set")
    drawn_set = _pick(rng, SET_SIZES, [0.2, 0.2, 0.45, 0.15])
    set_max = set_max or drawn_set
    drawn_empty = bool(rng.random() < 0.07)
    empty = (drawn_empty and not tiles and not closeup) if empty is None else empty
    drawn_closeup = bool(rng.random() < 0.15)
    closeup = (drawn_closeup and not empty) if closeup is None else closeup
    if empty and closeup:
        raise ValueError("a close-up shows tiles: it cannot be empty too")
    if empty and tiles:
        raise ValueError("an empty photo cannot show the tiles given")
    count = 0 if empty else (len(tiles) if tiles is not None else None)
    if count is None:
        count = _pick(rng, [1, 2, 3], [0.6, 0.3, 0.1]) if closeup else _tile_count(rng)
        pool = [Tile(a, b) for b in range(set_max + 1) for a in range(b + 1)]
        tiles = [pool[i] for i in rng.choice(len(pool), size=min(count, len(pool)), replace=False)]
    tiles = tiles or []
    style = style or _pick(rng, STYLES, [0.4, 0.3, 0.15, 0.15])
    kind = background or _pick(rng, BACKGROUNDS, [3, 2, 1, 1, 2, 2, 2, 1, 1.5, 1, 0.5])
    look = choose_look(rng, style, set_max)

    drawn_slant = float(rng.uniform(0, 20) if closeup else 60 * rng.random() ** 1.4)
    slant = drawn_slant if slant is None else float(slant)
    camera = place_camera(
        size, slant, float(rng.uniform(0, 360)), float(rng.normal(0, 3)), float(rng.uniform(55, 75))
    )
    canvas = draw_background(rng, kind, camera.canvas_size, camera.yaw)
    mid_scale = camera.scale_at((size[0] / 2, size[1] / 2))
    width_px = _tile_width(rng, size, len(tiles), closeup)
    beyond = None
    if slant > 25 and not closeup and rng.random() < 0.4:  # the far edge of the table shows
        far = rng.uniform(0.04, 0.25, 2) * size[1]
        beyond = camera.to_canvas(
            [(-20, -20), (size[0] + 20, -20), (size[0] + 20, far[1]), (-20, far[0])]
        )
        beyond_the_table(rng, canvas, beyond, 0.3 * width_px / mid_scale)
    # a close-up is taken zoomed in from further away than the tiles' size suggests: less side
    thickness_ratio = float(rng.uniform(0.28, 0.45) * (0.4 if closeup else 1.0))
    placed: list[Placed] = []
    hub_wanted = not (closeup or clean) and any(t.is_double for t in tiles) and rng.random() < 0.2
    for _shrink in range(12):  # all the tiles asked for must fit: smaller until they do
        width = width_px / mid_scale
        table = Table(camera)
        if beyond is not None:
            table.take([beyond])
        engine, hub, rest = None, None, tiles
        if hub_wanted:
            engine, hub = _engine_in_hub(rng, camera, table, tiles, width, thickness_ratio)
        if engine is not None:
            rest = list(tiles)
            rest.remove(engine.item)
        groups = [("row", len(rest))] if closeup else plan_groups(rng, len(rest))
        placed, left = place_tiles(
            rng,
            camera,
            table,
            rest,
            "face up",
            width,
            width * thickness_ratio,
            groups,
            spacing=width * 0.25,
            centre_bias=closeup,
        )
        placed = [engine, *placed] if engine is not None else placed
        if not left:
            break
        width_px *= 0.93 if closeup else 0.85
    thickness = width * thickness_ratio
    negatives = [] if clean else _negatives(rng, camera, table, width, thickness, closeup, empty)
    clutter = [] if clean else _clutter(rng, camera, table, width, closeup)
    clutter = [hub, *clutter] if hub is not None else clutter
    glossy = not clean and kind in GLOSSY and rng.random() < 0.3
    if glossy:
        _reflections(rng, canvas, camera, placed + negatives, look)
    _shadows(rng, canvas, camera, placed + negatives, clutter, thickness)
    for thing in clutter:
        thing.draw(canvas)
    light_kind = _pick(rng, LIGHTS, [0.35, 0.25, 0.15, 0.12, 0.13])
    glare = {"glaring": 0.35, "dim": 0.0}.get(light_kind, 0.06) if not clean else 0.0
    for p in sorted(placed + negatives, key=lambda p: -_distance(camera, p)):
        _draw(canvas, look, p, set_max, rng)
        if p.kind != "on edge":
            shine(canvas, p.top, rng, glare)
    photo = cv2.warpPerspective(
        canvas, camera.homography, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    del canvas
    if clean:
        image, light_meta, camera_meta = photo, {"light": "clean"}, {}
    else:
        photo, light_meta = light(rng, photo, light_kind)
        image, camera_meta = lens_and_sensor(rng, photo, light_kind == "dim")
    truth = [
        TruthTile(
            p.item,
            camera.to_photo(p.top),
            pips=tuple(
                camera.to_photo(h) if len(h) else h
                for h in pip_centres(p.item, p.top, look, set_max)
            ),
        )
        for p in placed
    ]
    negative_boxes = [_photo_box(camera, p.footprint, p.top) for p in negatives]
    # a hub holding the engine is no negative: the engine is in its box
    negative_boxes += [camera.to_photo(c.box) for c in clutter if c is not hub]
    meta = {
        "seed": seed,
        "size": size,
        "background": kind,
        "style": style,
        "pip_colours": look.pip_mode,
        "pip_finish": look.pip_finish,
        "spinner": look.spinner,
        "two_tone": look.back != look.face,
        "face_bgr": [round(c) for c in look.face],
        "slant": round(camera.slant, 1),
        "yaw": round(camera.yaw, 1),
        "fov": round(camera.fov, 1),
        "tile_width_px": round(float(width * mid_scale), 1),
        # the narrowest face in the photo: the hardest tile to read, for sorting a benchmark
        "smallest_tile_px": round(
            min((float(np.linalg.norm(t.corners[1] - t.corners[0])) for t in truth), default=0.0), 1
        ),
        "table_edge": beyond is not None,
        "glossy": glossy,
        "closeup": bool(closeup),
        "clean": clean,
        "empty": bool(empty),
        "dropped": len(tiles) - len(placed),
        "negative_kinds": [p.kind for p in negatives] + [c.kind for c in clutter if c is not hub],
        "engine_in_hub": hub is not None,
        **light_meta,
        **camera_meta,
    }
    return WorldPhoto(image, truth, negative_boxes, set_max, meta)


def _tile_width(rng, size, count: int, closeup: bool) -> float:
    """How wide a tile looks in the middle of the photo, px."""
    w, h = size
    short, long_ = min(w, h), max(w, h)
    if closeup:
        if count <= 1:
            return float(min(rng.uniform(0.42, 0.48) * long_, 0.88 * short))
        return float(min(long_ / (count + 0.6), short / 2.3) * rng.uniform(0.8, 1.0))
    crowd = np.sqrt(rng.uniform(0.12, 0.3) * w * h / (2 * max(count, 1)))
    return float(max(0.04 * short, min(rng.uniform(0.05, 0.16) * short, crowd)))


def _engine_in_hub(rng, camera: Camera, table: Table, tiles, width, thickness_ratio):
    """The hub with the round's engine, a double, face up in its middle slot."""
    double = next(t for t in tiles if t.is_double)
    w, h = camera.photo_size
    for _attempt in range(20):
        centre = camera.to_canvas([(rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h)])[0]
        hub = world_clutter.make(rng, "hub", centre, width)
        a = rng.uniform(0, 2 * np.pi)
        foot = tile_corners(centre, (np.cos(a), np.sin(a)), width)
        top = camera.raised(foot, width * thickness_ratio)
        if camera.in_frame(camera.to_photo(top)) and table.free([hub.outline]):
            table.take([hub.outline])
            return Placed("face up", double, foot, top, width * thickness_ratio), hub
    return None, None


def _negatives(rng, camera: Camera, table: Table, width, thickness, closeup, empty) -> list[Placed]:
    """Tiles face down and tiles standing on edge, kept clear of the face-up tiles."""
    if closeup and rng.random() < 0.8:
        return []
    out: list[Placed] = []
    if rng.random() < (0.6 if empty else 0.35):
        n = int(rng.integers(1, 7))
        groups = plan_groups(rng, n)
        more, _ = place_tiles(
            rng, camera, table, [None] * n, "face down", width, thickness, groups, width * 0.25
        )
        out += more
    if rng.random() < (0.3 if empty else 0.15):
        out += place_heap(rng, camera, table, int(rng.integers(4, 13)), width, thickness)
    if rng.random() < (0.4 if empty else 0.2):
        n = int(rng.integers(1, 8))
        more, _ = place_tiles(
            rng, camera, table, [None] * n, "on edge", width, thickness, [("row", n)], width * 0.25
        )
        out += more
    return out


def _clutter(rng, camera: Camera, table: Table, width, closeup) -> list[world_clutter.Clutter]:
    n = int(rng.integers(0, 2)) if closeup else int(_pick(rng, [0, 1, 2, 3, 5], [3, 3, 2, 1, 1]))
    things = []
    w, h = camera.photo_size
    for _ in range(n):
        kind = _pick(rng, world_clutter.CLUTTER, [2, 3, 1.5, 1, 2, 0.7])
        for _attempt in range(20):
            centre = camera.to_canvas([rng.uniform(0, 1, 2) * (w, h)])[0]
            thing = world_clutter.make(rng, kind, centre, width)
            if table.free([thing.outline], width * 0.15):
                table.take([thing.outline])
                things.append(thing)
                break
    return things


def _distance(camera: Camera, p: Placed) -> float:
    return float(np.linalg.norm(p.footprint.mean(axis=0) - camera.ground))


def _photo_box(camera: Camera, footprint, top) -> np.ndarray:
    pts = camera.to_photo(np.vstack([footprint, top]))
    return cv2.boxPoints(cv2.minAreaRect(pts)).astype(np.float32)


def _reflections(rng, canvas, camera: Camera, things: list[Placed], look) -> None:
    """A polished table mirrors what stands on it: each tile's side again, below the surface
    (a point ``z`` above the table is seen mirrored ``z`` below), faint and soft."""
    if not things:
        return
    layer = canvas.copy()
    mask = np.zeros(canvas.shape[:2], np.uint8)
    for p in things:
        tall = p.kind == "on edge"
        height = float(np.linalg.norm(p.footprint[3] - p.footprint[0])) / 2 if tall else p.height
        mirror = camera.raised(p.footprint, -height)
        hull = cv2.convexHull(np.round(np.vstack([p.footprint, mirror]) * 16).astype(np.int32))
        colour = look.back if tall else look.side
        cv2.fillConvexPoly(layer, hull, colour, cv2.LINE_AA, 4)
        cv2.fillConvexPoly(mask, hull, 255, cv2.LINE_AA, 4)
    soft = max(1.0, float(np.mean([p.height for p in things])) * rng.uniform(0.1, 0.4))
    ys, xs = np.nonzero(mask[::4, ::4])
    pad = int(soft * 3) + 4
    y0, y1 = max(ys.min() * 4 - pad, 0), ys.max() * 4 + pad
    x0, x1 = max(xs.min() * 4 - pad, 0), xs.max() * 4 + pad
    roi = canvas[y0:y1, x0:x1]
    alpha = cv2.GaussianBlur(mask[y0:y1, x0:x1], (0, 0), soft).astype(np.float32)
    alpha *= rng.uniform(0.25, 0.6) / 255
    mirrored = cv2.GaussianBlur(layer[y0:y1, x0:x1], (0, 0), soft).astype(np.float32)
    roi[:] = (roi * (1 - alpha[..., None]) + mirrored * alpha[..., None]).astype(np.uint8)


def _shadows(rng, canvas, camera: Camera, things: list[Placed], clutter, thickness) -> None:
    """Darken the table under and beside everything on it, the light from one side."""
    if not things and not clutter:
        return
    h, w = canvas.shape[:2]
    step = 4
    mask = np.zeros((h // step + 1, w // step + 1), np.float32)
    a = rng.uniform(0, 2 * np.pi)
    offset = np.array([np.cos(a), np.sin(a)]) * thickness * rng.uniform(0.3, 1.2)
    for poly in [np.vstack([p.footprint, p.top]) for p in things] + [c.outline for c in clutter]:
        pts = np.round((np.asarray(poly) + offset) / step * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, cv2.convexHull(pts), 1.0, cv2.LINE_AA, 4)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, thickness * rng.uniform(0.3, 0.8) / step))
    strength = rng.uniform(0.25, 0.6)
    keep = np.round((1 - strength * mask) * 255).astype(np.uint8)
    keep = cv2.resize(keep, (w, h), interpolation=cv2.INTER_LINEAR)
    cv2.multiply(canvas, cv2.merge([keep, keep, keep]), dst=canvas, scale=1 / 255)


def _draw(canvas, look, p: Placed, set_max: int, rng) -> None:
    width = float(np.linalg.norm(p.top[1] - p.top[0]))
    if p.kind == "on edge":
        draw_body(canvas, p.footprint, p.top, look.back, width * 0.3)
        fill(canvas, p.top, tuple(min(255.0, c * 1.1) for c in look.side))
        return
    radius = look.corner * width
    if look.back == look.face:
        draw_body(canvas, p.footprint, p.top, look.side, radius)
    else:  # a two-tone tile: the face's layer over the back's, both seen from the side
        back_side = tuple(c * 0.8 for c in look.back)
        lower, upper = (back_side, look.side) if p.kind == "face up" else (look.side, back_side)
        draw_body(canvas, p.footprint, p.top, lower, radius)
        draw_body(canvas, (p.footprint + p.top) / 2, p.top, upper, radius)
    if p.kind == "face down":
        draw_back(canvas, look, p.top, rng)
    else:
        draw_face(canvas, look, p.item, p.top, set_max, rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render one randomised-world photo.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="world.png", help="where to write the picture")
    parser.add_argument("--truth", action="store_true", help="outline the truth on the picture")
    args = parser.parse_args(argv)
    photo = render_world(args.seed)
    image = photo.image.copy()
    if args.truth:
        for t in photo.tiles:
            cv2.polylines(image, [np.round(t.corners).astype(np.int32)], True, (0, 255, 0), 2)
            cv2.circle(image, tuple(np.round(t.corners[0]).astype(int)), 6, (0, 0, 255), -1)
            for half, colour in zip(t.pips, ((255, 0, 255), (255, 255, 0)), strict=True):
                for x, y in half:
                    cv2.circle(image, (int(x), int(y)), 3, colour, -1)
        for box in photo.negatives:
            cv2.polylines(image, [np.round(box).astype(np.int32)], True, (0, 0, 255), 1)
    if not cv2.imwrite(args.out, image):
        print(f"could not write {args.out}: check the folder exists and the name ends .png/.jpg")
        return 1
    print(f"{args.out}: {len(photo.tiles)} tiles, {photo.meta}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
