"""The reader that doubts, on tiles it may have missed: patches of tile face no tile
explains, the spotter's places with no tile read, and where the picture shows them."""

import sys

import cv2
import numpy as np
import pytest
from laid_tables import CALM, IVORY, laid, lay

from companion.tiles import Tile
from vision import recognise
from vision.doubt import judge
from vision.reading import ReadingContext
from vision.scene import Scene


def _two_tiles(second_face_up: bool) -> tuple[np.ndarray, np.ndarray]:
    """A dark table with a face-up tile, and beside it a second tile face up or face down;
    the first tile's corners."""
    table = np.full((600, 900, 3), (40, 60, 90), np.uint8)
    first = lay(table, 150, Tile(3, 5))
    lay(table, 550, Tile(2, 6), face_up=second_face_up)
    return table, first


def test_a_tile_left_unread_beside_the_others_is_noticed():
    from vision.scene import look_at

    photo, first = _two_tiles(second_face_up=True)
    assert look_at(photo, [first], thrown_out=0).unexplained == 1


def test_a_tile_face_down_is_not_a_missed_tile():
    from vision.scene import look_at

    photo, first = _two_tiles(second_face_up=False)
    assert look_at(photo, [first], thrown_out=0).unexplained == 0


def test_a_pale_cloth_the_frame_cuts_is_no_tile_missed():
    """Beyond a dark table the photo's top edge shows a pale patterned cloth: a patch of
    the faces' colour with marks, but one the frame cuts, so no tile missed. The same strip
    lying within the photo is taken for tile face."""
    from vision.scene import look_at

    for top, missed in ((0, 0), (40, 1)):
        photo, first = _two_tiles(second_face_up=False)
        strip = photo[top : top + 60, 100:800]
        strip[:] = IVORY
        strip[:, ::16] = 30  # the cloth's pattern
        assert look_at(photo, [first], thrown_out=0).unexplained == missed


@pytest.mark.parametrize("side, missed", [(240, 1), (400, 0)])
def test_a_card_far_bigger_than_a_tile_is_no_tile_missed(side, missed):
    """A pale square with marks beside a tile read (120 x 240 px): of two tiles' area it
    may be a tile missed; of over PLACE_AREA tiles' area it is a card or a score pad."""
    from vision.scene import look_at

    photo = np.full((700, 1300, 3), (40, 60, 90), np.uint8)
    first = lay(photo, 150, Tile(3, 5))
    card = photo[120 : 120 + side, 500 : 500 + side]
    card[:] = IVORY
    for y in range(25, side - 40, 50):
        for x in range(25, side - 40, 50):
            card[y : y + 20, x : x + 20] = 30  # the card's marks
    assert look_at(photo, [first], thrown_out=0).unexplained == missed


def test_a_table_of_the_tiles_colour_is_said_to_be_no_guide_to_tiles_missed():
    """White tiles on a white cloth: the cloth is all face-like, so it says nothing of a tile
    left unread, and the reading is told so (the recogniser then looks beside its tiles)."""
    from vision.scene import look_at

    photo, first = _two_tiles(second_face_up=True)
    assert not look_at(photo, [first], thrown_out=0).face_table
    white = np.full((600, 900, 3), 235, np.uint8)
    tile = lay(white, 150, Tile(3, 5))
    scene = look_at(white, [tile], thrown_out=0)
    assert scene.face_table and scene.unexplained == 0


def test_a_tile_left_unread_on_a_cloth_of_its_own_colour_is_noticed_by_its_pips():
    """White tiles on a white cloth: the face colour is no guide, but the unread tile's pips
    are; tiles face down, a die and the cloth's weave are no tile missed."""
    from vision.scene import look_at

    cloth = np.full((600, 1300, 3), 232, np.uint8)
    cloth[::3] -= 12  # a weave, fainter than any pip
    found = lay(cloth, 100, Tile(3, 5), face=(235, 235, 235))
    lay(cloth, 400, Tile(2, 4), face=(235, 235, 235), face_up=False)
    die = cloth[200:260, 700:760]
    for x, y in ((12, 12), (48, 48), (30, 30), (12, 48), (48, 12)):
        cv2.circle(die, (x, y), 5, (30, 30, 30), -1)
    assert look_at(cloth, [found], thrown_out=0).unexplained == 0
    lay(cloth, 1000, Tile(4, 6), face=(235, 235, 235))
    scene = look_at(cloth, [found], thrown_out=0)
    assert scene.face_table and scene.unexplained == 1
    (place,) = scene.unread_at
    assert 1000 <= place[:, 0].mean() <= 1120


