"""The world renderer: same seed, same photo; every kind of table, set and shot is drawn, and
the truth it hands back agrees with the picture."""

import importlib.util
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.tiles import Tile
from vision.world import PHONE_SIZES, TruthTile, WorldPhoto, main, render_world
from vision.world_backgrounds import BACKGROUNDS, VARIANTS, draw_background, draw_table
from vision.world_tiles import PIP_FINISHES, SET_SIZES, STYLES, draw_pip, pip_layout

SMALL = (640, 480)


def quad_area(corners) -> float:
    return float(cv2.contourArea(np.float32(corners)))


def overlap(a, b) -> float:
    area, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    return float(area)


def assert_truth_fits(photo: WorldPhoto) -> None:
    """Every face-up tile lies wholly in the frame, is a sensible quadrilateral, overlaps no
    other tile, and no negative sits on top of it."""
    h, w = photo.image.shape[:2]
    for t in photo.tiles:
        assert isinstance(t, TruthTile) and t.face_up
        assert t.corners.shape == (4, 2)
        assert (
            (t.corners >= 0).all() and (t.corners[:, 0] < w).all() and (t.corners[:, 1] < h).all()
        )
        assert cv2.isContourConvex(np.float32(t.corners))
        short = np.linalg.norm(t.corners[1] - t.corners[0])
        long_ = np.linalg.norm(t.corners[2] - t.corners[1])
        assert long_ > short * 0.6, "corners 0-1 are the short end (seen slanted, maybe not)"
        assert all(0 <= e <= photo.set_max for e in t.tile.ends)
    for i, a in enumerate(photo.tiles):
        for b in photo.tiles[i + 1 :]:
            assert overlap(a.corners, b.corners) < 0.03 * quad_area(a.corners)
        for box in photo.negatives:
            assert overlap(a.corners, box) < 0.1 * quad_area(a.corners)


def count_pips(image: np.ndarray, corners: np.ndarray) -> tuple[int, int]:
    """Pips in each half of a tile, by blobs that differ from the face in a straight crop."""
    crop = cv2.warpPerspective(
        image,
        cv2.getPerspectiveTransform(
            np.float32(corners), np.float32([[100, 0], [0, 0], [0, 200], [100, 200]])
        ),
        (100, 200),
    )
    face = np.median(crop[20:180, 20:80].reshape(-1, 3), axis=0)
    differs = (np.abs(crop.astype(int) - face).max(axis=2) > 45).astype(np.uint8)
    differs[:4], differs[-4:], differs[:, :4], differs[:, -4:] = 0, 0, 0, 0  # the rim
    differs[90:110] = 0  # the divider and the spinner
    counts = []
    for half in (differs[:100], differs[100:]):
        n, _, stats, _ = cv2.connectedComponentsWithStats(half)
        x, y, w, h, area = stats[1:].T
        # the table showing past the rounded corners touches the crop's edge; pips never do
        at_edge = (x <= 5) | (y <= 5) | (x + w >= 95) | (y + h >= 95)
        counts.append(int(((area >= 6) & ~at_edge).sum()))
    return counts[0], counts[1]


def test_the_same_seed_gives_the_same_bytes_and_another_seed_another_photo():
    a, b = render_world(7, size=SMALL), render_world(7, size=SMALL)
    assert np.array_equal(a.image, b.image)
    assert [t.tile for t in a.tiles] == [t.tile for t in b.tiles]
    assert all(np.array_equal(x.corners, y.corners) for x, y in zip(a.tiles, b.tiles, strict=True))
    assert a.meta == b.meta
    assert not np.array_equal(render_world(8, size=SMALL).image, a.image)


def test_a_photo_is_the_size_asked_for_in_bgr_bytes():
    photo = render_world(1, size=(800, 600))
    assert photo.image.shape == (600, 800, 3) and photo.image.dtype == np.uint8
    assert photo.set_max in SET_SIZES


def test_without_a_size_the_photo_has_a_phone_shape():
    shapes = {render_world(seed, size=None).image.shape[1::-1] for seed in range(3)}
    assert shapes <= set(PHONE_SIZES)


@pytest.mark.parametrize("kind", BACKGROUNDS)
def test_every_table_is_drawn_with_tiles_that_fit(kind):
    photo = render_world(11, size=SMALL, background=kind, empty=False)
    assert photo.meta["background"] == kind
    assert photo.tiles
    assert_truth_fits(photo)


@pytest.mark.parametrize("kind", sorted(VARIANTS))
def test_every_variant_of_a_table_is_drawn_and_named(kind):
    seen = set()
    for seed in range(40):
        image, name = draw_table(np.random.default_rng(seed), kind, (120, 80), turn=30)
        same = draw_background(np.random.default_rng(seed), kind, (120, 80), turn=30)
        assert np.array_equal(image, same)
        assert image.shape == (80, 120, 3) and image.dtype == np.uint8
        assert image.std() > 1  # a texture, not a flat colour
        seen.add(name)
    assert seen == {f"{kind}/{v}" for v in VARIANTS[kind]}


