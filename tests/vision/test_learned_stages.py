"""The learned pip counter: shipped in the package, run through OpenCV alone, measured on
photos its training never used; the learned stages' training scripts run end to end."""

import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.tiles import Tile
from training.half_faces import _closest, _layout
from vision import counter
from vision.halves import split_halves
from vision.synth import render
from vision.thresholds import LOW_CONFIDENCE, MIRROR_BELOW
from vision.world import render_world

ROOT = Path(__file__).resolve().parents[2]
FRESH = range(990_000, 990_012)
"""Seeds no training run uses (the trainers use 50000-60999; the bench 900000 on)."""


def test_the_counter_ships_in_the_package_and_is_small():
    assert counter.MODEL.is_file()
    assert counter.MODEL.stat().st_size <= 2 * 1024 * 1024
    assert counter.MODEL.name in (counter.MODEL.parent / "README.md").read_text()


def test_the_learned_models_together_fit_in_five_megabytes():
    """The package ships every learned stage; together they must stay small enough for a Pi's
    download and memory (the issue's limit: 5 MB)."""
    models = list(counter.MODEL.parent.glob("*.onnx"))
    assert len(models) == 4
    assert sum(m.stat().st_size for m in models) <= 5 * 1000 * 1000


def test_the_counter_reads_the_halves_of_tiles_it_never_saw():
    right = total = 0
    for seed in FRESH:
        image, truth = render(seed, size=(1280, 720), tiles=6, hard=False)
        for t in truth:
            counted = counter.count(list(split_halves(image, t.corners)))
            right += (counted[0].pips, counted[1].pips) == t.tile.ends
            total += 1
    assert right / total >= 0.95, f"{right} of {total} tiles counted right"


def test_a_blank_and_a_twelve_are_told_apart(one_tile):
    photo = one_tile(Tile(0, 12), width=120, table=(40, 60, 90))
    corners = np.float32([[180, 120], [300, 120], [300, 360], [180, 360]])
    blank, twelve = counter.count(list(split_halves(photo, corners)))
    assert (blank.pips, twelve.pips) == (0, 12)
    assert min(blank.confidence, twelve.confidence) > 0.5


def test_a_pip_the_rules_miss_is_no_doubt_when_the_counter_is_all_but_certain(one_tile):
    """The rule-based counter is a second opinion: where it counts a half otherwise, the
    player is asked, unless the learned counter is all but certain. On rendered table 910045
    a lamp fades one pip of a 5|5 and the rules see four; asking about such tiles only
    teaches players to wave doubts away. A glare spot on a two that the learned counter is
    unsure of still asks."""
    photo = render_world(910045)
    five_five = next(t for t in photo.tiles if t.face_up and t.tile.ends == (5, 5))
    faded, _ = counter.read(list(split_halves(photo.image, np.float32(five_five.corners))))
    assert (faded.pips, faded.agreed) == (5, False)
    assert faded.confidence >= LOW_CONFIDENCE

    glared = one_tile(Tile(2, 6), width=120, table=(40, 60, 90)).copy()
    cv2.circle(glared, (240, 190), 14, (255, 255, 255), -1)
    corners = np.float32([[180, 120], [300, 120], [300, 360], [180, 360]])
    two, _ = counter.read(list(split_halves(glared, corners)))
    assert not two.agreed
    assert two.confidence < LOW_CONFIDENCE


def test_a_half_and_its_mirror_image_are_counted_alike():
    """Sets print their pips leaning either way (a three from top left or from top right):
    the counter reads a half it is not all but sure of mirrored too, so both ways get one
    count, and a half read unsurely either way is as sure both ways."""
    image, truth = render(FRESH[0], size=(1280, 720), tiles=6, hard=True)
    halves = [h for t in truth for h in split_halves(image, t.corners)]
    as_is = counter.count(halves)
    mirrored = counter.count([np.ascontiguousarray(h[:, ::-1]) for h in halves])
    unsure = 0
    for one, other in zip(as_is, mirrored, strict=True):
        assert one.pips == other.pips
        if max(one.confidence, other.confidence) < MIRROR_BELOW:  # both read both ways
            assert one.confidence == pytest.approx(other.confidence, abs=1e-4)
            unsure += 1
    assert unsure  # the photo has halves read both ways


def test_a_photo_with_more_halves_than_one_pass_reads_each_as_on_its_own():
    """The halves go through the model a few dozen at a time (its memory grows with the
    batch): every half keeps its own count, in order, across the passes."""
    image, truth = render(FRESH[1], size=(1280, 720), tiles=24, hard=False)
    halves = [h for t in truth for h in split_halves(image, t.corners)]
    assert len(halves) > counter.PASS
    together = counter.count(halves)
    alone = [counter.count([h])[0] for h in halves]
    assert [h.pips for h in together] == [h.pips for h in alone]
    assert [h.confidence for h in together] == pytest.approx(
        [h.confidence for h in alone], abs=1e-4
    )


