"""An experiment, not in the recogniser yet: a learned tile spotter, and its training.

    .venv/bin/python -m training.spotter [--quick] [--seed 7] [--out PATH.onnx]

The outline finder (vision/find.py) misses many tiles on tables it has not seen (recall
about 0.4 on rendered tables). The spotter is a small fully convolutional network that looks
at the whole photo at SPOT_SIDE and marks, for every SPOT_STRIDE x SPOT_STRIDE cell, the
chance that it lies in the middle of a face-up tile: the face shrunk to KERNEL of its size
round its centre, so that tiles touching in a row should stay apart. Each patch of marked
cells becomes an outline (the smallest rectangle round it, grown back to the tile's size),
for the same halves, pips, verifier and doubt as the finder's outlines.

It learns from rendered photos only (vision/world.py's tables, one in five a vision/synth.py
mat), on random 384 px crops, so every real source would be unseen.

Where it stands (seed 7, 1500 steps of 12 crops, 1250 photos, 37 minutes on this shared
two-core machine): it finds where the tiles lie, but the middles of touching tiles run
together (held-out overlap of the marked middles, dice, 0.59), so only about 0.2 of the tiles
of fresh rendered tables get an outline that overlaps them by half or more. It needs longer
training, a finer map or a way to split the rows before it can join the pipeline.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

import cv2
import numpy as np

from vision import synth
from vision.world import render_world

SPOT_SIDE = 768
"""The photo is looked at scaled to this long side."""
SPOT_STRIDE = 4
"""One map cell per SPOT_STRIDE x SPOT_STRIDE pixels of what the network looks at."""
KERNEL = 0.6
"""A tile's middle: its face shrunk to this share of its length and width."""
SPOT_ABOVE = 0.5
"""A map cell with more than this chance belongs to a tile's middle."""
SPOT_LEAST = 4
"""The fewest map cells a tile's middle can have."""
SEED = 7
STEPS = 1500
BATCH = 12
CROP = 384
RENDERED_SEEDS = range(70_000, 71_250)
"""Seeds for training photos: far from those the bench measures with (900000 on)."""
CACHE = Path(__file__).resolve().parents[1] / ".cache" / "spot-samples"
VERSION = "1"


def maps(shape: tuple[int, int], tiles: list[np.ndarray], scale: float) -> np.ndarray:
    """2 x H x W (uint8, 0/1) at SPOT_STRIDE: the tiles' middles, then their whole faces."""
    height, width = shape[0] // SPOT_STRIDE, shape[1] // SPOT_STRIDE
    out = np.zeros((2, height, width), np.uint8)
    shift = 4  # sub-cell precision for fillConvexPoly
    for corners in tiles:
        face = np.asarray(corners, np.float64) * scale / SPOT_STRIDE
        middle = face.mean(axis=0) + KERNEL * (face - face.mean(axis=0))
        for channel, quad in ((0, middle), (1, face)):
            points = np.round((quad - 0.5) * (1 << shift)).astype(np.int32)
            cv2.fillConvexPoly(out[channel], points, 1, lineType=cv2.LINE_8, shift=shift)
    return out


