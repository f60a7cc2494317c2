"""The tiles the spotter sees that no outline round a divider covers, outlined and read.

The finder (vision/find.py) outlines a tile round its divider; where it finds none (a tile
in a block, a small one far off, pips of a colour it misses), the spotter (vision/spot.py)
may still see one. Each spot is outlined in turn, and the first outline read surely is
proposed: the spotter's rough outline refined (vision/refine.py); the same turned a quarter
round (_crosswise); the outlines of the tiles read round it moved onto it
(_like_neighbours); the learned counter's reading alone (_unsurely_read); and the spots the
spotter barely sees, read surely by both counters (_barely_seen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from vision import counter, refine
from vision.halves import split_halves
from vision.pips import light_pips
from vision.ranks import byte_median
from vision.reading import Candidate
from vision.shapes import area, centred, shared, shared_by_larger, turned
from vision.thresholds import (
    AGREED_LEAST,
    COVERED_MOST,
    COVERED_SHARE,
    DARK,
    NEIGHBOUR_AREA,
    NEIGHBOURS,
    REFINED_SURE,
    SAME_OUTLINE,
    SAME_TILE,
    SPOTTED_PEAK,
    UNTRACED_PEAK,
)


class Outlining:
    """One photo's rough outlines refined onto their tiles (vision/refine.py) and read
    (read_all), each once: where the spots, outlined alone, leave the photo unsure, they
    are outlined again beside the finder's outlines (recognise.propose), mostly from the
    same rough outlines."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self._read: dict[bytes, Candidate] = {}

    def __call__(self, rough: list[np.ndarray]) -> list[Candidate]:
        """Each ``rough`` outline (4x2 photo px, ends first) refined and read."""
        rough = [np.float32(r) for r in rough]
        new = list({r.tobytes(): r for r in rough if r.tobytes() not in self._read}.values())
        refined = refine.refine(self.image, new)
        for r, candidate in zip(new, read_all(self.image, refined), strict=True):
            self._read[r.tobytes()] = candidate
        return [self._read[r.tobytes()] for r in rough]


def spotted(
    outlining: Outlining,
    found: list[Candidate],
    seen: list[tuple[np.ndarray, float]],
) -> tuple[list[Candidate], list[np.ndarray], list[np.ndarray]]:
    """The tiles the spotter sees (``seen``: vision/spot.py spot_at, SPOTTED_PEAK or surer),
    each rough outline refined onto its tile (vision/refine.py), that no outline in
    ``found`` covers (_covered, judged by the refined outline), and read (a tile it
    is sure of, read surely neither way round, as the learned counter reads it:
    _unsurely_read), and those it barely sees when read surely (_barely_seen); the rough
    outlines of every tile the spotter is sure of (UNTRACED_PEAK); and of those it only
    half sees (SPOTTED_PEAK to UNTRACED_PEAK), surest first."""
    seen = sorted(seen, key=lambda s: -s[1])
    spots = [s for s in seen if s[1] >= SPOTTED_PEAK]
    # judged as refined: a rough rectangle may be twice the tile's size, or half of it
    outlined = outlining([corners for corners, _ in spots])
    left = [(s, c) for s, c in zip(spots, outlined, strict=True) if not _covered(c.corners, found)]
    sure_reads = [_if_sure(c) for _, c in left]
    # two peaks on one tile (the spotter looks twice) give one outline; two that overlap less
    # are rivals for rivals.one_per_tile, as one may straddle two touching tiles
    traced = _distinct(sure_reads, [], SAME_OUTLINE)
    unread = [(s, c) for (s, c), read in zip(left, sure_reads, strict=True) if read is None]
    traced += _crosswise(outlining, [rough for (rough, _), _ in unread], found, traced)
    traced += _unsurely_read([c for (_, chance), c in unread if chance >= UNTRACED_PEAK], traced)
    traced += _like_neighbours(outlining, [rough for (rough, _), _ in unread], found, traced)
    barely = [c for c, chance in seen if chance < SPOTTED_PEAK]
    traced += _barely_seen(outlining, barely, found, traced)
    sure = [corners for corners, chance in spots if chance >= UNTRACED_PEAK]
    faint = [corners for corners, chance in spots if chance < UNTRACED_PEAK]
    return traced, sure, faint


def _crosswise(
    outlining: Outlining,
    rough: list[np.ndarray],
    found: list[Candidate],
    traced: list[Candidate],
) -> list[Candidate]:
    """The spots whose outline was not read, outlined crosswise: in a block of tiles lying
    side by side, the spotter's ``rough`` outline may be turned a quarter round (two halves
    of two neighbours side by side look like one tile), and the refiner follows it. The
    outlines refined from the turned rough ones, read surely with pips, are proposed beside
    the others and the verifier chooses (rivals.one_per_tile). A double blank read that way is
    left out: a face-down tile, outlined across, reads as one."""
    with_pips = _outlined(outlining, [turned(r) for r in rough], found, lambda c: any(c.ends))
    return _distinct(with_pips, traced, SAME_OUTLINE)


