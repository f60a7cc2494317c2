"""Each stage on its own, on synthetic crops."""

import pytest

from companion.tiles import Tile
from vision.find import find_dividers, find_tiles, working_copy
from vision.halves import split_halves
from vision.pips import count_pips
from vision.setcheck import set_conflicts
from vision.synth import pip_layout


@pytest.mark.parametrize("angle", [0, 30, 90, 135])
def test_one_tile_is_found_at_any_rotation(one_tile, angle):
    work, _ = working_copy(one_tile(Tile(3, 5), angle=angle))
    found = find_tiles(work)
    assert len(found) == 1
    width = found[0].width
    assert 0.8 < found[0].divider.length / width < 0.95


def test_a_face_down_tile_has_no_divider(one_tile):
    work, _ = working_copy(one_tile(None))
    assert find_dividers(work) == []


@pytest.mark.parametrize("value", [0, 1, 4, 6, 9, 12])
def test_pips_are_counted_on_each_half(one_tile, value):
    image = one_tile(Tile(value, 2), coloured=value > 6)
    work, scale = working_copy(image)
    (found,) = find_tiles(work)
    halves = split_halves(image, found.corners / scale)
    counts = sorted(count_pips(half).count for half in halves)
    assert counts == sorted([value, 2])


def test_pip_layouts_hold_the_right_number_of_pips():
    for n in range(19):
        assert len(set(pip_layout(n))) == n


def test_set_check_reports_an_end_above_the_set_and_a_repeated_tile():
    problems = set_conflicts([Tile(12, 10), Tile(3, 4), Tile(4, 3)], set_max=7)
    assert any("above 7" in p for p in problems)
    assert any("3-4" in p and "2 times" in p for p in problems)
    assert set_conflicts([Tile(6, 6), Tile(0, 1)], set_max=6) == []
