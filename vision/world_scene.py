"""Drawing the table's things on the canvas: the room past the table's edge, shadows, a
polished table's reflections, the tiles from the farthest to the nearest (so a near tile's
face hides a far tile's side) and the lamp's light on their faces."""

from __future__ import annotations

import cv2
import numpy as np

from vision.world_backgrounds import DRAW
from vision.world_camera import Camera
from vision.world_layout import Placed
from vision.world_tiles import SHIFT, TileLook, draw_back, draw_body, draw_face, fill


def shadows(
    rng, canvas, camera: Camera, things: list[Placed], clutter, thickness, light=(-0.7, -0.7)
) -> None:
    """Darken the table under and beside everything on it, cast away from the lamp."""
    if not things and not clutter:
        return
    h, w = canvas.shape[:2]
    step = 4
    mask = np.zeros((h // step + 1, w // step + 1), np.float32)
    a = np.arctan2(-light[1], -light[0]) + rng.normal(0, 0.2)  # away from the lamp
    offset = np.array([np.cos(a), np.sin(a)]) * thickness * rng.uniform(0.3, 1.2)
    for poly in [np.vstack([p.footprint, p.top]) for p in things] + [c.outline for c in clutter]:
        pts = np.round((np.asarray(poly) + offset) / step * 16).astype(np.int32)
        cv2.fillConvexPoly(mask, cv2.convexHull(pts), 1.0, cv2.LINE_AA, 4)
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, thickness * rng.uniform(0.3, 0.8) / step))
    strength = rng.uniform(0.25, 0.6)
    keep = np.round((1 - strength * mask) * 255).astype(np.uint8)
    keep = cv2.resize(keep, (w, h), interpolation=cv2.INTER_LINEAR)
    cv2.multiply(canvas, cv2.merge([keep, keep, keep]), dst=canvas, scale=1 / 255)


def reflections(rng, canvas, camera: Camera, things: list[Placed], look) -> None:
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


def draw_things(canvas, camera: Camera, look: TileLook, things, set_max: int, rng, glare) -> None:
    """Every tile, face up, face down or on edge, far ones first; ``glare`` is each face's
    chance of catching the lamp."""
    for p in sorted(things, key=lambda p: -_distance(camera, p)):
        _draw(canvas, look, p, set_max, rng)
        if p.kind != "on edge":
            shine(canvas, p.top, rng, glare, look.light)


def _distance(camera: Camera, p: Placed) -> float:
    return float(np.linalg.norm(p.footprint.mean(axis=0) - camera.ground))


def _draw(canvas, look: TileLook, p: Placed, set_max: int, rng) -> None:
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


def photo_box(camera: Camera, footprint, top) -> np.ndarray:
    """The smallest box round a thing's footprint and top, as the photo shows it."""
    pts = camera.to_photo(np.vstack([footprint, top]))
    return cv2.boxPoints(cv2.minAreaRect(pts)).astype(np.float32)


def beyond_the_table(
    rng: np.random.Generator, canvas: np.ndarray, beyond: np.ndarray, band: float
) -> None:
    """Past the table's far edge (the polygon ``beyond``, canvas px): the floor or a wall,
    far away so out of focus and darker, and the table's edge as a band ``band`` px wide."""
    h, w = canvas.shape[:2]
    kind = str(rng.choice(["noise", "plain", "wood", "black", "weave"]))
    small = DRAW[kind](rng, max(h // 4, 8), max(w // 4, 8)) * rng.uniform(0.35, 0.8)
    small = cv2.GaussianBlur(np.clip(small, 0, 255).astype(np.uint8), (0, 0), rng.uniform(0.5, 2))
    room = cv2.resize(small, (w, h))
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.round(beyond).astype(np.int32), 255)
    cv2.copyTo(room, mask, canvas)
    edge = tuple(float(v) for v in np.asarray(cv2.mean(canvas)[:3]) * rng.uniform(0.3, 0.7))
    near = np.round(beyond[[3, 2]]).astype(np.int32)  # the edge runs along the polygon's near side
    cv2.line(canvas, tuple(near[0]), tuple(near[1]), edge, max(1, int(band)), cv2.LINE_AA)


def shine(canvas, corners: np.ndarray, rng, glare: float, light=(-0.7, -0.7)) -> None:
    """Light falling across a tile's face: a gentle gradient, brighter towards the lamp (the
    unit vector ``light``), and with chance ``glare`` the lamp's reflection, a soft bright
    patch that can wash out pips."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return
    roi = canvas[y0:y1, x0:x1]
    mask = np.zeros(roi.shape[:2], np.uint8)
    face = np.round((corners - (x0, y0)) * (1 << SHIFT)).astype(np.int32)
    cv2.fillConvexPoly(mask, face, 1, cv2.LINE_8, SHIFT)
    xx = np.arange(x1 - x0, dtype=np.float32)[None, :]
    yy = np.arange(y1 - y0, dtype=np.float32)[:, None]
    size = float(max(x1 - x0, y1 - y0))
    a = np.arctan2(light[1], light[0]) + rng.normal(0, 0.3)  # brighter towards the lamp
    k = rng.uniform(0.03, 0.12) / size
    gain = 1 + (xx - xx.mean()) * (k * np.cos(a)) + (yy - yy.mean()) * (k * np.sin(a))
    lit = roi.astype(np.float32) * gain.astype(np.float32)[..., None]
    if rng.random() < glare:
        t = rng.uniform(0.15, 0.85)
        p = (
            corners[0]
            + (corners[3] - corners[0]) * t
            + (corners[1] - corners[0]) * rng.uniform(0.2, 0.8)
        )
        sx, sy = size * rng.uniform(0.08, 0.3), size * rng.uniform(0.05, 0.2)
        blob = np.exp(-(((xx - (p[0] - x0)) / sx) ** 2)) * np.exp(-(((yy - (p[1] - y0)) / sy) ** 2))
        lit += (rng.uniform(90, 220) * blob).astype(np.float32)[..., None]
    inside = mask > 0
    roi[inside] = np.clip(lit[inside], 0, 255).astype(np.uint8)
