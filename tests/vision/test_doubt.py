"""The reader that doubts: each rule on a constructed reading, and on photos."""

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest
from laid_tables import CALM, laid, lay

from companion.cli import main
from companion.tiles import Tile
from vision import recognise
from vision.doubt import (
    BIG_PIPS_SEEN,
    BUSY_EDGES,
    NO_PIPS_COUNTED,
    TOO_DARK,
    judge,
)
from vision.reading import ReadingContext, RecognisedTile
from vision.scene import Scene


def test_a_clean_reading_is_ok_and_scored():
    reading = judge(laid((3, 5), (6, 12), (0, 1)), CALM, ReadingContext(set_max=12))
    assert reading.status == "ok" and reading.reasons == [] and reading.pip_total == 27


def test_a_value_above_the_set_is_checked_and_marked():
    reading = judge(laid((3, 5), (6, 9)), CALM, ReadingContext(set_max=6))
    assert reading.status == "check"
    assert [t.doubtful for t in reading.tiles] == [False, True]
    assert any("above 6" in p for p in reading.problems)


def test_a_tile_read_twice_is_checked_and_both_marked():
    reading = judge(laid((3, 5), (3, 5), (1, 1)), CALM, ReadingContext())
    assert reading.status == "check"
    assert [t.doubtful for t in reading.tiles] == [True, True, False]


def test_a_double_blank_read_alone_is_shown_to_check():
    """Two tiles face down side by side read as 0|0 too, and some tables score it at 50:
    alone on the photo it is asked about; in a hand of other tiles it is scored."""
    alone = judge(laid((0, 0)), CALM, ReadingContext())
    assert alone.status == "check" and alone.tiles[0].doubtful
    assert judge(laid((3, 5), (0, 0), (0, 4)), CALM, ReadingContext()).status == "ok"


def test_a_tile_running_off_the_picture_is_marked():
    """Pips past the photo's edge are not in it: a tile cut by the edge is asked about, one
    that only touches it is scored."""
    photo = Scene(brightness=220.0, busy=0.01, thrown_out=0, size=(200, 100))
    cut = judge(laid((3, 5), (2, 6), at=120.0), photo, ReadingContext())
    assert cut.status == "check"
    assert [t.doubtful for t in cut.tiles] == [False, True]
    assert "runs off the picture" in cut.tiles[1].doubts[0]
    inside = judge(laid((3, 5), (2, 6), at=100.0), photo, ReadingContext())
    assert inside.status == "ok"


def test_a_mark_cut_by_the_edge_and_not_counted_surely_is_left_out_and_told():
    """A card or a face-down tile cut by the edge, its pips read unsurely, is not scored;
    the player is told to step back. Alone, it leaves nothing to read."""
    photo = Scene(brightness=220.0, busy=0.01, thrown_out=0, size=(200, 100))
    hand = laid((3, 5), (2, 6), at=120.0)
    hand[1] = RecognisedTile(hand[1].tile, 0.3, hand[1].corners)
    reading = judge(hand, photo, ReadingContext())
    assert [t.tile for t in reading.tiles] == [Tile(3, 5)] and reading.pip_total == 8
    assert reading.status == "check"
    assert any("cut by the picture's edge" in r and "step back" in r for r in reading.reasons)
    alone = judge(hand[1:], photo, ReadingContext())
    assert alone.status == "unreadable" and alone.tiles == []


def test_more_tiles_than_a_hand_can_hold_is_no_score():
    values = [(a, b) for b in range(7) for a in range(b + 1)][:12]
    reading = judge(laid(*values), CALM, ReadingContext(set_max=12, max_tiles=10))
    assert reading.status == "unreadable"
    assert "more than a hand can hold (10)" in reading.reasons[0]


def test_a_tile_of_another_size_is_marked():
    tiles = laid((1, 2), (3, 4), (5, 6)) + laid((2, 2), width=120.0, at=400.0)
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "check"
    assert [t.doubtful for t in reading.tiles] == [False, False, False, True]


def test_a_tile_of_another_size_read_surely_is_scored():
    """A double three times the others' width (nearer the camera, or a spinner standing
    high), its pips counted without a doubt: a tile all the same, and the hand is scored."""
    (near,) = laid((2, 2), width=120.0, at=400.0)
    tiles = laid((1, 2), (3, 4), (5, 6)) + [replace(near, confidence=0.999)]
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "ok" and reading.pip_total == 25


