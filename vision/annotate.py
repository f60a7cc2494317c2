"""The picture players see on their phones: each tile outlined, its value drawn large."""

from __future__ import annotations

import cv2
import numpy as np

from vision.recognise import LOW, Recognition

GOOD = (60, 200, 60)
DOUBT = (0, 140, 255)


def annotate(image: np.ndarray, recognition: Recognition) -> np.ndarray:
    """A copy of ``image`` with every recognised tile outlined and labelled."""
    out = image.copy()
    h, w = out.shape[:2]
    thick = max(2, round(max(h, w) / 500))
    for reading in recognition.tiles:
        pts = np.array(reading.corners, np.float32)
        colour = GOOD if reading.confidence >= LOW else DOUBT
        cv2.polylines(out, [pts.round().astype(np.int32)], True, colour, thick, cv2.LINE_AA)
        side = float(np.linalg.norm(pts[0] - pts[3]))
        label = f"{reading.ends[0]}-{reading.ends[1]}"
        scale = max(0.6, side / 45)
        (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, thick + 1)
        cx, cy = pts.mean(0)
        org = (int(cx - tw / 2), int(cy + th / 2))
        cv2.putText(
            out, label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), thick * 3 + 2, cv2.LINE_AA
        )
        cv2.putText(
            out, label, org, cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick + 1, cv2.LINE_AA
        )
    text = f"{recognition.pip_total} pips" + (
        " - please check" if recognition.low_confidence else ""
    )
    scale = max(0.8, max(h, w) / 1200)
    cv2.putText(
        out,
        text,
        (10, int(40 * scale)),
        cv2.FONT_HERSHEY_SIMPLEX,
        scale,
        (0, 0, 0),
        thick * 3 + 2,
        cv2.LINE_AA,
    )
    cv2.putText(
        out,
        text,
        (10, int(40 * scale)),
        cv2.FONT_HERSHEY_SIMPLEX,
        scale,
        (255, 255, 255),
        thick + 1,
        cv2.LINE_AA,
    )
    return out
