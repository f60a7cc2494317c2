"""Train the pip counter (vision/counter.py) and write it as ONNX.

    .venv/bin/python -m training.pip_counter [--quick] [--seed 7] [--exclude OWNER/REPO ...]
                                             [--out vision/models/pips.onnx]

Examples are halves whose pips are known: the halves of every tile on rendered photos
(vision/synth.py's mats and vision/world.py's tables), cut where a finder might put the
outline; halves drawn on their own with their pips laid out many ways
(training/half_faces.py); and the labelled halves of ../shared/data/train-real (read there,
never copied). Two networks are taught on them side by side, one on each core, from seeds
`--seed` and `--seed` + 1, and written as one model that reads each half with both and
averages their chances: two training runs' luck averages out (vision/counter.py reads a
half mirrored too where the pair is not all but sure of it).
`--exclude` leaves a fold out, as for training/verifier.py; `--quick` runs the whole path on
a handful of photos in about a minute.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from companion.tiles import MAX_PIPS
from training.cache import kept
from training.fit import command_line, export, fit, progress_printer
from training.half_faces import LOOKS, drawn_halves
from training.realsets import LabelledPhoto, train_photos
from vision import counter, load_photo, synth
from vision.halves import split_halves
from vision.nets import standardised
from vision.thresholds import COUNT_PATCH, RIM
from vision.world import render_world

SEED = 7
EPOCHS = 8
AVERAGED = 3
"""Epochs more whose weights are averaged (training/fit.py): steadier from seed to seed."""
RENDERED_SEEDS = range(60_000, 61_000)
"""Seeds for training photos: far from those the bench measures with (900000 on)."""
CACHE = Path(__file__).resolve().parents[1] / ".cache" / "pip-samples"
VERSION = "1"
"""Bumped when the halves are cut differently, so cached examples are made anew."""


def _small(half: np.ndarray) -> np.ndarray:
    size = (COUNT_PATCH, COUNT_PATCH)
    return cv2.resize(half, size, interpolation=cv2.INTER_AREA)


def _cached(key: str, make) -> tuple[np.ndarray, np.ndarray]:
    return kept(CACHE, f"{VERSION}:{key}", ("patches", "labels"), make)


def _stack(patches: list[np.ndarray], labels: list[int]) -> tuple[np.ndarray, np.ndarray]:
    if not patches:
        return np.zeros((0, COUNT_PATCH, COUNT_PATCH, 3), np.uint8), np.zeros(0, np.int64)
    return np.stack(patches), np.array(labels, np.int64)


def rendered_halves(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Both halves of every tile on one mat and one table photo, the outline a little off as
    a finder draws it; black tiles also as the recogniser sees them, on the negative."""
    rng = np.random.default_rng(seed)
    patches, labels = [], []
    image, truth = synth.render(seed, size=(1280, 720), slant=float(seed % 3 == 0) * (seed % 40))
    photos = [(image, [(t.corners, t.tile.ends) for t in truth], False)]
    world = render_world(seed, size=(1280, 720) if seed % 2 else (960, 1280))
    black = world.meta["style"] == "black"
    photos.append((world.image, [(t.corners, t.tile.ends) for t in world.tiles], black))
    for image, tiles, dark in photos:
        looks = [image, cv2.bitwise_not(image)] if dark else [image]
        for corners, ends in tiles:
            width = float(np.linalg.norm(corners[0] - corners[1]))
            shaken = (corners + rng.normal(0, 0.04 * width, (4, 2))).astype(np.float32)
            for look in looks:
                for half, pips in zip(split_halves(look, shaken), ends, strict=True):
                    patches.append(_small(half))
                    labels.append(pips)
    return _stack(patches, labels)


def real_halves(photo: LabelledPhoto) -> tuple[np.ndarray, np.ndarray]:
    """Every labelled half box of a real photo, its rim trimmed (blank halves have no box)."""
    image = load_photo(photo.path)
    height, width = image.shape[:2]
    patches, labels = [], []
    for box in photo.boxes:
        trim_x, trim_y = (box.x1 - box.x0) * RIM, (box.y1 - box.y0) * RIM
        x0, x1 = int(max(0, box.x0 + trim_x)), int(min(width, box.x1 - trim_x))
        y0, y1 = int(max(0, box.y0 + trim_y)), int(min(height, box.y1 - trim_y))
        if x1 - x0 < 6 or y1 - y0 < 6:
            continue
        patches.append(_small(image[y0:y1, x0:x1]))
        labels.append(box.pips)
    return _stack(patches, labels)


DRAWN = 24_000
"""Halves drawn on their own (training/half_faces.py) with their pips laid out any way."""


