"""Frame sources, the mat's calibration and the lighting check."""

import os
import shutil
import subprocess
import sys

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.cli.calibrate import set_camera_keys, store_calibration
from companion.config import load_config
from companion.tiles import Tile
from vision.calibration import CalibrationError, check_lighting, from_config, from_markers
from vision.capture import (
    CameraError,
    FileSource,
    FrameSource,
    NoCamera,
    open_source,
    parse_source,
)
from vision.mat import MatSizeError, mat_layout, render_mat, write_mat
from vision.reader import HandReader
from vision.synth import draw_tile


def test_a_folder_replays_its_photos_in_order(tmp_path, one_tile):
    for name, tile in (("a.png", Tile(1, 2)), ("b.png", Tile(3, 4))):
        cv2.imwrite(str(tmp_path / name), one_tile(tile))
    (tmp_path / "notes.txt").write_text("not a photo")
    with open_source(f"files:{tmp_path}") as camera:
        assert isinstance(camera, FrameSource)
        first, second, third = camera.still(), camera.still(), camera.still()
    assert not np.array_equal(first, second) and np.array_equal(first, third)


def test_an_empty_folder_and_an_unknown_camera_say_so(tmp_path):
    with pytest.raises(CameraError, match="no photos"):
        FileSource(tmp_path)
    with pytest.raises(CameraError, match="unknown camera"):
        open_source("webcam-please")


def _mat_with_markers(size=(1000, 700), margin=40, side=80) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    mat = np.full((size[1], size[0]), 255, np.uint8)
    w, h = size
    spots = [
        (margin, margin),
        (w - margin - side, margin),
        (w - margin - side, h - margin - side),
        (margin, h - margin - side),
    ]
    for marker, (x, y) in enumerate(spots):
        mat[y : y + side, x : x + side] = cv2.aruco.generateImageMarker(dictionary, marker, side)
    return cv2.cvtColor(mat, cv2.COLOR_GRAY2BGR)


def test_markers_give_the_scoring_zone_inside_them():
    mat = _mat_with_markers()
    calibration = from_markers(mat, size_mm=(200, 130))
    inner = np.float32([[120, 120], [880, 120], [880, 580], [120, 580]])
    assert np.abs(calibration.corners - inner).max() < 3
    flat = calibration.to_mat(mat)
    assert flat.shape[:2] == (520, 800)
    back = calibration.to_image(np.float32([[0, 0], [800, 520]]))
    assert np.abs(back - inner[[0, 2]]).max() < 3


def test_a_covered_marker_is_named():
    mat = _mat_with_markers()
    mat[560:700, 0:200] = 255  # marker 3 (bottom left) covered
    with pytest.raises(CalibrationError, match="3"):
        from_markers(mat, size_mm=(200, 130))


def test_zone_corners_from_the_config_must_be_four_points():
    assert from_config([[0, 0], [10, 0], [10, 5], [0, 5]], (10, 5)).mat_size_px == (40, 20)
    with pytest.raises(CalibrationError):
        from_config([[0, 0], [10, 0]], (10, 5))


def test_the_lighting_check_says_too_dark_or_glare():
    assert "too dark" in check_lighting(np.full((300, 400, 3), 20, np.uint8)).message
    glare = np.full((300, 400, 3), 120, np.uint8)
    cv2.circle(glare, (200, 150), 40, (255, 255, 255), -1)
    assert "glare" in check_lighting(glare).message
    assert check_lighting(np.full((300, 400, 3), 150, np.uint8)).ok


def test_black_cloth_with_a_few_tiles_and_white_paper_are_not_bad_light():
    """Backgrounds run "from black cloth to white paper": neither is a lighting problem."""
    cloth = np.full((300, 400, 3), 15, np.uint8)
    cv2.rectangle(cloth, (180, 120), (230, 220), (225, 235, 240), -1)  # one ivory tile
    assert check_lighting(cloth).ok
    paper = np.full((300, 400, 3), 252, np.uint8)
    assert check_lighting(paper).ok


# --- picamera2 that cannot be imported (Raspberry Pi OS's apt build vs. the venv's numpy) ----

