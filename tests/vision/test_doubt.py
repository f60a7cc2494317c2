"""The reader that doubts: each rule on a constructed reading, and on photos."""

import json
import sys

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.tiles import Tile
from vision import recognise
from vision.doubt import BUSY_EDGES, TOO_DARK, Scene, judge, mark_unlike_blank_halves
from vision.reading import ReadingContext, RecognisedTile

CALM = Scene(brightness=220.0, busy=0.01, thrown_out=0)


def laid(*values: tuple[int, int], width: float = 40.0, at: float = 0.0) -> list[RecognisedTile]:
    """Tiles read cleanly, in a row, each ``width`` wide and twice as long."""
    tiles = []
    for i, (a, b) in enumerate(values):
        x = at + i * width * 1.5
        corners = ((x, 0.0), (x + width, 0.0), (x + width, 2 * width), (x, 2 * width))
        tiles.append(RecognisedTile(Tile(a, b), 0.95, corners))
    return tiles


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


def test_a_blank_half_of_another_colour_than_its_tile_is_marked():
    """A blank half is bare face: an outline half on a red die and half on the dark cloth
    beside it, read as 0|4, is no tile; a white 0|4 is."""
    four = ((50, 70), (70, 70), (50, 90), (70, 90))
    image = np.full((120, 120, 3), (40, 20, 90), np.uint8)  # a dark red cloth
    cv2.rectangle(image, (40, 60), (80, 100), (40, 40, 200), -1)  # a red die
    for pip in four:
        cv2.circle(image, pip, 3, (255, 255, 255), -1)
    read = RecognisedTile(Tile(0, 4), 0.9, ((40, 20), (80, 20), (80, 100), (40, 100)))
    (marked,) = mark_unlike_blank_halves(image, [read])
    assert marked.doubtful and "blank half" in marked.doubts[0]

    cv2.rectangle(image, (40, 20), (80, 100), (235, 240, 240), -1)  # a white tile instead
    for pip in four:
        cv2.circle(image, pip, 3, (20, 20, 20), -1)
    (kept,) = mark_unlike_blank_halves(image, [read])
    assert not kept.doubtful


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


def test_a_busy_table_is_never_read_as_ok():
    busy = Scene(brightness=220.0, busy=BUSY_EDGES * 2, thrown_out=0)
    reading = judge(laid((1, 2), (3, 4)), busy, ReadingContext())
    assert reading.status == "check"
    assert any("busy background" in r for r in reading.reasons)


def test_many_outlines_thrown_out_mean_a_busy_table():
    busy = Scene(brightness=220.0, busy=0.0, thrown_out=12)
    reading = judge(laid((1, 2), (3, 4)), busy, ReadingContext())
    assert reading.status == "check" and "busy background" in reading.reasons[0]


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


IVORY = (200, 232, 242)


def _lay(table: np.ndarray, x: int, tile: Tile, face=IVORY, face_up: bool = True) -> np.ndarray:
    """Lay a tile 120 px wide, straight, its top at y 150 and its left at ``x``, on the
    table; its corners."""
    from vision.synth import draw_tile

    sprite = draw_tile(tile, 120, face, False, False)
    if not face_up:
        sprite[..., :3] = face  # the plain back of a tile
    alpha = sprite[..., 3:4] / 255.0
    region = table[150:390, x : x + 120]
    region[:] = (region * (1 - alpha) + sprite[..., :3] * alpha).astype(np.uint8)
    return np.float32([[x, 150], [x + 120, 150], [x + 120, 390], [x, 390]])


def _two_tiles(second_face_up: bool) -> tuple[np.ndarray, np.ndarray]:
    """A dark table with a face-up tile, and beside it a second tile face up or face down;
    the first tile's corners."""
    table = np.full((600, 900, 3), (40, 60, 90), np.uint8)
    first = _lay(table, 150, Tile(3, 5))
    _lay(table, 550, Tile(2, 6), face_up=second_face_up)
    return table, first


def test_a_tile_left_unread_beside_the_others_is_noticed():
    from vision.doubt import look_at

    photo, first = _two_tiles(second_face_up=True)
    assert look_at(photo, [first], thrown_out=0).unexplained == 1


def test_a_tile_face_down_is_not_a_missed_tile():
    from vision.doubt import look_at

    photo, first = _two_tiles(second_face_up=False)
    assert look_at(photo, [first], thrown_out=0).unexplained == 0


def test_a_table_of_the_tiles_colour_is_said_to_be_no_guide_to_tiles_missed():
    """White tiles on a white cloth: the cloth is all face-like, so it says nothing of a tile
    left unread, and the reading is told so (the recogniser then looks beside its tiles)."""
    from vision.doubt import look_at

    photo, first = _two_tiles(second_face_up=True)
    assert not look_at(photo, [first], thrown_out=0).face_table
    white = np.full((600, 900, 3), 235, np.uint8)
    tile = _lay(white, 150, Tile(3, 5))
    scene = look_at(white, [tile], thrown_out=0)
    assert scene.face_table and scene.unexplained == 0


