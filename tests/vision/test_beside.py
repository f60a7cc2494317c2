"""Tiles lying beside the tiles read (vision/beside.py): found where every other look
passed them over, never on the bare table beside a tile."""

from collections import Counter

import numpy as np

from companion.tiles import Tile
from vision.beside import beside
from vision.recognise import recognise
from vision.spotted import Outlining, read_all
from vision.synth import render
from vision.verify import Believed
from vision.world import render_world


def _read_as_believed(photo, truths) -> list[Believed]:
    return [Believed(c, 1.0) for c in read_all(photo, [np.float32(t.corners) for t in truths])]


def test_a_tile_no_look_saw_in_a_block_is_found_beside_its_neighbours():
    """A tile in a block lies a tile's length or width off a neighbour: where the spotter and
    the finder both pass one over, its neighbours' outlines moved there find it. On rendered
    table 910007 (a tuning photo: 28 coloured tiles in blocks on stone) each tile left out
    of a block is found and read as it is; with none left out, nothing more is found."""
    table = render_world(910_007, size=(1920, 1080))
    believed = _read_as_believed(table.image, table.tiles)
    for left_out in range(5, 10):
        rest = believed[:left_out] + believed[left_out + 1 :]
        (found,) = beside(table.image, rest, Outlining(table.image))
        assert Tile(*found.candidate.ends) == table.tiles[left_out].tile
    assert beside(table.image, believed, Outlining(table.image)) == []


def test_nothing_is_found_beside_a_tile_lying_alone():
    """Bare table beside a tile is no tile, whatever its neighbour's outline reads there."""
    for seed in range(990_000, 990_004):  # seeds no training run uses
        image, truth = render(seed, tiles=1)
        believed = _read_as_believed(image, truth)
        assert beside(image, believed, Outlining(image)) == []


def test_a_tile_every_look_passed_over_is_read_beside_its_neighbours():
    """Rendered table 910007 (a tuning photo): a 0|2 in a block of 28 coloured tiles on
    stone that neither the spotter nor the finder saw is found beside its neighbours, and
    the hand's total is read right (its 0|0, a double blank, is never so found: a face-down
    tile reads as one)."""
    table = render_world(910_007, size=(1920, 1080))
    reading = recognise(table.image, set_max=table.set_max)
    missing = Counter(t.tile for t in table.tiles) - Counter(t.tile for t in reading.tiles)
    assert missing == Counter([Tile(0, 0)])
    assert reading.pip_total == sum(t.tile.pips for t in table.tiles)
