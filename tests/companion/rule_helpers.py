"""Small helpers for the rule tests: hands written as text."""

from companion.tiles import Tile

NAMES = ["Ann", "Bob", "Cy", "Di"]


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]
