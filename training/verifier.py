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

import argparse
import sys
import time
from pathlib import Path

import numpy as np

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
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(2)
    x = np.concatenate([e.patches for e in examples])
    y = np.concatenate([e.labels for e in examples]).astype(np.int64)
    order = np.random.default_rng(seed).permutation(len(y))
    x, y = torch.from_numpy(x[order]), torch.from_numpy(y[order])
    held = max(1, len(y) // 10)
    net = Net()
    weights = torch.tensor([1.0, float((y == 0).sum()) / max(1, int((y == 1).sum()))])
    loss_of = nn.CrossEntropyLoss(weight=weights.clamp(0.3, 3.0))
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, max(1, epochs))
    for epoch in range(epochs):
        net.train()
        for start in range(held, len(y), 128):
            batch, labels = x[start : start + 128], y[start : start + 128]
            if torch.rand(1).item() < 0.5:
                batch = batch.flip(2).flip(3)  # a tile turned end for end is a tile
            if torch.rand(1).item() < 0.5:
                batch = batch.flip(3)
            optimiser.zero_grad()
            loss = loss_of(net.logits(batch), labels)
            loss.backward()
            optimiser.step()
        schedule.step()
        accuracy = _accuracy(net, x[:held], y[:held])
        print(f"  epoch {epoch + 1}/{epochs}: held-out accuracy {accuracy:.3f}", flush=True)
    net.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        x[:1],
        str(out),
        input_names=["patch"],
        output_names=["chance"],
        dynamic_axes={"patch": {0: "n"}, "chance": {0: "n"}},
        opset_version=13,
        dynamo=False,
    )
    return {
        "examples": len(y),
        "tiles": int((y == 1).sum()),
        "held_out_accuracy": _accuracy(net, x[:held], y[:held]),
        "bytes": out.stat().st_size,
    }


def _accuracy(net, x, y) -> float:
    import torch

    net.eval()
    with torch.no_grad():
        return float((net.logits(x).argmax(1) == y).float().mean())


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

    def progress(done: int, total: int, what: str) -> None:
        if not quiet and (done == total or done % 50 == 0):
            print(f"  {done}/{total} {what}", file=sys.stderr, flush=True)

    seeds = RENDERED_SEEDS[:12] if quick else RENDERED_SEEDS
    examples = rendered(seeds, progress) + real(exclude, 12 if quick else None, progress)
    figures = train(examples, seed, 1 if quick else EPOCHS, out)
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a one-minute run of the whole path")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--exclude", action="append", default=[], metavar="OWNER/REPO")
    parser.add_argument("--out", type=Path, default=verify.MODEL)
    args = parser.parse_args(argv)
    figures = build(set(args.exclude), args.seed, args.quick, args.out)
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
