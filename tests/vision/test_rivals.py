"""One outline per tile (vision/rivals.py one_per_tile): where outlines overlap, which
is kept, as rivals laid by hand."""

from dataclasses import replace

import numpy as np

from vision.reading import Candidate, HalfReading
from vision.rivals import one_per_tile
from vision.verify import Believed


def _outline(
    ends: tuple[int, int],
    sure: float | tuple[float, float] = 0.95,
    x: float = 0.0,
    y: float = 0.0,
    w: float = 100.0,
    h: float = 200.0,
) -> Candidate:
    """A ``w`` x ``h`` outline at (``x``, ``y``) read as ``ends``, each half as ``sure``
    (one figure for both, or one each)."""
    corners = np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    each = sure if isinstance(sure, tuple) else (sure, sure)
    halves = tuple(HalfReading(pips, s, 60.0) for pips, s in zip(ends, each, strict=True))
    return Candidate(corners, halves, divider_contrast=60.0, faint=False)


def test_an_outline_round_a_tiles_divider_alone_gives_way_to_the_tile():
    """A close-up on a busy cloth: the finder outlined only a big 3|10's divider and read it
    as 0|0 more cleanly than the spotter's tile, whose ten the rules miscount. The tile is
    kept, not the blank double; a rival as big as a half still wins on its reading."""
    tile = Candidate(
        np.float32([[0, 0], [100, 0], [100, 200], [0, 200]]),
        (HalfReading(3, 0.96, 60.0), HalfReading(10, 0.5, 60.0, agreed=False, learned=0.95)),
        divider_contrast=60.0,
        faint=False,
    )
    divider = Candidate(
        np.float32([[40, 88], [60, 88], [60, 112], [40, 112]]),
        (HalfReading(0, 0.6, 20.0), HalfReading(0, 0.6, 20.0)),
        divider_contrast=60.0,
        faint=False,
    )
    kept = one_per_tile([Believed(tile, 1.0), Believed(divider, 0.9)])
    assert [k.candidate.ends for k in kept] == [(3, 10)]
    half = replace(divider, corners=np.float32([[0, 0], [100, 0], [100, 100], [0, 100]]))
    kept = one_per_tile([Believed(tile, 1.0), Believed(half, 0.9)])
    assert [k.candidate.ends for k in kept] == [(0, 0)]


def test_an_outline_over_a_row_of_tiles_never_takes_their_place():
    """An outline drawn over three touching tiles, its halves on the gaps between them, is
    read as a blank double the learned counter is sure of; the tiles, read surely with their
    pips, are small beside it but are no pieces of it."""

    def tile(x: float, ends: tuple[int, int], sure: float) -> Candidate:
        corners = np.float32([[x, 0], [x + 100, 0], [x + 100, 200], [x, 200]])
        halves = tuple(HalfReading(pips, sure, 60.0, learned=sure) for pips in ends)
        return Candidate(corners, halves, divider_contrast=60.0, faint=False)

    row = [tile(0, (10, 13), 0.9), tile(100, (5, 12), 0.9), tile(200, (1, 10), 0.5)]
    over = Candidate(
        np.float32([[-20, -150], [320, -150], [320, 350], [-20, 350]]),
        (HalfReading(0, 0.5, 20.0, learned=0.995), HalfReading(0, 0.5, 20.0, learned=0.995)),
        divider_contrast=60.0,
        faint=False,
    )
    kept = one_per_tile([Believed(t, 1.0) for t in row] + [Believed(over, 0.9)])
    assert sorted(k.candidate.ends for k in kept) == [(1, 10), (5, 12), (10, 13)]


