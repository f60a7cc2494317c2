"""The learned tile spotter and its training: a tile's middle as a peak, its outline read
beside it (the "objects as points" way).

    .venv/bin/python -m training.spotter [--quick] [--seed 7] --out vision/models/spotter.onnx

The outline finder (vision/find.py) misses many tiles on tables it has not seen (recall
about 0.4 on rendered tables). The spotter is a small fully convolutional network that looks
at the whole photo at SPOT_SIDE and gives, for every SPOT_STRIDE x SPOT_STRIDE cell:

- the chance that the cell holds a face-up tile's middle (a peak, falling off as a Gaussian
  of SPREAD times the tile's length and width, so that touching tiles keep separate peaks);
- the tile's direction (cos and sin of twice its angle: a tile reads the same turned round);
- the log of its length and of its width, in cells;
- whether the cell lies on a tile's face (only to help it learn).

vision/spot.py turns each peak into a rough rectangle; vision/recognise.py has the finder
look again round every one the finder missed.

It learns from rendered photos only (vision/world.py's tables, one in five a vision/synth.py
mat), on 384 px crops turned, mirrored and zoomed at random, so every real source is unseen.
The outline is learned hardest near a tile's middle, where vision/spot.py reads it, and for a
tile lying beside another (BESIDE_WEIGHT): in a row or a block two neighbours' halves look
like one tile turned a quarter round.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np

from training.cache import kept
from training.fit import use_both_cores
from vision import synth
from vision.shapes import outline_along, outline_length, outline_width
from vision.spot import SPOT_SIDE, SPOT_STRIDE, network_input
from vision.world import render_world

SPREAD = 0.18
"""A middle's peak falls off as a Gaussian of this share of the tile's length and width."""
BESIDE_WEIGHT = 3.0
"""A tile with a neighbour beside it counts this much more in the outline's loss."""
SEED = 7
STEPS = 4800
BATCH = 12
CROP = 384
ZOOM = (0.45, 2.2)
"""Each crop's photo is first scaled by a factor drawn (log-uniformly) from this range."""
RENDERED_SEEDS = range(70_000, 71_250)
"""Seeds for training photos: far from those the bench measures with (900000 on)."""
CACHE = Path(__file__).resolve().parents[1] / ".cache" / "spot-photos"
VERSION = "2"


def _lie(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, float]:
    """How a tile lies: its middle, the unit direction from end A to end B, its length and
    its width (4x2 corners, ends first)."""
    c = np.asarray(corners, np.float32)
    return c.mean(axis=0), outline_along(c), outline_length(c), outline_width(c)


def _side_by_side(tiles: list[np.ndarray]) -> list[bool]:
    """Whether each tile has a neighbour lying beside it, long edge to long edge, as in a
    row or a block: there two neighbours' halves look like one tile turned a quarter."""
    lies = [_lie(corners) for corners in tiles]
    beside = []
    for middle, along, length, broad in lies:
        across = np.float32([-along[1], along[0]])
        beside.append(
            any(
                0 < abs(float((m - middle) @ across)) < 1.4 * broad
                and abs(float((m - middle) @ along)) < 0.35 * length
                and abs(float(a @ along)) > 0.9
                for m, a, _, _ in lies
            )
        )
    return beside


