"""Calibration for the fixed camera: where the scoring zone is, and is the light good enough.

The mat carries four ArUco markers (4x4 dictionary, ids 0..3 at its top-left, top-right,
bottom-right and bottom-left corners); their inner corners bound the scoring zone. Or the
zone's corners come from the config. A homography maps the zone to a flat, top-down mat
image at a known pixels-per-millimetre, so tiles are measured in mat coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.errors import CompanionError

MAT_PX_PER_MM = 4.0


class CalibrationError(CompanionError):
    """The scoring zone cannot be found; the message says what to fix."""


@dataclass(frozen=True)
class MatCalibration:
    corners: np.ndarray  # 4x2 image pixels: top-left, top-right, bottom-right, bottom-left
    size_mm: tuple[float, float]

    @property
    def mat_size_px(self) -> tuple[int, int]:
        return round(self.size_mm[0] * MAT_PX_PER_MM), round(self.size_mm[1] * MAT_PX_PER_MM)

    @property
    def homography(self) -> np.ndarray:
        w, h = self.mat_size_px
        target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        return cv2.getPerspectiveTransform(np.float32(self.corners), target)

    def to_mat(self, image: np.ndarray) -> np.ndarray:
        """The scoring zone seen from straight above."""
        return cv2.warpPerspective(image, self.homography, self.mat_size_px)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        """Mat pixels back to photo pixels (for drawing and for the JSON corners)."""
        inverse = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), inverse).reshape(
            -1, 2
        )


def from_config(corners: list[list[float]], size_mm: tuple[float, float]) -> MatCalibration:
    """Calibration from four zone corners written in the config file."""
    points = np.float32(corners)
    if points.shape != (4, 2):
        raise CalibrationError("vision.zone_corners needs four [x, y] points, clockwise")
    return MatCalibration(points, size_mm)


def from_markers(image: np.ndarray, size_mm: tuple[float, float]) -> MatCalibration:
    """Find the four corner markers printed on the mat."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    found, ids, _ = detector.detectMarkers(image)
    seen = (
        {}
        if ids is None
        else {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), found, strict=True)}
    )
    missing = [str(i) for i in range(4) if i not in seen]
    if missing:
        raise CalibrationError(
            f"mat markers {', '.join(missing)} not visible: "
            "clear the mat corners and check the camera"
        )
    # each marker's corner that points into the zone: marker i's corner (i + 2) % 4
    corners = np.float32([seen[i][(i + 2) % 4] for i in range(4)])
    return MatCalibration(corners, size_mm)


@dataclass(frozen=True)
class LightingReport:
    ok: bool
    message: str
    brightness: float
    glare_fraction: float


def check_lighting(image: np.ndarray) -> LightingReport:
    """Say "too dark" or "glare on the mat" rather than guess from a bad picture."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    # The brightest 1% are the tile faces: a black cloth with a few ivory tiles is not dark.
    brightness = float(np.percentile(gray, 99))
    glare = cv2.morphologyEx(
        (gray >= 250).astype(np.uint8), cv2.MORPH_OPEN, np.ones((5, 5), np.uint8)
    )
    glare_fraction = float(glare.mean())
    if brightness < 60:
        return LightingReport(
            False, "too dark: turn on a light over the mat", brightness, glare_fraction
        )
    # A white paper mat is bright all over; glare is a burnt-out patch on a darker table.
    if glare_fraction > 0.01 and float(np.median(gray)) < 200:
        return LightingReport(
            False, "glare on the mat: move the lamp or tilt the mat", brightness, glare_fraction
        )
    return LightingReport(True, "lighting is fine", brightness, glare_fraction)
