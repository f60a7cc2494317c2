"""Frame sources: the Pi camera, V4L2 cameras, and files or folders for tests and replays.

Every source has ``still() -> BGR image`` (a full-resolution still, for scoring) and
``close()``. ``open_source(spec)`` picks one: "auto" (picamera2, then the first V4L2
camera), "picamera2", "v4l2", "v4l2:N", a photo file or folder, or "none".
picamera2 comes with Raspberry Pi OS and is imported only when asked for.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from companion.errors import CompanionError
from vision.photo import load_photo

log = logging.getLogger(__name__)

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff"}


class CameraError(CompanionError):
    """The camera cannot be opened or gave no picture."""


class FrameSource(Protocol):
    def still(self) -> np.ndarray: ...

    def close(self) -> None: ...


class PiCamera:
    """The Raspberry Pi camera through picamera2, at its full still resolution."""

    def __init__(self) -> None:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]
        except ImportError:
            raise CameraError(
                "picamera2 is not installed (it comes with Raspberry Pi OS; create the "
                "venv with --system-site-packages)"
            ) from None
        try:
            self._cam = Picamera2()
            self._cam.configure(self._cam.create_still_configuration())
            self._cam.start()
        except Exception as error:  # picamera2 raises RuntimeError, IndexError, ...
            raise CameraError(f"the Pi camera cannot be opened ({error})") from None

    def still(self) -> np.ndarray:
        try:
            rgb = self._cam.capture_array("main")
        except Exception as error:
            raise CameraError(f"the Pi camera gave no picture ({error})") from None
        return cv2.cvtColor(np.asarray(rgb)[..., :3], cv2.COLOR_RGB2BGR)

    def close(self) -> None:
        try:
            self._cam.stop()
            self._cam.close()
        except Exception:  # closing a broken camera must not hide the first error
            log.debug("closing the Pi camera failed", exc_info=True)


class V4L2Camera:
    """A USB or other V4L2 camera through OpenCV, asked for its largest frame size."""

    def __init__(self, index: int = 0, settle_frames: int = 3) -> None:
        self.index = index
        self._cap = cv2.VideoCapture(index, cv2.CAP_V4L2)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"no V4L2 camera at /dev/video{index}")
        self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, 4096)
        self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, 3072)
        for _ in range(settle_frames):  # let exposure settle
            self._cap.read()

    def still(self) -> np.ndarray:
        self._cap.grab()  # drop a buffered, older frame
        ok, frame = self._cap.read()
        if not ok or frame is None:
            raise CameraError(f"the camera at /dev/video{self.index} gave no picture")
        return frame

    def close(self) -> None:
        self._cap.release()


class FileSource:
    """Photos from a file, or from a folder in name order (cycling): tests and replays."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        if path.is_dir():
            self.files = sorted(p for p in path.iterdir() if p.suffix.lower() in PHOTO_SUFFIXES)
            if not self.files:
                raise CameraError(f"{path}: no photos in this folder")
        elif path.is_file():
            self.files = [path]
        else:
            raise CameraError(f"{path}: no such camera, photo or folder")
        self._next = 0

    def still(self) -> np.ndarray:
        path = self.files[self._next % len(self.files)]
        self._next += 1
        return load_photo(path)

    def close(self) -> None:
        pass


def open_source(spec: str) -> FrameSource:
    """Open the frame source named in ``[camera] source`` (see the module docstring)."""
    spec = (spec or "auto").strip()
    if spec == "none":
        raise CompanionError('no camera (camera.source is "none"); scores are entered by hand')
    if spec == "picamera2":
        return PiCamera()
    if spec == "v4l2" or spec.startswith("v4l2:"):
        index = spec.partition(":")[2] or "0"
        if not index.isdigit():
            raise CompanionError(f"camera.source: v4l2:N needs a number, not {spec!r}")
        return V4L2Camera(int(index))
    if spec == "auto":
        errors = []
        for opener in (PiCamera, V4L2Camera):
            try:
                return opener()
            except CameraError as error:
                errors.append(str(error))
        raise CameraError("no camera found: " + "; ".join(errors))
    return FileSource(spec)
