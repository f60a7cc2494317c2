"""Train the outline refiner (vision/refine.py) and write it as ONNX.

    .venv/bin/python -m training.refiner [--quick] [--seed 7] [--out vision/models/refiner.onnx]

Examples come from rendered photos only (vision/world.py's tables at their phone sizes, one
in five a vision/synth.py mat), so every real source is unseen by it. Each face-up tile is
given a few rough outlines, its true one moved, turned and stretched as the spotter gets
them wrong (its direction 13 degrees off at the median and 30 at the 90th percentile, its
length 15% and 40%; a second look's outline is nearer); the model learns the true corners
from the patch cut round each rough one. `--quick` renders a handful of photos and trains
for a few steps: a check that the whole path runs.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from training.cache import kept
from training.fit import command_line, export, use_both_cores
from vision import synth
from vision.refine import MODEL, network_input, patch, to_units
from vision.shapes import outline_along, outline_length, outline_width
from vision.thresholds import REFINE_PATCH
from vision.world import render_world
from vision.world_tiles import tile_corners

SEED = 7
RENDERED_SEEDS = range(80_000, 81_200)
"""Seeds for training photos: far from the other trainers' and the bench's (900000 on)."""
ROUGH_PER_TILE = 4
TURN_SPREAD = 18.0
"""Degrees: the spread of a rough outline's direction about the truth,"""
LENGTH_SPREAD = 0.24
"""of the log of its length,"""
SHIFT_SPREAD = 0.1
"""and of its middle, in tile lengths, along and across."""
STEPS = 8000
BATCH = 64
CACHE = Path(__file__).resolve().parents[1] / ".cache" / "refiner-examples"
VERSION = "1"


def rough(rng, corners: np.ndarray) -> np.ndarray:
    """The true outline moved, turned and stretched at random, each by a spread drawn anew
    (a first look's error or a second look's): a rectangle, ends first."""
    c = np.float32(corners)
    length, width, along = outline_length(c), outline_width(c), outline_along(c)
    spread = rng.uniform(0.15, 1.2)

    def drawn(sigma):
        return float(np.clip(rng.normal(0, sigma * spread), -2.5 * sigma, 2.5 * sigma))

    angle = np.arctan2(along[1], along[0]) + np.radians(drawn(TURN_SPREAD))
    middle = c.mean(axis=0) + length * (
        drawn(SHIFT_SPREAD) * along + drawn(SHIFT_SPREAD) * np.float32([-along[1], along[0]])
    )
    rough_length = length * np.exp(drawn(LENGTH_SPREAD))
    rough_width = width * np.exp(drawn(LENGTH_SPREAD))
    return tile_corners(middle, (np.cos(angle), np.sin(angle)), rough_width, rough_length)


def target(true_corners: np.ndarray, to_patch: np.ndarray) -> np.ndarray:
    """The true corners in the patch, in the model's units: end A (towards -x) first."""
    c = np.float32(true_corners) @ to_patch[:, :2].T + to_patch[:, 2]
    if (c[0] + c[1])[0] > (c[2] + c[3])[0]:
        c = c[[2, 3, 0, 1]]
    return to_units(c).ravel()


def _photo(seed: int) -> tuple[np.ndarray, list[np.ndarray]]:
    if seed % 5 == 0:
        slant = float(seed % 3 == 0) * (seed % 50)
        image, truth = synth.render(seed, size=(1600, 900), slant=slant)
        return image, [t.corners for t in truth]
    photo = render_world(seed, size=None)
    return photo.image, [t.corners for t in photo.tiles]