def test_a_tile_left_unread_in_shade_is_noticed_by_the_shaded_tiles_beside_it():
    """Light falls unevenly over a table: a missed tile in shade is the colour of the
    found tiles in shade, far darker than a found tile under the lamp."""
    from vision.doubt import look_at

    table = np.full((600, 1000, 3), (40, 60, 90), np.uint8)
    shade = (140, 165, 175)
    found = [_lay(table, 100, Tile(3, 5)), _lay(table, 450, Tile(2, 6), shade)]
    _lay(table, 750, Tile(1, 4), shade)
    assert look_at(table, found, thrown_out=0).unexplained == 1


def test_a_missed_tile_asks_the_player_to_check():
    missed = Scene(brightness=220.0, busy=0.0, thrown_out=0, unexplained=1)
    reading = judge(laid((1, 2), (3, 4)), missed, ReadingContext())
    assert reading.status == "check" and "a tile may be missing" in reading.reasons[0]


def test_a_tile_another_look_saw_counts_as_missed():
    """The spotter's sure middles that no outline explains (vision/recognise.py) are missed
    tiles too, even on a table of the faces' own colour."""
    from vision.doubt import look_at

    photo, first = _two_tiles(second_face_up=False)
    assert look_at(photo, [first], thrown_out=0, missed=1).unexplained == 1


def test_a_tile_the_spotter_is_sure_of_but_none_is_read_at_is_missing(monkeypatch):
    """Wherever the reading ends up without a tile the spotter is sure of (here the verifier
    throws every outline out), the reading says a tile may be missing: never an empty hand."""
    from vision import verify
    from vision.synth import render

    image, truth = render(12, size=(1280, 720), tiles=3, hard=False)
    monkeypatch.setattr(
        verify, "tile_chances", lambda image, candidates, model=None: np.zeros(len(candidates))
    )
    reading = recognise(image)
    assert reading.tiles == [] and reading.status == "unreadable"
    assert any("seen but none is read" in reason for reason in reading.reasons)
    from vision.shapes import inside

    ringed = [np.mean(place, axis=0) for place in reading.unread]  # the tiles are shown
    assert all(any(inside(m, t.corners) for m in ringed) for t in truth)


def test_one_outline_across_two_touching_tiles_is_no_silent_reading(monkeypatch):
    """The spotter is sure of two touching tiles; the only outline read is drawn across
    both (their middles inside it, off its own): the reading asks for a check."""
    from vision import verify
    from vision.reading import Candidate, HalfReading
    from vision.synth import render

    recognition = sys.modules["vision.recognise"]
    image, _ = render(12, size=(1280, 720), tiles=2, hard=False)
    sure = HalfReading(3, 0.95, 60.0)
    across = Candidate(
        np.float32([[100, 140], [100, 180], [180, 180], [180, 140]]), (sure, sure), 60.0, False
    )
    middles = [np.float32([120, 140]), np.float32([160, 140])]  # two tiles 40 wide, 80 long
    for centres, missing in ((middles, True), ([np.float32([140, 160])], False)):
        spots = [m + np.float32([[-20, -40], [20, -40], [20, 40], [-20, 40]]) for m in centres]
        proposed = recognition.Proposed([across], False, spots)
        monkeypatch.setattr(recognition, "propose", lambda image, proposed=proposed: proposed)
        monkeypatch.setattr(
            verify, "tile_chances", lambda image, cands, model=None: np.ones(len(cands))
        )
        reading = recognise(image)
        assert reading.pip_total == 6
        assert any("a tile may be missing" in r for r in reading.reasons) is missing


def _read_with_spots(monkeypatch, one_tile, chance: float, places: int):
    """A 3|5 on a grey table read with the spotter seeing, besides, ``places`` tile-sized
    spots along the top edge at ``chance``, where nothing lies."""
    from vision import spot

    photo = one_tile(Tile(3, 5), width=60, table=(200, 200, 200))
    extra = [
        (np.float32([[x, 10], [x + 20, 10], [x + 20, 50], [x, 50]]), chance)
        for x in range(10, 10 + 30 * places, 30)
    ]
    seen = spot.spot
    monkeypatch.setattr(spot, "spot", lambda image, side: seen(image, side) + extra)
    return recognise(photo, set_max=6)


@pytest.mark.parametrize("places, status", [(3, "ok"), (4, "check")])
def test_tiles_the_spotter_half_sees_in_many_places_may_be_missing(
    monkeypatch, one_tile, places, status
):
    """A white set far off on white paper: the spotter half sees the far tiles (between
    SPOTTED_PEAK and UNTRACED_PEAK), too small to read. One or a few such spots are noise;
    at FAINT_PLACES places where no tile is read, the reading asks for a check."""
    from vision.thresholds import FAINT_PLACES, SPOTTED_PEAK, UNTRACED_PEAK

    half_seen = (SPOTTED_PEAK + UNTRACED_PEAK) / 2
    reading = _read_with_spots(monkeypatch, one_tile, half_seen, places)
    assert [t.tile for t in reading.tiles] == [Tile(3, 5)]
    assert reading.status == status
    assert ("a tile may be missing" in " ".join(reading.reasons)) == (places >= FAINT_PLACES)