def test_a_smaller_tile_left_unread_is_noticed_though_its_divider_halves_its_face():
    """A tile further from the camera looks smaller, and its divider cuts its face in two,
    each half far under a found tile's size: still one tile missed, not two scraps."""
    from vision.scene import look_at

    table = np.full((600, 1000, 3), (40, 60, 90), np.uint8)
    found = lay(table, 150, Tile(3, 5))
    lay(table, 550, Tile(2, 6), width=80)
    assert look_at(table, [found], thrown_out=0).unexplained == 1


def test_a_tile_left_unread_in_shade_is_noticed_by_the_shaded_tiles_beside_it():
    """Light falls unevenly over a table: a missed tile in shade is the colour of the
    found tiles in shade, far darker than a found tile under the lamp."""
    from vision.scene import look_at

    table = np.full((600, 1000, 3), (40, 60, 90), np.uint8)
    shade = (140, 165, 175)
    found = [lay(table, 100, Tile(3, 5)), lay(table, 450, Tile(2, 6), shade)]
    lay(table, 750, Tile(1, 4), shade)
    assert look_at(table, found, thrown_out=0).unexplained == 1


def test_a_missed_tile_asks_the_player_to_check():
    missed = Scene(brightness=220.0, busy=0.0, thrown_out=0, unexplained=1)
    reading = judge(laid((1, 2), (3, 4)), missed, ReadingContext())
    assert reading.status == "check" and "a tile may be missing" in reading.reasons[0]


def test_a_tile_another_look_saw_counts_as_missed():
    """The spotter's sure middles that no outline explains (vision/recognise.py) are missed
    tiles too, even on a table of the faces' own colour."""
    from vision.scene import look_at

    photo, first = _two_tiles(second_face_up=False)
    assert look_at(photo, [first], thrown_out=0, missed=1).unexplained == 1


def test_a_tile_the_spotter_is_sure_of_but_none_is_read_at_is_missing(monkeypatch):
    """Wherever the reading ends up without a tile the spotter is sure of (here the verifier
    throws every outline out), the reading says a tile may be missing: never an empty hand."""
    from vision import verify
    from vision.synth import render

    image, truth = render(12, size=(1280, 720), tiles=3, hard=False)
    monkeypatch.setattr(
        verify, "tile_chances", lambda image, candidates, model=None: np.zeros(len(candidates))
    )
    reading = recognise(image)
    assert reading.tiles == [] and reading.status == "unreadable"
    assert any("seen but none is read" in reason for reason in reading.reasons)
    from vision.shapes import inside

    ringed = [np.mean(place, axis=0) for place in reading.unread]  # the tiles are shown
    assert all(any(inside(m, t.corners) for m in ringed) for t in truth)


def test_one_outline_across_two_touching_tiles_is_no_silent_reading(monkeypatch):
    """The spotter is sure of two touching tiles; the only outline read is drawn across
    both (their middles inside it, off its own): the reading asks for a check."""
    from vision import verify
    from vision.reading import Candidate, HalfReading
    from vision.synth import render

    recognition = sys.modules["vision.recognise"]
    image, _ = render(12, size=(1280, 720), tiles=2, hard=False)
    sure = HalfReading(3, 0.95, 60.0)
    across = Candidate(
        np.float32([[100, 140], [100, 180], [180, 180], [180, 140]]), (sure, sure), 60.0, False
    )
    middles = [np.float32([120, 140]), np.float32([160, 140])]  # two tiles 40 wide, 80 long
    for centres, missing in ((middles, True), ([np.float32([140, 160])], False)):
        spots = [m + np.float32([[-20, -40], [20, -40], [20, 40], [-20, 40]]) for m in centres]
        proposed = recognition.Proposed([across], False, spots)
        monkeypatch.setattr(recognition, "propose", lambda image, proposed=proposed: proposed)
        monkeypatch.setattr(
            verify, "tile_chances", lambda image, cands, model=None: np.ones(len(cands))
        )
        reading = recognise(image)
        assert reading.pip_total == 6
        assert any("a tile may be missing" in r for r in reading.reasons) is missing


