"""Where frames come from: the Pi camera, a V4L2 camera, or files for tests and replays.

Every source is a ``FrameSource``: ``still()`` returns a full-resolution BGR image for
scoring, and ``close()`` (or a ``with`` block) releases the camera.

>>> from vision.capture import open_source
>>> with open_source("tests/photos") as camera:   # doctest: +SKIP
...     image = camera.still()

The names are those of ``[camera] source`` in the config: ``auto``, ``picamera2``, ``v4l2``,
``v4l2:N``, ``none`` or a photo file or folder (``files:PATH`` and ``picamera`` are old
spellings, still understood). A camera that cannot be opened, for any reason, is a
``CameraError`` with a message saying what to do, never a crash: without a camera the
companion still scores the phones' photos.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from vision.photo import PhotoError, load_photo

PHOTO_SUFFIXES = {".jpg", ".jpeg", ".png", ".bmp", ".webp"}


class CameraError(PhotoError):
    """No camera could be opened or it stopped giving frames."""


class NoCamera(CameraError):
    """The config says there is no camera (``source = "none"``)."""


SOURCES_HELP = "auto, picamera2, v4l2, v4l2:N, none, or a photo file or folder"


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
        if not path.exists():
            raise CameraError(f"{path}: no such photo or folder (camera.source)")
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
        Picamera2 = import_picamera2()
        try:
            self._camera = Picamera2()
            config = self._camera.create_still_configuration(main={"format": "RGB888"})
            self._camera.configure(config)
            self._camera.start()
        except Exception as error:  # picamera2 raises plain RuntimeError/IndexError
            raise CameraError(
                f"the Pi camera cannot start: {error}; check the ribbon cable "
                "(contacts towards the board) and `rpicam-hello --list-cameras`"
            ) from None

    def still(self) -> np.ndarray:
        # libcamera names formats by word order: picamera2's "RGB888" is B, G, R per pixel,
        # which is what OpenCV expects
        frame = self._camera.capture_array("main")
        return np.ascontiguousarray(frame[..., :3])

    def close(self) -> None:
        self._camera.close()


def import_picamera2():
    """picamera2's ``Picamera2`` class, or a CameraError that says how to mend the install.

    On Raspberry Pi OS picamera2 and simplejpeg come from apt, built against apt's numpy:
    a virtual environment with another numpy makes the import fail with ValueError
    ("numpy.dtype size changed") or a RuntimeError, not ImportError. Any failure here is a
    message and a companion without a camera, never a crash.
    """
    try:
        from picamera2 import Picamera2  # type: ignore[import-not-found]
    except ModuleNotFoundError as error:
        if error.name not in (None, "picamera2"):
            raise CameraError(_broken_picamera2(error)) from None
        raise CameraError(
            "picamera2 is not installed: sudo apt install python3-picamera2, and make the "
            "virtual environment with --system-site-packages (tools/install-pi.sh does both)"
        ) from None
    except Exception as error:  # ValueError, RuntimeError, ImportError from a binary module
        raise CameraError(_broken_picamera2(error)) from None
    return Picamera2


def _broken_picamera2(error: BaseException) -> str:
    return (
        f"picamera2 is installed but cannot be imported ({type(error).__name__}: "
        f"{str(error).strip() or 'no detail'}); usually the virtual environment's numpy "
        f"({np.__version__}) is not the one Raspberry Pi OS built picamera2 for: run "
        'tools/install-pi.sh again, or set [camera] source = "v4l2" or "none". '
        "Photos from phones still score"
    )


def open_source(spec: str = "auto") -> FrameSource:
    """The frame source the config names (see the module's docstring for the names)."""
    spec = spec.strip()
    kind, argument = parse_source(spec)
    if kind == "none":
        raise NoCamera(
            'camera.source is "none": no camera; the scores come from phones\' photos '
            "and the score pad"
        )
    if kind == "files":
        return FileSource(Path(argument).expanduser())
    if kind == "picamera2":
        return PiCameraSource()
    if kind == "v4l2":
        return V4L2Source(int(argument) if argument.isdigit() else argument)
    try:  # auto
        return PiCameraSource()
    except CameraError as pi_problem:
        try:
            return V4L2Source(0)
        except CameraError as v4l2_problem:
            raise CameraError(f"no camera found: {pi_problem}; and {v4l2_problem}") from None


def parse_source(spec: str) -> tuple[str, str]:
    """``(kind, argument)`` for a ``[camera] source`` value, without opening anything:
    kind is auto, picamera2, v4l2, none or files. Raises CameraError for an unknown name."""
    spec = spec.strip()
    if spec.startswith("files:"):
        return "files", spec[len("files:") :]
    if spec in ("auto", "none"):
        return spec, ""
    if spec in ("picamera2", "picamera"):
        return "picamera2", ""
    if spec == "v4l2" or spec.startswith("v4l2:"):
        return "v4l2", spec.partition(":")[2] or "0"
    path = Path(spec).expanduser()
    if "/" in spec or spec.startswith("~") or path.suffix.lower() in PHOTO_SUFFIXES:
        return "files", spec
    if path.exists():
        return "files", spec
    raise CameraError(f"unknown camera {spec!r}: use {SOURCES_HELP}")