def _striped_cloth(height: int, width: int) -> np.ndarray:
    cloth = np.full((height, width, 3), 200, np.uint8)
    for x in range(0, width, 6):
        cloth[:, x : x + 3] = 60
    return cloth


def test_a_striped_cloth_round_a_small_tile_is_busy():
    from vision.doubt import look_at

    cloth = _striped_cloth(600, 900)
    tile = _lay(cloth, 400, Tile(3, 5))
    assert look_at(cloth, [tile], thrown_out=0).busy > BUSY_EDGES


def test_a_close_up_of_one_tile_is_never_called_busy():
    """A tile filling the photo leaves only slivers of cloth at its edges: too little table
    to judge, so the player is not told to use a plain cloth for a close-up."""
    from vision.doubt import look_at

    cloth = _striped_cloth(150, 300)
    tile = np.float32([[30, 15], [270, 15], [270, 135], [30, 135]])
    cloth[15:135, 30:270] = 225
    assert look_at(cloth, [tile], thrown_out=0).busy == 0.0


def test_tiles_washed_out_white_ask_for_a_check():
    """Lit so brightly that the tiles' faces are clipped white, a pale (yellow or grey) pip
    may be lost to both counters: the reading asks the player to check, saying why; the
    same tiles lit normally do not."""
    from vision.doubt import TOO_BRIGHT, look_at

    table = np.full((600, 900, 3), (40, 60, 90), np.uint8)
    corners = [_lay(table, 150, Tile(3, 5)), _lay(table, 550, Tile(2, 6))]
    washed = np.clip(table.astype(np.float32) * 1.6, 0, 255).astype(np.uint8)
    context = ReadingContext(set_max=12)
    for photo, too_bright in ((table, False), (washed, True)):
        scene = look_at(photo, corners, thrown_out=0)
        reading = judge(laid((3, 5), (2, 6)), scene, context)
        assert (TOO_BRIGHT in reading.reasons) == too_bright
        assert reading.status == ("check" if too_bright else "ok")


def test_a_tile_left_unread_is_shown_where_it_lies():
    """Told a tile may be missing, the player is shown where: the reading carries the patch
    of tile face it saw, round the unread tile; a reading missing nothing carries no place."""
    from vision.doubt import look_at

    photo, first = _two_tiles(second_face_up=True)
    scene = look_at(photo, [first], thrown_out=0)
    reading = judge(laid((3, 5), width=120, at=150), scene, ReadingContext())
    assert reading.status == "check" and len(reading.unread) == 1
    x, y = np.mean(reading.unread[0], axis=0)
    assert 550 < x < 670 and 150 < y < 390  # the face-up 2|6 beside the 3|5 read
    assert judge(laid((3, 5)), CALM, ReadingContext()).unread == []


@pytest.mark.parametrize("sure", [True, False])
def test_the_places_the_spotter_is_sure_of_a_tile_unread_are_shown(monkeypatch, one_tile, sure):
    """Where the spotter is sure of a tile none is read at, that place is shown, and
    `recognise --json` gives it as `unread`. Places it only half sees, beside a tile read,
    still ask for a check (at FAINT_PLACES), but are not shown: beside tiles read they are
    mostly a pattern on the cloth."""
    from vision.thresholds import FAINT_PLACES, SPOTTED_PEAK, UNTRACED_PEAK

    chance = (1 + UNTRACED_PEAK) / 2 if sure else (SPOTTED_PEAK + UNTRACED_PEAK) / 2
    reading = _read_with_spots(monkeypatch, one_tile, chance, 1 if sure else FAINT_PLACES)
    assert [t.tile for t in reading.tiles] == [Tile(3, 5)] and reading.status == "check"
    shown = [np.mean(place, axis=0).round().tolist() for place in reading.unread]
    assert shown == ([[20, 30]] if sure else [])
    assert len(reading.to_dict()["unread"]) == len(shown)


def test_places_far_bigger_than_the_tiles_or_too_many_are_not_shown():
    """A rough outline spanning a stretch of table points nowhere, and rings all over a
    printed board would hide the tiles: the reason stays, the rings go."""
    from vision.thresholds import MOST_PLACES_SHOWN, PLACE_AREA

    tiles = laid((1, 2), (3, 4))  # 40 x 80 each

    def square(x: float, side: float) -> np.ndarray:
        return np.float32([[x, 200], [x + side, 200], [x + side, 200 + side], [x, 200 + side]])

    tile_sized = square(0, 56)
    huge = square(100, 56 * (PLACE_AREA + 1) ** 0.5)
    missed = Scene(220.0, 0.0, 0, unexplained=2, unread_at=(tile_sized, huge))
    reading = judge(tiles, missed, ReadingContext())
    assert [np.float32(p).tolist() for p in reading.unread] == [tile_sized.tolist()]
    many = tuple(square(60 * i, 40) for i in range(MOST_PLACES_SHOWN + 1))
    crowded = Scene(220.0, 0.0, 0, unexplained=len(many), unread_at=many)
    reading = judge(tiles, crowded, ReadingContext())
    assert reading.status == "check" and reading.unread == []
    assert "a tile may be missing" in reading.reasons[0]
