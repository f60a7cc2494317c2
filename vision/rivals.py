"""One outline per tile: where the outlines believed overlap (a tile found on the photo and
on its negative, an outline spanning two tiles, a little outline round a divider inside a
tile), which of them stands for the tile.
"""

from __future__ import annotations

import numpy as np

from vision import verify
from vision.reading import Candidate
from vision.shapes import area, centred, half_middles, inside, outline_width, shared
from vision.thresholds import ONE_SPOT, PIECE_SHARE, SAME_TILE, STRADDLED_AREA


def one_per_tile(
    believed: list[verify.Believed],
    sure_spots: list[np.ndarray] | None = None,
    set_max: int | None = None,
) -> list[verify.Believed]:
    """Where outlines overlap (a tile found on the photo and on its negative, or one outline
    spanning two tiles), one read as a tile of the double-``set_max`` set in play (when
    known) comes before one read as no tile of it: a half counted 14 in a double-twelve set
    is miscounted, and a rival outline may read it right. Then one the verifier has no
    doubt of (SURE_ABOVE) and the spotter sees a tile at the middle of (``sure_spots``: the
    middles of the tiles it is sure of) is kept first, then the one most believed and most
    cleanly read; but a tile read surely takes the place of the little outlines inside it
    (_pieces_of). An outline across two touching tiles, a half of each, is often read as
    surely as they are, and where such outlines chain along a row no two free tiles are
    left to take their place (_straddlers_split); the spotter sees the tiles' middles, not
    the gap between them.
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
            set_max is not None and max(b.candidate.ends) > set_max,
            not _believed_and_spotted(b, spots),
            -b.belief * b.candidate.confidence,
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
    return _straddlers_split(kept, ranked)


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
    kept: list[verify.Believed], ranked: list[verify.Believed]
) -> list[verify.Believed]:
    """Each kept outline that straddles two touching tiles, replaced by them. The gap between
    two tiles end to end looks like a divider, and two halves of tiles side by side like a
    tile turned across them: an outline so drawn (one tile's half and the other's) may be
    read surely and believed, and rank first. Where two outlines of its size, read surely,
    hold its two halves, and overlap neither each other nor another kept tile
    (_tiles_straddled), they are the tiles: the first such pair in ``ranked`` order (as
    one_per_tile ranks them), so that of two outlines of one tile the surer read stands."""
    for straddler in kept:
        tiles = _tiles_straddled(straddler, kept, ranked)
        if tiles:
            rest = [k for k in kept if k is not straddler]
            return _straddlers_split(rest + tiles, ranked)
    return kept


def _tiles_straddled(
    straddler: verify.Believed, kept: list[verify.Believed], ranked: list[verify.Believed]
) -> list[verify.Believed]:
    """The two outlines ``straddler`` straddles (see _straddlers_split), or none."""
    outline = straddler.candidate.corners
    whole = max(area(outline), 1.0)
    others = [k.candidate.corners for k in kept if k is not straddler]
    rivals = [
        b
        for b in ranked
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
    the gaps between them read as blanks, never takes their place. Unless ``tile`` has pips
    and is seen as one tile (``seen_as_one``: _seen_as_one): a brass spinner, or a lamp's
    glare, cuts a big tile's divider in two, and the finder may outline a little tile across
    each piece, the pips beside the divider read surely as its halves."""
    whole = area(tile.corners)
    return tile.surely_read(model_alone=True) and all(
        area(o.corners) < PIECE_SHARE * whole
        and ((seen_as_one and any(tile.ends)) or not (any(o.ends) and o.surely_read()))
        for o in outlines
    )


def _believed_and_spotted(one: verify.Believed, sure_spots: list[np.ndarray]) -> bool:
    """Whether the verifier has no doubt of the outline (SURE_ABOVE) and the spotter is sure
    of a tile at its middle (centred)."""
    corners = one.candidate.corners
    return one.sure and any(centred(m, corners) for m in sure_spots)


def _seen_as_one(one: verify.Believed, sure_spots: list[np.ndarray]) -> bool:
    """Whether the verifier has no doubt of the outline (SURE_ABOVE) and the spotter sees no
    more than one tile in it: no sure spot lies in it ONE_SPOT of its width off its middle
    or further. Over a row of tiles the spotter is sure of each; it may be sure of none
    where a lamp glares on a tile's face."""
    c = one.candidate.corners
    middle, reach = c.mean(axis=0), ONE_SPOT * outline_width(c)
    return one.sure and all(
        float(np.linalg.norm(m - middle)) < reach for m in sure_spots if inside(m, c)
    )