def example(image: np.ndarray, tiles: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    small, scale = looked_at(image)
    return small, maps(small.shape[:2], tiles, scale)


def rendered(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One photo and its maps: a randomised table, or one in five a plain mat."""
    if seed % 5 == 0:
        slant = float(seed % 3 == 0) * (seed % 50)
        image, truth = synth.render(seed, size=(1280, 720), slant=slant)
        return example(image, [t.corners for t in truth])
    photo = render_world(seed, size=None)
    return example(photo.image, [t.corners for t in photo.tiles])


def _cached(seed: int) -> tuple[np.ndarray, np.ndarray]:
    path = CACHE / f"{hashlib.sha1(f'{VERSION}:{seed}'.encode()).hexdigest()[:16]}.npz"
    if path.is_file():
        data = np.load(path)
        return data["small"], data["maps"]
    small, target = rendered(seed)
    CACHE.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, small=small, maps=target)
    return small, target


def _crop(rng, small: np.ndarray, target: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A CROP x CROP piece (the picture repeated at its edges where it is smaller)."""
    height, width = small.shape[:2]
    pad_y, pad_x = max(0, CROP - height), max(0, CROP - width)
    if pad_y or pad_x:
        small = cv2.copyMakeBorder(small, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE)
        target = np.pad(target, ((0, 0), (0, pad_y // SPOT_STRIDE), (0, pad_x // SPOT_STRIDE)))
        height, width = small.shape[:2]
    y = int(rng.integers(0, (height - CROP) // SPOT_STRIDE + 1)) * SPOT_STRIDE
    x = int(rng.integers(0, (width - CROP) // SPOT_STRIDE + 1)) * SPOT_STRIDE
    cells = CROP // SPOT_STRIDE
    ty, tx = y // SPOT_STRIDE, x // SPOT_STRIDE
    return small[y : y + CROP, x : x + CROP], target[:, ty : ty + cells, tx : tx + cells]


def _net_class():
    import torch
    from torch import nn

    def conv(into: int, out: int, stride: int = 1, dilation: int = 1):
        return nn.Sequential(
            nn.Conv2d(into, out, 3, stride, padding=dilation, dilation=dilation, bias=False),
            nn.BatchNorm2d(out),
            nn.ReLU(),
        )

    class Up(nn.Module):
        """Twice the size, the finer map's features added back, then a convolution."""

        def __init__(self, coarse: int, fine: int) -> None:
            super().__init__()
            self.squeeze = nn.Conv2d(coarse, fine, 1)
            self.up = nn.Upsample(scale_factor=2, mode="nearest")
            self.mix = conv(fine, fine)

        def forward(self, coarse, fine):
            return self.mix(self.up(self.squeeze(coarse)) + fine)

    class SpotterNet(nn.Module):
        """An encoder halving the picture five times (16 to 96 channels) and a decoder back
        to a quarter of its size: about 250 thousand weights."""

        def __init__(self) -> None:
            super().__init__()
            self.s2 = conv(3, 16, 2)
            self.s4 = nn.Sequential(conv(16, 24, 2), conv(24, 24))
            self.s8 = nn.Sequential(conv(24, 40, 2), conv(40, 40))
            self.s16 = nn.Sequential(conv(40, 64, 2), conv(64, 64))
            self.s32 = nn.Sequential(conv(64, 96, 2), conv(96, 96, dilation=2))
            self.up16, self.up8, self.up4 = Up(96, 64), Up(64, 40), Up(40, 24)
            self.head = nn.Conv2d(24, 2, 1)

        def logits(self, x):
            s4 = self.s4(self.s2(x))
            s8 = self.s8(s4)
            s16 = self.s16(s8)
            s32 = self.s32(s16)
            return self.head(self.up4(self.up8(self.up16(s32, s16), s8), s4))

        def forward(self, x):
            return torch.sigmoid(self.logits(x))

    return SpotterNet


def _loss(logits, target):
    import torch
    from torch.nn import functional as F

    middle, face = logits[:, 0], logits[:, 1]
    want_middle, want_face = target[:, 0], target[:, 1]
    weight = torch.tensor(3.0)
    bce = F.binary_cross_entropy_with_logits(middle, want_middle, pos_weight=weight)
    chance = torch.sigmoid(middle)
    overlap = (chance * want_middle).sum()
    dice = 1 - (2 * overlap + 1) / (chance.sum() + want_middle.sum() + 1)
    return bce + dice + 0.5 * F.binary_cross_entropy_with_logits(face, want_face)


def train(photos, seed: int, steps: int, out: Path) -> dict:
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(2)
    rng = np.random.default_rng(seed)
    net = _net_class()()
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=max(2, steps))
    held = photos[: max(1, len(photos) // 20)]
    learn = photos[len(held) :]
    net.train()
    for step in range(steps):
        pieces = [_crop(rng, *learn[int(rng.integers(len(learn)))]) for _ in range(BATCH)]
        pictures = np.concatenate([network_input(p) for p, _ in pieces])
        if rng.random() < 0.5:
            pictures, targets = pictures[..., ::-1], [t[..., ::-1] for _, t in pieces]
        else:
            targets = [t for _, t in pieces]
        x = torch.from_numpy(np.ascontiguousarray(pictures))
        y = torch.from_numpy(np.ascontiguousarray(np.stack(targets)).astype(np.float32))
        optimiser.zero_grad()
        loss = _loss(net.logits(x), y)
        loss.backward()
        optimiser.step()
        schedule.step()
        if (step + 1) % 100 == 0 or step + 1 == steps:
            print(f"  step {step + 1}/{steps}: loss {float(loss):.3f}", flush=True)
    net.eval()
    figures = {"photos": len(photos), "held_out_dice": round(_held_out_dice(net, held), 3)}
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        torch.from_numpy(network_input(held[0][0])),
        str(out),
        input_names=["picture"],
        output_names=["chance"],
        dynamic_axes={"picture": {2: "h", 3: "w"}, "chance": {2: "h", 3: "w"}},
        opset_version=13,
        dynamo=False,
    )
    figures["bytes"] = out.stat().st_size
    return figures


def _held_out_dice(net, held) -> float:
    import torch

    scores = []
    with torch.no_grad():
        for small, target in held:
            chance = net(torch.from_numpy(network_input(small)))[0, 0].numpy()
            marked, want = chance > 0.5, target[0] > 0
            scores.append((2 * (marked & want).sum() + 1) / (marked.sum() + want.sum() + 1))
    return float(np.mean(scores))


def build(seed: int, quick: bool, out: Path, quiet: bool = False) -> dict:
    started = time.monotonic()
    seeds = RENDERED_SEEDS[:12] if quick else RENDERED_SEEDS
    photos = []
    for i, s in enumerate(seeds):
        photos.append(_cached(s))
        if not quiet and ((i + 1) % 100 == 0 or i + 1 == len(seeds)):
            print(f"  {i + 1}/{len(seeds)} rendered photos", file=sys.stderr, flush=True)
    figures = train(photos, seed, 20 if quick else STEPS, out)
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


ALIGN = 32
"""The network halves the picture five times: what it looks at is padded to a multiple."""


def looked_at(image: np.ndarray, side: int = SPOT_SIDE) -> tuple[np.ndarray, float]:
    """The photo scaled to ``side`` on its long side and padded to a multiple of ALIGN
    (the padding repeats the edge), as the network takes it; and the scale used."""
    height, width = image.shape[:2]
    scale = side / max(height, width)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, size, interpolation=interpolation)
    pad_y, pad_x = -size[1] % ALIGN, -size[0] % ALIGN
    return cv2.copyMakeBorder(small, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE), scale


def network_input(small: np.ndarray) -> np.ndarray:
    """1 x 3 x H x W, the picture scaled to its own mean and spread of brightness."""
    picture = small.astype(np.float32)
    picture = (picture - picture.mean()) / (picture.std() + 8.0)
    return np.ascontiguousarray(picture.transpose(2, 0, 1)[None])


def middles(model_path: Path, image: np.ndarray) -> tuple[np.ndarray, float]:
    """The map of chances (one cell per SPOT_STRIDE px of the scaled photo) and the scale."""
    small, scale = looked_at(image)
    model = cv2.dnn.readNetFromONNX(str(model_path))
    model.setInput(network_input(small))
    return model.forward()[0, 0], scale


def spot(model_path: Path, image: np.ndarray) -> list[np.ndarray]:
    """An outline (4x2 photo px: end A left, end A right, end B right, end B left) round
    every patch of middle the spotter marks."""
    chances, scale = middles(model_path, image)
    marked = (chances > SPOT_ABOVE).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(marked, connectivity=4)
    outlines = []
    for i in range(1, count):
        if stats[i, cv2.CC_STAT_AREA] < SPOT_LEAST:
            continue
        ys, xs = np.nonzero(labels == i)
        cells = np.column_stack([xs, ys]).astype(np.float32) + 0.5
        (cx, cy), (w, h), angle = cv2.minAreaRect(cells)
        # a cell is a square, not a point: the patch reaches half a cell beyond the centres
        grown = ((cx, cy), ((w + 1) / KERNEL, (h + 1) / KERNEL), angle)
        corners = cv2.boxPoints(grown) * SPOT_STRIDE / scale
        outlines.append(ends_first(corners))
    return outlines


def ends_first(corners: np.ndarray) -> np.ndarray:
    """A rectangle's corners ordered as the other stages take them: the two at one short
    end, then the two at the other, going round."""
    c = np.asarray(corners, np.float32)
    if np.linalg.norm(c[0] - c[1]) > np.linalg.norm(c[1] - c[2]):
        c = c[[1, 2, 3, 0]]
    return c


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a one-minute run of the whole path")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    figures = build(args.seed, args.quick, args.out)
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