def targets(shape: tuple[int, int], tiles: list[np.ndarray]) -> np.ndarray:
    """7 x H x W float32 at SPOT_STRIDE for tiles given as 4x2 corners in pixels: the peaks,
    cos 2a, sin 2a, log length, log width (where a tile owns the cell), the faces, and how
    much the outline counts in the loss there (the peak's height, BESIDE_WEIGHT times more
    for a tile with a neighbour beside it)."""
    height, width = shape[0] // SPOT_STRIDE, shape[1] // SPOT_STRIDE
    out = np.zeros((7, height, width), np.float32)
    owner = np.zeros((height, width), np.float32)  # the peak value of the tile owning a cell
    cell_y, cell_x = np.mgrid[0:height, 0:width].astype(np.float32)
    centres_x, centres_y = (cell_x + 0.5) * SPOT_STRIDE, (cell_y + 0.5) * SPOT_STRIDE
    for corners, beside in zip(tiles, _side_by_side(tiles), strict=True):
        c = np.asarray(corners, np.float32)
        middle, along, length, broad = _lie(c)
        if length < SPOT_STRIDE or broad < SPOT_STRIDE / 2:
            continue
        du = (centres_x - middle[0]) * along[0] + (centres_y - middle[1]) * along[1]
        dv = -(centres_x - middle[0]) * along[1] + (centres_y - middle[1]) * along[0]
        peak = np.exp(-0.5 * ((du / (SPREAD * length)) ** 2 + (dv / (SPREAD * broad)) ** 2))
        mine = (peak > 0.3) & (peak > owner)
        angle = np.arctan2(along[1], along[0])
        for channel, value in enumerate(
            (
                np.cos(2 * angle),
                np.sin(2 * angle),
                np.log(length / SPOT_STRIDE),
                np.log(broad / SPOT_STRIDE),
            ),
            start=1,
        ):
            out[channel][mine] = value
        out[6][mine] = (peak * (BESIDE_WEIGHT if beside else 1.0))[mine]
        owner = np.maximum(owner, np.where(mine, peak, 0))
        out[0] = np.maximum(out[0], peak)
        px, py = int(middle[0] // SPOT_STRIDE), int(middle[1] // SPOT_STRIDE)
        if 0 <= px < width and 0 <= py < height:
            out[0, py, px] = 1.0
        face = np.zeros((height, width), np.uint8)
        cv2.fillConvexPoly(
            face, np.round((c / SPOT_STRIDE - 0.5) * 16).astype(np.int32), 1, shift=4
        )
        out[5] = np.maximum(out[5], face)
    return out


def rendered(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One photo scaled to SPOT_SIDE and its tiles' corners there: a randomised table, or
    one in five a plain mat."""
    if seed % 5 == 0:
        slant = float(seed % 3 == 0) * (seed % 50)
        image, truth = synth.render(seed, size=(1280, 720), slant=slant)
        corners = [t.corners for t in truth]
    else:
        photo = render_world(seed, size=None)
        image, corners = photo.image, [t.corners for t in photo.tiles]
    scale = SPOT_SIDE / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    tiles = np.asarray(corners, np.float32).reshape(-1, 4, 2) * scale
    return small, tiles


def _cached(seed: int) -> tuple[np.ndarray, np.ndarray]:
    return kept(CACHE, f"{VERSION}:{seed}", ("small", "tiles"), lambda: rendered(seed))


def piece(rng, small: np.ndarray, tiles: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A CROP x CROP piece of the photo, zoomed, turned and mirrored at random, and its
    targets. Where the photo is smaller than a crop its edge is repeated."""
    zoom = float(np.exp(rng.uniform(np.log(ZOOM[0]), np.log(ZOOM[1]))))
    picture = cv2.resize(small, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_AREA)
    corners = tiles * zoom
    if rng.random() < 0.5:
        picture, corners = picture.transpose(1, 0, 2), corners[..., ::-1]
    if rng.random() < 0.5:
        picture = picture[:, ::-1]
        corners = np.stack([picture.shape[1] - corners[..., 0], corners[..., 1]], axis=-1)
    height, width = picture.shape[:2]
    pad_y, pad_x = max(0, CROP - height), max(0, CROP - width)
    if pad_y or pad_x:
        picture = cv2.copyMakeBorder(
            np.ascontiguousarray(picture), 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE
        )
        height, width = picture.shape[:2]
    y = int(rng.integers(0, (height - CROP) // SPOT_STRIDE + 1)) * SPOT_STRIDE
    x = int(rng.integers(0, (width - CROP) // SPOT_STRIDE + 1)) * SPOT_STRIDE
    corners = corners - np.float32([x, y])
    crop = np.ascontiguousarray(picture[y : y + CROP, x : x + CROP])
    return crop, targets((CROP, CROP), list(corners))


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
        to a quarter of its size: about 250 thousand weights. ``forward`` gives the peaks as
        chances and the outline figures as they are."""

        def __init__(self) -> None:
            super().__init__()
            self.s2 = conv(3, 16, 2)
            self.s4 = nn.Sequential(conv(16, 24, 2), conv(24, 24))
            self.s8 = nn.Sequential(conv(24, 40, 2), conv(40, 40))
            self.s16 = nn.Sequential(conv(40, 64, 2), conv(64, 64))
            self.s32 = nn.Sequential(conv(64, 96, 2), conv(96, 96, dilation=2))
            self.up16, self.up8, self.up4 = Up(96, 64), Up(64, 40), Up(40, 24)
            self.head = nn.Sequential(conv(24, 24), nn.Conv2d(24, 6, 1))
            with torch.no_grad():
                self.head[1].bias[0] = -2.2  # a peak is rare: start at a chance of 0.1

        def logits(self, x):
            s4 = self.s4(self.s2(x))
            s8 = self.s8(s4)
            s16 = self.s16(s8)
            s32 = self.s32(s16)
            return self.head(self.up4(self.up8(self.up16(s32, s16), s8), s4))

        def forward(self, x):
            out = self.logits(x)
            return torch.cat([torch.sigmoid(out[:, :1]), out[:, 1:5]], dim=1)

    return SpotterNet


def _loss(logits, target):
    """Focal loss on the peaks (as CenterNet), L1 on the outline where a tile owns the cell
    (weighted as ``targets`` says), and a little cross-entropy on the faces."""
    import torch
    from torch.nn import functional as F

    heat, want = logits[:, 0], target[:, 0]
    peak = want.eq(1).float()
    chance = torch.sigmoid(heat).clamp(1e-4, 1 - 1e-4)
    hits = -(F.logsigmoid(heat) * (1 - chance) ** 2 * peak).sum()
    misses = -(F.logsigmoid(-heat) * chance**2 * (1 - want) ** 4 * (1 - peak)).sum()
    focal = (hits + misses) / peak.sum().clamp(min=1)
    weight = target[:, 6:7]
    shape = (torch.abs(logits[:, 1:5] - target[:, 1:5]) * weight).sum() / (weight.sum() * 4).clamp(
        min=1
    )
    face = F.binary_cross_entropy_with_logits(logits[:, 5], target[:, 5])
    return focal + shape + 0.5 * face, focal, shape


def train(photos, seed: int, steps: int, out: Path, every: int = 250) -> dict:
    import torch

    torch.manual_seed(seed)
    use_both_cores()
    rng = np.random.default_rng(seed)
    net = _net_class()()
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=max(2, steps))
    net.train()
    started = time.monotonic()
    for step in range(steps):
        pieces = [piece(rng, *photos[int(rng.integers(len(photos)))]) for _ in range(BATCH)]
        x = torch.from_numpy(np.concatenate([network_input(p) for p, _ in pieces]))
        y = torch.from_numpy(np.stack([t for _, t in pieces]))
        optimiser.zero_grad()
        loss, focal, shape = _loss(net.logits(x), y)
        loss.backward()
        optimiser.step()
        schedule.step()
        if (step + 1) % 50 == 0 or step + 1 == steps:
            minutes = (time.monotonic() - started) / 60
            print(
                f"  step {step + 1}/{steps}: loss {float(loss):.3f} (peaks {float(focal):.3f},"
                f" outline {float(shape):.3f}), {minutes:.1f} min",
                flush=True,
            )
        if (step + 1) % every == 0 and step + 1 < steps:
            _export(net, out.with_suffix(f".step{step + 1}.onnx"))
            net.train()
    _export(net, out)
    return {"photos": len(photos), "steps": steps, "bytes": out.stat().st_size}


def _export(net, out: Path) -> None:
    """Write ``net`` as ONNX declared for a SPOT_SIDE square picture. cv2.dnn runs it at any
    multiple of ALIGN all the same; but OpenCV 4 (Raspberry Pi OS has 4.11) cannot load a
    picture of unknown height and width through the decoder's sums."""
    import torch

    net.eval()
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        torch.zeros(1, 3, SPOT_SIDE, SPOT_SIDE),
        str(out),
        input_names=["picture"],
        output_names=["spots"],
        opset_version=13,
        dynamo=False,
    )


def build(
    seed: int, quick: bool, out: Path, quiet: bool = False, workers: int = 2, steps: int = STEPS
) -> dict:
    started = time.monotonic()
    seeds = list(RENDERED_SEEDS[:12] if quick else RENDERED_SEEDS)
    photos = []
    with ProcessPoolExecutor(workers) as pool:
        for i, photo in enumerate(pool.map(_cached, seeds, chunksize=8)):
            photos.append(photo)
            if not quiet and ((i + 1) % 100 == 0 or i + 1 == len(seeds)):
                print(f"  {i + 1}/{len(seeds)} rendered photos", file=sys.stderr, flush=True)
    figures = train(photos, seed, 20 if quick else steps, out)
    figures["minutes"] = round((time.monotonic() - started) / 60, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a one-minute run of the whole path")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--steps", type=int, default=STEPS, help=f"training steps ({STEPS})")
    args = parser.parse_args(argv)
    figures = build(args.seed, args.quick, args.out, steps=args.steps)
    print(" ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