def _missing_beside_two_tiles(monkeypatch, spot: np.ndarray) -> bool:
    """Whether a reading of a 3|1 and a 2|1 read end to end (each 80 x 40 px, x 100-260, y
    140-180) says a tile may be missing when the spotter is sure of one tile at ``spot``."""
    from vision import verify
    from vision.reading import Candidate, HalfReading
    from vision.synth import render

    recognition = sys.modules["vision.recognise"]
    image, _ = render(12, size=(1280, 720), tiles=2, hard=False)
    tiles = [
        Candidate(
            np.float32([[x, 140], [x, 180], [x + 80, 180], [x + 80, 140]]),
            (HalfReading(pips, 0.95, 60.0), HalfReading(1, 0.95, 60.0)),
            60.0,
            False,
        )
        for x, pips in ((100, 3), (180, 2))
    ]
    proposed = recognition.Proposed(tiles, False, [spot])
    monkeypatch.setattr(recognition, "propose", lambda image: proposed)
    monkeypatch.setattr(
        verify, "tile_chances", lambda image, cands, model=None: np.ones(len(cands))
    )
    reading = recognise(image)
    assert reading.pip_total == 7
    return any("a tile may be missing" in r for r in reading.reasons)


def test_a_spot_lying_on_tiles_read_is_no_tile_missing(monkeypatch):
    """The spotter is sure of a tile across the joint of two tiles read end to end: no tile
    lies on tiles, so the reading does not ask; the same spot on the table beside them
    does."""
    for shift, missing in ((0, False), (200, True)):
        across = np.float32([[140, 140], [140, 180], [220, 180], [220, 140]]) + [shift, 0]
        assert _missing_beside_two_tiles(monkeypatch, across) is missing


def test_a_block_the_spotter_sees_as_one_tile_is_no_tile_missing(monkeypatch):
    """The spotter, sure, sees two tiles read end to end as one tile three times a tile's
    area (a block seen as one): two thirds of it on them, it is them; moved half off them
    onto the table, a tile may lie there."""
    for top, missing in ((130, False), (160, True)):
        block = np.float32([[100, top], [100, top + 60], [260, top + 60], [260, top]])
        assert _missing_beside_two_tiles(monkeypatch, block) is missing


def _read_with_spots(monkeypatch, one_tile, chance: float, places: int):
    """A 3|5 on a grey table read with the spotter seeing, besides, ``places`` tile-sized
    spots along the top edge at ``chance``, where nothing lies."""
    from vision import spot

    photo = one_tile(Tile(3, 5), width=60, table=(200, 200, 200))
    extra = [
        (np.float32([[x, 10], [x + 20, 10], [x + 20, 50], [x, 50]]), chance)
        for x in range(10, 10 + 30 * places, 30)
    ]
    seen = spot.Looks.spot
    monkeypatch.setattr(
        spot.Looks, "spot", lambda looks, side, mirror=True: seen(looks, side, mirror) + extra
    )
    return recognise(photo, set_max=6)


@pytest.mark.parametrize("places, status", [(3, "ok"), (4, "check")])
def test_tiles_the_spotter_half_sees_in_many_places_may_be_missing(
    monkeypatch, one_tile, places, status
):
    """A white set far off on white paper: the spotter half sees the far tiles (between
    SPOTTED_PEAK and UNTRACED_PEAK), too small to read. One or a few such spots are noise;
    at FAINT_PLACES places where no tile is read, the reading asks for a check."""
    from vision.thresholds import FAINT_PLACES, SPOTTED_PEAK, UNTRACED_PEAK

    half_seen = (SPOTTED_PEAK + UNTRACED_PEAK) / 2
    reading = _read_with_spots(monkeypatch, one_tile, half_seen, places)
    assert [t.tile for t in reading.tiles] == [Tile(3, 5)]
    assert reading.status == status
    assert ("a tile may be missing" in " ".join(reading.reasons)) == (places >= FAINT_PLACES)


def test_a_tile_left_unread_is_shown_where_it_lies():
    """Told a tile may be missing, the player is shown where: the reading carries the patch
    of tile face it saw, round the unread tile; a reading missing nothing carries no place."""
    from vision.scene import look_at

    photo, first = _two_tiles(second_face_up=True)
    scene = look_at(photo, [first], thrown_out=0)
    reading = judge(laid((3, 5), width=120, at=150), scene, ReadingContext())
    assert reading.status == "check" and len(reading.unread) == 1
    x, y = np.mean(reading.unread[0], axis=0)
    assert 550 < x < 670 and 150 < y < 390  # the face-up 2|6 beside the 3|5 read
    assert judge(laid((3, 5)), CALM, ReadingContext()).unread == []


