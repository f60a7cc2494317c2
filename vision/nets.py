"""Open a learned stage's ONNX file with OpenCV's dnn module, the one runtime the product has."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.errors import CompanionError

REINSTALL = "reinstall the companion (on a Pi: sudo sh tools/install-pi.sh)"


def standardised(patches: np.ndarray) -> np.ndarray:
    """N x H x W x 3 patches as the networks take them, N x 3 x H x W float32: each scaled
    to its own mean and spread of brightness (the light in the room is not their business)."""
    stacked = patches.astype(np.float32)
    mean = stacked.mean(axis=(1, 2, 3), keepdims=True)
    spread = stacked.std(axis=(1, 2, 3), keepdims=True) + 8.0
    return np.ascontiguousarray(((stacked - mean) / spread).transpose(0, 3, 1, 2))


class NetworkError(CompanionError):
    """A learned stage's network that the OpenCV installed cannot open."""


def open_net(path: Path) -> cv2.dnn.Net:
    """The network in ``path``, run by OpenCV's classic dnn engine.

    OpenCV 5 tries its new engine first; on these small convolutional networks, on one core
    here, the classic engine gives the same chances (to a millionth) in less time: the pip
    counter's pass of 64 halves 40 ms against 63, the refiner's 9 against 12
    (bench/vision.py times the whole recogniser). OpenCV 4 (a Pi's) has only that engine.
    OpenCV 5.1 has only the new one, and the network opens on it (pyproject.toml keeps
    OpenCV under 5.1 for its memory: docs/vision.md)."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    try:
        if classic is None:
            return cv2.dnn.readNetFromONNX(str(path))
        return cv2.dnn.readNetFromONNX(str(path), classic)
    except cv2.error as error:
        said = " ".join(str(error).split())[-300:]  # OpenCV's own words run over many lines
        raise NetworkError(
            f"the tile reader's network {path.name} does not open with OpenCV"
            f" {cv2.__version__}: {REINSTALL} (OpenCV says: {said})"
        ) from None
