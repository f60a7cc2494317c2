"""The model files a bench reads with: a trial's, where its folder holds one, else the shipped.

A trial model (a refiner taught otherwise, a pip counter on new halves) is judged only
through the whole reader, on the same photos as the shipped one: bench/vision.py and
bench/lost_tiles.py take `--models DIR` and read with every model DIR holds by its shipped
name (spotter.onnx, refiner.onnx, pips.onnx, verifier.onnx), the shipped ones otherwise.
"""

from __future__ import annotations

from pathlib import Path

from vision import counter, refine, spot, verify

SHIPPED = Path(__file__).resolve().parents[1] / "vision" / "models"
STAGES = {"spotter": spot, "refiner": refine, "pips": counter, "verifier": verify}
"""Each learned stage by its model's name."""


def model_file(trial: Path | None, name: str) -> Path:
    """The trial's model of that name, where ``trial`` holds one; else the shipped one."""
    mine = (trial or SHIPPED) / f"{name}.onnx"
    return mine if mine.is_file() else SHIPPED / f"{name}.onnx"


def read_with(trial: Path | None, **chosen: Path) -> None:
    """Every learned stage reads from now on with its model in ``trial`` (the shipped one
    where it has none), or with the file ``chosen`` names for it (a fold's model)."""
    for name, stage in STAGES.items():
        stage._model.cache_clear()
        stage.MODEL = chosen.get(name) or model_file(trial, name)
