"""The recogniser: find tiles -> split halves -> count pips -> check the set -> score."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from companion.tiles import MAX_PIPS, Tile
from vision.find import find_tiles, working_copy
from vision.halves import split_halves
from vision.pips import count_pips
from vision.setcheck import set_conflicts
from vision.slant import level, measure_slant, near_side, to_working

LOW_CONFIDENCE = 0.6
"""Below this a tile is shown to the player to confirm."""

FAINT_MIN_CONFIDENCE = 0.25
"""A divider seen only faintly must have halves whose marks look like pips (blobs of one
size); below this it was a streak of grain between two glare spots."""


@dataclass(frozen=True)
class RecognisedTile:
    tile: Tile
    confidence: float
    corners: tuple[tuple[float, float], ...]  # 4 points in image pixels

    @property
    def ends(self) -> tuple[int, int]:
        return self.tile.ends  # type: ignore[return-value]

    def to_dict(self) -> dict:
        return {
            "ends": list(self.ends),
            "confidence": round(self.confidence, 3),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
        }


@dataclass(frozen=True)
class Recognition:
    tiles: list[RecognisedTile]
    set_max: int = 12
    problems: list[str] = field(default_factory=list)

    @property
    def pip_total(self) -> int:
        return sum(t.tile.pips for t in self.tiles)

    @property
    def low_confidence(self) -> bool:
        # no tile at all is more often a missed row than an empty hand: ask
        return (
            not self.tiles
            or bool(self.problems)
            or any(t.confidence < LOW_CONFIDENCE for t in self.tiles)
        )

    def to_dict(self) -> dict:
        out = {"tiles": [t.to_dict() for t in self.tiles], "pip_total": self.pip_total}
        out["low_confidence"] = self.low_confidence
        if self.problems:
            out["problems"] = list(self.problems)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


def recognise(image: np.ndarray, set_max: int = 12) -> Recognition:
    """Read every face-up tile in a BGR photo of a hand."""
    if image is None or image.ndim != 3 or image.shape[0] < 16 or image.shape[1] < 16:
        return Recognition([], set_max, ["the picture is empty or too small"])
    work, scale = working_copy(image)
    slant = measure_slant(work)
    flat, back = level(work, slant)
    found = []
    for candidate in find_tiles(flat, near_side(slant)):
        corners = to_working(candidate.corners, back) / scale
        half_a, half_b = split_halves(image, corners)
        count_a = count_pips(half_a, MAX_PIPS)
        count_b = count_pips(half_b, MAX_PIPS)
        ends = (min(count_a.count, MAX_PIPS), min(count_b.count, MAX_PIPS))
        confidence = min(count_a.confidence, count_b.confidence)
        confidence *= min(1.0, candidate.divider.contrast / 60)
        if max(ends) > set_max:
            confidence = min(confidence, 0.3)
        if candidate.divider.faint and confidence < FAINT_MIN_CONFIDENCE:
            continue  # a faint bar with no clean pips beside it: wood grain, not a tile
        points = tuple((float(x), float(y)) for x, y in corners)
        found.append(RecognisedTile(Tile(*ends), float(np.clip(confidence, 0, 1)), points))
    found.sort(key=lambda t: (round(t.corners[0][1] / 50), t.corners[0][0]))
    return Recognition(found, set_max, set_conflicts([t.tile for t in found], set_max))