def collect(seeds, exclude: set[str], limit: int | None, progress):
    drawn = DRAWN // 100 if limit else DRAWN
    parts = [_cached(f"drawn:{LOOKS}:{drawn}", lambda: drawn_halves(SEED, drawn))]
    for i, seed in enumerate(seeds):
        parts.append(_cached(f"rendered:{seed}", lambda seed=seed: rendered_halves(seed)))
        progress(i + 1, len(seeds), "rendered photos")
    photos = [p for p in train_photos() if p.fold not in exclude and p.boxes]
    photos = photos[:limit] if limit else photos
    for i, photo in enumerate(photos):
        parts.append(_cached(str(photo.path), lambda photo=photo: real_halves(photo)))
        progress(i + 1, len(photos), "real photos")
    return np.concatenate([p for p, _ in parts]), np.concatenate([y for _, y in parts])


def _turned(batch):
    """A half turned a quarter or mirrored has as many pips."""
    import torch

    turns = int(torch.randint(0, 4, (1,)).item())
    batch = torch.rot90(batch, turns, dims=(2, 3))
    if torch.rand(1).item() < 0.5:
        batch = batch.flip(3)
    return batch


def _net_class():
    import torch
    from torch import nn

    def block(into: int, out: int):
        return [nn.Conv2d(into, out, 3, padding=1), nn.BatchNorm2d(out), nn.ReLU()]

    class CounterNet(nn.Module):
        """Six 3x3 convolutions in three pooled stages, then a small dense layer that sees
        where the marks are, and the chance of every count: about 230 thousand weights."""

        def __init__(self) -> None:
            super().__init__()
            self.body = nn.Sequential(
                *block(3, 16),
                *block(16, 16),
                nn.MaxPool2d(2),
                *block(16, 32),
                *block(32, 32),
                nn.MaxPool2d(2),
                *block(32, 64),
                *block(64, 64),
                nn.MaxPool2d(2),
                nn.Flatten(),
                nn.Dropout(0.3),
                nn.Linear(64 * (COUNT_PATCH // 8) ** 2, 96),
                nn.ReLU(),
                nn.Linear(96, MAX_PIPS + 1),
            )

        def logits(self, x):
            return self.body(x)

        def forward(self, x):
            return torch.softmax(self.body(x), dim=1)

    return CounterNet


def _pair_class():
    from torch import nn

    class CounterPair(nn.Module):
        """Two counters taught from different seeds: the mean of their chances of every
        count. (The mirror look, where it is needed, is vision/counter.py's.)"""

        def __init__(self, first: nn.Module, second: nn.Module) -> None:
            super().__init__()
            self.first, self.second = first, second

        def forward(self, x):
            return (self.first(x) + self.second(x)) / 2

    return CounterPair


def _teach_twin(task: tuple) -> tuple[dict, dict]:
    """One of the pair, in a process of its own on one core: the examples read back from
    the cache ``build`` filled, the network taught from ``twin_seed``; its weights and
    figures."""
    seeds, exclude, limit, twin_seed, epochs, averaged = task
    os.environ["OMP_NUM_THREADS"] = "1"  # the other twin has the other core (fit.py)
    import torch

    patches, labels = collect(seeds, exclude, limit, lambda *_: None)
    x = standardised(patches)
    torch.manual_seed(twin_seed)
    taught = dict(batch_size=64, averaged=averaged)
    net, figures = fit(_net_class()(), x, labels, twin_seed, epochs, None, _turned, **taught)
    return net.state_dict(), figures


def build(exclude: set[str], seed: int, quick: bool, out: Path, quiet: bool = False) -> dict:
    """Collect the halves, teach the two counters (seeds ``seed`` and ``seed + 1``) side by
    side, one on each core, write ``out`` as their pair: the figures of the run."""
    import multiprocessing

    import torch

    started = time.monotonic()

    progress = progress_printer(quiet, 100)

    seeds = RENDERED_SEEDS[:12] if quick else RENDERED_SEEDS
    limit = 12 if quick else None
    patches, labels = collect(seeds, exclude, limit, progress)
    figures = {"examples": len(labels)}
    del patches, labels
    epochs, averaged = (1, 1) if quick else (EPOCHS, AVERAGED)
    tasks = [(seeds, exclude, limit, s, epochs, averaged) for s in (seed, seed + 1)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        taught = pool.map(_teach_twin, tasks)
    twins = []
    for twin_seed, (weights, twin_figures) in zip((seed, seed + 1), taught, strict=True):
        twins.append(_net_class()())
        twins[-1].load_state_dict(weights)
        figures[f"held_out_accuracy_seed{twin_seed}"] = twin_figures["held_out_accuracy"]
    example = torch.zeros(1, 3, COUNT_PATCH, COUNT_PATCH)
    export(_pair_class()(*twins), example, out)
    figures["bytes"] = out.stat().st_size
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    return command_line(__doc__.splitlines()[0], counter.MODEL, build, argv, SEED)


if __name__ == "__main__":
    sys.exit(main())
