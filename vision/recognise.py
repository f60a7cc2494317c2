"""The recogniser: light -> find tiles -> split halves -> count pips -> verify -> doubt -> score.

light     vision/light.py: a dim photo brightened first, as a phone's camera would
find      vision/find.py, vision/outline.py, vision/slant.py: outlines round dividers;
          vision/spot.py: where a learned model sees tiles' middles, and
          vision/refine.py: a learned model's outlines round them and round the finder's;
          vision/spotted.py: the tiles seen there that the finder did not outline
halves    vision/halves.py: each outline's two halves as square patches
pips      vision/counter.py: the pips on each half, counted by a learned model
verify    vision/verify.py: a learned model throws out outlines that are not tiles;
          vision/rivals.py: one outline per tile where outlines overlap;
          vision/beside.py: tiles beside those kept that every look passed over
doubt     vision/scene.py: what the photo shows beside the tiles read (light, a busy table,
          tile face no tile explains); vision/doubt.py: ok, check or unreadable, with
          reasons a player understands
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.tiles import Tile
from vision import counter, doubt, light, refine, spot, tile_marks, verify
from vision.beside import beside
from vision.find import find_tiles, working_copy
from vision.halves import split_halves
from vision.reading import (
    Candidate,
    ReadingContext,
    RecognisedTile,
    Recognition,
)
from vision.rivals import one_per_tile
from vision.scene import Scene, look_at
from vision.shapes import (
    area,
    centred,
    covered,
    inside,
    outline_length,
    shared,
)
from vision.shrink import scaled_by, shrunk
from vision.slant import level, measure_slant, near_side, to_working
from vision.spotted import Outlining, read_outlines, spotted
from vision.thresholds import (
    BLOCK_SPOT,
    CLOSE_UP_SIDE,
    CLOSE_UP_SPOT_SIDE,
    DARK,
    DARK_SHARE,
    FAINT_MIN_CONFIDENCE,
    FAINT_PLACES,
    FINDER_LONGEST,
    FINDER_SIDES,
    LOW_CONFIDENCE,
    ON_BLOCK_READ,
    ON_TILES_READ,
    SAME_TILE,
    SPOT_SIDES,
    SPOTTED_PEAK,
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
    return judged(image, photo, believe(photo, set_max), context)


@dataclass(frozen=True)
class Sorted:
    """A photo's outlines sorted out: what was proposed, the tiles believed (one per tile)
    and the outlines thrown out."""

    proposed: Proposed
    believed: list[verify.Believed]
    thrown_out: list[Candidate]


def believe(photo: np.ndarray, set_max: int = 12) -> Sorted:
    """The tiles believed on a lit photo (light.lit) of a double-``set_max`` set, before any
    doubt."""
    proposed = propose(photo)
    candidates = proposed.candidates
    near_spots = [any(centred(m, c.corners) for m in proposed.sure_middles) for c in candidates]
    verified = verify.sort_out(photo, candidates, spotted=near_spots)
    believed = one_per_tile(verified, proposed.sure_middles, set_max)
    kept = {id(b.candidate) for b in verified}
    return Sorted(proposed, believed, [c for c in candidates if id(c) not in kept])


def judged(
    image: np.ndarray, photo: np.ndarray, found: Sorted, context: ReadingContext
) -> Recognition:
    """The reading of the tiles ``found`` on ``photo`` (``image`` lit), judged: a tile may
    be missing where the scene says so, and is looked for beside the tiles first."""
    believed = list(found.believed)
    scene = _scene(image, found.proposed, believed, found.thrown_out)
    if scene.unexplained or scene.face_table:  # a tile may be missing: looked for beside
        more = beside(photo, believed, Outlining(photo))
        if more:
            believed += more
            scene = _scene(image, found.proposed, believed, found.thrown_out)
    tiles = [_tile(c, context.set_max) for c in believed]
    tiles = tile_marks.mark_unlike_halves(image, tiles)
    tiles = tile_marks.mark_blank_without_divider(image, tiles)
    tiles = tile_marks.mark_rimless(image, tiles)
    tiles = tile_marks.mark_glared(image, tiles)
    tiles.sort(key=lambda t: (round(t.corners[0][1] / 50), t.corners[0][0]))
    return doubt.judge(tiles, scene, context, close_up=found.proposed.close_up)


def _scene(
    image: np.ndarray,
    proposed: Proposed,
    believed: list[verify.Believed],
    thrown_out: list[Candidate],
) -> Scene:
    """The photo round the tiles believed, with the tiles the spotter is sure of that none
    of them explains, and the places it half sees none is read at; and where the sure ones
    lie, to be shown to the player when a tile may be missing (where nothing is read at
    all, every place it sees something: a half-seen place beside tiles read is mostly a
    pattern on the cloth)."""
    corners = [c.candidate.corners for c in believed]
    unread = _places(proposed.sure_spots, corners)
    glimpses = _places(proposed.faint_spots, corners)
    missed = len(unread) + max(
        len(glimpses) >= FAINT_PLACES, _read_unbelieved(glimpses, thrown_out, corners)
    )
    if not corners:
        unread += glimpses
    # the scene as taken: "too dark" is the room's, and the busy measure was set on such
    return look_at(
        image,
        corners,
        thrown_out=len(thrown_out),
        missed=missed,
        glimpsed=len(glimpses),
        unread_at=_places(unread, []),
    )


def _read_unbelieved(
    glimpses: list[np.ndarray], thrown_out: list[Candidate], tiles: list[np.ndarray]
) -> int:
    """How many of the places the spotter half sees (``glimpses``) hold an outline the
    verifier threw out that was read surely with pips and is no other tile read (``tiles``:
    none shares more than SAME_TILE of it; an outline across two touching tiles reads
    surely too): a tile in an odd light the verifier doubts may be such, and a hand read
    without it must not be called right."""
    read = [
        c.corners
        for c in thrown_out
        if any(c.ends)
        and c.surely_read(model_alone=True)
        and all(shared(c.corners, t) <= SAME_TILE for t in tiles)
    ]
    return sum(any(centred(g.mean(axis=0), r) for r in read) for g in glimpses)


@dataclass(frozen=True)
class Proposed:
    """What the finder and the spotter propose for one photo."""

    candidates: list[Candidate]
    close_up: bool  # only the close-up look found any
    sure_spots: list[np.ndarray] = field(default_factory=list)
    """Rough outlines of the tiles the spotter is sure of (UNTRACED_PEAK): where the tiles
    read leave room for one (_places), a tile may be missing."""
    faint_spots: list[np.ndarray] = field(default_factory=list)
    """Rough outlines of the tiles the spotter half sees (SPOTTED_PEAK to UNTRACED_PEAK),
    surest first: where no tile is read at FAINT_PLACES of them, tiles may be missing.
    Where nothing is read at all, every peak it has (SPOT_ABOVE or surer)."""

    @property
    def sure_middles(self) -> list[np.ndarray]:
        return [rough.mean(axis=0) for rough in self.sure_spots]


def propose(image: np.ndarray, sides: tuple[int | None, ...] | None = None) -> Proposed:
    """Every outline. The spotter's peaks are outlined first, and when they read the photo
    well enough (_spotter_enough) the finder does not look. ``sides``: the working sizes
    the finder looks at (None: WORK_SIDE), and then it always looks; the negative
    too, at the first of them, when the photo is dark. Not given, they are the FINDER_SIDES
    that suit the tiles the spotter sees (_sides_for). Each outline the finder traces is
    refined (vision/refine.py) and read again, and the refined one is proposed instead when
    its halves are read surely: the finder's outlines are often a little off or short, and a
    half cut askew is miscounted."""
    looks, outlining = spot.Looks(image), Outlining(image)
    if sides is None:  # the quick look first: enough where its tiles read the photo alone
        alone = _spotter_alone(outlining, looks.spot_at(SPOT_SIDES, quick=True))
        if alone is not None:
            return alone
    seen = looks.spot_at(SPOT_SIDES)
    sides = _sides_for(image, seen) if sides is None else sides
    candidates = _at_sides(image, sides)
    if _dark_share(image) > DARK_SHARE:  # black tiles; the usual size alone reads as many
        negative = _at_sides(cv2.bitwise_not(image), sides[:1])
        candidates += [replace(c, light_on_dark=True) for c in negative]
    traced, sure_spots, faint_spots = spotted(outlining, candidates, seen)
    redrawn = read_outlines(image, refine.refine(image, [c.corners for c in candidates], 1))
    candidates = [c if r is None else r for c, r in zip(candidates, redrawn, strict=True)] + traced
    if candidates:
        return Proposed(candidates, False, sure_spots, faint_spots)
    candidates = find_candidates(image, CLOSE_UP_SIDE)
    close = looks.spot_at((CLOSE_UP_SPOT_SIDE,))
    traced, close_sure, close_faint = spotted(outlining, candidates, close)
    candidates += traced
    if candidates:
        return Proposed(candidates, True, close_sure, close_faint)
    # nothing read at any size: every peak of every look, a barely seen one too, is a place
    # where a tile may lie, and the reading must not offer the hand as empty (doubt.judge)
    glimpses = [corners for corners, _ in seen + close]
    return Proposed([], False, sure_spots + close_sure, glimpses)


def _spotter_alone(outlining: Outlining, seen: list[tuple[np.ndarray, float]]) -> Proposed | None:
    """The tiles outlined round the spotter's peaks alone, when they read the photo well
    enough (_spotter_enough; None otherwise). Each peak is outlined as it is first: where
    that leaves one unread, the finder must look, and the further looks are spared."""
    spots = [corners for corners, chance in seen if chance >= SPOTTED_PEAK]
    if not _spotter_enough(seen, [c for c in outlining(spots) if c.surely_read()]):
        return None
    traced, sure_spots, faint_spots = spotted(outlining, [], seen)
    if not _spotter_enough(seen, traced):
        return None
    return Proposed(traced, False, sure_spots, faint_spots)


def _spotter_enough(seen: list[tuple[np.ndarray, float]], traced: list[Candidate]) -> bool:
    """Whether the tiles outlined round the spotter's peaks alone (``traced``) read the photo
    well enough that the finder need not look: some are read, each surely by both counters
    and none where the spotter barely sees a tile, and every tile the spotter sees
    (SPOTTED_PEAK or surer) is among them. The finder is the slowest stage, and where the
    spotter reads every tile it sees, the finder adds little; where it does not (a tile it
    half sees where two touch, pips it reads unsurely), the finder looks and the spotter's
    outlines are made again round what it found. A tile the spotter does not see at all is
    left to the doubt rules either way (a patch of a tile's face where none is read)."""
    return (
        bool(traced)
        and all(c.surely_read() and not c.barely_seen for c in traced)
        and all(
            any(centred(corners.mean(axis=0), c.corners) for c in traced)
            for corners, chance in seen
            if chance >= SPOTTED_PEAK
        )
    )


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


def _places(spots: list[np.ndarray], tiles: list[np.ndarray]) -> list[np.ndarray]:
    """The places the spotter's rough outlines ``spots`` see a tile where the ``tiles`` read
    leave room for one, each a rough outline: none of them is centred on it, and they cover
    less than ON_TILES_READ of it (a tile lies on the table, not on other tiles: a spot
    lying on tiles read is two of them seen as one between them), nor ON_BLOCK_READ of a
    spot over BLOCK_SPOT tiles' area (a block of them seen as one). A spot inside one taken
    already (the spotter looks twice) is the same place."""
    places: list[np.ndarray] = []
    tile_area = float(np.median([area(t) for t in tiles])) if tiles else 0.0
    for rough in spots:
        middle = rough.mean(axis=0)
        block = area(rough) > BLOCK_SPOT * tile_area  # the spotter saw a block as one tile
        on_tiles = ON_BLOCK_READ if block else ON_TILES_READ
        if any(centred(middle, t) for t in tiles) or covered(rough, tiles) >= on_tiles:
            continue
        if not any(inside(middle, p) for p in places):
            places.append(rough)
    return places


def _at_sides(image: np.ndarray, sides: tuple[int | None, ...]) -> list[Candidate]:
    return [c for side in sides for c in find_candidates(image, side)]


def _dark_share(image: np.ndarray) -> float:
    small = shrunk(image, (64, 48))
    return float(np.mean(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) < DARK))


def find_candidates(image: np.ndarray, work_side: int | None = None) -> list[Candidate]:
    """Every outline round a divider, its halves counted (stages find, halves, pips)."""
    if work_side is None:
        work, scale = working_copy(image)
    else:
        scale = work_side / max(image.shape[:2])
        work = scaled_by(image, scale)
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
        if candidate.faint and candidate.confidence < FAINT_MIN_CONFIDENCE:
            continue  # a faint bar with no clean pips beside it: wood grain, not a tile
        found.append(candidate)
    return found


def _tile(believed: verify.Believed, set_max: int) -> RecognisedTile:
    candidate = believed.candidate
    confidence = candidate.confidence * believed.belief
    if max(candidate.ends) > set_max:
        confidence = min(confidence, 0.3)
    doubts = ("hard to count",) if confidence < LOW_CONFIDENCE else ()
    if candidate.barely_seen:
        doubts += ("hard to see",)
    points = tuple((float(x), float(y)) for x, y in candidate.corners)
    return RecognisedTile(
        Tile(*candidate.ends),
        float(np.clip(confidence, 0, 1)),
        points,
        doubts,
        candidate.pips_sure,
        max(half.pip_area for half in candidate.halves),
    )
