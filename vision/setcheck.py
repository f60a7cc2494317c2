"""Stage 4, check the tiles against the set in play: no end above N, each tile once."""

from __future__ import annotations

from collections import Counter

from companion.tiles import Tile


def set_conflicts(tiles: list[Tile], set_max: int) -> list[str]:
    """Plain-words reasons the tiles cannot all come from one double-``set_max`` set."""
    problems = []
    for tile in tiles:
        too_high = [end for end in tile.ends if isinstance(end, int) and end > set_max]
        if too_high:
            problems.append(f"{tile} has an end above {set_max}: not in a double-{set_max} set")
    for tile, seen in sorted(Counter(tiles).items(), key=lambda item: item[0].sort_key()):
        if seen > 1:
            problems.append(f"{tile} is read {seen} times but a set has only one")
    return problems
