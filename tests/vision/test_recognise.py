"""End to end on synthetic photos, the public interface, and the real-photo smoke test."""

import csv
import json

import cv2
import numpy as np
import pytest

import vision
from companion.tiles import Tile
from vision.annotate import DOUBTFUL, SURE, banner_lines, label_box
from vision.light import brightest, lit
from vision.synth import render


def test_a_clean_synthetic_hand_is_scored(one_tile):
    image = one_tile(Tile(2, 5), angle=20)
    result = vision.recognise(image)
    assert [t.tile for t in result.tiles] == [Tile(2, 5)]
    assert result.pip_total == 7
    (found,) = result.tiles
    assert len(found.corners) == 4 and 0 <= found.confidence <= 1


def test_synthetic_photos_end_to_end_find_most_tiles():
    found = truth = 0
    for seed in range(4):
        image, tiles = render(seed, size=(1280, 720), tiles=4, hard=False)
        result = vision.recognise(image)
        truth += len(tiles)
        found += len(result.tiles)
    assert found >= truth // 2  # loose: the bench prints the real figures


def test_a_hand_photographed_in_a_dim_room_reads_as_in_good_light():
    """A camera set for a brighter room, a third of the light: the same total, and no more
    doubt than in good light (before the photo was lit up, two of these hands were
    unreadable and one asked for a check)."""
    for seed in range(4):
        image, _ = render(seed, size=(1280, 720), tiles=4, hard=False)
        well_lit = vision.recognise(image)
        dim = vision.recognise(cv2.convertScaleAbs(image, alpha=0.35))
        assert (dim.pip_total, dim.status) == (well_lit.pip_total, well_lit.status), seed


def test_a_photo_in_good_light_is_read_as_it_came():
    image, _ = render(0, size=(1280, 720), tiles=4, hard=False)
    assert lit(image) is image


def test_a_bright_tile_on_black_cloth_is_not_brightened_to_white():
    """The tiles are the brightest thing on a black cloth, if they cover a sliver of it."""
    cloth = np.full((1080, 1920, 3), 20, np.uint8)
    cloth[500:560, 900:1020] = 200  # one tile, 0.35% of the photo
    assert brightest(cloth) >= 190
    assert lit(cloth) is cloth


def test_an_empty_table_has_no_tiles():
    result = vision.recognise(np.full((600, 800, 3), 40, np.uint8))
    assert result.tiles == [] and result.pip_total == 0
    assert result.low_confidence  # the player is asked rather than scored zero silently


def test_a_set_conflict_is_low_confidence(one_tile):
    result = vision.recognise(one_tile(Tile(12, 10), coloured=True), set_max=7)
    assert result.low_confidence
    assert any("above 7" in p for p in result.problems)


def test_json_has_the_designed_fields(one_tile):
    data = json.loads(vision.recognise(one_tile(Tile(1, 4))).to_json())
    assert data["pip_total"] == 5
    (tile,) = data["tiles"]
    assert tile["ends"] == [1, 4] and len(tile["corners"]) == 4


def _photo_part(picture: np.ndarray, height: int) -> np.ndarray:
    """The annotated photo under the banner's strip."""
    return picture[picture.shape[0] - height :]


def test_annotate_draws_on_a_copy_under_a_banner_that_hides_nothing(one_tile):
    """The total is written on a strip above the photo, not over it: a tile at the photo's
    top edge stays in view, and the strip says the total."""
    image = cv2.resize(one_tile(Tile(1, 4)), (1200, 1200))
    before = image.copy()
    picture = vision.annotate(image, vision.recognise(image))
    assert picture.shape[1] == 1200 and picture.shape[0] > 1200
    photo = _photo_part(picture, 1200)
    assert not np.array_equal(photo, image) and np.array_equal(image, before)
    assert np.array_equal(photo[:100], image[:100])  # the top of the photo as it was
    strip = picture[: picture.shape[0] - 1200]
    assert (strip.max(axis=2) > 200).any()  # white words on the dark strip


def test_a_small_photos_picture_is_enlarged_with_the_tiles_outlined_where_they_lie(one_tile):
    """A 480 px photo is drawn at 1000 px, so the values written on its tiles leave their
    pips in view; each outline is drawn round its tile in the enlarged picture."""
    image = one_tile(Tile(1, 4))
    reading = vision.recognise(image)
    picture = _photo_part(vision.annotate(image, reading), 1000)
    assert picture.shape == (1000, 1000, 3)
    grow = 1000 / 480
    for x, y in reading.tiles[0].corners:
        x, y = round(x * grow), round(y * grow)
        near = picture[y - 4 : y + 5, x - 4 : x + 5].reshape(-1, 3).astype(int)
        assert any(abs(p - np.array(SURE)).max() < 40 for p in near)


def test_a_place_a_tile_may_lie_unread_is_ringed_in_red_dashes(one_tile):
    """Where the reading says a tile may be missing, the picture rings each place it may lie
    in red dashes, a gap between each, and says so under the total."""
    from vision.doubt import MAY_BE_MISSING
    from vision.reading import Recognition

    image = cv2.resize(one_tile(Tile(1, 4)), (1200, 1200))
    place = ((700.0, 100.0), (1100.0, 100.0), (1100.0, 300.0), (700.0, 300.0))
    reading = Recognition([], 12, [], "check", [MAY_BE_MISSING], unread=[place])
    picture = _photo_part(vision.annotate(image, reading), 1200)
    red = np.all(np.abs(picture.astype(int) - DOUBTFUL) < 40, axis=2)
    top_edge = red[96:105, 720:1080].any(axis=0)
    assert 0.3 < top_edge.mean() < 0.8  # dashes, not a whole line
    assert red[250:300, 200:500].sum() == 0  # nowhere else
    plain = _photo_part(
        vision.annotate(image, Recognition([], 12, [], "check", [MAY_BE_MISSING])), 1200
    )
    assert not np.all(np.abs(plain.astype(int) - DOUBTFUL) < 40, axis=2)[96:105, 720:1080].any()


