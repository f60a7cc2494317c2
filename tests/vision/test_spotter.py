"""The learned tile spotter: what it is taught (one peak in each tile's middle, touching tiles
kept apart, the direction of tiles side by side taught hardest), and what the shipped model
finds on tables no training run rendered."""

from collections import Counter

import cv2
import numpy as np
import pytest

from training.spotter import targets
from vision import spot
from vision.shapes import centred
from vision.spot import SPOT_STRIDE
from vision.thresholds import SPOT_SIDES
from vision.world import render_world

FRESH = range(990_000, 990_010)
"""Seeds no training run uses (the spotter learns from 70000-71249; the bench 900000 on)."""


def _tile(x: float, y: float, length: float = 80, width: float = 40) -> np.ndarray:
    """An upright tile's corners: end A at the top."""
    return np.float32(
        [
            [x - width / 2, y - length / 2],
            [x + width / 2, y - length / 2],
            [x + width / 2, y + length / 2],
            [x - width / 2, y + length / 2],
        ]
    )


def _peaks(maps: np.ndarray) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for y, x in zip(*np.nonzero(maps[0] == 1), strict=True)]


def test_each_tile_is_taught_as_one_peak_in_its_middle():
    maps = targets((256, 256), [_tile(100, 120)])
    assert _peaks(maps) == [(100 // SPOT_STRIDE, 120 // SPOT_STRIDE)]
    y, x = 120 // SPOT_STRIDE, 100 // SPOT_STRIDE
    assert np.exp(maps[3, y, x]) * SPOT_STRIDE == pytest.approx(80)  # its length
    assert np.exp(maps[4, y, x]) * SPOT_STRIDE == pytest.approx(40)  # and its width
    assert maps[1, y, x] == -1.0  # cos of twice 90 degrees: it lies up and down


def test_touching_tiles_keep_their_own_peaks():
    row = [_tile(60 + 40 * i, 120) for i in range(4)]  # side by side, no gap
    maps = targets((256, 256), row)
    assert len(_peaks(maps)) == 4
    between = maps[0, 120 // SPOT_STRIDE, 80 // SPOT_STRIDE]  # on the seam of the first two
    assert between < 0.5


def test_a_tile_beside_its_neighbour_is_taught_its_direction_hardest():
    # in a block, two neighbours' halves look like one tile turned a quarter round: the
    # direction of a tile lying beside another counts more than a lone tile's
    lone, beside = _tile(60, 120), [_tile(160, 120), _tile(200, 120)]
    maps = targets((256, 256), [lone, *beside])
    assert _weight(maps, 160, 120) > 2 * _weight(maps, 60, 120) > 0
    end_to_end = targets((256, 256), [_tile(100, 60), _tile(100, 140)])
    assert _weight(end_to_end, 100, 60) == _weight(maps, 60, 120)


def _weight(maps: np.ndarray, x: int, y: int) -> float:
    """How much the outline counts in the loss at photo px (x, y)."""
    return float(maps[6, y // SPOT_STRIDE, x // SPOT_STRIDE])


def test_the_spotter_ships_and_runs_through_opencv():
    assert spot.MODEL.is_file()
    assert spot.MODEL.stat().st_size <= 2 * 1024 * 1024
    assert spot.MODEL.name in (spot.MODEL.parent / "README.md").read_text()
    assert spot.spot(np.full((300, 400, 3), 90, np.uint8)) == []  # a bare grey table


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    inter, _ = cv2.intersectConvexConvex(np.float32(a), np.float32(b))
    union = abs(cv2.contourArea(np.float32(a))) + abs(cv2.contourArea(np.float32(b))) - inter
    return inter / union if union else 0.0


def test_the_spotter_outlines_most_tiles_of_tables_it_never_saw():
    """The shipped model outlined 69 of these 86 tiles (overlapping them by half or more)."""
    outlined = total = 0
    for seed in FRESH:
        photo = render_world(seed, size=(1280, 720))
        seen = [corners for corners, _ in spot.spot(photo.image)]
        for tile in photo.tiles:
            total += 1
            outlined += any(_overlap(tile.corners, s) >= 0.5 for s in seen)
    assert outlined / total >= 0.7, f"{outlined} of {total} tiles outlined"


def test_tiles_the_finder_missed_are_found_where_the_spotter_looks():
    """Each tile the spotter sees outside the finder's outlines is outlined by the refiner
    and read: on these tables the finder alone outlined 24 of 86 tiles."""
    from vision.recognise import find_candidates, propose

    alone = together = 0
    for seed in FRESH:
        photo = render_world(seed, size=(1280, 720))
        finder = find_candidates(photo.image)
        both = propose(photo.image).candidates
        for tile in photo.tiles:
            alone += any(_overlap(tile.corners, c.corners) >= 0.5 for c in finder)
            together += any(_overlap(tile.corners, c.corners) >= 0.5 for c in both)
    assert together >= alone + 10, f"{alone} tiles outlined by the finder, {together} with both"


def test_a_tile_seen_at_both_sizes_is_one_spot():
    """The spotter looks at a photo at two sizes, and most tiles are seen at both: a tile
    both looks are sure of is outlined and read once, not twice (reading each twice cost a
    quarter of a plain mat's time). Seen twice, 25 of these 29 tiles had two spots; now 10
    (two looks that disagree, or one unsure, both stand)."""
    twice = total = 0
    for seed in FRESH[:3]:
        photo = render_world(seed, size=(1280, 720))
        seen = spot.spot_at(photo.image, SPOT_SIDES)
        middles = [corners.mean(axis=0) for corners, _ in seen]
        for tile in photo.tiles:
            total += 1
            twice += sum(centred(m, tile.corners) for m in middles) > 1
        assert [chance for _, chance in seen] == sorted((c for _, c in seen), reverse=True)
    assert twice <= total / 2, f"{twice} of {total} tiles have two spots"


def test_a_second_look_stands_where_the_spotter_is_unsure_or_sees_the_tile_turned():
    """Two sure spots alike are one tile, read once. An unsure one beside a sure one stands:
    its outline may read unsurely, and that sends the photo to the finder for a second
    opinion. So does a look that sees the tile turned across (as in a block)."""
    upright = _tile(100, 100)
    across = np.float32([[60, 80], [60, 120], [140, 120], [140, 80]])
    assert len(spot._once_each([(upright, 0.95), (upright + 2, 0.9)])) == 1
    assert [c for _, c in spot._once_each([(upright + 2, 0.42), (upright, 0.94)])] == [0.94, 0.42]
    assert len(spot._once_each([(upright, 0.95), (across, 0.9)])) == 2


def test_the_spotter_looks_closer_only_where_it_sees_a_tile_as_narrow_as_it_sees_any():
    narrow, wide = _tile(100, 100, length=30, width=15), _tile(200, 100)
    assert spot._narrow([(wide, 0.9), (narrow, 0.9)], scale=1.0)
    assert not spot._narrow([(wide, 0.9)], scale=1.0)
    assert spot._narrow([(wide, 0.9)], scale=0.4)  # 16 px wide where the spotter looked
    assert not spot._narrow([(narrow, 0.3)], scale=1.0)  # a peak too faint to outline


@pytest.mark.slow  # reads a table of 29 tiles twice
def test_a_steep_views_small_far_tiles_are_read_with_a_closer_look(monkeypatch):
    """Seen from 46 degrees, this hand's far tiles are under 40 px wide at 1920 px: at the
    spotter's usual 768 px the narrowest it sees is under SPOT_NARROW, and it looks again at
    SPOT_NARROW_SIDE. It read 28 of the 29 tiles so (239 pips of 255), 25 without (200)."""
    from vision import recognise

    photo = render_world(910_081, size=(1920, 1080))  # a rendered tuning table
    truth = Counter(t.tile for t in photo.tiles)

    def tiles_right() -> int:
        reading = recognise(photo.image, set_max=photo.set_max)
        return sum((Counter(t.tile for t in reading.tiles) & truth).values())

    closer = tiles_right()
    monkeypatch.setattr(spot, "SPOT_NARROW", 0)  # never look closer
    assert closer > tiles_right()


class _CountedNet:
    """The spotter's network, counting its passes by the width of what it is shown."""

    def __init__(self, net) -> None:
        self.net, self.widths = net, []

    def setInput(self, picture) -> None:  # noqa: N802 (OpenCV's name)
        self.widths.append(picture.shape[-1])
        self.net.setInput(picture)

    def forward(self):
        return self.net.forward()


def _counted(monkeypatch) -> _CountedNet:
    counted = _CountedNet(spot._model(spot.MODEL))
    monkeypatch.setattr(spot, "_model", lambda path: counted)
    return counted


def test_a_plain_mat_the_spotter_reads_alone_spares_its_costliest_pass(monkeypatch):
    """A plain mat, most of what the companion reads, is read from the quick look: the 768
    px look without its mirror image (three passes of the network, not four). The quicker
    reading is the full one's: the same tiles and total."""
    from vision.recognise import recognise
    from vision.synth import render

    image, truth = render(1001)
    counted = _counted(monkeypatch)
    reading = recognise(image, set_max=12)
    assert reading.status == "ok" and reading.pip_total == sum(t.tile.pips for t in truth)
    assert sorted(counted.widths) == [384, 384, 768]


def test_the_full_look_after_the_quick_one_sees_what_a_full_look_alone_sees(monkeypatch):
    """Where the quick look's tiles leave the photo unsure, the full look adds the mirror
    passes to the passes made: no pass is made twice, and it sees the same spots, to the
    last bit, as a full look on its own."""
    photo = render_world(FRESH[0], size=(1280, 720))
    counted = _counted(monkeypatch)
    alone = spot.spot_at(photo.image, SPOT_SIDES)
    passes_alone, counted.widths = sorted(counted.widths), []
    looks = spot.Looks(photo.image)
    assert looks.spot_at(SPOT_SIDES, quick=True)
    quick = len(counted.widths)
    full = looks.spot_at(SPOT_SIDES)
    assert counted.widths[quick:] == [768]  # the mirror the quick look spared, and no more
    assert sorted(counted.widths) == passes_alone
    assert len(full) == len(alone)
    for (corners, chance), (expected, expected_chance) in zip(full, alone, strict=True):
        assert chance == expected_chance
        assert np.array_equal(corners, expected)
