"""Stage 5, doubt: a reading that is impossible or improbable is never reported as a score.

Each rule looks at something a player would notice (a tile read twice, a value above the
set, more tiles than a hand can hold, tiles of different sizes in one photo, a table busy
with marks, a dark picture: the last two as vision/scene.py measures them) and either marks
tiles for the player to check or says the photo cannot be read, in words that say how to
retake it. Its thresholds (in
vision/thresholds.py) were set on rendered photos (vision/world.py), not on the real photos
the recogniser is measured by; two were prompted by real photos (SPECK_SHARE, WASHED_OUT:
their notes say how). The marks a tile earns by how it looks in the photo (halves of two
colours, no divider, glare, no rim) are vision/tile_marks.py's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np

from vision.reading import ReadingContext, RecognisedTile, Recognition
from vision.scene import Scene
from vision.shapes import area, outline_width
from vision.thresholds import (
    AREA_SPREAD,
    BIG_PIPS,
    BUSY_EDGES,
    BUSY_OUTLINES,
    COUNT_PATCH,
    DISAGREED,
    LOW_CONFIDENCE,
    MANY_DOUBTS,
    MOST_PLACES_SHOWN,
    MOSTLY_DOUBTFUL,
    NEAREST_TILES,
    OFF_THE_PHOTO,
    PLACE_AREA,
    SIZE_SPREAD,
    SIZED_SURE,
    SPECK_SHARE,
    SPRAWL_SHARE,
    TOO_DARK,
    WASHED_OUT,
)
from vision.tile_marks import GLARE_ON_IT, NO_RIM

RETAKE_STEADY = "hold the phone still, straight above the tiles, and retake"
COME_CLOSER = "they are small in the picture; come closer, straight above them, and retake"
PLAIN_CLOTH = "busy background: use the mat or a plain cloth"
TOO_BRIGHT = "too bright: pale pips may be washed out; check them, or dim the light and retake"
CHECK_LEFT_OUT = "check that no tile is missing"
DOUBLE_BLANK = "a double blank alone: check that it lies face up"
BIG_PIPS_SEEN = "its pips are far bigger than the other tiles': check that it is one tile, face up"
READ_TO_CHECK = {GLARE_ON_IT, BIG_PIPS_SEEN}
"""Doubts about a tile whose pips were counted plainly: a tile doubted for these alone is
offered to check, never one of the unclear tiles that make a photo unreadable (a white set
under a bright lamp would be thrown out whole)."""
OFF_THE_EDGE = "runs off the picture: check its pips, or step back and retake"
STEP_BACK = "step back so whole tiles are in the picture and retake"
NO_TILES = (
    "no tiles found: confirm 0 for an empty hand, or step back so whole tiles are in the"
    " picture, lay them face up on the mat and retake"
)
NO_PIPS_COUNTED = (
    "no pips can be counted on what is seen: lay the tiles face up in good light and retake"
)
"""Said when no tile read has both halves counted at an even chance or better (DISAGREED):
a tile standing on edge or lying face down, read as a tile, has no pips to count, and a
reading made of such alone is no score to confirm."""
MAY_BE_MISSING = "a tile may be missing: spread the tiles apart and retake, or check"
SEEN_NOT_READ = (
    "something like a tile is seen but none is read: lay the tiles face up and apart, and retake"
)
"""Said instead of MAY_BE_MISSING when no tile is read at all, and when none is read where
the spotter half sees one: a photo of tiles lying face down reads so, and "a tile may be
missing" left a player with no tile on the screen wondering which one. A hand of 157 pips
far off on a blue gingham in cold light (rendered table 900051), its tiles half seen and
none read, was offered as "no tiles found: confirm 0 for an empty hand"."""


def judge(
    tiles: list[RecognisedTile], scene: Scene, context: ReadingContext, close_up: bool = False
) -> Recognition:
    """The reading with its status and reasons, and each doubtful tile marked; where it says
    a tile may be missing, the places one may lie unread, for the picture to show."""
    reading = _judged(tiles, scene, context, close_up)
    if not {MAY_BE_MISSING, SEEN_NOT_READ} & set(reading.reasons):
        return reading
    return replace(reading, unread=_places_shown(scene.unread_at, reading.tiles))


def _places_shown(
    places: tuple[np.ndarray, ...], tiles: list[RecognisedTile]
) -> list[tuple[tuple[float, float], ...]]:
    """The places a tile may lie unread that the picture rings: none of a size far above the
    tiles read (PLACE_AREA), and none at all where there are more than MOST_PLACES_SHOWN."""
    kept = list(places)
    if tiles:
        largest = PLACE_AREA * float(np.median([area(np.float32(t.corners)) for t in tiles]))
        kept = [p for p in kept if area(np.float32(p)) <= largest]
    if len(kept) > MOST_PLACES_SHOWN:
        return []
    return [tuple((float(x), float(y)) for x, y in place) for place in kept]


def _judged(
    tiles: list[RecognisedTile], scene: Scene, context: ReadingContext, close_up: bool
) -> Recognition:
    problems: list[str] = []
    tiles, left_out = _without_misfits(tiles)
    tiles = _mark_values_above_set(tiles, context.set_max, problems)
    tiles = _mark_twice(tiles, problems)
    tiles = _mark_lone_double_blank(tiles)
    tiles = _mark_odd_sizes(tiles)
    tiles = _mark_big_pips(tiles)
    tiles, cut = _off_the_photo(tiles, scene.size)
    reasons = _photo_reasons(scene, tiles)
    if cut:
        reasons.append(f"left out {cut} mark(s) cut by the picture's edge: {STEP_BACK}")
    if left_out:
        reasons.append(
            f"left out {left_out} mark(s) far smaller or bigger than the tiles: {CHECK_LEFT_OUT}"
        )
    if not tiles:
        reasons = [SEEN_NOT_READ if r == MAY_BE_MISSING else r for r in reasons]
        if scene.glimpsed and SEEN_NOT_READ not in reasons:
            reasons.append(SEEN_NOT_READ)  # "confirm 0" would score a hand half seen as empty
        if reasons:  # too dark, a busy table, a tile seen: nothing found tells nothing
            return Recognition([], context.set_max, problems, "unreadable", reasons)
        return Recognition([], context.set_max, problems, "check", [NO_TILES])
    if len(tiles) > context.hand_limit:
        reasons.insert(
            0, f"{len(tiles)} tiles found, more than a hand can hold ({context.hand_limit})"
        )
        return Recognition(tiles, context.set_max, problems, "unreadable", reasons)
    no_tile = _why_no_tile(tiles)
    if no_tile:
        reasons = [r for r in reasons if r != MAY_BE_MISSING] + [no_tile]
        return Recognition(tiles, context.set_max, problems, "unreadable", reasons)
    doubtful = [t for t in tiles if t.doubtful]
    unclear = [t for t in doubtful if not set(t.doubts) <= READ_TO_CHECK]
    busy = PLAIN_CLOTH in reasons  # on a busy table even one doubtful tile may be a mark
    if (busy and len(unclear) == len(tiles)) or (
        len(tiles) >= MANY_DOUBTS and len(unclear) > MOSTLY_DOUBTFUL * len(tiles)
    ):
        advice = COME_CLOSER if _small(unclear) else RETAKE_STEADY
        reasons.append(f"{len(unclear)} of {len(tiles)} tiles are unclear: {advice}")
        return Recognition(tiles, context.set_max, problems, "unreadable", reasons)
    if doubtful:
        reasons.append(f"please check the {len(doubtful)} marked tile(s)")
    if close_up:
        reasons.append("very close: check that every tile is in the picture")
    if reasons == [PLAIN_CLOTH] and not problems:
        reasons = []  # a busy table, every tile on it read surely: nothing to check
    status = "check" if reasons or problems else "ok"
    return Recognition(tiles, context.set_max, problems, status, reasons)


def _why_no_tile(tiles: list[RecognisedTile]) -> str | None:
    """Why what was read is no tile at all, when it is not: nothing read has a tile's rim,
    or no tile's pips are counted (a row on edge, face-down tiles)."""
    if all(NO_RIM in t.doubts for t in tiles):
        return SEEN_NOT_READ
    if all(t.pips_sure < DISAGREED for t in tiles):
        return NO_PIPS_COUNTED
    return None