def _like_neighbours(
    outlining: Outlining,
    rough: list[np.ndarray],
    found: list[Candidate],
    traced: list[Candidate],
) -> list[Candidate]:
    """The spots whose outline was not read, outlined as the tiles beside them are. In a block
    of touching tiles the spotter's ``rough`` outline is often far off (a third of the tile,
    or across two), and the refiner follows it; but a tile in a block has the size and shape
    of its neighbours, turned as they are or a quarter round. So the outlines of the
    NEIGHBOURS tiles read surely nearest the spot's middle are moved there, as they are and
    turned, refined and read. Of those read surely with pips, centred on the spot, of about
    the neighbour's size (NEIGHBOUR_AREA) and look (a black tile's read on the negative too),
    the one nearest the spot is proposed, unless it overlaps a tile read surely already: an
    outline across the halves of two neighbours may read surely too."""
    sure = [c for c in found + traced if c.surely_read(model_alone=True)]
    read = [c for c in found if c.surely_read()] + [
        c for c in traced if c.surely_read(model_alone=True)
    ]
    if not read:
        return []
    middles = np.float32([c.corners.mean(axis=0) for c in read])
    guesses: list[np.ndarray] = []
    owners: list[tuple[np.ndarray, bool]] = []  # each guess's spot middle and neighbour's look
    for middle in (r.mean(axis=0) for r in rough):
        if any(centred(middle, c.corners) for c in read):
            continue
        for i in np.argsort(np.linalg.norm(middles - middle, axis=1))[:NEIGHBOURS]:
            moved = np.float32(read[i].corners) - middles[i] + middle
            guesses += [moved, turned(moved)]
            owners += [(middle, read[i].light_on_dark)] * 2
    nearest: dict[tuple[float, float], tuple[float, Candidate]] = {}
    for (middle, dark), guess, candidate in zip(owners, guesses, outlining(guesses), strict=True):
        outline = candidate.corners
        if (
            candidate.light_on_dark != dark
            or not 1 / NEIGHBOUR_AREA <= area(outline) / max(area(guess), 1e-6) <= NEIGHBOUR_AREA
            or not (candidate.surely_read(model_alone=True) and any(candidate.ends))
            or not centred(middle, outline)
            or _covered(outline, found)
        ):
            continue
        off = float(np.linalg.norm(outline.mean(axis=0) - middle))
        spot = (float(middle[0]), float(middle[1]))
        if spot not in nearest or off < nearest[spot][0]:
            nearest[spot] = (off, candidate)
    return _distinct([c for _, c in nearest.values()], sure, SAME_TILE)


def _unsurely_read(readings: list[Candidate], traced: list[Candidate]) -> list[Candidate]:
    """The tiles the spotter is sure of (UNTRACED_PEAK) whose outline was read neither way
    surely, proposed with pips where the learned counter gives both halves a chance of
    REFINED_SURE or more (pips of a colour the rule-based counter miscounts), or where both
    counters count one half alike and surely and the learned counter finds the other's
    count more likely than not (AGREED_LEAST: a lamp's glare on a blank half, or on some
    of a six's pips, which the rules then count fewer) or both count it alike, however
    unsurely (a blank half speckled by a dim lamp's noise). Either way the tile is marked for
    the player to check: its total is as likely right as not, where a tile left out is
    surely wrong. Only the same outline proposed already (SAME_OUTLINE of the larger one's
    area) hides it: one across it and its neighbour, read surely, is a rival for the
    verifier to judge, and one round a stretch of table that holds it whole is no tile."""
    wanted = [c for c in readings if any(c.ends) and (_learned_sure(c) or _one_half_sure(c))]
    return _distinct(wanted, traced, SAME_OUTLINE, shared_by_larger)


def _learned_sure(candidate: Candidate) -> bool:
    return min(h.learned for h in candidate.halves) >= REFINED_SURE


def _one_half_sure(candidate: Candidate) -> bool:
    halves = candidate.halves
    return (
        all(h.learned >= AGREED_LEAST or h.agreed for h in halves)
        and max(h.confidence for h in halves) >= REFINED_SURE
    )


