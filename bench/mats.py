"""The plain mats the benches read (vision/synth.py): straight down from seed 1000 on, and at
25-55 degrees from seed 3000 on, the slant drawn from the seed."""

from __future__ import annotations


def mats(count: int, slanted: bool) -> list[tuple[int, float]]:
    """The first ``count`` mats' seeds and slants (degrees from straight down)."""
    first = 3000 if slanted else 1000
    return [(s, 25.0 + (s * 7) % 31 if slanted else 0.0) for s in range(first, first + count)]
