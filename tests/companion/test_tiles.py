import pytest

from companion.tiles import TRAIN, Tile, double_set, set_size


@pytest.mark.parametrize("n", [6, 9, 12, 15, 18])
def test_a_double_n_set_has_n_plus_1_times_n_plus_2_over_2_tiles(n):
    tiles = double_set(n)
    assert len(tiles) == (n + 1) * (n + 2) // 2 == set_size(n)
    assert len(set(tiles)) == len(tiles)
    assert sum(tile.is_double for tile in tiles) == n + 1


def test_ends_are_kept_in_order_so_a_tile_is_the_same_either_way_round():
    assert Tile(12, 5) == Tile(5, 12)
    assert str(Tile(12, 5)) == "5-12"
    assert Tile.parse("12|5") == Tile(5, 12)


def test_pips_count_both_ends():
    assert Tile(6, 6).pips == 12
    assert Tile(0, 0).pips == 0
    assert sum(t.pips for t in double_set(12)) == 1092


def test_wild_and_action_tiles_fit_the_same_type():
    wild = Tile.parse("3-train")
    assert wild.is_wild and wild.pips == 3 and wild.action is None
    assert Tile.parse("train-train").is_double
    skip = Tile.parse("S-train")
    assert skip.action == "S" and skip.pips == 0
    assert Tile(TRAIN, 3) == wild


@pytest.mark.parametrize("text", ["3", "3-5-6", "x-1", "19-2", "-1-2", ""])
def test_bad_tile_text_says_how_to_write_one(text):
    with pytest.raises(ValueError):
        Tile.parse(text)


def test_other_gives_the_exposed_end():
    assert Tile(3, 7).other(3) == 7
    with pytest.raises(ValueError):
        Tile(3, 7).other(5)
