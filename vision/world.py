"""Photos of dominoes on tables the recogniser has never seen, with the truth: a renderer
that randomises the world (vision/synth.py draws tiles on plain mats; this draws the rest).

>>> from vision.world import render_world
>>> photo = render_world(5)
>>> photo.image.shape, len(photo.tiles) > 0 or photo.meta["empty"]
((1080, 1920, 3), True)

Every photo comes from a seed (``numpy.random.default_rng(seed)``, no global state), so the
same seed gives the same bytes. What is drawn:

- the table: wood, woven cloth, felt, paper, marble/granite/terrazzo, printed cloths, printed
  game boards with lanes, dots and lettering, busy photo-like surfaces (carpet, grass, a
  towel), black fabric, saturated colours, a plain mat (``world_backgrounds.BACKGROUNDS``);
  sometimes polished (the tiles mirrored in it), sometimes ending in the room beyond;
- a set of tiles: ivory, white, black or coloured faces; black, white, single-colour or
  per-value coloured pips; flat or engraved pips; rounded corners, the divider, a brass
  spinner, the sides seen in perspective (``world_tiles``); double-6, -9, -12 and -15;
- 1 to 30 tiles alone, in touching rows, in lines end to end (doubles crosswise) and in
  blocks; or one to three tiles close up, filling most of the frame; or none at all;
- negatives: tiles face down (plain backs, maybe a mark; alone, in rows or in a boneyard
  heap), tiles standing on edge, and
  clutter: cards, coins, pencils, a score pad, train markers, dice, the hub
  (``world_clutter``), which may hold the engine double face up;
- the camera: 0 to 60 degrees from straight down, any turn, a phone lens; warm, cold, dim
  or glaring light, a soft shadow, glare on the table and on tiles; defocus, shake, sensor
  noise, the phone's sharpening, JPEG 40 to 95, sometimes resent small through a messenger.

``clean=True`` keeps only the table and the face-up tiles under even light, for checking
the drawing. ``python -m vision.world --seed 5 --out w.png --truth`` draws one photo with
its truth; ``tools/world_gallery.py`` a contact sheet of many.

Corners of a tile in the truth: the two corners of the short edge at the end of the half
showing ``tile.ends[0]``, then the two at the ``ends[1]`` end, going round clockwise on
screen (x right, y down). A truth tile's corners are its top face as the camera sees it,
always wholly inside the photo. Negatives' boxes may run over the photo's edge.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.tiles import Tile
from vision.world_backgrounds import BACKGROUNDS, draw_table
from vision.world_camera import lens_and_sensor, light, place_camera
from vision.world_layout import (
    Placed,
    Table,
    engine_in_hub,
    pick,
    place_clutter,
    place_negatives,
    place_tiles,
    place_trains,
    plan_groups,
)
from vision.world_scene import beyond_the_table, draw_things, photo_box, reflections, shadows
from vision.world_tiles import SET_SIZES, STYLES, choose_look, pip_centres

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

    def truth(self) -> dict:
        """The truth as plain data (for a JSON file next to the picture): tiles written
        "3-5" in the order of their ends, corners and pip centres rounded to 0.1 px."""

        def points(a) -> list:
            return np.round(np.asarray(a, np.float64), 1).tolist()

        return {
            "set_max": self.set_max,
            "tiles": [
                {
                    "tile": f"{t.tile.ends[0]}-{t.tile.ends[1]}",
                    "corners": points(t.corners),
                    "pips": [points(half) for half in t.pips],
                }
                for t in self.tiles
            ],
            "negatives": [
                {"kind": kind, "corners": points(box)}
                for kind, box in zip(
                    self.meta.get("negative_kinds", []), self.negatives, strict=True
                )
            ],
            "meta": self.meta,
        }

    def annotated(self) -> np.ndarray:
        """A copy of the picture with the truth drawn on: each tile's face in green, a red dot
        on its first corner, the ends[0] half's pips magenta and the other's cyan; negatives
        in red."""
        image = self.image.copy()
        thick = max(1, round(max(image.shape[:2]) / 800))
        for t in self.tiles:
            cv2.polylines(image, [np.round(t.corners).astype(np.int32)], True, (0, 255, 0), thick)
            cv2.circle(image, tuple(np.round(t.corners[0]).astype(int)), 3 * thick, (0, 0, 255), -1)
            for half, colour in zip(t.pips, ((255, 0, 255), (255, 255, 0)), strict=True):
                for x, y in half:
                    cv2.circle(image, (int(x), int(y)), 2 * thick, colour, -1)
        for box in self.negatives:
            cv2.polylines(image, [np.round(box).astype(np.int32)], True, (0, 0, 255), thick)
        return image


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
    band = pick(rng, [(1, 6), (7, 15), (16, 30)], [0.4, 0.35, 0.25])
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
    if len(size) != 2 or min(size) < 64:
        raise ValueError(f"size is (width, height), each at least 64 px, not {size!r}")
    if tiles is not None:
        tiles = list(tiles)
        if set_max is None:
            set_max = _set_for(tiles)
        elif _set_for(tiles) > set_max:
            raise ValueError(f"those tiles are not all in a double-{set_max} set")
    drawn_set = pick(rng, SET_SIZES, [0.2, 0.2, 0.45, 0.15])
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
        count = pick(rng, [1, 2, 3], [0.6, 0.3, 0.1]) if closeup else _tile_count(rng)
        pool = [Tile(a, b) for b in range(set_max + 1) for a in range(b + 1)]
        tiles = [pool[i] for i in rng.choice(len(pool), size=min(count, len(pool)), replace=False)]
    tiles = tiles or []
    style = style or pick(rng, STYLES, [0.4, 0.3, 0.15, 0.15])
    kind = background or pick(rng, BACKGROUNDS, [3, 2, 1, 1, 2, 2, 2, 1, 1.5, 1, 0.5])
    look = choose_look(rng, style, set_max)

    drawn_slant = float(rng.uniform(0, 20) if closeup else 60 * rng.random() ** 1.4)
    slant = drawn_slant if slant is None else float(slant)
    camera = place_camera(
        size, slant, float(rng.uniform(0, 360)), float(rng.normal(0, 3)), float(rng.uniform(55, 75))
    )
    canvas, variant = draw_table(rng, kind, camera.canvas_size, camera.yaw)
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
            engine, hub = engine_in_hub(rng, camera, table, tiles, width, thickness_ratio)
        trains: list[Placed] = []
        if engine is not None:
            rest = list(tiles)
            rest.remove(engine.item)
            trains, rest = place_trains(
                rng, camera, table, hub, rest, width, width * thickness_ratio
            )
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
        placed = [engine, *trains, *placed] if engine is not None else placed
        if not left:
            break
        width_px *= 0.93 if closeup else 0.85
    thickness = width * thickness_ratio
    negatives = (
        [] if clean else place_negatives(rng, camera, table, width, thickness, closeup, empty)
    )
    clutter = [] if clean else place_clutter(rng, camera, table, width, closeup)
    if hub is not None:  # one hub to a table
        clutter = [hub, *(c for c in clutter if c.kind != "hub")]
    glossy = not clean and kind in GLOSSY and rng.random() < 0.3
    if glossy:
        reflections(rng, canvas, camera, placed + negatives, look)
    shadows(rng, canvas, camera, placed + negatives, clutter, thickness, look.light)
    for thing in clutter:
        thing.draw(canvas)
    light_kind = pick(rng, LIGHTS, [0.35, 0.25, 0.15, 0.12, 0.13])
    glare = {"glaring": 0.35, "dim": 0.0}.get(light_kind, 0.06) if not clean else 0.0
    draw_things(canvas, camera, look, placed + negatives, set_max, rng, glare)
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
    negative_boxes = [photo_box(camera, p.footprint, p.top) for p in negatives]
    # a hub holding the engine is no negative: the engine is in its box
    negative_boxes += [camera.to_photo(c.box) for c in clutter if c is not hub]
    meta = {
        "seed": seed,
        "size": size,
        "background": kind,
        "background_variant": variant,
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Render randomised-world photos: one to --out, or --count of them into "
        "the folder --out, each with its truth as JSON beside it if --json."
    )
    parser.add_argument("--seed", type=int, default=0, help="the (first) seed")
    parser.add_argument("--count", type=int, default=1, help="how many photos (seeds in a row)")
    parser.add_argument("--out", default="world.png", help="the picture, or a folder for many")
    parser.add_argument("--truth", action="store_true", help="draw the truth on the picture")
    parser.add_argument("--json", action="store_true", help="write the truth to a .json file")
    parser.add_argument("--phone", action="store_true", help="a phone's size, from the seed")
    args = parser.parse_args(argv)
    if args.count < 1:
        print("--count must be 1 or more")
        return 2
    out = Path(args.out)
    if args.count > 1:
        out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.seed, args.seed + args.count):
        path = out / f"world-{seed:06d}.png" if args.count > 1 else out
        photo = render_world(seed, size=None if args.phone else (1920, 1080))
        if not cv2.imwrite(str(path), photo.annotated() if args.truth else photo.image):
            print(f"could not write {path}: check the folder exists and the name ends .png/.jpg")
            return 1
        if args.json:
            path.with_suffix(".json").write_text(json.dumps(photo.truth(), indent=1))
        if args.count == 1:
            print(f"{path}: {len(photo.tiles)} tiles, {photo.meta}")
    if args.count > 1:
        print(f"{out}: {args.count} photos, seeds {args.seed} to {args.seed + args.count - 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
