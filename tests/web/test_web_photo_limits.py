"""Huge photos: the size is read from the file's header before anything is decoded; up to
52 megapixels (a 50-megapixel camera) a photo is downscaled, beyond that it is refused."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import zlib

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.photo import (
    MAX_PIXELS,
    PhotoError,
    PhotoTooLarge,
    check_size,
    image_size,
    load_photo,
)


def chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def blank_png(width: int, height: int) -> bytes:
    """A real black-and-white PNG, one bit a pixel: big in pixels, small on the disk."""
    row = b"\x00" + b"\x00" * ((width + 7) // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """The 20000 x 20000 PNG from the issue: about 400 KB that decodes to 1.2 GB."""
    return blank_png(20000, 20000)


def upload(client, data: bytes):
    return client.post(
        "/api/photos",
        data={"photo": (io.BytesIO(data), "hand.png")},
        headers={"X-CSRF-Token": client.token},
        content_type="multipart/form-data",
    )


def test_a_400_megapixel_png_is_refused_before_it_is_decoded(host, bomb):
    assert len(bomb) < 1_000_000
    response = upload(host, bomb)
    assert response.status_code == 413
    error = response.json["error"]
    assert "20000 x 20000" in error and "52 megapixels" in error


def test_a_huge_photo_file_gives_one_error_line_on_the_command_line(tmp_path, bomb, capsys):
    path = tmp_path / "bomb.png"
    path.write_bytes(bomb)
    assert main(["recognise", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 1 and "bomb.png" in err and "52 megapixels" in err
    assert "Traceback" not in err


def test_sizes_are_read_from_every_kind_of_header(tmp_path):
    picture = np.zeros((30, 70, 3), np.uint8)
    for suffix in (".png", ".jpg", ".bmp", ".webp"):
        ok, encoded = cv2.imencode(suffix, picture)
        assert ok
        assert image_size(encoded.tobytes()) == (70, 30), suffix
    lossless = cv2.imencode(".webp", picture, [cv2.IMWRITE_WEBP_QUALITY, 101])[1].tobytes()
    assert image_size(lossless) == (70, 30)
    progressive = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1]
    assert image_size(progressive.tobytes()) == (70, 30)


def test_a_picture_whose_size_cannot_be_read_is_refused(tmp_path):
    for data in (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0\x00", b"GIF89a....", b"P6 1 1 255 x"):
        with pytest.raises(PhotoError):
            load_photo(data)


def test_a_file_that_claims_too_many_pixels_is_refused_in_the_header(tmp_path):
    width = height = 60000
    ok, small = cv2.imencode(".jpg", np.zeros((8, 8, 3), np.uint8))
    data = bytearray(small.tobytes())
    at = data.index(b"\xff\xc0")
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    with pytest.raises(PhotoError, match="60000 x 60000"):
        load_photo(bytes(data))
    assert width * height > MAX_PIXELS


def patched_jpeg(width: int, height: int, flags: tuple = ()) -> bytes:
    """A small real JPEG whose frame header says it is ``width`` x ``height``."""
    ok, small = cv2.imencode(".jpg", np.zeros((16, 16, 3), np.uint8), flags)
    data = bytearray(small.tobytes())
    at = max(data.find(b"\xff\xc0"), data.find(b"\xff\xc2"))
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def test_a_big_progressive_jpeg_is_refused_when_it_would_need_too_much_memory():
    """Progressive JPEGs are decoded from all their coefficients at once."""
    progressive = (cv2.IMWRITE_JPEG_PROGRESSIVE, 1)
    full_colour = (
        *progressive,
        cv2.IMWRITE_JPEG_SAMPLING_FACTOR,
        cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444,
    )
    with pytest.raises(PhotoTooLarge, match="progressive"):
        check_size(patched_jpeg(8570, 5710, full_colour))
    assert check_size(patched_jpeg(8570, 5710, progressive)) == (8570, 5710)  # 4:2:0
    assert check_size(patched_jpeg(8570, 5710)) == (8570, 5710)  # a camera's own


MEASURE = """
import sys
from pathlib import Path
from companion.memory import one_arena, release_free_memory
from vision.photo import PhotoError, load_photo
one_arena()  # as the service runs (MALLOC_ARENA_MAX=1 in the unit)
for name in sys.argv[1:]:
    try:
        shape = load_photo(Path(name).read_bytes()).shape
    except PhotoError as error:
        shape = str(error)
    release_free_memory()  # as the server does after each photo
    print(name, shape, flush=True)
# VmHWM: this process's own peak (ru_maxrss would start from the parent's at the fork)
status = dict(line.split(":", 1) for line in open("/proc/self/status"))
print(int(status["VmHWM"].split()[0]) // 1024)
"""


@pytest.mark.slow
def test_reading_any_photo_stays_within_the_memory_of_a_pi(tmp_path, bomb):
    """A fresh process reads the bomb, a 49-megapixel PNG, a 49-megapixel JPEG and the same
    as a progressive JPEG; its peak memory (everything: Python, OpenCV, the pictures) stays
    well under the 400 MB the server may use."""
    files = {"bomb.png": bomb, "big.png": blank_png(8570, 5710)}
    picture = np.full((5710, 8570, 3), 90, np.uint8)
    files["big.jpg"] = cv2.imencode(".jpg", picture)[1].tobytes()
    progressive = [cv2.IMWRITE_JPEG_PROGRESSIVE, 1]
    files["progressive.jpg"] = cv2.imencode(".jpg", picture, progressive)[1].tobytes()
    del picture
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    names = [str(tmp_path / name) for name in files]
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *names], capture_output=True, text=True, check=True
    )
    lines = done.stdout.splitlines()
    assert "megapixels" in lines[0]
    assert all(line.endswith("(2729, 4096, 3)") for line in lines[1:4]), lines
    assert int(lines[-1]) < 300, done.stdout  # megabytes at the peak
