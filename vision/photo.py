"""Loading photos: files or bytes to a BGR image, with clear messages for bad input."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError

MAX_PIXELS = 16_000_000
"""Bigger photos (a 50-megapixel phone shot) are downscaled to about this many pixels."""


class PhotoError(CompanionError):
    """A photo cannot be read: missing, empty, not an image, truncated."""


def load_photo(source: str | os.PathLike | bytes | bytearray | memoryview) -> np.ndarray:
    """Read a photo from a path or from bytes (a phone upload) into a BGR image."""
    if isinstance(source, bytes | bytearray | memoryview):
        data = bytes(source)
        name = "the uploaded photo"
    else:
        path = Path(source)
        name = str(path)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise PhotoError(f"{name}: no such file") from None
        except IsADirectoryError:
            raise PhotoError(f"{name}: is a folder, not a photo") from None
        except OSError as error:
            raise PhotoError(f"{name}: cannot be read ({error.strerror})") from None
    if not data:
        raise PhotoError(f"{name}: the file is empty")
    buffer = np.frombuffer(data, np.uint8)
    image = cv2.imdecode(buffer, _read_flag(data))
    if _truncated(data):
        raise PhotoError(f"{name}: the photo is truncated (the file ends early); take it again")
    if image is None or image.size == 0:
        raise PhotoError(f"{name}: not a photo OpenCV can read (JPEG, PNG, ...)")
    return shrink(image)


def shrink(image: np.ndarray, max_pixels: int = MAX_PIXELS) -> np.ndarray:
    """Downscale an image with more than ``max_pixels`` pixels, keeping its shape."""
    h, w = image.shape[:2]
    if h * w <= max_pixels:
        return image
    scale = (max_pixels / (h * w)) ** 0.5
    return cv2.resize(image, (int(w * scale), int(h * scale)), interpolation=cv2.INTER_AREA)


def _read_flag(data: bytes) -> int:
    """Decode a huge JPEG at a half, quarter or eighth of its size to spare memory."""
    size = _jpeg_size(data)
    if size is None:
        return cv2.IMREAD_COLOR
    pixels = size[0] * size[1]
    for factor, flag in (
        (2, cv2.IMREAD_REDUCED_COLOR_2),
        (4, cv2.IMREAD_REDUCED_COLOR_4),
        (8, cv2.IMREAD_REDUCED_COLOR_8),
    ):
        if pixels / factor**2 <= MAX_PIXELS:
            return flag if pixels > MAX_PIXELS else cv2.IMREAD_COLOR
    return cv2.IMREAD_REDUCED_COLOR_8


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's frame header, or None."""
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        length = int.from_bytes(data[i + 2 : i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h = int.from_bytes(data[i + 5 : i + 7], "big")
            w = int.from_bytes(data[i + 7 : i + 9], "big")
            return (w, h)
        i += 2 + length
    return None


def _truncated(data: bytes) -> bool:
    """A JPEG that stops before its end marker (OpenCV fills the rest with grey).

    The end marker cannot occur inside the compressed data, and phones may append their
    own trailers after it, so the last one must lie in the file's second half (an EXIF
    thumbnail's marker sits near the start)."""
    if data[:2] != b"\xff\xd8":
        return False
    return data.rfind(b"\xff\xd9") < len(data) // 2
