"""The recogniser: light -> find tiles -> split halves -> count pips -> verify -> doubt -> score.

light     vision/light.py: a dim photo brightened first, as a phone's camera would
find      vision/find.py, vision/outline.py, vision/slant.py: outlines round dividers;
          vision/spot.py: where a learned model sees tiles' middles, and
          vision/refine.py: a learned model's outlines round them and round the finder's
halves    vision/halves.py: each outline's two halves as square patches
pips      vision/counter.py: the pips on each half, counted by a learned model
verify    vision/verify.py: a learned model throws out outlines that are not tiles
doubt     vision/doubt.py: ok, check or unreadable, with reasons a player understands
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.tiles import Tile
from vision import counter, doubt, light, refine, spot, verify
from vision.find import find_tiles, working_copy
from vision.halves import split_halves
from vision.reading import (
    Candidate,
    ReadingContext,
    RecognisedTile,
    Recognition,
    outline_length,
)
from vision.slant import level, measure_slant, near_side, to_working
from vision.thresholds import (
    CENTRED,
    CLOSE_UP_SIDE,
    CLOSE_UP_SPOT_SIDE,
    COVERED_SHARE,
    DARK,
    DARK_SHARE,
    FAINT_MIN_CONFIDENCE,
    FAINT_PLACES,
    FINDER_LONGEST,
    FINDER_SIDES,
    LOW_CONFIDENCE,
    NEIGHBOUR_AREA,
    NEIGHBOURS,
    PIECE_SHARE,
    REFINED_SURE,
    SAME_OUTLINE,
    SAME_TILE,
    SPOT_SIDES,
    SPOTTED_PEAK,
    UNTRACED_PEAK,
    WORK_SIDE,
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
    photo = light.lit(image)
    proposed = propose(photo)
    candidates = proposed.candidates
    spotted = [any(_centred(m, c.corners) for m in proposed.sure_spots) for c in candidates]
    verified = verify.sort_out(photo, candidates, spotted=spotted)
    believed = _one_per_tile(verified)
    corners = [c.candidate.corners for c in believed]
    missed = sum(not any(_centred(m, c) for c in corners) for m in proposed.sure_spots)
    missed += _places(proposed.faint_spots, corners) >= FAINT_PLACES
    # the scene as taken: "too dark" is the room's, and the busy measure was set on such
    scene = doubt.look_at(image, corners, thrown_out=len(candidates) - len(verified), missed=missed)
    tiles = [_tile(c, set_max) for c in believed]
    tiles.sort(key=lambda t: (round(t.corners[0][1] / 50), t.corners[0][0]))
    return doubt.judge(tiles, scene, context, close_up=proposed.close_up)


@dataclass(frozen=True)
class Proposed:
    """What the finder and the spotter propose for one photo."""

    candidates: list[Candidate]
    close_up: bool  # only the close-up look found any
    sure_spots: list[np.ndarray] = field(default_factory=list)
    """Middles of the tiles the spotter is sure of (UNTRACED_PEAK): where no tile is read at
    one, a tile may be missing."""
    faint_spots: list[np.ndarray] = field(default_factory=list)
    """Rough outlines of the tiles the spotter half sees (SPOTTED_PEAK to UNTRACED_PEAK),
    surest first: where no tile is read at FAINT_PLACES of them, tiles may be missing."""


def propose(image: np.ndarray, sides: tuple[int | None, ...] | None = None) -> Proposed:
    """Every outline. ``sides``: the working sizes looked at (None: WORK_SIDE); the negative
    too, at the first of them, when the photo is dark. Not given, they are the FINDER_SIDES
    that suit the tiles the spotter sees (_sides_for). Each outline the finder traces is
    refined (vision/refine.py) and read again, and the refined one is proposed instead when
    its halves are read surely: the finder's outlines are often a little off or short, and a
    half cut askew is miscounted."""
    seen = spot.spot_at(image, SPOT_SIDES)
    sides = _sides_for(image, seen) if sides is None else sides
    candidates = _at_sides(image, sides)
    if _dark_share(image) > DARK_SHARE:  # black tiles; the usual size alone reads as many
        negative = _at_sides(cv2.bitwise_not(image), sides[:1])
        candidates += [replace(c, light_on_dark=True) for c in negative]
    traced, sure_spots, faint_spots = spotted(image, candidates, seen)
    redrawn = read_outlines(image, refine.refine(image, [c.corners for c in candidates], 1))
    candidates = [c if r is None else r for c, r in zip(candidates, redrawn, strict=True)] + traced
    if candidates:
        return Proposed(candidates, False, sure_spots, faint_spots)
    candidates = find_candidates(image, CLOSE_UP_SIDE)
    seen = spot.spot_at(image, (CLOSE_UP_SPOT_SIDE,))
    traced, sure_spots, faint_spots = spotted(image, candidates, seen)
    candidates += traced
    return Proposed(candidates, bool(candidates), sure_spots, faint_spots)


def _sides_for(image: np.ndarray, seen: list[tuple[np.ndarray, float]]) -> tuple[int | None, ...]:
    """The FINDER_SIDES that suit the tiles the spotter sees (SPOTTED_PEAK or surer): a side
    where even the shortest of them is longer than FINDER_LONGEST working pixels is left out
    (a smaller look reads such tiles as well, and scaling a small photo up three times is
    the finder's slowest look). With no tile seen, every side."""
    lengths = [outline_length(c) for c, chance in seen if chance >= SPOTTED_PEAK]
    if not lengths:
        return FINDER_SIDES
    long_side = max(image.shape[:2])
    kept = tuple(
        side
        for side in FINDER_SIDES
        if min(lengths) * (side or WORK_SIDE) / long_side <= FINDER_LONGEST
    )
    return kept or FINDER_SIDES[-1:]


def spotted(
    image: np.ndarray, found: list[Candidate], seen: list[tuple[np.ndarray, float]]
) -> tuple[list[Candidate], list[np.ndarray], list[np.ndarray]]:
    """The tiles the spotter sees (``seen``: vision/spot.py spot_at, SPOTTED_PEAK or surer) that no
    outline in ``found`` covers (_covered, by the rough outline and again by the refined
    one), each rough outline refined onto its tile (vision/refine.py) and read (a tile it
    is sure of, read surely neither way round, as the learned counter reads it:
    _unsurely_read), and those it barely sees when read surely (_barely_seen); the middles
    of every tile the spotter is sure of (UNTRACED_PEAK); and the rough outlines of those
    it only half sees (SPOTTED_PEAK to UNTRACED_PEAK), surest first."""
    seen = sorted(seen, key=lambda s: -s[1])
    spots = [s for s in seen if s[1] >= SPOTTED_PEAK]
    todo = [s for s in spots if not _covered(s[0], found)]
    # the rough rectangle of a big tile may be far too big: judged again as refined
    refined = refine.refine(image, [corners for corners, _ in todo])
    left = [(s, o) for s, o in zip(todo, refined, strict=True) if not _covered(o, found)]
    every = read_all(image, [outline for _, outline in left])
    sure_reads = [_if_sure(c) for c in every]
    traced = _distinct(sure_reads, [], SAME_TILE)  # two peaks on one tile: the spotter looks twice
    unread = [
        (s, c) for (s, _), c, read in zip(left, every, sure_reads, strict=True) if read is None
    ]
    traced += _crosswise(image, [rough for (rough, _), _ in unread], found, traced)
    traced += _unsurely_read([c for (_, chance), c in unread if chance >= UNTRACED_PEAK], traced)
    traced += _like_neighbours(image, [rough for (rough, _), _ in unread], found, traced)
    traced += _barely_seen(image, [c for c, chance in seen if chance < SPOTTED_PEAK], found, traced)
    sure = [corners.mean(axis=0) for corners, chance in spots if chance >= UNTRACED_PEAK]
    faint = [corners for corners, chance in spots if chance < UNTRACED_PEAK]
    return traced, sure, faint


def _crosswise(
    image: np.ndarray, rough: list[np.ndarray], found: list[Candidate], traced: list[Candidate]
) -> list[Candidate]:
    """The spots whose outline was not read, outlined crosswise: in a block of tiles lying
    side by side, the spotter's ``rough`` outline may be turned a quarter round (two halves
    of two neighbours side by side look like one tile), and the refiner follows it. The
    outlines refined from the turned rough ones, read surely with pips, are proposed beside
    the others and the verifier chooses (_one_per_tile). A double blank read that way is
    left out: a face-down tile, outlined across, reads as one."""
    with_pips = _outlined(image, [_turned(r) for r in rough], found, lambda c: any(c.ends))
    return _distinct(with_pips, traced, SAME_OUTLINE)


def _like_neighbours(
    image: np.ndarray, rough: list[np.ndarray], found: list[Candidate], traced: list[Candidate]
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
        if any(_centred(middle, c.corners) for c in read):
            continue
        for i in np.argsort(np.linalg.norm(middles - middle, axis=1))[:NEIGHBOURS]:
            moved = np.float32(read[i].corners) - middles[i] + middle
            guesses += [moved, _turned(moved)]
            owners += [(middle, read[i].light_on_dark)] * 2
    outlines = refine.refine(image, guesses)
    nearest: dict[tuple[float, float], tuple[float, Candidate]] = {}
    for (middle, dark), guess, candidate in zip(
        owners, guesses, read_all(image, outlines), strict=True
    ):
        outline = candidate.corners
        if (
            candidate.light_on_dark != dark
            or not 1 / NEIGHBOUR_AREA <= _area(outline) / max(_area(guess), 1e-6) <= NEIGHBOUR_AREA
            or not (candidate.surely_read(model_alone=True) and any(candidate.ends))
            or not _centred(middle, outline)
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
    surely, proposed as the learned counter reads them where it gives both halves a chance
    of REFINED_SURE or more, with pips: pips of a colour the rule-based counter miscounts.
    The two counters disagree, so the tile is marked for the player to check."""
    wanted = [
        c for c in readings if min(h.learned for h in c.halves) >= REFINED_SURE and any(c.ends)
    ]
    return _distinct(wanted, traced, SAME_TILE)


def _barely_seen(
    image: np.ndarray, rough: list[np.ndarray], found: list[Candidate], traced: list[Candidate]
) -> list[Candidate]:
    """The tiles the spotter barely sees (under SPOTTED_PEAK) where no tile is read yet,
    each outlined (vision/refine.py) and kept when both its halves are read surely, by the
    learned and the rule-based counter alike, with pips: a tile in a block, or of colours
    the spotter learned little of, may be barely seen; a pattern on the table seldom reads
    so. Each is marked for the player to check ("hard to see"): where the spotter barely
    sees tiles, it may miss others altogether."""
    read = found + traced
    todo = [r for r in rough if not _covered(r, read)]
    sure = _outlined(image, todo, read, lambda c: c.surely_read() and any(c.ends))
    marked = [None if c is None else replace(c, barely_seen=True) for c in sure]
    return _distinct(marked, traced, SAME_TILE)


def _outlined(
    image: np.ndarray,
    rough: list[np.ndarray],
    found: list[Candidate],
    wanted: Callable[[Candidate], bool],
) -> list[Candidate | None]:
    """The ``rough`` outlines refined onto their tiles, less those ``found`` covers, each
    read (read_outlines) and kept when ``wanted`` (None where not)."""
    outlines = [o for o in refine.refine(image, rough) if not _covered(o, found)]
    return [c if c is not None and wanted(c) else None for c in read_outlines(image, outlines)]


def _distinct(
    readings: list[Candidate | None], beside: list[Candidate], most_shared: float
) -> list[Candidate]:
    """The outlines read (None: not read), each left out where it shares more than
    ``most_shared`` of its area with one of ``beside`` or one kept before it."""
    kept: list[Candidate] = []
    for candidate in readings:
        if candidate is not None and all(
            _shared(candidate.corners, c.corners) <= most_shared for c in beside + kept
        ):
            kept.append(candidate)
    return kept


def _turned(rough: np.ndarray) -> np.ndarray:
    """The outline turned a quarter round about its middle."""
    c = np.float32(rough)
    middle = c.mean(axis=0)
    return middle + (c - middle) @ np.float32([[0, 1], [-1, 0]])


def _covered(rough: np.ndarray, found: list[Candidate]) -> bool:
    """Whether an outline in ``found`` covers the middle of the spotter's ``rough`` outline,
    is big enough (COVERED_SHARE of it) to be that tile and is read surely: a little outline
    round a tile's divider or one of its pips, or an unsure one across two tiles or the
    whole table, leaves the tile still to be read."""
    least = COVERED_SHARE * _area(rough)
    middle = rough.mean(axis=0)
    return any(
        _inside(middle, c.corners) and _area(c.corners) >= least and c.surely_read() for c in found
    )


def _places(spots: list[np.ndarray], tiles: list[np.ndarray]) -> int:
    """At how many places the spotter's rough outlines ``spots`` see a tile where none of
    ``tiles`` is centred; a spot inside one counted already (the spotter looks twice) is the
    same place."""
    places: list[np.ndarray] = []
    for rough in spots:
        middle = rough.mean(axis=0)
        if not any(_centred(middle, t) for t in tiles) and not any(
            _inside(middle, p) for p in places
        ):
            places.append(rough)
    return len(places)


def _centred(point: np.ndarray, corners: np.ndarray) -> bool:
    """Whether ``point`` (a tile's middle, as the spotter sees it) is the outline's middle,
    give or take CENTRED of its length: an outline across two touching tiles has one of
    their middles inside it, each about a third of its length off its own middle."""
    c = np.float32(corners)
    off = float(np.linalg.norm(c.mean(axis=0) - point))
    return _inside(point, c) and off <= CENTRED * outline_length(c)


def read_outlines(image: np.ndarray, outlines: list[np.ndarray]) -> list[Candidate | None]:
    """Each refined outline read, when its halves are read surely, by the model alone if
    need be (Candidate.surely_read; None otherwise)."""
    return [_if_sure(c) for c in read_all(image, outlines)]


def _if_sure(candidate: Candidate) -> Candidate | None:
    return candidate if candidate.surely_read(model_alone=True) else None


def read_all(image: np.ndarray, outlines: list[np.ndarray]) -> list[Candidate]:
    """Each refined outline read. No divider was traced: the counted pips say how sure it
    is. A black tile is read on its negative, as the finder's are."""
    faces = [split_halves(image, outline) for outline in outlines]
    black = [
        float(np.median(cv2.cvtColor(np.vstack(pair), cv2.COLOR_BGR2GRAY))) < DARK for pair in faces
    ]
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


def _area(corners: np.ndarray) -> float:
    return abs(cv2.contourArea(np.float32(corners)))


def _inside(point: np.ndarray, corners: np.ndarray) -> bool:
    return cv2.pointPolygonTest(np.float32(corners), (float(point[0]), float(point[1])), False) >= 0


def _at_sides(image: np.ndarray, sides: tuple[int | None, ...]) -> list[Candidate]:
    return [c for side in sides for c in find_candidates(image, side)]


def _dark_share(image: np.ndarray) -> float:
    small = cv2.resize(image, (64, 48), interpolation=cv2.INTER_AREA)
    return float(np.mean(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) < DARK))


def _one_per_tile(believed: list[verify.Believed]) -> list[verify.Believed]:
    """Where outlines overlap (a tile found on the photo and on its negative, or one outline
    spanning two tiles), the one most believed and most cleanly read is kept; but a tile
    read surely takes the place of the little outlines inside it (_pieces_of)."""
    ranked = sorted(believed, key=lambda b: -b.belief * _confidence(b.candidate))
    kept: list[verify.Believed] = []
    for one in ranked:
        rivals = [_shared(one.candidate.corners, k.candidate.corners) > SAME_TILE for k in kept]
        clash = [k.candidate for k, rival in zip(kept, rivals, strict=True) if rival]
        if not clash:
            kept.append(one)
        elif _pieces_of(one.candidate, clash):
            kept = [k for k, rival in zip(kept, rivals, strict=True) if not rival] + [one]
    return kept


def _pieces_of(tile: Candidate, outlines: list[Candidate]) -> bool:
    """Whether ``outlines`` are all pieces of ``tile`` (each under PIECE_SHARE of its area:
    an outline round its divider, read as a blank double) and ``tile`` is read surely. A
    tile with pips read surely is no piece: an outline over a row of tiles, its halves on
    the gaps between them read as blanks, never takes their place."""
    whole = _area(tile.corners)
    return tile.surely_read(model_alone=True) and all(
        _area(o.corners) < PIECE_SHARE * whole and not (any(o.ends) and o.surely_read())
        for o in outlines
    )


def _shared(a: np.ndarray, b: np.ndarray) -> float:
    """The share of the smaller outline's area that the two outlines have in common."""
    smaller = min(_area(a), _area(b))
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
    if candidate.barely_seen:
        doubts += ("hard to see",)
    points = tuple((float(x), float(y)) for x, y in candidate.corners)
    return RecognisedTile(Tile(*candidate.ends), float(np.clip(confidence, 0, 1)), points, doubts)
