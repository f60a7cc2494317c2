"""Calibration for the fixed camera: where the scoring zone is, and is the light good enough.

The mat carries four ArUco markers (4x4 dictionary, ids 0..3 at its top-left, top-right,
bottom-right and bottom-left corners; vision.mat prints it); their inner corners bound the
scoring zone. ``train-companion calibrate`` finds them once and writes the zone's corners
to the config, which the hand reader uses from then on. A homography maps the zone to a
flat, top-down mat image at a known pixels-per-millimetre, so tiles are measured in mat
coordinates.
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


def find_markers(image: np.ndarray) -> dict[int, np.ndarray]:
    """The mat's corner markers (ids 0..3) in ``image``: id -> its 4x2 corners."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    found, ids, _ = detector.detectMarkers(image)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), found, strict=True) if 0 <= i <= 3}


def from_markers(image: np.ndarray, size_mm: tuple[float, float]) -> MatCalibration:
    """Find the four corner markers printed on the mat."""
    return from_found_markers(find_markers(image), size_mm)


def from_found_markers(seen: dict[int, np.ndarray], size_mm: tuple[float, float]):
    missing = [str(i) for i in range(4) if i not in seen]
    if missing:
        names = ("top left", "top right", "bottom right", "bottom left")
        where = ", ".join(f"{m} ({names[int(m)]})" for m in missing)
        raise CalibrationError(
            f"mat marker{'s' * (len(missing) > 1)} {where} not visible: "
            "clear the mat corners and check the camera sees the whole mat"
        )
    # each marker's corner that points into the zone: marker i's corner (i + 2) % 4
    corners = np.float32([seen[i][(i + 2) % 4] for i in range(4)])
    return MatCalibration(corners, size_mm)


def draw_preview(
    image: np.ndarray,
    seen: dict[int, np.ndarray],
    mat: MatCalibration | None,
    verdict: str,
    good: bool,
) -> np.ndarray:
    """The camera's picture with the markers found, the scoring zone outlined and the
    verdict written in the top left corner (green when good, red otherwise)."""
    picture = image.copy()
    line = max(2, round(max(picture.shape[:2]) / 400))
    for marker, corners in seen.items():
        cv2.polylines(picture, [np.int32(corners)], True, (255, 160, 0), line)
        cv2.putText(
            picture, str(marker), tuple(int(v) for v in corners[0]), cv2.FONT_HERSHEY_SIMPLEX,
            line / 2, (255, 160, 0), line, cv2.LINE_AA,
        )  # fmt: skip
    colour = (40, 200, 40) if good else (40, 40, 230)
    if mat is not None:
        cv2.polylines(picture, [np.int32(mat.corners)], True, colour, line * 2)
    scale = line / 2.5
    (width, height), base = cv2.getTextSize(verdict, cv2.FONT_HERSHEY_SIMPLEX, scale, line)
    cv2.rectangle(picture, (0, 0), (width + 4 * line, height + base + 4 * line), (0, 0, 0), -1)
    cv2.putText(
        picture, verdict, (2 * line, height + 2 * line), cv2.FONT_HERSHEY_SIMPLEX, scale,
        colour, line, cv2.LINE_AA,
    )  # fmt: skip
    return picture


@dataclass(frozen=True)
class LightingReport:
    ok: bool
    message: str
    brightness: float
    glare_fraction: float


def check_lighting(image: np.ndarray) -> LightingReport:
    """Say "too dark" or "glare at top left" rather than guess from a bad picture; "good"
    when the light will do. On the mat seen from above, top left is the mat's own corner."""
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
        where = _where(glare)
        return LightingReport(
            False,
            f"glare at {where}: move the lamp or tilt the mat",
            brightness,
            glare_fraction,
        )
    return LightingReport(True, "good", brightness, glare_fraction)


def _where(mask: np.ndarray) -> str:
    """Where the largest patch of ``mask`` is, in words: "top left", "middle", "bottom"."""
    count, labels, stats, centres = cv2.connectedComponentsWithStats(mask)
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA])) if count > 1 else 0
    x, y = centres[largest]
    height, width = mask.shape
    row = ("top", "", "bottom")[min(2, int(3 * y / height))]
    column = ("left", "", "right")[min(2, int(3 * x / width))]
    return " ".join(part for part in (row, column) if part) or "the middle"
