"""The named things that pass between the recogniser's stages, and what it answers.

photo -> Candidate (an outline round a divider, its two halves counted)
      -> TileReading (a candidate the verifier believes, with its doubts)
      -> Recognition (every tile, the total, a status and reasons a player understands)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from companion.tiles import Tile
from vision.shapes import outline_width
from vision.thresholds import ALONE_SURE, BOTH_ALONE_SURE, REFINED_SURE

Status = Literal["ok", "check", "unreadable"]
"""`ok`: scored without asking. `check`: shown with the doubtful tiles marked for the player
to confirm or correct. `unreadable`: no score; the reasons say how to retake the photo."""


@dataclass(frozen=True)
class ReadingContext:
    """What the game in play tells the reader about the hand it is looking at."""

    set_max: int = 12
    max_tiles: int | None = None
    """The most tiles one hand can hold in the game in play (None: as many as the set has)."""

    @property
    def hand_limit(self) -> int:
        if self.max_tiles is not None:
            return self.max_tiles
        return (self.set_max + 1) * (self.set_max + 2) // 2


@dataclass(frozen=True)
class HalfReading:
    """The pips counted on one half of a tile."""

    pips: int
    confidence: float  # 0..1
    contrast: float  # how far the strongest pip stands out from the face (Lab units)
    agreed: bool = True  # the rule-based counter (the second opinion) counted the same
    learned: float = 1.0  # the learned counter's own chance of its count, 0..1
    pip_area: float = 0.0  # one pip's area as a share of the half, as the rules see it


@dataclass(frozen=True)
class Candidate:
    """An outline round a divider in the photo, read but not yet believed."""

    corners: np.ndarray  # 4x2 float, image pixels: end A left, end A right, end B right, B left
    halves: tuple[HalfReading, HalfReading]
    divider_contrast: float  # face brightness minus bar brightness, 0..255
    faint: bool  # the divider was seen only against the brightest nearby
    light_on_dark: bool = False  # a black tile with white pips: read on the photo's negative
    barely_seen: bool = False  # proposed where the spotter barely saw a tile (under SPOTTED_PEAK)

    @property
    def ends(self) -> tuple[int, int]:
        return self.halves[0].pips, self.halves[1].pips

    def surely_read(self, model_alone: bool = False) -> bool:
        """Both halves counted REFINED_SURE or surer. With ``model_alone``, also one half so
        and the other so surely by the learned counter alone (ALONE_SURE) that the
        rule-based counter's other count is no bar; or both halves counted BOTH_ALONE_SURE
        by the learned counter alone."""
        if self.pips_sure >= REFINED_SURE:
            return True
        if not model_alone:
            return False
        if all(h.learned >= BOTH_ALONE_SURE for h in self.halves):
            return True
        return any(h.agreed and h.confidence >= REFINED_SURE for h in self.halves) and all(
            h.confidence >= REFINED_SURE or h.learned >= ALONE_SURE for h in self.halves
        )

    @property
    def pips_sure(self) -> float:
        """How sure the count of its less sure half is."""
        return min(half.confidence for half in self.halves)

    @property
    def confidence(self) -> float:
        """How sure its reading is: its pips' sureness, lowered where its divider stands out
        from the face by under 60 grey levels."""
        return self.pips_sure * min(1.0, self.divider_contrast / 60)

    @property
    def width(self) -> float:
        """The tile's short side in image pixels."""
        return outline_width(self.corners)

    @property
    def length(self) -> float:
        c = self.corners
        return float((np.linalg.norm(c[0] - c[3]) + np.linalg.norm(c[1] - c[2])) / 2)


def as_json(points) -> list[list[float]]:
    """Points in image pixels as [x, y] lists, to a tenth of a pixel."""
    return [[round(float(x), 1), round(float(y), 1)] for x, y in points]


@dataclass(frozen=True)
class RecognisedTile:
    tile: Tile
    confidence: float
    corners: tuple[tuple[float, float], ...]  # 4 points in image pixels
    doubts: tuple[str, ...] = ()  # why this tile is shown to the player to check
    pips_sure: float = 1.0
    """How sure the count of its less sure half is (0..1), whatever the outline's sureness:
    a tile may be outlined unsurely and counted surely (a close-up with no table round it)."""
    pip_area: float = 0.0
    """One pip's area as a share of a half, the larger of its two halves' (0: no pip seen by
    the rule-based counter): a set's pips are of one size."""

    @property
    def ends(self) -> tuple[int, int]:
        return self.tile.ends  # type: ignore[return-value]

    @property
    def doubtful(self) -> bool:
        return bool(self.doubts)

    def doubted(self, why: str) -> RecognisedTile:
        """The tile marked for the player to check, saying ``why`` (once)."""
        return self if why in self.doubts else replace(self, doubts=(*self.doubts, why))

    def to_dict(self) -> dict:
        out = {
            "ends": list(self.ends),
            "confidence": round(self.confidence, 3),
            "corners": as_json(self.corners),
        }
        if self.doubts:
            out["doubts"] = list(self.doubts)
        return out


@dataclass(frozen=True)
class Recognition:
    tiles: list[RecognisedTile]
    set_max: int = 12
    problems: list[str] = field(default_factory=list)
    status: Status = "ok"
    reasons: list[str] = field(default_factory=list)
    unread: list[tuple[tuple[float, float], ...]] = field(default_factory=list)
    """Where a tile may lie that none is read at (4 points in image pixels each, roughly):
    given when the reasons say a tile may be missing, for the picture to show where."""

    @property
    def pip_total(self) -> int:
        return sum(t.tile.pips for t in self.tiles)

    @property
    def low_confidence(self) -> bool:
        """Anything but `ok` is shown to the player before it is scored."""
        return self.status != "ok"

    def to_dict(self) -> dict:
        out = {"tiles": [t.to_dict() for t in self.tiles], "pip_total": self.pip_total}
        out["low_confidence"] = self.low_confidence
        out["status"] = self.status
        out["reasons"] = list(self.reasons)
        out["unread"] = [as_json(place) for place in self.unread]
        if self.problems:
            out["problems"] = list(self.problems)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())
