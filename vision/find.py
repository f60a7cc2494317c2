"""Stage 1, find the tiles: every face-up tile is found by its divider.

A face-up domino always shows a dark divider bar across its middle with pale face on both
sides; face-down tiles and other objects have none. This module finds the dividers; each is
then outlined into a tile by vision/outline.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.outline import FoundTile, looks_like_a_tile, outline_tile
from vision.ranks import percentile
from vision.shrink import to_side
from vision.thresholds import BAR_WIDTHS, DARKNESS, WORK_SIDE


@dataclass(frozen=True)
class Divider:
    centre: np.ndarray  # (x, y) in working pixels
    along: np.ndarray  # unit vector along the bar
    length: float
    thickness: float
    contrast: float  # face brightness minus bar brightness, 0..255
    faint: bool = False  # seen only against the brightest nearby, not the average


def working_copy(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The image scaled to WORK_SIDE on its long side, and the scale used."""
    return to_side(image, WORK_SIDE)


_ALONG = np.repeat(np.linspace(-0.3, 0.3, 7), 3)
_ACROSS = np.tile((0.12, 0.2, 0.28), 7)


def _side_brightness(gray: np.ndarray, centre, along, normal, length, offset) -> float:
    points = centre + np.outer(_ALONG * length, along) + np.outer(_ACROSS * offset * length, normal)
    pts = np.round(points).astype(int)
    h, w = gray.shape
    ok = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
    if ok.sum() < len(pts) * 0.7:
        return -1.0
    # the face is the bright part: pips beside the bar must not drag it down
    return percentile(gray[pts[ok, 1], pts[ok, 0]], 90)


_LEVELS = np.arange(256, dtype=np.float64)
_DARK_BELOW = np.clip(np.ceil(_LEVELS - np.maximum(25.0, DARKNESS * _LEVELS)), 0, 255).astype(
    np.uint8
)
"""For each brightness nearby, the brightness a divider's pixel must be below."""


def _dark_masks(gray: np.ndarray) -> list[np.ndarray]:
    """Pixels that could be a divider, by two measures.

    Much darker than the neighbourhood's average: the bar of a tile on a pale table. And
    much darker than the brightest nearby (a morphological closing at a few widths): this
    finds the bar of a small tile on black cloth, whose neighbourhood is mostly dark, and
    keeps a bar apart from the broad shadow a tilted tile casts, which the first measure
    runs together with it."""
    block = max(31, (max(gray.shape) // 10) | 1)
    local = cv2.blur(gray.astype(np.float32), (block, block))
    masks = [(gray < local - np.maximum(25.0, DARKNESS * local)).astype(np.uint8) * 255]
    return masks + [darker_than_nearby(gray, width) for width in BAR_WIDTHS]


def darker_than_nearby(gray: np.ndarray, width: int) -> np.ndarray:
    """255 where a pixel is much darker (DARKNESS, and 25 levels at least) than the
    brightest within a square ``width`` wide: the marks narrower than that on a face.

    The same test as against the average, for whole-number brightness: a table of the
    darkest brightness still dark enough, looked up for each pixel."""
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (width, width))
    around = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    return cv2.compare(gray, cv2.LUT(around, _DARK_BELOW), cv2.CMP_LT)


def _bar_pieces(dark: np.ndarray, apart: bool = True) -> list:
    """Long, thin, solid dark pieces of a mask, each with the points it covers.

    A bar that touches a pip or a coin is one dark piece with them; when `apart`, such a
    piece (if not a large patch of dark table) is looked at again with the round parts
    taken off."""
    # BBDT on even sides (padded with nothing): three times faster here than the default,
    # or than BBDT on an odd side, for the same pieces
    height, width = dark.shape
    dark = cv2.copyMakeBorder(dark, 0, height % 2, 0, width % 2, cv2.BORDER_CONSTANT, value=0)
    count, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
        dark, 8, cv2.CV_32S, cv2.CCL_BBDT
    )
    pieces = []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if area < 12:
            continue
        own = labels[y : y + h, x : x + w] == label
        ys, xs = np.nonzero(own)
        pts = np.column_stack([xs + x, ys + y]).astype(np.float32)
        piece = _as_bar(pts, float(area))
        if piece is not None:
            pieces.append(piece)
        elif apart and max(w, h) >= 12 and area < dark.size * 0.02:
            pieces += _bar_beside_blobs(own, (x, y))
    return pieces


