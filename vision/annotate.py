"""The picture players see: each tile outlined, its value drawn large, doubtful ones in red."""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise import LOW_CONFIDENCE, Recognition

SURE = (60, 200, 60)
DOUBTFUL = (40, 40, 230)


def annotate(image: np.ndarray, recognition: Recognition) -> np.ndarray:
    """A copy of ``image`` with the recognised tiles drawn on it."""
    picture = image.copy()
    scale = max(picture.shape[:2]) / 1000
    thickness = max(2, round(3 * scale))
    for found in recognition.tiles:
        colour = SURE if found.confidence >= LOW_CONFIDENCE else DOUBTFUL
        outline = np.round(np.array(found.corners)).astype(np.int32)
        cv2.polylines(picture, [outline], True, colour, thickness, cv2.LINE_AA)
        label = f"{found.ends[0]}|{found.ends[1]}"
        if found.confidence < LOW_CONFIDENCE:
            label += "?"
        size = 1.2 * scale
        (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, size, thickness)
        cx, cy = outline.mean(axis=0)
        origin = (int(cx - w / 2), int(cy + h / 2))
        cv2.rectangle(
            picture,
            (origin[0] - 4, origin[1] - h - 4),
            (origin[0] + w + 4, origin[1] + 6),
            (255, 255, 255),
            -1,
        )
        cv2.putText(
            picture, label, origin, cv2.FONT_HERSHEY_SIMPLEX, size, colour, thickness, cv2.LINE_AA
        )
    banner = f"total {recognition.pip_total}"
    if recognition.low_confidence:
        banner += "  - please check the red tiles"
    for colour, width in (((0, 0, 0), thickness + 2), ((255, 255, 255), thickness)):
        # a dark outline under white letters: readable on any table
        cv2.putText(
            picture,
            banner,
            (10, int(40 * scale) + 10),
            cv2.FONT_HERSHEY_SIMPLEX,
            1.2 * scale,
            colour,
            width,
            cv2.LINE_AA,
        )
    return picture
