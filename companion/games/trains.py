"""The trains on the table: each seat's personal train and the Mexican Train."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import MEXICAN, TrainId
from companion.tiles import End, Tile


@dataclass
class Train:
    """A line of tiles leading off the engine.

    ``end`` is the number a tile must match to go on next; ``marker`` is the seat's train
    marker (the train is public while it is there); ``double_open`` is True while the last
    tile is a double nobody has played on yet.
    """

    id: TrainId
    end: End
    tiles: list[Tile] = field(default_factory=list)
    exposed: list[End] = field(default_factory=list)
    """The end each tile left open, in order (a wild tile may leave either)."""
    marker: bool = False
    double_open: bool = False

    @property
    def started(self) -> bool:
        return bool(self.tiles)

    @property
    def is_mexican(self) -> bool:
        return self.id == MEXICAN

    def lay(self, tile: Tile, exposed: End) -> None:
        self.tiles.append(tile)
        self.exposed.append(exposed)
        self.end = exposed
        self.double_open = tile.is_double

    def describe(self, names: list[str]) -> str:
        return "the Mexican Train" if self.is_mexican else f"{names[self.id]}'s train"