def test_the_banner_says_what_to_check():
    """Red tiles, rings where a tile may lie unread, or, with nothing marked, the reasons
    themselves: the player is never told to check red tiles that are not there."""
    from vision.annotate import UNREAD_MARK, banner_for
    from vision.doubt import MAY_BE_MISSING, PLAIN_CLOTH
    from vision.reading import RecognisedTile, Recognition

    corners = ((0.0, 0.0), (40.0, 0.0), (40.0, 80.0), (0.0, 80.0))
    sure = RecognisedTile(Tile(2, 3), 0.95, corners)
    doubtful = RecognisedTile(Tile(1, 1), 0.5, corners, doubts=("hard to count",))
    reasons = [MAY_BE_MISSING, PLAIN_CLOTH]
    assert banner_for(Recognition([sure], 12, [], "ok", [])) == ["total 5"]
    marked = banner_for(Recognition([sure, doubtful], 12, [], "check", reasons))
    assert marked == ["total 7  - please check the red tiles"]
    ringed = banner_for(Recognition([sure], 12, [], "check", reasons, unread=[corners]))
    assert ringed == ["total 5", UNREAD_MARK]
    assert banner_for(Recognition([sure], 12, [], "check", reasons)) == ["total 5", *reasons]


def test_the_reasons_a_photo_cannot_be_read_are_cut_to_the_pictures_width():
    reason = "1 of 1 tiles are unclear: hold the phone still, straight above the tiles, and retake"
    lines = banner_lines(reason, 400, 0.5, 2)
    assert " ".join(lines) == reason and len(lines) > 1
    for line in lines:
        (width, _), _ = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 2)
        assert width <= 400


def test_the_picture_of_a_dim_photo_is_lit_up_as_it_was_read(one_tile):
    """The players check the tiles on the picture: a dim photo is shown as bright as it was
    read, not as dark as it came."""
    dim = cv2.convertScaleAbs(one_tile(Tile(1, 4)), alpha=0.35)
    picture = vision.annotate(dim, vision.recognise(dim))

    def face(image):  # the tile covers an eighth of the photo: its face, the brightest 5%
        return np.percentile(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), 95)

    assert face(picture) >= 1.8 * face(dim)


@pytest.mark.slow  # reads all 36 labelled real photos
def test_real_photo_smoke(real_photos):
    """Every labelled real photo is read, and nearly every hand total is right: the
    recogniser misses 4 of these 36 today, so missing more than 6 is a regression. (It
    missed 2 with the rule-based pip counter tuned on these photos; the learned counter was
    chosen on sources neither had seen.)"""
    rows = list(csv.DictReader((real_photos / "labels.csv").open()))
    right = 0
    for row in rows:
        set_max = 6 if row["set_hint"] == "d6" else 12
        result = vision.recognise(vision.load_photo(real_photos / row["file"]), set_max=set_max)
        right += result.pip_total == int(row["pip_total"])
    assert right >= len(rows) - 6


def test_a_white_tile_with_a_spinner_on_a_pale_table_is_read_whole():
    """Seed 1037 of the synthetic set: one measure sees only one piece of the spinner-cut
    divider, another the whole bar; the whole bar wins and the tile is read."""
    image, tiles = render(1037, size=(1920, 1080))
    got = sorted(str(t.tile) for t in vision.recognise(image).tiles)
    assert got == sorted(str(t.tile) for t in tiles)


def _tile_corners(centre, length, width, degrees):
    """A tile's four corners (one end's two, then the other's), turned by ``degrees``."""
    turn = np.deg2rad(degrees)
    u = np.array([np.cos(turn), np.sin(turn)]) * length / 2
    v = np.array([-np.sin(turn), np.cos(turn)]) * width / 2
    c = np.asarray(centre, float)
    return [c - u - v, c - u + v, c + u + v, c + u - v]


def _overlap(one, other) -> bool:
    (l1, t1), (r1, b1) = one[:2]
    (l2, t2), (r2, b2) = other[:2]
    return l1 < r2 and l2 < r1 and t1 < b2 and t2 < b1


@pytest.mark.parametrize("degrees", [90, 45, 0])
def test_the_values_of_small_touching_tiles_do_not_run_into_one_another(degrees):
    """Far from the camera a row of touching tiles is small: each value is written on its
    own tile, so the picture still says which tile is which."""
    scale = 1920 / 1000
    step = np.array([np.cos(np.deg2rad(degrees + 90)), np.sin(np.deg2rad(degrees + 90))]) * 40
    boxes = [
        label_box("12|12", _tile_corners(np.array([900, 500]) + i * step, 80, 40, degrees), scale)
        for i in range(3)
    ]
    assert not any(_overlap(a, b) for a, b in zip(boxes, boxes[1:], strict=False))


def test_a_big_tiles_value_is_written_large():
    scale = 1920 / 1000
    *_, size, _ = label_box("3|5", _tile_corners((900, 500), 400, 200, 90), scale)
    assert size == pytest.approx(1.2 * scale)