def test_little_tiles_across_a_spinner_give_way_to_the_tile_the_spotter_sees():
    """A brass spinner cuts a big 4|8's divider in two, and the finder outlines a little tile
    across each piece, the pips beside the divider read surely as a 1|1. Where the spotter
    is sure of one tile there, or of none (a lamp's glare on the face), the 4|8 is kept,
    not the two 1|1s; over a row of tiles, where it is sure of each, the tiles stand, and
    so they do beside a double blank."""
    tile = Candidate(
        np.float32([[0, 0], [100, 0], [100, 200], [0, 200]]),
        (HalfReading(4, 0.95, 60.0), HalfReading(8, 0.9, 60.0)),
        divider_contrast=60.0,
        faint=False,
    )
    one = (HalfReading(1, 0.98, 60.0), HalfReading(1, 0.98, 60.0))
    left = Candidate(
        np.float32([[5, 55], [50, 55], [50, 145], [5, 145]]),
        one,
        divider_contrast=60.0,
        faint=False,
    )
    right = replace(left, corners=left.corners + np.float32([45, 0]))
    believed = [Believed(left, 1.0), Believed(right, 1.0), Believed(tile, 1.0)]
    kept = one_per_tile(believed, [np.float32([50, 100])])
    assert [k.candidate.ends for k in kept] == [(4, 8)]
    assert [k.candidate.ends for k in one_per_tile(believed, [])] == [(4, 8)]
    blank = replace(tile, halves=(HalfReading(0, 0.95, 60.0), HalfReading(0, 0.9, 60.0)))
    believed_blank = [Believed(left, 1.0), Believed(right, 1.0), Believed(blank, 1.0)]
    kept = one_per_tile(believed_blank, [np.float32([50, 100])])
    assert sorted(k.candidate.ends for k in kept) == [(1, 1), (1, 1)]
    beside = [np.float32([50, 100]), np.float32([-50, 100]), np.float32([150, 100])]
    wide = replace(tile, corners=np.float32([[-100, 0], [200, 0], [200, 200], [-100, 200]]))
    believed = [Believed(left, 1.0), Believed(right, 1.0), Believed(wide, 1.0)]
    assert sorted(k.candidate.ends for k in one_per_tile(believed, beside)) == [(1, 1), (1, 1)]
    # an outline the verifier doubts (round a pair of tiles the spotter saw as one) is no tile
    believed = [Believed(left, 1.0), Believed(right, 1.0), Believed(tile, 0.02)]
    kept = one_per_tile(believed, [np.float32([50, 100])])
    assert sorted(k.candidate.ends for k in kept) == [(1, 1), (1, 1)]


def test_of_two_outlines_of_a_tile_as_sure_the_one_of_a_tiles_size_is_kept():
    """A 9|12 the refiner also drew short, as a 9|9 over two thirds of it: both believed,
    both with a half the two counters disagree on (capped alike), the short one proposed
    first. Beside tiles read surely at the 9|12's size, the 9|12 is kept; with nothing to
    tell a tile's size by, the first proposed stands."""

    short, whole = _outline((9, 9), (0.95, 0.5), h=140), _outline((9, 12), (0.95, 0.5))
    beside = [Believed(_outline((2, 3), x=x), 1.0) for x in (300, 450)]
    kept = one_per_tile([Believed(short, 1.0), Believed(whole, 1.0), *beside])
    assert sorted(k.candidate.ends for k in kept) == [(2, 3), (2, 3), (9, 12)]
    kept = one_per_tile([Believed(short, 1.0), Believed(whole, 1.0)])
    assert [k.candidate.ends for k in kept] == [(9, 9)]


def test_a_tile_the_spotter_sees_comes_before_an_outline_across_two_tiles():
    """Three tiles end to end, and two outlines each across the halves of two of them, read
    as surely and believed as much as the tiles: the spotter sees the tiles' middles, so
    the tiles are kept, not the outlines across them. Without the spotter the first
    outlines found stand."""

    across = [_outline((4, 3), y=100), _outline((5, 1), y=300)]
    tiles = [_outline((3, 3)), _outline((1, 4), y=200), _outline((3, 5), y=400)]
    believed = [Believed(c, 1.0) for c in across + tiles]
    middles = [np.float32([50, 100 + 200 * i]) for i in range(3)]
    kept = one_per_tile(believed, middles)
    assert sorted(k.candidate.ends for k in kept) == [(1, 4), (3, 3), (3, 5)]
    assert [k.candidate.ends for k in one_per_tile(believed, [])][:2] == [(4, 3), (5, 1)]
    # the verifier's doubt still counts: tiles it doubts do not come first
    doubted = [Believed(c, 1.0) for c in across] + [Believed(c, 0.3) for c in tiles]
    assert [k.candidate.ends for k in one_per_tile(doubted, middles)][:2] == [(4, 3), (5, 1)]


