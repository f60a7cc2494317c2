"""Loading photos safely: every bad file ends in a PhotoError with a clear message.

A photo's size is read from its header before a pixel is decoded, so a small file that
would unpack to gigabytes (a 20000 x 20000 PNG is 400 KB) is refused, not decoded. Photos
up to 50 megapixels are read and downscaled; a big JPEG is decoded straight at a half,
quarter or eighth of its size, so reading one never needs the whole picture in memory.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError
from vision.shrink import to_side

MAX_SIDE = 4096
"""Photos larger than this on their long side are downscaled, never refused."""

MAX_PIXELS = 52_000_000
"""Photos with more pixels than this are refused: decoded, they would not fit a Pi. A
50-megapixel phone camera's photos (8160 x 6120, 8400 x 6000) fit."""

MAX_FILE_BYTES = 200 * 1024 * 1024
REDUCE_OTHERS_ABOVE = 16_000_000
"""PNG, WebP and BMP photos with more pixels than this are read at half size."""

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): they hold the size
_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
_JPEG_PROGRESSIVE = {0xC2, 0xC6, 0xCA, 0xCE}
MAX_COEFFICIENT_BYTES = 160 * 1024 * 1024
# markers that stand alone, without a length: TEM, the restart markers, start of image
_JPEG_BARE = {0x01, *range(0xD0, 0xD9)}


class PhotoError(CompanionError):
    """A photo cannot be read; the message says which file and what to do."""


class PhotoTooLarge(PhotoError):
    """A photo has more pixels than a Pi can decode safely."""


def image_size(data: bytes) -> tuple[int, int] | None:
    """``(width, height)`` from a JPEG, PNG, WebP or BMP header; None if it is not one of
    those or its header is cut short."""
    try:
        if data.startswith(PNG_SIGNATURE):
            return _png_size(data)
        if data[:2] == b"\xff\xd8":
            return _jpeg_size(data)
        if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
            return _webp_size(data)
        if data[:2] == b"BM":
            return _bmp_size(data)
    except (struct.error, IndexError):
        return None
    return None


HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1", b"avif"}
"""The brands an HEIF file (an iPhone's HEIC photo, an AVIF) names in its first box."""


def _is_heif(data: bytes) -> bool:
    return data[4:8] == b"ftyp" and data[8:12] in HEIF_BRANDS


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", data[16:24])


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    frame = _jpeg_frame(data)
    return None if frame is None else frame[:2]


def _jpeg_frame(data: bytes) -> tuple[int, int, int, list[tuple[int, int]]] | None:
    """A JPEG's width, height, frame marker and each component's sampling factors."""
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # a fill byte before a marker
            at += 1
            continue
        if marker in _JPEG_BARE:
            at += 2
            continue
        if marker in _JPEG_FRAMES:
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            count = data[at + 9]
            factors = [
                (data[at + 11 + 3 * i] >> 4, data[at + 11 + 3 * i] & 0x0F) for i in range(count)
            ]
            return width, height, marker, factors
        if marker == 0xDA:  # the picture data begins and no frame header came before it
            return None
        at += 2 + struct.unpack(">H", data[at + 2 : at + 4])[0]
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    kind = data[12:16]
    if kind == b"VP8 ":  # lossy: a key frame's header after its start code
        if data[23:26] != b"\x9d\x01\x2a":
            return None
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if kind == b"VP8L":  # lossless: 14-bit width and height, less one
        if data[20] != 0x2F:
            return None
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8X":  # extended: the canvas, 24-bit width and height, less one
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    return None


def _bmp_size(data: bytes) -> tuple[int, int] | None:
    header = struct.unpack("<I", data[14:18])[0]
    if header == 12:  # the old OS/2 header
        return struct.unpack("<HH", data[18:22])
    width, height = struct.unpack("<ii", data[18:26])
    return abs(width), abs(height)  # a negative height: rows stored top-down


def check_size(data: bytes, name: str = "photo") -> tuple[int, int]:
    """The photo's ``(width, height)`` from its header; PhotoError if it cannot be read,
    PhotoTooLarge beyond ``MAX_PIXELS``."""
    size = image_size(data)
    if size is None and _is_heif(data):
        raise PhotoError(
            f"{name}: an HEIC photo (the iPhone's own format), which cannot be read here: send it"
            " as a JPEG (on the iPhone: Settings > Camera > Formats > Most Compatible)"
        )
    if size is None or 0 in size:
        raise PhotoError(f"{name}: not a JPEG, PNG, WebP or BMP photo, or its header is damaged")
    width, height = size
    if data[:2] == b"\xff\xd8":
        _check_progressive(_jpeg_frame(data), name)
    if width * height > MAX_PIXELS:
        megapixels = width * height / 1e6
        raise PhotoTooLarge(
            f"{name}: {width} x {height} pixels ({megapixels:.0f} megapixels) is more than the "
            f"companion reads (up to {MAX_PIXELS // 1_000_000} megapixels, as a 50-megapixel "
            "camera takes); send a smaller photo"
        )
    return size