NUMPY_MISMATCH = (
    "numpy.dtype size changed, may indicate binary incompatibility. "
    "Expected 96 from C header, got 88 from PyObject"
)


@pytest.fixture
def broken_picamera2(tmp_path, monkeypatch):
    """A picamera2 on sys.path whose import raises ValueError, as apt's does under numpy 2."""
    package = tmp_path / "fake-site" / "picamera2"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f"raise ValueError({NUMPY_MISMATCH!r})\n")
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    return package.parent


@pytest.mark.parametrize("name", ["picamera2", "picamera"])
def test_a_picamera2_that_fails_to_import_is_a_camera_error_that_says_what_to_do(
    broken_picamera2, name
):
    with pytest.raises(CameraError) as caught:
        open_source(name)
    message = str(caught.value)
    assert "picamera2" in message and "numpy" in message
    assert "tools/install-pi.sh" in message and "phones still score" in message


def test_auto_with_a_broken_picamera2_and_no_usb_camera_names_both(broken_picamera2):
    with pytest.raises(CameraError) as caught:
        open_source("auto")
    assert "picamera2" in str(caught.value) and "V4L2" in str(caught.value)


def test_the_documented_source_names_are_understood(tmp_path, one_tile):
    cv2.imwrite(str(tmp_path / "hand.png"), one_tile(Tile(2, 5)))
    assert parse_source("picamera2") == parse_source("picamera") == ("picamera2", "")
    assert parse_source("v4l2") == ("v4l2", "0") and parse_source("v4l2:1") == ("v4l2", "1")
    assert parse_source("auto") == ("auto", "") and parse_source("none") == ("none", "")
    for folder in (str(tmp_path), f"files:{tmp_path}", str(tmp_path / "hand.png")):
        assert parse_source(folder)[0] == "files"
        with open_source(folder) as camera:
            assert camera.still().shape[2] == 3
    with pytest.raises(NoCamera, match="phones"):
        open_source("none")


# --- the printable mat and `train-companion calibrate` on a synthetic photo ----------------


def photo_of_mat(
    layout, corners_px, size=(1600, 1200), paper=235, background=(60, 90, 120), hand=()
):
    """The printed mat lying on a table, seen by a camera at an angle: the mat rendered at
    4 px/mm with the ``hand``'s tiles (24 mm wide) laid in its zone, its page corners warped
    onto ``corners_px`` of a textured background."""
    mat = render_mat(layout, px_per_mm=4.0)
    mat = np.where(mat == 255, np.uint8(paper), mat)  # paper under room light is not 255
    zone_x, zone_y = layout.zone_corners_mm()[0] * 4.0
    for n, tile in enumerate(hand):
        sprite = draw_tile(tile, 96, (200, 232, 242), False, False)
        x0, y0 = int(zone_x) + 60 + 150 * n, int(zone_y) + 120
        region = mat[y0 : y0 + sprite.shape[0], x0 : x0 + sprite.shape[1]]
        alpha = sprite[..., 3:4] / 255.0
        region[:] = (region * (1 - alpha) + sprite[..., :3] * alpha).astype(np.uint8)
    h, w = mat.shape[:2]
    page = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    warp = cv2.getPerspectiveTransform(page, np.float32(corners_px))
    rng = np.random.default_rng(1)
    table = np.full((size[1], size[0], 3), background, np.uint8)
    table = cv2.add(table, rng.integers(0, 25, table.shape, dtype=np.uint8))
    seen = cv2.warpPerspective(mat, warp, size)
    inside = cv2.warpPerspective(np.full((h, w), 255, np.uint8), warp, size) > 0
    table[inside] = seen[inside]
    zone = cv2.perspectiveTransform((layout.zone_corners_mm() * 4.0).reshape(-1, 1, 2), warp)
    return table, zone.reshape(4, 2)


TILTED = [[220, 180], [1390, 240], [1450, 1060], [160, 1010]]