def test_the_counter_takes_no_halves():
    assert counter.count([]) == []


def test_every_drawn_training_half_has_as_many_pips_as_its_label():
    """The counter learns counts from drawn halves: a layout that drew one pip too few or
    two on top of each other would teach it to miscount."""
    rng = np.random.default_rng(0)
    for pips in range(16):
        for _ in range(40):
            points = _layout(rng, pips)
            assert len(points) == pips
            assert pips < 2 or _closest(points) > 0.05


@pytest.mark.slow
@pytest.mark.parametrize("trainer", ["verifier", "pip_counter", "spotter", "refiner"])
def test_training_quick_mode_runs_end_to_end(tmp_path, trainer):
    """`python -m training.NAME --quick` renders, collects, trains and writes a model that
    OpenCV loads (the `train` extra: PyTorch and ONNX)."""
    _need_the_training_tools()
    out = tmp_path / f"{trainer}.onnx"
    done = subprocess.run(
        [sys.executable, "-m", f"training.{trainer}", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "bytes=" in done.stdout
    assert cv2.dnn.readNetFromONNX(str(out)) is not None
    assert _unsized(out) == []


def test_every_shipped_network_declares_the_size_of_what_it_takes():
    """Raspberry Pi OS pairs its numpy with OpenCV 4.11, whose ONNX importer cannot follow a
    picture of unknown height or width through the spotter's sums, so the recogniser would
    not start on a Pi; only the number of patches in a pass may be left open."""
    _need_the_training_tools()
    models = sorted(counter.MODEL.parent.glob("*.onnx"))
    assert {m.stem for m in models} == {"pips", "refiner", "spotter", "verifier"}
    assert [(m.name, axes) for m in models if (axes := _unsized(m))] == []


def _unsized(model: Path) -> list[str]:
    """The axes after the first of the model's input that have no fixed size."""
    import onnx

    graph = onnx.load(str(model)).graph
    return [
        f"{value.name}[{axis}]"
        for value in graph.input
        for axis, dim in enumerate(value.type.tensor_type.shape.dim)
        if axis > 0 and dim.dim_value <= 0
    ]


def _need_the_training_tools() -> None:
    missing = [name for name in ("torch", "onnx") if _absent(name)]
    if missing and os.environ.get("CI") != "true":
        pytest.skip(f"{', '.join(missing)} not installed: pip install -e '.[train]'")
    assert not missing, f"CI must install the training tools: {missing}"


def _absent(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is None


def test_the_networks_open_on_an_opencv_with_one_dnn_engine(monkeypatch):
    """OpenCV 5 is asked for its classic engine; OpenCV 4 (a Pi's) has no such choice."""
    from vision import nets, spot

    picture = np.zeros((1, 3, 64, 96), np.float32)
    chosen = nets.open_net(spot.MODEL)
    chosen.setInput(picture)
    expected = chosen.forward()
    monkeypatch.delattr(cv2.dnn, "ENGINE_CLASSIC", raising=False)
    only = nets.open_net(spot.MODEL)
    only.setInput(picture)
    assert only.forward() == pytest.approx(expected, abs=1e-5)


@pytest.mark.parametrize("trainer", ["verifier", "pip_counter"])
def test_a_full_training_run_without_the_real_photos_stops_and_says_where(
    tmp_path, monkeypatch, capsys, trainer
):
    """Trained from a checkout that does not lie beside shared/, a model would quietly learn
    from rendered photos alone, unlike the one its model card describes."""
    import importlib

    from training import realsets

    monkeypatch.setattr(realsets, "DATA", tmp_path)
    module = importlib.import_module(f"training.{trainer}")
    with pytest.raises(SystemExit) as stopped:
        module.main(["--out", str(tmp_path / "model.onnx")])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert f"no labelled real photos in {tmp_path / 'train-real'}" in said
    assert not (tmp_path / "model.onnx").exists()


def test_a_network_opencv_cannot_open_is_named_with_the_fix(tmp_path):
    from vision import nets

    broken = tmp_path / "pips.onnx"
    broken.write_bytes(b"\x08\x07 half a file")
    with pytest.raises(nets.NetworkError) as refused:
        nets.open_net(broken)
    said = str(refused.value)
    assert f"pips.onnx does not open with OpenCV {cv2.__version__}" in said
    assert "install-pi.sh" in said and "\n" not in said


def test_training_examples_are_made_once_and_never_left_half_written(tmp_path):
    from training.cache import kept

    made = []

    def make():
        made.append(1)
        return (np.arange(6).reshape(2, 3), np.array([4, 5]))

    first = kept(tmp_path, "v1:photo", ("patches", "labels"), make)
    again = kept(tmp_path, "v1:photo", ("patches", "labels"), make)
    assert len(made) == 1
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert [p.suffix for p in tmp_path.iterdir()] == [".npz"]
    assert not list(tmp_path.glob("*.part*"))