def _check_progressive(frame, name: str) -> None:
    """A progressive JPEG is decoded from all its coefficients at once, two bytes for each
    sample of each component, whatever size it is read at: refuse one that would need more
    than ``MAX_COEFFICIENT_BYTES`` (a 50-megapixel photo with the usual colour subsampling
    needs 150 MB; the same without subsampling 300 MB)."""
    if frame is None:
        return
    width, height, marker, factors = frame
    if marker not in _JPEG_PROGRESSIVE or not factors:
        return
    most_h = max(h for h, _ in factors) or 1
    most_v = max(v for _, v in factors) or 1
    samples = sum(width * height * h * v / (most_h * most_v) for h, v in factors)
    if samples * 2 > MAX_COEFFICIENT_BYTES:
        raise PhotoTooLarge(
            f"{name}: a progressive JPEG of {width} x {height} pixels needs "
            f"{samples * 2 / 2**20:.0f} MB to read, more than the companion allows; send the "
            "camera's own photo or a smaller one"
        )


def _looks_truncated(data: bytes) -> bool:
    if data[:2] == b"\xff\xd8":  # JPEG: must end with the end-of-image marker
        return b"\xff\xd9" not in data[-1024:]
    if data[:8] == PNG_SIGNATURE:
        return b"IEND" not in data[-64:]
    return False


_REDUCED = {
    2: cv2.IMREAD_REDUCED_COLOR_2,
    4: cv2.IMREAD_REDUCED_COLOR_4,
    8: cv2.IMREAD_REDUCED_COLOR_8,
}


def _decode_flag(data: bytes, size: tuple[int, int]) -> int:
    """Decode a huge JPEG at a half, quarter or eighth straight away to spare memory. Other
    kinds are decoded whole, but a big one is asked for at half size all the same: OpenCV
    then hands back (and copies) a quarter of the pixels, not all of them."""
    if data[:2] != b"\xff\xd8":
        big = size[0] * size[1] > REDUCE_OTHERS_ABOVE
        return cv2.IMREAD_REDUCED_COLOR_2 if big else cv2.IMREAD_COLOR
    factor = 1
    while max(size) // (factor * 2) >= MAX_SIDE and factor < 8:
        factor *= 2
    return _REDUCED.get(factor, cv2.IMREAD_COLOR)


def load_photo(source: str | os.PathLike | bytes) -> np.ndarray:
    """Read a photo (a path or the file's bytes) as a BGR image, downscaled if huge."""
    name = "photo" if isinstance(source, bytes | bytearray) else str(source)
    if isinstance(source, bytes | bytearray):
        data = bytes(source)
    else:
        data = _read_file(Path(source), name)
    if not data:
        raise PhotoError(f"{name}: the file is empty; take the photo again")
    size = check_size(data, name)
    if _looks_truncated(data):
        raise PhotoError(f"{name}: the photo is cut short (truncated); send it again")
    buffer = np.frombuffer(data, np.uint8)
    try:
        image = cv2.imdecode(buffer, _decode_flag(data, size))
    except cv2.error:
        image = None
    if image is None or image.size == 0:
        raise PhotoError(f"{name}: not a photo OpenCV can read (use JPEG or PNG)")
    return downscale(image)


def _read_file(path: Path, name: str) -> bytes:
    if not path.is_file():
        raise PhotoError(f"{name}: no such file; check the path")
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PhotoError(f"{name}: file is over 200 MB; send a smaller photo")
        with path.open("rb") as file:
            return file.read(MAX_FILE_BYTES + 1)[:MAX_FILE_BYTES]
    except OSError as error:
        raise PhotoError(f"{name}: cannot read the file ({error.strerror})") from None


def downscale(image: np.ndarray, max_side: int = MAX_SIDE) -> np.ndarray:
    """Shrink an image so its long side is at most ``max_side`` pixels."""
    height, width = image.shape[:2]
    long_side = max(height, width)
    if long_side <= max_side:
        return image
    return to_side(image, max_side)[0]
