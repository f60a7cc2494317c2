"""The camera glue of the live companion: a seat asks, a worker thread snaps, reads, answers.

``HandReader(source, submit, photo_dir)`` is a context manager; ``request(seat)`` returns at
once, and the worker takes a still, checks the light, recognises the tiles (on the scoring
zone seen from above when ``mat_corners`` are known), writes the annotated picture to
``photo_dir/<id>.jpg`` and submits a ``HandRead``. Bad light ("too dark", "glare on the
mat") is logged and marks the reading low-confidence for the player to check; a camera that
gives no picture is logged and nothing is submitted: the players score by hand.

A reading allocates and frees tens of megabytes (the still, its grey and mat copies, the
annotated picture), which glibc would keep for good: after each reading the worker hands
the free memory back to the system (companion.memory).
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
from companion.memory import release_free_memory
from companion.tiles import Tile
from vision import synth
from vision.annotate import annotate
from vision.calibration import MatCalibration, check_lighting, from_config
from vision.capture import FrameSource
from vision.capture import open_source as open_camera
from vision.recognise import recognise

log = logging.getLogger(__name__)

__all__ = ["HandReader", "SyntheticCamera", "open_camera"]

MAT_MM = (600.0, 400.0)  # the scoring zone when the config does not say (camera.mat_size_mm)


class SyntheticCamera:
    """A camera for simulations: each still shows the hand the seat really holds, rendered
    by vision.synth, a different shot every time (so a retake is a new picture)."""

    def __init__(self, hand_for_seat: Callable[[int], list[Tile]], set_max: int = 12) -> None:
        self.hand_for_seat = hand_for_seat
        self.set_max = set_max
        self._shots = 0

    def still(self, seat: int = 0) -> np.ndarray:
        self._shots += 1
        hand = list(self.hand_for_seat(seat))
        # a lit scoring mat under a fixed camera: no coins, shadows or tilt
        image, _ = synth.render(
            seed=self._shots * 97 + seat, tiles=hand, set_max=self.set_max, hard=False
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
        mat_size_mm: tuple[float, float] = MAT_MM,
        hand_limit: Callable[[], int | None] | None = None,
    ) -> None:
        self.source = source
        self.submit = submit
        self.photo_dir = Path(photo_dir)
        self.set_max = set_max
        self.hand_limit = hand_limit or (lambda: None)  # the most tiles a hand can hold now
        self.mat: MatCalibration | None = (
            from_config(mat_corners, mat_size_mm) if mat_corners else None
        )
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
            release_free_memory()

    def read(self, seat: int) -> c.HandRead:
        """Snap, check, recognise, save the picture: the HandRead for ``seat``."""
        if isinstance(self.source, SyntheticCamera):
            image = self.source.still(seat)
        else:
            image = self.source.still()
        if self.mat is not None:
            image = self.mat.to_mat(image)
        lighting = check_lighting(image)
        if not lighting.ok:  # read it anyway, but the player must look: never a quiet guess
            log.warning("seat %d: %s", seat + 1, lighting.message)
        result = recognise(image, set_max=self.set_max, max_tiles=self.hand_limit())
        picture = f"{secrets.token_hex(16)}.jpg"  # the name the score pad serves it by
        self.photo_dir.mkdir(parents=True, exist_ok=True)
        path = self.photo_dir / picture
        if not cv2.imwrite(str(path), annotate(image, result), [cv2.IMWRITE_JPEG_QUALITY, 85]):
            raise CompanionError(f"cannot write the picture to {path}")
        status, reasons = result.status, list(result.reasons)
        if not lighting.ok:
            reasons.append(lighting.message)
            status = "check" if status == "ok" else status
        return c.HandRead(
            seat=seat,
            total=result.pip_total,
            tiles=[list(t.ends) for t in result.tiles],
            low_confidence=status != "ok",
            picture=picture,
            source="camera",
            status=status,
            reasons=tuple(reasons),
        )
