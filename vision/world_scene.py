"""Drawing the table's things on the canvas: shadows, a polished table's reflections, and
the tiles from the farthest to the nearest, so a near tile's face hides a far tile's side."""

from __future__ import annotations

import cv2
import numpy as np

from vision.world_camera import Camera
from vision.world_layout import Placed
from vision.world_tiles import TileLook, draw_back, draw_body, draw_face, fill, shine


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