def _small(tiles: list[RecognisedTile]) -> bool:
    """Whether the tiles are mostly narrower in the photo than the square the pip counter
    reads each half at (COUNT_PATCH px): their pips are a few pixels wide, and coming
    closer helps more than holding still."""
    widths = [outline_width(t.corners) for t in tiles]
    return bool(widths) and float(np.median(widths)) < COUNT_PATCH


def _photo_reasons(scene: Scene, tiles: list[RecognisedTile]) -> list[str]:
    reasons = []
    if scene.brightness < TOO_DARK:
        reasons.append("too dark: turn on a light over the tiles")
    if scene.washed_out > WASHED_OUT:
        reasons.append(TOO_BRIGHT)
    if scene.unexplained:
        reasons.append(MAY_BE_MISSING)
    if scene.busy > BUSY_EDGES or scene.thrown_out >= max(BUSY_OUTLINES, len(tiles) + 1):
        reasons.append(PLAIN_CLOTH)
    return reasons


def _mark_values_above_set(tiles, set_max: int, problems: list[str]) -> list[RecognisedTile]:
    marked = []
    for tile in tiles:
        if max(tile.ends) > set_max:
            problems.append(
                f"{tile.tile} has an end above {set_max}: not in a double-{set_max} set"
            )
            tile = tile.doubted(f"an end above {set_max}")
        marked.append(tile)
    return marked


