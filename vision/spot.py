"""Spot the tiles with a learned model: every face-up tile's middle as a peak, and its
outline read beside the peak (trained by training/spotter.py, figures in
vision/models/README.md).

The network looks at the whole photo scaled to SPOT_SIDE and gives a small map, one cell per
SPOT_STRIDE pixels: the chance that a tile's middle lies in the cell, and that tile's
direction, length and width. A peak (a cell above SPOT_ABOVE and above its neighbours) is a
tile; its outline goes on to the same halves, pips, verifier and doubt as the finder's.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.nets import open_net, standardised
from vision.shapes import outline_length, outline_width, shared_by_larger
from vision.shrink import halved_to_side
from vision.thresholds import (
    SAME_SPOT,
    SPOT_BIG,
    SPOT_NARROW,
    SPOT_NARROW_SIDE,
    SPOTTED_PEAK,
    UNTRACED_PEAK,
)

MODEL = Path(__file__).with_name("models") / "spotter.onnx"
SPOT_SIDE = 768
"""The photo is looked at scaled to this long side."""
SPOT_STRIDE = 4
"""One map cell per SPOT_STRIDE x SPOT_STRIDE pixels of what the network looks at."""
ALIGN = 32
"""The network halves the picture five times: what it looks at is padded to a multiple."""
SPOT_ABOVE = 0.3
"""A peak with a smaller chance than this is not taken for a tile."""


def looked_at(image: np.ndarray, side: int = SPOT_SIDE) -> tuple[np.ndarray, float]:
    """The photo scaled to ``side`` on its long side and padded to a multiple of ALIGN
    (the padding repeats the edge), as the network takes it; and the scale used."""
    small, scale = halved_to_side(image, side)
    pad_y, pad_x = -small.shape[0] % ALIGN, -small.shape[1] % ALIGN
    return cv2.copyMakeBorder(small, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE), scale


def network_input(small: np.ndarray) -> np.ndarray:
    """1 x 3 x H x W, the picture scaled to its own mean and spread of brightness."""
    return standardised(small[None])


@cache
def _model(path: Path = MODEL) -> cv2.dnn.Net:
    return open_net(path)


MIRROR_SIGNS = np.float32([1, 1, -1, 1, 1]).reshape(-1, 1, 1)
"""In a mirror a tile's angle a turns to 180° - a: cos 2a is as it was, sin 2a changes sign."""