def examples(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every rough patch of one rendered photo (N x 80 x 80 x 3 uint8) and its targets."""
    return kept(CACHE, f"{VERSION}:{seed}", ("patches", "targets"), lambda: _examples(seed))


def _examples(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    image, tiles = _photo(seed)
    patches, targets = [], []
    for corners in tiles:
        for _ in range(ROUGH_PER_TILE):
            piece, to_patch = patch(image, rough(rng, corners))
            patches.append(piece)
            targets.append(target(corners, to_patch))
    patches = np.asarray(patches, np.uint8).reshape(-1, REFINE_PATCH, REFINE_PATCH, 3)
    return patches, np.asarray(targets, np.float32).reshape(-1, 8)


def _turned(x, y, rng):
    """Half the batch turned half round, half of it mirrored top to bottom: the corners
    follow, end A kept towards -x and the order clockwise."""
    import torch

    corners = y.reshape(-1, 4, 2).clone()
    turn = torch.from_numpy(rng.random(len(x)) < 0.5)
    mirror = torch.from_numpy(rng.random(len(x)) < 0.5)
    x = x.clone()
    x[turn] = torch.flip(x[turn], dims=(2, 3))
    corners[turn] = -corners[turn][:, [2, 3, 0, 1]]
    x[mirror] = torch.flip(x[mirror], dims=(2,))
    flipped = corners[mirror][:, [1, 0, 3, 2]]
    flipped[..., 1] = -flipped[..., 1]
    corners[mirror] = flipped
    return x, corners.reshape(-1, 8)


def _net():
    from torch import nn

    def conv(into: int, out: int, stride: int = 1):
        return nn.Sequential(
            nn.Conv2d(into, out, 3, stride, padding=1, bias=False), nn.BatchNorm2d(out), nn.ReLU()
        )

    return nn.Sequential(
        conv(3, 24, 2),  # 40
        conv(24, 32),
        conv(32, 48, 2),  # 20
        conv(48, 48),
        conv(48, 64, 2),  # 10
        conv(64, 64),
        conv(64, 96, 2),  # 5
        nn.Flatten(),
        nn.Linear(96 * 25, 96),
        nn.ReLU(),
        nn.Linear(96, 8),
    )


def train(patches: np.ndarray, targets: np.ndarray, seed: int, steps: int, out: Path) -> dict:
    import torch

    torch.manual_seed(seed)
    use_both_cores()
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(targets))
    held = max(1, len(order) // 20)
    x_all = torch.from_numpy(network_input(list(patches[order])))
    y_all = torch.from_numpy(targets[order])
    net = _net()
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=max(2, steps))
    started = time.monotonic()
    for step in range(steps):
        net.train()
        pick = torch.from_numpy(rng.integers(held, len(order), BATCH))
        x, y = _turned(x_all[pick], y_all[pick], rng)
        optimiser.zero_grad()
        loss = torch.nn.functional.smooth_l1_loss(net(x), y, beta=0.02)
        loss.backward()
        optimiser.step()
        schedule.step()
        if (step + 1) % 250 == 0 or step + 1 == steps:
            print(
                f"  step {step + 1}/{steps}: loss {float(loss):.4f}, held-out corner error"
                f" {_error(net, x_all[:held], y_all[:held]):.3f} tile lengths,"
                f" {(time.monotonic() - started) / 60:.1f} min",
                flush=True,
            )
    export(net, x_all[:1], out)
    return {
        "patches": len(targets),
        "held_out_corner_error": round(_error(net, x_all[:held], y_all[:held]), 4),
        "bytes": out.stat().st_size,
    }


def _error(net, x, y) -> float:
    """The median distance of a corner from the truth, in rough tile lengths."""
    import torch

    net.eval()
    with torch.no_grad():
        got = torch.cat([net(x[i : i + 512]) for i in range(0, len(x), 512)])
    distances = (got - y).reshape(-1, 4, 2).norm(dim=2)
    return float(distances.median())


def build(exclude: set[str], seed: int, quick: bool, out: Path, quiet: bool = False) -> dict:
    """``exclude`` is accepted for the shared command line: no real photo is used."""
    started = time.monotonic()
    seeds = list(RENDERED_SEEDS[:6] if quick else RENDERED_SEEDS)
    patches, targets = [], []
    with ProcessPoolExecutor(2) as pool:
        for i, (p, t) in enumerate(pool.map(examples, seeds, chunksize=4)):
            patches.append(p)
            targets.append(t)
            if not quiet and ((i + 1) % 100 == 0 or i + 1 == len(seeds)):
                print(f"  {i + 1}/{len(seeds)} rendered photos", file=sys.stderr, flush=True)
    figures = train(
        np.concatenate(patches), np.concatenate(targets), seed, 30 if quick else STEPS, out
    )
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    return command_line(__doc__.splitlines()[0], MODEL, build, argv, SEED)


if __name__ == "__main__":
    sys.exit(main())
