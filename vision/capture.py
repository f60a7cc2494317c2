"""Where frames come from: the Pi camera, a V4L2 camera, or files for tests and replays.

Every source is a ``FrameSource``: ``still()`` returns a full-resolution BGR image for
scoring, and ``close()`` (or a ``with`` block) releases the camera.

>>> from vision.capture import open_source
>>> with open_source("files:tests/photos") as camera:   # doctest: +SKIP
...     image = camera.still()
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from vision.photo import PhotoError, load_photo

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}


class CameraError(PhotoError):
    """No camera could be opened or it stopped giving frames."""


@runtime_checkable
class FrameSource(Protocol):
    def still(self) -> np.ndarray: ...

    def close(self) -> None: ...


class _Closing:
    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()  # type: ignore[attr-defined]


class FileSource(_Closing):
    """Photos from a file or a folder, in name order, round and round (for replays)."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        if path.is_dir():
            self.files = sorted(p for p in path.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
        else:
            self.files = [path]
        if not self.files:
            raise CameraError(f"{path}: no photos there (JPEG or PNG)")
        self._next = 0

    def still(self) -> np.ndarray:
        path = self.files[self._next % len(self.files)]
        self._next += 1
        return load_photo(path)

    def close(self) -> None:
        pass


class V4L2Source(_Closing):
    """A USB or CSI camera through OpenCV's V4L2 backend, at its largest resolution."""

    def __init__(self, device: int | str = 0, size: tuple[int, int] = (1920, 1080)) -> None:
        import cv2

        self._camera = cv2.VideoCapture(device, cv2.CAP_V4L2)
        if not self._camera.isOpened():
            raise CameraError(f"no V4L2 camera at {device}; check the cable and /dev/video*")
        self._camera.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self._camera.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])

    def still(self) -> np.ndarray:
        for _ in range(3):  # drop stale buffered frames
            self._camera.grab()
        ok, frame = self._camera.read()
        if not ok or frame is None:
            raise CameraError("the camera gave no picture; check it is not in use elsewhere")
        return frame

    def close(self) -> None:
        self._camera.release()


class PiCameraSource(_Closing):
    """The Raspberry Pi camera through picamera2 (from Raspberry Pi OS, imported lazily)."""

    def __init__(self) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError:
            raise CameraError(
                "picamera2 is not installed (apt install python3-picamera2)"
            ) from None
        try:
            self._camera = Picamera2()
            config = self._camera.create_still_configuration(main={"format": "RGB888"})
            self._camera.configure(config)
            self._camera.start()
        except Exception as error:  # picamera2 raises plain RuntimeError/IndexError
            raise CameraError(f"the Pi camera cannot start: {error}") from None

    def still(self) -> np.ndarray:
        # libcamera names formats by word order: picamera2's "RGB888" is B, G, R per pixel,
        # which is what OpenCV expects
        frame = self._camera.capture_array("main")
        return np.ascontiguousarray(frame[..., :3])

    def close(self) -> None:
        self._camera.close()


def open_source(spec: str = "auto") -> FrameSource:
    """``auto`` (Pi camera, then V4L2), ``picamera``, ``v4l2[:N]`` or ``files:PATH``."""
    if spec.startswith("files:"):
        return FileSource(spec[len("files:") :])
    if spec == "picamera":
        return PiCameraSource()
    if spec.startswith("v4l2"):
        device = spec.partition(":")[2] or "0"
        return V4L2Source(int(device) if device.isdigit() else device)
    if spec == "auto":
        try:
            return PiCameraSource()
        except CameraError:
            return V4L2Source(0)
    raise CameraError(f"unknown camera {spec!r}: use auto, picamera, v4l2[:N] or files:PATH")