@pytest.mark.parametrize("sure", [True, False])
def test_the_places_the_spotter_is_sure_of_a_tile_unread_are_shown(monkeypatch, one_tile, sure):
    """Where the spotter is sure of a tile none is read at, that place is shown, and
    `recognise --json` gives it as `unread`. Places it only half sees, beside a tile read,
    still ask for a check (at FAINT_PLACES), but are not shown: beside tiles read they are
    mostly a pattern on the cloth."""
    from vision.thresholds import FAINT_PLACES, SPOTTED_PEAK, UNTRACED_PEAK

    chance = (1 + UNTRACED_PEAK) / 2 if sure else (SPOTTED_PEAK + UNTRACED_PEAK) / 2
    reading = _read_with_spots(monkeypatch, one_tile, chance, 1 if sure else FAINT_PLACES)
    assert [t.tile for t in reading.tiles] == [Tile(3, 5)] and reading.status == "check"
    shown = [np.mean(place, axis=0).round().tolist() for place in reading.unread]
    assert shown == ([[20, 30]] if sure else [])
    assert len(reading.to_dict()["unread"]) == len(shown)


def test_places_far_bigger_than_the_tiles_or_too_many_are_not_shown():
    """A rough outline spanning a stretch of table points nowhere, and rings all over a
    printed board would hide the tiles: the reason stays, the rings go."""
    from vision.thresholds import MOST_PLACES_SHOWN, PLACE_AREA

    tiles = laid((1, 2), (3, 4))  # 40 x 80 each

    def square(x: float, side: float) -> np.ndarray:
        return np.float32([[x, 200], [x + side, 200], [x + side, 200 + side], [x, 200 + side]])

    tile_sized = square(0, 56)
    huge = square(100, 56 * (PLACE_AREA + 1) ** 0.5)
    missed = Scene(220.0, 0.0, 0, unexplained=2, unread_at=(tile_sized, huge))
    reading = judge(tiles, missed, ReadingContext())
    assert [np.float32(p).tolist() for p in reading.unread] == [tile_sized.tolist()]
    many = tuple(square(60 * i, 40) for i in range(MOST_PLACES_SHOWN + 1))
    crowded = Scene(220.0, 0.0, 0, unexplained=len(many), unread_at=many)
    reading = judge(tiles, crowded, ReadingContext())
    assert reading.status == "check" and reading.unread == []
    assert "a tile may be missing" in reading.reasons[0]


@pytest.mark.parametrize(
    ("read_surely", "off", "missing"), [(True, 300, True), (False, 300, False), (True, 40, False)]
)
def test_a_tile_read_surely_but_thrown_out_where_the_spotter_half_sees_one_is_missing(
    monkeypatch, read_surely, off, missing
):
    """Two tiles are read; the verifier believes one and throws the other out (a black tile
    on a striped cloth, say), where the spotter half sees a tile. Its pips read surely, the
    reading is not called right without it: it asks for a check. Read unsurely, the outline
    was a pattern on the cloth; lying half over the tile believed (``off`` by half a tile),
    it was that tile and its neighbour's half: either way the hand read is called right."""
    from vision import verify
    from vision.reading import Candidate, HalfReading
    from vision.synth import render

    recognition = sys.modules["vision.recognise"]
    image, _ = render(12, size=(1280, 720), tiles=1, hard=False)
    sure, unsure = HalfReading(3, 0.95, 60.0), HalfReading(4, 0.4, 20.0, learned=0.4)
    box = np.float32([[-20, -40], [20, -40], [20, 40], [-20, 40]])
    kept = Candidate(box + np.float32([300, 300]), (sure, sure), 60.0, False)
    halves = (sure, sure) if read_surely else (unsure, unsure)
    doubted = Candidate(box + np.float32([300, 300 + off]), halves, 60.0, False)
    proposed = recognition.Proposed(
        [kept, doubted], False, [kept.corners], [doubted.corners + np.float32([3, 2])]
    )
    monkeypatch.setattr(recognition, "propose", lambda image: proposed)
    monkeypatch.setattr(
        verify,
        "tile_chances",
        lambda image, cands, model=None: np.float32([c is kept for c in cands]),
    )
    reading = recognise(image)
    assert reading.pip_total == 6
    assert reading.status == ("check" if missing else "ok")
    assert any("a tile may be missing" in r for r in reading.reasons) is missing
