"""bench/vision.py --models: a trial's models are the ones read with, each it has."""

import shutil

import bench.vision as bench
from vision import counter, refine, spot, verify


def test_a_trial_folder_swaps_in_every_model_it_holds_and_no_other(tmp_path, monkeypatch):
    for name in ("refiner", "pips"):
        shutil.copy(bench.SHIPPED / f"{name}.onnx", tmp_path / f"{name}.onnx")
    monkeypatch.setattr(bench, "MODELS", tmp_path)
    for stage in (counter, refine, spot, verify):
        monkeypatch.setattr(stage, "MODEL", stage.MODEL)  # put back after the test
    bench._use_models(None, seed=7)
    trial, shipped = [refine.MODEL, counter.MODEL], [spot.MODEL, verify.MODEL]
    assert trial == [tmp_path / "refiner.onnx", tmp_path / "pips.onnx"]
    assert shipped == [bench.SHIPPED / "spotter.onnx", bench.SHIPPED / "verifier.onnx"]