class Looks:
    """The spotter's looks at one photo, each pass of the network made once.

    Each look runs the network on the photo and on its mirror image (a tile seen in a mirror
    is a tile): a tile's peak is the higher of the two, its outline the mean of them. A tile
    one pass barely sees, the other often sees surely; and a peak that stays as high keeps
    "a tile may be missing" as ready to be said (docs/vision.md). A quick look spares the
    mirror of the larger looks, the costliest passes (48 of a plain mat's 120 ms of
    spotting): where the tiles it sees read the photo alone, most plain mats, that is
    enough; where they do not, the full look adds the mirror to the passes made
    (recognise.propose)."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image
        self._pictures: dict[int, tuple[np.ndarray, float]] = {}
        self._passes: dict[tuple[int, bool], np.ndarray] = {}

    def maps(self, side: int = SPOT_SIDE, mirror: bool = True) -> tuple[np.ndarray, float]:
        """The network's five maps for the photo (peaks, cos 2a, sin 2a, log length, log
        width) and the scale it was looked at; with ``mirror``, its mirror image's too."""
        maps = self._pass(side, mirrored=False)
        _, scale = self._picture(side)
        if not mirror:
            return maps, scale
        mirrored = self._pass(side, mirrored=True)
        both = (maps + mirrored * MIRROR_SIGNS) / 2
        both[0] = np.maximum(maps[0], mirrored[0])
        return both, scale

    def _picture(self, side: int) -> tuple[np.ndarray, float]:
        """What the network is shown at ``side`` (network_input) and the scale used."""
        if side not in self._pictures:
            small, scale = looked_at(self.image, side)
            self._pictures[side] = (network_input(small), scale)
        return self._pictures[side]

    def _pass(self, side: int, mirrored: bool) -> np.ndarray:
        if (side, mirrored) not in self._passes:
            picture, _ = self._picture(side)
            model = _model(MODEL)
            # padded to whole cells, the mirror's map mirrored is cell for cell the photo's
            model.setInput(np.ascontiguousarray(picture[..., ::-1]) if mirrored else picture)
            maps = model.forward()[0]
            self._passes[side, mirrored] = (maps[:, :, ::-1] if mirrored else maps).copy()
        return self._passes[side, mirrored]

    def spot(self, side: int = SPOT_SIDE, mirror: bool = True) -> list[tuple[np.ndarray, float]]:
        """Every tile the spotter sees: its outline (4x2 photo px: end A's two corners, then
        end B's, going round) and the chance of its peak."""
        maps, scale = self.maps(side, mirror)
        peaks = maps[0]
        tallest = cv2.dilate(peaks, np.ones((3, 3), np.uint8))
        ys, xs = np.nonzero((peaks >= tallest) & (peaks > SPOT_ABOVE))
        found = []
        for y, x in zip(ys, xs, strict=True):
            # the peak's neighbourhood, weighted by its chances: steadier than one cell
            y0, x0 = max(0, y - 1), max(0, x - 1)
            weights = peaks[y0 : y + 2, x0 : x + 2]
            weights = weights / weights.sum()
            cos2, sin2, log_length, log_width = (maps[1:5, y0 : y + 2, x0 : x + 2] * weights).sum(
                axis=(1, 2)
            )
            cells_y, cells_x = np.mgrid[y0 : y0 + weights.shape[0], x0 : x0 + weights.shape[1]]
            centre = (
                float(((cells_x + 0.5) * weights).sum() * SPOT_STRIDE),
                float(((cells_y + 0.5) * weights).sum() * SPOT_STRIDE),
            )
            angle = np.degrees(np.arctan2(sin2, cos2) / 2)
            length, width = np.exp(log_length) * SPOT_STRIDE, np.exp(log_width) * SPOT_STRIDE
            corners = cv2.boxPoints((centre, (float(length), float(width)), float(angle)))
            found.append((ends_first(corners / scale), float(peaks[y, x])))
        return found

    def spot_at(
        self, sides: tuple[int, ...], quick: bool = False
    ) -> list[tuple[np.ndarray, float]]:
        """Every tile the spotter sees at each of ``sides`` (the smallest last), surest
        first, each once (_once_each); ``quick``: the larger looks without their mirror.
        Where a tile it sees at the smallest is long there (SPOT_BIG or more), the photo is
        a close one whose tiles are at the edge of what the spotter learned: it looks again
        at two thirds of that size. Where one it sees at the others is as narrow as it sees
        any (SPOT_NARROW), the photo is mostly a steep view whose far tiles may be smaller
        still, too small for it to see: it looks again at SPOT_NARROW_SIDE."""
        seen = [s for side in sides[:-1] for s in self.spot(side, mirror=not quick)]
        if _narrow(seen, sides[0] / max(self.image.shape[:2])):
            seen += self.spot(SPOT_NARROW_SIDE, mirror=not quick)
        smallest = self.spot(sides[-1])
        scale = sides[-1] / max(self.image.shape[:2])
        if any(outline_length(corners) * scale >= SPOT_BIG for corners, _ in smallest):
            smallest += self.spot(round(sides[-1] * 2 / 3))
        return _once_each(seen + smallest)


def spot(image: np.ndarray, side: int = SPOT_SIDE) -> list[tuple[np.ndarray, float]]:
    """Every tile the spotter's look at ``side`` sees (Looks.spot)."""
    return Looks(image).spot(side)


def spot_at(image: np.ndarray, sides: tuple[int, ...]) -> list[tuple[np.ndarray, float]]:
    """Every tile the spotter sees at each of ``sides`` (Looks.spot_at), the full look."""
    return Looks(image).spot_at(sides)


def _narrow(seen: list[tuple[np.ndarray, float]], scale: float) -> bool:
    """Whether a tile in ``seen`` (SPOTTED_PEAK or surer) is narrower than SPOT_NARROW px at
    ``scale`` of the photo."""
    return any(
        outline_width(corners) * scale < SPOT_NARROW
        for corners, chance in seen
        if chance >= SPOTTED_PEAK
    )


def _once_each(seen: list[tuple[np.ndarray, float]]) -> list[tuple[np.ndarray, float]]:
    """The spots, surest first, each tile seen surely and the same way once: where two looks
    are both sure of one tile (UNTRACED_PEAK) and see it alike (their rough outlines share
    more than SAME_SPOT of the larger one's area), the surer spot stands for it. Outlined
    and read twice, the second gave the same tile again, at twice the cost: most tiles are
    seen alike at both sizes. Two looks that disagree (one turned across the tile, as in a
    block, or one far bigger) both stand: a second chance. So does a spot the spotter is
    unsure of: its outline may read unsurely where the sure one did not, and that sends the
    photo to the finder (recognise._spotter_enough)."""
    kept: list[tuple[np.ndarray, float]] = []
    for corners, chance in sorted(seen, key=lambda s: -s[1]):
        if chance < UNTRACED_PEAK or not any(
            shared_by_larger(corners, other) > SAME_SPOT for other, _ in kept
        ):
            kept.append((corners, chance))
    return kept


def ends_first(corners: np.ndarray) -> np.ndarray:
    """A rectangle's corners ordered as the other stages take them: the two at one short
    end, then the two at the other, going round."""
    c = np.asarray(corners, np.float32)
    if np.linalg.norm(c[0] - c[1]) > np.linalg.norm(c[1] - c[2]):
        c = c[[1, 2, 3, 0]]
    return c
