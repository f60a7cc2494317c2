"""The recogniser on synthetic photos: what a player would notice is the pip total."""

import numpy as np
import pytest

from companion.tiles import Tile
from vision import recognise
from vision.synth import render

EASY = dict(layout="scatter", tilt=0, glare=False, blur=0.5, noise=2, jpeg=90, light=1.0)


@pytest.mark.parametrize(
    "tiles, style",
    [
        (
            [Tile(3, 5), Tile(0, 6), Tile(2, 2)],
            dict(face="ivory", pips="black", background="cloth"),
        ),
        (
            [Tile(12, 12), Tile(1, 9), Tile(0, 4)],
            dict(face="white", pips="coloured", background="wood"),
        ),
        ([Tile(6, 6), Tile(5, 4)], dict(face="ivory", pips="coloured", background="felt")),
    ],
)
def test_a_plain_photo_reads_every_tile(tiles, style):
    image, truth = render(tiles, seed=3, **EASY, **style)
    result = recognise(image)
    assert sorted(t.ends for t in result.tiles) == sorted(t.ends for t in tiles)
    assert result.pip_total == sum(t.pips for t in tiles)


def test_corners_land_on_the_tiles():
    image, truth = render([Tile(2, 7)], seed=4, **EASY, background="cloth", face="ivory")
    (reading,) = recognise(image).tiles
    got = np.array(reading.corners).mean(0)
    want = np.array(truth[0].corners).mean(0)
    side = np.linalg.norm(np.subtract(truth[0].corners[0], truth[0].corners[3]))
    assert np.linalg.norm(got - want) < 0.25 * side


def test_an_empty_table_has_no_tiles():
    image, _ = render([], seed=1, background="wood")
    result = recognise(image)
    assert result.tiles == [] and result.pip_total == 0


def test_a_tile_above_the_set_is_reported_not_hidden():
    image, _ = render([Tile(10, 12)], seed=5, **EASY, background="cloth", pips="black")
    result = recognise(image, set_max=7)
    assert result.low_confidence
    assert any("double-7" in p for p in result.problems)


def test_the_reading_is_json_with_ends_in_order():
    import json

    image, _ = render([Tile(5, 1)], seed=6, **EASY, background="cloth")
    data = json.loads(recognise(image).to_json())
    assert data["tiles"][0]["ends"] == [1, 5]
    assert len(data["tiles"][0]["corners"]) == 4