def test_of_two_tiles_of_unlike_sizes_the_one_read_less_surely_is_marked():
    """A die and the table beside it read as a 0|5 beside the one tile of the hand (rendered
    table 1100084): a third of its area and read less surely, it is asked about, where the
    total was called ok."""
    (die,) = laid((0, 5), width=38.0, at=400.0)
    tiles = laid((4, 12), width=70.0) + [replace(die, confidence=0.7)]
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "check"
    assert [t.doubtful for t in reading.tiles] == [False, True]


def test_of_two_tiles_of_unlike_sizes_the_tile_read_surely_is_not_doubted():
    """A speck read as 0|0 beside a 7|8 (a real photo): only the speck is marked, so the
    7|8 still counts as read and the reading is a check, not a retake."""
    (speck,) = laid((0, 0), width=6.0, at=400.0)
    tiles = laid((7, 8), width=74.0) + [replace(speck, confidence=0.3)]
    reading = judge(tiles, CALM, ReadingContext())
    assert [t.doubtful for t in reading.tiles] == [False, True]


def test_two_tiles_of_one_size_are_not_doubted_for_their_size():
    """A tile seen a little nearer than the other (four fifths of its width) is of its size."""
    tiles = laid((4, 12), width=70.0) + laid((0, 5), width=56.0, at=400.0)
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "ok" and reading.pip_total == 21


def test_an_outline_round_half_a_tile_is_marked():
    """As wide as the others, but half as long: the finder drew it round one half."""
    half = RecognisedTile(
        Tile(0, 3), 0.95, ((400.0, 0.0), (440.0, 0.0), (440.0, 38.0), (400.0, 38.0))
    )
    reading = judge(laid((1, 2), (3, 4), (5, 6)) + [half], CALM, ReadingContext())
    assert reading.status == "check"
    assert [t.doubtful for t in reading.tiles] == [False, False, False, True]


def test_a_speck_read_unsurely_is_left_out_and_the_reading_checked():
    """A tile-like mark a tenth of the tiles' size, its pips unsure: not scored, but said."""
    speck = RecognisedTile(
        Tile(7, 8), 0.44, ((400.0, 0.0), (412.0, 0.0), (412.0, 24.0), (400.0, 24.0))
    )
    reading = judge(laid((1, 2), (3, 4), (5, 6)) + [speck], CALM, ReadingContext())
    assert reading.pip_total == 21 and len(reading.tiles) == 3
    assert reading.status == "check"
    assert any("left out 1 mark" in r for r in reading.reasons)


def test_an_outline_over_a_stretch_of_table_read_unsurely_is_left_out():
    """An outline ten times a tile's area (across tiles standing on edge), its pips unsure:
    not scored, but said; read surely it is scored and marked."""
    corners = ((400.0, 0.0), (600.0, 0.0), (600.0, 160.0), (400.0, 160.0))
    sprawl = RecognisedTile(Tile(0, 4), 0.3, corners)
    reading = judge(laid((1, 2), (3, 4), (5, 6)) + [sprawl], CALM, ReadingContext())
    assert reading.pip_total == 21 and len(reading.tiles) == 3
    assert reading.status == "check"
    assert any("left out 1 mark" in r for r in reading.reasons)
    sure = RecognisedTile(Tile(0, 4), 0.9, corners)
    kept = judge(laid((1, 2), (3, 4), (5, 6)) + [sure], CALM, ReadingContext())
    assert kept.pip_total == 25 and kept.tiles[-1].doubtful


def test_a_small_tile_read_surely_is_kept():
    """Far off at a slant a tile looks small; read surely, it is scored (and marked)."""
    small = RecognisedTile(
        Tile(2, 2), 0.9, ((400.0, 0.0), (412.0, 0.0), (412.0, 24.0), (400.0, 24.0))
    )
    reading = judge(laid((1, 2), (3, 4), (5, 6)) + [small], CALM, ReadingContext())
    assert reading.pip_total == 25 and reading.tiles[-1].doubtful