def test_tables_are_not_all_alike():
    means = [
        render_world(3, size=SMALL, background=k, empty=True).image.mean() for k in BACKGROUNDS
    ]
    assert np.ptp(means) > 60  # black fabric and white paper, not one grey


@pytest.mark.parametrize("style", STYLES)
def test_each_tile_style_shows_its_face_colour(style):
    photo = render_world(4, size=SMALL, style=style, clean=True, closeup=True)
    assert photo.meta["style"] == style
    t = photo.tiles[0]
    x, y = t.corners.mean(axis=0).astype(int)
    centre_patch = photo.image[y - 3 : y + 4, x - 3 : x + 4].reshape(-1, 3)
    mask = np.zeros(photo.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(t.corners).astype(np.int32), 1)
    face = np.median(photo.image[mask > 0], axis=0)  # most of a face is face, not pips
    assert centre_patch.size
    if style in ("ivory", "white"):
        assert face.min() > 150
    elif style == "black":
        assert face.max() < 70
    else:
        assert np.ptp(face) > 60  # a colour, not a grey


@pytest.mark.parametrize("set_max", SET_SIZES)
def test_pips_drawn_are_the_pips_in_the_truth(set_max):
    """On a clean render, a blob count in each half of each tile's crop finds its value, in
    the half the corner order says (corners 0-1 at the end of ends[0])."""
    for seed in range(3):
        hand = [Tile(set_max, set_max - 1), Tile(set_max - 2, 1), Tile(0, set_max - 3)]
        photo = render_world(seed, tiles=hand, set_max=set_max, clean=True, closeup=True)
        assert sorted(t.tile.ends for t in photo.tiles) == sorted(t.ends for t in hand)
        for t in photo.tiles:
            assert count_pips(photo.image, t.corners) == t.tile.ends, (seed, photo.meta)
            assert tuple(len(h) for h in t.pips) == t.tile.ends
            for half in t.pips:  # each pip centre is on the face and on a pip's colour
                for x, y in half:
                    assert (
                        cv2.pointPolygonTest(np.float32(t.corners), (float(x), float(y)), False) > 0
                    )


def test_pip_layouts_of_every_value_are_distinct_points_in_the_half():
    for value in range(16):
        points = pip_layout(value)
        assert len(points) == value == len(set(points))
        assert all(0 < x < 1 and 0 < y < 1 for x, y in points)


def test_a_closeup_asked_for_always_shows_tiles():
    assert all(render_world(s, size=SMALL, closeup=True).tiles for s in range(12))


def test_a_closeup_tile_fills_most_of_the_frame():
    seen = 0
    for seed in range(6):
        photo = render_world(seed, size=SMALL, closeup=True, tiles=[Tile(3, 5)])
        h, w = photo.image.shape[:2]
        assert photo.meta["closeup"]
        assert quad_area(photo.tiles[0].corners) > 0.4 * w * h
        seen += 1
    assert seen == 6


def test_an_empty_photo_has_no_tiles():
    for seed in range(4):
        photo = render_world(seed, size=SMALL, empty=True)
        assert photo.tiles == [] and photo.meta["empty"]


def test_the_tiles_given_are_all_laid_out_even_a_big_hand():
    hand = [Tile(a, b) for a in range(6) for b in range(a, 7)][:25]
    photo = render_world(2, size=SMALL, tiles=hand)
    assert sorted(t.tile.ends for t in photo.tiles) == sorted(t.ends for t in hand)
    assert photo.set_max == 6
    assert_truth_fits(photo)


def test_negatives_are_face_down_tiles_tiles_on_edge_and_clutter_clear_of_the_tiles():
    wanted = {"face down", "on edge", "card", "coin", "pencil", "pad", "hub"}
    kinds: set[str] = set()
    for seed in range(60):
        photo = render_world(seed, size=(480, 360))
        assert len(photo.negatives) == len(photo.meta["negative_kinds"])
        assert_truth_fits(photo)
        for box in photo.negatives:
            assert box.shape == (4, 2) and quad_area(box) > 4
        kinds |= set(photo.meta["negative_kinds"])
        if wanted <= kinds:
            break
    assert wanted <= kinds


@pytest.mark.slow  # renders 30 photos
def test_many_seeds_give_truth_that_fits_and_every_range_is_reached():
    counts, slants = [], []
    for seed in range(30):
        photo = render_world(seed, size=(480, 360))
        assert_truth_fits(photo)
        counts.append(len(photo.tiles))
        slants.append(photo.meta["slant"])
        assert 40 <= photo.meta["jpeg_quality"] <= 95
    assert max(counts) >= 16 and min(counts) <= 1
    assert max(slants) > 35 and min(slants) < 10


