"""Loading photos and the ``recognise`` command, as a user at a terminal meets them."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.tiles import Tile
from vision import PhotoError, load_photo
from vision.synth import render

EASY = dict(layout="scatter", tilt=0, glare=False, blur=0.5, noise=2, light=1.0)


@pytest.fixture
def photo(tmp_path):
    image, _ = render([Tile(2, 5), Tile(6, 6)], seed=11, background="cloth", pips="black", **EASY)
    path = tmp_path / "hand.jpg"
    cv2.imwrite(str(path), image)
    return path


def test_bad_files_give_clear_messages(tmp_path):
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    ok, data = cv2.imencode(".jpg", np.full((200, 300, 3), 128, np.uint8))
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data.tobytes()[: len(data) // 2])
    for path, words in [
        (tmp_path / "missing.jpg", "no such file"),
        (empty, "empty"),
        (text, "not a photo"),
        (cut, "truncated"),
        (tmp_path, "folder"),
    ]:
        with pytest.raises(PhotoError, match=words):
            load_photo(path)
    with pytest.raises(PhotoError, match="uploaded photo"):
        load_photo(b"GIF89a nonsense")


def test_bytes_load_like_files(photo):
    assert load_photo(photo.read_bytes()).shape == load_photo(photo).shape


def test_a_50_megapixel_photo_is_downscaled_not_refused(tmp_path):
    big = np.full((5800, 8700, 3), 90, np.uint8)
    path = tmp_path / "big.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 50])
    image = load_photo(path)
    assert image.shape[0] * image.shape[1] <= 16_000_000
    assert abs(image.shape[1] / image.shape[0] - 8700 / 5800) < 0.01


def test_json_lines_and_a_bad_file_among_good_ones(photo, tmp_path, capsys):
    missing = tmp_path / "gone.jpg"
    status = main(["recognise", str(photo), str(missing), str(photo), "--json"])
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2
    assert [line["file"] for line in lines] == [str(photo), str(missing), str(photo)]
    assert lines[0]["pip_total"] == 19 and lines[2]["pip_total"] == 19
    assert sorted(t["ends"] for t in lines[0]["tiles"]) == [[2, 5], [6, 6]]
    assert all(len(t["corners"]) == 4 for t in lines[0]["tiles"])
    assert lines[0]["elapsed_ms"] > 0
    assert "no such file" in lines[1]["error"] and "gone.jpg" in err


def test_human_line_and_annotated_picture(photo, tmp_path, capsys):
    out_dir = tmp_path / "annotated"
    assert main(["recognise", str(photo), "--annotate", str(out_dir)]) == 0
    line = capsys.readouterr().out
    assert "19 pips" in line and "6-6" in line
    picture = cv2.imread(str(out_dir / "hand.jpg"))
    assert picture is not None and picture.shape == cv2.imread(str(photo)).shape


def test_a_smaller_set_reports_the_conflict(tmp_path, capsys):
    image, _ = render([Tile(10, 12)], seed=5, background="cloth", pips="black", **EASY)
    path = tmp_path / "big-tile.jpg"
    cv2.imwrite(str(path), image)
    main(["recognise", str(path), "--set", "6"])
    assert "not in a double-6 set" in capsys.readouterr().out
