"""The recogniser: find tiles -> split halves -> count pips -> verify -> doubt -> score.

find      vision/find.py, vision/outline.py, vision/slant.py: outlines round dividers;
          vision/spot.py: outlines where a learned model sees tiles' middles
halves    vision/halves.py: each outline's two halves as square patches
pips      vision/counter.py: the pips on each half, counted by a learned model
verify    vision/verify.py: a learned model throws out outlines that are not tiles
doubt     vision/doubt.py: ok, check or unreadable, with reasons a player understands
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.tiles import Tile
from vision import counter, doubt, spot, verify
from vision.find import find_tiles, working_copy
from vision.halves import split_halves
from vision.reading import (
    Candidate,
    ReadingContext,
    RecognisedTile,
    Recognition,
)
from vision.slant import level, measure_slant, near_side, to_working
from vision.snap import snap
from vision.thresholds import (
    CLOSE_UP_SIDE,
    CLOSE_UP_SPOT_SIDE,
    DARK,
    DARK_SHARE,
    FAINT_MIN_CONFIDENCE,
    FINDER_SIDES,
    LOOK_AGAIN_MOST,
    LOOK_AGAIN_PEAK,
    LOOK_AGAIN_ROOM,
    LOOK_AGAIN_SIDE,
    LOW_CONFIDENCE,
    SAME_TILE,
    SNAPPED_SURE,
    SPOT_SIDES,
    UNTRACED_PEAK,
)

__all__ = ["LOW_CONFIDENCE", "ReadingContext", "RecognisedTile", "Recognition", "recognise"]


def recognise(image: np.ndarray, set_max: int = 12, max_tiles: int | None = None) -> Recognition:
    """Read every face-up tile in a BGR photo of a hand, and say how far to trust it.

    ``set_max`` is the set in play (double-N); ``max_tiles`` the most tiles a hand can hold
    in the game in play, when known."""
    context = ReadingContext(set_max=set_max, max_tiles=max_tiles)
    if image is None or image.ndim != 3 or image.shape[0] < 16 or image.shape[1] < 16:
        empty = "the picture is empty or too small: retake it"
        return Recognition([], set_max, [empty], "unreadable", [empty])
    proposed = propose(image)
    candidates = proposed.candidates
    verified = verify.sort_out(image, candidates)
    believed = _one_per_tile(verified)
    corners = [c.candidate.corners for c in believed]
    missed = sum(not any(_inside(m, c) for c in corners) for m in proposed.untraced)
    scene = doubt.look_at(image, corners, thrown_out=len(candidates) - len(verified), missed=missed)
    tiles = [_tile(c, set_max) for c in believed]
    tiles.sort(key=lambda t: (round(t.corners[0][1] / 50), t.corners[0][0]))
    return doubt.judge(tiles, scene, context, close_up=proposed.close_up)


@dataclass(frozen=True)
class Proposed:
    """What the finder and the spotter propose for one photo."""

    candidates: list[Candidate]
    close_up: bool  # only the close-up look found any
    untraced: list[np.ndarray] = field(default_factory=list)
    """Middles of tiles the spotter is sure of (UNTRACED_PEAK) but no outline was traced
    round: a tile that may be missing."""


def propose(image: np.ndarray, sides: tuple[int | None, ...] = FINDER_SIDES) -> Proposed:
    """Every outline. ``sides``: the working sizes looked at (None: WORK_SIDE); the negative
    too, at the first of them, when the photo is dark."""
    candidates = _at_sides(image, sides)
    if _dark_share(image) > DARK_SHARE:  # black tiles; the usual size alone reads as many
        negative = _at_sides(cv2.bitwise_not(image), sides[:1])
        candidates += [replace(c, light_on_dark=True) for c in negative]
    traced, untraced = spotted(image, candidates)
    candidates += traced
    if candidates:
        return Proposed(candidates, False, untraced)
    candidates = find_candidates(image, CLOSE_UP_SIDE)
    traced, untraced = spotted(image, candidates, (CLOSE_UP_SPOT_SIDE,))
    candidates += traced
    return Proposed(candidates, bool(candidates), untraced)


def spotted(
    image: np.ndarray, found: list[Candidate], sides: tuple[int, ...] = SPOT_SIDES
) -> tuple[list[Candidate], list[np.ndarray]]:
    """The tiles the spotter sees (at each of ``sides``, LOOK_AGAIN_PEAK or surer) that no
    outline in ``found`` covers, looked for again by the finder on a piece of the photo
    round each, scaled to the tile's size (the surest LOOK_AGAIN_MOST of them). The outlines
    traced so (round any of the spotted middles: one look often traces a missed tile's
    neighbours too); and the middles of the tiles the spotter is sure of (UNTRACED_PEAK)
    where none was. The spotter's own
    rectangles are too rough to count pips in: a tile read from one was wrong more often
    than right on rendered tables."""
    spots = [s for side in sides for s in spot.spot(image, side) if s[1] >= LOOK_AGAIN_PEAK]
    spots.sort(key=lambda s: -s[1])
    middles = [corners.mean(axis=0) for corners, _ in spots]
    traced: list[Candidate] = []
    untraced = []
    looks = 0
    for (corners, chance), middle in zip(spots, middles, strict=True):
        if any(_inside(middle, c.corners) for c in found + traced):
            continue
        if looks < LOOK_AGAIN_MOST:
            looks += 1
            looked = _look_again(image, corners)
            traced += [c for c in looked if any(_inside(m, c.corners) for m in middles)]
        if any(_inside(middle, c.corners) for c in traced):
            continue
        snapped = _snapped(image, corners)
        if snapped is not None:
            traced.append(snapped)
        elif chance >= UNTRACED_PEAK:
            untraced.append(middle)
    return traced, untraced


def _snapped(image: np.ndarray, corners: np.ndarray) -> Candidate | None:
    """The spotted tile snapped onto its edges and read, when both halves read surely."""
    outline = snap(image, corners)
    halves = counter.read(list(split_halves(image, outline)))
    if min(half.confidence for half in halves) < SNAPPED_SURE:
        return None
    # no divider was traced: the counted pips alone say how sure the reading is
    return Candidate(
        corners=outline, halves=(halves[0], halves[1]), divider_contrast=60.0, faint=False
    )


def _inside(point: np.ndarray, corners: np.ndarray) -> bool:
    return cv2.pointPolygonTest(np.float32(corners), (float(point[0]), float(point[1])), False) >= 0


def _look_again(image: np.ndarray, corners: np.ndarray) -> list[Candidate]:
    """The finder's outlines (in photo pixels) on a piece of the photo round the tile the
    spotter saw at ``corners``, LOOK_AGAIN_ROOM times its length across, scaled to
    LOOK_AGAIN_SIDE px; or on the piece's negative, when it is dark and the photo itself
    gave no outline round the spotter's middle."""
    middle = corners.mean(axis=0)
    length = max(np.linalg.norm(corners[0] - corners[3]), np.linalg.norm(corners[0] - corners[1]))
    half = LOOK_AGAIN_ROOM * length / 2
    height, width = image.shape[:2]
    x0, y0 = int(max(0, middle[0] - half)), int(max(0, middle[1] - half))
    x1, y1 = int(min(width, middle[0] + half)), int(min(height, middle[1] + half))
    if x1 - x0 < 16 or y1 - y0 < 16:
        return []
    piece = image[y0:y1, x0:x1]
    looked = find_candidates(piece, LOOK_AGAIN_SIDE)
    missed = not any(_inside(middle - (x0, y0), c.corners) for c in looked)
    if missed and _dark_share(piece) > DARK_SHARE:  # a black tile is found on the negative
        negative = find_candidates(cv2.bitwise_not(piece), LOOK_AGAIN_SIDE)
        looked += [replace(c, light_on_dark=True) for c in negative]
    return [replace(c, corners=np.float32(c.corners + (x0, y0))) for c in looked]


