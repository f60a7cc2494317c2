"""Tiles lying beside the tiles read, that neither the spotter nor the finder saw.

A hand laid out in rows and blocks puts each tile beside another of its size, end to end or
side by side. Where a tile read surely has a place beside it (a tile's length or width off,
along or across it) that no tile read covers, and the place is of that tile's face colour,
its outline is moved there, shown to the verifier, refined onto what lies there
(vision/refine.py) and read. Read surely with pips, of the neighbour's size and look, the
verifier having no doubt of it, it is a tile the other looks missed: in a block under a
lamp's glare, or one the spotter's peaks passed over. The recogniser looks only where a
tile may be missing (vision/scene.py).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision import verify
from vision.reading import Candidate
from vision.shapes import (
    area,
    centred,
    inside,
    outline_along,
    outline_length,
    outline_width,
    shared,
)
from vision.spotted import Outlining
from vision.thresholds import DROP_BELOW, FACE_LIKE, NEIGHBOUR_AREA, SAME_TILE

FACE_SIZE = (12, 24)  # a face's middle warped this small (px) to take its colour


def beside(
    photo: np.ndarray, believed: list[verify.Believed], outlining: Outlining
) -> list[verify.Believed]:
    """The tiles found beside the ``believed`` ones (see the module), believed too."""
    taken = [b.candidate.corners for b in believed]
    places = _places_to_look(photo, believed, taken)
    found: list[Candidate] = []
    for (place, owner), candidate in zip(places, outlining([p for p, _ in places]), strict=True):
        outline = candidate.corners
        if (
            _like_its_neighbour(candidate, owner)
            and centred(place.mean(axis=0), outline)
            and all(shared(outline, t) <= SAME_TILE for t in taken)
            and all(shared(outline, f.corners) <= SAME_TILE for f in found)
        ):
            found.append(candidate)
    return [b for b in verify.sort_out(photo, found) if b.sure]


def _places_to_look(
    photo: np.ndarray, believed: list[verify.Believed], taken: list[np.ndarray]
) -> list[tuple[np.ndarray, Candidate]]:
    """Each free place beside a tile read surely and believed without doubt, inside the
    photo and of that tile's face colour, with the tile. The tile's outline moved there is
    looked at by the verifier first, as it lies: over bare table or a card it is thrown out
    (DROP_BELOW) before the refiner and the counters are asked."""
    places = [
        (moved, b.candidate)
        for b in believed
        if b.sure and b.candidate.surely_read() and any(b.candidate.ends)
        for moved in _places_beside(b.candidate.corners)
        if not any(inside(moved.mean(axis=0), t) for t in taken)
        and _in_photo(moved, photo.shape)
        and _face_like(photo, moved, b.candidate.corners)
    ]
    if not places:
        return []
    moved = [replace(owner, corners=place) for place, owner in places]
    chances = verify.tile_chances(photo, moved)
    return [p for p, chance in zip(places, chances, strict=True) if chance >= DROP_BELOW]


def _like_its_neighbour(candidate: Candidate, neighbour: Candidate) -> bool:
    """Read surely with pips (by the learned counter alone if need be), and of the
    neighbour's look and size (NEIGHBOUR_AREA either way)."""
    ratio = area(candidate.corners) / max(area(neighbour.corners), 1e-6)
    return (
        candidate.surely_read(model_alone=True)
        and any(candidate.ends)
        and candidate.light_on_dark == neighbour.light_on_dark
        and 1 / NEIGHBOUR_AREA <= ratio <= NEIGHBOUR_AREA
    )


def _places_beside(corners: np.ndarray) -> list[np.ndarray]:
    """The outline moved a length along it and a width across it, each way."""
    c = np.float32(corners)
    along = outline_along(c)
    across = np.float32([-along[1], along[0]])
    steps = [along * outline_length(c), across * outline_width(c)]
    return [c + sign * step for step in steps for sign in (1, -1)]


def _in_photo(corners: np.ndarray, shape: tuple[int, ...]) -> bool:
    height, width = shape[:2]
    return bool(
        (corners[:, 0] >= 0).all()
        and (corners[:, 1] >= 0).all()
        and (corners[:, 0] < width).all()
        and (corners[:, 1] < height).all()
    )


def _face_like(photo: np.ndarray, place: np.ndarray, tile: np.ndarray) -> bool:
    """Whether the middle of ``place`` is of the colour of ``tile``'s face (FACE_LIKE in
    lightness and in tint)."""
    here, there = _face_colour(photo, place), _face_colour(photo, tile)
    return bool(
        abs(here[0] - there[0]) < FACE_LIKE and np.hypot(*(here[1:] - there[1:])) < FACE_LIKE
    )


def _face_colour(photo: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The median Lab colour of the outline's middle (a tenth in from each side)."""
    c = np.float32(corners)
    middle = c.mean(axis=0)
    inner = middle + (c - middle) * 0.8
    w, h = FACE_SIZE
    square = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    face = cv2.warpPerspective(photo, cv2.getPerspectiveTransform(inner, square), (w, h))
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    return np.median(lab, axis=0)
