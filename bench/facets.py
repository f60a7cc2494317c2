"""The rendered tables' figures told apart by how each table was made (bench/vision.py --by).

A total over a hundred tables says how many are read right, not which: a change that reads
glaring tables better and steep ones worse can leave it where it was. vision/world.py keeps
how it made each table (its meta: the light, the tiles' style, the slant, ...); each facet
here names one of those, in a few words a player would use, and bands a measure (the slant,
the smallest tile's width) into a few ranges, so each group holds enough tables to compare.
"""

from __future__ import annotations

from collections.abc import Callable


def band(value: float, edges: tuple[float, ...], unit: str) -> str:
    """``value`` told as the range of ``edges`` it falls in, such as "15-30°" or "90+ px"."""
    low = 0.0
    for edge in edges:
        if value < edge:
            return f"{low:g}-{edge:g}{unit}"
        low = edge
    return f"{low:g}+{unit}"


FACETS: dict[str, Callable[[dict], str]] = {
    "light": lambda meta: meta["light"],
    "tiles": lambda meta: f"{meta['style']} tiles, {meta['pip_colours']} pips",
    "table": lambda meta: meta["background"],
    "slant": lambda meta: band(meta["slant"], (15, 30, 45), "°"),
    "size": lambda meta: band(meta["smallest_tile_px"], (40, 60, 90), " px"),
    "focus": lambda meta: band(meta.get("defocus_sigma", 0.0), (1, 2), " px blur"),
    "spinner": lambda meta: "a spinner" if meta["spinner"] else "no spinner",
}
"""Each facet's name (for --by) and the group a table's meta puts it in. "size" is the
narrowest tile's face in the photo at 1920 px, the hardest to read."""