def _as_bar(pts: np.ndarray, area: float):
    """A piece's centre, direction, length, thickness, area and points if it is a bar."""
    (cx, cy), (rw, rh), angle = cv2.minAreaRect(pts)
    length, thickness = max(rw, rh), max(1.0, min(rw, rh))
    if length < 6 or length / thickness < 2.5 or area / (length * thickness) < 0.7:
        return None
    theta = np.deg2rad(angle if rw >= rh else angle + 90)
    direction = np.array([np.cos(theta), np.sin(theta)])
    return np.array([cx, cy]), direction, float(length), float(thickness), area, pts


def _bar_beside_blobs(own: np.ndarray, origin) -> list:
    """The bar in a piece where it runs into pips or a coin: whatever is thicker than the
    bar (with a margin round it) is taken off, and the bar left is kept.

    The bar is most of the piece's ridge (the middle line of its every part), so the
    ridge's typical depth is half the bar's thickness."""
    mask = cv2.copyMakeBorder(own.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    ridge = (depth > 0) & (depth >= cv2.dilate(depth, np.ones((3, 3), np.uint8)))
    radius = 1.5 * percentile(depth[ridge], 50) + 1
    cores = (depth > radius).astype(np.uint8)
    if not cores.any():
        return []
    size = 2 * round(radius) + 5
    blobs = cv2.dilate(cores, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    found = _bar_pieces((mask & (1 - blobs)) * 255, apart=False)
    if not found:
        return []
    centre, along, length, thickness, area, pts = _in_line(found)
    shift = np.array(origin, dtype=np.float32) - 1
    return [(centre + shift, along, length, thickness, area, pts + shift)]


def _in_line(pieces: list):
    """The longest piece, run on over the pieces in line with it: where pips touch a bar
    in its middle, taking them off cuts the bar in pieces."""
    centre, along, length, thickness, area, pts = max(pieces, key=lambda p: p[2])
    normal = np.array([-along[1], along[0]])
    for other in pieces:
        offset = other[0] - centre
        if (
            other[5] is not pts
            and abs(float(other[1] @ along)) > 0.97
            and abs(float(offset @ normal)) < 1.5 * thickness
        ):
            pts = np.concatenate([pts, other[5]])
            area += other[4]
    ends = (pts - centre) @ along
    lo, hi = float(ends.min()), float(ends.max())
    return centre + along * (lo + hi) / 2, along, hi - lo, thickness, area, pts


def find_dividers(work: np.ndarray, near: np.ndarray | None = None) -> list[Divider]:
    """Dark, straight, thin bars with pale face on both sides.

    ``near``: seen steeply, the direction in the picture towards the camera (see
    _checked_divider), or None."""
    gray = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
    kept: list[Divider] = []
    for number, dark in enumerate(_dark_masks(gray)):
        found = []
        for centre, along, length, thickness, _area, pts in _join_split_bars(
            _bar_pieces(dark), gray
        ):
            divider = _checked_divider(gray, centre, along, length, thickness, pts, near)
            if divider is not None:
                found.append(replace(divider, faint=number > 0))
        # a later measure only adds bars off the tiles already found: on them it mostly
        # finds the gaps where touching tiles meet end to end. But where it sees the whole
        # of a bar that an earlier one saw a piece of (one side of a spinner), it is the
        # better view of that bar
        for divider in _drop_nested(found):
            on = [i for i, k in enumerate(kept) if _on_tile(divider, k)]
            if not on:
                kept.append(divider)
            elif len(on) == 1 and _extends(divider, kept[on[0]]):
                kept[on[0]] = replace(divider, faint=kept[on[0]].faint)
    return kept


def _extends(bar: Divider, piece: Divider) -> bool:
    """Is a bar the same divider as a piece, seen whole: in line with it, over it, and
    clearly longer?"""
    offset = piece.centre - bar.centre
    normal = np.array([-bar.along[1], bar.along[0]])
    return (
        abs(float(bar.along @ piece.along)) > 0.97
        and abs(float(offset @ normal)) < 1.5 * bar.thickness
        and abs(float(offset @ bar.along)) + piece.length / 2 < 0.55 * bar.length
        and bar.length > 1.4 * piece.length
    )


def _on_tile(bar: Divider, divider: Divider) -> bool:
    """Does a bar lie on the tile of a divider, or on the gap at one of its ends?

    A side-by-side neighbour's divider sits a tile's width along the divider; an end-to-end
    neighbour's a tile's length across it; the gap at the tile's end half that."""
    offset = bar.centre - divider.centre
    normal = np.array([-divider.along[1], divider.along[0]])
    length = max(bar.length, divider.length)
    return (
        abs(float(offset @ divider.along)) < 0.9 * length
        and abs(float(offset @ normal)) < 1.7 * length
    )


def _checked_divider(gray, centre, along, length, thickness, pts, near) -> Divider | None:
    """The bar as a divider if it has pale face on both sides and beyond both ends.

    Seen steeply, a thick tile shows its front side, and the near end of its face is
    foreshortened to nothing: a divider running towards the camera (along ``near``) may
    end at that side, which is lighter than the bar but not face."""
    if length < 12 or length / thickness < 4.5:
        return None
    normal = np.array([-along[1], along[0]])
    bar = percentile(gray[pts[:, 1].astype(int), pts[:, 0].astype(int)], 50)
    side_a = _side_brightness(gray, centre, along, normal, length, 1)
    side_b = _side_brightness(gray, centre, along, normal, length, -1)
    if min(side_a, side_b) < 0:
        return None
    contrast = min(side_a, side_b) - bar
    if contrast < 30 or abs(side_a - side_b) > 60:
        return None
    # a divider stops short of the tile's edge, with face beyond both ends; the dark gap
    # between two touching tiles runs out to the table
    face_level = bar + 0.6 * contrast
    ends = {end: _end_brightness(gray, centre, along, length, end) for end in (1, -1)}
    if min(ends.values()) < face_level:
        towards = 0.0 if near is None else float(along @ near)
        near_end = 1 if towards > 0 else -1
        if (
            abs(towards) < 0.8
            or ends[-near_end] < face_level
            or ends[near_end] < bar + 0.35 * contrast
        ):
            return None
    return Divider(centre, along, float(length), float(thickness), contrast)


def _pixel(gray: np.ndarray, point: np.ndarray) -> float:
    x, y = int(round(point[0])), int(round(point[1]))
    if 0 <= x < gray.shape[1] and 0 <= y < gray.shape[0]:
        return float(gray[y, x])
    return -1.0


def _end_brightness(gray: np.ndarray, centre, along, length: float, end: int) -> float:
    """The face just beyond one end of a bar (the brighter of two nearby samples)."""
    return max(_pixel(gray, centre + along * end * length * (0.5 + t)) for t in (0.05, 0.08))


def _spinner_between(gray: np.ndarray, one, other, along, span: float, gap: float) -> bool:
    """Is the gap between two lined-up bars a spinner (darker than the face, face around
    it) rather than the gap between two touching tiles (a shaded line running across)?"""
    normal = np.array([-along[1], along[0]])
    mid = (np.asarray(one) + np.asarray(other)) / 2
    face = max(
        _side_brightness(gray, mid, along, normal, span, 1),
        _side_brightness(gray, mid, along, normal, span, -1),
    )
    apart = float(np.linalg.norm(np.asarray(other) - np.asarray(one)))
    # a spinner fills the gap between the bars' ends; between touching tiles the gap is
    # face with a thin line across its middle
    steps = (-0.35, -0.25, -0.15, 0, 0.15, 0.25, 0.35)
    inside = float(np.median([_pixel(gray, mid + along * gap * u) for u in steps]))
    spread = apart * 0.15
    # and that line runs on across the tiles, where beside a spinner is face (with a pip
    # here and there)
    across = apart / 1.3  # about a tile's width: sample out to most of a half's length
    line = [
        min(
            _pixel(gray, mid + along * spread * u + normal * across * t * k) for u in (-0.4, 0, 0.4)
        )
        for t in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
        for k in (1, -1)
    ]
    runs_on = np.mean([0 <= value < 0.8 * face for value in line])
    return 0 <= inside < 0.8 * face and runs_on < 0.9


def _join_split_bars(pieces: list, gray: np.ndarray) -> list:
    """Join the two halves of a divider that a brass spinner cuts in two.

    Two dividers of touching tiles also line up, but between them is pale face; between the
    halves of one divider is the spinner, darker than the face.
    """
    pieces = sorted(pieces, key=lambda p: -p[2])
    used = np.zeros(len(pieces), bool)
    joined = []
    if pieces:  # the cheap tests for every pair at once: a busy cloth has hundreds of pieces
        centres = np.array([p[0] for p in pieces], np.float64).reshape(-1, 2)
        alongs = np.array([p[1] for p in pieces], np.float64).reshape(-1, 2)
        lengths = np.array([p[2] for p in pieces], np.float64)
        thicknesses = np.array([p[3] for p in pieces], np.float64)
    for i, (centre, along, length, thickness, area, pts) in enumerate(pieces):
        if used[i]:
            continue
        used[i] = True
        offsets = centres[i + 1 :] - centre
        across = np.abs(offsets @ np.array([-along[1], along[0]]))
        gaps = np.abs(offsets @ along) - (length + lengths[i + 1 :]) / 2
        ratio = thicknesses[i + 1 :] / thickness
        near = (
            ~used[i + 1 :]
            & (np.abs(alongs[i + 1 :] @ along) >= 0.97)
            & (ratio > 0.3)
            & (ratio < 3.4)
            & (across < 1.5 * thickness)
            & (gaps > 0)
            & (gaps < 0.8 * np.maximum(length, lengths[i + 1 :]))
            & (lengths[i + 1 :] / length > 0.6)
        )
        for j in i + 1 + np.flatnonzero(near):
            c2, _, l2, _, _, p2 = pieces[j]
            gap = abs(float((c2 - centre) @ along)) - (length + l2) / 2
            if _spinner_between(gray, centre, c2, along, length + l2 + gap, gap):
                used[j] = True
                pts = np.concatenate([pts, p2])
                # the two pieces together give the bar's direction better than either
                vx, vy, cx, cy = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
                centre, along = np.array([cx, cy]), np.array([vx, vy])
                ends = (pts - centre) @ along
                lo, hi = float(ends.min()), float(ends.max())
                centre = centre + along * (lo + hi) / 2
                length = hi - lo
                break
        joined.append((centre, along, length, thickness, area, pts))
    return joined


def _drop_nested(dividers: list[Divider]) -> list[Divider]:
    """Keep the longer of two bars that sit on top of each other."""
    kept: list[Divider] = []
    for divider in sorted(dividers, key=lambda d: -d.length):
        if all(np.linalg.norm(divider.centre - k.centre) > 0.4 * k.length for k in kept):
            kept.append(divider)
    return kept


def even_out(dividers: list[Divider]) -> list[Divider]:
    """Tiles of one set have dividers of one length (give or take the camera's tilt).

    A bar far longer than the others is the dividers of touching tiles run together through
    the dark gap between them: cut it into tile-sized pieces. A bar far shorter is a scrap.
    """
    if len(dividers) < 2:
        return dividers
    typical = float(np.percentile([d.length for d in dividers], 25))
    kept = []
    for d in dividers:
        pieces = round(d.length / typical)
        if d.length > 1.7 * typical and pieces >= 2:
            # the outer pieces end where the bar ends (a piece of a spinner-cut divider may
            # sit between them), each as long as a typical divider
            piece = min(typical, d.length / pieces)
            spacing = (d.length - piece) / (pieces - 1)
            for i in range(pieces):
                offset = -d.length / 2 + piece / 2 + i * spacing
                centre = d.centre + d.along * offset
                kept.append(replace(d, centre=centre, length=piece))
        elif d.length > 0.55 * typical or len(dividers) < 3:
            kept.append(d)
    return kept


def find_tiles(work: np.ndarray, near: np.ndarray | None = None) -> list[FoundTile]:
    """Every face-up tile in the working image, outlined (``near``: see find_dividers)."""
    dividers = even_out(find_dividers(work, near))
    outlined = [outline_tile(work, d, [o for o in dividers if o is not d]) for d in dividers]
    return [tile for tile in outlined if looks_like_a_tile(tile)]