BUSY_TABLES = (
    Scene(brightness=220.0, busy=BUSY_EDGES * 2, thrown_out=0),  # many edges on the table
    Scene(brightness=220.0, busy=0.0, thrown_out=12),  # many outlines thrown out
)


def test_a_busy_table_with_every_tile_read_surely_is_scored():
    """A patterned cloth alone is no doubt: such readings were right 112 times of 113 on
    tables and real photos never tuned on (docs/vision-history.md, 2026-12-07)."""
    for busy in BUSY_TABLES:
        reading = judge(laid((1, 2), (3, 4)), busy, ReadingContext())
        assert reading.status == "ok" and reading.reasons == [] and reading.pip_total == 10


def test_a_doubtful_tile_on_a_busy_table_asks_and_names_the_cloth():
    unsure = replace(laid((3, 4), at=200.0)[0], confidence=0.5, doubts=("hard to count",))
    for busy in BUSY_TABLES:
        reading = judge([*laid((1, 2), (5, 6)), unsure], busy, ReadingContext())
        assert reading.status == "check" and "busy background" in reading.reasons[0]
        assert "please check the 1 marked tile(s)" in reading.reasons
    # a reason of the photo's own keeps the cloth named too
    dark = Scene(brightness=TOO_DARK / 2, busy=BUSY_EDGES * 2, thrown_out=0)
    reading = judge(laid((1, 2), (3, 4)), dark, ReadingContext())
    assert reading.status == "check" and any("busy background" in r for r in reading.reasons)


def test_mostly_unclear_tiles_ask_for_a_retake():
    """Unclear tiles may be blurred by a shaking hand or squashed by a slant: the retake
    advice names both."""
    tiles = [
        RecognisedTile(t.tile, 0.2, t.corners, ("hard to count",))
        for t in laid((1, 2), (3, 4), (5, 6), (2, 2))
    ]
    reading = judge(tiles, CALM, ReadingContext())
    assert reading.status == "unreadable" and "retake" in reading.reasons[-1]
    assert "still" in reading.reasons[-1] and "straight above" in reading.reasons[-1]


def test_unclear_tiles_small_in_the_picture_ask_to_come_closer():
    """Tiles narrower in the photo than the pip counter's square are read from a few pixels
    a pip: the retake advice is to come closer, not to hold still."""
    for width, advice in ((20.0, "come closer"), (90.0, "still")):
        tiles = [
            RecognisedTile(t.tile, 0.2, t.corners, ("hard to count",))
            for t in laid((1, 2), (3, 4), (5, 6), (2, 2), width=width)
        ]
        reading = judge(tiles, CALM, ReadingContext())
        assert reading.status == "unreadable" and advice in reading.reasons[-1]


def test_only_unclear_tiles_on_a_busy_table_ask_for_a_retake():
    """A printed board's squares read as two blank doubles: however few, when every tile is
    unclear on a busy table there is no score. On a plain table they are for a check."""
    unclear = [
        RecognisedTile(t.tile, 0.4, t.corners, ("hard to count",)) for t in laid((0, 0), (1, 1))
    ]
    busy = Scene(brightness=220.0, busy=BUSY_EDGES * 2, thrown_out=0)
    assert judge(unclear, busy, ReadingContext()).status == "unreadable"
    assert judge(unclear, CALM, ReadingContext()).status == "check"
    one_clear = [laid((3, 4))[0], unclear[1]]
    assert judge(one_clear, busy, ReadingContext()).status == "check"


def test_tiles_whose_pips_none_can_count_are_no_score():
    """Tiles standing on edge read as a 1|1 and a 0|2, each with a half counted at under an
    even chance: the player who went out is not offered 4 pips to confirm. One tile counted
    surely beside them makes it a reading to check; and a close-up's tile outlined unsurely
    but counted surely is one too."""
    unsure = [
        replace(t, confidence=0.25, doubts=("hard to count",), pips_sure=0.4)
        for t in laid((1, 1), (0, 2))
    ]
    reading = judge(unsure, CALM, ReadingContext())
    assert reading.status == "unreadable" and reading.reasons == [NO_PIPS_COUNTED]
    assert "face up" in reading.reasons[0]

    counted = judge([*unsure, laid((3, 4))[0]], CALM, ReadingContext())
    assert counted.status == "check" and counted.pip_total == 11

    close_up = replace(unsure[0], pips_sure=0.9)
    assert judge([close_up], CALM, ReadingContext()).status == "check"