def test_the_mat_writes_as_a_vector_pdf_of_the_exact_page_size(tmp_path):
    layout = mat_layout("A4")
    path = write_mat(layout, tmp_path / "mat.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    assert b"/MediaBox [0 0 841.89 595.28]" in data
    assert mat_layout("420x297").page_mm == mat_layout("A3").page_mm
    with pytest.raises(MatSizeError, match="A4, A3"):
        mat_layout("letter")


def test_the_png_mat_carries_its_print_size_and_its_markers_give_the_zone(tmp_path):
    layout = mat_layout("A3")
    path = write_mat(layout, tmp_path / "mat.png")
    data = path.read_bytes()
    at = data.index(b"pHYs")
    per_metre = int.from_bytes(data[at + 4 : at + 8], "big")
    assert round(per_metre * 0.0254) == 300  # 300 dpi: A3 prints at A3
    image = cv2.imread(str(path))
    mat = from_markers(image, layout.zone_mm)
    expected = layout.zone_corners_mm() * (300 / 25.4)
    assert np.abs(mat.corners - expected).max() < 3


@pytest.fixture
def config_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        '# my table\n[camera]\nsource = "auto"  # the Pi camera\nset = 12\n\n[seats]\ncount = 4\n'
    )
    return path


def test_calibrate_finds_the_tilted_mat_and_stores_it_in_the_config(tmp_path, config_file):
    layout = mat_layout("A4")
    photo, zone = photo_of_mat(layout, TILTED)
    cv2.imwrite(str(tmp_path / "mat.jpg"), photo)
    preview = tmp_path / "preview.jpg"
    status = main(
        ["calibrate", "--size", "A4", "--config", str(config_file),
         "--photo", str(tmp_path / "mat.jpg"), "--preview", str(preview)]
    )  # fmt: skip
    assert status == 0
    config = load_config(config_file, environ={})
    assert np.abs(np.float32(config.mat_corners) - zone).max() < 3
    assert config.mat_size_mm == layout.zone_mm
    assert config.camera == "auto" and config.seats == {"count": 4}
    assert "# my table" in config_file.read_text() and "# the Pi camera" in config_file.read_text()
    drawn = cv2.imread(str(preview))
    assert drawn.shape == photo.shape and not np.array_equal(drawn, photo)
    # the stored corners flatten the photo into the mat as printed
    flat = from_config(config.mat_corners, config.mat_size_mm).to_mat(photo)
    assert flat.shape[:2] == (round(layout.zone_mm[1] * 4), round(layout.zone_mm[0] * 4))


@pytest.mark.parametrize(
    ("spoil", "verdict"),
    [
        (lambda p: (p * 0.15).astype(np.uint8), "too dark"),
        (lambda p: cv2.circle(p, (450, 420), 110, (255, 255, 255), -1), "glare at top left"),
        (lambda p: p, "good"),
    ],
)
def test_calibrate_says_what_the_light_is_like(tmp_path, config_file, capsys, spoil, verdict):
    photo, _ = photo_of_mat(mat_layout("A3"), TILTED, paper=180)
    cv2.imwrite(str(tmp_path / "mat.png"), spoil(photo.copy()))
    status = main(
        ["calibrate", "--size", "A3", "--config", str(config_file),
         "--photo", str(tmp_path / "mat.png"), "--preview", str(tmp_path / "p.jpg")]
    )  # fmt: skip
    assert status == 0
    assert f"light: {verdict}" in capsys.readouterr().out


def test_a_covered_marker_is_named_and_the_config_is_left_alone(tmp_path, config_file, capsys):
    photo, _ = photo_of_mat(mat_layout("A4"), TILTED)
    cv2.rectangle(photo, (100, 850), (400, 1100), (60, 90, 120), -1)  # a hand over marker 3
    cv2.imwrite(str(tmp_path / "mat.png"), photo)
    before = config_file.read_text()
    status = main(
        ["calibrate", "--size", "A4", "--config", str(config_file),
         "--photo", str(tmp_path / "mat.png"), "--preview", str(tmp_path / "p.jpg")]
    )  # fmt: skip
    assert status == 1
    assert "3 (bottom left) not visible" in capsys.readouterr().err
    assert config_file.read_text() == before
    assert (tmp_path / "p.jpg").exists()  # the player sees what the camera saw


def test_print_writes_the_mat_and_says_its_zone(tmp_path, capsys):
    assert main(["calibrate", "--print", str(tmp_path / "mat.pdf"), "--size", "A3"]) == 0
    assert "326 x 203 mm" in capsys.readouterr().out
    assert (tmp_path / "mat.pdf").read_bytes().startswith(b"%PDF")


