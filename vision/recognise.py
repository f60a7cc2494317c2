"""The recogniser: light -> find tiles -> split halves -> count pips -> verify -> doubt -> score.

light     vision/light.py: a dim photo brightened first, as a phone's camera would
find      vision/find.py, vision/outline.py, vision/slant.py: outlines round dividers;
          vision/spot.py: where a learned model sees tiles' middles, and
          vision/refine.py: a learned model's outlines round them and round the finder's;
          vision/spotted.py: the tiles seen there that the finder did not outline
halves    vision/halves.py: each outline's two halves as square patches
pips      vision/counter.py: the pips on each half, counted by a learned model
verify    vision/verify.py: a learned model throws out outlines that are not tiles;
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
from vision import counter, doubt, light, refine, spot, verify
from vision.beside import beside
from vision.find import find_tiles, working_copy
from vision.halves import split_halves
from vision.reading import (
    Candidate,
    ReadingContext,
    RecognisedTile,
    Recognition,
)
from vision.scene import Scene, look_at
from vision.shapes import (
    area,
    centred,
    half_middles,
    inside,
    outline_length,
    outline_width,
    shared,
)
from vision.shrink import scaled_by, shrunk
from vision.slant import level, measure_slant, near_side, to_working
from vision.spotted import Outlining, read_outlines, spotted
from vision.thresholds import (
    CLOSE_UP_SIDE,
    CLOSE_UP_SPOT_SIDE,
    DARK,
    DARK_SHARE,
    FAINT_MIN_CONFIDENCE,
    FAINT_PLACES,
    FINDER_LONGEST,
    FINDER_SIDES,
    LOW_CONFIDENCE,
    ONE_SPOT,
    PIECE_SHARE,
    SAME_TILE,
    SPOT_SIDES,
    SPOTTED_PEAK,
    STRADDLED_AREA,
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
    return judged(image, photo, believe(photo), context)


@dataclass(frozen=True)
class Sorted:
    """A photo's outlines sorted out: what was proposed, the tiles believed (one per tile)
    and the outlines thrown out."""

    proposed: Proposed
    believed: list[verify.Believed]
    thrown_out: list[Candidate]


def believe(photo: np.ndarray) -> Sorted:
    """The tiles believed on a lit photo (light.lit), before any doubt."""
    proposed = propose(photo)
    candidates = proposed.candidates
    near_spots = [any(centred(m, c.corners) for m in proposed.sure_middles) for c in candidates]
    verified = verify.sort_out(photo, candidates, spotted=near_spots)
    believed = _one_per_tile(verified, proposed.sure_middles)
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
    tiles = doubt.mark_unlike_halves(image, tiles)
    tiles = doubt.mark_rimless(image, tiles)
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
    unread = [
        s for s in proposed.sure_spots if not any(centred(s.mean(axis=0), c) for c in corners)
    ]
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
    """Rough outlines of the tiles the spotter is sure of (UNTRACED_PEAK): where no tile is
    read at one's middle, a tile may be missing."""
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
    seen = spot.spot_at(image, SPOT_SIDES)
    outlining = Outlining(image)
    alone = _spotter_alone(outlining, seen) if sides is None else None
    if alone is not None:
        return alone
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
    close = spot.spot_at(image, (CLOSE_UP_SPOT_SIDE,))
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
    """The places the spotter's rough outlines ``spots`` see a tile where none of ``tiles``
    is centred, each a rough outline; a spot inside one taken already (the spotter looks
    twice) is the same place."""
    places: list[np.ndarray] = []
    for rough in spots:
        middle = rough.mean(axis=0)
        if not any(centred(middle, t) for t in tiles) and not any(
            inside(middle, p) for p in places
        ):
            places.append(rough)
    return places


def _at_sides(image: np.ndarray, sides: tuple[int | None, ...]) -> list[Candidate]:
    return [c for side in sides for c in find_candidates(image, side)]


def _dark_share(image: np.ndarray) -> float:
    small = shrunk(image, (64, 48))
    return float(np.mean(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) < DARK))


def _one_per_tile(
    believed: list[verify.Believed], sure_spots: list[np.ndarray] | None = None
) -> list[verify.Believed]:
    """Where outlines overlap (a tile found on the photo and on its negative, or one outline
    spanning two tiles), one the verifier has no doubt of (SURE_ABOVE) and the spotter sees
    a tile at the middle of (``sure_spots``: the middles of the tiles it is sure of) is
    kept first, then the one most believed and most cleanly read; but a tile read surely
    takes the place of the little outlines inside it (_pieces_of). An outline across two
    touching tiles, a half of each, is often read as surely as they are, and where such
    outlines chain along a row no two free tiles are left to take their place
    (_straddlers_split); the spotter sees the tiles' middles, not the gap between them.
    The verifier's doubt still counts: the spotter may see a pair of tiles as one, and an
    outline round both is no tile. Of outlines as believed and as cleanly read (often a
    tile the two counters disagree on, capped alike), the one nearest the photo's typical
    tile in size comes first (_size_misfit): the refiner may draw a tile short, as a 9|9
    inside a 9|12, and read it as surely as the whole."""
    spots = sure_spots or []
    typical = _typical_area(believed)
    ranked = sorted(
        believed,
        key=lambda b: (
            not _believed_and_spotted(b, spots),
            -b.belief * _confidence(b.candidate),
            _size_misfit(b.candidate, typical),
        ),
    )
    kept: list[verify.Believed] = []
    for one in ranked:
        rivals = [shared(one.candidate.corners, k.candidate.corners) > SAME_TILE for k in kept]
        clash = [k.candidate for k, rival in zip(kept, rivals, strict=True) if rival]
        if not clash:
            kept.append(one)
        elif _pieces_of(one.candidate, clash, _seen_as_one(one, spots)):
            kept = [k for k, rival in zip(kept, rivals, strict=True) if not rival] + [one]
    return _straddlers_split(kept, believed)