def _at_sides(image: np.ndarray, sides: tuple[int | None, ...]) -> list[Candidate]:
    return [c for side in sides for c in find_candidates(image, side)]


def _dark_share(image: np.ndarray) -> float:
    small = cv2.resize(image, (64, 48), interpolation=cv2.INTER_AREA)
    return float(np.mean(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) < DARK))


def _one_per_tile(believed: list[verify.Believed]) -> list[verify.Believed]:
    """Where outlines overlap (a tile found on the photo and on its negative, or one outline
    spanning two tiles), the one most believed and most cleanly read is kept."""
    ranked = sorted(believed, key=lambda b: -b.belief * _confidence(b.candidate))
    kept: list[verify.Believed] = []
    for one in ranked:
        area = abs(cv2.contourArea(one.candidate.corners))
        if all(
            _shared(one.candidate.corners, k.candidate.corners, area) <= SAME_TILE for k in kept
        ):
            kept.append(one)
    return kept


def _shared(a: np.ndarray, b: np.ndarray, area_a: float) -> float:
    smaller = min(area_a, abs(cv2.contourArea(b)))
    if smaller <= 0:
        return 0.0
    overlap, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    return float(overlap) / smaller


def find_candidates(image: np.ndarray, work_side: int | None = None) -> list[Candidate]:
    """Every outline round a divider, its halves counted (stages find, halves, pips)."""
    if work_side is None:
        work, scale = working_copy(image)
    else:
        scale = work_side / max(image.shape[:2])
        work = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    slant = measure_slant(work)
    flat, back = level(work, slant)
    outlines = find_tiles(flat, near_side(slant))
    corners = [np.float32(to_working(o.corners, back) / scale) for o in outlines]
    halves = [half for c in corners for half in split_halves(image, c)]
    readings = counter.read(halves)
    found = []
    for i, (outline, at) in enumerate(zip(outlines, corners, strict=True)):
        candidate = Candidate(
            corners=at,
            halves=(readings[2 * i], readings[2 * i + 1]),
            divider_contrast=float(outline.divider.contrast),
            faint=bool(outline.divider.faint),
        )
        if candidate.faint and _confidence(candidate) < FAINT_MIN_CONFIDENCE:
            continue  # a faint bar with no clean pips beside it: wood grain, not a tile
        found.append(candidate)
    return found


def _confidence(candidate: Candidate) -> float:
    confidence = min(half.confidence for half in candidate.halves)
    return confidence * min(1.0, candidate.divider_contrast / 60)


def _tile(believed: verify.Believed, set_max: int) -> RecognisedTile:
    candidate = believed.candidate
    confidence = _confidence(candidate) * believed.belief
    if max(candidate.ends) > set_max:
        confidence = min(confidence, 0.3)
    doubts = ("hard to count",) if confidence < LOW_CONFIDENCE else ()
    points = tuple((float(x), float(y)) for x, y in candidate.corners)
    return RecognisedTile(Tile(*candidate.ends), float(np.clip(confidence, 0, 1)), points, doubts)