def test_keys_are_replaced_in_place_even_over_several_lines():
    text = (
        "[camera]\nmat_corners = [\n  [1, 2], [3, 4],\n  [5, 6], [7, 8],\n]\nset = 9\n\n"
        "[web]\nport = 8080\n"
    )
    done = set_camera_keys(text, {"mat_corners": "[[0, 0]]", "mat_size_mm": "[300, 200]"})
    assert done == (
        "[camera]\nmat_corners = [[0, 0]]\nset = 9\nmat_size_mm = [300, 200]\n\n"
        "[web]\nport = 8080\n"
    )
    assert set_camera_keys('pin = "2468"\n', {"mat_size_mm": "[1, 2]"}) == (
        'pin = "2468"\n\n[camera]\nmat_size_mm = [1, 2]\n'
    )


def test_a_photo_folder_that_is_not_there_is_a_camera_error(tmp_path):
    with pytest.raises(CameraError, match="no such photo or folder"):
        open_source(str(tmp_path / "hands") + "/")


def test_a_hand_on_the_calibrated_mat_is_read_from_the_mat_alone(tmp_path, config_file):
    """Calibrate on the empty mat, then lay a hand on it: the hand reader reads the zone seen
    from above, not the markers around it (on the raw photo they pass for blank tiles)."""
    layout = mat_layout("A3")
    empty, _ = photo_of_mat(layout, TILTED, paper=200)
    cv2.imwrite(str(tmp_path / "empty.png"), empty)
    assert main(
        ["calibrate", "--size", "A3", "--config", str(config_file),
         "--photo", str(tmp_path / "empty.png"), "--preview", str(tmp_path / "p.jpg")]
    ) == 0  # fmt: skip
    config = load_config(config_file, environ={})
    hand = [Tile(3, 5), Tile(6, 6), Tile(2, 9)]
    photo, _ = photo_of_mat(layout, TILTED, paper=200, hand=hand)
    (tmp_path / "hands").mkdir()
    cv2.imwrite(str(tmp_path / "hands" / "hand.png"), photo)
    reader = HandReader(
        FileSource(tmp_path / "hands"),
        submit=lambda reading: None,
        photo_dir=tmp_path / "pictures",
        mat_corners=config.mat_corners,
        mat_size_mm=config.mat_size_mm,
    )
    with reader:
        reading = reader.read(seat=0)
    assert sorted(tuple(ends) for ends in reading.tiles) == [(2, 9), (3, 5), (6, 6)]
    assert reading.total == 31


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give the file to another owner")
def test_storing_the_mat_keeps_the_configs_owner_and_mode(tmp_path, config_file):
    """/etc/train-companion/config.toml is root:train-companion 0640; sudo calibrate must not
    leave it root:root (the service could no longer read it)."""
    os.chown(config_file, 0, 65534)
    os.chmod(config_file, 0o640)
    store_calibration(config_file, [[1, 2], [30, 2], [30, 20], [1, 20]], (326.0, 203.0))
    status = config_file.stat()
    assert (status.st_uid, status.st_gid, status.st_mode & 0o777) == (0, 65534, 0o640)
    assert load_config(config_file, environ={}).mat_size_mm == (326.0, 203.0)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".config-")] == []


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_the_pdf_as_a_pdf_reader_draws_it_has_the_zone_where_the_layout_says(tmp_path):
    layout = mat_layout("A4")
    write_mat(layout, tmp_path / "mat.pdf")
    subprocess.run(
        ["pdftoppm", "-r", "100", "-png", "-singlefile", str(tmp_path / "mat.pdf"),
         str(tmp_path / "page")],
        check=True,
    )  # fmt: skip
    page = cv2.imread(str(tmp_path / "page.png"))
    px_per_mm = 100 / 25.4
    assert abs(page.shape[1] - 297 * px_per_mm) < 2 and abs(page.shape[0] - 210 * px_per_mm) < 2
    mat = from_markers(page, layout.zone_mm)
    assert np.abs(mat.corners - layout.zone_corners_mm() * px_per_mm).max() < 2
