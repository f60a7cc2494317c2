"""Stage 5, doubt, the marks a tile earns by how it looks in the photo: halves of two
colours, a double blank with no divider, a half washed out by glare, an outline that does not
stand out from the table. Each marks the tile for the player to check (vision/doubt.py
judges the reading as a whole); its thresholds are in vision/thresholds.py."""

from __future__ import annotations

import cv2
import numpy as np

from vision.halves import split_halves
from vision.reading import RecognisedTile
from vision.rims import rims
from vision.thresholds import (
    BLANK_DIVIDER,
    CLIPPED,
    DIVIDER_FLOOR,
    DIVIDER_LOOK,
    FACE_BAND,
    GLARED_HALF,
    HALF_TINT,
    PALE_PIPS,
    RIM_SIDES,
)

BARE_UNLIKE = "its blank half is not the colour of its other half: check that it is a tile"
COVERED = "its halves are not of one colour: check that nothing lies on it"
NO_DIVIDER = "no divider line across it: check that it lies face up"
GLARE_ON_IT = "glare washes out part of it: a pale pip may be lost; check its pips"
NO_RIM = "its outline hardly stands out from the table: check that it is a tile"


def mark_unlike_halves(image: np.ndarray, tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """Each tile whose two halves' face tints lie HALF_TINT or further apart, marked: a
    tile's face is of one colour. With a blank half, which is bare face, an outline half on
    a tile and half on the table (a die and the cloth beside it) is no tile; with pips on
    both, something lies over one half (a coin, a train marker) and hides its pips."""
    return [t.doubted(_unlike_why(t)) if _unlike(image, t) else t for t in tiles]


def _unlike_why(tile: RecognisedTile) -> str:
    return BARE_UNLIKE if tile.ends.count(0) == 1 else COVERED


def mark_blank_without_divider(
    image: np.ndarray, tiles: list[RecognisedTile]
) -> list[RecognisedTile]:
    """Each double blank with no divider line across its middle, marked: a double blank's
    face is cut in two by its divider, while a tile lying face down (the boneyard beside
    a hand, say) is bare from end to end and reads as a double blank, which some tables
    score at 50."""
    return [
        t.doubted(NO_DIVIDER)
        if t.ends == (0, 0) and _divider_contrast(image, t) < BLANK_DIVIDER
        else t
        for t in tiles
    ]


def mark_glared(image: np.ndarray, tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """Each tile with a half clipped white (CLIPPED) over GLARED_HALF of its face or more
    whose pips are pale (PALE_PIPS), marked: under a lamp's glare a pale pip there (pink,
    yellow, grey) is lost to both counters, which may still be sure of the count of the
    pips left, and the middle pip that tells a three from a two is the first to go. Dark
    pips stand out of the glare, and the pips of a half are of one colour."""
    return [t.doubted(GLARE_ON_IT) if _glared(image, t) else t for t in tiles]


def _glared(image: np.ndarray, tile: RecognisedTile) -> bool:
    corners = np.float32(tile.corners)
    x, y, w, h = cv2.boundingRect(corners)
    box = image[max(y, 0) : y + h, max(x, 0) : x + w]
    if not cv2.countNonZero(cv2.inRange(box, (CLIPPED,) * 3, (255,) * 3)):
        return False  # nothing clipped round it: the halves drawn from it cannot be
    for half in split_halves(image, corners):
        least = half.min(axis=2)  # the channel a pip's colour darkens most
        if np.mean(least >= CLIPPED) >= GLARED_HALF and np.percentile(least, 1) >= PALE_PIPS:
            return True
    return False


def _divider_contrast(image: np.ndarray, tile: RecognisedTile) -> float:
    """How far the band across the tile's middle, where its divider lies, stands out from
    its face: the most any colour of a row there lies from the face's, as a share of the
    face's (at least DIVIDER_FLOOR: a dark face's colours are mostly noise). A light divider
    on a yellow tile stands out in blue, hardly in lightness. The tile is drawn straight
    (its perspective undone) DIVIDER_LOOK px long, and read along the middle of its width,
    clear of its rim."""
    width, length = DIVIDER_LOOK // 2, DIVIDER_LOOK
    straight = np.float32([[0, 0], [width, 0], [width, length], [0, length]])
    warp = cv2.getPerspectiveTransform(np.float32(tile.corners), straight)
    drawn = cv2.warpPerspective(image, warp, (width, length), flags=cv2.INTER_AREA)
    rows = drawn[:, width // 5 : width - width // 5].astype(np.float32).mean(axis=1)
    at = (np.arange(length) + 0.5) / length
    face = np.median(rows[((at > 0.12) & (at < 0.4)) | ((at > 0.6) & (at < 0.88))], axis=0)
    band = rows[(at >= 0.44) & (at <= 0.56)]
    return float((np.abs(band - face) / np.maximum(face, DIVIDER_FLOOR)).max())


def mark_rimless(image: np.ndarray, tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """Each doubtful tile whose outline stands out from the table on RIM_SIDES sides or fewer
    (vision/rims.py), marked: drawn across things that are not a tile, not round one."""
    return [t.doubted(NO_RIM) if t.doubtful and _rimless(image, t) else t for t in tiles]


def _rimless(image: np.ndarray, tile: RecognisedTile) -> bool:
    edged, flat = rims(image, tile.corners)
    return edged <= RIM_SIDES and flat >= 2


def _unlike(image: np.ndarray, tile: RecognisedTile) -> bool:
    one, other = (_face_tint(h) for h in split_halves(image, np.float32(tile.corners)))
    return float(np.linalg.norm(one - other)) >= HALF_TINT


def _face_tint(half: np.ndarray) -> np.ndarray:
    """A half's face tint (Lab a and b): the mean of the pixels near its median lightness,
    so that pips, a minority, leave it be."""
    lab = cv2.cvtColor(half, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    face = lab[np.abs(lab[:, 0] - np.median(lab[:, 0])) < FACE_BAND]
    return (face if len(face) else lab)[:, 1:].mean(axis=0)
