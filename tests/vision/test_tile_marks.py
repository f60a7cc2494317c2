"""The marks a tile earns by how it looks in the photo (vision/tile_marks.py), each on a
constructed photo: halves of two colours, no divider, glare, no rim."""

from dataclasses import replace

import cv2
import numpy as np
from laid_tables import CALM, IVORY, laid, lay

from companion.tiles import Tile
from vision.doubt import SEEN_NOT_READ, judge
from vision.reading import ReadingContext, RecognisedTile
from vision.tile_marks import (
    GLARE_ON_IT,
    NO_DIVIDER,
    mark_blank_without_divider,
    mark_glared,
    mark_rimless,
    mark_unlike_halves,
)


def test_a_blank_half_of_another_colour_than_its_tile_is_marked():
    """A blank half is bare face: an outline half on a red die and half on the dark cloth
    beside it, read as 0|4, is no tile; a white 0|4 is."""
    four = ((50, 70), (70, 70), (50, 90), (70, 90))
    image = np.full((120, 120, 3), (40, 20, 90), np.uint8)  # a dark red cloth
    cv2.rectangle(image, (40, 60), (80, 100), (40, 40, 200), -1)  # a red die
    for pip in four:
        cv2.circle(image, pip, 3, (255, 255, 255), -1)
    read = RecognisedTile(Tile(0, 4), 0.9, ((40, 20), (80, 20), (80, 100), (40, 100)))
    (marked,) = mark_unlike_halves(image, [read])
    assert marked.doubtful and "blank half" in marked.doubts[0]

    cv2.rectangle(image, (40, 20), (80, 100), (235, 240, 240), -1)  # a white tile instead
    for pip in four:
        cv2.circle(image, pip, 3, (20, 20, 20), -1)
    (kept,) = mark_unlike_halves(image, [read])
    assert not kept.doubtful


def test_a_tile_with_something_over_one_half_is_marked_for_a_check():
    """A coin over a 4|6's six leaves two pips seen: read 4|2, it must not be called right;
    the same tile bare is not marked."""
    image = np.full((120, 120, 3), (90, 120, 60), np.uint8)  # a green cloth
    cv2.rectangle(image, (40, 20), (80, 100), (235, 240, 240), -1)  # a white tile
    for x, y in ((50, 30), (70, 30), (50, 50), (70, 50), (50, 68), (70, 68)):
        cv2.circle(image, (x, y), 3, (30, 30, 160), -1)  # the six
    for x, y in ((50, 75), (70, 75), (50, 95), (70, 95)):
        cv2.circle(image, (x, y), 3, (30, 30, 160), -1)  # the four
    read = RecognisedTile(Tile(4, 6), 0.95, ((40, 20), (80, 20), (80, 100), (40, 100)))
    (bare,) = mark_unlike_halves(image, [read])
    assert not bare.doubtful

    cv2.circle(image, (60, 42), 19, (50, 110, 170), -1)  # a brown counter over the six
    covered = replace(read, tile=Tile(2, 4))
    (marked,) = mark_unlike_halves(image, [covered])
    assert marked.doubtful and "nothing lies on it" in marked.doubts[0]


def test_a_double_blank_with_no_divider_is_marked_as_maybe_face_down():
    """A tile lying face down (the boneyard beside a hand) is bare from end to end and
    reads as a double blank, which some tables score at 50: it is marked to check. Double
    blanks face up are not: a dark divider on ivory, a white one on a yellow tile (which
    stands out in colour, hardly in lightness) or on a black tile."""
    table = np.full((560, 1000, 3), (60, 110, 40), np.uint8)  # a green cloth
    yellow, black = (20, 230, 250), (30, 30, 30)
    laid_at = {
        "ivory": lay(table, 40, Tile(0, 0)),
        "yellow": lay(table, 240, Tile(0, 0), face=yellow),
        "black": lay(table, 440, Tile(0, 0), face=black),
        "face down": lay(table, 640, Tile(0, 0), face=IVORY, face_up=False),
        "a face down dark one": lay(table, 840, Tile(0, 0), face=black, face_up=False),
    }
    # pale dividers across the yellow tile (as light as its face) and the black one
    table[266:275, 255:345] = (230, 225, 215)
    table[266:275, 455:545] = (245, 245, 245)
    read = [
        RecognisedTile(Tile(0, 0), 0.9, tuple((float(x), float(y)) for x, y in corners))
        for corners in laid_at.values()
    ]
    marked = dict(zip(laid_at, mark_blank_without_divider(table, read), strict=True))
    for name in ("ivory", "yellow", "black"):
        assert not marked[name].doubtful, name
    for name in ("face down", "a face down dark one"):
        assert marked[name].doubts == (NO_DIVIDER,), name
    # the rule is about double blanks: a face-down tile read with pips is another rule's
    (three,) = mark_blank_without_divider(table, [replace(read[3], tile=Tile(1, 2))])
    assert not three.doubtful


