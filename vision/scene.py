"""What a photo shows beside the tiles read, for the doubt rules (vision/doubt.py): how
bright it is, how busy the table is, patches of tile face that no tile read explains (a tile
missed), how much of the tiles is clipped white by glare, and where the spotter saw a tile
that none is read at.

The photo is looked at shrunk to SCENE_SIDE on its long side: these are broad figures.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.shapes import area, fill_outline
from vision.shrink import scaled_by
from vision.stray_pips import stray_pip_groups
from vision.thresholds import (
    CLIPPED,
    FACE_LIKE,
    FACE_MARKS,
    FACE_TABLE,
    PLACE_AREA,
    TABLE_LEAST,
    UNEXPLAINED_FACE,
)

SCENE_SIDE = 480
"""The long side (px) the photo is looked at."""


@dataclass(frozen=True)
class Scene:
    """What the whole photo says, beside the tiles."""

    brightness: float  # the brightest 1%, 0..255
    busy: float  # edge pixels per pixel of table outside the tiles
    thrown_out: int  # outlines the verifier threw out
    unexplained: int = 0  # patches of tile face outside every tile found, each tile-sized
    washed_out: float = 0.0  # share of the tiles' outlines clipped white
    size: tuple[int, int] | None = None  # the photo's width and height in px (None: unknown)
    face_table: bool = False  # the table is of the tiles' face colour: no guide to tiles missed
    glimpsed: int = 0  # places the spotter half sees a tile and none is read (recognise:
    # SPOTTED_PEAK up; where nothing is read at all, every peak of every look)
    unread_at: tuple[np.ndarray, ...] = ()  # where a tile may lie that none is read at: the
    # spotter's places (recognise) and the patches of tile face (photo px, 4x2 outlines)


def look_at(
    image: np.ndarray,
    tile_corners: list[np.ndarray],
    thrown_out: int,
    missed: int = 0,
    glimpsed: int = 0,
    unread_at: list[np.ndarray] | None = None,
) -> Scene:
    """The scene round the tiles found; ``missed``: tiles another look saw and no outline
    explains (vision/spot.py's sure middles); ``glimpsed``: places the spotter half sees a
    tile where none is read; ``unread_at``: the places the spotter sees a tile none is read
    at (rough outlines)."""
    scale = SCENE_SIDE / max(image.shape[:2])
    small = scaled_by(image, scale)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), 60, 140)
    scaled = [corners * scale for corners in tile_corners]
    table = np.full(gray.shape, 255, np.uint8)
    for corners in scaled:
        fill_outline(table, corners, 0, grown=1.2)  # the tile and its shadow
    table_pixels = int(np.count_nonzero(table))
    busy = 0.0  # a close-up (under TABLE_LEAST of table) has too little table to judge
    if table_pixels >= max(TABLE_LEAST * table.size, 1):
        busy = float(np.count_nonzero(edges & table)) / table_pixels
    brightness = float(np.percentile(gray, 99))
    faces = _unexplained_faces(small, scaled)
    if faces is None:  # the table is no guide to a tile's face, but its pips still show
        places = stray_pip_groups(image, tile_corners)
    else:
        places = [np.float32(face) / scale for face in faces]
    washed_out = _washed_out(small, scaled)
    height, width = image.shape[:2]
    return Scene(
        brightness,
        busy,
        thrown_out,
        len(places) + missed,
        washed_out,
        (width, height),
        face_table=faces is None,
        glimpsed=glimpsed,
        unread_at=(*(unread_at or []), *places),
    )


def _washed_out(small: np.ndarray, tiles: list[np.ndarray]) -> float:
    """The share of the tiles' outlines clipped white (CLIPPED in all three channels)."""
    inside = np.zeros(small.shape[:2], np.uint8)
    for corners in tiles:
        cv2.fillConvexPoly(inside, np.round(corners).astype(np.int32), 1)
    face = inside > 0
    return float(np.mean(small[face].min(axis=1) >= CLIPPED)) if face.any() else 0.0


def _unexplained_faces(small: np.ndarray, tiles: list[np.ndarray]) -> list[np.ndarray] | None:
    """Tile-sized patches of a found tile's face colour where no tile was found, each as the
    rectangle round it (4x2, px of ``small``): a tile the finder missed; none that runs to
    the picture's edge (_at_frame), nor one over PLACE_AREA times the median tile's area.
    Each found tile's own face is the guide, as the light falls unevenly over a table: a
    missed tile in shade is the colour of the found tiles in shade beside it, not of the
    pooled faces. None when the table itself is of the faces' colour: no guide."""
    if not tiles:
        return []
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    table = np.ones(small.shape[:2], np.uint8)
    for corners in tiles:
        fill_outline(table, corners, 0, grown=1.08)
    like = np.zeros(small.shape[:2], bool)
    for lightness, a, b in _face_colours(lab, tiles):
        like |= (np.abs(lab[..., 0] - lightness) < FACE_LIKE) & (
            np.hypot(lab[..., 1] - a, lab[..., 2] - b) < FACE_LIKE
        )
    like = like.astype(np.uint8) & (table > 0)
    if like.sum() > FACE_TABLE * max(int(np.count_nonzero(table)), 1):
        return None  # white tiles on a white cloth: the table is no guide
    square = np.ones((3, 3), np.uint8)
    like = cv2.morphologyEx(like, cv2.MORPH_OPEN, square)
    # A missed tile's divider cuts its face in two halves, each under UNEXPLAINED_FACE:
    # the patch is outlined with that gap closed, its marks still counted on ``like``.
    whole = cv2.morphologyEx(like, cv2.MORPH_CLOSE, square)
    tile_area = float(np.median([area(c) for c in tiles]))
    outlines, _ = cv2.findContours(whole, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    boxes = (
        cv2.boxPoints(cv2.minAreaRect(outline))
        for outline in outlines
        if not _at_frame(outline, like.shape)
        and _marked_face(like, outline, UNEXPLAINED_FACE * tile_area)
    )
    # over PLACE_AREA tiles a patch is a card, a score pad or a stretch of pale cloth
    return [box for box in boxes if area(box) <= PLACE_AREA * tile_area]


def _at_frame(outline: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a patch runs to the picture's edge: the frame cuts the table off where
    something else begins (a cloth's hem, the floor, the next room), whose pale stretches
    are no guide to a tile missed. A tile the frame cuts that no look read is then not
    noticed by its face (the spotter's sure places still count)."""
    x, y, w, h = cv2.boundingRect(outline)
    return x == 0 or y == 0 or x + w == shape[1] or y + h == shape[0]


def _face_colours(lab: np.ndarray, tiles: list[np.ndarray]) -> set[tuple[float, float, float]]:
    """Each found tile's face colour in Lab: the lightness of its face, not its pips or its
    shade (the 70th percentile), and its median tint, rounded to a quarter of FACE_LIKE:
    a hand of twenty tiles in one light is looked for once."""
    step = FACE_LIKE / 4
    colours = set()
    for corners in tiles:
        face = np.zeros(lab.shape[:2], np.uint8)
        fill_outline(face, corners, 1, grown=0.8)
        inside = lab[face > 0]
        if len(inside):
            colour = (np.percentile(inside[:, 0], 70), *np.median(inside[:, 1:], axis=0))
            colours.add(tuple(float(round(value / step) * step) for value in colour))
    return colours


def _marked_face(like: np.ndarray, outline: np.ndarray, least: float) -> bool:
    """A face-coloured patch of at least ``least`` pixels with marks inside it (pips, a
    divider): a face-up tile. A plain one is a tile face down, a card or a sheet of paper."""
    whole = cv2.contourArea(outline)
    if whole < least:
        return False
    x, y, w, h = cv2.boundingRect(outline)
    filled = np.zeros((h, w), np.uint8)
    cv2.drawContours(filled, [outline - [x, y]], -1, 1, -1)
    face = int(np.count_nonzero(like[y : y + h, x : x + w] & filled))
    return face < (1 - FACE_MARKS) * int(np.count_nonzero(filled))
