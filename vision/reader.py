"""The camera glue of the live companion: a seat asks, a worker thread snaps, reads, answers.

``HandReader(source, submit, photo_dir)`` is a context manager; ``request(seat)`` returns at
once, and the worker takes a still, checks the light, recognises the tiles (in the scoring
zone when ``mat_corners`` are known), writes the annotated picture to
``photo_dir/<id>.jpg`` and submits a ``HandRead``. A camera or lighting problem is logged
and nothing is submitted: the players score by hand.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from companion import commands as c
from companion.errors import CompanionError
from companion.tiles import Tile
from vision import synth
from vision.annotate import annotate
from vision.calibrate import check_lighting, top_down
from vision.capture import FrameSource
from vision.capture import open_source as open_camera
from vision.recognise import recognise

log = logging.getLogger(__name__)

__all__ = ["HandReader", "SyntheticCamera", "open_camera"]


class SyntheticCamera:
    """A camera that photographs whatever hand a seat holds, rendered by ``synth`` (seeded
    by seat and shot, so a retake is a new photo of the same tiles)."""

    def __init__(self, hand_for_seat: Callable[[int], list[Tile]], set_max: int = 12) -> None:
        self.hand_for_seat = hand_for_seat
        self.set_max = set_max
        self._shots = 0

    def still(self, seat: int = 0) -> np.ndarray:
        self._shots += 1
        tiles = list(self.hand_for_seat(seat))
        image, _ = synth.render(
            tiles,
            seed=1000 * seat + self._shots,
            size=(1280, 720),
            tilt=5,
            glare=False,
            spinner=False,
            light=0.8,
            background=("felt", "wood", "cloth")[seat % 3],
        )
        return image

    def close(self) -> None:
        pass


class HandReader:
    def __init__(
        self,
        source: FrameSource | SyntheticCamera,
        submit: Callable[[object], object],
        photo_dir: Path,
        set_max: int = 12,
        mat_corners: list | None = None,
    ) -> None:
        self.source = source
        self.submit = submit
        self.photo_dir = Path(photo_dir)
        self.set_max = set_max
        self.mat_corners = mat_corners
        self._jobs: queue.Queue[int | None] = queue.Queue()
        self._worker = threading.Thread(target=self._run, name="hand-reader", daemon=True)
        self._worker.start()

    def __enter__(self) -> HandReader:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def request(self, seat: int) -> None:
        """Photograph and read ``seat``'s hand; the answer comes later as a HandRead."""
        self._jobs.put(seat)

    def close(self) -> None:
        if self._worker.is_alive():
            self._jobs.put(None)
            self._worker.join(timeout=10)
        try:
            self.source.close()
        except Exception:
            log.debug("closing the camera failed", exc_info=True)

    def _run(self) -> None:
        while (seat := self._jobs.get()) is not None:
            try:
                self.submit(self.read(seat))
            except CompanionError as error:
                log.warning("seat %d: the camera cannot read this hand: %s", seat + 1, error)
            except Exception:
                log.exception("seat %d: reading the hand failed", seat + 1)

    def read(self, seat: int) -> c.HandRead:
        """Snap, check, recognise, save the picture: the HandRead for ``seat``."""
        if isinstance(self.source, SyntheticCamera):
            image = self.source.still(seat)
        else:
            image = self.source.still()
        if self.mat_corners:
            image = top_down(image, self.mat_corners)
        problem = check_lighting(image)
        if problem:
            raise CompanionError(problem)
        result = recognise(image, set_max=self.set_max)
        picture = f"{secrets.token_hex(16)}.jpg"  # the name the score pad serves it by
        self.photo_dir.mkdir(parents=True, exist_ok=True)
        path = self.photo_dir / picture
        if not cv2.imwrite(str(path), annotate(image, result), [cv2.IMWRITE_JPEG_QUALITY, 85]):
            raise CompanionError(f"cannot write the picture to {path}")
        return c.HandRead(
            seat=seat,
            total=result.pip_total,
            tiles=[list(t.ends) for t in result.tiles],
            low_confidence=result.low_confidence,
            picture=picture,
            source="camera",
        )