def test_no_tile_on_a_plain_table_asks_whether_the_hand_is_empty():
    reading = judge([], CALM, ReadingContext())
    assert reading.status == "check" and "empty hand" in reading.reasons[0]
    assert "step back" in reading.reasons[0]


def test_no_tile_read_where_one_is_seen_says_so_and_asks_for_them_face_up():
    """Tiles lying face down look like tiles to the spotter, and none is read: the player
    is told that nothing was read, not that "a tile may be missing" from an empty reading."""
    unexplained = Scene(brightness=220.0, busy=0.01, thrown_out=0, unexplained=2)
    reading = judge([], unexplained, ReadingContext())
    assert reading.status == "unreadable" and reading.tiles == []
    assert "none is read" in reading.reasons[0] and "face up" in reading.reasons[0]
    assert not any("may be missing" in reason for reason in reading.reasons)
    one = judge(laid((3, 4)), unexplained, ReadingContext())
    assert one.status == "check" and any("may be missing" in r for r in one.reasons)


def test_no_tile_read_where_the_spotter_half_sees_one_is_never_offered_as_an_empty_hand():
    """Tiles far off on a busy cloth that the spotter half sees and no stage reads: the
    reading is unreadable and asks for the tiles face up, not "confirm 0 for an empty
    hand" (a player confirming it would score a full hand as nothing)."""
    glimpsed = Scene(brightness=220.0, busy=0.01, thrown_out=0, glimpsed=1)
    reading = judge([], glimpsed, ReadingContext())
    assert reading.status == "unreadable" and "none is read" in reading.reasons[0]
    assert not any("empty hand" in reason for reason in reading.reasons)
    assert judge([], CALM, ReadingContext()).status == "check"
    # on a busy table the table is named first, and the tiles face up asked for too
    busy = Scene(brightness=220.0, busy=BUSY_EDGES * 2, thrown_out=0, glimpsed=2)
    reading = judge([], busy, ReadingContext())
    assert reading.status == "unreadable" and "busy background" in reading.reasons[0]
    assert any("none is read" in reason for reason in reading.reasons[1:])


def test_no_tile_on_a_busy_table_is_unreadable():
    busy = Scene(brightness=230.0, busy=BUSY_EDGES * 2, thrown_out=9)
    reading = judge([], busy, ReadingContext())
    assert reading.status == "unreadable" and "busy background" in reading.reasons[0]


def test_a_dark_photo_is_unreadable():
    dark = np.full((600, 800, 3), 12, np.uint8)
    cv2.circle(dark, (400, 300), 40, (30, 30, 30), -1)
    reading = recognise(dark)
    assert reading.status == "unreadable" and "too dark" in reading.reasons[0]
    assert TOO_DARK > 30


def test_recognise_says_unreadable_in_json_and_exits_3(tmp_path, capsys):
    path = tmp_path / "dark.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 8, np.uint8))
    assert main(["recognise", "--json", str(path)]) == 3
    line = json.loads(capsys.readouterr().out)
    assert line["status"] == "unreadable" and line["reasons"] and line["pip_total"] == 0


@pytest.mark.parametrize("hand_limit", [2])
def test_the_cli_passes_the_most_tiles_a_hand_can_hold(tmp_path, capsys, hand_limit):
    from vision.synth import render

    image, truth = render(11, size=(1280, 720), tiles=5, hard=False)
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), image)
    assert main(["recognise", "--json", "--max-tiles", str(hand_limit), str(path)]) == 3
    assert "more than a hand can hold" in json.loads(capsys.readouterr().out)["reasons"][0]


def _striped_cloth(height: int, width: int) -> np.ndarray:
    cloth = np.full((height, width, 3), 200, np.uint8)
    for x in range(0, width, 6):
        cloth[:, x : x + 3] = 60
    return cloth


def test_a_striped_cloth_round_a_small_tile_is_busy():
    from vision.scene import look_at

    cloth = _striped_cloth(600, 900)
    tile = lay(cloth, 400, Tile(3, 5))
    assert look_at(cloth, [tile], thrown_out=0).busy > BUSY_EDGES