def _barely_seen(
    outlining: Outlining,
    rough: list[np.ndarray],
    found: list[Candidate],
    traced: list[Candidate],
) -> list[Candidate]:
    """The tiles the spotter barely sees (under SPOTTED_PEAK) where no tile is read yet,
    each outlined (vision/refine.py) and kept when both its halves are read surely, by the
    learned and the rule-based counter alike, with pips: a tile in a block, or of colours
    the spotter learned little of, may be barely seen; a pattern on the table seldom reads
    so. Each is marked for the player to check ("hard to see"): where the spotter barely
    sees tiles, it may miss others altogether. Only a tile proposed already that both
    counters read surely stands in its way: an outline drawn half on a tile and half on the
    bare table, which the learned counter alone reads surely (the table as a blank half), is
    a rival for the verifier to judge. The same outline proposed already and read as the
    same tile is not proposed again: it would add only the doubt."""
    read = found + traced
    # judged by the rough outline first: the spots barely seen are not all refined yet
    todo = [r for r in rough if not _covered(r, read)]
    sure = _outlined(outlining, todo, read, lambda c: c.surely_read() and any(c.ends))
    marked = [None if c is None else replace(c, barely_seen=True) for c in sure]
    # of the overlapping outlines proposed as rivals, only the first stands in the way
    in_the_way = _distinct([c for c in traced if c.surely_read()], [], SAME_TILE)
    rivals = _distinct(marked, in_the_way, SAME_TILE)
    return [c for c in rivals if not any(_read_alike(c, t) for t in traced)]


def _read_alike(one: Candidate, other: Candidate) -> bool:
    """Whether two outlines are the same outline (SAME_OUTLINE) read as the same tile."""
    same_outline = shared(one.corners, other.corners) > SAME_OUTLINE
    return same_outline and sorted(one.ends) == sorted(other.ends)


def _outlined(
    outlining: Outlining,
    rough: list[np.ndarray],
    found: list[Candidate],
    wanted: Callable[[Candidate], bool],
) -> list[Candidate | None]:
    """The ``rough`` outlines refined onto their tiles, less those ``found`` covers, each
    read (Outlining) and kept when ``wanted`` (None where not)."""
    read = [c for c in outlining(rough) if not _covered(c.corners, found)]
    return [c if _if_sure(c) is not None and wanted(c) else None for c in read]


def _distinct(
    readings: list[Candidate | None],
    beside: list[Candidate],
    most_shared: float,
    measure: Callable[[np.ndarray, np.ndarray], float] = shared,
) -> list[Candidate]:
    """The outlines read (None: not read), each left out where it shares more than
    ``most_shared`` with one of ``beside`` or one kept before it, by ``measure`` (the share
    of the smaller one's area, or shared_by_larger)."""
    kept: list[Candidate] = []
    for candidate in readings:
        if candidate is not None and all(
            measure(candidate.corners, c.corners) <= most_shared for c in beside + kept
        ):
            kept.append(candidate)
    return kept


def _covered(outline: np.ndarray, found: list[Candidate]) -> bool:
    """Whether an outline in ``found`` has the middle of a spot's ``outline`` (as refined, or
    the spotter's rough one where it is not refined yet) as its own (shapes.centred, as a
    tile's middle is), is of a size to be that tile (COVERED_SHARE to COVERED_MOST of it)
    and is read surely: a little outline round a tile's divider or one of its pips, an
    unsure one across two tiles, one round a stretch of bare table (read surely as a double
    blank), or one across halves of two tiles that holds the spot near its edge (read
    surely too), leaves the tile still to be read."""
    spot, middle = area(outline), outline.mean(axis=0)
    return any(
        centred(middle, c.corners)
        and COVERED_SHARE * spot <= area(c.corners) <= COVERED_MOST * spot
        and c.surely_read()
        for c in found
    )


def read_outlines(image: np.ndarray, outlines: list[np.ndarray]) -> list[Candidate | None]:
    """Each refined outline read, when its halves are read surely, by the model alone if
    need be (Candidate.surely_read; None otherwise)."""
    return [_if_sure(c) for c in read_all(image, outlines)]


def _if_sure(candidate: Candidate) -> Candidate | None:
    return candidate if candidate.surely_read(model_alone=True) else None


def read_all(image: np.ndarray, outlines: list[np.ndarray]) -> list[Candidate]:
    """Each refined outline read. No divider was traced: the counted pips say how sure it
    is. A black tile is read on its negative, as the finder's are, and the verifier looks at
    it both ways (Candidate.light_on_dark). It is told by a face darker than DARK or by marks
    lighter than its face (pips.light_pips): a glaring lamp lights a black face to mid grey,
    and looked at as it is, such a tile was thrown out."""
    faces = [split_halves(image, outline) for outline in outlines]
    black = [_black(np.vstack(pair)) for pair in faces]
    halves = counter.read(
        [
            cv2.bitwise_not(face) if dark else face
            for pair, dark in zip(faces, black, strict=True)
            for face in pair
        ]
    )
    return [
        Candidate(
            outline,
            (halves[2 * i], halves[2 * i + 1]),
            divider_contrast=60.0,
            faint=False,
            light_on_dark=black[i],
        )
        for i, outline in enumerate(outlines)
    ]


def _black(tile: np.ndarray) -> bool:
    """Whether a tile's two halves (stacked) are a black tile's, as read_all tells one."""
    return byte_median(cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY)) < DARK or light_pips(tile)
