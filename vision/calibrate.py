"""Calibration of the fixed camera, and the lighting check.

The scoring zone is the mat's rectangle: its corners come from four ArUco markers printed
on the mat's corners (DICT_4X4_50, ids 0..3 clockwise from top left; each marker's inner
corner is used) or from ``[camera] mat_corners`` in the config. A homography maps the
photo to a top-down view of the mat, so tiles are measured in mat coordinates (pixels of
``MAT_PX_PER_MM``) whatever the camera's angle.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.errors import CompanionError

MAT_MM = (600, 400)
"""The scoring mat's size, millimetres (width, height)."""
MAT_PX_PER_MM = 2.0

TOO_DARK = "too dark: turn on a light over the table"
GLARE = "glare on the mat: move the light or the mat so it does not shine"


class CalibrationError(CompanionError):
    """The mat's corners cannot be found or make no rectangle."""


def find_mat_corners(image: np.ndarray) -> list[tuple[float, float]]:
    """The mat's four corners from its printed markers, clockwise from top left."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    found = {}
    if ids is not None:
        for quad, marker in zip(corners, ids.flatten(), strict=True):
            if 0 <= marker <= 3:
                # the marker's corner that points into the mat: index 2, 3, 0, 1 for 0..3
                found[int(marker)] = quad[0][(int(marker) + 2) % 4]
    missing = sorted(set(range(4)) - set(found))
    if missing:
        raise CalibrationError(
            f"mat markers {missing} not seen; check that the whole mat is in the picture, "
            "or set [camera] mat_corners"
        )
    return [(float(found[i][0]), float(found[i][1])) for i in range(4)]


def mat_homography(corners) -> np.ndarray:
    """The 3x3 homography from photo pixels to mat pixels (top-down)."""
    pts = np.asarray(corners, np.float32).reshape(-1, 2)
    if pts.shape != (4, 2):
        raise CalibrationError("mat_corners needs four [x, y] points")
    if cv2.contourArea(pts) < 100 or not cv2.isContourConvex(pts):
        raise CalibrationError("mat_corners do not make a rectangle (clockwise from top left)")
    w, h = (round(v * MAT_PX_PER_MM) for v in MAT_MM)
    dst = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.getPerspectiveTransform(pts, dst)


def top_down(image: np.ndarray, corners) -> np.ndarray:
    """The scoring zone seen from above (MAT_MM at MAT_PX_PER_MM)."""
    w, h = (round(v * MAT_PX_PER_MM) for v in MAT_MM)
    return cv2.warpPerspective(image, mat_homography(corners), (w, h), flags=cv2.INTER_AREA)


def to_mat(points, homography: np.ndarray) -> np.ndarray:
    """Photo points to mat millimetres."""
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, homography).reshape(-1, 2) / MAT_PX_PER_MM


def check_lighting(image: np.ndarray) -> str | None:
    """None if the picture can be read, else what is wrong with the light."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    small = cv2.resize(gray, (320, max(1, round(320 * gray.shape[0] / gray.shape[1]))))
    # the tiles are the brightest things on the table: if even they are dim, it is too dark
    if float(cv2.GaussianBlur(small, (5, 5), 0).max()) < 80:
        return TOO_DARK
    blown = (small >= 250).astype(np.uint8)
    blown = cv2.morphologyEx(blown, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(blown)
    biggest = max((int(s[4]) for s in stats[1:]), default=0)
    if biggest > 0.06 * small.size:  # bigger than a tile: light on the mat itself
        return GLARE
    return None