def _typical_area(believed: list[verify.Believed]) -> float | None:
    """The median area of the outlines whose halves are both read surely (None: none is)."""
    areas = [area(b.candidate.corners) for b in believed if b.candidate.surely_read()]
    return float(np.median(areas)) if areas else None


def _size_misfit(candidate: Candidate, typical: float | None) -> float:
    """How far the outline's area is from the typical tile's, as a ratio either way (0:
    alike, or no typical tile)."""
    if typical is None:
        return 0.0
    return abs(float(np.log(max(area(candidate.corners), 1.0) / typical)))


def _straddlers_split(
    kept: list[verify.Believed], believed: list[verify.Believed]
) -> list[verify.Believed]:
    """Each kept outline that straddles two touching tiles, replaced by them. The gap between
    two tiles end to end looks like a divider, and two halves of tiles side by side like a
    tile turned across them: an outline so drawn (one tile's half and the other's) may be
    read surely and believed, and rank first. Where two outlines of its size, read surely,
    hold its two halves, and overlap neither each other nor another kept tile
    (_tiles_straddled), they are the tiles."""
    for straddler in kept:
        tiles = _tiles_straddled(straddler, kept, believed)
        if tiles:
            rest = [k for k in kept if k is not straddler]
            return _straddlers_split(rest + tiles, believed)
    return kept


def _tiles_straddled(
    straddler: verify.Believed, kept: list[verify.Believed], believed: list[verify.Believed]
) -> list[verify.Believed]:
    """The two outlines ``straddler`` straddles (see _straddlers_split), or none."""
    outline = straddler.candidate.corners
    whole = max(area(outline), 1.0)
    others = [k.candidate.corners for k in kept if k is not straddler]
    rivals = [
        b
        for b in believed
        if not any(b is k for k in kept)
        and b.candidate.surely_read(model_alone=True)
        and 1 / STRADDLED_AREA <= area(b.candidate.corners) / whole <= STRADDLED_AREA
        and shared(b.candidate.corners, outline) > SAME_TILE
        and not any(shared(b.candidate.corners, o) > SAME_TILE for o in others)
    ]
    one, other = half_middles(outline)
    for i, first in enumerate(rivals):
        for second in rivals[i + 1 :]:
            a, b = first.candidate.corners, second.candidate.corners
            if shared(a, b) <= SAME_TILE and (
                (inside(one, a) and inside(other, b)) or (inside(other, a) and inside(one, b))
            ):
                return [first, second]
    return []


def _pieces_of(tile: Candidate, outlines: list[Candidate], seen_as_one: bool = False) -> bool:
    """Whether ``outlines`` are all pieces of ``tile`` (each under PIECE_SHARE of its area:
    an outline round its divider, read as a blank double) and ``tile`` is read surely. A
    tile with pips read surely is no piece: an outline over a row of tiles, its halves on
    the gaps between them read as blanks, never takes their place. Unless the spotter sees
    one tile there (``seen_as_one``: _seen_as_one): a brass spinner cuts a big tile's
    divider in two, and the finder may outline a little tile across each piece, the pips
    beside the divider read surely as its halves."""
    whole = area(tile.corners)
    return tile.surely_read(model_alone=True) and all(
        area(o.corners) < PIECE_SHARE * whole
        and (seen_as_one or not (any(o.ends) and o.surely_read()))
        for o in outlines
    )


def _believed_and_spotted(one: verify.Believed, sure_spots: list[np.ndarray]) -> bool:
    """Whether the verifier has no doubt of the outline (SURE_ABOVE) and the spotter is sure
    of a tile at its middle (centred)."""
    corners = one.candidate.corners
    return one.sure and any(centred(m, corners) for m in sure_spots)


def _seen_as_one(one: verify.Believed, sure_spots: list[np.ndarray]) -> bool:
    """Whether the outline is believed and spotted (_believed_and_spotted) as one tile: no
    other sure spot lies in it ONE_SPOT of its width off its middle or further. Over a row
    of tiles the spotter is sure of each."""
    c = one.candidate.corners
    middle, reach = c.mean(axis=0), ONE_SPOT * outline_width(c)
    return _believed_and_spotted(one, sure_spots) and all(
        float(np.linalg.norm(m - middle)) < reach for m in sure_spots if inside(m, c)
    )


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
        if candidate.faint and _confidence(candidate) < FAINT_MIN_CONFIDENCE:
            continue  # a faint bar with no clean pips beside it: wood grain, not a tile
        found.append(candidate)
    return found


def _pips_sure(candidate: Candidate) -> float:
    """How sure the count of its less sure half is."""
    return min(half.confidence for half in candidate.halves)


def _confidence(candidate: Candidate) -> float:
    return _pips_sure(candidate) * min(1.0, candidate.divider_contrast / 60)


def _tile(believed: verify.Believed, set_max: int) -> RecognisedTile:
    candidate = believed.candidate
    confidence = _confidence(candidate) * believed.belief
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
        _pips_sure(candidate),
    )