def test_a_steep_slant_is_drawn_as_asked():
    photo = render_world(5, size=SMALL, slant=60, empty=False, closeup=False)
    assert photo.meta["slant"] == 60
    assert_truth_fits(photo)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"style": "gold"},
        {"background": "lava"},
        {"set_max": 18},
        {"slant": 80},
        {"tiles": [Tile(13, 2)], "set_max": 12},
        {"tiles": [Tile(1, 2)], "empty": True},
        {"tiles": [Tile(1, "train")]},
        {"closeup": True, "empty": True},
        {"size": (32, 32)},
    ],
)
def test_impossible_requests_say_what_is_wrong(kwargs):
    with pytest.raises(ValueError) as raised:
        render_world(0, **{"size": SMALL, **kwargs})
    assert str(raised.value)


def test_the_command_line_writes_the_photo(tmp_path, capsys):
    out = tmp_path / "w.png"
    assert main(["--seed", "5", "--out", str(out), "--truth"]) == 0
    assert cv2.imread(str(out)).shape == (1080, 1920, 3)
    assert "tiles" in capsys.readouterr().out


@pytest.mark.slow  # renders up to 40 photos to find one
def test_a_hub_may_hold_the_engine_which_is_read_and_the_hub_is_no_negative():
    photo = next(
        p for p in (render_world(s, size=SMALL) for s in range(40)) if p.meta["engine_in_hub"]
    )
    assert any(t.tile.is_double for t in photo.tiles)
    assert "hub" not in photo.meta["negative_kinds"]
    assert_truth_fits(photo)


def test_pips_of_a_whole_clean_hand_match_the_truth_tile_by_tile():
    """Not only close-ups: in a clean hand of rows and singles, each big enough tile's crop
    shows its own pips, so the corners sit on the face and not on a neighbour."""
    hand = [Tile(12, 11), Tile(10, 3), Tile(9, 9), Tile(0, 7), Tile(5, 6), Tile(2, 8)]
    checked = 0
    for seed in range(4):
        photo = render_world(seed, size=(1280, 720), tiles=hand, set_max=12, clean=True)
        for t in photo.tiles:
            if np.linalg.norm(t.corners[1] - t.corners[0]) >= 50:
                assert count_pips(photo.image, t.corners) == t.tile.ends, (seed, t.tile)
                checked += 1
    assert checked >= 8


def test_the_gallery_tool_writes_a_contact_sheet(tmp_path):
    tool = Path(__file__).resolve().parents[2] / "tools" / "world_gallery.py"
    spec = importlib.util.spec_from_file_location("world_gallery", tool)
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    out = tmp_path / "sheet.png"
    args = ["--count", "2", "--columns", "2", "--cell", "120", "--truth", "--out", str(out)]
    assert gallery.main(args) == 0
    assert cv2.imread(str(out)).shape == (120, 240, 3)


def test_many_photos_and_their_truth_as_json_from_the_command_line(tmp_path):
    assert main(["--seed", "3", "--count", "2", "--out", str(tmp_path / "set"), "--json"]) == 0
    pictures = sorted((tmp_path / "set").glob("*.png"))
    assert [p.name for p in pictures] == ["world-000003.png", "world-000004.png"]
    truth = json.loads(pictures[0].with_suffix(".json").read_text())
    photo = render_world(3)
    assert [t["tile"] for t in truth["tiles"]] == [
        f"{a}-{b}" for a, b in (t.tile.ends for t in photo.tiles)
    ]
    assert truth["set_max"] == photo.set_max
    assert len(truth["negatives"]) == len(photo.negatives)
    assert all(len(t["corners"]) == 4 and len(t["pips"]) == 2 for t in truth["tiles"])
    assert main(["--count", "0"]) == 2


@pytest.mark.parametrize("finish", PIP_FINISHES)
def test_pips_are_drawn_flat_engraved_or_glossy(finish):
    """Real sets' pips are dimples or glossy beads as often as flat paint: the renderer
    draws each finish, lit from one side."""
    face, paint = (235.0, 235.0, 235.0), (40.0, 120.0, 40.0)
    canvas = np.full((64, 64, 3), face, np.float32)
    draw_pip(canvas, np.array([32.0, 32.0]), 16.0, paint, finish, (-1.0, 0.0), face)
    green = canvas[32, :, 1]
    lamp_side, far_side = green[18], green[46]
    if finish == "flat":
        assert lamp_side == far_side == paint[1]
    elif finish == "engraved":  # the wall nearest the lamp in shade, the painted floor lit
        assert lamp_side < paint[1] and far_side > lamp_side
    else:  # a glossy highlight towards the lamp, brighter than the paint
        assert green[14:32].max() > paint[1] + 40