def test_an_outline_straddling_two_touching_tiles_gives_way_to_them():
    """Two tiles end to end, or side by side: the gap between them looks like a divider, and
    an outline round it (one tile's half and the other's) is read as surely as they are and
    ranks first. The two tiles are kept in its place, so 9|1 beside 3|2 scores 15, not the
    1|3 across the gap; two outlines that are no tiles beside it change nothing."""

    end_to_end = [_outline((9, 1), 0.9), _outline((3, 2), 0.9, y=200)]
    gap = _outline((1, 3), 0.99, y=100)
    kept = one_per_tile([Believed(gap, 1.0)] + [Believed(t, 1.0) for t in end_to_end])
    assert sorted(k.candidate.ends for k in kept) == [(3, 2), (9, 1)]

    side_by_side = [
        _outline((11, 9), 0.9, w=200, h=100),
        _outline((7, 3), 0.9, y=100, w=200, h=100),
    ]
    across = _outline((9, 3), 0.99, x=50)
    kept = one_per_tile([Believed(across, 1.0)] + [Believed(t, 1.0) for t in side_by_side])
    assert sorted(k.candidate.ends for k in kept) == [(7, 3), (11, 9)]

    unsure = [replace(t, halves=(HalfReading(4, 0.3, 60.0, learned=0.3),) * 2) for t in end_to_end]
    kept = one_per_tile([Believed(gap, 1.0)] + [Believed(t, 1.0) for t in unsure])
    assert [k.candidate.ends for k in kept] == [(1, 3)]
    pieces = [_outline((1, 1), 0.9, y=110, h=70), _outline((2, 2), 0.9, y=220, h=70)]
    kept = one_per_tile([Believed(gap, 1.0)] + [Believed(t, 1.0) for t in pieces])
    assert [k.candidate.ends for k in kept] == [(1, 3)]


def test_where_a_straddler_gives_way_the_surer_read_of_a_tile_takes_its_place():
    """Two outlines round the upper of two tiles end to end, one read 9|5 surely and one
    read 8|5 less surely (a pip of the nine missed), and an outline across the gap between
    the tiles ranking first: the 9|5 and the 3|2 take its place, whichever way round the
    outlines were proposed (rendered table 1300073 read a 1|13 as 1|11 so)."""

    gap = _outline((5, 3), 0.99, y=100)
    upper = [_outline((8, 5), 0.9), _outline((9, 5), 0.95, x=2, y=2)]
    lower = _outline((3, 2), 0.9, y=200)
    for proposed in (upper, upper[::-1]):
        kept = one_per_tile([Believed(c, 1.0) for c in (gap, *proposed, lower)])
        assert sorted(k.candidate.ends for k in kept) == [(3, 2), (9, 5)]


def test_an_outline_read_as_no_tile_of_the_set_in_play_gives_way_to_its_rival():
    """Two outlines round one tile of a double-twelve set, the refiner's a little longer: its
    twelve read as 14 (more cleanly than the other's, whose twelve the rules count
    otherwise). No tile of the set has a 14, so the 2|12 stands for the tile; with the set
    in play not known, the cleaner reading does."""

    longer, right = _outline((2, 14), (0.95, 0.6), h=215), _outline((2, 12), (0.95, 0.45))
    believed = [Believed(longer, 1.0), Believed(right, 1.0)]
    assert [k.candidate.ends for k in one_per_tile(believed, [], set_max=12)] == [(2, 12)]
    assert [k.candidate.ends for k in one_per_tile(believed, [], set_max=15)] == [(2, 14)]
    assert [k.candidate.ends for k in one_per_tile(believed)] == [(2, 14)]