def _two_face_down_tiles() -> np.ndarray:
    """A dark cloth with two ivory tiles face down end to end, a gap between them."""
    image = np.random.default_rng(3).normal(35, 4, (320, 560, 3)).clip(0, 255).astype(np.uint8)
    for left in (100, 270):
        cv2.rectangle(image, (left, 100), (left + 160, 180), (200, 225, 235), -1)
    return image


def test_a_tile_half_washed_out_by_glare_is_marked():
    """Under a lamp's glare a pale pip is lost and both counters count the rest surely (a
    3|5 of pink pips read as 2|5 and called ok): a tile with a half clipped white, pips
    and all, is marked to check. Not the same tile lit evenly, nor with a small highlight,
    nor one whose face is clipped round dark pips, which stand out of any glare."""
    table = np.full((560, 900, 3), (60, 110, 40), np.uint8)
    corners = [lay(table, x, Tile(3, 5)) for x in (40, 240, 440, 640)]
    table[165:260, 250:350] = 255  # glare over most of the second tile's top half, pips too
    table[170:190, 450:470] = 255  # a highlight on the third's
    top = table[165:260, 650:750]
    top[top.min(axis=2) > 150] = 255  # the fourth's face clipped round its dark pips
    values = (Tile(3, 5), Tile(2, 5), Tile(3, 4), Tile(1, 5))  # the second read a pip short
    read = [
        RecognisedTile(v, 1.0, tuple(map(tuple, c.tolist())))
        for v, c in zip(values, corners, strict=True)
    ]
    marked = mark_glared(table, read)
    assert [t.doubts for t in marked] == [(), (GLARE_ON_IT,), (), ()]
    reading = judge(marked, CALM, ReadingContext())
    assert reading.status == "check" and reading.pip_total == 28


def test_tiles_doubted_only_for_glare_are_read_to_check_not_retaken():
    """A white set under a bright lamp may have every tile marked for glare: the tiles are
    read and the total offered to check, not thrown out as a photo to retake."""
    tiles = [replace(t, doubts=(GLARE_ON_IT,)) for t in laid((1, 2), (3, 4), (5, 6), (2, 2))]
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "check" and reading.pip_total == 25


def test_an_outline_drawn_across_face_down_tiles_is_no_tile_and_not_scored():
    """The outline runs through the middle of two backs and over the cloth below them: no
    side of it is a tile's rim. Read unsurely as the only tile, it is not offered to be
    confirmed as a hand; the same doubt round a real tile's rim is asked about."""
    image = _two_face_down_tiles()
    across = ((180.0, 140.0), (350.0, 140.0), (350.0, 220.0), (180.0, 220.0))
    (marked,) = mark_rimless(image, [RecognisedTile(Tile(1, 2), 0.3, across, ("hard to count",))])
    assert "stands out" in marked.doubts[-1]
    reading = judge([marked], CALM, ReadingContext())
    assert reading.status == "unreadable" and reading.reasons == [SEEN_NOT_READ]

    round_one = ((100.0, 100.0), (260.0, 100.0), (260.0, 180.0), (100.0, 180.0))
    doubted = RecognisedTile(Tile(1, 2), 0.3, round_one, ("hard to count",))
    (kept,) = mark_rimless(image, [doubted])
    assert kept == doubted
    assert judge([kept], CALM, ReadingContext()).status == "check"


def test_a_tile_read_surely_is_never_asked_about_its_rim():
    sure = RecognisedTile(
        Tile(1, 2), 0.95, ((180.0, 140.0), (350.0, 140.0), (350.0, 220.0), (180.0, 220.0))
    )
    assert mark_rimless(_two_face_down_tiles(), [sure]) == [sure]
