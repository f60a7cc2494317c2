"""Percentiles to the last bit as numpy's (its "linear" way) gives them, without its
overhead: the recogniser takes thousands a photo, of a handful of samples along a bar or of
every pixel of a half, and np.percentile sorts a copy of them each time."""

from __future__ import annotations

import numpy as np


def percentile(values: np.ndarray, percent: float) -> float:
    """The ``percent`` percentile of a few values."""
    ordered = np.sort(values.astype(np.float64))
    where = percent / 100 * (len(ordered) - 1)
    low = int(where)
    high = min(low + 1, len(ordered) - 1)
    return _between(float(ordered[low]), float(ordered[high]), where - low)


def byte_percentiles(values: np.ndarray, percents: tuple[float, ...]) -> list[float]:
    """The ``percents`` percentiles of many 0..255 values (uint8), found on their histogram."""
    counts = np.bincount(values.ravel(), minlength=256).cumsum()
    last = int(counts[-1]) - 1
    found = []
    for percent in percents:
        where = last * (percent / 100)
        low = int(np.floor(where))
        values_at = np.searchsorted(counts, [low, min(low + 1, last)], side="right")
        found.append(_between(float(values_at[0]), float(values_at[1]), where - low))
    return found


def byte_median(values: np.ndarray) -> float:
    """The median of many 0..255 values (uint8), as np.median gives it."""
    return byte_percentiles(values, (50,))[0]


def _between(low: float, high: float, part: float) -> float:
    """numpy's own sum for a point ``part`` of the way from ``low`` to ``high``."""
    step = high - low
    return high - step * (1 - part) if part >= 0.5 else low + step * part
