"""Open a learned stage's ONNX file with OpenCV's dnn module, the one runtime the product has."""

from __future__ import annotations

from pathlib import Path

import cv2


def open_net(path: Path) -> cv2.dnn.Net:
    """The network in ``path``, run by OpenCV's classic dnn engine.

    OpenCV 5 tries its new engine first; on these small convolutional networks, on one core
    here, the classic engine gives the same chances (to a millionth) in less time: the pip
    counter's pass of 64 halves 40 ms against 63, the refiner's 9 against 12
    (bench/vision.py times the whole recogniser)."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)  # OpenCV 4 has only that engine
    if classic is None:
        return cv2.dnn.readNetFromONNX(str(path))
    return cv2.dnn.readNetFromONNX(str(path), classic)
