"""Stage 4, verify: a learned model throws out outlines that are not tiles.

The finder sees a dark bar between two pale patches; wood grain, a woven cloth or a printed
board shows many of those. Each outline, with a margin of the table round it, is warped
upright to a small colour patch, and a small convolutional network trained offline
(training/verifier.py; data, seed and figures in vision/models/README.md) says how likely
it is a face-up tile. It runs through OpenCV alone (cv2.dnn on an ONNX file), so the product
needs no training tools.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.nets import open_net, standardised
from vision.reading import Candidate
from vision.thresholds import (
    COLOURED_FACE,
    DROP_BELOW,
    KEEP_SPOTTED,
    KEEP_SURELY_READ,
    MARGIN,
    PATCH,
    SURE_ABOVE,
)

MODEL = Path(__file__).with_name("models") / "verifier.onnx"


@dataclass(frozen=True)
class Believed:
    candidate: Candidate
    belief: float  # 0..1: 1 when the model has no doubt

    @property
    def sure(self) -> bool:
        """Whether the model has no doubt of it (a chance of SURE_ABOVE or more)."""
        return self.belief >= 1.0


def patch(image: np.ndarray, corners: np.ndarray, size: tuple[int, int] = PATCH) -> np.ndarray:
    """The outline and a margin round it, warped upright to ``size`` (end A at the top)."""
    w, h = size
    mx, my = _margins(size)
    target = np.float32([[mx, my], [w - 1 - mx, my], [w - 1 - mx, h - 1 - my], [mx, h - 1 - my]])
    matrix = cv2.getPerspectiveTransform(np.float32(corners), target)
    return cv2.warpPerspective(
        image, matrix, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def _margins(size: tuple[int, int]) -> tuple[float, float]:
    """The table kept round an outline in a patch of ``size``: across it and along it."""
    share = MARGIN / (1 + 2 * MARGIN)
    return share * size[0], share * size[1]


def batch(
    image: np.ndarray, corners: list[np.ndarray], negative: list[bool] | None = None
) -> np.ndarray:
    """The model's input for these outlines: N x 3 x H x W, each patch scaled to its own
    spread of brightness (the light in the room is not the model's business). A black tile
    (``negative``) is looked at on the photo's negative, where it looks like any other."""
    negative = negative or [False] * len(corners)
    flipped = cv2.bitwise_not(image) if any(negative) else image
    return _scaled(
        [patch(flipped if n else image, c) for c, n in zip(corners, negative, strict=True)]
    )


def _scaled(patches: list[np.ndarray]) -> np.ndarray:
    if not patches:
        return np.zeros((0, 3, PATCH[1], PATCH[0]), np.float32)
    return standardised(np.stack(patches))


def looks(candidate: Candidate) -> tuple[bool, ...]:
    """How an outline is looked at (True: on the photo's negative). One found on the
    negative is looked at both ways: a black tile is a tile on the negative, a dark red or
    blue one with white pips on the photo as it is."""
    return (True, False) if candidate.light_on_dark else (False,)


@cache
def _model():
    if not MODEL.is_file():
        return None
    return open_net(MODEL)


def tile_chances(image: np.ndarray, candidates: list[Candidate], model=None) -> np.ndarray:
    """For each outline, the model's chance (0..1) that it is a face-up tile: the likeliest
    of its looks (looks), and of its look in grey where its face is coloured (COLOURED_FACE:
    the model has seen few coloured sets, and a yellow tile looked like none to it)."""
    model = model if model is not None else _model()
    if model is None or not candidates:
        return np.ones(len(candidates), np.float32)
    flipped = cv2.bitwise_not(image) if any(c.light_on_dark for c in candidates) else image
    looked: list[tuple[int, np.ndarray]] = []  # each look: its outline and its patch
    for i, candidate in enumerate(candidates):
        upright = patch(image, candidate.corners)
        for negative in looks(candidate):
            looked.append((i, patch(flipped, candidate.corners) if negative else upright))
        if _chroma(upright) >= COLOURED_FACE:
            looked.append((i, _grey(upright)))
    model.setInput(_scaled([p for _, p in looked]))
    chances = np.zeros(len(candidates), np.float32)
    np.maximum.at(chances, [i for i, _ in looked], model.forward()[:, 1])
    return np.clip(chances, 0.0, 1.0)


def _chroma(upright: np.ndarray) -> float:
    """How far from grey an upright patch's face lies: its median's Lab chroma, inside the
    margin of table (pips, a minority, leave the median be)."""
    h, w = upright.shape[:2]
    mx, my = (round(m) for m in _margins((w, h)))
    lab = cv2.cvtColor(upright[my : h - my, mx : w - mx], cv2.COLOR_BGR2LAB).reshape(-1, 3)
    a, b = np.median(lab[:, 1:], axis=0)
    return float(np.hypot(a - 128.0, b - 128.0))


def _grey(upright: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(upright, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def sort_out(
    image: np.ndarray,
    candidates: list[Candidate],
    model=None,
    spotted: list[bool] | None = None,
) -> list[Believed]:
    """The outlines believed to be tiles, each with how far it is believed. One whose pips
    are counted surely on both halves (Candidate.surely_read) is kept on a lower chance
    (KEEP_SURELY_READ), so little believed that the player is asked to check it; and lower
    still (KEEP_SPOTTED) where the spotter is sure of a tile there too (``spotted``, one
    flag for each outline), where the learned counter alone counting its pips surely is
    enough (surely_read with ``model_alone``: the rule-based counter may miscount a half)."""
    chances = tile_chances(image, candidates, model)
    spotted = spotted or [False] * len(candidates)
    return [
        Believed(candidate, float(min(1.0, chance / SURE_ABOVE)))
        for candidate, chance, seen in zip(candidates, chances, spotted, strict=True)
        if chance >= DROP_BELOW
        or (candidate.surely_read() and chance >= KEEP_SURELY_READ)
        or (seen and candidate.surely_read(model_alone=True) and chance >= KEEP_SPOTTED)
    ]
