"""Train the verifier (vision/verify.py) and write it as ONNX.

    .venv/bin/python -m training.verifier [--quick] [--seed 7] [--exclude OWNER/REPO ...]
                                          [--out vision/models/verifier.onnx]

Examples come from rendered photos (vision/synth.py's mats and vision/world.py's tables)
and from the real photos of ../shared/data/train-real (read there, never copied). A small
convolutional network learns tile / not a tile from them with a fixed seed, on the CPU.
`--exclude` leaves a fold out (a source, with any source sharing its photos: a
leave-one-source-out fold of bench/vision.py). `--quick`
trains on a handful of photos for one pass: a check that the whole path runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from training.fit import command_line, fit, progress_printer
from training.realsets import train_photos
from training.samples import Examples, cached, real_examples, rendered_examples
from vision import synth, verify
from vision.world import render_world

SEED = 7
EPOCHS = 8
RENDERED_SEEDS = range(50_000, 50_300)
"""Seeds for training photos: far from those the bench measures with."""


def rendered(seeds, progress) -> list[Examples]:
    out = []
    for i, seed in enumerate(seeds):
        out.append(cached(f"rendered:{seed}", "rendered", lambda seed=seed: _examples(seed)))
        progress(i + 1, len(seeds), "rendered photos")
    return out


def _examples(seed: int) -> Examples:
    made = [rendered_examples(image, truth, seed, dark) for image, truth, dark in _render(seed)]
    return Examples(
        np.concatenate([e.patches for e in made]),
        np.concatenate([e.labels for e in made]),
        "rendered",
    )


def _render(seed: int):
    """One photo on a plain mat (vision/synth.py) and one on a randomised table
    (vision/world.py), each with its tiles' corners and whether they are black tiles."""
    image, truth = synth.render(seed, size=(1280, 720), slant=float(seed % 3 == 0) * (seed % 40))
    yield image, [t.corners for t in truth], False
    photo = render_world(seed, size=(1280, 720) if seed % 2 else (960, 1280))
    yield photo.image, [t.corners for t in photo.tiles], photo.meta["style"] == "black"


def real(exclude: set[str], limit: int | None, progress) -> list[Examples]:
    photos = [p for p in train_photos() if p.fold not in exclude and p.boxes]
    photos = photos[:limit] if limit else photos
    out = []
    for i, photo in enumerate(photos):
        out.append(real_examples(photo))
        progress(i + 1, len(photos), "real photos")
    return out


def train(examples: list[Examples], seed: int, epochs: int, out: Path) -> dict:
    import torch

    x = np.concatenate([e.patches for e in examples])
    y = np.concatenate([e.labels for e in examples]).astype(np.int64)
    torch.manual_seed(seed)
    weights = np.clip([1.0, float((y == 0).sum()) / max(1, int((y == 1).sum()))], 0.3, 3.0)
    _, figures = fit(Net(), x, y, seed, epochs, out, _turned, class_weights=weights)
    return {**figures, "tiles": int((y == 1).sum())}


def _turned(batch):
    import torch

    if torch.rand(1).item() < 0.5:
        batch = batch.flip(2).flip(3)  # a tile turned end for end is a tile
    if torch.rand(1).item() < 0.5:
        batch = batch.flip(3)
    return batch


def _net_class():
    import torch
    from torch import nn

    class VerifierNet(nn.Module):
        """Four small convolutions, pooled: about 40 thousand weights."""

        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(
                nn.Conv2d(3, 16, 3, padding=1),
                nn.BatchNorm2d(16),
                nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(16, 32, 3, padding=1),
                nn.BatchNorm2d(32),
                nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(32, 48, 3, padding=1),
                nn.BatchNorm2d(48),
                nn.ReLU(),
                nn.MaxPool2d(2),
                nn.Conv2d(48, 64, 3, padding=1),
                nn.BatchNorm2d(64),
                nn.ReLU(),
                nn.AdaptiveAvgPool2d(1),
                nn.Flatten(),
                nn.Dropout(0.2),
                nn.Linear(64, 2),
            )

        def logits(self, x):
            return self.body(x)

        def forward(self, x):
            return torch.softmax(self.body(x), dim=1)

    return VerifierNet


def Net():  # noqa: N802 - a class made when torch is there
    return _net_class()()


def build(exclude: set[str], seed: int, quick: bool, out: Path, quiet: bool = False) -> dict:
    """Collect the examples, train, write ``out``: the figures of the run."""
    started = time.monotonic()

    progress = progress_printer(quiet, 50)

    seeds = RENDERED_SEEDS[:12] if quick else RENDERED_SEEDS
    examples = rendered(seeds, progress) + real(exclude, 12 if quick else None, progress)
    figures = train(examples, seed, 1 if quick else EPOCHS, out)
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    return command_line(__doc__.splitlines()[0], verify.MODEL, build, argv, SEED)


if __name__ == "__main__":
    sys.exit(main())
