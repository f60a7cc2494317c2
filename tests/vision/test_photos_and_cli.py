"""Bad input never ends in a traceback; the recognise command line."""

import json
import struct

import cv2
import numpy as np
import pytest

import vision
from companion.cli import main
from companion.tiles import Tile


@pytest.fixture
def good_photo(tmp_path, one_tile):
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), one_tile(Tile(3, 6)))
    return path


@pytest.fixture
def bad_photos(tmp_path, good_photo):
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(good_photo.read_bytes()[:2000])
    return [empty, text, cut, tmp_path / "missing.jpg"]


def test_bad_files_raise_photo_errors(bad_photos):
    for path in bad_photos:
        with pytest.raises(vision.PhotoError, match=path.name):
            vision.load_photo(path)


def test_an_iphone_heic_photo_is_named_with_what_to_do():
    """An iPhone keeps its photos as HEIC, which OpenCV cannot decode: the player is told
    so, and how to send a JPEG instead, not that the file is damaged."""
    heic = struct.pack(">I", 24) + b"ftypheic" + b"\x00" * 4 + b"mif1heic" + b"\x00" * 64
    with pytest.raises(vision.PhotoError, match="HEIC.*JPEG"):
        vision.load_photo(heic)


def test_photo_bytes_load(good_photo):
    assert vision.load_photo(good_photo.read_bytes()).shape[2] == 3


def _turned_in_exif(photo: np.ndarray) -> bytes:
    """The JPEG a phone writes when held upright: the pixels as the sensor lies, and an EXIF
    orientation (6) saying they are to be turned a quarter clockwise to be seen."""
    jpeg = cv2.imencode(".jpg", photo)[1].tobytes()
    entry = struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0)
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + entry + bytes(4)
    exif = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", 2 + len(exif)) + exif + jpeg[2:]


@pytest.mark.parametrize("width", [400, 8400])  # decoded whole, and at half size
def test_a_phone_photo_held_upright_is_read_the_right_way_up(width):
    sensor = np.zeros((width // 2, width, 3), np.uint8)
    sensor[:, : width // 4] = 255  # the top of the scene lies at the sensor's left
    photo = vision.load_photo(_turned_in_exif(sensor))
    assert photo.shape[0] > photo.shape[1]  # upright: taller than wide
    assert photo[:8].mean() > 200 and photo[-8:].mean() < 50


def test_a_50_megapixel_photo_is_downscaled_not_refused(tmp_path):
    huge = np.full((6000, 8400, 3), 90, np.uint8)
    path = tmp_path / "huge.jpg"
    cv2.imwrite(str(path), huge)
    del huge
    image = vision.load_photo(path)
    assert max(image.shape[:2]) == 4096


def test_cli_json_reports_each_file_and_exits_2_at_the_end(good_photo, bad_photos, capsys):
    files = [str(bad_photos[0]), str(good_photo), *map(str, bad_photos[1:])]
    assert main(["recognise", "--json", *files]) == 2
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == files
    good = lines[1]
    assert good["pip_total"] == 9 and good["tiles"][0]["ends"] == [3, 6]
    assert good["elapsed_ms"] >= 0
    assert all("error" in line for i, line in enumerate(lines) if i != 1)
    assert "Traceback" not in err and err.count("error:") == 4


def test_cli_set_7_reports_a_double_12_tile(tmp_path, one_tile, capsys):
    path = tmp_path / "twelve.png"
    cv2.imwrite(str(path), one_tile(Tile(12, 10), coloured=True))
    assert main(["recognise", "--set", "7", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "above 7" in err and "please check" in out


def test_cli_annotate_writes_a_picture(tmp_path, good_photo, capsys):
    assert main(["recognise", "--annotate", str(tmp_path / "out"), str(good_photo)]) == 0
    assert (tmp_path / "out" / "hand-annotated.jpg").is_file()
    assert "9 pips" in capsys.readouterr().out
