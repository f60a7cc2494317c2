"""bench --models: a trial's models are the ones read with, each it has."""

import shutil

import bench.vision as bench
from bench import models
from vision import counter, refine, spot, verify


def _put_back(monkeypatch):
    for stage in (counter, refine, spot, verify):
        monkeypatch.setattr(stage, "MODEL", stage.MODEL)  # put back after the test


def test_a_trial_folder_swaps_in_every_model_it_holds_and_no_other(tmp_path, monkeypatch):
    for name in ("refiner", "pips"):
        shutil.copy(models.SHIPPED / f"{name}.onnx", tmp_path / f"{name}.onnx")
    monkeypatch.setattr(bench, "MODELS", tmp_path)
    _put_back(monkeypatch)
    bench._use_models(None, seed=7)
    trial, shipped = [refine.MODEL, counter.MODEL], [spot.MODEL, verify.MODEL]
    assert trial == [tmp_path / "refiner.onnx", tmp_path / "pips.onnx"]
    assert shipped == [models.SHIPPED / "spotter.onnx", models.SHIPPED / "verifier.onnx"]


def test_a_fold_model_is_read_before_the_trial_s_own(tmp_path, monkeypatch):
    shutil.copy(models.SHIPPED / "pips.onnx", tmp_path / "pips.onnx")
    fold = tmp_path / "pips-without-a-source.onnx"
    shutil.copy(models.SHIPPED / "pips.onnx", fold)
    _put_back(monkeypatch)
    models.read_with(tmp_path, pips=fold)
    with_fold = counter.MODEL
    models.read_with(None)
    assert [with_fold, counter.MODEL] == [fold, models.SHIPPED / "pips.onnx"]