def test_a_close_up_of_one_tile_is_never_called_busy():
    """A tile filling the photo leaves only slivers of cloth at its edges: too little table
    to judge, so the player is not told to use a plain cloth for a close-up."""
    from vision.scene import look_at

    cloth = _striped_cloth(150, 300)
    tile = np.float32([[30, 15], [270, 15], [270, 135], [30, 135]])
    cloth[15:135, 30:270] = 225
    assert look_at(cloth, [tile], thrown_out=0).busy == 0.0


def test_tiles_washed_out_white_ask_for_a_check():
    """Lit so brightly that the tiles' faces are clipped white, a pale (yellow or grey) pip
    may be lost to both counters: the reading asks the player to check, saying why; the
    same tiles lit normally do not."""
    from vision.doubt import TOO_BRIGHT
    from vision.scene import look_at

    table = np.full((600, 900, 3), (40, 60, 90), np.uint8)
    corners = [lay(table, 150, Tile(3, 5)), lay(table, 550, Tile(2, 6))]
    washed = np.clip(table.astype(np.float32) * 1.6, 0, 255).astype(np.uint8)
    context = ReadingContext(set_max=12)
    for photo, too_bright in ((table, False), (washed, True)):
        scene = look_at(photo, corners, thrown_out=0)
        reading = judge(laid((3, 5), (2, 6)), scene, context)
        assert (TOO_BRIGHT in reading.reasons) == too_bright
        assert reading.status == ("check" if too_bright else "ok")


def test_near_tiles_at_a_slant_are_judged_beside_their_neighbours_not_the_far_ones():
    """Seen at a slant a near tile is many times the area of a far one (rendered table
    1500431, at 54 degrees: twelve times). Judged against the photo's median tile, the near
    row was not the size of the tiles, and one read unsurely was left out as a stretch of
    table (an 8|12, 20 pips short). Each tile is judged beside the tiles nearest it."""
    far = laid((1, 2), (3, 4), (5, 6), (1, 1), (2, 2), (3, 3), width=20.0)
    near = [
        replace(t, corners=tuple((x, y + 600.0) for x, y in t.corners))
        for t in laid((4, 7), (8, 12), (0, 8), width=52.0)
    ]
    near[1] = replace(near[1], confidence=0.4)
    reading = judge(far + near, CALM, ReadingContext())
    assert reading.pip_total == sum(t.tile.pips for t in far + near) == 72
    assert not any("far smaller or bigger" in r for r in reading.reasons)
    sized = [t for t in reading.tiles if "not the size of the other tiles" in t.doubts]
    assert sized == []


@pytest.mark.parametrize("rings, asked", [(0.048, True), (0.02, False)])
def test_a_tile_whose_pips_are_far_bigger_than_the_others_is_asked_about(rings, asked):
    """Two tiles face down end to end, a ring printed on each back, outlined as one tile and
    read as a 1|1 (rendered table 975099, called `ok` 2 pips over): its "pips" are three
    times the hand's. A set's pips are of one size; a little bigger is the counter's spread."""
    hand = [replace(t, pip_area=0.016) for t in laid((3, 5), (2, 6), (4, 4))]
    backs = replace(laid((1, 1), at=300.0)[0], pip_area=rings)
    reading = judge([*hand, backs], CALM, ReadingContext())
    (read_backs,) = [t for t in reading.tiles if t.tile == Tile(1, 1)]
    assert (BIG_PIPS_SEEN in read_backs.doubts) == asked
    assert reading.status == ("check" if asked else "ok")
    assert not any(BIG_PIPS_SEEN in t.doubts for t in reading.tiles if t is not read_backs)


def test_a_busy_table_where_the_last_clear_tile_has_big_pips_is_read_to_check():
    """On a busy cloth every tile doubted makes the photo one to retake; a tile doubted only
    for the size of its pips was counted plainly, and the reading is offered to check."""
    busy = Scene(brightness=220.0, busy=0.2, thrown_out=0)
    hand = [replace(t, pip_area=0.016, doubts=("hard to count",)) for t in laid((3, 5), (2, 6))]
    big = replace(laid((2, 5), at=300.0)[0], pip_area=0.05)
    reading = judge([*hand, big], busy, ReadingContext())
    assert reading.status == "check" and reading.pip_total == 23
