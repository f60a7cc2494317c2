"""The picture players see: each tile outlined, its value drawn large, doubtful ones in red;
where a tile may be missing, the place ringed in red dashes with a question mark; a dim
photo lit up as it was read (vision/light.py), so the tiles can be checked on it. A small
photo is drawn on enlarged, so the values and outlines leave its tiles' pips in view."""

from __future__ import annotations

import cv2
import numpy as np

from vision.light import lit
from vision.reading import Recognition

SURE = (60, 200, 60)
DOUBTFUL = (40, 40, 230)

STRIP = (48, 40, 36)
"""The banner's dark strip above the photo (BGR)."""

UNREAD_MARK = "a tile may lie unread at each red ?"
"""The banner's line under the total where the picture marks places a tile may be missing."""

LEAST_SIDE = 1000
"""The picture is drawn at least this long on its long side: on a small photo (a 416 px
crop) the values, written no smaller than reads well, would cover the tiles' pips."""


def annotate(image: np.ndarray, recognition: Recognition) -> np.ndarray:
    """A copy of ``image`` with the recognised tiles drawn on it, enlarged to LEAST_SIDE if
    it is smaller, under a strip that gives the total or why the photo cannot be read."""
    picture = lit(image)
    grow = max(1.0, LEAST_SIDE / max(picture.shape[:2]))
    if grow > 1:
        picture = cv2.resize(picture, None, fx=grow, fy=grow, interpolation=cv2.INTER_CUBIC)
    else:
        picture = picture.copy()
    scale = max(picture.shape[:2]) / 1000
    thickness = _stroke(scale)
    for found in recognition.tiles:
        colour = DOUBTFUL if found.doubtful else SURE
        corners = np.array(found.corners) * grow
        outline = np.round(corners).astype(np.int32)
        cv2.polylines(picture, [outline], True, colour, thickness, cv2.LINE_AA)
        label = f"{found.ends[0]}|{found.ends[1]}"
        _write_on(picture, label + ("?" if found.doubtful else ""), corners, scale, colour)
    for place in recognition.unread:
        _mark_unread(picture, np.array(place) * grow, scale, thickness)
    return _under_banner(picture, banner_for(recognition), scale, thickness)


def banner_for(recognition: Recognition) -> list[str]:
    """What the picture says above the photo: the total, and what to look at or do."""
    if recognition.status == "unreadable":  # a reason a line: each is a thing to do
        first, *more = recognition.reasons or ["retake the photo"]
        return [f"cannot read: {first}", *more]
    banner = [f"total {recognition.pip_total}"]
    if recognition.low_confidence:
        doubtful = any(t.doubtful for t in recognition.tiles)
        if doubtful:
            banner[0] += "  - please check the red tiles"
        if recognition.unread:
            banner.append(UNREAD_MARK)
        elif not doubtful:  # nothing marked: the reasons say what to check
            banner += recognition.reasons[:2]
    return banner


def _under_banner(picture: np.ndarray, banner: list[str], scale: float, thickness: int):
    """The picture with the banner on a dark strip above it, a line of the banner cut to the
    picture's width a row: written over the photo, it hid the tiles at its top edge (often
    the very tile the reading asks to check)."""
    size = 1.2 * scale
    lines = [
        cut
        for reason in banner
        for cut in banner_lines(reason, picture.shape[1] - 20, size, thickness)
    ]
    (_, height), _ = cv2.getTextSize("Ag", cv2.FONT_HERSHEY_SIMPLEX, size, thickness)
    step = round(height * 1.6)
    strip = np.full((step * len(lines) + step // 2, picture.shape[1], 3), STRIP, np.uint8)
    for row, line in enumerate(lines):
        at = (10, step * (row + 1))
        cv2.putText(
            strip, line, at, cv2.FONT_HERSHEY_SIMPLEX, size, (255, 255, 255), thickness, cv2.LINE_AA
        )
    return np.vstack([strip, picture])


def _mark_unread(picture: np.ndarray, corners: np.ndarray, scale: float, thickness: int) -> None:
    """A place a tile may lie unread: its rough outline in red dashes and a "?" in the middle,
    unlike a tile read (a whole line and its value), so the player looks there."""
    ring = np.vstack([corners, corners[:1]])
    dash = 12 * scale
    for start, end in zip(ring[:-1], ring[1:], strict=True):
        steps = max(1, int(np.linalg.norm(end - start) // dash))
        for k in range(0, steps, 2):
            a = start + (end - start) * k / steps
            b = start + (end - start) * min(k + 1, steps) / steps
            cv2.line(picture, _point(a), _point(b), DOUBTFUL, thickness, cv2.LINE_AA)
    _write_on(picture, "?", corners, scale, DOUBTFUL)


def _write_on(picture: np.ndarray, label: str, corners, scale: float, colour) -> None:
    """``label`` in ``colour`` on a white box in the middle of the outline ``corners``."""
    (left, top), (right, bottom), size, weight = label_box(label, corners, scale)
    cv2.rectangle(picture, (left, top), (right, bottom), (255, 255, 255), -1)
    origin = (left + 4, bottom - 6)
    cv2.putText(picture, label, origin, cv2.FONT_HERSHEY_SIMPLEX, size, colour, weight, cv2.LINE_AA)


def _point(xy: np.ndarray) -> tuple[int, int]:
    return int(round(float(xy[0]))), int(round(float(xy[1])))


def banner_lines(text: str, width: int, size: float, thickness: int) -> list[str]:
    """``text`` cut into lines no wider than ``width`` pixels, between words: a reason a
    photo cannot be read runs longer than a photo is wide."""
    lines: list[str] = []
    for word in text.split(" "):
        wider = f"{lines[-1]} {word}" if lines else word
        (w, _), _ = cv2.getTextSize(wider, cv2.FONT_HERSHEY_SIMPLEX, size, thickness)
        if lines and w <= width:
            lines[-1] = wider
        else:
            lines.append(word)
    return lines


def _stroke(scale: float) -> int:
    """The outlines' and the full-size values' line width for a picture of this scale."""
    return max(2, round(3 * scale))


def label_box(label: str, corners, scale: float):
    """Where a tile's value is written: a white box centred on the tile, its top-left and
    bottom-right corners, with the text's size and stroke. As large as reads well from
    across the table, but no larger than fits on the tile (give or take a little), so the
    values of small touching tiles do not run into one another."""
    c = np.asarray(corners, float)  # one end's two corners, then the other end's
    along = (c[2] + c[3] - c[0] - c[1]) / 2
    length = float(np.linalg.norm(along))
    width = (float(np.linalg.norm(c[1] - c[0])) + float(np.linalg.norm(c[2] - c[3]))) / 2
    u = along / max(length, 1e-6)
    v = np.array([-u[1], u[0]])
    thickness = _stroke(scale)
    (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, 1.0, thickness)
    # the white box, (w, h) * size plus a margin of (8, 10), fits on the tile when its
    # corners do, along the tile's length and across its width
    fits = min(
        (extent - 8 * abs(axis[0]) - 10 * abs(axis[1])) / (w * abs(axis[0]) + h * abs(axis[1]))
        for extent, axis in ((length, u), (width, v))
    )
    size = max(min(1.2 * scale, fits), 0.35)  # 0.35: still legible, zoomed in
    weight = max(1, round(thickness * size / (1.2 * scale)))
    (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, size, weight)
    cx, cy = c.mean(axis=0)
    left, bottom = int(cx - w / 2) - 4, int(cy + h / 2) + 6
    return (left, bottom - h - 10), (left + w + 8, bottom), size, weight
