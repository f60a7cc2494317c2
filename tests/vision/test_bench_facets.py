"""bench/vision.py --by: the rendered tables' figures told by how each table was made."""

import pytest

from bench.facets import FACETS, band
from bench.vision import world
from vision.world import render_world


@pytest.mark.parametrize(
    ("value", "group"),
    [(0, "0-15°"), (14.9, "0-15°"), (15, "15-30°"), (44, "30-45°"), (60, "45+°")],
)
def test_a_measure_is_told_as_the_band_it_falls_in(value, group):
    assert band(value, (15, 30, 45), "°") == group


@pytest.mark.parametrize("seed", [945000, 945001, 945002])
def test_every_facet_puts_a_rendered_table_in_a_group_a_person_can_read(seed):
    meta = render_world(seed, size=(320, 180)).meta
    groups = {facet: name(meta) for facet, name in FACETS.items()}
    assert all(isinstance(g, str) and g for g in groups.values())
    assert groups["light"] == meta["light"]
    assert meta["style"] in groups["tiles"] and meta["pip_colours"] in groups["tiles"]


@pytest.mark.slow
def test_the_groups_of_a_facet_share_out_the_tables_with_tiles_and_their_readings():
    by = {"light": {}, "slant": {}}
    tallies = world(3, 945000, by=by)
    with_tiles = tallies[0]
    for groups in by.values():
        assert sum(g.photos for g in groups.values()) == with_tiles.photos
        assert sum(g.exact for g in groups.values()) == with_tiles.exact
        assert sum(g.truth for g in groups.values()) == with_tiles.truth
        assert all(g.line().startswith(f"  {name}") for name, g in groups.items())