def _mark_twice(tiles: list[RecognisedTile], problems: list[str]) -> list[RecognisedTile]:
    seen = Counter(t.tile for t in tiles)
    for value, times in sorted(seen.items(), key=lambda item: item[0].sort_key()):
        if times > 1:
            problems.append(f"{value} is read {times} times but a set has only one")
    return [t.doubted("read more than once") if seen[t.tile] > 1 else t for t in tiles]


def _mark_lone_double_blank(tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """A double blank has no pip to show it is a tile face up: two tiles lying face down
    side by side, or a card's edge across a plain patch, read the same. Read alone, with no
    other tile to say a hand is in the picture, it is shown to the player, so an empty
    table is never scored as a hand holding 0|0 (worth 50 with some house rules) unasked.
    On rendered bare tables (seeds 960000-960299) it was the only tile read on 10."""
    if len(tiles) == 1 and tiles[0].ends == (0, 0):
        return [tiles[0].doubted(DOUBLE_BLANK)]
    return tiles


def _off_the_photo(
    tiles: list[RecognisedTile], size: tuple[int, int] | None
) -> tuple[list[RecognisedTile], int]:
    """A tile whose outline runs past the photo's edge (OFF_THE_PHOTO of its width or more)
    is marked: its pips past the edge are not in the picture, and a card or a box cut by the
    edge may read as a tile. One whose pips were not counted surely either is left out, and
    how many were is told: it cannot be scored from this picture, and on rendered tables
    every one was a face-down tile, a card or tiles on edge cut by the edge."""
    if size is None:
        return tiles, 0
    kept, cut = [], 0
    for tile in tiles:
        if _past_edge(np.float32(tile.corners), size) < OFF_THE_PHOTO * outline_width(tile.corners):
            kept.append(tile)
        elif tile.confidence < LOW_CONFIDENCE:
            cut += 1
        else:
            kept.append(tile.doubted(OFF_THE_EDGE))
    return kept, cut


def _past_edge(corners: np.ndarray, size: tuple[int, int]) -> float:
    """How far (px) the outline reaches past the photo's edges, at its furthest."""
    width, height = size
    return float(
        max(
            -corners[:, 0].min(),
            -corners[:, 1].min(),
            corners[:, 0].max() - (width - 1),
            corners[:, 1].max() - (height - 1),
        )
    )


def _without_misfits(tiles: list[RecognisedTile]) -> tuple[list[RecognisedTile], int]:
    """The tiles without the outlines far smaller (SPECK_SHARE of the usual tile's area
    there, _usual: a mark on the table) or far bigger (SPRAWL_SHARE: a stretch of table)
    whose pips were not counted surely, and how many were left out."""
    if len(tiles) < 3:
        return tiles, 0
    areas = _areas(tiles)
    usual = _usual(tiles, areas)
    misfit = ((areas < SPECK_SHARE * usual) | (areas > SPRAWL_SHARE * usual)) & np.array(
        [t.confidence < LOW_CONFIDENCE for t in tiles]
    )
    return [t for t, m in zip(tiles, misfit, strict=True) if not m], int(misfit.sum())


def _mark_odd_sizes(tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """Each tile of a size unlike the usual tile there (_usual; SIZE_SPREAD, AREA_SPREAD),
    marked, unless read so surely (SIZED_SURE) that it is a tile all the same. Two tiles of
    sizes so unlike say one of them is no tile, but not which: the one read less surely is
    marked (a die and the table beside it read as a 0|5 beside the one tile of a hand,
    rendered table 1100084; a speck read as 0|0 beside a 7|8)."""
    if len(tiles) < 2:
        return tiles
    widths = np.array([outline_width(t.corners) for t in tiles])
    areas = _areas(tiles)
    usual_width, usual_area = _usual(tiles, np.stack([widths, areas], axis=1)).T
    odd = _outside(widths, usual_width, SIZE_SPREAD) | _outside(areas, usual_area, AREA_SPREAD)
    sure = np.array([t.confidence for t in tiles])
    if len(tiles) == 2 and odd.any():
        odd = np.arange(2) == int(np.argmin(sure))
    odd &= sure < SIZED_SURE
    return [
        t.doubted("not the size of the other tiles") if unlike else t
        for t, unlike in zip(tiles, odd, strict=True)
    ]


def _mark_big_pips(tiles: list[RecognisedTile]) -> list[RecognisedTile]:
    """Each tile whose pips are BIG_PIPS times the size of the other tiles' or more, each
    measured as a share of its own half (so near and far tiles compare), marked: a set's
    pips are of one size. Two tiles face down end to end with a ring printed on each back,
    outlined as one, read as a 1|1 whose "pips" are the rings (rendered table 975099)."""
    areas = np.array([t.pip_area for t in tiles])
    marked = []
    for i, tile in enumerate(tiles):
        others = np.delete(areas, i)
        others = others[others > 0]
        big = tile.pip_area > 0 and len(others) and tile.pip_area >= BIG_PIPS * np.median(others)
        marked.append(tile.doubted(BIG_PIPS_SEEN) if big else tile)
    return marked


def _outside(sizes: np.ndarray, usual: np.ndarray, spread: tuple[float, float]) -> np.ndarray:
    low, high = spread
    return (sizes < low * usual) | (sizes > high * usual)


def _usual(tiles: list[RecognisedTile], sizes: np.ndarray) -> np.ndarray:
    """Each tile's usual size: the median of its own ``sizes`` (one row per tile, of one
    measure or more) and its NEAREST_TILES nearest tiles' (all of them, in a hand of
    NEAREST_TILES + 1 or fewer). Seen at a slant, a near tile is many times a far one
    (rendered table 1500431, at 54 degrees: 12 times the area), but about the size of the
    tiles beside it."""
    middles = np.array([np.float32(t.corners).mean(axis=0) for t in tiles])
    apart = np.linalg.norm(middles[:, None] - middles[None], axis=2)
    nearest = np.argsort(apart, axis=1, kind="stable")[:, : NEAREST_TILES + 1]
    return np.median(sizes[nearest], axis=1)


def _areas(tiles: list[RecognisedTile]) -> np.ndarray:
    return np.array([area(t.corners) for t in tiles])
