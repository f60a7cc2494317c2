"""The recogniser: find tiles -> split halves -> count pips -> check against the set.

``recognise(image, set_max)`` returns a ``Recognition``: the tiles with their confidence and
corners (image pixels), the pip total and ``low_confidence`` when anything is doubtful. A
doubt is reported, never hidden: a value above the set's double, a tile seen twice, or a
count the pip stage was not sure of.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import numpy as np

from companion.tiles import MAX_PIPS, Tile
from vision import detect, pips

LOW = 0.6
"""A tile below this confidence makes the whole reading low-confidence."""


@dataclass(frozen=True)
class TileReading:
    tile: Tile
    confidence: float
    corners: list[tuple[float, float]]

    @property
    def ends(self) -> tuple[int, int]:
        return (int(self.tile.low), int(self.tile.high))


@dataclass
class Recognition:
    tiles: list[TileReading]
    set_max: int = 12
    problems: list[str] = field(default_factory=list)
    elapsed_ms: float = 0.0

    @property
    def pip_total(self) -> int:
        return sum(t.tile.pips for t in self.tiles)

    @property
    def low_confidence(self) -> bool:
        return bool(self.problems) or any(t.confidence < LOW for t in self.tiles)

    def as_dict(self) -> dict:
        return {
            "tiles": [
                {
                    "ends": list(t.ends),
                    "confidence": round(t.confidence, 3),
                    "corners": [[round(x, 1), round(y, 1)] for x, y in t.corners],
                }
                for t in self.tiles
            ],
            "pip_total": self.pip_total,
            "low_confidence": self.low_confidence,
            "problems": self.problems,
            "elapsed_ms": round(self.elapsed_ms, 1),
        }

    def to_json(self) -> str:
        return json.dumps(self.as_dict())


def find_tiles(image: np.ndarray) -> list[detect.Found]:
    """Stage 1: tile quads in image pixels (long side first), best first."""
    gray, scale = detect.working_copy(image)
    found = detect.find_tiles(gray)
    for f in found:
        f.corners = f.corners / scale
    return found


def read_tile(image: np.ndarray, found: detect.Found, set_max: int) -> TileReading:
    """Stages 2 and 3: rectify the tile, split it at the divider, count both halves."""
    face = pips.rectify(image, found.corners)
    left, right = pips.count_halves(face, min(set_max, MAX_PIPS))
    a, b = min(left.pips, MAX_PIPS), min(right.pips, MAX_PIPS)
    conf = min(left.confidence, right.confidence) * (0.5 + 0.5 * found.score)
    corners = [(float(x), float(y)) for x, y in found.corners]
    return TileReading(Tile(a, b), float(conf), corners)


def check_set(readings: list[TileReading], set_max: int) -> list[str]:
    """Stage 4: no value above the set's double, no tile twice."""
    problems = []
    seen: set[Tile] = set()
    for r in readings:
        if r.tile.high > set_max:
            problems.append(f"{r.tile} is not in a double-{set_max} set")
        elif r.tile in seen:
            problems.append(f"{r.tile} seen twice; a set has one")
        seen.add(r.tile)
    return problems


def recognise(image: np.ndarray, set_max: int = 12) -> Recognition:
    """Read every face-up tile in a BGR photo (see the module docstring)."""
    if image is None or image.ndim < 2 or image.size == 0:
        raise ValueError("recognise needs a BGR image")
    if image.ndim == 2:
        import cv2

        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 4:
        image = image[..., :3]
    start = time.perf_counter()
    readings = [read_tile(image, f, set_max) for f in find_tiles(image)]
    readings.sort(key=lambda r: (min(p[1] for p in r.corners), min(p[0] for p in r.corners)))
    problems = check_set(readings, set_max)
    elapsed = (time.perf_counter() - start) * 1000
    return Recognition(readings, set_max, problems, elapsed)
