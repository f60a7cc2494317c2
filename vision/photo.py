"""Loading photos safely: every bad file ends in a PhotoError with a clear message."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError

MAX_SIDE = 4096
"""Photos larger than this on their long side are downscaled, never refused."""

MAX_FILE_BYTES = 200 * 1024 * 1024


class PhotoError(CompanionError):
    """A photo cannot be read; the message says which file and what to do."""


def _looks_truncated(data: bytes) -> bool:
    if data[:2] == b"\xff\xd8":  # JPEG: must end with the end-of-image marker
        return b"\xff\xd9" not in data[-1024:]
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return b"IEND" not in data[-64:]
    return False


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a JPEG's frame header, without decoding it."""
    if data[:2] != b"\xff\xd8":
        return None
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE):
            height = int.from_bytes(data[at + 5 : at + 7], "big")
            width = int.from_bytes(data[at + 7 : at + 9], "big")
            return width, height
        at += 2 + length
    return None


_REDUCED = {
    2: cv2.IMREAD_REDUCED_COLOR_2,
    4: cv2.IMREAD_REDUCED_COLOR_4,
    8: cv2.IMREAD_REDUCED_COLOR_8,
}


def _decode_flag(data: bytes) -> int:
    """Decode a huge JPEG at a half, quarter or eighth straight away to spare memory."""
    size = _jpeg_size(data)
    if size is None:
        return cv2.IMREAD_COLOR
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
        path = Path(source)
        if not path.is_file():
            raise PhotoError(f"{name}: no such file; check the path")
        if path.stat().st_size > MAX_FILE_BYTES:
            raise PhotoError(f"{name}: file is over 200 MB; send a smaller photo")
        try:
            data = path.read_bytes()
        except OSError as error:
            raise PhotoError(f"{name}: cannot read the file ({error.strerror})") from None
    if not data:
        raise PhotoError(f"{name}: the file is empty; take the photo again")
    if _looks_truncated(data):
        raise PhotoError(f"{name}: the photo is cut short (truncated); send it again")
    buffer = np.frombuffer(data, np.uint8)
    image = cv2.imdecode(buffer, _decode_flag(data))
    if image is None or image.size == 0:
        raise PhotoError(f"{name}: not a photo OpenCV can read (use JPEG or PNG)")
    return downscale(image)


def downscale(image: np.ndarray, max_side: int = MAX_SIDE) -> np.ndarray:
    """Shrink an image so its long side is at most ``max_side`` pixels."""
    height, width = image.shape[:2]
    long_side = max(height, width)
    if long_side <= max_side:
        return image
    scale = max_side / long_side
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
